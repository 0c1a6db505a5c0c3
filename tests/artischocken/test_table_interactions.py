"""Every human decision of the table, driven with synthetic mouse and keyboard events (scenario positions)."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from table_helpers import Driver, position, table

from game import i18n
from game.artischocken import Action
from game.artischocken.table import cards as cardsmod
from game.artischocken.table import scene_table, table_base

A = "artichoke"


def test_A_T3_harvest_by_click_and_by_number_key(drv: Driver) -> None:
    scene = table(drv.app, position([[A] * 5, [A] * 5], row=["corn", "leek", "peas"], phase="harvest",
                                    stack=["onion"] * 5), ["human", "greedy"])
    drv.frame()
    assert scene.decision() == "harvest"
    drv.click(drv.choice(scene, "row1"))
    assert "leek" in scene.table.game.view(0)["hand"] and "leek" not in scene.table.game.view(0)["garden_row"]
    # undo within the own turn (nothing hidden was revealed), then the same by keyboard
    drv.key(pygame.K_u)
    assert scene.table.game.view(0)["phase"] == "harvest" and "leek" in scene.table.game.view(0)["garden_row"]
    drv.key(pygame.K_3)
    assert "peas" in scene.table.game.view(0)["hand"]


def test_A_C_BROCCOLI_select_then_enter_and_the_playable_highlight(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", "carrot", A, A, A], [A]], decks=[[A], [A]]), ["human", "random"])
    drv.frame()
    assert scene.playable("broccoli") and scene.playable("carrot")
    drv.click(drv.choice(scene, "hand0"))  # broccoli (vegetables first in the fan)
    assert scene.decision() == "confirm"
    drv.key(pygame.K_RETURN)
    assert scene.table.game.view(0)["compost"] == [A]
    assert scene.table.game.view(0)["hand"].count(A) == 2
    # A-C-CARROT: after another vegetable the carrot is not playable; hovering says why (engine's reason)
    assert not scene.playable("carrot")
    drv.frame(2)
    carrot = drv.choice(scene, "hand0")
    for _ in range(40):
        drv.move(carrot)
    assert scene.detail_rect is not None and scene.hover_reason == scene.why_not("carrot")
    assert scene.hover_reason == i18n.t("artischocken.unplayable.carrot_not_first")


def test_unplayable_card_click_explains_and_keeps_state(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", A], [A]]), ["human", "random"])
    drv.frame()
    before = scene.table.game.to_dict()
    drv.click(drv.choice(scene, "hand0"))
    assert scene.intent.selected is None and scene.message.visible
    assert scene.message.text == i18n.t("artischocken.unplayable.needs_three_artichokes")
    assert scene.table.game.to_dict() == before


def test_A_C_LEEK_pick_opponent_then_take(drv: Driver) -> None:
    scene = table(drv.app, position([["leek", A], [A], [A]], decks=[[A], ["corn"], ["beet"]]),
                  ["human", "greedy", "greedy"])
    drv.frame()
    drv.click(drv.choice(scene, "hand0"))
    assert scene.decision() == "target"
    drv.frame()
    drv.click(drv.choice(scene, "seat2"))  # Cleo's panel: chosen, played by Play
    assert scene.decision() == "target"
    drv.click(drv.button(scene, i18n.t("table.btn.play")))
    assert scene.decision() == "leek"
    drv.frame()
    drv.click(drv.button(scene, i18n.t("table.btn.take_card", card=i18n.t("artischocken.card.beet.name"))))
    assert "beet" in scene.table.game.view(0)["hand"]
    assert scene.table.game.view(0)["seats"][0]["discard"] == ["leek"]


def test_A_C_LEEK_leave_by_keyboard(drv: Driver) -> None:
    scene = table(drv.app, position([["leek", A], [A], [A]], decks=[[A], ["corn"], ["beet"]]),
                  ["human", "greedy", "greedy"])
    drv.frame()
    drv.key(pygame.K_1)  # select the leek
    drv.key(pygame.K_1)  # first target: Ben
    drv.key(pygame.K_RETURN)  # play
    drv.key(pygame.K_2)  # 2 = leave
    assert scene.table.game.view(0)["seats"][1]["discard"] == ["corn"]


def test_A_C_ONION_and_A_C_BEET_targets(drv: Driver) -> None:
    scene = table(drv.app, position([["onion", "beet", A, A], ["carrot"], ["potato"]], decks=[[A], [A], [A]]),
                  ["human", "random", "random"])
    drv.frame()
    drv.click(drv.choice(scene, "hand1"))  # onion (beet sorts before onion)
    drv.frame()
    drv.click(drv.choice(scene, "seat1"))
    drv.click(drv.button(scene, i18n.t("table.btn.play")))
    assert scene.table.game.view(0)["seats"][1]["discard"] == ["onion"]
    drv.click(drv.choice(scene, "hand0"))  # beet
    drv.frame()
    drv.click(drv.button(scene, "Cleo"))  # the action bar names the targets too
    drv.click(drv.button(scene, i18n.t("table.btn.play")))
    hand = Counter(scene.table.game.view(0)["hand"])
    assert hand["potato"] == 1 or scene.table.game.view(0)["compost"].count(A) == 1  # swapped (or both composted)


def test_A_C_CORN_row_card_onto_the_deck(drv: Driver) -> None:
    scene = table(drv.app, position([["corn", A], [A]], row=["pepper", "onion"]), ["human", "random"])
    drv.frame()
    drv.click(drv.choice(scene, "hand0"))
    assert scene.decision() == "pick_row"
    drv.frame()
    drv.click(drv.choice(scene, "row1"))
    drv.key(pygame.K_RETURN)
    view = scene.table.game.view(0)
    assert view["deck_top_known"] == ["onion"] and view["seats"][0]["discard"] == [A, "corn"]


def test_A_C_PEPPER_pick_from_the_discard(drv: Driver) -> None:
    scene = table(drv.app, position([["pepper", A], [A]], discards=[["carrot", "leek"], []]), ["human", "random"])
    drv.frame()
    drv.click(drv.choice(scene, "hand0"))
    assert scene.decision() == "pick_discard" and scene.intent.browse is not None
    drv.frame()
    drv.click(drv.choice(scene, "pick1"))  # top card first: leek, carrot
    drv.click(drv.choice(scene, "play"))
    view = scene.table.game.view(0)
    assert view["deck_top_known"] == ["carrot"] and view["seats"][0]["discard"] == ["leek", "pepper"]


def test_A_C_PEAS_keep_one_give_one(drv: Driver) -> None:
    scene = table(drv.app, position([["peas", A], [A], [A]], stack=["corn", "onion", "beet"]),
                  ["human", "greedy", "greedy"])
    drv.frame()
    drv.click(drv.choice(scene, "hand0"))
    drv.key(pygame.K_RETURN)
    assert scene.decision() == "peas"
    drv.frame()
    drv.click(drv.choice(scene, "peas1"))  # keep the second revealed card
    kept = scene.intent.peas_keep
    assert kept in ("corn", "onion")
    drv.frame()
    drv.click(drv.choice(scene, "seat2"))
    other = ({"corn", "onion"} - {kept}).pop()
    assert scene.table.game.view(0)["seats"][0]["discard"] == [kept, "peas"]
    assert scene.table.game.view(0)["seats"][2]["discard"] == [other]


def test_A_C_RHUBARB_take_from_the_new_row(drv: Driver) -> None:
    scene = table(drv.app, position([["rhubarb", A], [A]], row=["corn"], stack=["leek", "beet", "onion", "peas"],
                                    rhubarb=True), ["human", "random"])
    drv.frame()
    drv.key(pygame.K_1)
    drv.key(pygame.K_RETURN)
    assert scene.decision() == "rhubarb"
    drv.frame()
    row = scene.table.game.view(0)["garden_row"]
    drv.click(drv.choice(scene, "row0"))
    assert row[0] in scene.table.game.view(0)["hand"] and "rhubarb" in scene.table.game.view(0)["compost"]


def test_A_C_CARROT_and_end_turn_button(drv: Driver) -> None:
    scene = table(drv.app, position([["carrot", A, A, "corn"], [A]], decks=[[A] * 5, [A]]), ["human", "random"])
    drv.frame()
    drv.key(pygame.K_1)
    drv.key(pygame.K_RETURN)
    assert Counter(scene.table.game.view(0)["compost"]) == {A: 2, "carrot": 1}
    drv.frame()
    assert not scene.playable("corn")  # nothing after a carrot
    drv.click(drv.button(scene, i18n.t("table.btn.end_turn")))
    view = scene.table.game.view(0)
    assert view["turn"]["number"] >= 1 and "corn" in view["seats"][0]["discard"]  # A-T5: the rest discarded


def test_A_C_EGGPLANT_pass_behind_hand_over_screens(drv: Driver) -> None:
    """Two humans and a bot: each human chooses its two cards behind its own hand-over screen."""
    pos = position([["eggplant", A, "corn", "leek", "beet"], ["onion", "peas", A, "carrot"], [A, A, "potato"]],
                   decks=[[A] * 5] * 3)
    scene = table(drv.app, pos, ["human", "human", "greedy"])
    drv.frame()
    assert scene.handover == 0  # two humans: even the first seat gets the screen
    drv.key(pygame.K_RETURN)
    assert scene.viewer == 0
    drv.click(drv.choice(scene, "hand0"))  # eggplant
    drv.key(pygame.K_RETURN)
    assert scene.decision() == "pass"
    hand0 = scene.hand()
    drv.key(pygame.K_1)
    drv.key(pygame.K_2)
    drv.key(pygame.K_RETURN)
    passed = Counter(hand0[:2])
    drv.frame()
    assert scene.handover == 1 and scene.looking is None
    drv.frame()
    drv.click(scene.handover_button.rect.center)
    assert scene.viewer == 1 and scene.decision() == "pass"
    assert not scene.buttons[0].enabled  # Pass needs exactly two cards
    drv.click(drv.choice(scene, "hand0"))
    drv.click(drv.choice(scene, "hand1"))
    drv.click(drv.button(scene, i18n.t("table.btn.pass")))
    drv.frame(3)
    view = scene.table.game.view(1)
    assert view["pending"] is None  # the bot passed too, then all cards moved (A-C-EGGPLANT)
    assert all(view["seats"][s]["hand_count"] == n for s, n in ((0, 3), (1, 4), (2, 3)))
    got1 = Counter(scene.table.game.view(1)["hand"])
    assert not (passed - got1)  # seat 1 received what seat 0 passed


def test_A_C_EGGPLANT_no_choice_is_skipped(drv: Driver) -> None:
    """A human seat holding two cards or fewer passes without being asked (no hand-over either)."""
    pos = position([["eggplant", A, "corn"], [A, "leek"]], decks=[[A] * 5] * 2)
    scene = table(drv.app, pos, ["human", "human"])
    drv.frame()
    drv.key(pygame.K_RETURN)  # hand-over to Anna
    drv.key(pygame.K_1)
    drv.key(pygame.K_RETURN)
    drv.frame(3)
    # Anna had one card left (corn) and Ben two: nobody had a choice, all passed automatically
    assert scene.table.game.view(0)["pending"] is None
    assert sorted(scene.table.game.view(0)["hand"]) == [A, "leek"]
    assert scene.table.game.view(1)["hand"] == ["corn"]


def test_undo_stops_at_a_reveal(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", "potato", A, A, A], [A]], decks=[["corn"], [A]]),
                  ["human", "random"])
    drv.frame()
    drv.key(pygame.K_1)
    drv.key(pygame.K_RETURN)  # broccoli: undoable
    assert len(scene.table.game.undo_stack) == 1
    drv.key(pygame.K_u)
    assert scene.table.game.view(0)["compost"] == [] and not scene.table.game.undo_stack
    drv.key(pygame.K_2)
    drv.key(pygame.K_RETURN)  # potato reveals the top of the deck: no undo after that (A-C-POTATO)
    assert scene.table.game.view(0)["seats"][0]["discard"] == ["corn", "potato"]
    assert not scene.table.game.undo_stack
    drv.key(pygame.K_u)
    assert scene.table.game.view(0)["seats"][0]["discard"] == ["corn", "potato"]


def test_reveals_stay_on_screen_and_bots_pause(drv: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --fast a bot waits before acting and a potato's reveal stays in the middle for a moment."""
    scene = table(drv.app, position([["potato", A], [A]], decks=[["leek"], [A]], stack=["corn"] * 5, row=["beet"]),
                  ["greedy", "human"], fast=False)
    drv.frame(10)  # 0.16 s: the bot is still "thinking"
    assert scene.actions_applied == 0
    for _ in range(80):
        drv.frame()
        if scene.reveal is not None:
            break
    assert scene.reveal is not None and [c for c, _ in scene.reveal.cards] == ["leek"]
    shown_at = drv.now
    while scene.reveal is not None:
        drv.frame()
    assert drv.now - shown_at >= (table_base.REVEAL_HOLD - 0.1) * 1000


