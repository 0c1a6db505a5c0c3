"""Shared QA helpers: scene factories for every screen, buttons of a scene, frames and input.

The headless app comes from the root ``make_app`` fixture (tests/conftest.py)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app import App, BaseScene
from game.paths import asset
from game.ui.widgets import Button


def copy_assets(tmp: Path) -> tuple[Path, Path]:
    pieces, cacti = tmp / "pieces.json", tmp / "cacti.json"
    shutil.copyfile(asset("pieces.json"), pieces)
    shutil.copyfile(asset("cacti.json"), cacti)
    return pieces, cacti


def scene_factories(tmp: Path) -> dict[str, Callable[[], BaseScene]]:
    """Every first screen of every room (no autosave, editor on copies so nothing real is written)."""
    from game.artischocken.room import setup_scene as art_setup
    from game.artischocken.seats import Seat
    from game.artischocken.table.scene_table import Options, TableScene
    from game.cactus.match import Match
    from game.cactus.screens.scene_play import PlayScene
    from game.cactus.screens.scene_setup import SetupScene as CactusSetup
    from game.screens.launcher import LauncherScene
    from tools.editor.scene import EditorScene

    pieces, cacti = copy_assets(tmp)
    return {
        "launcher": LauncherScene,
        "cactus-setup": lambda: CactusSetup(players=3),
        "cactus-play": lambda: PlayScene(Match.new(3, names=["Ann", "Ben", "Cleo"], seed=1, bots=[False] * 3),
                                         autosave=False),
        "art-setup": lambda: art_setup(offer_resume=False),
        "art-table": lambda: TableScene.new([Seat("Ann", "human"), Seat("Ada", "greedy"), Seat("Cleo", "greedy")],
                                            Options(seed=1, autosave=False)),
        "editor": lambda: EditorScene(pieces, cacti),
    }


def buttons_of(scene: object) -> list[Button]:
    """Every Button the scene holds (attributes, lists, dicts; one level of nesting), deduplicated."""
    found: list[Button] = []

    def visit(obj: object, depth: int) -> None:
        if isinstance(obj, Button):
            if all(obj is not b for b in found):
                found.append(obj)
            return
        if depth > 2:
            return
        if isinstance(obj, list | tuple):
            for item in obj:
                visit(item, depth + 1)
        elif isinstance(obj, dict):
            for item in obj.values():
                visit(item, depth + 1)

    for value in vars(scene).values():
        visit(value, 0)
    return [b for b in found if b.rect.w > 0 and b.rect.h > 0]


def run_frames(app: App, n: int, start: int = 0, step: int = 16) -> int:
    now = start
    for _ in range(n):
        now += step
        app.frame(now)
    return now


def key(k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))


def click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


