"""The Artischocken rules screen: F1 or the Rules button opens it over the setup screen and over the table, in
English and German; Esc returns to the very same table, which waited meanwhile (no bot moved). Every card's
short text (on its face) says its whole effect in a few words."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from table_helpers import Driver, position

from game import i18n
from game.app import App, BaseScene
from game.artischocken import CARDS, Game
from game.artischocken.describe import card_short
from game.artischocken.room import setup_scene, table_scene
from game.artischocken.seats import Seat
from game.artischocken.table.scene_setup import SetupScene
from game.artischocken.table.scene_table import Options, TableScene
from game.i18n import t
from game.ui.rules_book import RULES_KEY, RulesBook

LANGS = ("en", "de")


def bot_table(app: App) -> TableScene:
    """A table from the room (as the setup screen opens it) where a bot is to move: left alone, it moves."""
    pos = position([["artichoke"] * 5, ["artichoke"] * 4 + ["potato"]], decks=[["corn"] * 5, ["leek"] * 5],
                   stack=["peas"] * 10, row=["beet", "corn"], player=1, phase="harvest")
    seats = [Seat("Anna", "human"), Seat("Ben", "greedy")]
    scene = table_scene(Game.from_dict(pos), seats, Options(autosave=False, record_replays=False))
    assert isinstance(scene, TableScene)
    app.push(BaseScene())
    app.push(scene)
    return scene


@pytest.mark.parametrize("lang", LANGS)
def test_f1_opens_the_rules_over_the_table_which_waits_and_esc_returns_to_it(make_app: Callable[..., App],
                                                                             lang: str) -> None:
    i18n.set_language(lang)
    app = make_app((1280, 800))
    scene = bot_table(app)
    d = Driver(app)
    d.frame()
    before = scene.table.game.to_dict()
    d.key(RULES_KEY)
    book = app.scene
    assert isinstance(book, RulesBook) and book.title() == t("artischocken.title")
    d.frame(300)  # five seconds: the bot would have harvested and played by now
    assert scene.table.game.to_dict() == before
    d.key(pygame.K_ESCAPE)
    assert app.scene is scene and scene.table.game.to_dict() == before
    d.frame(300)
    assert scene.table.game.to_dict() != before  # the bot goes on once the rules are closed


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_button_at_the_log_opens_the_rules(make_app: Callable[..., App], lang: str) -> None:
    i18n.set_language(lang)
    app = make_app((800, 600))
    scene = bot_table(app)
    d = Driver(app)
    d.frame()
    button = scene.rules_button
    assert button.label() == t("rules.button") and scene.lay is not None  # type: ignore[operator]
    assert scene.lay.log.contains(button.rect)
    d.click(button.rect.center)
    assert isinstance(app.scene, RulesBook)
    d.key(pygame.K_ESCAPE)
    assert app.scene is scene


@pytest.mark.parametrize("lang", LANGS)
def test_f1_and_the_rules_button_open_the_rules_over_the_setup_screen(make_app: Callable[..., App],
                                                                     lang: str) -> None:
    i18n.set_language(lang)
    app = make_app((800, 600))
    setup = setup_scene(offer_resume=False)
    assert isinstance(setup, SetupScene)
    app.push(setup)
    d = Driver(app)
    d.frame()
    d.key(RULES_KEY)
    assert isinstance(app.scene, RulesBook)
    d.key(pygame.K_ESCAPE)
    assert app.scene is setup
    button = setup.rules_button
    assert setup.card_rect.contains(button.rect)
    assert not button.rect.colliderect(setup.back_button.rect) and not button.rect.colliderect(setup.play_button.rect)
    d.click(button.rect.center)
    assert isinstance(app.scene, RulesBook)


#: The words each card's short text must hold, so that it says the card's whole effect (docs/rules.md).
KEY_WORDS = {
    "en": {
        "artichoke": ["no action"],
        "eggplant": ["compost", "artichoke", "pass 2", "left"],
        "broccoli": ["3", "artichokes", "compost 1"],
        "peas": ["reveal 2", "your discard", "rival"],
        "carrot": ["only", "this turn", "compost", "2 artichokes"],
        "potato": ["reveal", "deck", "artichoke", "compost", "else", "your discard"],
        "leek": ["reveal", "rival's deck", "take", "their discard"],
        "corn": ["1 artichoke", "row card", "your deck"],
        "pepper": ["your discard", "your deck"],
        "beet": ["swap", "random", "rival", "2 artichokes", "compost both"],
        "onion": ["compost 1 artichoke", "rival's discard"],
        "rhubarb": ["compost", "row", "under the stack", "refill", "take 1"],
    },
    "de": {
        "artichoke": ["keine aktion"],
        "eggplant": ["artischocke", "kompost", "2", "links"],
        "broccoli": ["3 artischocken", "1 kompost"],
        "peas": ["aufdecken", "deine", "fremde ablage"],
        "carrot": ["einziges", "im zug", "2 artischocken", "kompost"],
        "potato": ["vorrat aufdecken", "artischocke", "kompost", "sonst ablegen"],
        "leek": ["fremden vorrat", "nehmen", "seine ablage"],
        "corn": ["1 artischocke", "ablegen", "kisten", "vorrat"],
        "pepper": ["ablage", "vorrat"],
        "beet": ["zufallstausch", "mitspieler", "2 artischocken", "kompost"],
        "onion": ["1 artischocke", "kompost", "mitspieler"],
        "rhubarb": ["kompost", "kisten unter den stapel", "auffüllen", "1 karte"],
    },
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_short_text_holds_the_key_words_of_its_whole_effect(lang: str) -> None:
    assert set(KEY_WORDS[lang]) == set(CARDS)
    missing = {card: [w for w in words if w not in card_short(card, lang).lower()]
               for card, words in KEY_WORDS[lang].items()}
    assert {card: words for card, words in missing.items() if words} == {}
