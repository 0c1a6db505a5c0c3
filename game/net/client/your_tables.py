"""How the tables this player holds a seat at are doing, asked of their servers with ``peek`` (no pygame).

``{"type": "peek", "table": CODE}`` -> ``{"type": "table", "table": CODE, "room": ..., "over": bool, "turn": seat
or None, "seats": [presence entries], "state": "waiting" | "playing" | "paused" | "over", "result": {"winners":
[S, ...], "seats": [{"seat": S, "name": N, "score": X}, ...]} or null}`` or the error ``no_table``; it changes
nothing the connection holds (docs/design.md, "Remote play"). A table found over whose replay is wanted
(:meth:`TableWatch.want_replays`) is asked for it on the same connection (``{"type": "replay", "table": CODE}``):
:meth:`TableWatch.replays` hands it to the lobby, which writes it once.

:func:`peek_server` asks one server about some of its tables (blocking, with a
timeout); :class:`TableWatch` asks about every table of the seat book again every few seconds in a thread of
its own, so that the lobby's "Your tables" reads :meth:`TableWatch.news` each frame without waiting. A server
that cannot be reached, or an answer that is not one, is a word (:data:`UNREACHABLE`, :data:`UNKNOWN`), never a
traceback.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from game.artischocken.seats import default_bot_name
from game.net.client.rounds import AsksInRounds, Rounds

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
    #: "remote" (a person's seat) or "bot" (a bot's from the start).
    kind: str = "remote"


#: A table's life states (peek's ``state``).
LIFE = ("waiting", "playing", "paused", "over")


@dataclass(frozen=True)
class TableNews:
    room: str
    over: bool
    turn: int | None
    seats: tuple[SeatNews, ...]
    #: Its creator chose the seed (can know the deal).
    seeded: bool = False
    #: Its life: one of :data:`LIFE` (None: a server that does not say it).
    state: str | None = None
    #: Once over: the checked ``result`` (:func:`read_result`), else None.
    result: dict[str, Any] | None = None

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
        out.append(SeatNews(seat, name.strip()[:24] or None if isinstance(name, str) else None, state,
                            "bot" if entry.get("kind") == "bot" else "remote"))
    state = message.get("state")
    bots = bot_names(room, [entry.kind == "bot" for entry in out])
    out = [SeatNews(e.seat, e.name or bots[i], e.state, e.kind) for i, e in enumerate(out)]
    result = read_result(message.get("result"))
    if result is not None:  # a nameless seat of the result is named as its seat is
        named = {e.seat: e.name for e in out}
        result["seats"] = [{**entry, "name": entry["name"] or named.get(entry["seat"])} for entry in result["seats"]]
    return TableNews(room, over or state == "over", turn, tuple(out), message.get("seeded") is True,
                     state if state in LIFE else None, result)


def bot_names(room: str, bots: Sequence[bool]) -> list[str | None]:
    """The names of a table's bot seats (``bots``: whether each seat is a bot's from the start) as its table screen
    gives them: a card table's server names no bot (they go by their kind), so each is named here as the card
    table names it, in the player's language; None for a person's seat, and in a room whose server names its
    bots."""
    names: list[str | None] = []
    for bot in bots:
        names.append(default_bot_name(sum(bots[:len(names)])) if bot and room == "artischocken" else None)
    return names


def read_result(result: object) -> dict[str, Any] | None:
    """A table's ``result`` as it may be kept and shown: the winners' seats and each seat's name and score
    (None when it is not one)."""
    if not isinstance(result, dict):
        return None
    winners, seats = result.get("winners"), result.get("seats")
    if not isinstance(winners, list) or not isinstance(seats, list) or len(seats) > 16:
        return None
    if not all(isinstance(w, int) and not isinstance(w, bool) for w in winners):
        return None
    kept = []
    for entry in seats:
        if not isinstance(entry, dict):
            return None
        seat, name, score = entry.get("seat"), entry.get("name"), entry.get("score")
        if isinstance(seat, bool) or not isinstance(seat, int):
            return None
        kept.append({"seat": seat, "name": name.strip()[:24] if isinstance(name, str) else None,
                     "score": score if isinstance(score, int | float) and not isinstance(score, bool) else None})
    return {"winners": list(winners), "seats": kept}


def peek_server(url: str, tables: list[str], timeout: float = 2.0, replays: set[str] | None = None,
                got: dict[str, dict[str, Any]] | None = None) -> dict[str, TableNews | str]:
    """Ask the server at ``url`` about each of ``tables`` over one connection (blocks up to about ``timeout``
    seconds per answer); of those over that are in ``replays``, the replay is asked for too and put in ``got``."""
    news: dict[str, TableNews | str] = dict.fromkeys(tables, UNREACHABLE)
    try:
        with connect(url, open_timeout=timeout, close_timeout=0.5, compression=None) as ws:
            for table in tables:
                ws.send(json.dumps({"type": "peek", "table": table}))
                said = news[table] = _answer(ws.recv(timeout=timeout), table)
                if got is not None and replays and table in replays and isinstance(said, TableNews) and said.over:
                    ws.send(json.dumps({"type": "replay", "table": table}))
                    replay = _replay(ws.recv(timeout=timeout), table)
                    if replay is not None:
                        got[table] = replay
    except (OSError, TimeoutError, WebSocketException):
        pass  # what was not answered stays unreachable
    return news


def _replay(text: str | bytes, table: str) -> dict[str, Any] | None:
    """The replay document of a ``replay`` answer (None: an error, or no answer that could be read)."""
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("type") != "replay" \
            or str(message.get("table", "")).upper() != table.upper():
        return None
    replay = message.get("replay")
    if not isinstance(replay, dict) or not isinstance(replay.get("room"), str):
        return None
    seats = replay.get("seats")
    if isinstance(seats, list) and all(isinstance(seat, dict) for seat in seats):  # its bots named as at the table
        names = bot_names(replay["room"], [seat.get("kind") != "human" for seat in seats])
        replay["seats"] = [{**seat, "name": name} if name else seat for seat, name in zip(seats, names, strict=True)]
    return replay


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


class TableWatch(AsksInRounds):
    """Peeks at the tables of :meth:`watch` again every :data:`EVERY` seconds, in a thread (see the module
    text). ``wake`` is called (in the thread) when the news changed, so an idle window draws them."""

    def __init__(self, wake: Callable[[], None] | None = None, every: float = EVERY, *, start: bool = True) -> None:
        self._lock = threading.Lock()
        self._tables: list[tuple[str, str]] = []
        self._news: dict[tuple[str, str], TableNews | str] = {}
        self._want: set[tuple[str, str]] = set()
        self._replays: dict[tuple[str, str], dict[str, Any]] = {}
        #: Counts the rounds whose news differed from the round before.
        self.version = 0
        self.rounds = Rounds("table watch", self.run_round, every, wake=wake, start=start)

    def watch(self, tables: list[tuple[str, str]]) -> None:
        """Ask about these (server address, table code) pairs from now on (at once when there are new ones)."""
        with self._lock:
            new = set(tables) - set(self._tables)
            self._tables = list(tables)
        if new or not self.active:
            self.rounds.ask_now()

    def news(self) -> dict[tuple[str, str], TableNews | str]:
        with self._lock:
            return dict(self._news)

    def want_replays(self, tables: set[tuple[str, str]]) -> None:
        """Ask for the replay of these (address, table) pairs once they are found over."""
        with self._lock:
            self._want = set(tables)

    def replays(self) -> dict[tuple[str, str], dict[str, Any]]:
        """The replays fetched since the last call (handed over once)."""
        with self._lock:
            got, self._replays = self._replays, {}
        return got

    def run_round(self) -> bool:
        """Peek at every table once, one connection per server; True when the news changed."""
        with self._lock:
            tables = list(self._tables)
            want = set(self._want)
        by_server: dict[str, list[str]] = {}
        for url, table in tables:
            by_server.setdefault(url, []).append(table)
        news: dict[tuple[str, str], TableNews | str] = {}
        changed_replays = False
        for url, codes in by_server.items():
            if self.rounds.stopping:
                return False
            got: dict[str, dict[str, Any]] = {}
            wanted = {table for at, table in want if at == url}
            news.update({(url, code): said for code, said in peek_server(url, codes, replays=wanted,
                                                                          got=got).items()})
            with self._lock:
                self._replays.update({(url, code): replay for code, replay in got.items()})
                changed_replays = changed_replays or bool(got)
        with self._lock:
            changed = news != self._news or changed_replays
            self._news = news
            if changed:
                self.version += 1
        return changed


__all__ = ["GONE", "LIFE", "UNKNOWN", "UNREACHABLE", "SeatNews", "TableNews", "TableWatch", "bot_names", "peek_server",
           "read_news", "read_result"]