def test_browse_a_discard_and_leave_with_esc(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", A], [A]], discards=[[], ["carrot", "leek", "corn"]]),
                  ["human", "random"])
    drv.frame()
    drv.click(scene.lay.seats[1].discard.center if scene.lay else (0, 0))
    assert scene.intent.browse == ("discard", 1)
    drv.frame()
    faces = [c.key for c in scene.choices]
    assert "pick0" not in faces  # browsing only: nothing to pick
    drv.key(pygame.K_ESCAPE)
    assert scene.intent.browse is None and drv.app.scene is scene
    drv.key(pygame.K_ESCAPE)  # the leave dialog
    assert scene.dialog is not None
    drv.key(pygame.K_ESCAPE)  # cancel: keep playing
    assert scene.dialog is None and drv.app.scene is scene
    drv.key(pygame.K_ESCAPE)
    drv.key(pygame.K_RETURN)  # Enter presses the focused "Keep playing": a leave needs a deliberate choice
    assert scene.dialog is None and drv.app.scene is scene
    drv.key(pygame.K_ESCAPE)
    drv.key(pygame.K_LEFT)
    drv.key(pygame.K_RETURN)  # "Leave": the only scene, so the launcher takes its place
    assert drv.app.scene is not scene and drv.app.running


def test_A_G2_the_log_names_seats_and_hides_other_hands(drv: Driver) -> None:
    """The log is ``describe`` with the seats' names: the viewer reads its own draw, never the other's."""
    scene = table(drv.app, position([["corn"], [A]], decks=[[A] + ["leek"] * 4, ["onion"] * 5],
                                    stack=["peas"] * 6), ["human", "greedy"])
    drv.frame()
    drv.key(pygame.K_RETURN)  # Anna ends the turn and draws; Ben (a bot) plays and draws five onions
    for _ in range(20):
        drv.frame()
        if scene.table.game.is_over:
            break
    assert scene.table.game.is_over and scene.table.game.winner == 1 and scene.looking == 0
    lines = [text for text, _ in scene.log_lines()]
    assert "Anna draws Artichoke, 4× Leek." in lines, lines
    assert "Ben draws 5 hidden cards." in lines, lines
    assert not any("Onion" in text for text in lines)  # Ben's deck and hand stay secret


