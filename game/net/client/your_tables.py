"""How the tables this player holds a seat at are doing, asked of their servers with ``peek`` (no pygame).

``{"type": "peek", "table": CODE}`` -> ``{"type": "table", "table": CODE, "room": ..., "over": bool, "turn": seat
or None, "seats": [presence entries]}`` or the error ``no_table``; it changes nothing the connection holds
(docs/design.md, "Remote play"). :func:`peek_server` asks one server about some of its tables (blocking, with a
timeout); :class:`TableWatch` asks about every table of the seat book again every few seconds in a thread of
its own, so that the lobby's "Your tables" reads :meth:`TableWatch.news` each frame without waiting. A server
that cannot be reached, or an answer that is not one, is a word (:data:`UNREACHABLE`, :data:`UNKNOWN`), never a
traceback.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

#: What a peek may say besides a :class:`TableNews`: the table is gone, the server cannot be reached, or it gave
#: no answer that could be read (a server that does not know ``peek``, say).
GONE, UNREACHABLE, UNKNOWN = "gone", "unreachable", "unknown"
#: Seconds between two rounds of peeks.
EVERY = 3.0


@dataclass(frozen=True)
class SeatNews:
    """One seat of a peeked table: its number, its player's name (None: not known), and its state ("here",
    "away", "bot", "waiting" or "returning")."""

    seat: int
    name: str | None
    state: str


@dataclass(frozen=True)
class TableNews:
    room: str
    over: bool
    turn: int | None
    seats: tuple[SeatNews, ...]
    #: Its creator chose the seed (can know the deal).
    seeded: bool = False

    def seat(self, n: int | None) -> SeatNews | None:
        return next((s for s in self.seats if s.seat == n), None)


def read_news(message: dict[str, Any]) -> TableNews | None:
    """The news in a ``table`` answer (None when it is not one that can be read)."""
    room, over, turn, seats = message.get("room"), message.get("over"), message.get("turn"), message.get("seats")
    if not isinstance(room, str) or not isinstance(over, bool) or not isinstance(seats, list):
        return None
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int)):
        return None
    out = []
    for entry in seats:
        if not isinstance(entry, dict):
            return None
        seat, name, state = entry.get("seat"), entry.get("name"), entry.get("state")
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(state, str):
            return None
        out.append(SeatNews(seat, name.strip()[:24] or None if isinstance(name, str) else None, state))
    return TableNews(room, over, turn, tuple(out), message.get("seeded") is True)


def peek_server(url: str, tables: list[str], timeout: float = 2.0) -> dict[str, TableNews | str]:
    """Ask the server at ``url`` about each of ``tables`` over one connection (blocks up to about ``timeout``
    seconds per answer)."""
    news: dict[str, TableNews | str] = dict.fromkeys(tables, UNREACHABLE)
    try:
        with connect(url, open_timeout=timeout, close_timeout=0.5, compression=None) as ws:
            for table in tables:
                ws.send(json.dumps({"type": "peek", "table": table}))
                news[table] = _answer(ws.recv(timeout=timeout), table)
    except (OSError, TimeoutError, WebSocketException):
        pass  # what was not answered stays unreachable
    return news


def _answer(text: str | bytes, table: str) -> TableNews | str:
    try:
        message = json.loads(text)
    except ValueError:
        return UNKNOWN
    if not isinstance(message, dict):
        return UNKNOWN
    if message.get("type") == "error":
        return GONE if message.get("code") == "no_table" else UNKNOWN
    if message.get("type") != "table" or str(message.get("table", "")).upper() != table.upper():
        return UNKNOWN
    return read_news(message) or UNKNOWN


class TableWatch:
    """Peeks at the tables of :meth:`watch` again every :data:`EVERY` seconds, in a thread (see the module
    text). ``wake`` is called (in the thread) when the news changed, so an idle window draws them."""

    def __init__(self, wake: Callable[[], None] | None = None, every: float = EVERY) -> None:
        self.wake = wake
        self.every = every
        self._lock = threading.Lock()
        self._tables: list[tuple[str, str]] = []
        self._news: dict[tuple[str, str], TableNews | str] = {}
        #: Counts the rounds whose news differed from the round before.
        self.version = 0
        #: Asking at all (off while a table is open over the lobby: nobody reads the news then).
        self.active = True
        self._stop = threading.Event()
        self._asked = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table watch", daemon=True)
        self._thread.start()

    def watch(self, tables: list[tuple[str, str]]) -> None:
        """Ask about these (server address, table code) pairs from now on (at once when there are new ones)."""
        with self._lock:
            new = set(tables) - set(self._tables)
            self._tables = list(tables)
        if new or not self.active:
            self.active = True
            self._asked.set()

    def news(self) -> dict[tuple[str, str], TableNews | str]:
        with self._lock:
            return dict(self._news)

    def _run(self) -> None:
        while not self._stop.is_set():
            if not self.active:
                self._asked.wait(self.every)
                self._asked.clear()
                continue
            with self._lock:
                tables = list(self._tables)
            by_server: dict[str, list[str]] = {}
            for url, table in tables:
                by_server.setdefault(url, []).append(table)
            news: dict[tuple[str, str], TableNews | str] = {}
            for url, codes in by_server.items():
                if self._stop.is_set():
                    return
                news.update({(url, code): said for code, said in peek_server(url, codes).items()})
            with self._lock:
                changed = news != self._news
                self._news = news
                if changed:
                    self.version += 1
            if changed and self.wake is not None:
                with contextlib.suppress(Exception):  # a window that is gone: nothing to wake
                    self.wake()
            self._asked.wait(self.every)
            self._asked.clear()

    def close(self) -> None:
        self._stop.set()
        self._asked.set()


__all__ = ["GONE", "UNKNOWN", "UNREACHABLE", "SeatNews", "TableNews", "TableWatch", "peek_server", "read_news"]
