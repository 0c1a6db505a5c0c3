"""The Cactus replay viewer (issue 13): a recorded game played back exactly through a :class:`CactusSession`.

The table is drawn by the live table's own functions (:class:`~game.cactus.view.TableView`: the cacti, the
pieces, the hand ring while a piece is held) from the session's match, so the viewer shows what the game showed,
the drags as they happened. Keys: Space plays or pauses, Left/Right step one action, Up/Down (PgUp/PgDn) one
turn, Home/End the ends, +/- the speed (0.5x to 8x); a click on the timeline seeks.
"""

from __future__ import annotations

import pygame

from game import rooms
from game.app import BaseScene
from game.cactus.match import Stage
from game.cactus.view import TableView, draw_hand_zone
from game.i18n import t
from game.replay.cactus import CactusSession
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, first_taker

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
BAR_H = 64
TIMELINE_H = 10


class ReplayScene(BaseScene):
    """Watch one recorded Cactus game."""

    def __init__(self, session: CactusSession, names: list[str]) -> None:
        self.session = session
        self.names = names
        self.playing = False
        self.speed = 1
        self.time = 0.0
        m = session.match
        self.view = TableView((m.world.bounds[2], m.world.bounds[3]))
        self.table = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.timeline = pygame.Rect(0, 0, 0, 0)
        self.buttons = [
            Button("|<", lambda: self.turn(-1), style="ghost", text_size=SIZES.text_small),
            Button("<", lambda: self.step(-1), style="ghost", text_size=SIZES.text_small),
            Button(lambda: t("replay.pause") if self.playing else t("replay.play"), self.toggle, style="primary",
                   text_size=SIZES.text_small),
            Button(">", lambda: self.step(1), style="ghost", text_size=SIZES.text_small),
            Button(">|", lambda: self.turn(1), style="ghost", text_size=SIZES.text_small),
            Button(lambda: f"{SPEEDS[self.speed]:g}x", self.faster, style="secondary", text_size=SIZES.text_small),
        ]

    # -- controls ----------------------------------------------------------------------------------------
    def toggle(self) -> None:
        if not self.playing and self.session.index >= self.session.length and not self.session.left:
            self.session.seek(0)
        self.playing = not self.playing

    def step(self, n: int) -> None:
        self.playing = False
        self.session.step(n)

    def turn(self, n: int) -> None:
        self.playing = False
        s = self.session
        target = s.turn + n
        if n < 0 and s.index != s.turn_starts[s.turn]:
            target = s.turn  # back to the start of this turn first
        s.turn_start(target)

    def faster(self, n: int = 1) -> None:
        """One speed up (the button wraps round from 8x to 0.5x) or, with ``n`` -1, down."""
        self.speed = (self.speed + n) % len(SPEEDS) if n > 0 else max(0, self.speed + n)

    def open_at(self, turn: int) -> None:
        """Show the start of turn ``turn`` (0-based, clamped), paused (``replay PATH --turn N``)."""
        self.playing = False
        self.session.turn_start(turn)

    def gif_turn(self, turn: int) -> None:
        """Seek to the start of turn ``turn`` (0-based) and play it at 1x (``replay --gif``)."""
        s = self.session
        if not 0 <= turn < len(s.turn_starts):
            raise ValueError(f"the replay has turns 1 to {len(s.turn_starts)}")
        s.turn_start(turn)
        self.speed = SPEEDS.index(1.0)
        self.playing = True

    def gif_done(self, turn: int) -> bool:
        s = self.session
        end = s.turn_starts[turn + 1] if turn + 1 < len(s.turn_starts) else s.length
        return s.index >= end or not self.playing

    def seek_at(self, x: int) -> None:
        bar = self.timeline
        if bar.width <= 0:
            return
        self.playing = False
        self.session.seek(round((x - bar.x) / bar.width * self.session.length))

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

    def on_back(self) -> bool:
        rooms.leave_room(self.app)
        return True

    def still(self) -> bool:
        return not self.playing and not any(b.flash > 0 for b in self.buttons)

    def handle_event(self, event: pygame.event.Event) -> None:
        if first_taker(self.buttons, event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.timeline.inflate(0, 16).collidepoint(
                event.pos):
            self.seek_at(event.pos[0])
        elif event.type == pygame.KEYDOWN:
            s = self.session
            keys = {pygame.K_SPACE: self.toggle, pygame.K_RIGHT: lambda: self.step(1),
                    pygame.K_LEFT: lambda: self.step(-1), pygame.K_UP: lambda: self.turn(1),
                    pygame.K_PAGEUP: lambda: self.turn(1), pygame.K_DOWN: lambda: self.turn(-1),
                    pygame.K_PAGEDOWN: lambda: self.turn(-1), pygame.K_HOME: lambda: s.seek(0),
                    pygame.K_END: lambda: s.seek(s.length), pygame.K_PLUS: self.faster,
                    pygame.K_EQUALS: self.faster, pygame.K_KP_PLUS: self.faster,
                    pygame.K_MINUS: lambda: self.faster(-1), pygame.K_KP_MINUS: lambda: self.faster(-1)}
            run = keys.get(event.key)
            if run is not None:
                run()

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
            draw_hand_zone(surface, self.view, m.world, 0.0)
        surface.set_clip(clip)
        pygame.draw.rect(surface, shade(PALETTE.sand_dark, -0.1), self.table, 2, border_radius=6)
        bar = self.timeline
        draw.rounded_rect(surface, bar, shade(PALETTE.sand_dark, -0.05), radius=TIMELINE_H // 2)
        for k in s.turn_starts:
            x = bar.x + round(bar.width * k / max(1, s.length))
            pygame.draw.line(surface, PALETTE.ink_soft, (x, bar.top), (x, bar.bottom))
        done = round(bar.width * s.index / max(1, s.length))
        draw.rounded_rect(surface, pygame.Rect(bar.x, bar.y, max(TIMELINE_H, done), bar.height), PALETTE.ink,
                          radius=TIMELINE_H // 2)
        player = self.names[m.current] if 0 <= m.current < len(self.names) else ""
        status = t("replay.status", turn=s.turn + 1, turns=s.turns, action=s.index, actions=s.length)
        draw.fit_text(surface, f"{status} · {player}", (24, self.bar.centery), self.buttons[0].rect.left - 40,
                      size=SIZES.text_small, bold=True, color=PALETTE.ink)
        for button in self.buttons:
            button.draw(surface)
