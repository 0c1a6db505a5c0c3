"""Esc on the launcher asks before the program ends: the question's safe default (Enter, Esc) stays."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.i18n import t
from game.screens.launcher import LauncherScene


def _key(app, key: int, when: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.frame(when)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("answer", [pygame.K_RETURN, pygame.K_ESCAPE])
def test_esc_on_the_launcher_asks_and_enter_or_esc_on_the_question_stays(make_app, lang: str, answer: int) -> None:
    i18n.set_language(lang)
    try:
        app = make_app((1280, 800))
        scene = LauncherScene()
        app.push(scene)
        app.frame(0)
        _key(app, pygame.K_ESCAPE, 16)
        assert app.running and scene.dialog is not None
        assert scene.dialog.title == t("launcher.quit_question.title")
        _key(app, answer, 32)
        assert app.running and app.scene is scene and scene.dialog is None
    finally:
        i18n.set_language("en")


def test_quit_on_the_question_ends_the_program(make_app) -> None:
    app = make_app((800, 600))
    scene = LauncherScene()
    app.push(scene)
    app.frame(0)
    _key(app, pygame.K_ESCAPE, 16)
    assert scene.dialog is not None
    quit_button = next(w for w in scene.dialog.widgets if w.label() == t("launcher.quit"))
    pos = quit_button.rect.center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    app.frame(32)
    assert not app.running
