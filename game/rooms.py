"""The rooms of the table and the navigator between them (used by the CLI, the launcher and the rooms).

A room module defines ``add_arguments(parser)`` (its own CLI flags) and ``create_scene(args)`` where ``args``
is the parsed ``argparse.Namespace`` from the CLI, or ``None`` when the launcher opens the room (the room
then starts at its setup screen with its defaults).

Scenes never import each other: a scene that wants to go to a room or back home asks this module
(:func:`open_room`, :func:`leave_room`), and this module imports no scene either. The room modules are found
by name (:data:`ROOMS`); the placeholder for a room not built yet and the home screen are the ones the app
was handed (``AppOptions.placeholder_scene``, ``AppOptions.home_scene``).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.app import App

ROOMS: dict[str, str] = {
    "cactus": "game.cactus.room",
    "artischocken": "game.artischocken.room",
    "editor": "tools.room",
}


class RoomNotBuilt(LookupError):
    """A room whose module does not exist yet, asked for where no placeholder scene was handed in."""


def room_module(name: str) -> ModuleType | None:
    """The module of room ``name``, or None while that room is not built yet."""
    path = ROOMS[name]
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name and path.startswith(exc.name):
            return None
        raise


def create_room_scene(name: str, args: argparse.Namespace | None = None, *,
                      placeholder: Callable[[str], Any] | None = None) -> Any:
    """The first scene of room ``name``; ``placeholder(name)`` while the room is not built (without a
    placeholder: :class:`RoomNotBuilt`)."""
    module = room_module(name)
    if module is None or not hasattr(module, "create_scene"):
        if placeholder is None:
            raise RoomNotBuilt(f"the {name} room is not built yet")
        return placeholder(name)
    return module.create_scene(args)


def open_room(app: App, name: str, args: argparse.Namespace | None = None) -> Any:
    """Put room ``name``'s first scene on top of ``app`` (the app's placeholder while the room is not built).

    A room that fails to open, in an app that catches errors, puts the app's error scene on top instead, so
    that going back from it returns to the scene that asked (the launcher)."""
    try:
        scene = create_room_scene(name, args, placeholder=app.options.placeholder_scene)
    except Exception as exc:
        if not app.options.catch_errors or app.options.error_scene is None:
            raise
        app.show_error(exc)
        return app.scene
    app.push(scene)
    return scene


def leave_room(app: App) -> None:
    """Leave the top scene: back to the scene below it, or, when it is the only one, to the home screen the
    app was handed (without one the app ends, as it does when its last scene goes)."""
    home = app.options.home_scene
    if len(app.stack) > 1 or home is None:
        app.pop()
    else:
        app.replace(home())


def replay_scene(data: object) -> Any:
    """The viewer of a replay (its room module's ``replay_scene``); ``ReplayError`` when it cannot be shown."""
    from game.replay.format import ReplayError, check

    room = check(data)["room"]
    module = room_module(room) if room in ROOMS else None
    if module is None or not hasattr(module, "replay_scene"):
        raise ReplayError(f"room: {room} replays cannot be played back yet")
    return module.replay_scene(data)


def open_replay(app: App, data: object) -> Any:
    """Put the viewer of replay ``data`` on top of ``app`` (``ReplayError`` when it cannot be shown)."""
    scene = replay_scene(data)
    app.push(scene)
    return scene
