"""Explaining a placement on the table: the banner over the table (what to do now, or the broken rule at
length), the speech bubble at the placed piece (what is broken and what to do, or the awards it earns), the
marks on the pieces a broken rule is about, and the long explanation in the side panel when the view is
too short for it (C-R2..C-R5, C-X5).

Banner and bubble never cover the pieces of the broken rule. Everything is computed from the match, the
view and the layout; the ``draw_*`` functions draw what was computed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

import pygame

from game.cactus.match import Match, Stage
from game.cactus.screens import layers
from game.cactus.screens import texts as txt
from game.cactus.screens.view import TableView
from game.i18n import t
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, Color, lerp, shade
from game.ui.widgets import Button
from physics.geometry import Point

#: Over a broken rule the banner says only the short sentence when its long text would take more than this
#: share of the table's height (a short view); the long explanation then goes to the side panel.
SHORT_BANNER_SHARE = 0.25
#: The side panel explains a broken rule at length only when it is at least this tall (px).
EXPLAIN_MIN_HEIGHT = 100


class Banner(NamedTuple):
    """The banner over the table: its text, its rectangle, and whether it says only the short sentence."""

    text: str
    rect: pygame.Rect
    short: bool


class Callout(NamedTuple):
    """A speech bubble: text, colour, rectangle, the side its tip leaves from, and the point it points at."""

    text: str
    colour: Color
    rect: pygame.Rect
    where: str
    anchor: Point


def explain_room(log: pygame.Rect) -> bool:
    """Whether the side panel under the die has room for the long explanation (it takes the log's place)."""
    return log.height >= EXPLAIN_MIN_HEIGHT


def contact_point(m: Match, view: TableView) -> Point | None:
    """The screen point between the two touching pieces of the first broken rule (if it is a touch)."""
    world = m.world
    v = m.violations[0] if m.violations else None
    if v is None or v.kind not in ("same_colour", "same_form"):
        return None
    centres = [view.to_screen(world.pose(pid)[:2]) for pid in v.pieces if world.has_piece(pid)]
    if len(centres) != 2:
        return None
    return (centres[0][0] + centres[1][0]) / 2, (centres[0][1] + centres[1][1]) / 2


def violation_spot(m: Match, view: TableView, table: pygame.Rect) -> pygame.Rect | None:
    """Where the broken rule is on screen: the box of the pieces it is about (the touching pair, the piece
    on the base) on the table. The banner and the callout never cover it (C-R2..C-R4, C-X5)."""
    world = m.world
    if m.stage != Stage.JUDGED or not m.violations:
        return None
    pids = [pid for pid in m.violations[0].pieces if world.has_piece(pid)]
    if not pids and m.piece and world.has_piece(m.piece):
        pids = [m.piece]
    boxes: list[pygame.Rect] = []
    for pid in pids:
        pts = view.pts(world.outline_world(pid))
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        boxes.append(pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                                 math.ceil(max(ys) - min(ys)) + 1))
    if not boxes:
        return None
    spot = boxes[0].unionall(boxes[1:]).inflate(6, 6)
    spot = spot.clip(table)
    return spot if spot.width and spot.height else None


def banner(m: Match, view: TableView, rects: dict[str, pygame.Rect]) -> Banner:
    """The banner. Over a broken rule it goes to the top or the bottom of the view, whichever is farther from
    the violation, and never covers it; when the view is short (or the long text would cover it) it says only
    the short sentence, and the side panel explains."""
    base = rects["prompt"]
    table = rects["table"]
    long_text = txt.stage_prompt(m)
    size = SIZES.text_small + 1

    def box(content: str, bottom: bool) -> pygame.Rect:
        height = max(40, layers.text_height(content, base.width - 28, size=size) + 18)
        rect = pygame.Rect(base.x, base.y, base.width, height)
        if bottom:
            floor = table.bottom - TableView.GROUND_BAND - 8
            if view.zoom >= 1.05:  # over the zoom badge
                floor -= 32
            rect.bottom = floor
        return rect

    spot = violation_spot(m, view, table)
    if spot is None:
        return Banner(long_text, box(long_text, False), False)
    short_text = txt.violation_text(m, m.violations[0])
    texts = [long_text, short_text]
    if explain_room(rects["log"]) and box(long_text, False).height > table.height * SHORT_BANNER_SHARE:
        texts = [short_text]
    for content in texts:
        spots = sorted((box(content, bottom) for bottom in (False, True)),
                       key=lambda r: -abs(r.centery - spot.centery))
        for rect in spots:
            if not rect.colliderect(spot) and table.contains(rect):
                return Banner(content, rect, content is not long_text)
    shortest = sorted((box(short_text, bottom) for bottom in (False, True)),
                      key=lambda r: -abs(r.centery - spot.centery))
    return Banner(short_text, shortest[0], True)


