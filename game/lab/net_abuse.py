"""``python -m game bench net --abuse KIND [--seconds S]``: the table server's load beside one hostile client.

The usual load of ``bench net`` (tables of remote Artischocken seats playing random legal moves; a table whose game
ends is replaced by a new one, so the load lasts the whole ``S`` seconds) runs beside ONE abusive client of
``KIND``, as the operator of a public server would try it. The abuser runs in a process of its own
(``python -m game.lab.net_abuse KIND --url URL --seconds S`` prints its fate as one JSON object), so the work it
does itself never delays the load's clients: what the load measures is the server.

The kinds (each a function below):

* ``stream``: a Cactus table of two remote seats; the seat whose turn it is streams ``input`` messages of 256
  pointer moves each at about 100 messages a second.
* ``burn``: the same table; the seat whose turn it is rolls, takes a piece, grabs it high in the air and sends
  300 physics steps of 0.05 s per message at 20 messages a second.
* ``nonreader``: connections that watch busy all-bot Cactus tables and never read a byte.
* ``tables``: ten connections from one address creating tables of both rooms as fast as each may.
* ``bots``: 20 all-bot ``search-hard`` Artischocken tables, and beside them a table of one remote seat and a
  ``greedy`` bot on which the bot's answer is timed (from the act that passes it the turn to the next state that
  offers the seat actions again).

The abuser's fate is what the server did to it: the error codes it got (with counts), and each connection's end
(the close code and reason, or still open at the end). Its death is a fate, not an error: every wait has a
timeout, and the bench goes on. The server's peak memory is the largest sum, sampled every 0.2 s, of the resident
memory of the server process and all its descendants (worker processes count).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.cactus.bots.simple import Bot
from game.cactus.match import Match, MatchError, Stage
from game.lab.net_load import MAX_ACTIONS, percentile
from game.net.cactus_stream import Feed, steps_in

#: The kinds of abusive client (``bench net --abuse KIND``).
KINDS = ("stream", "burn", "nonreader", "tables", "bots")
#: The abuser's address (one client); the load's players come from other loopback addresses (127.0.1.N), as the
#: players of fifty tables would, so that limits per address hit the abuser and not them.
ABUSER_ADDRESS = "127.0.0.1"
#: The longest the bench waits for any one answer.
WAIT = 5.0
#: After the last second, how long the load's open round trips may still take before they count as cut off.
GRACE = 10.0
#: Pointer moves per ``stream`` message and its messages per second.
STREAM_ITEMS = 256
STREAM_RATE = 100.0
#: Steps (of 0.05 s) per ``burn`` message and its messages per second.
BURN_STEPS = 300
BURN_DT = 0.05
BURN_RATE = 20.0
#: Connections of ``nonreader`` (each watches its own all-bot Cactus table) and of ``tables``.
NONREADER_CONNECTIONS = 3
NONREADER_SEATS = ["bot"] * 5
TABLES_CONNECTIONS = 10
#: The most creates a ``tables`` connection sends per second (the rate limit is 120).
TABLES_RATE = 100.0
#: All-bot tables of ``bots`` and their seats.
BOT_TABLES = 20
BOT_SEATS = ["search-hard"] * 4
#: Where the bot tables come from: the abuser's address first, then others (each keeps its share of the tables).
BOT_ADDRESSES = [ABUSER_ADDRESS, *(f"127.0.2.{n}" for n in range(1, 10))]


# ---------------------------------------------------------------------------------------------- the abuser's fate

@dataclass
class Fate:
    """What one abusive client sent and what the server did to it."""

    kind: str
    started: float = field(default_factory=time.perf_counter)
    messages: int = 0
    bytes: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    connections: int = 0
    refused_connections: int = 0
    #: (close code or None, reason, seconds after the start) of every connection the server ended.
    closes: list[tuple[int | None, str, float]] = field(default_factory=list)
    open: set[Link] = field(default_factory=set)
    #: When the run is over (perf_counter); a connection the abuser closes after it was open at the end.
    deadline: float = float("inf")
    open_at_end: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def report(self) -> dict[str, Any]:
        closed: dict[tuple[int | None, str], dict[str, Any]] = {}
        for code, reason, after in self.closes:
            row = closed.setdefault((code, reason), {"code": code, "reason": reason, "count": 0,
                                                     "first_after_s": round(after, 2)})
            row["count"] += 1
        return {"kind": self.kind, "sent": {"messages": self.messages, "bytes": self.bytes},
                "errors": dict(sorted(self.errors.items())), "connections": self.connections,
                "refused_connections": self.refused_connections, "closed": list(closed.values()),
                "open_at_end": self.open_at_end + len(self.open), **self.extra}


class Link:
    """One connection of the abuser. Everything it sends is counted in the fate; a reader task reads every message,
    counts the error codes and hands each message to ``on_message`` (when it returns False, or there is none, the
    message is kept for :meth:`reply`). The server closing it is noted as the fate's."""

    def __init__(self, ws: ClientConnection, fate: Fate, on_message: Callable[[Link, dict[str, Any]], bool] | None,
                 *, reads: bool = True) -> None:
        self.ws = ws
        self.fate = fate
        self.on_message = on_message
        self.replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.closed = False
        self.ending = False  # the abuser itself closes it (the run is over)
        fate.connections += 1
        fate.open.add(self)
        self.reader = asyncio.get_running_loop().create_task(self.read()) if reads else None

    @classmethod
    async def open(cls, url: str, fate: Fate, on_message: Callable[[Link, dict[str, Any]], bool] | None = None,
                   *, silent: bool = False, address: str = ABUSER_ADDRESS) -> Link | None:
        """A new connection from the abuser's address, or None when the server refuses it (counted). ``silent``:
        it never reads (a receive buffer of one message, no reader, no pings of its own that would need an
        answer read, and a kernel receive buffer of 4 KB, so the server's sends back up at once)."""
        options = source(url, address)
        try:
            if silent:
                options = {"max_queue": 1, "ping_interval": None, "sock": await small_socket(url)}
            ws = await asyncio.wait_for(connect(url, compression=None, max_size=None, open_timeout=WAIT, **options),
                                        WAIT + 1)
        except (OSError, TimeoutError, InvalidHandshake):
            fate.refused_connections += 1
            return None
        return cls(ws, fate, on_message, reads=not silent)

    async def read(self) -> None:
        try:
            async for text in self.ws:
                try:
                    message = json.loads(text)
                except ValueError:
                    message = None
                if not isinstance(message, dict):
                    self.fate.errors["(not a JSON object)"] += 1
                    continue
                if message.get("type") == "error":
                    self.fate.errors[str(message.get("code"))] += 1
                if self.on_message is None or not self.on_message(self, message):
                    self.replies.put_nowait(message)
        except ConnectionClosed:
            pass
        finally:
            self.gone()

    def gone(self) -> None:
        """The connection ended: by the server (a fate) unless the abuser was closing it."""
        if self.closed:
            return
        self.closed = True
        self.fate.open.discard(self)
        if not self.ending:
            rcvd = self.ws.close_code
            self.fate.closes.append((rcvd, self.ws.close_reason or "", time.perf_counter() - self.fate.started))

    async def send(self, message: dict[str, Any]) -> bool:
        """Send ``message``; False once the connection is gone."""
        if self.closed:
            return False
        text = json.dumps(message, separators=(",", ":"))
        try:
            await self.ws.send(text)
        except ConnectionClosed:
            self.gone()
            return False
        self.fate.messages += 1
        self.fate.bytes += len(text.encode())
        return True

    async def reply(self, timeout: float = WAIT) -> dict[str, Any] | None:
        """The next kept message, or None (timeout, or the connection is gone)."""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            if self.closed and self.replies.empty():
                return None
            try:
                return await asyncio.wait_for(self.replies.get(), min(left, 0.25))
            except TimeoutError:
                continue

    async def ask(self, message: dict[str, Any], want: str, timeout: float = WAIT) -> dict[str, Any] | None:
        """Send ``message`` and wait for the answer of type ``want`` or an error (other messages are skipped)."""
        if not await self.send(message):
            return None
        deadline = time.perf_counter() + timeout
        while (left := deadline - time.perf_counter()) > 0:
            answer = await self.reply(left)
            if answer is None or answer.get("type") in (want, "error"):
                return answer
        return None

    async def close(self) -> None:
        self.ending = True
        if not self.closed:
            if time.perf_counter() >= self.fate.deadline:
                self.fate.open_at_end += 1
            self.closed = True
            self.fate.open.discard(self)
        if self.reader is None:  # it reads nothing, so no closing handshake either
            self.ws.transport.abort()
            return
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), 2)
        self.reader.cancel()