def _recorded(drv: Driver, frames: int = 1) -> list[tuple[str, tuple[str, int | None]]]:
    record: list[tuple[str, tuple[str, int | None]]] = []
    cardsmod.RECORDER = record
    try:
        drv.frame(frames)
    finally:
        cardsmod.RECORDER = None
    return record


def _settle(drv: Driver, scene: scene_table.TableScene) -> None:
    for _ in range(200):
        if not scene.flights:
            break
        drv.frame()


def test_A_C_CORN_the_owner_sees_the_card_it_put_on_its_deck_and_nobody_else(drv: Driver) -> None:
    """A-G2: the owner knows the card it put face down on its own deck; in hot seat the other never sees it."""
    scene = table(drv.app, position([["corn", "eggplant", A, A, A], [A, "onion", "leek"]], decks=[[A] * 8, [A] * 8],
                                    row=["peas", "potato"]), ["human", "human"], fast=False)
    for _ in range(100):
        drv.frame()
        if scene.handover is not None:
            break
    drv.key(pygame.K_RETURN)  # "I am Anna"
    assert scene.looking == 0
    assert scene.apply(Action("play", "corn", cards=("peas",)))
    assert scene.table.game.view(0)["deck_top_known"] == ["peas"]
    flying = _recorded(drv)
    assert ("peas", ("deck_known", 0)) not in flying  # still on its way to the deck
    _settle(drv, scene)
    assert ("peas", ("deck_known", 0)) in _recorded(drv)
    # the eggplant makes Ben choose cards to pass: a hand-over, and Ben's screen never shows Anna's known card
    assert scene.apply(Action("play", "eggplant"))
    for _ in range(200):
        record = _recorded(drv)
        assert not [r for r in record if r[1][0] == "deck_known"] or scene.looking == 0
        if scene.handover == 1:
            break
    drv.key(pygame.K_RETURN)
    assert scene.looking == 1
    _settle(drv, scene)
    record = _recorded(drv, 3)
    assert record and not [r for r in record if r[1][0] == "deck_known"]


