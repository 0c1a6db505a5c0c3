"""German sentences about a piece: a form's name is a capitalised noun wherever it stands, and the pronoun that
stands for a piece agrees with its name's grammatical gender ("Gabel in Grün ist gefallen: ... lege sie erneut").
One name per room and language: the Cactus screens call the room what the launcher does."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from helpers_scene import rolled_and_taken

from game import i18n
from game.cactus.match import Match, Stage
from game.cactus.rules import DEFAULT_SPECIALS, FORMS, CactusGame, Die, Event, Options
from game.cactus.screens.texts import GENDERS, ask, describe, describe_times, piece_name, piece_pronoun, stage_prompt
from game.i18n import t
from game.paths import asset

#: German grammar, written down here on its own so that the catalogue is checked against it.
GERMAN_GENDER = {"arch": "m", "hook": "m", "crescent": "f", "fork": "f", "zigzag": "m",
                 "cactus_flower": "f", "cowboy_boot": "m", "sun": "f", "scorpion": "m", "lizard": "f",
                 "snake": "f", "pot": "m", "horseshoe": "n", "cow_skull": "m", "feather": "f"}
#: The pronoun standing for a piece as an object (accusative): "lege ihn / sie / es erneut".
OBJECT_PRONOUN = {"m": "ihn", "f": "sie", "n": "es"}


@pytest.fixture(autouse=True)
def german() -> Iterator[None]:
    before = i18n.get_language()
    i18n.set_language("de")
    yield
    i18n.set_language(before)


def _de() -> dict[str, str]:
    data = json.loads((asset("i18n") / "de" / "cactus.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _pieces() -> list[tuple[str, str]]:
    """Every kind of piece name: (piece id, the id its name and gender come from)."""
    return [(f"green_{form}", form) for form in FORMS] + [(name, name) for name, _colour in DEFAULT_SPECIALS]


def test_every_form_and_special_has_a_gender_in_every_language() -> None:
    for lang in i18n.LANGUAGES:
        for form in FORMS:
            assert t(f"cactus.form.{form}.gender", lang) in GENDERS, (lang, form)
        for name, _colour in DEFAULT_SPECIALS:
            assert t(f"cactus.special.{name}.gender", lang) in GENDERS, (lang, name)
    for form in FORMS:
        assert t(f"cactus.form.{form}.gender", "de") == GERMAN_GENDER[form], form
    for name, _colour in DEFAULT_SPECIALS:
        assert t(f"cactus.special.{name}.gender", "de") == GERMAN_GENDER[name], name


def test_a_fallen_fork_is_placed_again_as_she() -> None:
    rules = CactusGame.new(2)
    event = Event("placed_fell", "C-R5", 1, player=0, pieces=("green_fork",))
    assert describe(rules, event) == "Gabel in Grün ist gefallen: keine Strafe, lege sie erneut."
    assert describe_times(rules, event, 5) == "Gabel in Grün ist 5× gefallen: keine Strafe, lege sie erneut."


@pytest.mark.parametrize(("pid", "named"), _pieces())
def test_every_piece_sentence_names_the_form_capitalised_and_agrees_with_its_gender(pid: str, named: str) -> None:
    rules = CactusGame.new(2)
    name = piece_name(rules, pid)
    noun = t(f"cactus.form.{named}") if named in FORMS else t(f"cactus.special.{named}")
    assert noun[0].isupper() and noun in name
    it = piece_pronoun(rules, pid)
    assert it == OBJECT_PRONOUN[GERMAN_GENDER[named]]
    sentences = {key: text for key, text in _de().items() if "{piece}" in text or "{it}" in text}
    assert {"cactus.event.placed_fell", "cactus.prompt.in_hand", "cactus.target"} <= set(sentences)
    for key, template in sentences.items():
        target = t("cactus.target", cactus=3, it=it)
        text = template.format(piece=name, it=it, target=target, player="Ana", other="Zickzack in Rot",
                               where="Kaktus 3", flowers=1, cactus=3, place="zu den Grundformen", count=5,
                               degrees=180, way="gegen den Uhrzeigersinn")
        assert noun.lower() not in text.replace(noun, ""), key
        if "{piece}" in template:
            assert noun in text, key
        if "{it}" in template:
            assert re.search(rf"\b{it}\b", text), key
        if "{piece}" in template and "„{piece}“" not in template:
            # the piece itself is what a pronoun refers back to: only the one of its gender may stand for it
            wrong = set(OBJECT_PRONOUN.values()) - {it}
            assert not {w for w in wrong if re.search(rf"\b{w}\b", text.removeprefix(name))}, (key, text)


def test_the_die_asks_for_the_last_form_by_its_capitalised_name() -> None:
    match = Match.with_position({1: ["green_fork"]}, last="green_fork", options=Options(die=Die(0, 6, 0)),
                                settle=0.5)
    match.roll()
    assert ask(match) == "Nimm eine Grundform mit der Form der letzten Grundform: Gabel."
    i18n.set_language("en")
    assert ask(match) == "Take a basic piece with the form of the last basic piece: fork."


def test_the_piece_in_hand_is_referred_to_by_its_own_pronoun() -> None:
    match = rolled_and_taken()
    assert match.stage == Stage.IN_HAND and match.piece is not None
    piece = match.rules.pieces[match.piece]
    it = OBJECT_PRONOUN[GERMAN_GENDER[piece.form]]
    prompt = stage_prompt(match)
    assert prompt.startswith(piece_name(match.rules, match.piece))
    assert f"Lege {it} auf Kaktus" in prompt and f"um {it} zu halten" in prompt and prompt.endswith(f"dreht {it}.")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_room_has_one_name_per_language(lang: str) -> None:
    assert t("cactus.title", lang) == t("launcher.cactus.name", lang)
    assert t("artischocken.title", lang) == t("table.title", lang) == t("launcher.artischocken.name", lang)
    if lang == "de":
        german = " ".join(text for path in (asset("i18n") / "de").glob("*.json")
                          for text in json.loads(path.read_text(encoding="utf-8")).values())
        assert "Cactus" not in german


def test_the_hints_turn_cue_names_the_piece_by_its_pronoun() -> None:
    # "Dreh es um 180°" for a hook ("Haken", masculine): the cue says "Dreh ihn"
    from game.cactus.screens.hint_view import turn_words

    rules = Match.new(2, seed=0).rules
    for pid, piece in rules.pieces.items():
        name = piece.id if piece.kind == "special" else piece.form
        text, _colour = turn_words(1.0, piece_pronoun(rules, pid))
        assert text.startswith(f"Dreh {OBJECT_PRONOUN[GERMAN_GENDER[name]]} um "), (pid, text)
