"""The shape editor sleeps when still (an idle window should cost next to nothing): the scene says when it is
still, the cached layers draw what a fresh paint draws, and the frame benchmark's minute ends idle without
touching the bundled files."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.app import App
from game.paths import asset
from game.screens.launcher import LauncherScene
from tools.editor.scene import EditorScene

MakeApp = Callable[..., App]


class Editor:
    def __init__(self, app: App, scene: EditorScene) -> None:
        self.app, self.scene = app, scene
        self.now = 0

    def frame(self, n: int = 1) -> None:
        for _ in range(n):
            self.now += 16
            self.app.frame(self.now)

    def post(self, kind: int, **fields: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))

    def settle(self, limit: int = 900) -> bool:
        """Frames until the scene is still (False when it never gets there)."""
        for _ in range(limit):
            if self.scene.still():
                return True
            self.frame()
        return self.scene.still()


@pytest.fixture
def editor(make_app: MakeApp, tmp_path: Path) -> Editor:
    folder = tmp_path / "files"
    folder.mkdir()
    shutil.copyfile(asset("pieces.json"), folder / "pieces.json")
    shutil.copyfile(asset("cacti.json"), folder / "cacti.json")
    app = make_app((1280, 800))
    app.push(LauncherScene())
    scene = EditorScene(folder / "pieces.json", folder / "cacti.json")
    app.push(scene)
    ed = Editor(app, scene)
    ed.frame(2)
    return ed


def test_still_when_idle_not_during_a_drag(editor: Editor) -> None:
    ed, scene = editor, editor.scene
    assert not scene.still()  # the preview's piece is falling after the start
    assert ed.settle(), "the editor never comes to rest"
    outline = scene.current_outline()
    assert outline is not None
    x, y = (round(v) for v in scene.canvas.to_screen(outline[0]))
    ed.post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    ed.post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    ed.frame()
    assert scene.canvas.dragging is not None and not scene.still()  # a vertex held: not still
    ed.post(pygame.MOUSEMOTION, pos=(x + 30, y), rel=(30, 0), buttons=(1, 0, 0))
    ed.frame(30)
    assert not scene.still()  # still held, even with the pointer at rest
    ed.post(pygame.MOUSEBUTTONUP, pos=(x + 30, y), button=1)
    ed.frame()
    assert scene.canvas.dragging is None and not scene.still()  # the preview drops the edited piece again
    assert ed.settle()


def test_not_still_during_a_hang_test_nor_while_a_message_shows(editor: Editor) -> None:
    ed, scene = editor, editor.scene
    assert ed.settle()
    scene.widgets["hang_count"].set_text("6")
    scene.start_hang_test()
    assert scene.hang_run.running and not scene.still()
    while scene.hang_run.running:
        ed.frame()
        assert scene.hang_run.running or scene.message.visible or not scene.still()
    assert scene.hang_stats is not None and scene.message.visible and not scene.still()  # "finished" fades
    assert ed.settle()
    assert not scene.message.visible and not scene.hang_run.running


def test_a_focused_text_field_counts_as_still(editor: Editor) -> None:
    """The decision: a text field left focused does not keep the editor at 60 fps; its cursor blinks on the
    idle loop's wake-ups instead."""
    ed, scene = editor, editor.scene
    assert ed.settle()
    entry = scene.widgets["hang_count"]
    ed.post(pygame.MOUSEBUTTONDOWN, pos=entry.rect.center, button=1)
    ed.post(pygame.MOUSEBUTTONUP, pos=entry.rect.center, button=1)
    ed.frame()
    assert scene.forms.typing()
    assert ed.settle(60) and scene.forms.typing()


def test_a_pending_tooltip_is_not_still(editor: Editor) -> None:
    ed, scene = editor, editor.scene
    assert ed.settle()
    ed.post(pygame.MOUSEMOTION, pos=scene.tools[0].rect.center, rel=(0, 0), buttons=(0, 0, 0))
    ed.frame()
    assert scene.tooltip.text and not scene.still()  # the tooltip is about to open
    assert ed.settle(120) and scene.tooltip.visible


