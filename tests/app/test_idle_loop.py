"""The idle loop (issue 12): a still scene waits for input instead of drawing, and wakes at once for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.app import IDLE_WAIT_MS, INPUT_EVENTS, INPUT_GRACE_MS, App, BaseScene


class Probe(BaseScene):
    def __init__(self, still: bool) -> None:
        self.is_still = still
        self.events: list[int] = []
        self.draws = 0

    def still(self) -> bool:
        return self.is_still

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in INPUT_EVENTS:  # the window's own events (shown, focus...) are not input
            self.events.append(event.type)

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


class Waits:
    """An injected event source: records every wait and answers with the queued events (else NOEVENT)."""

    def __init__(self, *answers: pygame.event.Event) -> None:
        self.timeouts: list[int] = []
        self.answers = list(answers)

    def __call__(self, timeout_ms: int) -> pygame.event.Event:
        self.timeouts.append(timeout_ms)
        return self.answers.pop(0) if self.answers else pygame.event.Event(pygame.NOEVENT)


def _windowed(make_app: Callable[..., App], scene: BaseScene, waits: Waits) -> tuple[App, list[int]]:
    now = [0]
    app = make_app((800, 600), headless=False, clock=lambda: now[0])
    app.wait_event = waits
    app.push(scene)
    return app, now


def test_a_still_scene_waits_for_input_and_a_moving_one_does_not(make_app: Callable[..., App]) -> None:
    waits = Waits()
    scene = Probe(still=True)
    app, now = _windowed(make_app, scene, waits)
    app.frame()
    app.pace()
    assert waits.timeouts == [IDLE_WAIT_MS]  # at most 2 frames a second while nothing moves
    scene.is_still = False
    now[0] += 16
    app.frame()
    app.pace()
    assert waits.timeouts == [IDLE_WAIT_MS]  # something moves: paced at 60 fps, no waiting


def test_the_event_that_ends_the_wait_is_handled_in_the_next_frame(make_app: Callable[..., App]) -> None:
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    waits = Waits(key)
    scene = Probe(still=True)
    app, now = _windowed(make_app, scene, waits)
    app.frame()
    app.pace()  # the key arrives during the wait
    assert scene.events == [] and waits.timeouts == [IDLE_WAIT_MS]
    now[0] += 3
    drawn = scene.draws
    app.frame()
    assert scene.events == [pygame.KEYDOWN] and scene.draws == drawn + 1  # answered at once, no second wait


def test_after_input_the_app_stays_awake_a_moment(make_app: Callable[..., App]) -> None:
    waits = Waits()
    scene = Probe(still=True)
    app, now = _windowed(make_app, scene, waits)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame()
    assert not app.is_still()  # hover feedback and button flashes finish at full rate
    now[0] += INPUT_GRACE_MS
    app.frame()
    assert app.is_still()


def test_headless_runs_never_wait(make_app: Callable[..., App]) -> None:
    app = make_app((800, 600), frames=5)
    waits = Waits()
    app.wait_event = waits
    scene: Any = Probe(still=True)
    app.push(scene)
    app.run()
    assert waits.timeouts == [] and scene.draws == 5
