"""The idle loop: a still scene waits for input instead of drawing, and wakes at once for it."""

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


def test_window_events_wake_the_wait_and_redraw_but_are_not_play(make_app: Callable[..., App]) -> None:
    # a resized, uncovered or refocused window is drawn again at once, and then idles again at once
    for event in (pygame.event.Event(pygame.WINDOWEXPOSED), pygame.event.Event(pygame.WINDOWFOCUSGAINED),
                  pygame.event.Event(pygame.VIDEORESIZE, w=900, h=640, size=(900, 640))):
        waits = Waits(event)
        scene = Probe(still=True)
        app, now = _windowed(make_app, scene, waits)
        app.frame()
        app.pace()  # the window event ends the wait
        now[0] += 5
        drawn = scene.draws
        app.frame()
        assert scene.draws == drawn + 1  # redrawn in the next frame
        assert app.is_still()  # no grace period: the next pace waits again
        app.pace()
        assert waits.timeouts == [IDLE_WAIT_MS, IDLE_WAIT_MS]
        pygame.quit()


class FlashScene(Probe):
    """A still scene with a dialog open over it."""

    def on_enter(self) -> None:
        self.open_dialog("Leave?", "Unsaved work.", [("Stay", lambda: None), ("Leave", lambda: None)])


def test_an_open_dialog_keeps_the_app_awake_only_while_it_animates(make_app: Callable[..., App]) -> None:
    # App.is_still asks the dialog too (a flashing button is drawn at full rate)
    scene = FlashScene(still=True)
    app, now = _windowed(make_app, scene, Waits())
    app.frame()
    assert scene.dialog is not None and scene.dialog.still() and app.is_still()
    scene.dialog.widgets[0].flash = 0.15  # a button's click feedback
    assert not scene.dialog.still() and not app.is_still()
    now[0] += 200
    app.frame()  # the flash is over
    assert scene.dialog.still() and app.is_still()
    scene.is_still = False
    assert not app.is_still()  # the scene under a still dialog moves: no waiting


class SelfReplacing(Probe):
    def update(self, dt: float) -> None:
        if self.draws == 2:
            self.app.replace(Probe(still=False))


def test_the_window_is_flipped_only_after_a_frame_was_drawn(make_app: Callable[..., App],
                                                            monkeypatch: Any) -> None:
    flips: list[int] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    scene = SelfReplacing(still=False)
    app, now = _windowed(make_app, scene, Waits())
    app.options.frames = 6
    results: list[bool] = []
    real_frame = app.frame

    def frame(now_ms: int | None = None) -> bool:
        now[0] += 16
        results.append(real_frame(now_ms))
        return results[-1]

    app.frame = frame  # type: ignore[method-assign]
    app.run()
    assert results.count(False) == 1  # the frame whose update replaced the scene drew nothing
    assert len(flips) == results.count(True) == len(results) - 1


class Falling(BaseScene):
    """A body that falls and comes to rest on the floor: still only once it rests."""

    def __init__(self) -> None:
        self.y, self.v = 0.0, 0.0
        self.trace: list[float] = []

    def fixed_update(self, dt: float) -> None:
        if self.y < 100:
            self.v += 900 * dt
            self.y = min(100.0, self.y + self.v * dt)
        self.trace.append(self.y)

    def still(self) -> bool:
        return self.y >= 100


def test_physics_steps_are_the_same_with_and_without_idling(make_app: Callable[..., App]) -> None:
    # sleeping never changes what the world does: the fixed steps up to the rest are identical
    # whether the loop waits once the scene is still (windowed) or never waits (headless)
    def play(headless: bool) -> list[float]:
        now = [0]
        app = make_app((800, 600), headless=headless, clock=lambda: now[0])
        waited: list[int] = []

        def wait(timeout_ms: int) -> pygame.event.Event:
            waited.append(timeout_ms)
            now[0] += timeout_ms  # the wait takes its whole timeout: nobody touches the window
            return pygame.event.Event(pygame.NOEVENT)

        app.wait_event = wait
        scene = Falling()
        app.push(scene)
        for _ in range(120):
            now[0] += 16
            app.frame()
            if not headless:
                app.pace()
        assert bool(waited) is not headless  # windowed, the loop did idle once the body rested
        pygame.quit()
        return scene.trace

    windowed, headless = play(False), play(True)
    moving = [y for y in headless if y < 100]
    assert moving and windowed[:len(moving) + 1] == headless[:len(moving) + 1]
    assert windowed[-1] == headless[-1] == 100


def test_a_frame_no_event_woke_is_not_shown_again(make_app: Callable[..., App], monkeypatch: Any) -> None:
    # an idle window costs next to nothing: after a wait that timed out, a still scene's frame shows
    # the picture already in the window, so it is not flipped again; any event (input or the window's) flips
    flips: list[int] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    waits = Waits(pygame.event.Event(pygame.NOEVENT), pygame.event.Event(pygame.WINDOWEXPOSED))
    scene = Probe(still=True)
    app, now = _windowed(make_app, scene, waits)
    for _ in range(3):
        now[0] += 16
        app.present(app.frame())
        app.pace()
    assert waits.timeouts == [IDLE_WAIT_MS] * 3 and scene.draws == 3
    assert len(flips) == 2 == app.flips  # the first frame, and the one after the exposed window; not the vain one
    scene.is_still = False
    now[0] += 16
    app.present(app.frame())
    assert len(flips) == 3  # moving again (after a vain wait): shown at once


def test_the_default_wait_returns_the_next_event_or_nothing(make_app: Callable[..., App]) -> None:
    import sys

    from game.app import sdl_wait_event_timeout, wait_for_event

    app = make_app((800, 600))
    assert app.wait_event is wait_for_event
    assert sdl_wait_event_timeout() is not None or not sys.platform.startswith("linux")  # SDL's own wait, no polling
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    event = wait_for_event(IDLE_WAIT_MS)
    assert event.type == pygame.KEYDOWN and event.key == pygame.K_a
    assert wait_for_event(20).type == pygame.NOEVENT


def test_the_shared_widgets_say_when_they_are_still(make_app: Callable[..., App]) -> None:
    # the pieces every room shows report their own animations (a flash, a pending hint, a message)
    from game.ui.widgets import Button, MessageLine, Tooltip

    make_app((800, 600))
    button, tip, message = Button("OK", lambda: None), Tooltip(), MessageLine()
    assert button.still() and tip.still() and message.still()
    button.activate()
    tip.hover("A hint", (10, 10))
    message.show("Saved", "ok", 1.0)
    assert not button.still() and not tip.still() and not message.still()
    for widget in (button, tip, message):
        widget.update(1.5)
    assert button.still() and tip.still() and tip.visible and message.still()
