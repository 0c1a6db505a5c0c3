"""The engine's module split (issue 10): importers keep their names, the modules stay pure and free of cycles."""

from __future__ import annotations

from pathlib import Path

import pytest
from module_imports import imported_modules

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


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: p.stem)
def test_engine_modules_are_pure_small_and_never_import_engine_back(path: Path) -> None:
    imports = imported_modules(path)
    assert not [m for m in imports if m.split(".")[0] in IMPURE], imports
    if path.stem != "engine":  # effects, observer, save... take the game as a parameter (typed only)
        assert "game.artischocken.engine" not in imports
    assert len(path.read_text(encoding="utf-8").splitlines()) < 600
