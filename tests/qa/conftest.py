"""QA fixtures: every test gets its own user data folder (the root ``home`` fixture) and starts (and ends) in
English; apps come from the root ``make_app`` fixture."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n


@pytest.fixture(autouse=True)
def qa_home(home: Path) -> Iterator[Path]:
    yield home
    i18n.set_language("en")
    pygame.quit()
