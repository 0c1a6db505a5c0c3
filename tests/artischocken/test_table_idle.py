"""The card table sleeps when nothing moves and paints only what changed (an idle window costs next to nothing)."""

from __future__ import annotations

import pygame
from table_helpers import Driver, position, table

from game.artischocken import Action
from game.artischocken.table import scene_table, table_base

A = "artichoke"


def _wait_still(drv: Driver, scene: scene_table.TableScene, frames: int = 600) -> int:
    for n in range(frames):
        if scene.still():
            return n
        drv.frame()
    raise AssertionError("the table never became still")


def test_a_table_waiting_for_a_human_becomes_still_and_wakes_for_input(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", A, A, A], [A] * 5], decks=[[A] * 5, [A] * 5]),
                  ["human", "greedy"], fast=False)
    drv.frame()
    assert not scene.still()  # the highlights breathe for a while after the table changed
    frames = _wait_still(drv, scene)
    assert frames * 16 / 1000 >= table_base.CALM_SECONDS - 0.1
    repaints = scene.layers.repaints
    drv.frame(30)
    assert scene.layers.repaints == repaints  # an unchanged table is not painted again
    drv.move(drv.choice(scene, "hand0"))  # hovering lifts the card and shows its rule
    assert not scene.still() and scene.layers.repaints > repaints and scene.hover_card is not None


def test_the_table_is_not_still_while_cards_fly_or_a_bot_is_to_act(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", A, A, A], [A] * 5], decks=[[A] * 5, [A] * 5]),
                  ["human", "greedy"], fast=False)
    drv.frame()
    _wait_still(drv, scene)
    scene.apply(Action("play", "broccoli"))  # A-C-BROCCOLI: cards fly to the compost and the discard
    assert scene.flights and not scene.still()
    scene.apply(Action("end_play"))
    for _ in range(20):
        drv.frame()
        assert not scene.still()  # the bot's turn: it pauses visibly, then plays
    assert scene.table.actor == 1 or scene.actions_applied > 2


def test_a_message_keeps_the_table_awake_until_it_fades(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", A], [A] * 5], decks=[[A] * 5, [A] * 5]), ["human", "greedy"],
                  fast=False)
    drv.frame()
    _wait_still(drv, scene)
    drv.key(pygame.K_u)  # nothing to undo: a message says so
    assert scene.message.visible and not scene.still()
    _wait_still(drv, scene)
    assert not scene.message.visible


def test_the_setup_screen_is_still_unless_a_name_is_being_typed(drv: Driver) -> None:
    from game.artischocken.room import setup_scene

    setup = setup_scene(offer_resume=False)
    drv.app.push(setup)
    drv.frame(3)
    assert setup.still()
    drv.click(setup.entries[0].rect.center)  # the name field takes the keyboard: its cursor blinks
    drv.frame()
    assert not setup.still()
