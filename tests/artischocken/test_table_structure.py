"""The table's seams: the table reaches the game only through sessions, and drawing changes nothing (docs/design.md,
layers 5 and 7; that no scene imports another is checked for every room in tests/app/test_layers.py)."""

from __future__ import annotations

from pathlib import Path

from module_imports import imported_modules
from table_helpers import Driver, position, table

import game.artischocken as package

ROOT = Path(package.__file__).parent
A = "artichoke"


def test_the_table_folder_holds_the_rooms_scenes() -> None:
    scenes = {p.stem for p in ROOT.rglob("scene_*.py")}
    assert scenes == {"scene_setup", "scene_table", "scene_replay", "scene_remote", "scene_rules"}
    assert all((ROOT / "table" / f"{name}.py").exists() for name in scenes)


def test_the_table_modules_never_reach_the_engines_insides() -> None:
    """Nothing but the engine imports an engine ``_name``; the table's modules never read the all-seeing log or
    the generator (they see the game through sessions)."""
    for path in ROOT.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.parent.name != "engine":
            for name in imported_modules(path):
                head, _, last = name.rpartition(".")
                assert not (head.startswith("game.artischocken.engine") and last.startswith("_")), (path, name)
        if path.parent.name == "table" or path.stem == "turns":
            assert ".events(" not in text and ".rng" not in text, path.name


def test_draw_assigns_nothing(drv: Driver) -> None:
    """``update`` plans the frame; ``draw`` only paints it: the scene's state is the same before and after."""
    scene = table(drv.app, position([["broccoli", "carrot", A, A, A], [A]], decks=[[A], [A]]), ["human", "random"])
    drv.frame(3)
    drv.move(drv.choice(scene, "hand0"))
    before = {k: (id(v), repr(v)) for k, v in vars(scene).items()}
    for _ in range(3):
        scene.draw(drv.app.surface)
    assert {k: (id(v), repr(v)) for k, v in vars(scene).items()} == before
