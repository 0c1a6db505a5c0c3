"""The Cactus rules screen: F1 or the Rules button opens it over the setup screen and over a game, in English and
German; Esc returns to the very same scene, and the game under it waited meanwhile (no physics step, no bot move:
the match is unchanged)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from helpers_scene import Driver, rolled_and_taken

from game import i18n
from game.app import App, BaseScene
from game.cactus import room
from game.cactus.match import Match
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.scene_setup import SetupScene
from game.i18n import t
from game.ui.rules_book import RULES_KEY, RulesBook

LANGS = ("en", "de")


def game(app: App, match: Match) -> Driver:
    app.push(BaseScene())  # stands in for the room's setup screen below the game
    app.push(PlayScene(match, autosave=False, record_replay=False))
    return Driver(app)


def bots_only() -> Match:
    """A match whose seats are all bots, the first turn to be played: left alone, a bot acts within frames."""
    return Match.new(2, names=["A", "B"], seed=3, bots=[True, True])


@pytest.mark.parametrize("lang", LANGS)
def test_f1_opens_the_rules_over_the_game_which_waits_and_esc_returns_to_it(make_app: Callable[..., App],
                                                                            lang: str) -> None:
    i18n.set_language(lang)
    app = make_app((1280, 800))
    match = bots_only()
    d = game(app, match)
    scene = d.scene
    before = match.to_dict()
    steps = match.world.steps
    d.key(RULES_KEY)
    book = app.scene
    assert isinstance(book, RulesBook) and book.title() == t("cactus.title")
    d.frames(60)  # two seconds: a bot would have rolled and taken its piece by now
    assert match.world.steps == steps and match.to_dict() == before
    d.key(pygame.K_ESCAPE)
    assert app.scene is scene and match.to_dict() == before
    d.frames(60)
    assert match.to_dict() != before  # the game goes on once the rules are closed (the test could fail)


@pytest.mark.parametrize("lang", LANGS)
def test_the_top_bar_rules_button_opens_the_rules_and_esc_keeps_the_turn_as_it_was(make_app: Callable[..., App],
                                                                                   lang: str) -> None:
    i18n.set_language(lang)
    app = make_app((1280, 800))
    d = game(app, rolled_and_taken())
    scene = d.scene
    button = scene.controls.rules
    assert button is not None and button.label() == t("rules.button")  # type: ignore[operator]
    assert button.rect.right <= scene.leave_button.rect.x and button.rect.colliderect(scene.rects["top"])
    before = scene.match.to_dict()
    d.click_px(button.rect.center)
    assert isinstance(app.scene, RulesBook)
    d.key(pygame.K_ESCAPE)
    assert app.scene is scene and scene.match.to_dict() == before


@pytest.mark.parametrize("lang", LANGS)
def test_f1_and_the_rules_button_open_the_rules_over_the_setup_screen(make_app: Callable[..., App],
                                                                     lang: str) -> None:
    i18n.set_language(lang)
    app = make_app((800, 600))
    setup = room.create_scene(None)  # the room's first screen (the room registers the screens it opens)
    assert isinstance(setup, SetupScene)
    app.push(setup)
    d = Driver(app)
    d.key(RULES_KEY)
    assert isinstance(app.scene, RulesBook)
    d.key(RULES_KEY)  # F1 closes it again
    assert app.scene is setup
    button = setup.rules_button.rect
    assert setup.card.contains(button) and not button.colliderect(setup.resume.rect)
    assert not button.colliderect(setup.back.rect)
    d.click_px(setup.rules_button.rect.center)
    assert isinstance(app.scene, RulesBook)
    d.key(pygame.K_ESCAPE)
    assert app.scene is setup
