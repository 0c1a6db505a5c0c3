"""Overlays never hide what they explain: the hovered card's detail stays off the prompt bar and every button,
and nothing beneath a modal (the discard picker, the menu dialog) shows a detail or reacts to the mouse."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from table_helpers import Driver, position, table

from game.artischocken.table import cards as cardsmod
from game.artischocken.table.scene_table import TableScene

A = "artichoke"
SIZES = [(800, 600), (1280, 800)]


@pytest.fixture(params=SIZES, ids=["800x600", "1280x800"])
def sized(request: pytest.FixtureRequest, make_app: Callable[..., Any]) -> Iterator[Driver]:
    yield Driver(make_app(request.param))
    cardsmod.RECORDER = None


def hover(drv: Driver, scene: TableScene, key: str) -> None:
    """Rest the mouse on the visible left edge of the card named ``key`` (fanned cards overlap to the right)."""
    rect = next(c.rect for c in scene.choices if c.key == key)
    drv.move((rect.x + 8, rect.centery))
    drv.frame(2)


def hand_keys(scene: TableScene) -> list[str]:
    return [c.key for c in scene.choices if c.key.startswith("hand")]


def assert_detail_clear(scene: TableScene) -> None:
    """The detail is shown and covers neither the prompt bar (its prompt line) nor any button."""
    assert scene.lay is not None
    box = scene.detail_rect
    assert box is not None, "a hovered card shows its detail"
    assert not box.colliderect(scene.lay.bar), (box, scene.lay.bar)
    for button in scene.buttons:
        assert not box.colliderect(button.rect), (box, button.label)
    assert scene.lay.table.contains(box)


def test_hand_card_detail_stays_off_the_prompt_and_the_buttons(sized: Driver) -> None:
    scene = table(sized.app, position([["broccoli", "corn", "leek", "onion", A, A, A, A], [A]], row=["beet"],
                                      decks=[[A], [A]]), ["human", "random"])
    sized.frame()
    sized.key(pygame.K_1)
    sized.key(pygame.K_RETURN)  # broccoli: Undo and End turn stand in the bar now
    sized.frame(3)
    assert len(scene.buttons) >= 2
    for key in hand_keys(scene):
        hover(sized, scene, key)
        assert_detail_clear(scene)
    hover(sized, scene, "hand2")
    sized.click(next(c.rect for c in scene.choices if c.key == "hand2").move(8, 8).topleft)  # onion: targets
    sized.frame(2)
    assert scene.decision() == "target" and len(scene.buttons) >= 3  # Cancel, the seat, Play
    for key in hand_keys(scene):
        hover(sized, scene, key)
        assert_detail_clear(scene)


def test_row_card_detail_stays_off_the_bar(sized: Driver) -> None:
    scene = table(sized.app, position([[A] * 5, [A] * 5], row=["corn", "leek", "peas", "beet", "onion"],
                                      phase="harvest", stack=["onion"] * 5), ["human", "random"])
    sized.frame()
    for i in range(5):
        hover(sized, scene, f"row{i}")
        assert_detail_clear(scene)


def test_leek_choice_detail_stays_off_take_and_leave(sized: Driver) -> None:
    scene = table(sized.app, position([["leek", "corn", "onion", A], [A], [A]], decks=[[A], ["corn"], ["beet"]]),
                  ["human", "random", "random"])
    sized.frame()
    sized.key(pygame.K_1 + scene.hand().index("leek"))
    sized.key(pygame.K_1)
    sized.key(pygame.K_RETURN)
    sized.frame(3)
    assert scene.decision() == "leek" and len(scene.buttons) == 2
    for key in hand_keys(scene):
        hover(sized, scene, key)
        assert_detail_clear(scene)
    assert scene.lay is not None
    sized.move(scene.lay.middle.center)  # the revealed card held up in the middle
    sized.frame(2)
    if scene.detail_rect is not None:
        assert_detail_clear(scene)


def test_eggplant_pass_detail_stays_off_the_pass_button(sized: Driver) -> None:
    scene = table(sized.app, position([["eggplant", A, "corn", "leek", "beet"], ["onion", "peas", A, "carrot"]],
                                      decks=[[A] * 5] * 2), ["human", "random"])
    sized.frame()
    sized.key(pygame.K_1)
    sized.key(pygame.K_RETURN)
    sized.frame(3)
    assert scene.decision() == "pass"
    for key in hand_keys(scene):
        hover(sized, scene, key)
        assert_detail_clear(scene)


def test_nothing_beneath_the_discard_picker_shows_a_detail(sized: Driver) -> None:
    scene = table(sized.app, position([["pepper", "broccoli", A, A, A], [A]], discards=[["carrot", "leek"], []]),
                  ["human", "random"])
    sized.frame()
    hover(sized, scene, "hand0")
    assert scene.detail_rect is not None  # before the picker opens, a hovered card shows its detail
    sized.click(next(c.rect for c in scene.choices if c.key == "hand1").move(8, 8).topleft)  # pepper
    sized.frame(2)
    assert scene.intent.browse is not None and scene.modal
    assert scene.lay is not None
    points = [next(c.rect for c in scene.choices if c.key == "pick0").center,  # a card in the picker
              scene.lay.hand_rects(5)[0].move(0, 30).center,  # a hand card beside the picker
              scene.lay.middle.center]
    for point in points:
        sized.move(point)
        sized.frame(2)
        assert scene.detail_rect is None and scene.hover_card is None, point


def test_nothing_beneath_the_menu_dialog_shows_a_detail(sized: Driver) -> None:
    scene = table(sized.app, position([["broccoli", "corn", A, A, A], [A]]), ["human", "random"])
    sized.frame()
    hover(sized, scene, "hand0")
    assert scene.detail_rect is not None
    sized.key(pygame.K_ESCAPE)  # the menu
    sized.frame(2)
    assert scene.dialog is not None and scene.modal
    assert scene.detail_rect is None and scene.hover_card is None
