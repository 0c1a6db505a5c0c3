"""Fixtures shared by the table tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from table_helpers import Driver

from game.artischocken.table import cards as cardsmod


@pytest.fixture
def drv(make_app: Callable[..., Any]) -> Iterator[Driver]:
    """A headless 1280x800 app (the root ``make_app``: its own user data folder, the CLI's scenes), driven by
    synthetic events."""
    yield Driver(make_app((1280, 800)))
    cardsmod.RECORDER = None
