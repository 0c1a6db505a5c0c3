"""Event sentences, card names and rule texts in de and en (the catalogues of the artischocken room)."""

from __future__ import annotations

import json
import random

import pytest

from game.artischocken import CARDS, new_game
from game.artischocken.describe import card_name, card_rule, card_short, cards_text, describe, plural, unplayable_text
from game.artischocken.engine import UNPLAYABLE_REASONS
from game.paths import asset


def _catalogue(lang: str) -> dict[str, str]:
    with (asset("i18n") / lang / "artischocken.json").open(encoding="utf-8") as fh:
        data: dict[str, str] = json.load(fh)
    return data


def test_catalogues_have_the_same_keys() -> None:
    assert _catalogue("en").keys() == _catalogue("de").keys()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_card_has_name_and_rule(lang: str) -> None:
    cat = _catalogue(lang)
    for card in CARDS:
        assert f"artischocken.card.{card}.name" in cat
        assert f"artischocken.card.{card}.rule" in cat
    for reason in UNPLAYABLE_REASONS:
        assert f"artischocken.unplayable.{reason}" in cat
    assert card_name("artichoke", "de") == "Artischocke" and card_name("eggplant", "en") == "Eggplant"
    assert "artichoke" not in card_rule("broccoli", lang).lower() or lang == "en"
    assert unplayable_text("artichoke", lang) != "artischocken.unplayable.artichoke"


def _random_game_events(seed: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    g = new_game(3, seed=seed, rhubarb=True, round_limit=40)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g.events()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_event_kind_has_a_sentence(lang: str) -> None:
    cat = _catalogue(lang)
    seen = set()
    for seed in range(30):
        for ev in _random_game_events(seed):
            text = describe(ev, lang, reveal_all=True)
            assert "artischocken." not in text and "{" not in text
            seen.add(ev["what"])
    for what in seen:
        assert f"artischocken.event.{what}" in cat
    assert {"draw", "harvest", "play", "compost", "discard_hand", "turn"} <= seen


def test_describe_hides_private_cards() -> None:
    g = new_game(2, seed=2)
    draw = next(e for e in g.events() if e["what"] == "draw" and e["seat"] == 1)
    assert "Artichoke" in describe(draw, "en", viewer=1)
    assert "Artichoke" not in describe(draw, "en", viewer=0)
    assert "5 hidden" in describe(draw, "en", viewer=0)
    assert "verdeckte" in describe(g.view(0)["log"][1], "de", viewer=0)
    assert "Artischocke" in describe(g.view(0)["log"][0], "de", viewer=0)


def test_A_G2_describe_hides_private_cards_unless_asked_to_reveal_all() -> None:
    """The default viewer (None) is nobody: it reads public cards only; showing everything is explicit."""
    g = new_game(2, seed=2)
    draw = next(e for e in g.events() if e["what"] == "draw" and e["seat"] == 1)
    assert "5 hidden" in describe(draw, "en") and "Artichoke" not in describe(draw, "en")
    assert "Artichoke" in describe(draw, "en", reveal_all=True)
    refill = next(e for e in g.events() if e["what"] == "refill")
    assert "hidden" not in describe(refill, "en")  # the garden row is public (A-G2)
    own_draw = g.view(1)["log"][1]
    assert own_draw["cards"] and "hidden" in describe(own_draw, "en")  # a view's private event, no viewer
    assert "Artichoke" in describe(own_draw, "en", viewer=1)
    assert "hidden" in describe({"what": "draw", "seat": 0, "cards": ["corn"]}, "en")  # no visibility: hidden


def test_describe_names_the_seats() -> None:
    g = new_game(2, seed=2)
    draw = next(e for e in g.events() if e["what"] == "draw" and e["seat"] == 1)
    assert describe(draw, "en", viewer=1, names=["Anna", "Ben"]).startswith("Ben draws")
    assert describe(draw, "de").startswith("Spieler 2")
    play = {"what": "play", "seat": 0, "target": 1, "cards": ["onion"], "visible_to": None}
    assert describe(play, "en", names=["Anna", "Ben"]) == "Anna plays Onion against Ben."
    assert describe(play, "en", names=["Anna"]).endswith("against Player 2.")  # a short list: numbered


def test_cards_text_groups_repeats() -> None:
    assert cards_text(["artichoke", "corn", "artichoke"], "en") == "2× Artichoke, Corn"
    assert cards_text([], "de") == "keine Karten"


def test_one_source_for_card_texts() -> None:
    """The table draws card faces with the names and rules of ``artischocken.json`` and has no copies."""
    from game.artischocken.table import cards

    assert cards.card_name is card_name and cards.card_short is card_short
    for lang in ("en", "de"):
        with (asset("i18n") / lang / "artischocken_table.json").open(encoding="utf-8") as fh:
            table_keys = json.load(fh)
        assert not [k for k in table_keys if k.startswith(("table.card.", "table.reason."))]


@pytest.mark.parametrize(("lang", "one", "many"), [("en", "1 hidden card", "3 hidden cards"),
                                                   ("de", "1 verdeckte Karte", "3 verdeckte Karten")])
def test_A_G2_hidden_cards_in_the_singular_and_the_plural(lang: str, one: str, many: str) -> None:
    """The log says '1 hidden card' / '3 hidden cards', never 'card(s)' / 'Karte(n)'."""
    for count, words in ((1, one), (3, many)):
        text = describe({"what": "draw", "seat": 1, "count": count, "cards": None}, lang, viewer=0)
        assert words in text and "(" not in text, text


def test_every_plural_key_has_both_forms() -> None:
    from game import i18n

    for lang in ("en", "de"):
        cat = i18n.catalogue(lang)
        stems = {k.rsplit("_", 1)[0] for k in cat if k.startswith(("artischocken.", "table.")) and
                 k.endswith(("_one", "_other"))}
        assert stems, "no plural keys"
        for stem in stems:
            assert f"{stem}_one" in cat and f"{stem}_other" in cat, stem
            assert plural(stem, 1, lang, n=1, count=1) != plural(stem, 2, lang, n=2, count=2)


def test_a_potato_reveals_from_the_players_own_deck_in_plain_words() -> None:
    # "Ann reveals Artichoke from the top of the deck of Ann": one's own deck is "their deck"
    own = {"what": "reveal", "seat": 0, "target": 0, "cards": ["artichoke"], "from": "deck", "public": True}
    other = {**own, "target": 1}
    names = ["Ann", "Ben"]
    assert describe(own, "en", names=names) == "Ann reveals Artichoke from the top of their deck."
    assert describe(own, "de", names=names) == "Ann deckt Artischocke vom eigenen Vorrat auf."
    assert describe(other, "en", names=names) == "Ann reveals Artichoke from the top of the deck of Ben."
