"""Fixtures shared by the table tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from table_helpers import Driver

from game import i18n
from game.app import App, AppOptions
from game.artischocken import cards as cardsmod


@pytest.fixture
def drv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A headless 1280x800 app with its own user data folder, driven by synthetic events."""
    monkeypatch.setenv("GARDEN_TABLE_HOME", str(tmp_path))
    i18n.set_language("en")
    app = App(AppOptions(size=(1280, 800), headless=True))
    yield Driver(app)
    cardsmod.RECORDER = None
    pygame.quit()
