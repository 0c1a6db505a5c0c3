"""The app loop: scene stack, fixed-step accumulator, resizing, Esc and quit."""

from __future__ import annotations

import pygame
import pytest

from game.app import FIXED_STEP_MS, App, BaseScene, FixedStepAccumulator


class Recorder(BaseScene):
    def __init__(self, name: str = "s", back_handled: bool = False) -> None:
        self.name = name
        self.back_handled = back_handled
        self.steps = 0
        self.updates = 0
        self.draws = 0
        self.sizes: list[tuple[int, int]] = []
        self.events: list[int] = []
        self.entered = 0
        self.exited = 0

    def layout(self, size: tuple[int, int]) -> None:
        self.sizes.append(size)

    def on_enter(self) -> None:
        self.entered += 1

    def on_exit(self) -> None:
        self.exited += 1

    def on_back(self) -> bool:
        return self.back_handled

    def handle_event(self, event: pygame.event.Event) -> None:
        self.events.append(event.type)

    def fixed_update(self, dt: float) -> None:
        assert dt == pytest.approx(FIXED_STEP_MS / 1000)
        self.steps += 1

    def update(self, dt: float) -> None:
        self.updates += 1

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.fill((10, 20, 30))


@pytest.fixture
def app(make_app) -> App:
    fake_now = iter(range(0, 10**9, 16))
    return make_app((800, 600), clock=lambda: next(fake_now))


def frame_times(fps: int, seconds: int) -> list[int]:
    """Integer millisecond timestamps of ``seconds`` of frames at ``fps`` (as a real clock would give)."""
    return [round(i * 1000 / fps) for i in range(fps * seconds + 1)]


@pytest.mark.parametrize("fps", [30, 60, 144])
def test_accumulator_gives_same_steps_at_any_frame_rate(fps: int) -> None:
    acc = FixedStepAccumulator()
    times = frame_times(fps, 3)
    total = sum(acc.add(b - a) for a, b in zip(times, times[1:], strict=False))
    assert total == 3000 // FIXED_STEP_MS
    assert acc.total_steps == total
    assert 0 <= acc.alpha < 1


def test_accumulator_same_steps_30_vs_144_frame_by_frame_totals() -> None:
    a30, a144 = FixedStepAccumulator(), FixedStepAccumulator()
    t30, t144 = frame_times(30, 2), frame_times(144, 2)
    for a, b in zip(t30, t30[1:], strict=False):
        a30.add(b - a)
    for a, b in zip(t144, t144[1:], strict=False):
        a144.add(b - a)
    assert a30.total_steps == a144.total_steps == 200


def test_accumulator_clamps_a_stall() -> None:
    acc = FixedStepAccumulator(step_ms=10, max_frame_ms=250)
    assert acc.add(5000) == 25
    assert acc.dropped_ms == 4750
    assert acc.add(-3) == 0  # a clock that went backwards adds nothing


def test_app_runs_fixed_steps_through_injected_times(app: App) -> None:
    scene = Recorder()
    app.push(scene)
    for now in frame_times(144, 1):
        app.frame(now)
    assert scene.steps == 100
    assert scene.updates == len(frame_times(144, 1))
    assert scene.draws == scene.updates


def test_scene_stack_push_pop_replace(app: App) -> None:
    first, second, third = Recorder("a"), Recorder("b"), Recorder("c")
    app.push(first)
    app.push(second)
    assert app.scene is second
    assert app.pop() is second
    assert app.scene is first and first.entered == 2 and second.exited == 1
    app.replace(third)
    assert app.stack == [third] and first.exited == 1
    app.pop()
    assert not app.running  # an empty stack ends the app


def test_escape_pops_unless_the_scene_handles_it(app: App) -> None:
    base, modal = Recorder("base"), Recorder("modal", back_handled=True)
    app.push(base)
    app.push(modal)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.frame(0)
    assert app.scene is modal  # it closed something of its own
    modal.back_handled = False
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.frame(10)
    assert app.scene is base


def test_quit_event_ends_cleanly(app: App) -> None:
    app.push(Recorder())
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(0)
    assert not app.running and app.exit_code == 0


def test_resize_relayouts_every_scene(app: App) -> None:
    below, top = Recorder(), Recorder()
    app.push(below)
    app.push(top)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=700, size=(1024, 700)))
    app.frame(0)
    assert app.size == (1024, 700)
    assert top.sizes[-1] == (1024, 700) and below.sizes[-1] == (1024, 700)


def test_resize_never_below_minimum(app: App) -> None:
    scene = Recorder()
    app.push(scene)
    app.resize((100, 100))
    assert app.size == (800, 600)
    assert scene.sizes[-1] == (800, 600)


def test_run_stops_after_frames_and_saves_screenshot(tmp_path, make_app) -> None:
    shot = tmp_path / "shot.png"
    application = make_app((800, 600), frames=4, screenshot=shot)
    scene = Recorder()
    application.push(scene)
    assert application.run() == 0
    assert scene.draws == 4
    image = pygame.image.load(str(shot))
    assert image.get_size() == (800, 600)
    assert image.get_at((5, 5))[:3] == (10, 20, 30)


