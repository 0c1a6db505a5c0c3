"""The modal dialog opens with its safe choice focused: by default the last button (the cancel action Esc
triggers), so an Enter or Space meant for the scene below never leaves or discards; the focused button is the
one drawn as primary; the buttons are wide enough for their labels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.ui.fonts import font
from game.ui.theme import SIZES
from game.ui.widgets import Dialog


@pytest.fixture(autouse=True)
def app(make_app: Callable[..., Any]) -> Any:
    """A headless app: the fonts (and their caches) are its."""
    return make_app((1280, 800))


def opened(labels: list[str], chosen: list[str], **options: int) -> Dialog:
    def pick(label: str) -> Callable[[], None]:
        return lambda: chosen.append(label)

    dialog = Dialog("Title", "Body", [(label, pick(label)) for label in labels], **options)
    dialog.layout((1280, 800))
    return dialog


def press(dialog: Dialog, key: int) -> None:
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE])
def test_enter_or_space_right_after_opening_presses_the_cancel_action(n: int, key: int) -> None:
    labels = [f"choice {i}" for i in range(n)]
    chosen: list[str] = []
    dialog = opened(labels, chosen)
    assert [w.style == "primary" for w in dialog.widgets] == [i == n - 1 for i in range(n)]
    press(dialog, key)
    assert chosen == [labels[-1]] and not dialog.open


def test_a_dialog_may_name_another_safe_choice() -> None:
    chosen: list[str] = []
    dialog = opened(["Continue", "New game"], chosen, focus=0)
    press(dialog, pygame.K_RETURN)
    assert chosen == ["Continue"]


def test_the_focus_the_player_moved_survives_a_resize() -> None:
    chosen: list[str] = []
    dialog = opened(["Leave", "Stay"], chosen)
    press(dialog, pygame.K_LEFT)
    dialog.layout((900, 700))
    press(dialog, pygame.K_RETURN)
    assert chosen == ["Leave"]


def test_the_buttons_hold_their_labels() -> None:
    labels = ["Save and leave", "Leave without saving, really", "Keep editing"]
    dialog = opened(labels, [])
    widest = max(font(SIZES.text, bold=True).size(label)[0] for label in labels)
    assert all(w.rect.width > widest for w in dialog.widgets)
    assert all(dialog.rect.contains(w.rect) for w in dialog.widgets)
    small = Dialog("Title", "Body", [(label, lambda: None) for label in labels * 3])
    small.layout((640, 480))  # too many to fit: they shrink, never stick out of the dialog or the window
    assert all(small.rect.contains(w.rect) for w in small.widgets) and small.rect.width <= 640
