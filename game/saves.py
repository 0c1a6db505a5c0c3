"""The unfinished games: one file each in the user data dir's ``saves/``, kept from the game's start to its end.

A save is ``saves/<id>.json`` (``id`` = the room and the time the game started, e.g. ``cactus-20261202-0623-14``),
written atomically. Its header says what the Continue lists and ``python -m game saves`` show without asking the
room: ``room``, ``seats`` (names), ``turn`` (cactus: the turn; artischocken: the round) and ``saved_at``; ``game``
holds the room's own data. A finished game removes its save; starting a game never overwrites another one.

The rooms' older single autosave (``<room>/autosave.json``) is moved in here the first time the room's saves are
read (:func:`migrate`). A file that cannot be read is moved aside (``.corrupt-N``), never overwritten.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.scripted import lists_kept
from game.userdata import CorruptFileError, move_aside, read_json, write_json_atomic

FORMAT = "garden-table-save/1"
#: What an id may look like (it names a file: no path separators, no dots).
ID_PATTERN = re.compile(r"[a-z]+-[0-9]{8}-[0-9]{4,6}(-[0-9]+)?")
#: Ids handed out in this process (two games started in the same second; a game that ended keeps its id, as
#: its replay's name comes from it).
_issued: set[str] = set()


class SaveProblem(ValueError):
    """A save that is not there or cannot be used; the message is one sentence for the player."""


@dataclass(frozen=True)
class SaveInfo:
    """What a list of saves shows of one: its id, room, seats (names), turn (or round) and when it was saved."""

    id: str
    room: str
    seats: list[str]
    turn: int
    saved_at: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def when(self) -> str:
        """``saved_at`` as a reader wants it: local time, to the minute."""
        try:
            return datetime.fromisoformat(self.saved_at).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            return self.saved_at[:16]


def saves_dir() -> Path:
    return user_data_dir() / "saves"


def path_of(save_id: str) -> Path:
    return saves_dir() / f"{save_id}.json"


def new_id(room: str) -> str:
    """A fresh id for a game of ``room`` starting now (never the id of a save there is or one handed out)."""
    base = f"{room}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
    candidate, n = base, 1
    while candidate in _issued or path_of(candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    _issued.add(candidate)
    return candidate


def replay_name(save_id: str) -> str:
    """The replay file name (no suffix) of the game saved as ``save_id``: the same for all its sittings, so the
    replay is written over, once per game; it starts with the time stamp, as every replay name does."""
    room, _, stamp = save_id.partition("-")
    return f"{stamp}-{room}"


def write(save_id: str, room: str, seats: list[str], turn: int, game: Any) -> Path:
    """Write (atomically) the save ``save_id``: its header and the room's data ``game``. A scripted run that was
    not asked to ``--save`` writes nothing (:mod:`game.scripted`); the path is the one it would have had."""
    if not lists_kept():
        return path_of(save_id)
    header = SaveInfo(save_id, room, list(seats), int(turn), datetime.now(UTC).isoformat(timespec="seconds"))
    return write_json_atomic(path_of(save_id), {"format": FORMAT, **header.to_json(), "game": game})


def remove(save_id: str) -> None:
    """Remove the save (a game that ended, or one the player deleted); nothing when it is not there."""
    with contextlib.suppress(OSError):
        path_of(save_id).unlink()


def _info(data: Any, path: Path) -> SaveInfo:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} save")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ValueError("its seats are not a list of names")
    turn = data.get("turn")
    if not isinstance(turn, int) or not isinstance(data.get("room"), str) or "game" not in data:
        raise ValueError("its header is incomplete")
    return SaveInfo(path.stem, data["room"], seats, turn, str(data.get("saved_at", "")))


def read(save_id: str, room: str | None = None) -> tuple[SaveInfo, Any]:
    """The save ``save_id``: its header and the room's data. SaveProblem when there is no such save (of
    ``room``), or it cannot be read (the file is then kept aside)."""
    path = path_of(save_id)
    if not ID_PATTERN.fullmatch(save_id) or not path.is_file():
        raise SaveProblem(f"there is no saved game {save_id!r} (python -m game saves lists them)")
    try:
        data = read_json(path)
        info = _info(data, path)
    except CorruptFileError as exc:
        raise SaveProblem(str(exc)) from None
    except ValueError as exc:
        raise SaveProblem(unusable(path, str(exc))) from None
    if room is not None and info.room != room:
        raise SaveProblem(f"the saved game {save_id!r} is a game of {info.room}, not of {room}")
    return info, data["game"]


def unusable(path: Path, reason: str) -> str:
    """Keep ``path`` aside (it cannot be used) and say so in one sentence."""
    try:
        kept = f"; the file was kept as {move_aside(path).name}"
    except OSError:
        kept = ""
    return f"{path.name} cannot be resumed ({reason}){kept}"


def listing(room: str | None = None) -> tuple[list[SaveInfo], list[str]]:
    """The saves (of ``room``), newest first, and a sentence for each file that could not be read (kept aside)."""
    folder = saves_dir()
    found: list[SaveInfo] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        if not ID_PATTERN.fullmatch(path.stem):
            continue  # a file kept aside, or not one of ours
        try:
            info = _info(read_json(path), path)
        except CorruptFileError as exc:
            problems.append(str(exc))
            continue
        except ValueError as exc:
            problems.append(unusable(path, str(exc)))
            continue
        if room is None or info.room == room:
            found.append(info)
    found.sort(key=lambda s: (s.saved_at, s.id), reverse=True)
    return found, problems


def migrate(room: str, legacy: Path, summary: Callable[[Any], tuple[list[str], int]]) -> str | None:
    """Move the room's old single autosave ``legacy`` (when there is one) into the saves folder; ``summary(data)``
    gives its seats and turn (ValueError when the data cannot be resumed). Returns a sentence when the file had
    to be kept aside instead."""
    if not legacy.is_file():
        return None
    try:
        data = read_json(legacy)
        seats, turn = summary(data)
    except CorruptFileError as exc:
        return str(exc)
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        return unusable(legacy, str(exc))
    save_id = new_id(room)
    write(save_id, room, seats, turn, data)
    legacy.unlink(missing_ok=True)
    return None


__all__ = ["FORMAT", "SaveInfo", "SaveProblem", "listing", "migrate", "new_id", "path_of", "read", "remove",
           "replay_name", "saves_dir", "unusable", "write"]