def test_a_scene_may_hold_the_window_open(app: App) -> None:
    class Careful(Recorder):
        def on_quit_request(self) -> bool:
            self.asked = True
            return False

    scene = Careful()
    app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(0)
    assert app.running and scene.asked


def test_escape_never_reaches_handle_event(app: App) -> None:
    scene = Recorder(back_handled=True)
    app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.frame(0)
    assert pygame.KEYDOWN not in scene.events


# -- the modal dialog the app hosts for the top scene ------------------------------------------------------------
def key(app: App, code: int, now: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
    app.frame(now)


def test_hosted_dialog_takes_every_event_first(app: App) -> None:
    scene = Recorder()
    app.push(scene)
    chosen: list[str] = []
    dialog = scene.open_dialog("Title", "Body", [("Yes", lambda: chosen.append("yes")),
                                                 ("No", lambda: chosen.append("no"))])
    assert scene.dialog is dialog and dialog.open
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    key(app, pygame.K_x, 0)
    assert scene.events == []  # modal: nothing reached the scene
    key(app, pygame.K_RETURN, 16)  # the focused button: the last, the cancel action
    assert chosen == ["no"] and scene.dialog is None and not dialog.open
    key(app, pygame.K_x, 32)
    assert scene.events == [pygame.KEYDOWN]  # closed: the scene has its events back


def test_hosted_dialog_escape_cancels_it_and_keeps_the_scene(app: App) -> None:
    class Counting(Recorder):
        backs = 0

        def on_back(self) -> bool:
            self.backs += 1
            return False

    below, scene = Recorder("below"), Counting("top")
    app.push(below)
    app.push(scene)
    chosen: list[str] = []
    scene.open_dialog("Leave?", "Body", [("Leave", lambda: chosen.append("leave")),
                                         ("Stay", lambda: chosen.append("stay"))])
    key(app, pygame.K_ESCAPE, 0)
    assert chosen == ["stay"]  # Esc is the last button, the cancel action
    assert app.scene is scene and scene.dialog is None and scene.backs == 0
    key(app, pygame.K_ESCAPE, 16)  # no dialog: Esc goes back as always
    assert app.scene is below and scene.backs == 1


def test_hosted_dialog_does_not_stop_quit(app: App) -> None:
    scene = Recorder()
    app.push(scene)
    scene.open_dialog("Title", "Body", [("OK", lambda: None)])
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(0)
    assert not app.running  # QUIT still asks on_quit_request, not the dialog


def test_hosted_dialog_is_drawn_over_the_scene(app: App) -> None:
    from game.ui.theme import PALETTE

    scene = Recorder()
    app.push(scene)
    app.frame(0)
    assert app.surface.get_at((5, 5))[:3] == (10, 20, 30)
    dialog = scene.open_dialog("Title", "Body", [("OK", lambda: None)])
    app.frame(16)
    assert scene.draws == 2
    assert app.surface.get_at((5, 5))[:3] != (10, 20, 30)  # the veil dims the scene
    inside = app.surface.get_at((dialog.rect.x + 16, dialog.rect.centery))[:3]
    assert max(abs(a - b) for a, b in zip(inside, PALETTE.paper[:3], strict=True)) <= 12  # the paper panel on top


def test_hosted_dialog_is_laid_out_again_on_resize(app: App) -> None:
    scene = Recorder()
    app.push(scene)
    dialog = scene.open_dialog("Title", "Body", [("OK", lambda: None)], width=400)
    assert dialog.rect.center == (400, 300) and dialog.rect.width == 400
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=700, size=(1024, 700)))
    app.frame(0)
    assert dialog.rect.center == (512, 350)
    assert all(dialog.rect.contains(button.rect) for button in dialog.widgets)


def test_hosted_dialog_is_cleared_once_closed(app: App) -> None:
    scene = Recorder()
    app.push(scene)
    dialog = scene.open_dialog("Title", "Body", [("OK", lambda: None)])
    app.frame(0)
    assert scene.dialog is dialog
    dialog.cancel()  # closed by the scene's own code, not by an event
    app.frame(16)
    assert scene.dialog is None


def test_hosted_dialog_a_button_may_open_the_next_dialog(app: App) -> None:
    scene = Recorder()
    app.push(scene)
    scene.open_dialog("First", "Body", [("Next", lambda: scene.open_dialog("Second", "Body", [("OK", lambda: None)]))])
    key(app, pygame.K_RETURN, 0)
    assert scene.dialog is not None and scene.dialog.open and scene.dialog.title == "Second"


def test_a_stall_drops_whole_steps_so_the_steps_stay_on_the_clocks_grid() -> None:
    """Idling never moves the physics clock: after an idle wait of any length the fixed steps run at the same
    clock times as without it."""
    waited, busy = FixedStepAccumulator(step_ms=10, max_frame_ms=250), FixedStepAccumulator(step_ms=10)
    waited.add(3)
    busy.add(3)
    waited.add(503)  # an idle wait that does not end on a step boundary
    for _ in range(503 // 16):
        busy.add(16)
    busy.add(503 - 16 * (503 // 16))
    assert waited.pending_ms == busy.pending_ms  # the next step falls due at the same time in both
