"""Hints across frames (so the screen stays responsive while one is sought): the stepped hint search gives the
one-shot hint; on the play screen it says it is looking, H again cancels it, and taking the piece out of the hand
cancels it too."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from helpers_scene import COLOUR_DIE, Driver, rolled_and_taken

from game.app import App, BaseScene
from game.cactus.bots.hint import HintSearch, suggest
from game.cactus.match import Match, Stage
from game.cactus.screens.scene_play import PlayScene
from game.i18n import t


def in_hand() -> Match:
    m = rolled_and_taken()
    assert m.stage == Stage.IN_HAND
    return m


def test_stepped_hint_is_the_one_shot_hint() -> None:
    # Determinism: one trial per step on a match from the same snapshot ends with the same hint as suggest().
    snapshot = in_hand().to_dict()
    once = suggest(Match.from_dict(snapshot))
    m = Match.from_dict(snapshot)
    looking = HintSearch(m)
    steps = 1
    while not looking.step(m, 0.0):
        steps += 1
    assert once is not None and looking.hint == once and steps > once.trials


def test_no_hint_search_without_a_piece_in_hand() -> None:
    m = Match.with_position({2: ["red_zigzag"]}, last="red_zigzag", options=COLOUR_DIE)
    with pytest.raises(ValueError):
        HintSearch(m)


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app((1280, 800))


def start(app: App) -> tuple[PlayScene, Driver]:
    app.push(BaseScene())
    scene = PlayScene(in_hand(), autosave=False, record_replay=False)
    app.push(scene)
    d = Driver(app)
    d.frames(2)
    d.settle_camera()
    return scene, d


def test_h_again_cancels_a_running_hint_search(app: App) -> None:
    scene, d = start(app)
    d.key(pygame.K_h)
    d.frames()
    assert scene.hints.busy and scene.message.text == t("cactus.hint.looking")
    d.key(pygame.K_h)
    assert not scene.hints.busy and scene.hints.hint is None and scene.hints.used == [0, 0]
    assert scene.message.text == t("cactus.hint.cancelled")
    d.frames(20)
    assert scene.hints.hint is None and scene.hints.used == [0, 0]  # nothing turns up later


def test_taking_the_piece_out_of_the_hand_cancels_the_hint_search(app: App) -> None:
    scene, d = start(app)
    m = scene.match
    d.key(pygame.K_h)
    d.frames()
    assert scene.hints.busy
    area = scene.rects["table"]
    d.down(scene.view.to_world((area.centerx, area.top + 80)))  # free air high over the table
    assert m.stage == Stage.HOLDING
    d.frames()
    assert not scene.hints.busy and scene.hints.hint is None and scene.hints.used == [0, 0]
