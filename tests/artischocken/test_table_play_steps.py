"""Every card is played in the same steps at the table: select it, make its choice (when it has one), Play.

Clicking a seat, a row card or a discard card only chooses; the game changes on Play alone, and only Cancel or
Esc takes a play back (a click beside the discard picker keeps it open). Driven with synthetic events on
scripted positions; the engine's resulting state is asserted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from table_helpers import Driver, position, table

from game.artischocken.table.intent import prompt
from game.artischocken.table.scene_table import TableScene
from game.i18n import t

A = "artichoke"


def state(scene: TableScene) -> dict[str, Any]:
    return scene.table.game.to_dict()


def play_button(scene: TableScene) -> Any:
    return next(b for b in scene.buttons if b.label == t("table.btn.play"))


def select_choose_play(drv: Driver, scene: TableScene, card: str, choice_key: str | None) -> None:
    """The one way to play a card: click it, click its choice (if any), press Play. Asserts the game does not
    change before Play."""
    before = state(scene)
    drv.click(drv.choice(scene, f"hand{scene.hand().index(card)}"))
    drv.frame()
    assert scene.intent.selected is not None and state(scene) == before
    if choice_key is not None:
        assert scene.choices and not play_button(scene).enabled  # the choice is missing: Play waits for it
        drv.click(drv.choice(scene, choice_key))
        drv.frame()
        assert scene.intent.choice is not None and state(scene) == before  # choosing is not playing
    if scene.intent.browse is not None:  # the discard picker stands over the bar: its own Play button
        drv.click(drv.choice(scene, "play"))
    else:
        assert play_button(scene).enabled
        drv.click(drv.button(scene, t("table.btn.play")))
    drv.frame()
    assert state(scene) != before


def test_A_C_BEET_select_choose_opponent_play(drv: Driver) -> None:
    scene = table(drv.app, position([["beet", A], [A], ["carrot"]]), ["human", "random", "random"])
    drv.frame()
    select_choose_play(drv, scene, "beet", "seat1")
    view = scene.table.game.view(0)
    # both picks were artichokes: both composted (A-C-BEET)
    assert Counter(view["compost"])[A] == 2 and view["seats"][1]["hand_count"] == 0
    assert view["seats"][0]["discard"] == ["beet"]


def test_A_C_ONION_select_choose_opponent_play(drv: Driver) -> None:
    scene = table(drv.app, position([["onion", A], [A], [A]]), ["human", "random", "random"])
    drv.frame()
    select_choose_play(drv, scene, "onion", "seat2")
    view = scene.table.game.view(0)
    assert view["seats"][2]["discard"] == ["onion"] and view["compost"] == [A]


def test_A_C_CORN_select_choose_row_card_play(drv: Driver) -> None:
    scene = table(drv.app, position([["corn", A], [A]], row=["pepper", "onion"]), ["human", "random"])
    drv.frame()
    select_choose_play(drv, scene, "corn", "row1")
    view = scene.table.game.view(0)
    assert view["deck_top_known"] == ["onion"] and view["garden_row"] == ["pepper"]


def test_A_C_PEPPER_select_choose_in_the_picker_play(drv: Driver) -> None:
    scene = table(drv.app, position([["pepper", A], [A]], discards=[["carrot", "leek"], []]), ["human", "random"])
    drv.frame()
    select_choose_play(drv, scene, "pepper", "pick1")  # top card first: leek, carrot
    view = scene.table.game.view(0)
    assert view["deck_top_known"] == ["carrot"] and view["seats"][0]["discard"] == ["leek", "pepper"]
    assert scene.intent.browse is None


def test_A_C_LEEK_select_choose_opponent_play_then_take(drv: Driver) -> None:
    scene = table(drv.app, position([["leek", A], [A], [A]], decks=[[A], ["corn"], ["beet"]]),
                  ["human", "random", "random"])
    drv.frame()
    select_choose_play(drv, scene, "leek", "seat2")
    assert scene.decision() == "leek"
    drv.click(drv.button(scene, t("table.btn.take_card", card=t("artischocken.card.beet.name"))))
    assert "beet" in scene.table.game.view(0)["hand"]


def test_A_C_PEAS_select_play_then_keep_and_give(drv: Driver) -> None:
    """Peas has no choice before it is played: select, Play; the game then asks what to keep and for whom."""
    scene = table(drv.app, position([["peas", A], [A], [A]], stack=["corn", "onion", "beet"]),
                  ["human", "random", "random"])
    drv.frame()
    select_choose_play(drv, scene, "peas", None)
    assert scene.decision() == "peas"
    drv.click(drv.choice(scene, "peas0"))
    drv.frame()
    drv.click(drv.choice(scene, "seat1"))
    view = scene.table.game.view(0)
    assert len(view["seats"][0]["discard"]) == 2 and len(view["seats"][1]["discard"]) == 1


def test_A_C_RHUBARB_select_play_then_take_from_the_row(drv: Driver) -> None:
    scene = table(drv.app, position([["rhubarb", A], [A]], row=["corn"], stack=["leek", "beet", "onion", "peas"],
                                    rhubarb=True), ["human", "random"])
    drv.frame()
    select_choose_play(drv, scene, "rhubarb", None)
    assert scene.decision() == "rhubarb"
    row = scene.table.game.view(0)["garden_row"]
    drv.click(drv.choice(scene, "row0"))
    assert row[0] in scene.table.game.view(0)["hand"] and "rhubarb" in scene.table.game.view(0)["compost"]


def test_A_C_EGGPLANT_select_play_then_choose_and_pass(drv: Driver) -> None:
    scene = table(drv.app, position([["eggplant", A, "corn", "leek", "beet"], ["onion", "peas", A, "carrot"]],
                                    decks=[[A] * 5] * 2), ["human", "random"])
    drv.frame()
    select_choose_play(drv, scene, "eggplant", None)
    assert scene.decision() == "pass"
    hand = scene.hand()
    drv.click(drv.choice(scene, "hand0"))
    drv.click(drv.choice(scene, "hand1"))
    drv.click(drv.button(scene, t("table.btn.pass")))
    drv.frame(3)
    assert Counter(scene.table.game.view(1)["hand"]) >= Counter(hand[:2])


def test_a_second_choice_replaces_the_first_and_only_play_plays(drv: Driver) -> None:
    scene = table(drv.app, position([["onion", A], [A], [A]]), ["human", "random", "random"])
    drv.frame()
    before = state(scene)
    drv.click(drv.choice(scene, "hand0"))
    drv.frame()
    drv.click(drv.choice(scene, "seat1"))
    drv.frame()
    drv.click(drv.button(scene, "Cleo"))  # the bar's seat buttons choose too
    assert scene.intent.choice is not None and scene.intent.choice.target == 2 and state(scene) == before
    drv.click(drv.choice(scene, "hand0"))  # a second click on the selected card plays it, like Play
    assert scene.table.game.view(0)["seats"][2]["discard"] == ["onion"]


def test_the_same_steps_by_keyboard(drv: Driver) -> None:
    scene = table(drv.app, position([["onion", A], [A], [A]]), ["human", "random", "random"])
    drv.frame()
    before = state(scene)
    drv.key(pygame.K_1)  # select the onion
    drv.key(pygame.K_2)  # choose the second opponent
    words = prompt(scene.decision_state(), scene.intent, scene.table.session.table_view(), scene.names, True)
    assert state(scene) == before and "Cleo" in words
    drv.key(pygame.K_RETURN)  # play
    assert scene.table.game.view(0)["seats"][2]["discard"] == ["onion"]


@pytest.mark.parametrize(("pos", "check"), [
    (position([["pepper", A], [A]], discards=[["carrot", "leek"], []]),
     lambda view: view["deck_top_known"] == ["carrot"]),  # the picker lists the top card first: leek, carrot
    (position([["corn", A], [A]], row=["pepper", "onion"]), lambda view: view["deck_top_known"] == ["onion"]),
], ids=["pepper", "corn"])
def test_picks_by_keyboard_select_choose_enter(drv: Driver, pos: dict[str, Any],
                                              check: Callable[[dict[str, Any]], bool]) -> None:
    scene = table(drv.app, pos, ["human", "random"])
    drv.frame()
    before = state(scene)
    drv.key(pygame.K_1)  # select
    drv.key(pygame.K_2)  # choose the second card offered
    assert scene.intent.choice is not None and state(scene) == before
    drv.key(pygame.K_RETURN)  # play
    assert check(scene.table.game.view(0)) and scene.intent.browse is None


def test_a_single_possible_choice_is_made_already(drv: Driver) -> None:
    """Two players: the onion has one opponent to go to, so Play is ready at once (still two steps)."""
    scene = table(drv.app, position([["onion", A], [A]]), ["human", "random"])
    drv.frame()
    drv.click(drv.choice(scene, "hand0"))
    drv.frame()
    assert play_button(scene).enabled and scene.table.game.view(0)["seats"][1]["discard"] == []
    drv.click(drv.button(scene, t("table.btn.play")))
    assert scene.table.game.view(0)["seats"][1]["discard"] == ["onion"]


# -- the discard picker: modal, closed only by Cancel/Esc (or by playing) --------------------------------------
def open_picker(drv: Driver) -> TableScene:
    scene = table(drv.app, position([["pepper", "broccoli", A, A, A], [A]], discards=[["carrot", "leek"], []]),
                  ["human", "random"])
    drv.frame()
    drv.click(drv.choice(scene, "hand1"))  # pepper (broccoli sorts first)
    drv.frame()
    assert scene.intent.browse is not None and scene.decision() == "pick_discard"
    return scene


def beside_points(scene: TableScene) -> list[tuple[int, int]]:
    """Empty space inside the picker's box, and beside the box over a hand card and over the bar's buttons."""
    assert scene.lay is not None
    swallow = next(c.rect for c in scene.choices if c.action == "swallow")
    hand_card = scene.lay.hand_rects(5)[0]
    return [(swallow.centerx, swallow.bottom - 6), (hand_card.centerx, hand_card.bottom - 4),
            (scene.lay.bar.right - 4, scene.lay.bar.centery), (swallow.x - 10, swallow.y - 10)]


def test_a_click_beside_the_picker_keeps_it_open_and_points_at_cancel(drv: Driver) -> None:
    scene = open_picker(drv)
    before = state(scene)
    for point in beside_points(scene):
        drv.click(point)
        drv.frame()
        assert scene.intent.browse is not None and scene.decision() == "pick_discard", point
        assert scene.hand()[scene.intent.selected or 0] == "pepper" and state(scene) == before
        assert scene.nudge > 0  # the picker's Cancel button lights up
    # a chosen card stays chosen through such clicks
    drv.click(drv.choice(scene, "pick0"))
    drv.click(beside_points(scene)[0])
    assert scene.intent.choice is not None and state(scene) == before


@pytest.mark.parametrize("cancel", [lambda drv, scene: drv.key(pygame.K_ESCAPE),
                                    lambda drv, scene: drv.click(drv.choice(scene, "close"))], ids=["esc", "cancel"])
def test_esc_or_cancel_takes_the_play_back(drv: Driver, cancel: Callable[[Driver, TableScene], None]) -> None:
    scene = open_picker(drv)
    before = state(scene)
    drv.click(drv.choice(scene, "pick0"))
    cancel(drv, scene)
    drv.frame()
    assert scene.intent.browse is None and scene.intent.selected is None and scene.intent.choice is None
    assert scene.decision() == "play" and state(scene) == before and drv.app.scene is scene


def test_a_pile_only_looked_at_still_closes_on_a_click_beside(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", A], [A]], discards=[[], ["carrot", "leek"]]), ["human", "random"])
    drv.frame()
    assert scene.lay is not None
    drv.click(scene.lay.seats[1].discard.center)
    drv.frame()
    assert scene.intent.browse == ("discard", 1)
    drv.click(beside_points(scene)[0])  # inside the box: stays
    assert scene.intent.browse == ("discard", 1)
    drv.click(beside_points(scene)[-1])  # beside the box: closes, nothing beneath is clicked
    assert scene.intent.browse is None and scene.intent.selected is None
