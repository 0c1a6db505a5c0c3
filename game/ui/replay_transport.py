"""What every replay viewer shares: the transport (play/pause, step, turn, speed), its keys and buttons, the
timeline that seeks, and the hooks the CLI uses (``open_at`` for ``--turn``, ``gif_turn``/``gif_done`` for
``--gif``). A room's viewer scene subclasses :class:`ReplayTransport`, draws its own table and plays its own
session on in ``update``.

The session is the room's replay session: ``index``, ``length``, ``turn``, ``turn_starts``, ``seek(k)``,
``step(n)`` and ``turn_start(t)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import rooms
from game.app import BaseScene
from game.i18n import t
from game.ui.theme import SIZES
from game.ui.widgets import Button, first_taker

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
TIMELINE_H = 10


class ReplayTransport(BaseScene):
    """A replay viewer's controls over ``session``; subclasses add buttons and keys of their own."""

    #: The speed a ``--gif`` turn is played at.
    GIF_SPEED = 1.0

    def __init__(self, session: Any) -> None:
        self.session = session
        self.playing = False
        self.speed = SPEEDS.index(1.0)
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

    # -- hooks for the room's viewer --------------------------------------------------------------------
    def moved(self) -> None:
        """The position jumped (seek, turn, speed change): drop anything animating the old one."""

    def move(self, n: int) -> bool:
        """Move ``n`` actions (the card table animates a step on); False at that end."""
        return bool(self.session.step(n))

    def at_end(self) -> bool:
        return bool(self.session.index >= self.session.length)

    def keys(self) -> dict[int, Callable[[], None]]:
        """The transport's keys; a viewer adds its own. Down (PgDn) goes to the next turn and Up (PgUp) back, as
        in every list of the program."""
        s = self.session
        slower = lambda: self.faster(-1)  # noqa: E731
        return {pygame.K_SPACE: self.toggle, pygame.K_RIGHT: lambda: self.step(1), pygame.K_LEFT: lambda: self.step(-1),
                pygame.K_DOWN: lambda: self.turn(1), pygame.K_PAGEDOWN: lambda: self.turn(1),
                pygame.K_UP: lambda: self.turn(-1), pygame.K_PAGEUP: lambda: self.turn(-1),
                pygame.K_HOME: lambda: self.seek(0), pygame.K_END: lambda: self.seek(s.length),
                pygame.K_PLUS: self.faster, pygame.K_EQUALS: self.faster, pygame.K_KP_PLUS: self.faster,
                pygame.K_MINUS: slower, pygame.K_KP_MINUS: slower}

    # -- the transport --------------------------------------------------------------------------------------
    def toggle(self) -> None:
        if not self.playing and self.at_end():
            self.seek(0)
        self.playing = not self.playing

    def step(self, n: int) -> None:
        self.playing = False
        self.move(n)

    def seek(self, index: int) -> None:
        self.session.seek(index)
        self.moved()

    def turn(self, n: int) -> None:
        self.playing = False
        s = self.session
        target = s.turn + n
        if n < 0 and s.index != s.turn_starts[s.turn]:
            target = s.turn  # back to the start of this turn first
        s.turn_start(target)
        self.moved()

    def faster(self, n: int = 1) -> None:
        """One speed up (the button wraps round from 8x to 0.5x) or, with ``n`` -1, down."""
        self.speed = (self.speed + n) % len(SPEEDS) if n > 0 else max(0, self.speed + n)
        self.moved()

    def seek_at(self, x: int) -> None:
        """A click on the timeline at ``x``: the position that far through the game."""
        bar = self.timeline
        if bar.width <= 0:
            return
        self.playing = False
        self.seek(round((x - bar.x) / bar.width * self.session.length))

    # -- the CLI's hooks ------------------------------------------------------------------------------------
    def open_at(self, turn: int) -> None:
        """Show the start of turn ``turn`` (0-based, clamped), paused (``replay PATH --turn N``)."""
        self.playing = False
        self.session.turn_start(turn)
        self.moved()

    def gif_turn(self, turn: int) -> None:
        """Seek to the start of turn ``turn`` (0-based) and play it (``replay PATH --gif``)."""
        s = self.session
        if not 0 <= turn < len(s.turn_starts):
            raise ValueError(f"the replay has turns 1 to {len(s.turn_starts)}")
        self.open_at(turn)
        self.speed = SPEEDS.index(self.GIF_SPEED)
        self.playing = True

    def gif_done(self, turn: int) -> bool:
        s = self.session
        end = s.turn_starts[turn + 1] if turn + 1 < len(s.turn_starts) else s.length
        return bool(s.index >= end or not self.playing)

    # -- scene hooks ------------------------------------------------------------------------------------------
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
            run = self.keys().get(event.key)
            if run is not None:
                run()

    def timeline_marks(self) -> tuple[int, list[int]]:
        """Where the timeline is filled to (x) and where turns begin (x of each turn after the first)."""
        bar, s = self.timeline, self.session
        length = max(1, s.length)
        return (bar.x + round(bar.width * s.index / length),
                [bar.x + round(bar.width * k / length) for k in s.turn_starts[1:]])