def source(url: str, address: str) -> dict[str, Any]:
    """``connect`` options that make a connection to ``url`` come from the loopback ``address`` (none when the
    server is not on an IPv4 loopback address: a remote server sees this machine's one address anyway)."""
    host = urlsplit(url).hostname or ""
    return {"local_addr": (address, 0)} if host.startswith("127.") else {}


async def small_socket(url: str) -> socket.socket:
    """A TCP socket from the abuser's address to the server of ``url``, with a receive buffer of 4 KB."""
    parts = urlsplit(url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        if parts.hostname and parts.hostname.startswith("127."):
            sock.bind((ABUSER_ADDRESS, 0))
        sock.setblocking(False)
        await asyncio.wait_for(asyncio.get_running_loop().sock_connect(sock, (parts.hostname, parts.port or 80)), WAIT)
    except BaseException:
        sock.close()
        raise
    return sock


async def pace(rate: float, deadline: float) -> AsyncIterator[None]:
    """Yields at ``rate`` times a second until ``deadline`` (perf_counter); a late tick is not made up twice."""
    step = 1.0 / rate
    due = time.perf_counter()
    while (now := time.perf_counter()) < deadline:
        if due > now:
            await asyncio.sleep(due - now)
        yield None
        due = max(due + step, time.perf_counter() - step)


# ---------------------------------------------------------------------------------------- a Cactus table of two

class CactusPair:
    """A Cactus table of two remote seats, both held by the abuser (one connection each). It follows the turn
    (``turn`` messages: the number, the seat to play, the snapshot, the seq) and knows when the table took an input,
    because the other seat hears it relayed."""

    def __init__(self, fate: Fate) -> None:
        self.fate = fate
        self.links: dict[int, Link] = {}
        self.turn: dict[str, Any] | None = None
        self.turn_changed = asyncio.Event()
        self.seq = 0  # the seq of the next input of this turn
        self.waiting: tuple[int, int, asyncio.Future[str | None]] | None = None  # (turn, seq, its fate)
        self.resync_due = False  # an input was refused: the next send asks where the table is
        #: Inputs the table took (the other seat hears each relayed) and their steps.
        self.taken = 0
        self.steps_taken = 0

    async def start(self, url: str) -> bool:
        lobby = await Link.open(url, self.fate)
        if lobby is None:
            return False
        created = await lobby.ask({"type": "create", "room": "cactus", "seats": ["remote", "remote"]}, "created")
        if created is None or created.get("type") != "created":
            await lobby.close()
            return False
        self.fate.extra["table"] = created["table"]
        self.links[0] = lobby
        lobby.on_message = self.heard
        other = await Link.open(url, self.fate, self.heard)
        if other is None:
            return False
        self.links[1] = other
        for seat, link in self.links.items():
            await link.send({"type": "join", "table": created["table"], "seat": seat,
                             "token": created["tokens"][str(seat)]})
        try:
            await asyncio.wait_for(self.turn_changed.wait(), WAIT)
        except TimeoutError:
            return False
        return True

    def heard(self, link: Link, message: dict[str, Any]) -> bool:
        kind = message.get("type")
        if kind == "turn":
            if self.turn is None or message.get("turn") != self.turn.get("turn") or message.get("reason") == "sync" \
                    or message.get("seq", 0) > self.seq:
                self.turn = message
                self.seq = int(message.get("seq", 0))
                self.turn_changed.set()
            return True
        if kind == "input":
            self.taken += 1
            items = message.get("items")
            self.steps_taken += sum(steps_in(e) for e in items) if isinstance(items, list) else 0
        if kind == "input" and self.waiting is not None:
            turn, seq, future = self.waiting
            if message.get("turn") == turn and message.get("seq") == seq and not future.done():
                future.set_result(None)
                if self.turn is not None and self.turn.get("turn") == turn:
                    self.seq = max(self.seq, seq + 1)
            return True
        if kind == "error" and self.waiting is not None and not self.waiting[2].done():
            self.waiting[2].set_result(f"{message.get('code')}: {message.get('message')}")
            return True
        if kind == "error" and "out of step" in str(message.get("message")):
            self.resync_due = True
        return True

    def active(self) -> Link | None:
        """The connection of the seat whose turn it is (None once over)."""
        if self.turn is None or self.turn.get("over") or self.turn.get("active") is None:
            return None
        link = self.links.get(int(self.turn["active"]))
        return None if link is None or link.closed else link

    async def sync(self) -> None:
        """Ask the table for the turn so far (its snapshot, stream and seq) and wait for the answer."""
        self.resync_due = False
        link = self.active() or next((link for link in self.links.values() if not link.closed), None)
        if link is None:
            return
        self.turn_changed.clear()
        await link.send({"type": "sync"})
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.turn_changed.wait(), WAIT)

    async def send(self, items: list[Any]) -> bool:
        """One input of the seat to play, its seq counted (no waiting for the table); False when none was sent
        (no seat to play, the connection is gone, or it was out of step and asked the table where it is)."""
        link = self.active()
        if link is None or self.turn is None:
            return False
        if self.resync_due:  # an input was refused, so the seq is out of step: ask where the table is
            await self.sync()
            return False
        turn = self.turn
        sent = await link.send({"type": "input", "turn": turn["turn"], "seq": self.seq, "items": items})
        if self.turn is turn:  # (a new turn that came meanwhile starts its own count)
            self.seq += 1
        return sent

    async def send_taken(self, items: list[Any]) -> str | None:
        """One input, waiting until the table took it (None) or refused it (the error: code and text)."""
        link = self.active()
        if link is None or self.turn is None:
            return "closed"
        future: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        self.waiting = (self.turn["turn"], self.seq, future)
        try:
            if not await link.send({"type": "input", "turn": self.turn["turn"], "seq": self.seq, "items": items}):
                return "closed"
            outcome = await asyncio.wait_for(future, WAIT)
        except TimeoutError:
            self.resync_due = True
            return "timeout"
        finally:
            self.waiting = None
        return outcome

    async def close(self) -> None:
        for link in self.links.values():
            await link.close()


