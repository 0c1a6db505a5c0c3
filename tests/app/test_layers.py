"""The house's layers (docs/design.md): the pure folders import nothing impure, physics knows neither pygame nor
the program, the card game never touches pymunk, scenes stay apart, only the lab measures and demonstrates, and
no folder is a heap of modules."""

from __future__ import annotations

from pathlib import Path

import pytest
from module_imports import imported_modules

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("game", "physics", "tools")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}
#: The pure cores, as folders: every module in them, whatever its name.
PURE_FOLDERS = {"game/artischocken/engine": "game.artischocken.engine", "game/cactus/rules": "game.cactus.rules"}
PURE_MODULES = sorted(p for folder in PURE_FOLDERS for p in (ROOT / folder).glob("*.py"))
#: What a pure module may import besides its own folder: the standard library's pure parts and the shared form of
#: a seeded generator. No pygame, pymunk, physics, files, clock or operating system.
PURE_STDLIB = {"__future__", "collections", "contextlib", "copy", "dataclasses", "enum", "functools", "itertools",
               "math", "random", "typing"}
SCENES = {name for name in MODULES if name.rsplit(".", 1)[-1].startswith("scene_")}
#: Who may import a scene: the rooms (their navigators), the launcher, the CLI (it hands the app its scenes) and the
#: lab's screenshot scripts.
SCENE_IMPORTERS = ("game.screens.launcher", "game.cli", "game.cactus.room", "game.artischocken.room", "game.lab",
                   "tools.room")
#: A module whose name says it measures, demonstrates or takes screenshots belongs in the lab.
LAB_WORDS = ("bench", "demo", "shots", "autopilot", "fit")


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_pure_folders_are_found() -> None:
    assert len(PURE_MODULES) >= 16  # engine: game, cards, effects, legal, ...; rules: game, pieces, bank, ...


@pytest.mark.parametrize("path", PURE_MODULES, ids=rel)
def test_every_module_of_a_pure_folder_imports_only_pure_things(path: Path) -> None:
    own = next(pkg for folder, pkg in PURE_FOLDERS.items() if rel(path).startswith(folder))
    for name in imported_modules(path):
        allowed = name.split(".")[0] in PURE_STDLIB or name == own or name.startswith((own + ".", "game.rngstate"))
        assert allowed, f"{rel(path)} imports {name}"


@pytest.mark.parametrize("path", sorted((ROOT / "physics").glob("*.py")), ids=rel)
def test_physics_imports_neither_pygame_nor_the_program(path: Path) -> None:
    bad = [m for m in imported_modules(path) if m.split(".")[0] in ("pygame", "game", "tools")]
    assert bad == [], rel(path)


def test_the_card_game_never_imports_pymunk_or_physics() -> None:
    for name, path in MODULES.items():
        if name.startswith("game.artischocken"):
            bad = [m for m in imported_modules(path) if m.split(".")[0] in ("pymunk", "physics")]
            assert bad == [], name


def test_no_scene_imports_another_scene_and_only_rooms_open_them() -> None:
    for name, path in MODULES.items():
        scenes = imported_modules(path) & SCENES - {name}
        if name in SCENES:
            assert not scenes, f"the scene {name} imports the scene(s) {sorted(scenes)}"
        elif not name.startswith(SCENE_IMPORTERS):
            assert not scenes, f"{name} imports the scene(s) {sorted(scenes)}"


def test_the_product_never_imports_the_lab() -> None:
    for name, path in MODULES.items():
        if not name.startswith("game.lab"):
            lab = [m for m in imported_modules(path) if m.startswith("game.lab")]
            assert lab == [], f"{name} imports {lab}"


def test_benchmarks_demos_and_screenshot_scripts_live_in_the_lab() -> None:
    outside = [n for n in MODULES if not n.startswith("game.lab") and any(w in n.rsplit(".", 1)[-1] for w in LAB_WORDS)]
    assert outside == []


@pytest.mark.parametrize("folder", sorted({p.parent for p in MODULES.values()}), ids=rel)
def test_no_folder_holds_more_than_twenty_modules(folder: Path) -> None:
    assert len(list(folder.glob("*.py"))) <= 20, rel(folder)
