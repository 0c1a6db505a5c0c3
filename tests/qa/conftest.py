"""QA fixtures: every test gets its own GARDEN_TABLE_HOME and starts (and ends) in English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n


@pytest.fixture(autouse=True)
def qa_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "home"
    monkeypatch.setenv("GARDEN_TABLE_HOME", str(home))
    i18n.set_language("en")
    yield home
    i18n.set_language("en")
    pygame.quit()