def place_callout(content: str, above: Point, below: Point, spot: pygame.Rect | None, table: pygame.Rect,
                  banner_rect: pygame.Rect) -> tuple[pygame.Rect, str, Point] | None:
    """Where a speech bubble goes: over the spot (at ``above``), else beside it, else under it (at
    ``below``), wherever it stays on the table, off the banner and off ``spot`` (the violation). Without a
    spot the heart of the piece is kept clear, and the bubble falls back to under it."""
    fnt = font(SIZES.text_small, bold=True)
    area = table.inflate(-12, -12)
    width = min(fnt.size(content)[0] + 24, area.width - 20)
    lines = [line for line, _w in layers.wrapped(content, SIZES.text_small, True, width - 24)]
    height = len(lines) * fnt.get_linesize() + 14
    clear = banner_rect.inflate(8, 8)
    mid_y = (above[1] + below[1]) / 2
    if spot is None:
        side = (below[1] - above[1]) / 2  # half the gap between the two anchors: the piece's reach
        keep = pygame.Rect(0, 0, round(side), round(2 * side))  # the heart of the spot pointed at
        keep.center = (round(above[0]), round(mid_y))
        right_x, left_x = above[0] + side + 4, above[0] - side - 4
    else:
        keep = spot
        right_x, left_x = spot.right + 12, spot.left - 12
    tries: list[tuple[str, Point]] = [
        ("midbottom", above), ("midleft", (right_x, mid_y)), ("midright", (left_x, mid_y)), ("midtop", below)]
    for where, (ax, ay) in tries:
        rect = pygame.Rect(0, 0, width, height)
        setattr(rect, where, (round(ax), round(ay)))
        rect.clamp_ip(area)
        if not rect.colliderect(clear) and not rect.colliderect(keep):
            return rect, where, (ax, ay)
    if spot is not None:
        return None  # the banner says it already; never cover the violation
    where, (ax, ay) = tries[-1]
    rect = pygame.Rect(0, 0, width, height)
    rect.midtop = (round(ax), round(ay))
    rect.clamp_ip(area)
    return rect, where, (ax, ay)


def placed_callout(m: Match, view: TableView, rects: dict[str, pygame.Rect],
                   banner_rect: pygame.Rect) -> Callout | None:
    """The callout at the placed piece, or None when there is none (no piece judged, or no place beside the
    violation that leaves it and the banner clear)."""
    world = m.world
    pid = m.piece
    if m.stage != Stage.JUDGED or not (pid and world.has_piece(pid)):
        return None
    table = rects["table"]
    x, y, _ = world.pose(pid)
    sx, sy = view.to_screen((x, y))
    lift = world.pieces[pid].radius * view.scale + 12
    if m.violations:
        # short, at the place: what is broken and what to do; the banner explains it at length
        content = txt.violation_text(m, m.violations[0])
        spot = violation_spot(m, view, table)
        at = contact_point(m, view) or (sx, sy)
        if spot is None:
            above, below = (at[0], min(at[1], sy) - lift), (at[0], max(at[1], sy) + lift)
        else:
            ax = min(max(at[0], spot.left), spot.right)
            above, below = (ax, spot.top - 12), (ax, spot.bottom + 12)
        placed = place_callout(content, above, below, spot, table, banner_rect)
        return None if placed is None else Callout(content, PALETTE.error, *placed)
    awards = m.preview_awards()
    content = t("cactus.callout.valid")
    if awards:
        content = " + ".join(t("cactus.float.award", flowers=a.flowers, award=txt.award_name(a.kind))
                           for a in awards)
    placed = place_callout(content, (sx, sy - lift), (sx, sy + lift), None, table, banner_rect)
    return None if placed is None else Callout(content, PALETTE.ok, *placed)


def draw_bubble(surface: pygame.Surface, callout: Callout) -> None:
    """A speech bubble in ``callout.rect`` whose tip points from its ``where`` side at ``anchor``."""
    content, colour, rect, where, anchor = callout
    fnt = font(SIZES.text_small, bold=True)
    lines = [line for line, _w in layers.wrapped(content, SIZES.text_small, True, rect.width - 24)]
    ax, ay = anchor
    tip: Point
    if where == "midbottom":
        tip, base = (ax, ay + 10), [(rect.centerx - 7, rect.bottom - 1), (rect.centerx + 7, rect.bottom - 1)]
    elif where == "midtop":
        tip, base = (ax, ay - 10), [(rect.centerx - 7, rect.top + 1), (rect.centerx + 7, rect.top + 1)]
    elif where == "midleft":
        tip, base = (ax - 10, ay), [(rect.left + 1, rect.centery - 7), (rect.left + 1, rect.centery + 7)]
    else:
        tip, base = (ax + 10, ay), [(rect.right - 1, rect.centery - 7), (rect.right - 1, rect.centery + 7)]
    pygame.draw.polygon(surface, colour, [*base, tip])
    draw.rounded_rect(surface, rect, PALETTE.paper, 10, colour, 2)
    for i, line in enumerate(lines):
        draw.text(surface, line, (rect.x + 12, rect.y + 7 + i * fnt.get_linesize()), size=SIZES.text_small,
                  bold=True, color=shade(colour, -0.25))