def local_match(turn: dict[str, Any]) -> Match | None:
    """The match of this turn as the table has it (the snapshot and the stream so far), or None."""
    try:
        match = Match.from_dict(turn["snapshot"])
        feed = Feed(match)
        for entry in turn.get("stream") or []:
            with contextlib.suppress(MatchError):
                feed.play(entry)
    except (KeyError, TypeError, ValueError):
        return None
    return match


async def grab_high(pair: CactusPair) -> bool:
    """The seat to play rolls, takes a piece and grabs it in the air high above the cacti. The local copy of the
    match guesses the roll, the piece and a free point; where it guesses wrong (the table refuses), other pieces
    and points are tried."""
    assert pair.turn is not None
    match = local_match(pair.turn)
    if match is None:
        return False
    if match.stage == Stage.ROLL:
        if await pair.send_taken([["r"]]) is not None:
            return False
        with contextlib.suppress(MatchError):
            match.roll()
    pieces = list(match.allowed())
    if match.stage == Stage.CHOOSE:
        with contextlib.suppress(MatchError):
            Bot().act(match)  # the bot's choice first
        if match.piece is not None:
            pieces.insert(0, match.piece)
        if not await take_one(pair, pieces + list(match.rules.pieces)):
            return False
    points = grab_points(match)
    for point in points:
        outcome = await pair.send_taken([["n", round(point[0], 2), round(point[1], 2)]])
        if outcome is None:
            return True
        if "stage choose" in outcome:  # the roll came out otherwise than guessed: a piece is to be taken first
            if not await take_one(pair, pieces + list(match.rules.pieces)):
                return False
        elif not outcome.startswith("illegal"):
            return False
    return False


