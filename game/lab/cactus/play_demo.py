"""Demo positions of the Cactus play scene for README screenshots, driven like a player (synthetic events).

Not a screen of its own: it opens the play screen through the room's navigator, as the game does, and drives it
with :class:`PlayDriver`.

``python -m game.lab.cactus.play_demo zoom --window 1280x800 --screenshot assets/screenshots/cactus-zoom.png``
shows the close view while a piece is held next to the target cactus, with the hand zone (C-X1); ``award``
(``--screenshot assets/screenshots/cactus-award.png``) the award for a third red piece floating beside it (C-P1).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import i18n
from game.app import App, AppOptions, BaseScene
from game.argtypes import parse_window
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens import navigation
from game.cactus.screens.scene_play import PlayScene
from physics.scenes import drop_position, hang_points

FRAME_MS = 17


class PlayDriver:
    """Drives a play scene on a virtual clock: frames, and mouse events at world points."""

    def __init__(self, app: App, frame_ms: int = FRAME_MS) -> None:
        self.app = app
        self.frame_ms = frame_ms
        self.now = 0
        app.frame(0)

    @property
    def scene(self) -> PlayScene:
        scene = self.app.scene
        assert isinstance(scene, PlayScene), scene
        return scene

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.now += self.frame_ms
            self.app.frame(self.now)

    def mouse(self, kind: int, world: tuple[float, float], **extra: Any) -> None:
        pos = self.scene.screen_of(world)
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        self.frames()


def hold_near_target(app: App) -> PlayScene:
    """Seat 1 rolls COLOUR, takes a blue piece and holds it just above an arm of cactus 3."""
    match = Match.with_position({0: ["yellow_hook", "green_arch"], 1: ["red_zigzag", "blue_crescent"]},
                                last="blue_crescent", options=Options(die=Die(6, 0, 0)), names=["Ana", "Saguaro"],
                                bots=[False, True], seed=3)
    app.push(BaseScene())
    app.push(navigation.play_screen(match, autosave=False))
    p = PlayDriver(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    p.frames(50)
    if match.stage == Stage.CHOOSE:
        piece = match.allowed()[0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p.scene.heap_cells[piece].center, button=1))
        p.frames(40)
    if match.stage != Stage.IN_HAND:
        raise RuntimeError(f"the demo could not take a piece (stage {match.stage.value})")
    target = match.rules.target_cactus()
    assert target is not None
    pid = str(match.piece)
    x = hang_points(match.world, target)[-1]
    y = drop_position(match.world, pid, x, 0.0, clearance=3.0)[1]
    start = (x - 60.0, y + 80.0)
    p.mouse(pygame.MOUSEMOTION, start, rel=(0, 0), buttons=(0, 0, 0))
    p.mouse(pygame.MOUSEBUTTONDOWN, start, button=1)
    for k in range(1, 21):
        p.mouse(pygame.MOUSEMOTION, (start[0] + 60.0 * k / 20, start[1] - 62.0 * k / 20), rel=(0, 0),
                buttons=(1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    p.frames(25)
    return p.scene


def award_on_target(app: App) -> PlayScene:
    """Seat 1 hangs a third red piece on cactus 3, confirms, and the award (C-P1) floats up beside it."""
    match = Match.with_position({1: ["red_arch"], 2: ["red_hook"]}, last="red_hook",
                                options=Options(die=Die(6, 0, 0)), names=["Ana", "Saguaro"], bots=[False, True])
    app.push(BaseScene())
    app.push(navigation.play_screen(match, autosave=False))
    p = PlayDriver(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    p.frames(50)
    if match.stage == Stage.CHOOSE and "red_fork" in match.allowed():
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p.scene.heap_cells["red_fork"].center,
                                             button=1))
        p.frames(40)
    if match.stage != Stage.IN_HAND:
        raise RuntimeError(f"the demo could not take the red fork (stage {match.stage.value})")
    x = hang_points(match.world, 3)[0]
    match.drop(drop_position(match.world, "red_fork", x, 0.0, clearance=3.0), 0.0)
    p.frames(240)
    if match.stage != Stage.JUDGED or match.violations:
        raise RuntimeError(f"the red fork was not placed validly (stage {match.stage.value})")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    p.frames(30)
    return p.scene


def run_demo(prog: str, demos: dict[str, Callable[[App], Any]], argv: list[str]) -> int:
    """The demo screenshot tools' command line: ``prog DEMO --screenshot PATH [--window WxH] [--lang en|de]``
    runs ``demos[DEMO](app)`` on a headless app and saves its last frame (a failed demo: one line, exit 1)."""
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("demo", choices=sorted(demos))
    parser.add_argument("--window", type=parse_window, default=(1280, 800), metavar="WxH")
    parser.add_argument("--lang", choices=["en", "de"], default="en")
    parser.add_argument("--screenshot", type=Path, required=True)
    args = parser.parse_args(argv)
    os.environ.setdefault("GARDEN_TABLE_HOME", str(Path(os.environ.get("TMPDIR", "/tmp")) / "garden-table-demo"))
    i18n.set_language(args.lang)
    app = App(AppOptions(size=args.window, headless=True, screenshot=args.screenshot))
    try:
        demos[args.demo](app)
    except RuntimeError as exc:
        print(f"demo failed: {exc}", file=sys.stderr)
        return 1
    app.save_screenshot()
    print(args.screenshot)
    return 0


def main(argv: list[str]) -> int:
    return run_demo("python -m game.lab.cactus.play_demo", {"zoom": hold_near_target, "award": award_on_target}, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
