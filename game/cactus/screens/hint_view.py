"""The hint on the play screen: H or the hint button asks; from the next ``update`` on the planner's
search looks for it a frame's budget at a time (:class:`game.cactus.bots.hint.HintSearch`, "looking for a good
placement…" meanwhile), then the hint is counted per seat, logged and said; ``draw`` shows the ghost of the
suggested placement where the piece came to rest in its trial and a ring where the hand lets go. H (or the
button) again while it looks cancels the search, and so does taking the piece out of the hand (or the turn
moving on). The ghost goes once the turn moves on (or the piece is judged).

The hint also shows how to get there: a dotted way down from where the hand takes the piece (a small circle high
above) to the release ring, and the turn to apply (:class:`TurnCue`): an arc with an arrow around the piece the
player turns (at the pointer while it is in the hand, else where the way starts; the held piece while dragging)
and a short line of words ("Turn it 40° anticlockwise (T)"). T turns the piece to the hint's angle at once (in
the hand) or through the hand's gear (held)."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from game.cactus.bots.hint import Hint, HintSearch
from game.cactus.match import Match, Stage
from game.cactus.screens import placing
from game.cactus.screens import texts as txt
from game.cactus.screens.placing import box_of
from game.cactus.screens.view import TableView, dashed_outline, draw_note, note_size
from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, Color, lerp
from game.ui.widgets import Button, MessageLine

LOG = logging.getLogger("garden_table.cactus")
#: Degrees within which the piece counts as turned as the hint shows.
TURNED = 2.0
#: Screen px between the dots of the hint's way down.
DOT_GAP = 9.0


class TurnCue(NamedTuple):
    """The hint's turn as the frame shows it: around ``centre`` (screen) at ``radius`` px, the turn still to apply
    (rad, > 0 counter-clockwise), the words saying it, their colour and where they stand (None: no free place)."""

    centre: tuple[float, float]
    radius: float
    turn: float
    text: str
    colour: Color
    rect: pygame.Rect | None


def piece_angle(m: Match) -> float | None:
    """The angle the player's piece has (in the hand) or is being turned to (held); None at other stages."""
    if m.stage == Stage.IN_HAND:
        return m.hand_angle
    if m.stage == Stage.HOLDING:
        return m.world.hand.target_angle
    return None


def turn_words(turn: float, it: str = "") -> tuple[str, Color]:
    """What the turn cue says, and in which colour (``it``: the pronoun standing for the piece; German has three)."""
    degrees = round(abs(math.degrees(turn)))
    if degrees < TURNED:
        return t("cactus.hint.turned"), PALETTE.ok
    way = t("cactus.hint.anticlockwise" if turn > 0 else "cactus.hint.clockwise")
    return t("cactus.hint.turn", degrees=degrees, way=way, it=it or t("cactus.pronoun.n")), PALETTE.terracotta_dark


