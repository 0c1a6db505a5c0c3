"""The seats this player holds at tables on servers, kept in the user folder (``remote_seats.json``).

A seat's token is its key: the server hands it out once (to the host at ``create``, to a joiner at ``claim``)
and takes the seat back from whoever shows it (``join`` with the token). So every seat taken is written down
here, and a join by code first looks here: a seat held is taken back with its token; only otherwise is a free
one claimed. A seat is never guessed without its token.

A seat is kept under (the server's id, the table's code), never under the address the server was reached at:
a server that came back on another port or address is the same server (its id, said by ``hello``), and its
seats are found again there (:mod:`game.net.client.server_watch`). Each entry also keeps the address it was
last reached at (``url``). Entries of a file written before servers had ids are keyed by that address; they
stay usable by it and move under the id once the server there answers ``hello`` (:meth:`SeatBook.adopt`).

A table found over stays in the book with its result (:meth:`SeatBook.finish`) until the player dismisses it
(:meth:`SeatBook.forget`); ``replay`` names the replay file written of it (written once).

The file: ``{"seats": {"SERVER_ID/TABLE" (or, written before ids, "ws://HOST:PORT/TABLE"): {"seat": n,
"token": "...", "room": "...", "joined": "ISO time", "server": id or absent, "url": "ws://HOST:PORT", "result":
{...} or absent, "replay": "file name" or absent, "others": [the other seats' names as last said] or absent}}}``.
A file that cannot be read is kept aside by :func:`game.userdata.read_json` and reported once
(:attr:`SeatBook.problem`); the book then starts empty.
"""

from __future__ import annotations

import contextlib
import datetime
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.net.client.lobby import Seating
from game.net.client.remote_cards import Link
from game.net.discovery import SERVER_ID
from game.paths import user_data_dir
from game.userdata import CorruptFileError, read_json, write_json_atomic

FILE_NAME = "remote_seats.json"


@dataclass(frozen=True)
class HeldSeat:
    """A seat this player took: its number, its token, the room, when it was taken, the server's id (None: not
    known yet), the address it was last reached at, the table's result once it was found over, the replay
    file written of it, and the other seats' names as its server last said them (shown while it does not
    answer)."""

    seat: int
    token: str
    room: str
    joined: str
    server: str | None = None
    url: str = ""
    result: dict[str, Any] | None = None
    replay: str = ""
    others: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.result is not None


def seat_key(url: str, table: str) -> str:
    """The book's key of a table of a server whose id is not known: its websocket address and the table code
    (upper case, as the server names it)."""
    return f"{url.rstrip('/')}/{table.strip().upper()}"


def book_key(server: str | None, url: str, table: str) -> str:
    """The book's key of a table: (the server's id, the code) when the id is known, else :func:`seat_key`."""
    return f"{server}/{table.strip().upper()}" if server else seat_key(url, table)


def table_of(key: str) -> str:
    """The table code of a book key."""
    return key.rpartition("/")[2]