def test_flying_cards_are_left_out_of_their_destination_until_they_land(drv: Driver) -> None:
    """The state changes at once; the drawing waits: the harvested card appears in the hand when it lands."""
    scene = table(drv.app, position([[A] * 5, [A] * 5], row=["corn", "leek", "peas"], phase="harvest",
                                    stack=["onion"] * 5), ["human", "greedy"], fast=False)
    drv.frame()
    before = Counter(c for c, (zone, _) in _recorded(drv) if zone == "hand")
    assert before == Counter({A: 5})
    scene.choose_row(1)  # leek into the hand
    state = scene.table.game.to_dict()
    assert scene.flights and "leek" in scene.table.game.view(0)["hand"]
    during = _recorded(drv)
    assert Counter(c for c, (zone, _) in during if zone == "hand") == before
    assert ("leek", ("flight", None)) in during
    _settle(drv, scene)
    after = Counter(c for c, (zone, _) in _recorded(drv) if zone == "hand")
    assert after == before + Counter({"leek": 1})
    assert scene.table.game.to_dict() == state  # drawing never changed the game


def test_flying_cards_reach_face_up_piles_only_when_they_land(drv: Driver) -> None:
    scene = table(drv.app, position([["onion", A, A], [A]], decks=[[A] * 5, [A] * 5], stack=["peas"] * 5),
                  ["human", "greedy"], fast=False)
    drv.frame()
    assert scene.apply(Action("play", "onion", target=1))
    assert scene.table.game.view(0)["compost"] == [A] and scene.table.game.view(0)["seats"][1]["discard"] == ["onion"]
    during = _recorded(drv)
    assert ("onion", ("discard", 1)) not in during and (A, ("compost", None)) not in during
    _settle(drv, scene)
    after = _recorded(drv)
    assert ("onion", ("discard", 1)) in after and (A, ("compost", None)) in after