async def take_one(pair: CactusPair, pieces: list[str]) -> bool:
    """Take the first of ``pieces`` the table allows (at most 40 tries)."""
    for piece in list(dict.fromkeys(pieces))[:40]:
        outcome = await pair.send_taken([["t", piece]])
        if outcome is None:
            return True
        if not outcome.startswith("illegal"):
            return False
    return False


def grab_points(match: Match) -> list[tuple[float, float]]:
    """Points to grab the piece at: high above where the bot would put it, then a grid over the table's top."""
    points: list[tuple[float, float]] = []
    x0, y0, x1, y1 = match.world.bounds
    if match.stage == Stage.IN_HAND and match.piece is not None:
        with contextlib.suppress(Exception):
            x, y, _ = Bot().plan(match)
            points += [(x, y + h) for h in (200.0, 150.0, 100.0, 60.0, 35.0)
                       if match.is_free(match.piece, (x, y + h), match.hand_angle)]
    points += [(x0 + (x1 - x0) * fx, y1 - dy) for dy in (80.0, 120.0, 160.0) for fx in (0.5, 0.3, 0.7, 0.15, 0.85)]
    return points


# ------------------------------------------------------------------------------------------------ the abusers

async def abuse_stream(url: str, deadline: float, fate: Fate) -> None:
    """A Cactus table of two remote seats; the seat whose turn it is streams ``input`` messages of 256 pointer moves
    (back and forth, so the pointer stays on the table) at about 100 a second until the end, whatever the answers."""
    pair = CactusPair(fate)
    try:
        if not await pair.start(url):
            fate.extra["setup"] = "failed"
            return
        moves = [[7, -3], [-7, 3]] * (STREAM_ITEMS // 2)
        entries = 0
        async for _ in pace(STREAM_RATE, deadline):
            if pair.active() is None and not any(not link.closed for link in pair.links.values()):
                break
            if await pair.send(moves):
                entries += len(moves)
        fate.extra["entries_sent"] = entries
    finally:
        fate.extra["inputs_taken"] = pair.taken
        await pair.close()


async def abuse_burn(url: str, deadline: float, fate: Fate) -> None:
    """A Cactus table of two remote seats; at every turn the seat to play grabs its piece high in the air, then
    sends ``["s", 300, 0.05]`` (300 physics steps of 0.05 s) at 20 messages a second until the turn changes."""
    pair = CactusPair(fate)
    holds = steps = 0
    try:
        if not await pair.start(url):
            fate.extra["setup"] = "failed"
            return
        while time.perf_counter() < deadline and any(not link.closed for link in pair.links.values()):
            assert pair.turn is not None
            turn = pair.turn.get("turn")
            pair.turn_changed.clear()
            if pair.active() is None or not await grab_high(pair):
                wait = max(0.01, min(1.0, deadline - time.perf_counter()))
                with contextlib.suppress(TimeoutError):  # over, or no hold this time: wait for a new turn
                    await asyncio.wait_for(pair.turn_changed.wait(), wait)
                if pair.turn is not None and pair.turn.get("turn") == turn:
                    await pair.sync()  # the same turn: try again from where the table is
                continue
            holds += 1
            async for _ in pace(BURN_RATE, deadline):
                if pair.turn.get("turn") != turn or pair.active() is None:
                    break
                if await pair.send([["s", BURN_STEPS, BURN_DT]]):
                    steps += BURN_STEPS
    finally:
        fate.extra["holds"] = holds
        fate.extra["steps_sent"] = steps
        fate.extra["inputs_taken"] = pair.taken
        fate.extra["steps_taken"] = pair.steps_taken
        await pair.close()


async def abuse_nonreader(url: str, deadline: float, fate: Fate) -> None:
    """Connections that never read: each watches an all-bot Cactus table (the bots' moves are streamed to
    spectators: about 45 messages and 100 KB a second) with a receive buffer of one message and 4 KB in the kernel,
    so the server's messages to it pile up on the server. (It watches games of bots rather than the load's tables,
    whose games are over within seconds.) A reading connection makes the tables and looks at them once a second
    (``peek``); when a game is over, a new table is made and watched by a new silent connection, while the old ones
    stay open with whatever they were sent. Each silent connection sends a ``peek`` once a second, only to notice
    when the server has dropped it; once dropped, it reads what is left to learn the close code."""
    lobby = await Link.open(url, fate)
    if lobby is None:
        return
    silent: list[tuple[Link, str]] = []
    watched: list[str] = []
    made = 0

    async def watch_new() -> None:
        nonlocal made
        created = await lobby.ask({"type": "create", "room": "cactus", "seats": NONREADER_SEATS}, "created")
        if created is None or created.get("type") != "created":
            return
        made += 1
        link = await Link.open(url, fate, silent=True)
        if link is not None and await link.send({"type": "watch", "table": created["table"]}):
            silent.append((link, created["table"]))
            watched.append(created["table"])

    try:
        for _ in range(NONREADER_CONNECTIONS):
            await watch_new()
        while time.perf_counter() < deadline and not lobby.closed:
            await asyncio.sleep(max(0.0, min(1.0, deadline - time.perf_counter())))
            for link, code in silent:
                if not link.closed and not await link.send({"type": "peek", "table": code}):
                    await drain(link)
            for code in list(watched):
                looked = await lobby.ask({"type": "peek", "table": code}, "table")
                if looked is None or looked.get("type") != "table" or looked.get("over"):
                    watched.remove(code)
                    await watch_new()
    finally:
        fate.extra["tables"] = made
        await asyncio.gather(lobby.close(), *(link.close() for link, _ in silent))


async def drain(link: Link) -> None:
    """Read what is left of a dropped connection, so its close frame (code, reason) is known if it came."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(WAIT):
            async for _ in link.ws:
                pass
    if link.fate.closes and link.fate.closes[-1][0] is None and link.ws.close_code is not None:
        _, _, after = link.fate.closes[-1]
        link.fate.closes[-1] = (link.ws.close_code, link.ws.close_reason or "", after)


async def abuse_tables(url: str, deadline: float, fate: Fate) -> None:
    """Ten connections from one address, each creating tables in turn of both rooms (Artischocken with four remote
    seats, Cactus with five) as fast as the answers come, at most 100 a second each; a connection the server ends
    is opened again."""
    created: Counter[str] = Counter()
    refused: Counter[str] = Counter()

    async def creator(n: int) -> None:
        link: Link | None = None
        k = n
        try:
            async for _ in pace(TABLES_RATE, deadline):
                if link is None or link.closed:
                    link = await Link.open(url, fate)
                    if link is None:
                        await asyncio.sleep(0.2)
                        continue
                room = ("artischocken", "cactus")[k % 2]
                k += 1
                seats = ["remote"] * (4 if room == "artischocken" else 5)
                answer = await link.ask({"type": "create", "room": room, "seats": seats}, "created")
                if answer is not None and answer.get("type") == "created":
                    created[room] += 1
                elif answer is not None:
                    refused[str(answer.get("code"))] += 1
        finally:
            if link is not None:
                await link.close()

    try:
        await asyncio.gather(*(creator(n) for n in range(TABLES_CONNECTIONS)))
    finally:
        fate.extra["created"] = dict(created)
        fate.extra["refused"] = dict(refused)


async def abuse_bots(url: str, deadline: float, fate: Fate) -> None:
    """20 all-bot ``search-hard`` Artischocken tables made at the start (one whose game ends is replaced, so 20 run
    all the time), from :data:`BOT_ADDRESSES` addresses (an address may keep only a few such tables: the abuser's
    own is refused beyond them, and the others stand for the clients it would take to make 20), and beside them
    a table of a remote seat and a ``greedy`` bot played to the end, again and
    again: the remote seat acts at random, and the time from its act that passes the turn to the bot until the
    next state that offers it actions again is one bot answer."""
    answers: list[float] = []
    made = 0

    async def keep_bots_busy(keeper: Link, share: int) -> None:
        nonlocal made
        running: list[str] = []
        while time.perf_counter() < deadline and not keeper.closed:
            while len(running) < share and time.perf_counter() < deadline:
                answer = await keeper.ask({"type": "create", "room": "artischocken", "seats": BOT_SEATS}, "created")
                if answer is None or answer.get("type") != "created":
                    break
                running.append(answer["table"])
                made += 1
            await asyncio.sleep(max(0.0, min(2.0, deadline - time.perf_counter())))
            for code in list(running):
                looked = await keeper.ask({"type": "peek", "table": code}, "table")
                if looked is not None and (looked.get("type") != "table" or looked.get("over")):
                    running.remove(code)

    lobby = await Link.open(url, fate)
    keepers = [await Link.open(url, fate, address=a) for a in BOT_ADDRESSES]
    if lobby is None or None in keepers:
        return
    share = -(-BOT_TABLES // len(BOT_ADDRESSES))
    busy = asyncio.gather(*(keep_bots_busy(k, share) for k in keepers if k is not None))
    rng = random.Random(1)
    try:
        ready_by = min(deadline, time.perf_counter() + WAIT)
        while made < BOT_TABLES and not busy.done() and time.perf_counter() < ready_by:
            await asyncio.sleep(0.05)  # the 20 tables first (unless the server refuses some)
        while time.perf_counter() < deadline and not lobby.closed:
            created = await lobby.ask({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"]},
                                      "created")
            if created is None or created.get("type") != "created":
                await asyncio.sleep(0.5)
                continue
            seat = await Link.open(url, fate, lambda link, m: m.get("type") in ("presence", "joined"))
            if seat is None:
                break
            try:
                await seat.send({"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]})
                await time_bot(seat, rng, deadline, answers)
            finally:
                await seat.close()
        await busy
    finally:
        busy.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await busy
        await asyncio.gather(lobby.close(), *(k.close() for k in keepers if k is not None))
        ordered = sorted(answers)
        fate.extra["bot_tables"] = made
        fate.extra["bot_answers"] = len(ordered)
        fate.extra["bot_answer_p50_ms"] = round(percentile(ordered, 0.50) * 1000, 2)
        fate.extra["bot_answer_p95_ms"] = round(percentile(ordered, 0.95) * 1000, 2)


async def time_bot(seat: Link, rng: random.Random, deadline: float, answers: list[float]) -> None:
    """Play the seat's game (random legal actions), noting every bot answer; a wait cut off by the end counts as
    an answer that long."""
    acted_at: float | None = None  # when the last act was sent
    waiting_since: float | None = None  # the bot has the turn since our act at this time
    for _ in range(MAX_ACTIONS):
        message = await seat.reply(max(0.01, deadline - time.perf_counter()))
        now = time.perf_counter()
        if message is None:
            if waiting_since is not None:
                answers.append(now - waiting_since)
            return
        if message.get("type") != "state":
            continue
        legal = message.get("legal") or []
        over = message.get("view", {}).get("is_over", True)
        if waiting_since is not None and (legal or over):
            if legal:
                answers.append(now - waiting_since)
            waiting_since = None
        elif acted_at is not None and not legal and not over:
            waiting_since = acted_at
        acted_at = None
        if over or now >= deadline:
            return
        if legal:
            acted_at = time.perf_counter()
            await seat.send({"type": "act", "action": legal[rng.randrange(len(legal))]})


ABUSERS: dict[str, Callable[[str, float, Fate], Awaitable[None]]] = {
    "stream": abuse_stream, "burn": abuse_burn, "nonreader": abuse_nonreader, "tables": abuse_tables,
    "bots": abuse_bots}


async def abuse(kind: str, url: str, seconds: float) -> dict[str, Any]:
    """Run the abuser ``kind`` for ``seconds``; its fate (never raises: a failure of the abuser is noted in it)."""
    fate = Fate(kind)
    deadline = fate.deadline = time.perf_counter() + seconds
    try:
        async with asyncio.timeout(seconds + 3 * WAIT):
            await ABUSERS[kind](url, deadline, fate)
    except TimeoutError:
        fate.extra["stuck"] = True  # it did not stop by itself: a wait on the server hung
    except Exception as exc:  # noqa: BLE001 - the abuser's failure is reported, the bench goes on
        fate.extra["failure"] = f"{type(exc).__name__}: {exc}"
    await asyncio.gather(*(link.close() for link in list(fate.open)))
    return fate.report()


# ------------------------------------------------------------------------------------------ the load beside it

@dataclass
class Load:
    latencies: list[float] = field(default_factory=list)
    messages: int = 0
    started: int = 0
    finished: int = 0
    problems: Counter[str] = field(default_factory=Counter)


async def timed_load(url: str, tables: int, seats: int, seed: int, seconds: float) -> dict[str, Any]:
    """``tables`` tables of ``seats`` remote Artischocken seats playing random legal moves for ``seconds``: a
    table whose game ends is replaced by a new one. A round trip still open ``GRACE`` seconds after the end counts
    as long as it waited."""
    load = Load()
    start = time.perf_counter()
    deadline = start + seconds

    async def slot(i: int) -> None:
        address = f"127.0.1.{i % 250 + 1}"
        rng = random.Random(seed * 7919 + i)
        try:
            async with connect(url, compression=None, max_size=None, open_timeout=WAIT,
                               **source(url, address)) as lobby:
                while time.perf_counter() < deadline:
                    await lobby.send(json.dumps({"type": "create", "room": "artischocken", "seats": ["remote"] * seats,
                                                 "seed": seed + i + 1000 * load.started}))
                    created: dict[str, Any] = json.loads(await asyncio.wait_for(lobby.recv(), WAIT * 2))
                    if created.get("type") != "created":
                        load.problems[f"create {created.get('code')}"] += 1
                        await asyncio.sleep(1.0)
                        continue
                    load.started += 1
                    done = await asyncio.gather(*(play(url, address, created, s, rng, deadline, load)
                                                  for s in range(seats)))
                    load.finished += all(done)
        except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake) as exc:
            load.problems[type(exc).__name__] += 1

    tasks = [asyncio.create_task(slot(i)) for i in range(tables)]
    _, stuck = await asyncio.wait(tasks, timeout=seconds + GRACE + 3 * WAIT)
    for task in stuck:  # a close handshake the server never answered: the bench does not wait for ever
        task.cancel()
        load.problems["stuck"] += 1
    await asyncio.gather(*stuck, return_exceptions=True)
    elapsed = time.perf_counter() - start
    lat = sorted(load.latencies)
    out: dict[str, Any] = {
        "tables": tables, "seconds": round(elapsed, 1), "games_finished": load.finished,
        "messages_per_s": round(load.messages / elapsed, 1),
        "p50_ms": round(percentile(lat, 0.50) * 1000, 2), "p95_ms": round(percentile(lat, 0.95) * 1000, 2),
        "_games_started": load.started, "_acts": len(lat)}
    if load.problems:
        out["load_problems"] = dict(load.problems)
    return out


async def play(url: str, address: str, created: dict[str, Any], seat: int, rng: random.Random, deadline: float,
               load: Load) -> bool:
    """One remote seat until its game ends (True) or the time is up; every act's round trip to the next state."""
    sent_at: float | None = None
    try:
        async with connect(url, compression=None, max_size=None, open_timeout=WAIT, **source(url, address)) as ws:
            await ws.send(json.dumps({"type": "join", "table": created["table"], "seat": seat,
                                      "token": created["tokens"][str(seat)]}))
            load.messages += 1
            for _ in range(4 * MAX_ACTIONS):
                now = time.perf_counter()
                wait = deadline + GRACE - now if sent_at is not None else deadline - now
                try:
                    text = await asyncio.wait_for(ws.recv(), max(0.001, wait))
                except TimeoutError:
                    break
                now = time.perf_counter()
                load.messages += 1
                if sent_at is None and '"legal":[]' in text and '"is_over":false' in text:
                    continue  # another seat decides
                message = json.loads(text)
                kind = message.get("type")
                if kind != "state":
                    if kind == "error":
                        load.problems[f"error {message.get('code')}"] += 1
                    continue
                if sent_at is not None:
                    load.latencies.append(now - sent_at)
                    sent_at = None
                if message["view"]["is_over"]:
                    return True
                legal = message["legal"]
                if legal and now < deadline:
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": legal[rng.randrange(len(legal))]}))
                    load.messages += 1
    except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake) as exc:
        load.problems[type(exc).__name__] += 1
    if sent_at is not None:  # cut off: it waited this long at least
        load.latencies.append(time.perf_counter() - sent_at)
    return False


