"""The frame benchmark's minute in the shape editor (``python -m game bench frames --rooms editor``; the harness is
:mod:`game.lab.framebench`): a scripted, seeded stretch of editing posted as the user's input."""

from __future__ import annotations

import math
import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame

from game.app import App
from game.paths import asset
from tools.editor.scene import EditorScene

#: The hang test's drop count in the benchmark (a run lasts a few seconds).
BENCH_DROPS = 300


def _post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def _move(pos: tuple[float, float], last: tuple[int, int], held: bool = False) -> tuple[int, int]:
    p = (round(pos[0]), round(pos[1]))
    _post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=(1 if held else 0, 0, 0))
    return p


def _click(pos: tuple[int, int]) -> None:
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def frame_bench(app: App, seed: int = 0) -> Iterator[str]:
    """The editor's minute as someone tuning a piece spends it: on copies of the bundled pieces.json and cacti.json
    in a temporary folder (the real files are never written), the pointer browses the list (wheel, hover) and picks
    a piece, drags two vertices about on the canvas (the first drag undone), moves the friction slider, then runs
    the hang test again and again for about 25 s (300 drops each, a few a frame, the progress bar filling), nudging
    the elasticity between runs; then it rests on the tool bar's buttons (tooltips) and browses the list. At the
    end the last test is done, the pointer rests where no tooltip opens and the scene stands still: "idle"."""
    folder = tempfile.TemporaryDirectory(prefix="editor-bench-")
    try:
        pieces, cacti = Path(folder.name) / "pieces.json", Path(folder.name) / "cacti.json"
        shutil.copyfile(asset("pieces.json"), pieces)
        shutil.copyfile(asset("cacti.json"), cacti)
        scene = EditorScene(pieces, cacti)
        app.push(scene)
        yield from _script(scene, random.Random(seed))
    finally:
        folder.cleanup()


class _Player:
    """The benchmark's hands: the pointer, and how many frames went by."""

    def __init__(self, scene: EditorScene, rng: random.Random) -> None:
        self.scene, self.rng = scene, rng
        self.frame = 0
        self.mouse = (0, 0)

    def wait(self, frames: int = 1) -> Iterator[str]:
        for _ in range(frames):
            self.frame += 1
            yield "play"

    def move(self, pos: tuple[float, float], held: bool = False) -> None:
        self.mouse = _move(pos, self.mouse, held)

    def browse(self, frames: int) -> Iterator[str]:
        """The pointer wanders over the list, the wheel scrolls it down and back up."""
        area = self.scene.rects["list"]
        for k in range(frames):
            y = area.y + 30 + (area.height - 60) * (0.5 + 0.45 * math.sin(k / 23))
            self.move((area.centerx + 30 * math.sin(k / 11), y))
            if k % 100 in (40, 55, 70, 80, 90, 99):
                dy = -1 if k % 100 < 75 else 1
                _post(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy))
            yield from self.wait()

    def glide(self, target: tuple[float, float], frames: int) -> Iterator[str]:
        """The pointer goes to ``target`` over ``frames`` frames."""
        x0, y0 = self.mouse
        for k in range(frames):
            s = (k + 1) / frames
            self.move((x0 + (target[0] - x0) * s, y0 + (target[1] - y0) * s))
            yield from self.wait()

    def slide(self, name: str, frames: int) -> Iterator[str]:
        """Hold a material slider and move it for ``frames`` frames (a new value every third), then let go."""
        import pygame_gui

        from tools.editor.ranges import RANGES

        r = RANGES[name]
        start = float(self.scene.widgets[f"slider_{name}"].get_current_value())
        for k in range(frames):
            if k % 3 == 0:
                value = start + (r.hi - r.lo) * 0.12 * math.sin(k / frames * 2 * math.pi)
                value = min(r.hi, max(r.lo, round(value / r.step) * r.step))
                slider = self.scene.widgets[f"slider_{name}"]
                slider.set_current_value(value)
                _post(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider, value=value)
            yield from self.wait()
        _post(pygame.MOUSEBUTTONUP, pos=self.mouse, button=1)
        yield from self.wait()

    def drag_vertex(self, frames: int) -> Iterator[str]:
        """Press on a vertex (picked by the seed) and circle it about for ``frames`` frames, then let go."""
        outline = self.scene.current_outline()
        assert outline is not None
        start = self.scene.canvas.to_screen(outline[self.rng.randrange(len(outline))])
        yield from self.glide(start, 40)
        _post(pygame.MOUSEBUTTONDOWN, pos=self.mouse, button=1)
        yield from self.wait()
        for k in range(frames):
            r = 6 * self.scene.canvas.zoom * math.sin(k / frames * math.pi)
            a = k / 25 + self.rng.uniform(-0.2, 0.2)
            self.move((start[0] + r * math.cos(a), start[1] + r * math.sin(a)), held=True)
            yield from self.wait()
        _post(pygame.MOUSEBUTTONUP, pos=self.mouse, button=1)
        yield from self.wait()


def _script(scene: EditorScene, rng: random.Random) -> Iterator[str]:
    me = _Player(scene, rng)
    yield from me.wait()
    # browse the list: hover over the rows, scroll down and back up, pick the second piece
    yield from me.browse(200)
    me.move(scene.rows[1].rect.center)
    _click(me.mouse)
    yield from me.wait()
    # drag two vertices about on the canvas; the first drag is undone
    yield from me.drag_vertex(150)
    yield from me.wait(30)
    _post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    _post(pygame.KEYUP, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    yield from me.wait()
    yield from me.drag_vertex(150)
    yield from me.wait(30)
    # move the friction slider back and forth (one gesture: one undo step)
    yield from me.slide("friction", 180)
    # the hang test, run after run (about 25 s), the elasticity nudged in between
    while me.frame < 2300:
        button = scene.hang_button
        assert button is not None
        yield from me.glide(button.rect.center, 20)
        scene.widgets["hang_count"].set_text(str(BENCH_DROPS))  # as if typed (the forms rebuild after a slide)
        _click(me.mouse)
        yield from me.wait()
        while scene.hang is not None:
            yield from me.wait()
        yield from me.wait(25)
        yield from me.slide("elasticity", 30)
    # read the results: the pointer rests on the tool bar (tooltips), browses the list again
    for button in scene.tools[:4]:
        yield from me.glide(button.rect.center, 25)
        yield from me.wait(60)
    yield from me.browse(max(60, 3300 - me.frame))
    # rest: the pointer on the top bar where nothing has a tooltip; the messages fade, the preview settles
    yield from me.glide((scene.rects["top"].centerx - 80, scene.rects["top"].centery), 20)
    yield from me.wait(30)
    while not scene.still() and me.frame < 3600 + 600:
        yield from me.wait()
    yield "idle"
