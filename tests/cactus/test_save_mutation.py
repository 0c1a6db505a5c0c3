"""Malformed saves: every field of a real save, mutated, is refused with the documented ValueError, or loads into a
match that saves and resumes to the same state; never anything else.

Bad input gets a clear message (docs/design.md, Conventions); the setup screen shows it in the "save problem"
dialog and keeps the file aside. The save is a real mid-game one (bot turns, a piece falling, a log), so every kind
of field is in it.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cactus.bots.simple import Bot, play
from game.cactus.match import Match, Stage
from game.cactus.rules import CactusGame

Path_ = tuple[str | int, ...]

#: What a field may become: null, wrong types, huge and negative numbers, NaN/inf (Python's json reads those).
MUTANTS: list[Any] = [None, "x", "", True, 0, -1, 1.5, -(10**20), 10**30, 1e308, float("nan"), float("inf"),
                      [], [None], {}, {"x": 1}]
MISSING = object()  # the key is deleted
#: How every refusal of Match.from_dict begins ("broken Cactus save: ...", "broken Cactus rules save: ...", "not a
#: Cactus save ...", "not a Cactus rules save ..."): the setup screen's "save problem" dialog shows it.
SAVE_ERROR = re.compile(r"broken Cactus (rules )?save: .|not a Cactus (rules )?save")


@cache
def real_save() -> str:
    match = Match.new(3, seed=5, bots=[True, True, True])
    bot = Bot()
    play(match, turns=4, bot=bot)
    while match.stage != Stage.SETTLING:
        bot.act(match)
    return json.dumps(match.to_dict())


def paths(node: Any, prefix: Path_ = (), long_lists: int = 3) -> Iterator[Path_]:
    """Every field of the save (lists: their first and last few items, the rng state's ends)."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield (*prefix, k)
            yield from paths(v, (*prefix, k), long_lists)
    elif isinstance(node, list):
        idx = range(len(node)) if len(node) <= 2 * long_lists else [*range(long_lists), *range(-long_lists, 0)]
        for i in idx:
            yield (*prefix, i)
            yield from paths(node[i], (*prefix, i), long_lists)


def mutated(save: dict[str, Any], path: Path_, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(save)
    node: Any = data
    for part in path[:-1]:
        node = node[part]
    if value is MISSING:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


def loads_or_refuses(data: Any) -> None:
    """Refused with the documented ValueError ("broken Cactus save: ..." naming what is wrong), or loaded into a
    match whose own save, written as JSON and read again, resumes to the very same state: a garbage field is
    never taken in a form the game cannot save and resume."""
    try:
        match = Match.from_dict(data)
    except ValueError as exc:
        assert SAVE_ERROR.match(str(exc)), f"not the documented refusal: {str(exc)[:200]}"
        return
    saved = match.to_dict()
    again = Match.from_dict(json.loads(json.dumps(saved)))
    assert again.to_dict() == saved, "an accepted save does not resume to the same state"


ALL_PATHS = list(paths(json.loads(real_save())))


def test_save_paths_cover_every_section() -> None:
    heads = {p[0] for p in ALL_PATHS}
    rules = {p[1] for p in ALL_PATHS if p[0] == "rules" and len(p) > 1}
    assert {"rules", "world", "bots", "stage", "hand_angle", "settle_time", "drops"} <= heads
    assert {"options", "turn", "rng", "bank", "log", "pieces", "supply", "row", "current", "phase"} <= rules
    assert len(ALL_PATHS) > 200


@pytest.mark.parametrize("value", [None, MISSING, "x", -1, 10**30, [], {}], ids=repr)
def test_every_rules_field_mutated_loads_or_refuses(value: Any) -> None:
    """Each field of the rules section (all of them, one by one) set to the value, or deleted."""
    save = json.loads(real_save())
    targets = [p for p in ALL_PATHS if p[0] == "rules" and p[:2] != ("rules", "log")]
    for path in targets:
        if value is MISSING and isinstance(path[-1], int):
            continue
        loads_or_refuses(mutated(save, path, value))


@pytest.mark.slow  # a long property / bot / whole-game run, left out by `make quick` (`pytest -m "not slow"`)
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(ALL_PATHS), value=st.sampled_from([*MUTANTS, MISSING]))
def test_any_field_mutated_loads_or_refuses(path: Path_, value: Any) -> None:
    if value is MISSING and isinstance(path[-1], int):
        value = None
    loads_or_refuses(mutated(json.loads(real_save()), path, value))


@pytest.mark.parametrize("section", ["rules", "options", "turn", "bank", "rng", "world"])
def test_null_section_is_a_clear_value_error(section: str) -> None:
    save = json.loads(real_save())
    path: Path_ = (section,) if section in ("rules", "world") else ("rules", section)
    with pytest.raises(ValueError, match=f"broken Cactus.*{section}"):
        Match.from_dict(mutated(save, path, None))


def test_negative_rng_state_is_a_value_error_not_overflow() -> None:
    save = json.loads(real_save())
    with pytest.raises(ValueError, match="rng.state"):
        Match.from_dict(mutated(save, ("rules", "rng", "state", 0), -5))


@pytest.mark.parametrize(("field", "value", "words"), [
    ("current", 7, "current"),
    ("last_cactus", 9, "last_cactus"),
    ("phase", "place", "phase 'place'"),
    ("names", ["solo"], "players"),
    ("supply", ["cactus_flower"], "not a basic"),
])
def test_inconsistent_rules_are_named(field: str, value: Any, words: str) -> None:
    """Values of the right type that do not fit the game are refused too (they would crash later)."""
    save = json.loads(real_save())
    save["rules"]["phase"] = "roll" if field != "phase" else save["rules"]["phase"]
    save["rules"]["turn"]["piece"] = None
    with pytest.raises(ValueError, match=words):
        CactusGame.from_dict(mutated(save, ("rules", field), value)["rules"])


def test_real_save_still_loads_exactly() -> None:
    save = json.loads(real_save())
    assert Match.from_dict(save).to_dict() == save
