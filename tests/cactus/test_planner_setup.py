"""Every Cactus bot kind is selectable at any seat of the setup screen, and reaches the play scene."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers_scene import Driver

from game.app import App, BaseScene
from game.cactus.bots.kinds import DEFAULT_KIND
from game.cactus.bots.planner import PlannerBot
from game.cactus.match import BOT_KINDS
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.scene_setup import KIND_ORDER, SetupScene


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    application = make_app((1024, 700))
    application.push(BaseScene())
    return application


def test_kind_buttons_step_through_every_kind_and_the_game_gets_them(app: App) -> None:
    setup = SetupScene()
    app.push(setup)
    d = Driver(app)
    assert set(KIND_ORDER) == set(BOT_KINDS) and setup.kinds[:3] == [DEFAULT_KIND] * 3
    seen = []
    for _ in range(len(KIND_ORDER)):
        d.click_px(setup.kind_buttons[1].rect.center)
        seen.append(setup.kinds[1])
    assert set(seen) == set(BOT_KINDS) and setup.kinds[1] == DEFAULT_KIND  # round and back
    d.click_px(setup.kind_buttons[2].rect.center)  # planner -> planner-easy
    d.click_px(setup.seat_toggles[0].rect.center)  # seat 1 becomes a bot, its kind button shows
    d.click_px(setup.kind_buttons[0].rect.center)
    d.click_px(setup.kind_buttons[0].rect.center)
    d.click_px(setup.kind_buttons[0].rect.center)  # planner -> easy -> hard -> simple
    assert setup.kinds[:3] == ["simple", "planner", "planner-easy"]
    for i in range(3):
        assert setup.kind_buttons[i].rect.width >= 80 and setup.kind_buttons[i].rect.right <= setup.card.right
    d.click_px(setup.start.rect.center)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    m = scene.match
    assert m.bots == [True, True, True] and m.bot_kinds == ["simple", "planner", "planner-easy"]
    m.rules.current = 2
    bot = scene.bot.bot(m)
    # on screen: it searches across frames, and its hand steps the world as its trials did (the scene paces it)
    assert isinstance(bot, PlannerBot) and bot.level.name == "easy" and bot.incremental and bot.steps_world


def test_a_human_seat_has_no_kind_button(app: App) -> None:
    setup = SetupScene()
    app.push(setup)
    Driver(app).frames(1)
    assert not setup.seat_toggles[0].checked
    assert setup.kind_buttons[0] not in setup.widgets() and setup.kind_buttons[1] in setup.widgets()
