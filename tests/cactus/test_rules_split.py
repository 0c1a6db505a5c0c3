"""Issue 11: the rules split by responsibility into flat, pure ``rules_*`` modules; ``game.cactus.rules`` still
offers every public name it had, and the generator's save form is the shared one (game.rngstate)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import game.cactus.rules as rules
from game.cactus.rules import CactusGame, SaveError
from game.rngstate import rng_to_json

CACTUS = Path(__file__).resolve().parents[2] / "game" / "cactus"

#: Every public name of game/cactus/rules.py before the split (issue 11 keeps them importable from there).
PUBLIC_BEFORE = ["AWARD_KINDS", "AWARD_RULES", "Award", "AwardKind", "BASIC", "COLOURS", "CactusGame",
                 "DEFAULT_SPECIALS", "Die", "END_REASONS", "EVENT_KINDS", "Event", "FORMS", "Face", "FactsLike",
                 "FlowerBank", "IllegalMove", "MAX_PLAYERS", "MIN_PLAYERS", "N_CACTI", "Options", "Phase", "Piece",
                 "PieceLike", "PlacementFacts", "RulesState", "SAVE_FORMAT", "SAVE_INT_LIMIT", "SPECIAL",
                 "START_FLOWERS", "START_SUPPLY", "SaveError", "TOTAL_FLOWERS", "TurnRecord", "VIOLATION_KINDS",
                 "Violation", "allowed_pieces", "default_pieces", "judge", "score_placement", "tokens_for",
                 "validate_pieces", "winners"]
#: What a pure rules module may import (DESIGN.md layer 1): the standard library's pure parts and itself.
PURE = ("__future__", "collections", "copy", "dataclasses", "enum", "random", "typing", "game.cactus.rules",
        "game.rngstate")


def test_issue11_rules_still_exports_every_name() -> None:
    missing = [name for name in PUBLIC_BEFORE if not hasattr(rules, name)]
    assert not missing
    assert set(PUBLIC_BEFORE) <= set(rules.__all__)


@pytest.mark.parametrize("path", sorted(CACTUS.glob("rules*.py")), ids=lambda p: p.name)
def test_issue11_every_rules_module_is_pure_and_short(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        for name in names:
            assert name.startswith(PURE), f"{path.name} imports {name}"
    assert len(path.read_text(encoding="utf-8").splitlines()) < 600


def test_issue11_the_generator_is_saved_in_the_shared_form() -> None:
    game = CactusGame.new(3, seed=11)
    game.rng.random()
    data = game.to_dict()
    assert data["rng"] == rng_to_json(game.rng)
    again = CactusGame.from_dict(data)
    assert again.rng.random() == game.rng.random()


def test_issue11_a_broken_generator_is_a_rules_save_error_naming_the_field() -> None:
    data = CactusGame.new(2, seed=1).to_dict()
    data["rng"] = {**data["rng"], "state": data["rng"]["state"][:-1]}
    with pytest.raises(ValueError, match=r"broken Cactus rules save: rng\.state"):
        CactusGame.from_dict(data)
    assert issubclass(SaveError, ValueError)


@pytest.mark.parametrize("value", [True, "1", None, float("nan"), 1e7, -1e7])
def test_issue11_one_family_of_save_checks_covers_numbers_too(value: object) -> None:
    from game.cactus.rules_save import need_number

    assert need_number(2, "hand_angle", -10, 10) == 2.0
    with pytest.raises(SaveError, match="hand_angle"):
        need_number(value, "hand_angle", -1e6, 1e6)