class HintControl:
    """The hint button, the hint asked for, the ghost shown and the hints used per seat."""

    def __init__(self, players: int, on_click: Callable[[], None]) -> None:
        self.button = Button(lambda: t("cactus.button.hint"), on_click, style="secondary", text_size=SIZES.text_small)
        self.hint: Hint | None = None
        self.wanted = False
        self.search: HintSearch | None = None  # the search running across frames
        self.used = [0] * players
        self.shown = False  # the button is drawn (a human seat with the piece in hand)
        self.laid_out: tuple[int, int, int, int] | None = None  # the table rect the button was placed for
        self.cue: TurnCue | None = None  # the turn to apply as this frame shows it (``place_cue``)

    def layout(self, table: pygame.Rect) -> None:
        width = draw.font_width(t("cactus.button.hint"), SIZES.text_small, bold=True) + 28
        self.button.rect = pygame.Rect(table.right - width - 10, table.top + 10, width, 34)

    @property
    def busy(self) -> bool:
        """A hint is asked for or being looked for."""
        return self.wanted or self.search is not None

    def ask(self, m: Match, human: bool, message: MessageLine) -> None:
        """H / the button: look for a hint from the next update on; while one is looked for: cancel it."""
        if self.busy:
            self.wanted, self.search = False, None
            message.show(t("cactus.hint.cancelled"), "info", 1.5)
        elif human and m.stage == Stage.IN_HAND:
            self.wanted = True
        else:
            message.show(t("cactus.hint.not_now"), "warn")

    def update(self, m: Match, human: bool, message: MessageLine, table: pygame.Rect, banner: pygame.Rect) -> None:
        """Plan the hint asked for, drop a stale ghost, place the button right of the banner (or under it)."""
        if self.laid_out != tuple(table):
            self.layout(table)
            self.laid_out = (table.x, table.y, table.width, table.height)
        self.shown = self.button.enabled = human and m.stage == Stage.IN_HAND
        if self.wanted:
            self.wanted = False
            if self.shown:
                self.search = HintSearch(m)
                self.hint = None
                message.show(t("cactus.hint.looking"), "info", 0.8)
        elif self.search is not None:
            self.look(m, message)
        if self.hint is not None and (self.hint.turn != m.turn_key or not human
                                      or m.stage not in (Stage.IN_HAND, Stage.HOLDING, Stage.SETTLING)):
            self.hint = None
        self.button.rect.top = table.top + 10
        if banner.height and self.button.rect.left < banner.right + 8:
            self.button.rect.top = banner.bottom + 8

    def look(self, m: Match, message: MessageLine) -> None:
        """One frame of the search (dropped when the piece left the hand or the turn moved on); when it is done,
        the hint is counted, logged and said."""
        search = self.search
        assert search is not None
        if not self.shown or search.turn != m.turn_key:
            self.search = None
            return
        if not search.step(m):
            message.show(t("cactus.hint.looking"), "info", 0.8)
            return
        self.search, self.hint = None, search.hint
        seat = m.current
        self.used[seat] += 1
        LOG.info("hint %d for seat %d (turn %d): %s", self.used[seat], seat, m.turn_key,
                 "none found" if self.hint is None else f"{self.hint.piece} at x={self.hint.placement.x:.0f}")
        message.show(t("cactus.hint.shown" if self.hint else "cactus.hint.none", count=self.used[seat]),
                     "info" if self.hint else "warn")

    def turn_to_hint(self, m: Match, human: bool, message: MessageLine) -> None:
        """T: turn the player's piece to the hint's angle (in the hand at once, held through the hand's gear)."""
        angle = piece_angle(m)
        if self.hint is None or not human or angle is None:
            message.show(t("cactus.hint.no_turn"), "warn")
            return
        m.rotate(self.hint.turn_from(angle))

    def place_cue(self, view: TableView, m: Match, pointer: tuple[float, float] | None,
                  keep: Sequence[pygame.Rect], area: pygame.Rect) -> placing.Laid | None:
        """Work out this frame's turn cue (see :class:`TurnCue`) around the piece the player turns: the held one,
        else the one at the ``pointer`` (world; None off the table), else where the hint's way starts; its words
        go beside it, off the ghost, the piece and ``keep``. Returns what was laid out (None: no cue)."""
        hint = self.hint
        angle = piece_angle(m)
        self.cue = None
        if hint is None or angle is None:
            return None
        pid = hint.piece
        if m.stage == Stage.HOLDING and m.world.has_piece(pid):
            x, y, _ = m.world.pose(pid)
            centre = (x, y)
        else:
            centre = pointer if pointer is not None else hint.start
        sx, sy = view.to_screen(centre)
        if m.stage != Stage.HOLDING and pointer is None:  # round where the way comes into sight (see in_sight)
            sx, sy = in_sight(view.pts(hint.path), view.rect.inflate(-2 * EDGE, -2 * EDGE))[0]
        radius = max(18.0, m.world.pieces[pid].radius * view.scale + 10.0)
        if m.stage != Stage.HOLDING and pointer is None:  # the whole arc inside the table's frame
            sy = max(sy, view.rect.top + radius + 8)
        turn = hint.turn_from(angle)
        text, colour = turn_words(turn, txt.piece_pronoun(m.rules, pid))
        arc = pygame.Rect(round(sx - radius - 6), round(sy - radius - 6), round(2 * radius + 12),
                          round(2 * radius + 12))
        ghost = self.ghost_box(view)
        must = [arc, *([] if ghost is None else [ghost]), *self.way_boxes(view), *keep]
        size = note_size(text)
        placed = placing.first_free(size, placing.around(arc, 6), must, placing.scenery(view, m.world), area)
        rect = None if placed is None else placed.rect
        self.cue = TurnCue((sx, sy), radius, turn, text, colour, rect)
        return None if rect is None else placing.Laid("hint", rect, (arc, *self.way_boxes(view)))

    def ghost_box(self, view: TableView) -> pygame.Rect | None:
        """The screen box of the ghost while a hint is shown (else None)."""
        if self.hint is None:
            return None
        return box_of(view.pts(self.hint.outline))

    def way_boxes(self, view: TableView) -> list[pygame.Rect]:
        """Small boxes along the hint's dotted way as it is drawn, the take-circle first: what the words about the
        hint ("follow the dots") keep clear. None while no hint is shown."""
        if self.hint is None:
            return []
        pts = in_sight(view.pts(self.hint.path), view.rect.inflate(-2 * EDGE, -2 * EDGE))
        boxes = [pygame.Rect(round(pts[0][0]) - 9, round(pts[0][1]) - 9, 18, 18)] if pts else []
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            steps = max(1, int(math.dist((ax, ay), (bx, by)) // (2 * DOT_GAP)))
            for k in range(1, steps + 1):
                box = pygame.Rect(round(ax + (bx - ax) * k / steps) - 6, round(ay + (by - ay) * k / steps) - 6, 12, 12)
                if box != boxes[-1]:
                    boxes.append(box)
        return boxes

    def arc_box(self) -> pygame.Rect | None:
        """The screen box of the turn cue's arc this frame (None: no cue)."""
        if self.cue is None:
            return None
        (cx, cy), r = self.cue.centre, self.cue.radius + 8
        return pygame.Rect(round(cx - r), round(cy - r), round(2 * r), round(2 * r))

    def draw_button(self, surface: pygame.Surface) -> None:
        if self.shown:
            self.button.draw(surface)

    def draw_ghost(self, surface: pygame.Surface, view: TableView, m: Match, time: float) -> None:
        """The ghost: the piece faint at its resting place, a dashed outline pulsing gently, the dotted way down from
        where the hand takes it (a small circle) to the release ring, and the turn cue."""
        hint = self.hint
        if hint is None:
            return
        pts = view.pts(hint.outline)
        view.draw_piece(surface, m.world.pieces[hint.piece], hint.outline, alpha=80)
        glow = 0.5 + 0.5 * math.sin(time * 4.0)
        dashed_outline(surface, pts, lerp(PALETTE.focus, PALETTE.paper, glow), 2)
        draw_way(surface, in_sight(view.pts(hint.path), view.rect.inflate(-2 * EDGE, -2 * EDGE)))
        rx, ry = view.pts([hint.release])[0]
        pygame.draw.circle(surface, PALETTE.paper, (round(rx), round(ry)), 8, 2)
        pygame.draw.circle(surface, PALETTE.focus, (round(rx), round(ry)), 6, 2)
        if self.cue is not None:
            draw_turn(surface, self.cue)


#: How far inside the table's frame the hint's way starts when it starts out of sight (px).
EDGE = 14


def in_sight(pts: Sequence[tuple[float, float]], frame: pygame.Rect) -> list[tuple[float, float]]:
    """The way from where it comes into ``frame``: a way that starts high above a zoomed-in table starts at the
    frame's edge instead (still above the cactus, on the same way down), so the take-circle is one the player can
    press at. A way wholly out of sight is kept as it is."""
    for i, (x, y) in enumerate(pts):
        if frame.collidepoint(x, y):
            if i == 0:
                return list(pts)
            (ax, ay), (bx, by) = pts[i - 1], (x, y)
            lo, hi = 0.0, 1.0  # the crossing of the frame's edge on the segment, by halving
            for _ in range(20):
                mid = (lo + hi) / 2
                if frame.collidepoint(ax + (bx - ax) * mid, ay + (by - ay) * mid):
                    hi = mid
                else:
                    lo = mid
            return [(ax + (bx - ax) * hi, ay + (by - ay) * hi), *pts[i:]]
    return list(pts)


def draw_way(surface: pygame.Surface, pts: Sequence[tuple[float, float]]) -> None:
    """The hint's way: a circle where the hand takes the piece, dots every ``DOT_GAP`` px along the path, and an
    arrowhead halfway showing which way to go."""
    if not pts:
        return
    sx, sy = pts[0]
    pygame.draw.circle(surface, PALETTE.paper, (round(sx), round(sy)), 7)
    pygame.draw.circle(surface, PALETTE.focus, (round(sx), round(sy)), 7, 2)
    walked = 0.0
    total = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
    arrow_done = False
    for a, b in zip(pts, pts[1:]):
        length = math.dist(a, b)
        if length <= 0:
            continue
        start = walked
        walked += length
        d = DOT_GAP - start % DOT_GAP if start % DOT_GAP else 0.0
        while d <= length:
            x, y = a[0] + (b[0] - a[0]) * d / length, a[1] + (b[1] - a[1]) * d / length
            pygame.draw.circle(surface, PALETTE.paper, (round(x), round(y)), 3)
            pygame.draw.circle(surface, PALETTE.focus, (round(x), round(y)), 2)
            d += DOT_GAP
        if not arrow_done and walked >= total / 2 and total > 40:
            arrow_done = True
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            tip = (b[0], b[1])
            wing = [(tip[0] - 11 * ux + 6 * uy, tip[1] - 11 * uy - 6 * ux), (tip[0] - 11 * ux - 6 * uy,
                                                                             tip[1] - 11 * uy + 6 * ux)]
            pygame.draw.polygon(surface, PALETTE.focus, [tip, *wing])
            pygame.draw.polygon(surface, PALETTE.paper, [tip, *wing], 1)


def draw_turn(surface: pygame.Surface, cue: TurnCue) -> None:
    """The turn cue: an arc from the top of the piece round by the turn still to apply, an arrowhead at its end
    (counter-clockwise on screen for a turn > 0), and its words."""
    cx, cy = cue.centre
    r = cue.radius
    if abs(math.degrees(cue.turn)) >= TURNED:
        steps = max(4, int(abs(cue.turn) * r / 6))
        angles = [math.pi / 2 + cue.turn * k / steps for k in range(steps + 1)]
        arc = [(cx + r * math.cos(a), cy - r * math.sin(a)) for a in angles]
        pygame.draw.lines(surface, PALETTE.paper, False, arc, 6)
        pygame.draw.lines(surface, cue.colour, False, arc, 3)
        end = math.pi / 2 + cue.turn
        sign = 1.0 if cue.turn > 0 else -1.0
        tx, ty = -math.sin(end) * sign, -math.cos(end) * sign  # the way the arc goes on screen
        nx, ny = math.cos(end), -math.sin(end)
        tip = (cx + r * nx + 9 * tx, cy + r * ny + 9 * ty)
        base = (cx + r * nx - 3 * tx, cy + r * ny - 3 * ty)
        head = [tip, (base[0] + 7 * nx, base[1] + 7 * ny), (base[0] - 7 * nx, base[1] - 7 * ny)]
        pygame.draw.polygon(surface, cue.colour, head)
        pygame.draw.polygon(surface, PALETTE.paper, head, 1)
    if cue.rect is not None:
        draw_note(surface, cue.rect, cue.text, cue.colour)


__all__ = ["DOT_GAP", "TURNED", "HintControl", "TurnCue", "draw_turn", "draw_way", "piece_angle", "turn_words"]
