"""Leaving a local Cactus game without losing it: Esc asks first ("Leave the table?"), as the card table does,
with "Keep playing" focused so an Enter or Space meant for the game never leaves it; the game waits while the
dialog asks; choosing Leave leaves with the game autosaved. The top bar's "Save & leave" leaves at once."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from helpers_scene import Driver, rolled_and_taken

from game.app import App, BaseScene
from game.cactus.match import Match, Stage
from game.cactus.saves import autosave_path, load_autosave
from game.cactus.screens import panels
from game.cactus.screens.scene_play import PlayScene
from game.i18n import t
from game.ui.widgets import Dialog
from physics.scenes import hang_points


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app((1280, 800))


def start(app: App, match: Match, **options: bool) -> Driver:
    app.push(BaseScene())  # stands in for the room's setup screen below the game
    app.push(PlayScene(match, **options))
    return Driver(app)


def let_go_above(d: Driver) -> Match:
    """The piece in hand let go high above cactus 2: it falls (the world moves) until it is judged."""
    match = d.scene.match
    d.settle_camera()
    view = d.scene.view
    top = min(match.world.bounds[3], view.to_world((0, view.rect.top))[1])
    x = hang_points(match.world, 2)[0]
    d.down((x, top - 40.0))
    d.drag([(x, top - 50.0)], steps=2)
    d.up()
    assert match.stage == Stage.SETTLING and not match.resting
    return match


def focused_label(dialog: Dialog) -> str:
    focused = [w for w in dialog.widgets if w.focused]
    assert len(focused) == 1
    label = focused[0].label
    return label() if callable(label) else label


def test_escape_asks_and_the_game_waits_under_the_dialog(app: App) -> None:
    d = start(app, rolled_and_taken())
    scene = d.scene
    match = let_go_above(d)
    d.key(pygame.K_ESCAPE)
    dialog = scene.dialog
    assert app.scene is scene and dialog is not None and dialog.open
    assert dialog.title == t("cactus.leave.title") and dialog.body == t("cactus.leave.body")
    assert focused_label(dialog) == t("cactus.leave.stay")
    steps = match.world.steps
    d.frames(10)
    assert match.world.steps == steps  # held: no fall goes on, no bot plays while the player decides


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE])
def test_enter_or_space_right_after_escape_keeps_playing(app: App, key: int) -> None:
    d = start(app, rolled_and_taken())
    scene = d.scene
    match = let_go_above(d)
    stage = match.stage
    d.key(pygame.K_ESCAPE)
    d.key(key)
    assert app.scene is scene and scene.dialog is None and not match.is_over
    assert match.stage == stage  # the key closed the dialog and did nothing to the game
    steps = match.world.steps
    d.frames(3)
    assert match.world.steps > steps  # the fall goes on


def test_choosing_leave_leaves_and_the_game_is_autosaved(app: App) -> None:
    d = start(app, rolled_and_taken())
    scene = d.scene
    match = let_go_above(d)
    d.key(pygame.K_ESCAPE)
    assert scene.dialog is not None
    before = load_autosave().match  # kept since it started, not yet mid-fall
    assert before is not None and before.stage != Stage.SETTLING
    leave = next(w for w in scene.dialog.widgets if w.label == t("cactus.leave.go"))
    d.click_px(leave.rect.center)
    assert app.scene is not scene and isinstance(app.scene, BaseScene)
    assert autosave_path().exists()
    resumed = load_autosave().match  # saved mid-fall, as it was when the dialog opened
    assert resumed is not None and resumed.stage == Stage.SETTLING
    assert resumed.to_dict()["world"] == match.to_dict()["world"]


def test_the_top_bar_save_and_leave_leaves_at_once(app: App) -> None:
    match = rolled_and_taken()
    d = start(app, match)
    scene = d.scene
    d.click_px(scene.leave_button.rect.center)
    assert app.scene is not scene and scene.dialog is None
    assert autosave_path().exists()


def test_a_game_that_is_not_saved_says_leaving_ends_it(app: App) -> None:
    d = start(app, rolled_and_taken(), autosave=False)
    d.key(pygame.K_ESCAPE)
    assert d.scene.dialog is not None and d.scene.dialog.body == t("cactus.leave.body_unsaved")
    d.key(pygame.K_LEFT)
    d.key(pygame.K_RETURN)  # Leave, chosen on purpose
    assert not isinstance(app.scene, PlayScene) and not autosave_path().exists()


def test_a_hint_shown_before_escape_does_not_stand_under_the_dialog(app: App) -> None:
    d = start(app, rolled_and_taken())
    scene = d.scene
    supply, _box = panels.bank_words(scene.match.rules, scene.lay)
    d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=supply.center, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(30)
    assert scene.tooltip.visible  # the supply explains itself
    d.key(pygame.K_ESCAPE)
    assert scene.dialog is not None and scene.dialog.open
    assert not scene.tooltip.visible
