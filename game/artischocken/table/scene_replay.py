"""The Artischocken replay viewer: a recorded game played back through a :class:`ReplaySession`.

The table is drawn by the same functions as the live table (``table_zones``, ``table_panels``) from the
session's view, so the viewer shows what the chosen seat saw (or, with every card face up, everything).
Keys: Space plays or pauses, Left/Right step one action, Up/Down (PgUp/PgDn) one turn, Home/End the ends,
+/- the speed (0.5x to 8x), S the next seat's view, O every card face up; a click on the timeline seeks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.artischocken.seats import sentence
from game.artischocken.table import panels, zones
from game.artischocken.table.canvas import Canvas, Layers
from game.artischocken.table.felt import felt
from game.artischocken.table.flights import Flight, flights_for, row_slots
from game.artischocken.table.intent import Decision, Intent, display_order
from game.artischocken.table.layout import TableLayout, compute
from game.i18n import t
from game.replay.session import ReplaySession
from game.ui import draw
from game.ui.replay_transport import SPEEDS, TIMELINE_H, ReplayTransport
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button

#: Seconds between two actions at 1x.
STEP_SECONDS = 0.9
#: The bar's prompt shrinks down to this text size (px) before it is cut (see ``panels.bar``).
STATUS_MIN_SIZE = 12


class ReplayScene(ReplayTransport):
    """Watch one recorded game."""

    GIF_SPEED = 2.0

    def __init__(self, session: ReplaySession, names: list[str]) -> None:
        super().__init__(session)
        self.session: ReplaySession = session
        self.names = names
        self.clock = 0.0
        self.flights: list[Flight] = []
        self.mouse = (-1, -1)
        self.lay: TableLayout | None = None
        self.layers = Layers()
        self.canvas: Canvas | None = None
        self._log: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self.buttons.append(Button(self._seat_label, self.next_seat, style="secondary", text_size=SIZES.text_small))

    # -- controls ----------------------------------------------------------------------------------------
    def _seat_label(self) -> str:
        if self.session.open:
            return t("replay.all_open")
        return t("replay.seat", name=self.names[self.session.seat])

    def moved(self) -> None:
        self.flights = []
        self.clock = 0.0

    def move(self, n: int) -> bool:
        """One step on is animated (cards fly) at up to 2x; any other move jumps."""
        mark = self.session.log_size
        before = row_slots(self.lay, self.session.table_view()["garden_row"])
        if not self.session.step(n):
            self.playing = False
            return False
        self.flights = []
        if n == 1 and self.lay is not None and SPEEDS[self.speed] <= 2:
            after = row_slots(self.lay, self.session.table_view()["garden_row"])
            self.flights = flights_for(self.session.log(mark), self.lay, before, after, self.session.seat)
        return True

    def keys(self) -> dict[int, Callable[[], None]]:
        return {**super().keys(), pygame.K_s: self.next_seat, pygame.K_o: self._toggle_open}

    def next_seat(self) -> None:
        """The next seat's view; after the last, every card face up; then the first seat again."""
        s = self.session
        if s.open:
            s.open, s.seat = False, 0
        elif s.seat + 1 < s.players:
            s.seat += 1
        else:
            s.open, s.seat = True, 0
        self.moved()
        if self.lay is not None:
            self.layout(self.lay.size)

    # -- scene hooks ---------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.lay = lay = compute(size, self.session.players, self.session.seat)
        h = min(SIZES.button_height, lay.bar.height)
        x = lay.bar.right
        unit = max(40, min(64, lay.bar.width // 14))  # narrow windows get narrower buttons
        for button in reversed(self.buttons):
            w = unit * 5 // 2 if button is self.buttons[-1] else (unit * 7 // 4 if button is self.buttons[2] else unit)
            button.text_size = SIZES.text_small if unit >= 56 else SIZES.text_small - 2
            x -= w
            button.rect = pygame.Rect(x, lay.bar.centery - h // 2, w, h)
            x -= 8
        self.timeline = pygame.Rect(lay.bar.x + 12, lay.bar.top - TIMELINE_H - 10, lay.bar.width - 24, TIMELINE_H)
        self._plan()

    def still(self) -> bool:
        return super().still() and not self.flights

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        super().handle_event(event)

    def _toggle_open(self) -> None:
        self.session.open = not self.session.open
        self.moved()

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)
        for flight in self.flights:
            flight.t += dt
        self.flights = [f for f in self.flights if not f.done]
        if self.playing:
            self.clock += dt * SPEEDS[self.speed]
            while self.playing and self.clock >= STEP_SECONDS:
                self.clock -= STEP_SECONDS
                self.move(1)
        self._plan()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.layers.frame, (0, 0))

    # -- the frame --------------------------------------------------------------------------------------------
    def _status(self) -> str:
        """Where the replay stands: the turn and the step; just the turn where the bar has no room for both (a
        small window), so that neither is cut off mid-word."""
        s = self.session
        full = t("replay.status", turn=s.turn + 1, turns=len(s.turn_starts), action=s.index, actions=s.length)
        lay = self.lay
        if lay is None or not self.buttons:
            return full
        room = self.buttons[0].rect.left - 12 - 4 - 12 - (lay.bar.x + 18)  # as the bar lays out its prompt
        if draw.font_width(full, STATUS_MIN_SIZE) <= room:
            return full
        return t("replay.status.short", turn=s.turn + 1, turns=len(s.turn_starts))

    def _log_layer(self, lay: TableLayout) -> pygame.Surface:
        s = self.session
        key = (s.index, s.seat, s.open, i18n.get_language(), lay.log.size)
        if self._log is None or self._log[0] != key:
            viewer = None if s.open else s.seat
            lines = []
            for entry in s.log(max(0, s.log_size - 80)):
                text = sentence(entry, viewer, self.names) if not s.open else sentence(entry, entry.get("seat"),
                                                                                       self.names)
                if text:
                    lines.append((text, entry["what"] in ("turn", "win", "stalemate")))
            self._log = (key, panels.log_layer(lay.log.size, lines, t("replay.hint")))
        return self._log[1]

    def _plan(self) -> None:
        lay = self.lay
        if lay is None:
            return
        s = self.session
        view = s.table_view()
        decision = Decision("wait", display_order(view["hand"]), [])
        st = zones.TableState(lay, view, decision, Intent(), self.names, [True] * s.players, s.seat, self.flights,
                              looking_tag=t("replay.viewing"))
        c = Canvas(self.mouse, 1.0)
        c.blit(felt(lay), (0, 0))
        for place in lay.seats.values():
            if place.seat == lay.bottom:
                zones.bottom(c, st, place)
            else:
                zones.opponent(c, st, place)
        zones.garden(c, st)
        zones.pending(c, st)
        panels.bar(c, st, self.buttons, self._status(), show_round=False)
        self._timeline(c)
        c.blit(self._log_layer(lay), lay.log.topleft)
        c.mark_base()
        zones.flying(c, self.flights)
        panels.detail(c, lay, None)
        if s.is_over and s.index == s.length:
            c.text(t("table.end.title", name=self.names[s.winner]) if s.winner is not None else
                   t("table.end.stalemate"), (lay.table.centerx, lay.middle.top - 6), size=26, display=True,
                   color=PALETTE.sun, anchor="midbottom")
        self.layers.paint(c, lay.size)
        self.canvas = c

    def _timeline(self, c: Canvas) -> None:
        """The whole game as a bar: turn starts marked, the position filled, a click seeks."""
        bar = self.timeline
        filled, turns = self.timeline_marks()
        c.rounded_rect(bar, shade(PALETTE.felt_dark, -0.2), bar.height // 2, shade(PALETTE.felt, 0.2), 1)
        done = pygame.Rect(bar.x, bar.y, filled - bar.x, bar.height)
        if done.width > 0:
            c.rounded_rect(done, PALETTE.sun, bar.height // 2)
        for x in turns:
            c.op(pygame.draw.line, shade(PALETTE.felt, 0.35), (x, bar.y + 2), (x, bar.bottom - 3), 1)
        c.op(pygame.draw.circle, PALETTE.paper, (filled, bar.centery), bar.height)


__all__ = ["SPEEDS", "ReplayScene"]
