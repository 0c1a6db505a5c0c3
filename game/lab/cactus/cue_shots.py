"""The hand's cues on the play screen, for the docs: ``python -m game.lab.cactus.cue_shots [FOLDER] [WxH]`` writes
``cactus-blocked-drag.png`` (a piece dragged into a cactus: the stretched grip line and where the piece would be),
``cactus-ring-warning.png`` (the hand's ring a few mm from the trunk) and ``cactus-hint-turn.png`` (a hint shown
with the turn still to apply, its way down and the release ring); default folder ``assets/screenshots``.

The mouse is driven by synthetic pygame events on the real physics, as a player's would be."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import settings
from game.app import App, AppOptions
from game.argtypes import parse_window
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.view import RING_WARN

#: Cactus 3 (index 2) is the target: two pieces on cactus 2, a red one on top of cactus 3.
HANGING = {1: ["blue_arch", "green_hook"], 2: ["red_zigzag"]}
#: Right of cactus 3's trunk above its right arm, and far left through the trunk.
RIGHT_OF_TRUNK = (960.0, 215.0)
THROUGH_TRUNK = (800.0, 215.0)
FRAME_MS = 33


class Table:
    """A play scene on a headless app, its frames run on a virtual clock, the mouse moved by events."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.app = App(AppOptions(size=size, headless=True))
        settings.begin_run(saved=settings.Settings())
        m = Match.with_position(HANGING, last="green_hook", options=Options(die=Die(6, 0, 0)))
        m.roll()
        if m.stage == Stage.CHOOSE:
            m.take(m.allowed()[0])
        self.match = m
        self.scene = PlayScene(m, autosave=False, record_replay=False)
        self.app.push(self.scene)
        self.now = 0
        self.app.frame(0)
        self.frames(40)  # the camera's glide onto the target

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.now += FRAME_MS
            self.app.frame(self.now)

    def event(self, kind: int, **fields: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))
        self.frames()

    def press(self, world: tuple[float, float]) -> None:
        pos = self.scene.screen_of(world)
        self.event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)

    def drag(self, world: tuple[float, float], steps: int) -> None:
        start = self.scene.view.to_world(self.scene.pointer)
        for k in range(1, steps + 1):
            p = (start[0] + (world[0] - start[0]) * k / steps, start[1] + (world[1] - start[1]) * k / steps)
            self.event(pygame.MOUSEMOTION, pos=self.scene.screen_of(p), rel=(0, 0), buttons=(1, 0, 0))

    def save(self, path: Path) -> Path:
        self.scene.pulse_age = 99.0  # a steady glow, as a resting table shows it
        self.app.frame(self.now)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.app.surface, str(path))
        return path


def blocked(table: Table) -> None:
    """A piece dragged from the right of the trunk to far left of it: it rests against the trunk."""
    table.press(RIGHT_OF_TRUNK)
    table.drag(THROUGH_TRUNK, 20)
    table.frames(10)


def ring_warning(table: Table) -> None:
    """The piece held at its left edge, moved left until the ring is a few mm from the trunk (not touching)."""
    table.press(RIGHT_OF_TRUNK)
    m = table.match
    pid = str(m.piece)
    edge = min(m.world.outline_world(pid), key=lambda p: p[0])
    m.world.hand.grab(pid, edge)  # the fingers at its left edge: the ring sticks out towards the trunk
    m.world.hand.move_to(edge)
    table.frames(5)
    x, y = table.scene.pointer
    for _ in range(200):
        near = m.world.hand.nearest_to_ring(RING_WARN)
        if near is not None and 0.0 < near.distance <= RING_WARN / 2:
            return
        x -= 1
        table.event(pygame.MOUSEMOTION, pos=(x, y), rel=(-1, 0), buttons=(1, 0, 0))
    raise RuntimeError("the ring never came near the trunk")


def hint_turn(table: Table) -> None:
    """A hint asked for (H), the piece in the hand turned away from it (Q), the pointer where the way starts."""
    table.event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="")
    for _ in range(80):
        if not table.scene.hints.busy:
            break
        table.frames()
    hint = table.scene.hints.hint
    if hint is None:
        raise RuntimeError("no hint found")
    for _ in range(3):
        table.event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="")
    table.event(pygame.MOUSEMOTION, pos=table.scene.screen_of(hint.start), rel=(0, 0), buttons=(0, 0, 0))
    table.frames(2)  # the hint's message stays: it says what the dots and the ring are


SHOTS: dict[str, Callable[[Table], None]] = {"cactus-blocked-drag.png": blocked,
                                             "cactus-ring-warning.png": ring_warning,
                                             "cactus-hint-turn.png": hint_turn}


def write(out: Path, size: tuple[int, int] = (1280, 800)) -> list[Path]:
    written = []
    for name, stage in SHOTS.items():
        table = Table(size)
        stage(table)
        written.append(table.save(out / name))
        pygame.quit()
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m game.lab.cactus.cue_shots [FOLDER] [WxH]``: the three pictures of the hand's cues."""
    parser = argparse.ArgumentParser(prog="python -m game.lab.cactus.cue_shots",
                                     description="Render the blocked drag, the ring's warning and the hint's turn.")
    parser.add_argument("folder", nargs="?", type=Path, default=Path("assets/screenshots"), help="where the PNGs go")
    parser.add_argument("window", nargs="?", type=parse_window, default=(1280, 800), metavar="WxH")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    for path in write(args.folder, args.window):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
