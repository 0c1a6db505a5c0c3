"""The engine's module split (issue 10): importers keep their names, the modules stay pure and free of cycles."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import game.artischocken.engine as engine

ENGINE_DIR = Path(engine.__file__).parent
ENGINE_MODULES = sorted(ENGINE_DIR.glob("engine*.py"))

#: Every public name ``game.artischocken.engine`` had before the split.
PUBLIC_BEFORE = (
    "ACTION_KINDS", "ARTICHOKE", "Action", "BEET", "BROCCOLI", "CARDS", "CARROT", "CORN", "DECK_ARTICHOKES",
    "EGGPLANT", "END_PLAY", "EVENT_KEYS", "Event", "FORMAT", "Game", "HAND_SIZE", "IllegalAction", "LEEK",
    "MAX_PLAYERS", "MAX_RESHUFFLES", "MIN_PLAYERS", "ONION", "PEAS", "PEPPER", "PER_VEGETABLE", "PHASES", "POTATO",
    "RHUBARB", "ROW_SIZE", "UNDO_BARRIERS", "UNPLAYABLE_REASONS", "VEGETABLES", "ZONES", "new_game",
)
#: Modules a pure core may not import (drawing, physics, files, clock).
IMPURE = {"pygame", "pymunk", "physics", "os", "pathlib", "io", "time", "datetime", "shutil", "tempfile"}


def test_engine_still_exports_every_name_importers_use() -> None:
    missing = [name for name in PUBLIC_BEFORE if not hasattr(engine, name)]
    assert missing == []
    assert set(PUBLIC_BEFORE) <= set(engine.__all__)


def _runtime_imports(path: Path) -> list[str]:
    """Modules imported by ``path`` outside ``if TYPE_CHECKING:`` blocks (function-level imports included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            skip.update(id(n) for n in ast.walk(node))
    out: list[str] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
            out.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return out


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: p.stem)
def test_engine_modules_are_pure_small_and_never_import_engine_back(path: Path) -> None:
    imports = _runtime_imports(path)
    assert not [m for m in imports if m.split(".")[0] in IMPURE], imports
    if path.stem != "engine":  # effects, observer, save... take the game as a parameter (typed only)
        assert "game.artischocken.engine" not in imports
    assert len(path.read_text(encoding="utf-8").splitlines()) < 600
