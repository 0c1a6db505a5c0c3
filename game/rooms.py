"""The rooms of the table and how to open them (used by the CLI and the launcher).

A room module defines ``add_arguments(parser)`` (its own CLI flags) and ``create_scene(args)`` where ``args``
is the parsed ``argparse.Namespace`` from the CLI, or ``None`` when the launcher opens the room (the room
then starts at its setup screen with its defaults).
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType
from typing import Any

ROOMS: dict[str, str] = {
    "cactus": "game.cactus.room",
    "artischocken": "game.artischocken.room",
    "editor": "tools.room",
}


def room_module(name: str) -> ModuleType | None:
    """The module of room ``name``, or None while that room is not built yet."""
    path = ROOMS[name]
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name and path.startswith(exc.name):
            return None
        raise


def create_room_scene(name: str, args: argparse.Namespace | None = None) -> Any:
    """The first scene of room ``name`` (a placeholder that says so while the room is not built)."""
    module = room_module(name)
    if module is None or not hasattr(module, "create_scene"):
        from game.launcher import PlaceholderScene

        return PlaceholderScene(name)
    return module.create_scene(args)
