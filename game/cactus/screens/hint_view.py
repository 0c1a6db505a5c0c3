"""The hint on the play screen: H or the hint button asks; from the next ``update`` on the planner's
search looks for it a frame's budget at a time (:class:`game.cactus.bots.hint.HintSearch`, "looking for a good
placement…" meanwhile), then the hint is counted per seat, logged and said; ``draw`` shows the ghost of the
suggested placement where the piece came to rest in its trial and a ring where the hand lets go. H (or the
button) again while it looks cancels the search, and so does taking the piece out of the hand (or the turn
moving on). The ghost goes once the turn moves on (or the piece is judged)."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import pygame

from game.cactus.bots.hint import Hint, HintSearch
from game.cactus.match import Match, Stage
from game.cactus.screens.placing import box_of
from game.cactus.screens.view import TableView
from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES
from game.ui.widgets import Button, MessageLine

LOG = logging.getLogger("garden_table.cactus")


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

    def ghost_box(self, view: TableView) -> pygame.Rect | None:
        """The screen box of the ghost while a hint is shown (else None)."""
        if self.hint is None:
            return None
        return box_of(view.pts(self.hint.outline))

    def draw_button(self, surface: pygame.Surface) -> None:
        if self.shown:
            self.button.draw(surface)

    def draw_ghost(self, surface: pygame.Surface, view: TableView, m: Match, time: float) -> None:
        """The ghost: the piece faint at its resting place, a dashed outline pulsing gently, the release ring."""
        hint = self.hint
        if hint is None:
            return
        pts = view.pts(hint.outline)
        view.draw_piece(surface, m.world.pieces[hint.piece], hint.outline, alpha=80)
        glow = 0.5 + 0.5 * math.sin(time * 4.0)
        colour = pygame.Color(PALETTE.focus).lerp(PALETTE.paper, glow)
        for k in range(len(pts)):  # dashed: every other stretch of each edge
            a, b = pts[k], pts[(k + 1) % len(pts)]
            steps = max(1, int(math.dist(a, b) // 6))
            for j in range(0, steps, 2):
                t0, t1 = j / steps, min(1.0, (j + 1) / steps)
                pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                                 (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), 2)
        rx, ry = view.pts([hint.release])[0]
        pygame.draw.circle(surface, PALETTE.focus, (round(rx), round(ry)), 6, 2)


__all__ = ["HintControl"]
