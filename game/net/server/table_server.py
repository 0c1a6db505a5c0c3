"""The table server (docs/design.md, "Remote play"): connections, tables, seats, bots, timers and saving.

One asyncio process holds many tables (:class:`Entry`), each authoritative over its game through its
:class:`~game.net.server.room_table.RoomTable`. The server owns everything around the game:

- connections (``websockets.asyncio.server``): every frame is checked for size (at most 64 KiB: ``too_big``,
  the message is dropped and the connection stays open; a frame over :data:`MAX_FRAME` closes it with 1009),
  rate (a token bucket per connection: ``rate_limited``; a sustained flood closes the connection with 1008)
  and form (:mod:`game.net.wire`: ``bad_message``) before it reaches a table;
- ``create`` (room, seats, the room's options, ``bot_takeover``: true by default) answers ``created`` with a
  table code and one secret token per remote seat (``secrets.token_urlsafe``; only their hashes are kept);
  ``claim`` (table) answers ``claimed`` with a remote seat nobody joined or claimed yet and a new token for it
  (``table_full`` when none is left); ``join`` (table, seat, token) answers ``joined`` and the seat's whole
  state. A ``create`` with ``"hold": true`` keeps its first remote seat for the creator (no claim hands it out,
  not even before the creator's join). A ``create`` or ``claim`` may carry a ``request`` id (the client's own
  random text): the same request again, after a reconnect lost the answer, gets the same answer again (the same
  table and tokens, the same seat and token) instead of a second table or a second seat, until a seat of it is
  joined. ``watch`` (table) answers
  ``watching`` and the spectators' state; any other message of a joined seat goes to ``table.act`` whatever
  its type. A seat joined from a second connection is taken from the first (closed with 4000);
- ``create``, ``claim`` and ``join`` may carry the player's ``name`` (kept per remote seat, saved with the table);
  every seat and spectator hears ``presence`` (:mod:`game.net.server.presence`: each seat's name, kind and state)
  after its join or watch and whenever it changes; ``resign`` gives a seat up for good (a bot plays it at once,
  its token joins no more); ``peek`` (table) answers ``table``, how a table stands, to anyone, changing nothing;
- bots think off the event loop (one move at a time per table, in a worker thread) under the table's lock;
- a dropped seat waits ``seat_timeout`` seconds; then, if the table allows it, a bot plays it until the seat
  joins again with its token (a Cactus seat is handed back at the next turn start);
- :meth:`Server.open_tables` lists the tables a joiner can sit down at, for the announcement on the network;
- every change marks the table dirty for the :class:`~game.net.server.store.Saver`; tables are resumed on start;
- the log names connections by number, tables by code, seats by number: never a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import wire
from game.net.discovery import OpenTable
from game.net.server import presence, registry
from game.net.server.room_table import SPECTATORS, Delivery, RoomTable, TableError, seat_number
from game.net.server.store import FORMAT, Saver, TableStore

log = logging.getLogger("game.net.server.table_server")

#: Frames above this close the connection at once (1009); between 64 KiB and this they get ``too_big``.
MAX_FRAME = 4 * wire.MAX_MESSAGE
#: Messages waiting for a slow reader before its connection is closed.
MAX_OUTBOX = 512
#: How long shutdown waits for a thinking bot before saving anyway (seconds).
BOT_GRACE = 10.0
#: How long a connection's closing handshake may take (seconds): a peer gone without a word (a laptop asleep)
#: holds a shutdown up no longer (the lobby's own server is killed two seconds after it was asked to stop).
CLOSE_TIMEOUT = 1.0


#: The letters of a table code: no 0/O, 1/I/L or U, so that a code read out or copied by hand is typed right.
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTVWXYZ"


def table_code() -> str:
    """A new table code people can read out: ``K7QX-2M9P`` (eight letters of :data:`CODE_LETTERS`, 39 bits; the
    seats are guarded by their tokens besides)."""
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


@dataclass
class ServerOptions:
    data: Path
    #: How long a dropped seat waits for its player before a bot may take it over (seconds).
    seat_timeout: float = 120.0
    #: Messages per second a connection may send, sustained, and in one burst.
    rate: float = 120.0
    burst: float = 240.0
    #: Dropped messages a connection may send before it is closed (refilled at a tenth of ``rate``).
    patience: float = 100.0
    max_tables: int = 100_000
    #: How long a finished table with nobody connected is kept (in memory and on disk) before it is dropped.
    keep_finished: float = 3600.0


class TokenBucket:
    """``take()`` is True while the bucket holds a token; it refills at ``rate`` per second up to ``burst``."""

    __slots__ = ("rate", "burst", "level", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False


class Conn:
    """One client connection: its outbox (written in order by one task) and what it holds now."""

    def __init__(self, ws: ServerConnection, number: int, options: ServerOptions) -> None:
        self.ws = ws
        self.number = number
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.bucket = TokenBucket(options.rate, options.burst)
        self.patience = TokenBucket(options.rate / 10, options.patience)
        self.entry: Entry | None = None
        self.seat: int | None = None
        self.watching = False
        self.closing = False
        #: Refused messages by error code: the first of each code is logged, the rest counted (and summed up when
        #: the connection goes), so a client sending garbage cannot fill the operator's log.
        self.refused: dict[str, int] = {}

    def push(self, text: str) -> None:
        if self.closing:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            log.warning("#%d reads too slowly; closing it", self.number)
            self.close(1008, "too many messages waiting to be read")
            return
        self.outbox.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            asyncio.get_running_loop().create_task(self.ws.close(code, reason))

    async def write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.ws.send(await self.outbox.get())


@dataclass(eq=False)
class Entry:
    """One table of the server and everything around it."""

    code: str
    table: RoomTable
    #: Remote seat -> sha256 of its token.
    tokens: dict[int, str]
    bot_takeover: bool = True
    #: Seats that were joined at least once (their wait starts when they drop, and again after a restart).
    joined: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seats: dict[int, Conn] = field(default_factory=dict)
    watchers: set[Conn] = field(default_factory=set)
    timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    #: When the game was first seen over (loop time), else None.
    over_since: float | None = None
    #: The remote seat kept for the creator (``"hold": true``): never handed out by a claim.
    held: int | None = None
    #: Answers to requests (a claim's ``request`` id hash -> its ``claimed``), kept until that seat is joined.
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Remote seat -> its player's name (``name`` of create, claim or join).
    names: dict[int, str] = field(default_factory=dict)
    #: Seats a connection held at least once (a seat claimed but not sat down at yet is "waiting").
    sat: set[int] = field(default_factory=set)
    #: Seats given up (``resign``): their tokens join no more, a bot plays them.
    resigned: set[int] = field(default_factory=set)
    #: The presence last told (:func:`~game.net.server.presence.signature`): told again only when it changes.
    told: tuple[tuple[Any, ...], ...] = ()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def claimable(entry: Entry) -> list[int]:
    """The seats of ``entry`` a claim could hand out now."""
    table = entry.table
    return presence.claimable(table.seats, entry.tokens, entry.joined, entry.seats, entry.held, table.is_over)


def saved_seats(value: object, tokens: Mapping[int, str]) -> set[int]:
    """A saved list of remote seats (what is not one is left out)."""
    if not isinstance(value, list):
        return set()
    return {s for s in value if isinstance(s, int) and not isinstance(s, bool) and s in tokens}


def saved_names(value: object, tokens: Mapping[int, str]) -> dict[int, str]:
    """The saved names of remote seats (what is not a seat's name is left out)."""
    if not isinstance(value, Mapping):
        return {}
    names = {}
    for key, name in value.items():
        seat = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else -1
        try:
            checked = wire.get_name({"name": name})
        except TableError:
            continue
        if seat in tokens and checked is not None:
            names[seat] = checked
    return names


def request_key(message: Mapping[str, Any]) -> str | None:
    """The hash of a message's ``request`` id (None when it has none; bad_message when it is not one)."""
    request = wire.get_request(message)
    return None if request is None else token_hash(request)


class Server:
    """The tables of one server process and its connections."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.tables: dict[str, Entry] = {}
        self.store = TableStore(options.data)
        self.saver = Saver(self.store, self.snapshot)
        self.bots = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
        self.connections = 0
        self.closing = False
        self.ws_server: WsServer | None = None
        self.reaper: asyncio.Task[None] | None = None
        #: A create's ``request`` id hash -> (table code, its ``created``), kept until a seat of it is joined.
        self.created: dict[str, tuple[str, dict[str, Any]]] = {}
        #: Counts the changes of any table (an announcer asks for :meth:`open_tables` again when it moved).
        self.changes = 0

    # -- start, stop ---------------------------------------------------------------------------------------
    async def start(self, host: str, port: int) -> WsServer:
        """Resume the saved tables and listen (OSError when the address cannot be had)."""
        self.resume_all()
        self.ws_server = await serve(self.handler, host, port, max_size=MAX_FRAME, compression=None,
                                     ping_interval=20, ping_timeout=40, close_timeout=CLOSE_TIMEOUT)
        self.reaper = asyncio.get_running_loop().create_task(self.reap())
        for entry in list(self.tables.values()):  # only once listening: a server that cannot start moves nothing
            self.kick_bots(entry)
        return self.ws_server

    async def reap(self) -> None:
        """Drop finished tables that nobody holds once they have been over for ``keep_finished`` seconds."""
        keep = self.options.keep_finished
        loop = asyncio.get_running_loop()
        while not self.closing:
            await asyncio.sleep(min(60.0, max(0.05, keep / 2)))
            now = loop.time()
            for entry in list(self.tables.values()):
                if not entry.table.is_over or entry.lock.locked():
                    continue
                if entry.over_since is None:
                    entry.over_since = now
                elif now - entry.over_since >= keep and not entry.seats and not entry.watchers:
                    del self.tables[entry.code]
                    self.changes += 1
                    self.saver.forget(entry.code)
                    self.store.remove(entry.code)
                    log.info("table %s: over and left; dropped", entry.code)
                    self.forget_requests(entry)

    def resume_all(self) -> None:
        for code, data in self.store.load_all():
            try:
                table = registry.resume(str(data["room"]), data["state"])
                tokens = {int(s): str(h) for s, h in dict(data["tokens"]).items()}
                entry = Entry(code, table, tokens, bool(data.get("bot_takeover", True)),
                              {int(s) for s in data.get("joined", ())})
                held = data.get("held")
                entry.held = held if isinstance(held, int) and held in tokens else None
                entry.sat = saved_seats(data.get("sat"), tokens) if "sat" in data else set(entry.joined)
                entry.resigned = saved_seats(data.get("resigned"), tokens)
                entry.names = saved_names(data.get("names"), tokens)  # a save from before names: none
                for seat, name in entry.names.items():
                    table.name_seat(seat, name)
            except Exception as exc:  # noqa: BLE001 - any save that cannot be resumed is set aside, never fatal
                self.store.set_aside(code, f"{type(exc).__name__}: {exc}")
                continue
            self.tables[code] = entry
            for seat in entry.joined:
                self.start_wait(entry, seat)
        if self.tables:
            log.info("resumed %d tables from %s", len(self.tables), self.store.folder)

    async def shutdown(self) -> list[str]:
        """Stop listening, let thinking bots finish their move, save every table - before the connections have
        closed (a peer that does not answer must not hold the save up) and again once they have. The codes of
        the tables that could not be saved (each named in the log), sorted; empty when all were."""
        self.closing = True
        if self.reaper is not None:
            self.reaper.cancel()
        if self.ws_server is not None:
            self.ws_server.close()  # no new connections; the open ones are told to close
        tasks = [e.bot_task for e in self.tables.values() if e.bot_task is not None and not e.bot_task.done()]
        if tasks:
            await asyncio.wait(tasks, timeout=BOT_GRACE)
        self.saver.flush_now()  # every table changed since its last save (each change marks it)
        if self.ws_server is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.ws_server.wait_closed(), 5)
        unsaved = self.saver.flush_now()  # what came in while the connections closed, and what failed before
        self.bots.shutdown(wait=False, cancel_futures=True)
        for code, why in unsaved.items():
            log.error("table %s could not be saved before stopping (%s): what changed since its last save is lost",
                      code, why)
        log.info("saved %d tables; stopped", len(self.tables) - len(unsaved))
        return list(unsaved)

    def snapshot(self, code: str) -> str | None:
        entry = self.tables[code]
        if entry.lock.locked():  # a bot is thinking: save it after its move
            return None
        return wire.encode({"format": FORMAT, "code": code, "room": entry.table.room,
                            "bot_takeover": entry.bot_takeover, "joined": sorted(entry.joined), "held": entry.held,
                            "sat": sorted(entry.sat), "resigned": sorted(entry.resigned),
                            "names": {str(s): n for s, n in sorted(entry.names.items())},
                            "tokens": {str(s): h for s, h in entry.tokens.items()},
                            "state": entry.table.to_dict()})

    # -- connections ---------------------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        self.connections += 1
        conn = Conn(ws, self.connections, self.options)
        peer = ws.remote_address[0] if ws.remote_address else "?"
        log.info("#%d connected from %s", conn.number, peer)
        writer = asyncio.get_running_loop().create_task(conn.write())
        try:
            async for raw in ws:
                await self.on_frame(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            self.detach(conn)
            writer.cancel()
            if sum(conn.refused.values()) > len(conn.refused):  # more than the first of each code, logged already
                counts = ", ".join(f"{code} {n}" for code, n in sorted(conn.refused.items()))
                log.info("#%d disconnected; messages refused: %s", conn.number, counts)
            else:
                log.info("#%d disconnected", conn.number)

    async def on_frame(self, conn: Conn, raw: str | bytes) -> None:
        if not conn.bucket.take():
            if not conn.patience.take():
                log.warning("#%d floods the server; closing it", conn.number)
                conn.close(1008, "too many messages")
                return
            self.refuse(conn, TableError("rate_limited", "too many messages; this one was dropped"))
            return
        if wire.size_of(raw) > wire.MAX_MESSAGE:
            self.refuse(conn, TableError("too_big", f"a message may hold at most {wire.MAX_MESSAGE} bytes"))
            return
        try:
            message = wire.parse(raw)
            kind = message["type"]
            if kind == "create":
                self.create(conn, message)
            elif kind == "join":
                await self.join(conn, message)
            elif kind == "watch":
                await self.watch(conn, message)
            elif kind == "claim":
                await self.claim(conn, message)
            elif kind == "peek":
                await self.peek(conn, message)
            elif kind == "resign":
                await self.resign(conn)
            else:
                await self.act(conn, message)
        except TableError as exc:
            self.refuse(conn, exc)
        except Exception:
            log.exception("#%d: a message could not be handled", conn.number)
            self.refuse(conn, TableError("bad_message", "the server could not handle this message"))

    def refuse(self, conn: Conn, exc: TableError) -> None:
        seen = conn.refused.get(exc.code, 0)
        conn.refused[exc.code] = seen + 1
        if seen == 0:  # the first of its kind; the rest are counted and summed up when the connection goes
            log.info("#%d error %s: %s", conn.number, exc.code, exc.message)
        conn.push(wire.encode(exc.reply()))

    # -- create, join, watch, act --------------------------------------------------------------------------
    def create(self, conn: Conn, message: Mapping[str, Any]) -> None:
        request = request_key(message)
        name = wire.get_name(message)
        if request is not None and request in self.created:
            code, answer = self.created[request]
            if code in self.tables:  # the answer was lost on the way: the same table, the same tokens
                conn.push(wire.encode(answer))
                log.info("#%d asked again for table %s", conn.number, code)
                return
        hold = wire.get_bool(message, "hold", False)
        if len(self.tables) >= self.options.max_tables:
            raise TableError("table_full", "this server holds all the tables it may; try again later")
        bot_takeover = wire.get_bool(message, "bot_takeover", True)
        table = registry.create(message)
        code = table_code()
        while code in self.tables:
            code = table_code()
        tokens = {s: secrets.token_urlsafe(24) for s, kind in enumerate(table.seats) if kind == "remote"}
        entry = Entry(code, table, {s: token_hash(t) for s, t in tokens.items()}, bot_takeover)
        entry.held = min(tokens) if hold and tokens else None
        if name is not None and entry.held is not None:  # the creator's seat; anyone else names their own
            self.name_seat(entry, entry.held, name)
        self.tables[code] = entry
        answer = {"type": "created", "table": code, "room": table.room,
                  "tokens": {str(s): t for s, t in tokens.items()}}
        if request is not None:
            self.created[request] = (code, answer)
        conn.push(wire.encode(answer))
        log.info("#%d created table %s (%s, seats %s)", conn.number, code, table.room, ",".join(table.seats))
        self.mark(code)
        self.kick_bots(entry)

    def find(self, message: Mapping[str, Any]) -> Entry:
        code = wire.get_code(message, "table")
        entry = self.tables.get(code) or self.tables.get(code.upper())  # a code read out, typed in lower case
        if entry is None:
            raise TableError("no_table", "no table has this code on this server")
        return entry

    async def join(self, conn: Conn, message: Mapping[str, Any]) -> None:
        entry = self.find(message)
        seat = seat_number(message.get("seat"), len(entry.table.seats))
        name = wire.get_name(message)
        token = message.get("token")
        if not isinstance(token, str) or not 0 < len(token) <= 256:
            raise wire.bad("\"token\" must be the seat's token (a string)")
        expected = entry.tokens.get(seat)
        if expected is None:
            raise TableError("bad_token", f"seat {seat} is not a remote seat of this table")
        if not hmac.compare_digest(token_hash(token), expected):
            raise TableError("bad_token", f"this is not the token of seat {seat}")
        if seat in entry.resigned:
            raise TableError("bad_token", f"seat {seat} was given up; its token joins no more")
        async with entry.lock:
            if conn.entry is not entry or conn.seat != seat:
                self.detach(conn)
            old = entry.seats.get(seat)
            if old is not None and old is not conn:
                old.entry, old.seat = None, None
                old.close(4000, "this seat was joined from another connection")
            entry.seats[seat] = conn
            conn.entry, conn.seat, conn.watching = entry, seat, False
            timer = entry.timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            entry.joined.add(seat)
            entry.sat.add(seat)
            if name is not None:
                self.name_seat(entry, seat, name)
            self.forget_requests(entry, seat)
            conn.push(wire.encode({"type": "joined", "table": entry.code, "seat": seat}))
            self.mark(entry.code)
            self.deliver(entry, entry.table.join(seat), joiner=(seat, conn))
            self.tell_presence(entry, again=True)  # the joiner hears it in any case
        log.info("#%d joined table %s seat %d", conn.number, entry.code, seat)
        self.kick_bots(entry)

    async def claim(self, conn: Conn, message: Mapping[str, Any]) -> None:
        """``claim`` (table): the first remote seat nobody joined or claimed yet, with a new token for it (the
        lobby's join by code: tokens are handed out, not typed); ``table_full`` when there is none."""
        entry = self.find(message)
        request = request_key(message)
        name = wire.get_name(message)
        async with entry.lock:
            again = entry.answers.get(request) if request is not None else None
            if again is not None:  # the answer was lost on the way: the same seat, the same token
                conn.push(wire.encode(again))
                log.info("#%d asked again for its seat of table %s", conn.number, entry.code)
                return
            free = claimable(entry)
            if not free:
                raise TableError("table_full", "every seat of this table is taken")
            seat, token = free[0], secrets.token_urlsafe(24)
            entry.tokens[seat] = token_hash(token)
            entry.joined.add(seat)  # claimed: not handed out again
            answer = {"type": "claimed", "table": entry.code, "room": entry.table.room, "seat": seat, "token": token}
            if request is not None:
                entry.answers[request] = answer
            if name is not None:
                self.name_seat(entry, seat, name)
            conn.push(wire.encode(answer))
            self.mark(entry.code)
            self.tell_presence(entry)
        log.info("#%d claimed table %s seat %d", conn.number, entry.code, seat)

    async def watch(self, conn: Conn, message: Mapping[str, Any]) -> None:
        entry = self.find(message)
        async with entry.lock:
            self.detach(conn)
            entry.watchers.add(conn)
            conn.entry, conn.watching = entry, True
            conn.push(wire.encode({"type": "watching", "table": entry.code}))
            self.deliver(entry, entry.table.join(None), joiner=(SPECTATORS, conn))
            conn.push(wire.encode(self.presence_message(entry)))
        log.info("#%d watches table %s", conn.number, entry.code)

    async def peek(self, conn: Conn, message: Mapping[str, Any]) -> None:
        """``peek`` (table): how the table stands (``table``: room, over, whose turn, the seats' presence), for
        anyone; what the connection holds is left as it is."""
        entry = self.find(message)
        async with entry.lock:
            table = entry.table
            conn.push(wire.encode({"type": "table", "table": entry.code, "room": table.room, "over": table.is_over,
                                   "turn": table.whose_turn(), "seats": self.presence(entry)}))

    async def resign(self, conn: Conn) -> None:
        """``resign``: the connection gives its seat up for good. Its token joins no more, a bot plays the seat at
        once (whatever ``bot_takeover`` says; once the game is over nothing plays it), everyone is told."""
        entry, seat = conn.entry, conn.seat
        if entry is None or seat is None:
            raise wire.bad("only a seat can be given up: join it first")
        async with entry.lock:
            if conn.entry is not entry or entry.seats.get(seat) is not conn:  # joined elsewhere while we waited
                raise wire.bad("this connection no longer holds a seat")
            conn.entry, conn.seat = None, None
            del entry.seats[seat]
            timer = entry.timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            entry.resigned.add(seat)
            conn.push(wire.encode({"type": "resigned", "table": entry.code, "seat": seat}))
            table = entry.table
            self.changed(entry, [] if table.is_over else table.seat_to_bot(seat, registry.takeover_bot(table.room)))
        log.info("#%d gave up table %s seat %d", conn.number, entry.code, seat)
        self.kick_bots(entry)

    async def act(self, conn: Conn, message: Mapping[str, Any]) -> None:
        entry = conn.entry
        if entry is None or conn.seat is None:
            if conn.watching:
                raise wire.bad("a spectator cannot act; join a seat with its token")
            raise wire.bad("join a table first (send create, join or watch)")
        seat = conn.seat
        async with entry.lock:
            if conn.entry is not entry:  # the seat was joined elsewhere while we waited
                raise wire.bad("this connection no longer holds a seat")
            self.changed(entry, entry.table.act(seat, message))
        self.kick_bots(entry)

    # -- deliveries, seats, bots ---------------------------------------------------------------------------
    def mark(self, code: str) -> None:
        """Table ``code`` changed: it is saved soon, and an announcer looks at the open tables again."""
        self.changes += 1
        self.saver.mark(code)

    def changed(self, entry: Entry, deliveries: list[Delivery]) -> None:
        self.mark(entry.code)
        self.deliver(entry, deliveries)
        self.tell_presence(entry)  # a turn start may have handed a seat back

    def deliver(self, entry: Entry, deliveries: list[Delivery], joiner: tuple[int, Conn] | None = None) -> None:
        """Send each message to the connections that hold its audience now (the joiner alone for its own)."""
        for audience, message in deliveries:
            if joiner is not None and audience == joiner[0]:
                targets: list[Conn] | set[Conn] = [joiner[1]]
            elif audience == SPECTATORS:
                targets = entry.watchers
            else:
                conn = entry.seats.get(audience)
                targets = [conn] if conn is not None else []
            if targets:
                text = wire.encode(message)
                for conn in targets:
                    conn.push(text)

    def name_seat(self, entry: Entry, seat: int, name: str) -> None:
        entry.names[seat] = name
        entry.table.name_seat(seat, name)

    def presence(self, entry: Entry) -> list[dict[str, Any]]:
        """Every seat's entry of a ``presence`` (or ``table``) message now."""
        now = asyncio.get_running_loop().time()
        table = entry.table
        out = []
        for seat, kind in enumerate(table.seats):
            person = seat in entry.tokens
            timer = entry.timers.get(seat)
            out.append(presence.entry(presence.SeatFacts(
                seat, person, entry.names.get(seat) if person else table.bot_name(seat), held=seat in entry.seats,
                sat=seat in entry.sat, bot_now=kind != "remote", over=table.is_over,
                bot_in=None if timer is None else timer.when() - now)))
        return out

    def presence_message(self, entry: Entry) -> dict[str, Any]:
        return {"type": "presence", "table": entry.code, "seats": self.presence(entry)}

    def tell_presence(self, entry: Entry, *, again: bool = False) -> None:
        """Send every seat and spectator the presence when it changed (``again``: in any case)."""
        message = self.presence_message(entry)
        told = presence.signature(message["seats"])
        if told == entry.told and not again:
            return
        entry.told = told
        text = wire.encode(message)
        for conn in [*entry.seats.values(), *entry.watchers]:
            conn.push(text)

    def open_tables(self) -> list[OpenTable]:
        """The tables a joiner can sit down at, each with the number of seats a claim could hand out."""
        out = []
        for entry in list(self.tables.values()):
            free = len(claimable(entry))
            if free:
                out.append(OpenTable(entry.code, entry.table.room, free))
        return out

    def forget_requests(self, entry: Entry, seat: int | None = None) -> None:
        """``seat`` was joined (None: the table was dropped): its claim, and the create of its table, will not be
        asked for again."""
        if seat is not None:
            for key in [k for k, a in entry.answers.items() if a["seat"] == seat]:
                del entry.answers[key]
        for key in [k for k, (code, _) in self.created.items() if code == entry.code]:
            del self.created[key]

    def detach(self, conn: Conn) -> None:
        """The connection lets go of what it held (its seat starts waiting for it)."""
        entry, seat = conn.entry, conn.seat
        conn.entry, conn.seat, conn.watching = None, None, False
        if entry is None:
            return
        entry.watchers.discard(conn)
        if seat is not None and entry.seats.get(seat) is conn:
            del entry.seats[seat]
            self.start_wait(entry, seat)
            self.changes += 1
            self.tell_presence(entry)

    def start_wait(self, entry: Entry, seat: int) -> None:
        if not entry.bot_takeover or entry.table.is_over or self.closing or seat in entry.timers \
                or seat in entry.resigned:
            return
        loop = asyncio.get_running_loop()
        entry.timers[seat] = loop.call_later(self.options.seat_timeout, self.wait_over, entry, seat)

    def wait_over(self, entry: Entry, seat: int) -> None:
        entry.timers.pop(seat, None)
        asyncio.get_running_loop().create_task(self.take_over(entry, seat))

    async def take_over(self, entry: Entry, seat: int) -> None:
        if self.tables.get(entry.code) is not entry or seat in entry.seats or self.closing:
            return
        kind = registry.takeover_bot(entry.table.room)
        async with entry.lock:
            if seat in entry.seats:
                return
            try:
                self.changed(entry, entry.table.seat_to_bot(seat, kind))
            except TableError as exc:
                log.warning("table %s seat %d could not be given to a bot: %s", entry.code, seat, exc.message)
                return
        log.info("table %s seat %d: its wait is over; a %s bot plays it", entry.code, seat, kind)
        self.kick_bots(entry)

    def kick_bots(self, entry: Entry) -> None:
        """Start the table's bot loop if a bot decides now and none is running."""
        if self.closing or (entry.bot_task is not None and not entry.bot_task.done()):
            return
        if entry.table.bot_due():
            entry.bot_task = asyncio.get_running_loop().create_task(self.run_bots(entry))

    async def run_bots(self, entry: Entry) -> None:
        loop = asyncio.get_running_loop()
        while not self.closing:
            async with entry.lock:
                if self.tables.get(entry.code) is not entry or not entry.table.bot_due():
                    return
                try:
                    deliveries = await loop.run_in_executor(self.bots, entry.table.bot_move)
                except Exception:
                    log.exception("table %s: the bot could not move", entry.code)
                    return
                self.changed(entry, deliveries)
            await asyncio.sleep(0)  # let waiting messages of this table in between two bot moves


__all__ = ["CODE_LETTERS", "Conn", "Entry", "MAX_FRAME", "Server", "ServerOptions", "TokenBucket", "claimable",
           "table_code", "token_hash"]
