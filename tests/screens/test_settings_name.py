"""The player's name on the settings screen: typed into its field and kept with Enter or by leaving the field;
an M typed there is a letter (not the mute key); an emptied field gets the kept name back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import settings
from game.screens.scene_settings import SettingsScene


def press(app: Any, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    app.frame()


def typed(app: Any, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.frame()


def click(app: Any, rect: pygame.Rect) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=rect.center, button=1))
    app.frame()


def test_the_name_is_edited_on_the_settings_screen(make_app: Callable[..., Any]) -> None:
    settings.change("player_name", "Tom")
    app = make_app(size=(800, 600))
    scene = SettingsScene()
    app.push(scene)
    app.frame()
    assert scene.name_entry is not None and scene.name_entry.get_text() == "Tom"
    assert app.surface.get_rect().contains(scene.name_button.rect)
    click(app, scene.name_button.rect)
    assert scene.typing()
    scene.name_entry.set_text("")
    muted = settings.current().muted
    typed(app, "Mia")
    assert settings.current().muted == muted  # the M went into the name
    press(app, pygame.K_RETURN, "\r")
    assert not scene.typing() and settings.current().player_name == "Mia"
    assert settings.load_settings().player_name == "Mia"  # saved
    click(app, scene.name_button.rect)
    scene.name_entry.set_text("   ")
    click(app, scene.back.rect.move(0, 60))  # a click elsewhere leaves the field: an empty name is not kept
    assert settings.current().player_name == "Mia" and scene.name_entry.get_text() == "Mia"


def test_the_keyboard_reaches_the_name(make_app: Callable[..., Any]) -> None:
    settings.change("player_name", "Tom")
    app = make_app(size=(1280, 800))
    scene = SettingsScene()
    app.push(scene)
    app.frame()
    while scene.focus is None or scene.rows[scene.focus[0]].key != "name":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN, "\r")
    assert scene.typing()
    typed(app, "my")
    press(app, pygame.K_ESCAPE)  # leaves the screen: what was typed counts
    assert settings.current().player_name == "Tommy"