# ------------------------------------------------------------------------------------------ the server's memory

def tree_rss_mb(root: int) -> float | None:
    """The summed resident memory (MB) of process ``root`` and all its descendants (Linux ``/proc``), or None."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rfind(")") + 2:].split()
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    total = 0
    found = False
    todo = [root]
    while todo:
        pid = todo.pop()
        todo += parents.get(pid, [])
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
                    found = True
        except OSError:
            continue
    return round(total / 1024, 1) if found else None


async def peak_rss(pid: int, stop: asyncio.Event, period: float = 0.2) -> float | None:
    """The largest :func:`tree_rss_mb` of ``pid`` sampled every ``period`` seconds until ``stop`` is set."""
    peak: float | None = None
    while True:
        now = await asyncio.to_thread(tree_rss_mb, pid)
        if now is not None and (peak is None or now > peak):
            peak = now
        if stop.is_set():
            return peak
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), period)


# ---------------------------------------------------------------------------------------------------- the run

async def run_abuser_process(kind: str, url: str, seconds: float) -> dict[str, Any]:
    """The abuser in a process of its own; its fate (or why there is none)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "game.lab.net_abuse", kind, "--url", url, "--seconds", str(seconds),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), seconds + 6 * WAIT)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        return {"kind": kind, "failure": "the abuser did not stop"}
    lines = out.decode().strip().splitlines()
    try:
        fate: dict[str, Any] = json.loads(lines[-1])
    except (IndexError, ValueError):
        tail = err.decode().strip().splitlines()[-1:] or ["no output"]
        return {"kind": kind, "failure": f"the abuser ended with {proc.returncode}: {tail[0]}"}
    return fate


