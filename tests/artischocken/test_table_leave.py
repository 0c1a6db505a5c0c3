"""The card table's leave dialog: "Keep playing" has the focus (Enter right after Esc never leaves), and the
dialog says what is true of this game (a local autosaved one is offered again; one not saved is lost)."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import Driver, position, table

from game.artischocken import save as savemod
from game.i18n import t

A = "artichoke"


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE])
def test_enter_or_space_right_after_escape_keeps_playing(drv: Driver, key: int) -> None:
    scene = table(drv.app, position([["broccoli", A], [A]]), ["human", "random"])
    drv.frame()
    drv.key(pygame.K_ESCAPE)
    dialog = scene.dialog
    assert dialog is not None and dialog.title == t("table.menu.title")
    assert [w.focused for w in dialog.widgets] == [False, True]  # "Leave", "Keep playing"
    drv.key(key)
    assert scene.dialog is None and drv.app.scene is scene and not scene.table.session.is_over


def test_an_autosaved_game_says_it_is_offered_again(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", A], [A]]), ["human", "random"])
    drv.frame()
    drv.key(pygame.K_ESCAPE)
    assert scene.dialog is not None and scene.dialog.body == t("table.menu.body")
    drv.key(pygame.K_LEFT)
    drv.key(pygame.K_RETURN)  # Leave, chosen on purpose
    assert drv.app.scene is not scene and savemod.load() is not None


def test_a_game_that_is_not_saved_says_leaving_ends_it(drv: Driver) -> None:
    scene = table(drv.app, position([["broccoli", A], [A]]), ["human", "random"], autosave=False)
    drv.frame()
    drv.key(pygame.K_ESCAPE)
    assert scene.dialog is not None and scene.dialog.body == t("table.menu.body_unsaved")
