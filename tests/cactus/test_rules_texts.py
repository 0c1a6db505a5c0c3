"""The rules' texts (assets/i18n/*/cactus.json): every rule id, event, violation, award, face and end reason."""

from __future__ import annotations

import json
import re
import string

import pytest

from game.cactus.rules import (
    AWARD_KINDS,
    COLOURS,
    DEFAULT_SPECIALS,
    END_REASONS,
    EVENT_KINDS,
    FORMS,
    VIOLATION_KINDS,
    Face,
    Phase,
)
from game.paths import asset


def load(lang: str) -> dict[str, str]:
    with asset("i18n", lang, "cactus.json").open(encoding="utf-8") as fh:
        data = json.load(fh)
    assert isinstance(data, dict)
    return data


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    en, de = load("en"), load("de")
    assert set(en) == set(de)
    for key in en:
        assert fields(en[key]) == fields(de[key]), key
        assert key.startswith("cactus."), key


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_rule_thing_has_a_text(lang: str) -> None:
    texts = load(lang)
    wanted = (
        [f"cactus.event.{k}" for k in EVENT_KINDS]
        + [f"cactus.violation.{k}" for k in VIOLATION_KINDS]
        + [f"cactus.award.{k}" for k in AWARD_KINDS]
        + [f"cactus.award.{k}.text" for k in AWARD_KINDS]
        + [f"cactus.end.{k}" for k in END_REASONS]
        + [f"cactus.die.{f.value}" for f in Face]
        + [f"cactus.phase.{p.value}" for p in Phase]
        + [f"cactus.colour.{c}" for c in COLOURS]
        + [f"cactus.form.{f}" for f in FORMS]
        + [f"cactus.special.{name}" for name, _ in DEFAULT_SPECIALS]
        + ["cactus.action.place_again", "cactus.action.fix"]
    )
    missing = [k for k in wanted if not texts.get(k)]
    assert missing == []


def test_every_C_rule_the_rules_name_is_explained_in_the_rules_doc() -> None:
    """docs/rules.md is where a rule ID leads a reader: every Cactus rule the pure rules name has its entry."""
    root = asset("..").resolve()
    documented = set(re.findall(r"\*\*(C-[A-Z]\d)\b", (root / "docs" / "rules.md").read_text(encoding="utf-8")))
    named = {m for path in (root / "game" / "cactus" / "rules").glob("*.py")
             for m in re.findall(r"\bC-[A-Z]\d\b", path.read_text(encoding="utf-8"))}
    assert {"C-K1", "C-R2", "C-P1", "C-E1"} <= named  # the rules do name their rules
    assert sorted(named - documented) == []
