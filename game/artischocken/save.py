"""The table's autosave: written after every action, offered on the next start, resumed exactly.

The file ``<user data>/artischocken/autosave.json`` holds the seats and ``Game.to_dict()``; resuming goes
through ``Game.from_dict`` so the generator state and any pending decision come back exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.artischocken import Game
from game.artischocken.seats import HUMAN, Seat, bot_kinds
from game.paths import user_data_dir
from game.replay import cards as replay_cards
from game.replay.cards import CardRecord
from game.userdata import CorruptFileError, move_aside, read_json, write_json_atomic

if TYPE_CHECKING:
    from game.artischocken.turns import LocalTable

FORMAT = "artischocken-table/1"


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

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def round(self) -> int:
        """The round the saved game stands in (1-based, as the table shows it)."""
        return self.game.round + 1


def autosave_path() -> Path:
    return user_data_dir() / "artischocken" / "autosave.json"


def save(game: Game, seats: list[Seat], seed: int = 0, path: Path | None = None,
         record: CardRecord | None = None) -> Path:
    data: dict[str, Any] = {"format": FORMAT, "seats": [s.to_dict() for s in seats], "seed": seed,
                            "game": game.to_dict()}
    if record is not None:
        data["replay"] = record.to_json()
    return write_json_atomic(path or autosave_path(), data)


def save_table(table: LocalTable, seed: int = 0, path: Path | None = None) -> Path:
    """The autosave of a local table: its seats and its game."""
    return save(table.game, [Seat(s.name, s.kind) for s in table.seats], seed, path, table.record)


def clear(path: Path | None = None) -> None:
    target = path or autosave_path()
    if target.exists():
        target.unlink()


def exists(path: Path | None = None) -> bool:
    return (path or autosave_path()).exists()


def load(path: Path | None = None) -> SavedTable | None:
    """The saved table, None when there is none; SaveError (file kept aside if unreadable) otherwise."""
    target = path or autosave_path()
    try:
        data = read_json(target, default=None)
    except CorruptFileError as exc:
        raise SaveError(str(exc)) from None
    if data is None:
        return None
    try:
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
    except (ValueError, KeyError, TypeError) as exc:
        kept = move_aside(target)
        raise SaveError(f"{target.name}: {exc} (kept as {kept.name})") from None
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
