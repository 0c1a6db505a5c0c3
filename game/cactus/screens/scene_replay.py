"""The Cactus replay viewer: a recorded game played back exactly through a :class:`CactusSession`.

The table is drawn by the live table's own functions (:class:`~game.cactus.screens.view.TableView`: the cacti, the
pieces, the hand ring while a piece is held) from the session's match, so the viewer shows what the game showed,
the drags as they happened. Keys: Space plays or pauses, Left/Right step one action, Up/Down (PgUp/PgDn) one
turn, Home/End the ends, +/- the speed (0.5x to 8x); a click on the timeline seeks.
"""

from __future__ import annotations

import pygame

from game.cactus.match import Stage
from game.cactus.screens.view import TableView, draw_hand_zone, hand_cue
from game.i18n import t
from game.replay.cactus import CactusSession
from game.ui import draw
from game.ui.replay_transport import SPEEDS, TIMELINE_H, ReplayTransport
from game.ui.theme import PALETTE, SIZES, shade

BAR_H = 64


class ReplayScene(ReplayTransport):
    """Watch one recorded Cactus game."""

    def __init__(self, session: CactusSession, names: list[str]) -> None:
        super().__init__(session)
        self.session: CactusSession = session
        self.names = names
        self.time = 0.0
        m = session.match
        self.view = TableView((m.world.bounds[2], m.world.bounds[3]))
        self.table = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)

    def at_end(self) -> bool:
        return super().at_end() and not self.session.left

    # -- scene hooks ---------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.bar = pygame.Rect(0, h - BAR_H, w, BAR_H)
        self.table = pygame.Rect(12, 12, w - 24, h - BAR_H - TIMELINE_H - 36)
        self.view.fit(self.table)
        bh = min(SIZES.button_height, BAR_H - 16)
        x = self.bar.right - 12
        for button in reversed(self.buttons):
            width = 110 if button is self.buttons[2] else 64
            x -= width
            button.rect = pygame.Rect(x, self.bar.centery - bh // 2, width, bh)
            x -= 8
        self.timeline = pygame.Rect(24, self.bar.top - TIMELINE_H - 10, w - 48, TIMELINE_H)

    def update(self, dt: float) -> None:
        self.time += dt
        for button in self.buttons:
            button.update(dt)
        if self.playing and not self.session.play(dt * SPEEDS[self.speed]):
            self.playing = False

    def draw(self, surface: pygame.Surface) -> None:
        s = self.session
        m = s.match
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
        clip = surface.get_clip()
        surface.set_clip(self.table)
        self.view.draw_backdrop(surface, self.table)
        target = m.rules.target_cactus() if m.stage != Stage.OVER else None
        self.view.draw_cacti(surface, m.world, target, self.time, pulse=0.0)
        self.view.draw_pieces(surface, m)
        if m.stage == Stage.HOLDING:
            draw_hand_zone(surface, self.view, m.world, hand_cue(m.world), 0.0)
        surface.set_clip(clip)
        pygame.draw.rect(surface, shade(PALETTE.sand_dark, -0.1), self.table, 2, border_radius=6)
        bar = self.timeline
        filled, turns = self.timeline_marks()
        draw.rounded_rect(surface, bar, shade(PALETTE.sand_dark, -0.05), radius=TIMELINE_H // 2)
        for x in [bar.x, *turns]:
            pygame.draw.line(surface, PALETTE.ink_soft, (x, bar.top), (x, bar.bottom))
        draw.rounded_rect(surface, pygame.Rect(bar.x, bar.y, max(TIMELINE_H, filled - bar.x), bar.height),
                          PALETTE.ink, radius=TIMELINE_H // 2)
        player = self.names[m.current] if 0 <= m.current < len(self.names) else ""
        status = t("replay.status", turn=s.turn + 1, turns=s.turns, action=s.index, actions=s.length)
        draw.fit_text(surface, f"{status} · {player}", (24, self.bar.centery), self.buttons[0].rect.left - 40,
                      size=SIZES.text_small, bold=True, color=PALETTE.ink)
        for button in self.buttons:
            button.draw(surface)
