"""The engine package: importers keep every name it offers, and its modules take the game as a parameter instead of
importing it back (no cycles)."""

from __future__ import annotations

from pathlib import Path

import pytest
from module_imports import imported_modules

import game.artischocken.engine as engine

ENGINE_DIR = Path(engine.__file__).parent
ENGINE_MODULES = sorted(ENGINE_DIR.glob("*.py"))

#: Every public name ``game.artischocken.engine`` offers its importers.
PUBLIC_BEFORE = (
    "ACTION_KINDS", "ARTICHOKE", "Action", "BEET", "BROCCOLI", "CARDS", "CARROT", "CORN", "DECK_ARTICHOKES",
    "EGGPLANT", "END_PLAY", "EVENT_KEYS", "Event", "FORMAT", "Game", "HAND_SIZE", "IllegalAction", "LEEK",
    "MAX_PLAYERS", "MAX_RESHUFFLES", "MIN_PLAYERS", "ONION", "PEAS", "PEPPER", "PER_VEGETABLE", "PHASES", "POTATO",
    "RHUBARB", "ROW_SIZE", "UNDO_BARRIERS", "UNPLAYABLE_REASONS", "VEGETABLES", "ZONES", "new_game",
)


def test_engine_still_exports_every_name_importers_use() -> None:
    missing = [name for name in PUBLIC_BEFORE if not hasattr(engine, name)]
    assert missing == []
    assert set(PUBLIC_BEFORE) <= set(engine.__all__)


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: p.stem)
def test_engine_modules_never_import_the_game_back(path: Path) -> None:
    imports = imported_modules(path)
    if path.stem not in ("game", "__init__"):  # card_rules, decisions, observer, save take it as a parameter (typed)
        assert not {"game.artischocken.engine", "game.artischocken.engine.game"} & imports, sorted(imports)