def draw_marks_under(surface: pygame.Surface, m: Match, view: TableView, pulse: float) -> None:
    """Under the pieces: a glow around a piece that must be placed again (C-R4, C-X5)."""
    world = m.world
    if m.stage != Stage.JUDGED:
        return
    for v in m.violations:
        if v.kind in ("on_base", "wrong_cactus", "not_hanging"):
            for pid in v.pieces:
                if world.has_piece(pid):
                    glow = lerp(PALETTE.warn, PALETTE.sun, pulse)
                    pts = view.pts(world.outline_world(pid))
                    pygame.draw.polygon(surface, glow, pts, 9)
                    pygame.draw.aalines(surface, glow, True, pts)


def draw_marks_over(surface: pygame.Surface, m: Match, view: TableView, pulse: float,
                    callout: Callout | None) -> None:
    """Over the pieces: the outline of the piece in the hand, the touching pairs of C-R2/C-R3, the callout."""
    world = m.world
    if m.stage == Stage.HOLDING or m.stage == Stage.SETTLING:
        pid = m.piece
        if pid and world.has_piece(pid):
            pts = view.pts(world.outline_world(pid))
            pygame.draw.aalines(surface, PALETTE.paper, True, pts)
    if m.stage != Stage.JUDGED:
        return
    for v in m.violations:
        if v.kind in ("same_colour", "same_form"):
            colour = lerp(PALETTE.error, PALETTE.paper, pulse * 0.6)
            centres = []
            for pid in v.pieces:
                if world.has_piece(pid):
                    pts = view.pts(world.outline_world(pid))
                    pygame.draw.lines(surface, colour, True, pts, 3)
                    x, y, _ = world.pose(pid)
                    centres.append(view.to_screen((x, y)))
            if len(centres) == 2:
                mid = ((centres[0][0] + centres[1][0]) / 2, (centres[0][1] + centres[1][1]) / 2)
                pygame.draw.circle(surface, colour, mid, 5 + 3 * pulse, 2)
    if callout is not None:
        draw_bubble(surface, callout)


def draw_banner(surface: pygame.Surface, m: Match, shown: Banner, callout: Callout | None,
                claims: Iterable[Button]) -> None:
    """The banner (left out when it is short and the callout at the violation says the same) and the claim
    buttons under it."""
    colour = PALETTE.error if (m.stage == Stage.JUDGED and m.violations) else PALETTE.ink
    if not (shown.short and colour == PALETTE.error and callout is not None):
        draw.panel(surface, shown.rect, PALETTE.paper, PALETTE.dune if colour == PALETTE.ink else PALETTE.error, 12,
                   alpha=235)
        layers.text_block(surface, shown.text, shown.rect.inflate(-28, -18), size=SIZES.text_small + 1, color=colour)
    for b in claims:
        b.draw(surface)


def draw_explanation(surface: pygame.Surface, m: Match, rect: pygame.Rect) -> None:
    """The long explanation of the broken rule in the side panel (while the banner is shortened)."""
    draw.panel(surface, rect, PALETTE.paper, PALETTE.error, 14)
    draw.text(surface, t("cactus.explain.title"), (rect.x + 14, rect.y + 16), size=SIZES.text_small,
              bold=True, color=PALETTE.error, anchor="midleft")
    inner = pygame.Rect(rect.x + 14, rect.y + 32, rect.width - 28, rect.height - 40)
    content = txt.stage_prompt(m)
    size = SIZES.text_small
    while size > SIZES.text_small - 4 and layers.text_height(content, inner.width, size=size) > inner.height:
        size -= 1
    layers.text_block(surface, content, inner, size=size, color=PALETTE.ink)


__all__ = ["EXPLAIN_MIN_HEIGHT", "SHORT_BANNER_SHARE", "Banner", "Callout", "banner", "contact_point",
           "draw_banner", "draw_bubble", "draw_explanation", "draw_marks_over", "draw_marks_under",
           "explain_room", "place_callout", "placed_callout", "violation_spot"]
