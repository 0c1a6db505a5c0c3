"""The table's words and defaults: Enter never ends a turn with a playable card unasked (the question's default
keeps playing), a leek's two answers are both plain and name the card and where it goes, a chosen play is said in
one sentence (never "Play Corn: Corn?"), and a play taken back with Esc or Cancel is said (en and de)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest
from table_helpers import Driver, position, table

from game import i18n
from game.artischocken.describe import card_name
from game.i18n import t

A = "artichoke"


@pytest.fixture(params=["en", "de"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_A_T4_enter_with_a_playable_card_asks_and_its_default_keeps_the_turn(drv: Driver, lang: str) -> None:
    scene = table(drv.app, position([["broccoli", A, A, A], [A]], decks=[[A] * 5, [A]]), ["human", "random"])
    drv.frame()
    drv.key(pygame.K_RETURN)
    assert scene.dialog is not None and scene.dialog.title == t("table.end_turn.title")
    assert card_name("broccoli") in scene.dialog.body
    drv.key(pygame.K_RETURN)  # the question's default: keep playing
    assert scene.dialog is None and scene.decision() == "play"
    assert scene.table.game.view(0)["turn"]["number"] == 0 and "broccoli" in scene.hand()
    drv.key(pygame.K_RETURN)
    drv.click(next(w.rect.center for w in scene.dialog.widgets if w.label == t("table.btn.end_turn")))
    assert scene.table.game.view(0)["turn"]["number"] >= 1  # ended when the player said so (A-T5, A-T6)


def test_A_T4_enter_with_nothing_playable_ends_the_turn_at_once(drv: Driver) -> None:
    scene = table(drv.app, position([[A, A], [A]], decks=[[A] * 5, [A]]), ["human", "random"])
    drv.frame()
    drv.key(pygame.K_RETURN)
    assert scene.dialog is None and scene.table.game.view(0)["turn"]["number"] >= 1


def test_the_end_turn_button_ends_the_turn_without_a_question(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", A, A, A], [A]], decks=[[A] * 5, [A]]), ["human", "random"])
    drv.frame()
    drv.click(drv.button(scene, t("table.btn.end_turn")))
    assert scene.dialog is None and scene.table.game.view(0)["turn"]["number"] >= 1


def test_A_C_LEEK_an_artichoke_reveal_offers_two_plain_answers_that_name_it(drv: Driver, lang: str) -> None:
    scene = table(drv.app, position([["leek", A], [A]], decks=[[A], [A, A]]), ["human", "random"])
    drv.frame()
    drv.key(pygame.K_1)  # the leek
    drv.key(pygame.K_1)  # the only opponent (chosen at once)
    drv.key(pygame.K_RETURN)
    assert scene.decision() == "leek"
    drv.frame()
    labels = [b.label for b in scene.buttons]
    assert all(b.style != "primary" for b in scene.buttons), [(b.label, b.style) for b in scene.buttons]
    take = t("table.btn.take_card", card=card_name(A))
    leave = t("table.btn.leave_on", card=card_name(A), name="Ben")
    assert any(take in label for label in labels) and any(leave in label for label in labels)
    drv.key(pygame.K_RETURN)  # Enter takes neither
    assert scene.decision() == "leek"


def _doubled(prompt: str) -> bool:
    """ "Play Corn: Corn?" and the like: one word said twice with nothing between but punctuation."""
    return bool(re.search(r"(\w+)\W+\1\W*$", prompt))


def test_A_C_CORN_choosing_a_corn_from_the_row_is_said_in_one_plain_sentence(drv: Driver, lang: str) -> None:
    scene = table(drv.app, position([["corn", A], [A]], row=["pepper", "corn"]), ["human", "random"])
    drv.frame()
    drv.click(drv.choice(scene, "hand0"))
    drv.frame()
    drv.click(drv.choice(scene, "row1"))  # the row's corn
    drv.frame()
    words = scene.frame.canvas and [op[1][0] for op in scene.frame.canvas.ops if op[1] and isinstance(op[1][0], str)]
    prompt = next(w for w in words if card_name("corn") in w and "?" in w)
    assert not _doubled(prompt), prompt
    assert prompt == t("table.prompt.confirm_row", card=card_name("corn"), choice=card_name("corn"))


@pytest.mark.parametrize("how", ["esc", "cancel"])
def test_A_C_PEPPER_taking_the_picker_back_is_said(drv: Driver, lang: str, how: str) -> None:
    scene = table(drv.app, position([["pepper", A], [A]], discards=[["carrot", "leek"], []]), ["human", "random"])
    drv.frame()
    drv.click(drv.choice(scene, "hand0"))
    assert scene.decision() == "pick_discard" and scene.intent.browse is not None
    drv.frame()
    if how == "esc":
        drv.key(pygame.K_ESCAPE)
    else:
        drv.click(drv.choice(scene, "close"))
    assert scene.intent.browse is None and scene.decision() == "play" and "pepper" in scene.hand()
    assert scene.message.visible and scene.message.text == t("table.cancelled", card=card_name("pepper"))