def _pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(int)


def _fresh(scene: EditorScene, surface: pygame.Surface) -> np.ndarray:
    """The frame painted with every cached layer dropped."""
    for layers in (scene.layers, scene.hang_layers, scene.canvas.layers, scene.preview.layers):
        layers.clear()
    scene.draw(surface)
    return _pixels(surface)


@pytest.mark.parametrize("state", ["idle", "hang", "drag", "cacti"])
def test_cached_layers_draw_what_a_fresh_paint_draws(editor: Editor, state: str) -> None:
    ed, scene = editor, editor.scene
    ed.settle()
    if state == "hang":
        scene.widgets["hang_count"].set_text("30")
        scene.start_hang_test()
        ed.frame(4)
    elif state == "drag":
        outline = scene.current_outline()
        assert outline is not None
        x, y = (round(v) for v in scene.canvas.to_screen(outline[2]))
        ed.post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
        ed.post(pygame.MOUSEMOTION, pos=(x + 25, y + 10), rel=(25, 10), buttons=(1, 0, 0))
        ed.frame(3)
    elif state == "cacti":
        ed.post(pygame.MOUSEBUTTONDOWN, pos=scene.tab_buttons[1].rect.center, button=1)
        ed.post(pygame.MOUSEBUTTONUP, pos=scene.tab_buttons[1].rect.center, button=1)
        ed.frame(3)
    surface = ed.app.surface
    scene.draw(surface)  # fills the caches
    scene.draw(surface)  # drawn from them
    cached = _pixels(surface)
    assert scene.layers.painted > 0
    fresh = _fresh(scene, surface)
    diff = np.abs(cached - fresh).max(axis=2)
    assert int((diff > 0).sum()) == 0, f"{int((diff > 0).sum())} pixels differ"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_frame_bench_minute_ends_idle_and_leaves_the_bundled_files(make_app: MakeApp) -> None:
    from game.lab.editor_frames import frame_bench

    before = {name: _digest(asset(name)) for name in ("pieces.json", "cacti.json")}
    app = make_app((1280, 800))
    phases: list[str] = []
    saw: set[str] = set()
    for frame, phase in enumerate(frame_bench(app, seed=0)):
        phases.append(phase)
        if phase == "idle":
            break
        scene = app.scene
        assert isinstance(scene, EditorScene)
        if scene.canvas.dragging is not None:
            saw.add("drag")
        if scene.hang_run.running:
            saw.add("hang")
        if scene.pieces.history and scene.pieces.history[-1][0] == "friction":
            saw.add("slider")
        app.frame(round(frame * 1000 / 60))
    scene = app.scene
    assert isinstance(scene, EditorScene)
    assert phases[-1] == "idle" and 3000 <= len(phases) <= 4300  # about a minute at 60 fps
    assert {"drag", "hang", "slider"} <= saw
    assert scene.still() and not scene.hang_run.running and scene.hang_stats is not None
    assert str(scene.pieces.path) != str(asset("pieces.json"))  # it edits copies
    assert {name: _digest(asset(name)) for name in ("pieces.json", "cacti.json")} == before


def test_the_hang_test_keeps_to_its_frame_budget() -> None:
    """A drop after the first starts only while the time spent plus one more drop fits the budget; the results
    are those of the same drops run without one."""
    from physics.cacti import load_cacti
    from physics.pieces import load_pieces
    from tools.editor.hangtest import HangTest, one_cactus_table

    spec, table = load_pieces()["red_hook"], one_cactus_table(load_cacti(), 0)
    ticks = iter(range(1000))

    def clock() -> float:  # one second passes at every look at the clock
        return float(next(ticks))

    test = HangTest(spec, table, seed=3, count=5)
    assert test.run(3, budget=2.5, clock=clock) == 2  # after 1 s: 1 + 1 fits; after 2 s: 2 + 1 does not
    assert test.run(3, budget=0.5, clock=clock) == 1  # the first drop always runs
    assert test.run(3) == 2 and test.done
    plain = HangTest(spec, table, seed=3, count=5)
    plain.run(5)
    assert test.results == plain.results
