"""The Cactus replay viewer: a recorded game played back exactly through a :class:`CactusSession`.

The table is drawn by the live table's own functions (:class:`~game.cactus.screens.view.TableView`: the cacti, the
pieces, the hand ring while a piece is held) from the session's match, so the viewer shows what the game showed,
the drags as they happened, with the flowers panel and the turn log of the play screen beside it. Keys: Space plays
or pauses, Left/Right step one action, Down/Up (PgDn/PgUp) the next or the previous turn (down goes on, as in
every list of the program), Home/End the ends, +/- the speed (0.5x to 8x); a click on the timeline seeks.
"""

from __future__ import annotations

import pygame

from game.cactus.match import Stage
from game.cactus.screens import panels
from game.cactus.screens.view import TableView, draw_hand_zone, hand_cue
from game.i18n import t
from game.replay.cactus import CactusSession
from game.ui import draw
from game.ui.replay_transport import SPEEDS, TIMELINE_H, ReplayTransport
from game.ui.theme import PALETTE, SIZES, shade

BAR_H = 64
#: The height of the keys' line under the turn log (px): two lines of small text.
KEYS_H = 44
#: The side column (flowers and log) is this share of the window's width, within these bounds (px).
SIDE_SHARE, SIDE_MIN, SIDE_MAX = 0.22, 220, 300


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
        self.side = panels.PlayLayout()  # the flowers panel and the log beside the table
        self.keys_box = pygame.Rect(0, 0, 0, 0)  # the keys in a line under the log

    def at_end(self) -> bool:
        return super().at_end() and not self.session.left

    # -- scene hooks ---------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.bar = pygame.Rect(0, h - BAR_H, w, BAR_H)
        side_w = max(SIDE_MIN, min(SIDE_MAX, round(w * SIDE_SHARE)))
        top = h - BAR_H - TIMELINE_H - 36
        self.table = pygame.Rect(12, 12, w - side_w - 36, top)
        self.view.fit(self.table)
        players = self.session.match.rules.players
        side = panels.PlayLayout()
        score = pygame.Rect(self.table.right + 12, 12, side_w, 34 + players * 54 + 40)
        side.rects["score"] = score
        side.seat_rects = [pygame.Rect(score.x + 8, score.y + 32 + i * 54, score.width - 16, 50)
                           for i in range(players)]
        side.rects["supply"] = pygame.Rect(score.x + 12, score.bottom - 36, score.width - 24, 28)
        log_h = max(0, 12 + top - score.bottom - 12)
        keys_h = KEYS_H if log_h - KEYS_H >= 60 else 0  # the keys' line under the log where the log keeps its room
        side.rects["log"] = pygame.Rect(score.x, score.bottom + 12, side_w, log_h - keys_h)
        self.keys_box = pygame.Rect(score.x + 6, side.rects["log"].bottom + 6, side_w - 12, keys_h - 6)
        self.side = side
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
        if self.side.rects:
            panels.draw_scores(surface, m, self.side, self.names)
            if self.side.rects["log"].height >= 60:
                panels.draw_log(surface, m.rules, self.side.rects["log"])
        if self.keys_box.height > 0:
            draw.text_block(surface, t("replay.hint.cactus"), self.keys_box, size=SIZES.text_small - 3,
                            color=PALETTE.ink_faint)
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
