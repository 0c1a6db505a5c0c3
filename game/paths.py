"""Where the program's data lives: the bundled assets and the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path

#: ``assets/`` sits beside the ``game`` package both in a clone and in an installed wheel.
ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"


def asset(*parts: str) -> Path:
    """Path of a bundled asset, e.g. ``asset("fonts", "Lato-Regular.ttf")``."""
    return ASSETS_DIR.joinpath(*parts)


def user_data_dir() -> Path:
    """The per-user directory for settings and saves (``GARDEN_TABLE_HOME`` overrides it, for tests)."""
    override = os.environ.get("GARDEN_TABLE_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_path

        path = user_data_path("garden-table", appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path