async def abused_load(url: str, pid: int | None, kind: str, seconds: float, tables: int, seats: int,
                      seed: int, log: IO[bytes] | None = None) -> dict[str, Any]:
    """The load for ``seconds`` beside the abuser ``kind`` (started half a second earlier), and the server's peak
    memory over the run (``pid``: the server's process, None when unknown); ``log``: the file the server logs
    to (its lines over the run are counted)."""
    stop = asyncio.Event()
    sampler = asyncio.create_task(peak_rss(pid, stop)) if pid is not None else None
    abuser = asyncio.create_task(run_abuser_process(kind, url, seconds + 0.5))
    await asyncio.sleep(0.5)
    result = await timed_load(url, tables, seats, seed, seconds)
    fate = await abuser
    stop.set()
    result["server_peak_rss_mb"] = await sampler if sampler is not None else None
    if kind == "bots":
        for key in ("bot_answer_p50_ms", "bot_answer_p95_ms"):
            result[key] = fate.pop(key, None)
    result["abuser"] = fate
    if log is not None:
        result["server_log_lines"] = log_lines(log)
    return result


def log_lines(log: IO[bytes]) -> int:
    """The lines written to ``log`` so far (read without moving the offset the server writes at)."""
    size = os.fstat(log.fileno()).st_size
    return os.pread(log.fileno(), size, 0).count(b"\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.lab.net_abuse",
                                     description="One abusive client of a table server; prints its fate as JSON.")
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("--url", required=True, help="the server (ws://HOST:PORT)")
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    print(json.dumps(asyncio.run(abuse(args.kind, args.url, args.seconds))))
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["ABUSERS", "KINDS", "Fate", "Link", "abuse", "abused_load", "main", "peak_rss", "timed_load",
           "tree_rss_mb"]
