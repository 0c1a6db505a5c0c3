"""A crowded cactus, close up, with the colour aids off and on: the README's pictures and the colour-aid test's
subject. ``python -m game.lab.cactus.colour_shots [OUTDIR]`` writes ``cactus-colours.png`` and
``cactus-colour-aids.png`` (default: ``assets/screenshots``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pygame

from game import settings
from game.app import App, AppOptions
from game.argtypes import parse_window
from game.cactus.match import Match
from game.cactus.screens.scene_play import PlayScene

#: Every colour on one cactus, some touching (cactus 2 is the crowded one), and a few on its neighbours.
CROWD: dict[int, list[str]] = {
    1: ["green_hook", "yellow_crescent"],
    2: ["red_arch", "blue_crescent", "yellow_hook", "green_crescent", "purple_arch", "blue_fork", "red_hook",
        "purple_crescent", "green_arch", "yellow_arch"],
    3: ["purple_hook", "red_crescent"],
}
CROWDED = 2


def crowded_match(seed: int = 0) -> Match:
    """A two-player match whose cactus 2 carries a piece of every colour (the pieces that fall are left out)."""
    hanging = {c: list(p) for c, p in CROWD.items()}
    for _ in range(12):
        try:
            return Match.with_position(hanging, last=hanging[CROWDED][-1], players=2, seed=seed)
        except ValueError as exc:  # a piece that did not hang: leave it out
            missing = next((p for ps in hanging.values() for p in ps if p in str(exc)), None)
            if missing is None:
                raise
            for ps in hanging.values():
                if missing in ps:
                    ps.remove(missing)
    raise ValueError("no crowded cactus could be hung")


def crowded_scene(app: App, seed: int = 0) -> PlayScene:
    """The play scene of :func:`crowded_match`, the camera close on the crowded cactus, settled."""
    scene = PlayScene(crowded_match(seed), autosave=False, record_replay=False)
    app.push(scene)
    app.frame()
    world = scene.match.world
    scene.director.camera.aim(*scene.view.focus_shot(world, CROWDED), instant=True)
    for _ in range(3):
        app.frame()
    return scene


def write(out: Path, size: tuple[int, int] = (1280, 800)) -> list[Path]:
    written = []
    for aids, name in ((False, "cactus-colours.png"), (True, "cactus-colour-aids.png")):
        app = App(AppOptions(size=size, headless=True))
        settings.begin_run(saved=settings.Settings(), colour_blind=aids)
        scene = crowded_scene(app)
        scene.pulse_age = 99.0  # a steady glow, as a resting table shows it
        app.frame()
        out.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.surface, str(out / name))
        written.append(out / name)
        pygame.quit()
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m game.lab.cactus.colour_shots [FOLDER] [WxH]``: the two colour-aid pictures."""
    parser = argparse.ArgumentParser(prog="python -m game.lab.cactus.colour_shots",
                                     description="Render the crowded cactus with the colour aids off and on.")
    parser.add_argument("folder", nargs="?", type=Path, default=Path("assets/screenshots"), help="where the PNGs go")
    parser.add_argument("window", nargs="?", type=parse_window, default=(1280, 800), metavar="WxH")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    for path in write(args.folder, args.window):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
