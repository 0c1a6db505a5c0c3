"""The table's saves: each unfinished game in its own file of :mod:`game.saves`, written after every action,
listed on the setup screen, resumed exactly.

A save's ``game`` holds the seats and ``Game.to_dict()``; resuming goes through ``Game.from_dict`` so the
generator state and any pending decision come back exactly. The room's older single
``<user data>/artischocken/autosave.json`` is moved in with the others when the saves are first read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import saves
from game.artischocken import Game
from game.artischocken.seats import HUMAN, Seat, bot_kinds
from game.paths import user_data_dir
from game.replay import cards as replay_cards
from game.replay.cards import CardRecord
from game.userdata import CorruptFileError, move_aside, read_json, write_json_atomic

if TYPE_CHECKING:
    from game.artischocken.turns import LocalTable

FORMAT = "artischocken-table/1"
ROOM = "artischocken"


class SaveError(ValueError):
    """A save that exists but cannot be used; the message says why (for the screen, never a traceback)."""


@dataclass
class SavedTable:
    game: Game
    seats: list[Seat]
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    #: The replay recorded so far (its stream leads from its start exactly to ``game``), or None when the save
    #: has none or a broken one (recording then starts again from the saved position).
    record: CardRecord | None = None
    #: The save it was read from (a resumed game goes on writing there).
    save_id: str | None = None

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def round(self) -> int:
        """The round the saved game stands in (1-based, as the table shows it)."""
        return self.game.round + 1


def legacy_path() -> Path:
    """Where the room kept its one autosave before every game had its own."""
    return user_data_dir() / "artischocken" / "autosave.json"


def autosave_path() -> Path:
    """The newest save of the table (the old single autosave's place when there is none)."""
    found = list_saves()[0]
    return saves.path_of(found[0].id) if found else legacy_path()


def _summary(data: Any) -> tuple[list[str], int]:
    table = _parse(data)
    return [seat.name for seat in table.seats], table.round


def list_saves() -> tuple[list[saves.SaveInfo], list[str]]:
    """The unfinished card games, newest first (the old autosave moved in first), and the files that could not
    be read (each kept aside, said in a sentence)."""
    moved = saves.migrate(ROOM, legacy_path(), _summary)
    found, problems = saves.listing(ROOM)
    return found, ([moved] if moved else []) + problems


def save(game: Game, seats: list[Seat], seed: int = 0, path: Path | None = None,
         record: CardRecord | None = None, save_id: str | None = None) -> Path:
    """Write the table to ``path`` (a file of its own), else as the save ``save_id`` (a new one when None)."""
    data: dict[str, Any] = {"format": FORMAT, "seats": [s.to_dict() for s in seats], "seed": seed,
                            "game": game.to_dict()}
    if record is not None:
        data["replay"] = record.to_json()
    if path is not None:
        return write_json_atomic(path, data)
    return saves.write(save_id or saves.new_id(ROOM), ROOM, [s.name for s in seats], game.round + 1, data)


def save_table(table: LocalTable, seed: int = 0, path: Path | None = None, save_id: str | None = None) -> Path:
    """The save of a local table (its seats and its game): to ``path``, else as the save ``save_id``."""
    return save(table.game, [Seat(s.name, s.kind) for s in table.seats], seed, path, table.record, save_id)


def exists() -> bool:
    """Whether the table has an unfinished game saved."""
    return bool(list_saves()[0])


def load(path: Path | None = None, save_id: str | None = None) -> SavedTable | None:
    """The saved table (from ``path``, else the save ``save_id``, else the newest), None when there is none;
    SaveError (file kept aside if unreadable) otherwise."""
    if path is None:
        if save_id is None:
            found, problems = list_saves()
            if not found:
                if problems:
                    raise SaveError(problems[0])
                return None
            save_id = found[0].id
        try:
            _info, data = saves.read(save_id, ROOM)
        except saves.SaveProblem as exc:
            raise SaveError(str(exc)) from None
        try:
            table = _parse(data)
        except (ValueError, KeyError, TypeError) as exc:
            raise SaveError(saves.unusable(saves.path_of(save_id), str(exc))) from None
        table.save_id = save_id
        return table
    try:
        data = read_json(path, default=None)
    except CorruptFileError as exc:
        raise SaveError(str(exc)) from None
    if data is None:
        return None
    try:
        return _parse(data)
    except (ValueError, KeyError, TypeError) as exc:
        kept = move_aside(path)
        raise SaveError(f"{path.name}: {exc} (kept as {kept.name})") from None


def _parse(data: Any) -> SavedTable:
    """The table a save's data holds; ValueError (KeyError, TypeError) saying why it cannot be resumed."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} save")
    seats = [Seat.from_dict(s) for s in data.get("seats", [])]
    known = [HUMAN, *bot_kinds()]
    for seat in seats:
        if seat.kind not in known:
            raise ValueError(f"seat {seat.name!r} is played by {seat.kind!r}, not one of {', '.join(known)}")
    game = Game.from_dict(data["game"])
    if len(seats) != game.players:
        raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
    seed = int(data.get("seed", 0))
    return SavedTable(game, seats, seed, record=_record_of(data.get("replay"), game))


def _record_of(raw: object, game: Game) -> CardRecord | None:
    """The save's recording, when it leads exactly to the saved game (else None: recording starts anew)."""
    if raw is None:
        return None
    try:
        record = CardRecord.from_json(raw)
        reached = replay_cards.final(record)
    except (ValueError, KeyError, TypeError):
        return None
    return record if reached.to_dict() == game.to_dict() else None
