"""The table's seams (issue 10): scenes import no scene, the table reaches the game only through sessions, and
drawing changes nothing (DESIGN.md layers 4, 5 and 7)."""

from __future__ import annotations

from pathlib import Path

from module_imports import imported_modules
from table_helpers import Driver, position, table

import game.artischocken as package

ROOT = Path(package.__file__).parent
A = "artichoke"


def test_no_artischocken_scene_imports_another_scene() -> None:
    scenes = sorted(ROOT.glob("scene_*.py"))
    assert {p.stem for p in scenes} == {"scene_setup", "scene_table", "scene_replay"}  # helpers: not scene_*
    for path in scenes:
        others = {f"game.artischocken.{p.stem}" for p in scenes if p != path}
        assert not imported_modules(path) & others, path.name
        assert "game.launcher" not in imported_modules(path), path.name


def test_the_table_modules_never_reach_the_engines_insides() -> None:
    """Nothing but the engine imports an engine ``_name``; the table's modules never read the all-seeing log or
    the generator (they see the game through sessions)."""
    for path in ROOT.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if not path.stem.startswith("engine"):
            for name in imported_modules(path):
                head, _, last = name.rpartition(".")
                assert not (head.startswith("game.artischocken.engine") and last.startswith("_")), (path, name)
        if path.stem.startswith(("scene_", "table_", "intent", "flights", "turns")):
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
