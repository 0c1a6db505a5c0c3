"""The rules package: ``game.cactus.rules`` offers every public name its importers use, and the generator's save
form is the shared one (game.rngstate). Its purity is checked with every pure folder (tests/app/test_layers.py)."""

from __future__ import annotations

import pytest

import game.cactus.rules as rules
from game.cactus.rules import CactusGame, SaveError
from game.rngstate import rng_to_json

#: Every public name ``game.cactus.rules`` offers its importers.
PUBLIC_BEFORE = ["AWARD_KINDS", "AWARD_RULES", "Award", "AwardKind", "BASIC", "COLOURS", "CactusGame",
                 "DEFAULT_SPECIALS", "Die", "END_REASONS", "EVENT_KINDS", "Event", "FORMS", "Face", "FactsLike",
                 "FlowerBank", "IllegalMove", "MAX_PLAYERS", "MIN_PLAYERS", "N_CACTI", "Options", "Phase", "Piece",
                 "PieceLike", "PlacementFacts", "RulesState", "SAVE_FORMAT", "SAVE_INT_LIMIT", "SPECIAL",
                 "START_FLOWERS", "START_SUPPLY", "SaveError", "TOTAL_FLOWERS", "TurnRecord", "VIOLATION_KINDS",
                 "Violation", "allowed_pieces", "default_pieces", "judge", "score_placement", "tokens_for",
                 "validate_pieces", "winners"]

def test_rules_package_exports_every_name() -> None:
    missing = [name for name in PUBLIC_BEFORE if not hasattr(rules, name)]
    assert not missing
    assert set(PUBLIC_BEFORE) <= set(rules.__all__)


def test_the_generator_is_saved_in_the_shared_form() -> None:
    game = CactusGame.new(3, seed=11)
    game.rng.random()
    data = game.to_dict()
    assert data["rng"] == rng_to_json(game.rng)
    again = CactusGame.from_dict(data)
    assert again.rng.random() == game.rng.random()


def test_a_broken_generator_is_a_rules_save_error_naming_the_field() -> None:
    data = CactusGame.new(2, seed=1).to_dict()
    data["rng"] = {**data["rng"], "state": data["rng"]["state"][:-1]}
    with pytest.raises(ValueError, match=r"broken Cactus rules save: rng\.state"):
        CactusGame.from_dict(data)
    assert issubclass(SaveError, ValueError)


@pytest.mark.parametrize("value", [True, "1", None, float("nan"), 1e7, -1e7])
def test_one_family_of_save_checks_covers_numbers_too(value: object) -> None:
    from game.cactus.rules.save_checks import need_number

    assert need_number(2, "hand_angle", -10, 10) == 2.0
    with pytest.raises(SaveError, match="hand_angle"):
        need_number(value, "hand_angle", -1e6, 1e6)
