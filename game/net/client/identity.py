"""The player's id: who sits at a seat, as the servers know it (no pygame).

A seat's token says which seat; the player id says which person. The program sends it with every ``create``,
``claim`` and ``join`` (``"player": ID``), so that a server never gives one person a second seat at a table: a
claim by a player who holds a seat there is refused (``already_seated``). The id is random, made once and kept
in the user folder (``player.json``: ``{"id": "..."}``). A file that cannot be read, or holds no id, is kept
aside (:func:`game.userdata.read_json`) and a new id is made: never a crash. It is no secret and names nobody:
it only tells one program's player from another's.
"""

from __future__ import annotations

import contextlib
import secrets
from pathlib import Path

from game.net.discovery import SERVER_ID
from game.paths import user_data_dir
from game.userdata import CorruptFileError, move_aside, read_json, write_json_atomic

FILE_NAME = "player.json"


def new_id() -> str:
    """A fresh random player id (22 URL-safe characters: within the wire's 1-64 of [A-Za-z0-9_-])."""
    return secrets.token_urlsafe(16)


def player_id(path: Path | None = None) -> str:
    """This player's id, kept in ``path`` (None: ``player.json`` in the user folder); made and written the first
    time, and again when the file cannot be read (the old one kept aside)."""
    path = path if path is not None else user_data_dir() / FILE_NAME
    try:
        data = read_json(path, default=None)
    except (CorruptFileError, OSError):
        data = None  # kept aside by read_json where it could be: a new id
    else:
        found = data.get("id") if isinstance(data, dict) else None
        if isinstance(found, str) and SERVER_ID.fullmatch(found):
            return found
        if data is not None:  # JSON, but no id in it: kept aside all the same, never overwritten unseen
            with contextlib.suppress(OSError):
                move_aside(path)
    made = _UNWRITTEN.get(path) or new_id()
    try:
        write_json_atomic(path, {"id": made})
    except OSError:  # a folder that cannot be written: the id holds while the program runs
        _UNWRITTEN[path] = made
    return made


#: Ids made for a file that could not be written, by its path: the same id for as long as the program runs.
_UNWRITTEN: dict[Path, str] = {}


__all__ = ["FILE_NAME", "new_id", "player_id"]