def _url_of(key: str) -> str:
    return key.rpartition("/")[0] if "://" in key else ""


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
                server, url, result = entry.get("server"), entry.get("url"), entry.get("result")
                server = server if isinstance(server, str) and SERVER_ID.fullmatch(server) else None
                others = entry.get("others")
                seats[str(key)] = HeldSeat(
                    seat, token, str(entry.get("room", "")), str(entry.get("joined", "")), server,
                    url if isinstance(url, str) and url else _url_of(str(key)),
                    result if isinstance(result, dict) else None, str(entry.get("replay", "")),
                    tuple(str(n)[:24] for n in others[:8] if isinstance(n, str) and n) if isinstance(others, list)
                    else ())
        return seats

    def _write(self) -> None:
        data = {"seats": {key: {"seat": held.seat, "token": held.token, "room": held.room, "joined": held.joined,
                                "url": held.url,
                                **({"server": held.server} if held.server else {}),
                                **({"result": held.result} if held.result is not None else {}),
                                **({"replay": held.replay} if held.replay else {}),
                                **({"others": list(held.others)} if held.others else {})}
                          for key, held in self.seats.items()}}
        # a folder that cannot be written: the seat is still held for as long as the program runs
        with contextlib.suppress(OSError):
            write_json_atomic(self.path, data)

    def held(self, url: str, table: str, server: str | None = None) -> HeldSeat | None:
        """The seat held at ``table`` of the server ``server`` (by its id), else of the one reached at ``url``
        whose id is not known yet."""
        if server:
            found = self.seats.get(book_key(server, url, table))
            if found is not None:
                return found
        return self.seats.get(seat_key(url, table))

    def key_of(self, url: str, table: str, server: str | None = None) -> str | None:
        """The key of :meth:`held`'s entry (None: none)."""
        for key in ((book_key(server, url, table),) if server else ()) + (seat_key(url, table),):
            if key in self.seats:
                return key
        return None

    def keep(self, url: str, table: str, seat: int, token: str, room: str, server: str | None = None) -> None:
        """Write down a seat just taken (at the server ``server`` when its id is known, reached at ``url``)."""
        joined = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        old_key = self.key_of(url, table, server)
        old = self.seats.pop(old_key) if old_key is not None else None
        if old is not None and old.seat == seat:
            joined = old.joined or joined  # the same seat again: it keeps its place in the list
        self.seats[book_key(server, url, table)] = HeldSeat(seat, token, room, joined, server, url.rstrip("/"))
        self._write()

    def adopt(self, url: str, server: str) -> bool:
        """The server at ``url`` answered ``hello`` as ``server``: the entries kept under that address move
        under its id (True when one did)."""
        moved = False
        for key, held in list(self.seats.items()):
            if held.server is None and held.url == url.rstrip("/"):
                new_key = book_key(server, url, table_of(key))
                del self.seats[key]
                self.seats.setdefault(new_key, replace(held, server=server))
                moved = True
        if moved:
            self._write()
        return moved

    def reached(self, key: str, url: str) -> None:
        """The entry's server answers at ``url`` now (kept, so the next start asks there first)."""
        held = self.seats.get(key)
        if held is not None and held.url != url.rstrip("/"):
            self.seats[key] = replace(held, url=url.rstrip("/"))
            self._write()

    def finish(self, key: str, result: dict[str, Any]) -> None:
        """The table is over: its result kept (shown until the player dismisses it)."""
        held = self.seats.get(key)
        if held is not None and held.result != result:
            self.seats[key] = replace(held, result=result)
            self._write()

    def heard(self, key: str, others: tuple[str, ...]) -> None:
        """The table's server named the other seats ``others``: kept, so the entry still says who plays there
        while the server does not answer (after a restart of this program too)."""
        held = self.seats.get(key)
        if held is not None and others and held.others != others:
            self.seats[key] = replace(held, others=others)
            self._write()

    def replay_written(self, key: str, name: str) -> None:
        """The table's replay was written as ``name``: never written again."""
        held = self.seats.get(key)
        if held is not None:
            self.seats[key] = replace(held, replay=name)
            self._write()

    def forget(self, url: str, table: str, server: str | None = None) -> None:
        """The table is gone, the seat was given up, or the player dismissed it: its token is of no use any
        more."""
        key = self.key_of(url, table, server)
        if key is not None:
            self.drop(key)

    def drop(self, key: str) -> None:
        """Forget the entry ``key``."""
        if self.seats.pop(key, None) is not None:
            self._write()


def take_seat(book: SeatBook, link: Link, url: str, room: str, table: str, name: str = "",
              player: str = "") -> Seating:
    """Join ``table`` at the server ``url`` as ``name``: ``hello`` first, then the seat held at (its id, the
    table) taken back with its token, or else a free one claimed."""
    code = table.strip().upper()

    def lookup(server: str | None) -> tuple[int, str, str] | None:
        if server:
            book.adopt(url, server)
        held = book.held(url, code, server)
        return None if held is None or held.over else (held.seat, held.token, held.room)

    return Seating.enter(link, room, code, lookup, name=name, player=player)


def note_seating(book: SeatBook, url: str, seating: Seating) -> None:
    """After a seating is done: keep the seat it took, or forget the one of a table that is gone (one found over
    stays, with its result, until dismissed)."""
    if seating.table is None:
        return
    server = seating.hello.server if seating.hello is not None else None
    if seating.phase == "ready" and seating.seat is not None and seating.token is not None:
        book.keep(url, seating.table, seating.seat, seating.token, seating.room, server)
    elif seating.phase == "failed" and seating.problem in ("no_table", "bad_token"):
        book.forget(url, seating.table, server)


def seat_problem_text(book: SeatBook) -> dict[str, Any] | None:
    """The words of the book's reading problem, for the lobby's message (None: it was read fine)."""
    if book.problem is None:
        return None
    kept = book.problem.kept_as.name if book.problem.kept_as is not None else book.path.name
    return {"reason": book.problem.reason, "kept": kept}


__all__ = ["FILE_NAME", "HeldSeat", "SeatBook", "book_key", "note_seating", "seat_key", "seat_problem_text", "table_of",
           "take_seat"]
