"""The seats this player holds at tables on servers, kept in the user folder (``remote_seats.json``).

A seat's token is its key: the server hands it out once (to the host at ``create``, to a joiner at ``claim``)
and takes the seat back from whoever shows it (``join`` with the token). Kept only in memory, it was lost when
the player left the table or the program ended, and the next join by code asked for a free seat of a full
table. So every seat taken is written down here, under the server's address and the table's code, and a join
by code first looks here: a seat held is taken back with its token; only otherwise is a free one claimed. A
seat is never guessed without its token.

The file: ``{"seats": {"ws://HOST:PORT/TABLE": {"seat": n, "token": "...", "room": "...", "joined": "ISO
time"}}}``. A file that cannot be read is kept aside by :func:`game.userdata.read_json` and reported once
(:attr:`SeatBook.problem`); the book then starts empty.
"""

from __future__ import annotations

import contextlib
import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.net.client.lobby import Seating
from game.net.client.remote_cards import Link
from game.paths import user_data_dir
from game.userdata import CorruptFileError, read_json, write_json_atomic

FILE_NAME = "remote_seats.json"


@dataclass(frozen=True)
class HeldSeat:
    """A seat this player took: its number, its token, the room, and when it was taken."""

    seat: int
    token: str
    room: str
    joined: str


def seat_key(url: str, table: str) -> str:
    """The book's key of a table: the server's websocket address and the table code (upper case, as the
    server names it)."""
    return f"{url.rstrip('/')}/{table.strip().upper()}"


class SeatBook:
    """The seats held (see the module text); ``path`` None: ``remote_seats.json`` in the user data folder."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else user_data_dir() / FILE_NAME
        #: The corrupt file met on reading (its message names where it was kept), or None.
        self.problem: CorruptFileError | None = None
        self.seats: dict[str, HeldSeat] = self._read()

    def _read(self) -> dict[str, HeldSeat]:
        try:
            data = read_json(self.path, default={})
        except CorruptFileError as exc:
            self.problem = exc
            return {}
        except OSError as exc:  # unreadable, or even the rename aside failed: the book starts empty
            self.problem = CorruptFileError(self.path, str(exc), None)
            return {}
        entries = data.get("seats") if isinstance(data, dict) else None
        seats: dict[str, HeldSeat] = {}
        for key, entry in (entries.items() if isinstance(entries, dict) else ()):
            if not isinstance(entry, dict):
                continue
            seat, token = entry.get("seat"), entry.get("token")
            if isinstance(seat, int) and not isinstance(seat, bool) and isinstance(token, str) and token:
                seats[str(key)] = HeldSeat(seat, token, str(entry.get("room", "")), str(entry.get("joined", "")))
        return seats

    def _write(self) -> None:
        data = {"seats": {key: {"seat": held.seat, "token": held.token, "room": held.room, "joined": held.joined}
                          for key, held in self.seats.items()}}
        # a folder that cannot be written: the seat is still held for as long as the program runs
        with contextlib.suppress(OSError):
            write_json_atomic(self.path, data)

    def held(self, url: str, table: str) -> HeldSeat | None:
        return self.seats.get(seat_key(url, table))

    def keep(self, url: str, table: str, seat: int, token: str, room: str) -> None:
        """Write down a seat just taken."""
        joined = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        self.seats[seat_key(url, table)] = HeldSeat(seat, token, room, joined)
        self._write()

    def forget(self, url: str, table: str) -> None:
        """The table is over or gone, or the seat was given up: its token is of no use any more."""
        if self.seats.pop(seat_key(url, table), None) is not None:
            self._write()


def take_seat(book: SeatBook, link: Link, url: str, room: str, table: str, name: str = "") -> Seating:
    """Join ``table`` at the server ``url`` as ``name``: the seat held there taken back with its token, or else a
    free one claimed."""
    held = book.held(url, table)
    if held is None:
        return Seating.join(link, room, table.strip().upper(), name=name)
    return Seating.rejoin(link, held.room or room, table.strip().upper(), held.seat, held.token, name=name)


def note_seating(book: SeatBook, url: str, seating: Seating) -> None:
    """After a seating is done: keep the seat it took, or forget the one of a table that is over or gone."""
    if seating.table is None:
        return
    if seating.phase == "ready" and seating.seat is not None and seating.token is not None:
        book.keep(url, seating.table, seating.seat, seating.token, seating.room)
    elif seating.phase == "failed" and seating.problem in ("ended", "no_table", "bad_token"):
        book.forget(url, seating.table)


def seat_problem_text(book: SeatBook) -> dict[str, Any] | None:
    """The words of the book's reading problem, for the lobby's message (None: it was read fine)."""
    if book.problem is None:
        return None
    kept = book.problem.kept_as.name if book.problem.kept_as is not None else book.path.name
    return {"reason": book.problem.reason, "kept": kept}


__all__ = ["FILE_NAME", "HeldSeat", "SeatBook", "note_seating", "seat_key", "seat_problem_text", "take_seat"]
