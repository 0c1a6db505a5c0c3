"""Which module makes the tables of which room: room -> module with ``create(message)`` and ``resume(d)``.

Each module named in :data:`FACTORIES` has ``create(message: Mapping) -> RoomTable`` (TableError on bad input)
and ``resume(d: Mapping) -> RoomTable`` (ValueError on a save it cannot use), and may name the bot kind that
plays a dropped seat once its wait is over (``TAKEOVER_BOT``, else "greedy"). The modules are imported only
when a table of their room is made, so a room that is missing from this build answers ``no_table``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any, cast

from game.net.server.room_table import RoomTable, TableError

FACTORIES: dict[str, str] = {"artischocken": "game.net.server.cards_table", "cactus": "game.net.server.cactus_table"}
DEFAULT_TAKEOVER_BOT = "greedy"


def room_module(room: object) -> ModuleType:
    """The module of ``room``; TableError bad_message for a room that does not exist, no_table for one that
    this build lacks."""
    if not isinstance(room, str) or room not in FACTORIES:
        raise TableError("bad_message", f"\"room\" must be one of {', '.join(sorted(FACTORIES))}")
    name = FACTORIES[room]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            raise TableError("no_table", f"the room {room} is not available on this server") from None
        raise


def create(message: Mapping[str, Any]) -> RoomTable:
    """A new table of the message's ``room``."""
    module = room_module(message.get("room"))
    return cast(RoomTable, module.create(message))


def resume(room: str, d: Mapping[str, Any]) -> RoomTable:
    """A saved table of ``room`` back; ValueError when it cannot be resumed."""
    try:
        module = room_module(room)
    except TableError as exc:
        raise ValueError(exc.message) from None
    return cast(RoomTable, module.resume(d))


def takeover_bot(room: str) -> str:
    """The bot kind that plays a dropped seat of ``room`` once its wait is over."""
    try:
        return str(getattr(room_module(room), "TAKEOVER_BOT", DEFAULT_TAKEOVER_BOT))
    except TableError:
        return DEFAULT_TAKEOVER_BOT


__all__ = ["DEFAULT_TAKEOVER_BOT", "FACTORIES", "create", "resume", "room_module", "takeover_bot"]
