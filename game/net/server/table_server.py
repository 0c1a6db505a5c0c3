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
- the tables themselves live off the event loop (:mod:`game.net.server.table_host`: worker processes, each call in a
  thread, a CPU budget per table); the loop holds a :class:`~game.net.server.table_host.TableHandle` per table and
  awaits its calls, one at a time per table, under the table's lock; a table's bots move one at a time;
- a dropped seat waits ``seat_timeout`` seconds; then, if the table allows it, a bot plays it until the seat
  joins again with its token (a Cactus seat is handed back at the next turn start);
- :meth:`Server.open_tables` lists the tables a joiner can sit down at, for the announcement on the network;
- every change of a table is kept in its journal before its answer goes out (:mod:`.keeping.journal`: the
  server's own changes here, the table's through :class:`~.keeping.kept.KeptHost`) and marks the table dirty for
  the :class:`~.keeping.store.Saver`, whose saves take the journal's records in; on start each table is resumed
  from its save and its journal;
- the log names connections by number, tables by code, seats by number: never a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import wire
from game.net.discovery import OpenTable, reachable_address
from game.net.server import identity, presence
from game.net.server.cluster.directory import Cluster, RedisStore
from game.net.server.cluster.journal import RedisJournal
from game.net.server.cluster.relay import CLIENT_HEADER, RELAY_HEADER
from game.net.server.cluster.sharing import SharedTables
from game.net.server.connection import CLOSE_TIMEOUT, SLOW_READER, Conn, counted_connections
from game.net.server.entry import CODE_LETTERS, Entry, claimable, request_key, table_code, token_hash
from game.net.server.keeping import journal
from game.net.server.keeping.journal import Journal, NotKept, Sink, env_body, later_records
from game.net.server.keeping.kept import KeptHost, entry_of, envelope_of, reopen
from game.net.server.keeping.segments import FolderJournal, Records, set_aside_unused
from game.net.server.keeping.store import FORMAT, Saver, Snapshot, Store, TableStore, Unsaved
from game.net.server.limits import AddressBook
from game.net.server.options import ServerOptions
from game.net.server.room_table import BODY_WATCHERS, SPECTATORS, TableError, seat_number
from game.net.server.table_host import Host, InlineHost, ProcessHost, TableFailure, open_table
from game.net.server.table_runner import Sent
from game.net.server.web import Pages

log = logging.getLogger("game.net.server.table_server")

#: Frames above this close the connection at once (1009); between 64 KiB and this they get ``too_big``.
MAX_FRAME = 4 * wire.MAX_MESSAGE
#: Messages of one connection admitted and waiting to be handled (a table works on one at a time): as many as
#: the rate allows in one burst (a client catching up after a stall sends that many), and at most this many bytes.
MAX_WAITING = 256
MAX_WAITING_BYTES = 1024 * 1024
#: The refusals of ``create`` by the bounds of the creator's address (:class:`~game.net.server.limits.AddressBook`).
ADDRESS_BOUNDS = {
    "address_tables": "your address has as many unfinished tables on this server as it may; finish or leave one",
    "address_bots": "your address has as many tables of bots only as it may; let one finish first",
    "create_rate": "you make tables too fast; wait a little",
}
#: How long shutdown waits for a thinking bot before saving anyway (seconds).
BOT_GRACE = 10.0


class Server:
    """The tables of one server process and its connections."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.tables: dict[str, Entry] = {}
        #: With ``--redis``: the tables shared with the other processes (:mod:`.cluster`); the saves
        #: are there too, else in the data folder (``folder``).
        cluster = Cluster(options.redis, options.peer or "") if options.redis else None
        self.sharing = SharedTables(self, cluster) if cluster is not None else None
        #: Where the saves are written: the data folder (``folder``), or with ``--redis`` the cluster's Redis.
        self.store: Store
        self.folder: TableStore | None = None
        if cluster is None:
            self.folder = self.store = TableStore(options.data)
        else:
            self.store = RedisStore(cluster)
        self.saver = Saver(self.store, self.snapshot, self.landed)
        #: Every change of a table, kept before its answer goes out (None only when switched off to measure it).
        self.folder_journal: FolderJournal | None = None
        self.journal: Journal | None = None
        if journal.enabled():
            sink: Sink
            if cluster is None:
                sink = self.folder_journal = FolderJournal(options.data)
            else:
                sink = RedisJournal(cluster)
            self.journal = Journal(sink)
        #: Where the tables run (made in :meth:`start`, on the loop), and where their calls go: through the journal.
        self.host: Host | None = None
        self.calls: Host | None = None
        self.connections = 0
        self.closing = False
        self.ws_server: WsServer | None = None
        self.reaper: asyncio.Task[None] | None = None
        self.turn_watch: asyncio.Task[None] | None = None
        #: A create's ``request`` id hash -> (table code, its ``created``), kept until a seat of it is joined.
        self.created: dict[str, tuple[str, dict[str, Any]]] = {}
        #: Counts the changes of any table (an announcer asks for :meth:`open_tables` again when it moved).
        self.changes = 0
        #: The tasks telling tables who hears them (:meth:`hear_later`), kept until done.
        self.hearing: set[asyncio.Task[None]] = set()
        self.book = AddressBook(options.limits)
        self.open_connections = 0
        #: Connections refused since the server was last below its connection bound (logged once).
        self.full_refusals = 0
        #: The server's id (kept in the data folder, or with ``--redis`` in Redis for the cluster) and the addresses
        #: other machines reach it by (known once it listens).
        self.id = identity.folder_id(options.data) if cluster is None else ""
        self.addresses: list[str] = []

    # -- start, stop ---------------------------------------------------------------------------------------
    async def start(self, host: str, port: int) -> WsServer:
        """Resume the saved tables and listen (OSError when the address cannot be had; with ``--redis``,
        ClusterError when Redis cannot be reached: the tables are then taken over from Redis as they lose their
        owners, not resumed from the folder)."""
        workers = self.options.workers
        runs: Host = ProcessHost(workers) if workers > 0 else InlineHost()
        self.host = runs
        self.calls = runs if self.journal is None else KeptHost(runs, self.journal)
        if self.journal is not None:
            self.journal.start()
        if self.sharing is None:
            await self.resume_all()
        pages = Pages()  # the browser seat's page, answered on the same port (plain HTTP GET)
        self.ws_server = await serve(self.handler, host, port, max_size=MAX_FRAME, compression=None,
                                     ping_interval=20, ping_timeout=40, close_timeout=CLOSE_TIMEOUT,
                                     create_connection=counted_connections(self.options),
                                     process_request=pages.answer)
        self.addresses = identity.addresses(host, self.ws_server.sockets[0].getsockname()[1])
        loop = asyncio.get_running_loop()
        if self.sharing is not None:
            cluster = self.sharing.cluster
            if not cluster.peer_url:  # where the other processes reach this one: the address it listens on
                got = self.ws_server.sockets[0].getsockname()[1]
                address = reachable_address(host) if host in ("0.0.0.0", "", "::") else host
                cluster.peer_url = f"ws://[{address}]:{got}" if ":" in address else f"ws://{address}:{got}"
            try:
                await self.sharing.start()
                self.id = await cluster.server_id(identity.new_id())
            except Exception:
                self.ws_server.close()
                raise
        self.reaper = loop.create_task(self.reap())
        self.turn_watch = loop.create_task(self.watch_turns())
        for entry in list(self.tables.values()):  # only once listening: a server that cannot start moves nothing
            self.kick_bots(entry)
        return self.ws_server

    async def reap(self) -> None:
        """Drop the tables that nobody holds once ``keep_finished`` seconds passed since they ended (wall-clock
        time, kept in the save: a restart does not start it again), or once ``keep_unjoined`` seconds passed
        without anybody ever sitting down at them."""
        options = self.options
        keep = min(options.keep_finished, options.keep_unjoined)
        while not self.closing:
            await asyncio.sleep(min(60.0, max(0.05, keep / 2)))
            now = time.monotonic()
            for entry in list(self.tables.values()):
                if entry.lock.locked() or entry.seats or entry.watchers:
                    continue
                if entry.table.is_over:
                    if entry.ended_at is None:
                        entry.ended_at = time.time()
                        self.mark(entry.code)
                    elif time.time() - entry.ended_at >= options.keep_finished:
                        await self.drop(entry, "over and left")
                elif not entry.sat and now - entry.born >= options.keep_unjoined:
                    await self.drop(entry, "nobody sat down at it")
            self.book.sweep()

    async def watch_turns(self) -> None:
        """End the turns that a connected player has held for longer than ``turn_time`` (the table's way)."""
        limit = self.options.turn_time
        while not self.closing:
            await asyncio.sleep(min(5.0, max(0.05, limit / 4)))
            now = time.monotonic()
            for entry in list(self.tables.values()):
                seat = entry.turn_seat
                if seat is None or seat not in entry.seats or now - entry.turn_since < limit or entry.lock.locked():
                    continue
                entry.turn_since = now  # asked once per turn_time, whatever the table answers
                async with entry.lock:
                    if not self.ours(entry):
                        continue
                    try:
                        deliveries = await entry.table.overdue()
                    except (TableError, TableFailure) as exc:
                        log.warning("table %s: an overdue turn could not be ended: %s", entry.code, exc)
                        continue
                    if deliveries:
                        log.info("table %s seat %d: the turn took over %g s; the table ends it", entry.code, seat,
                                 limit)
                        self.changed(entry, deliveries)
                self.kick_bots(entry)

    async def drop(self, entry: Entry, why: str) -> None:
        del self.tables[entry.code]
        self.changes += 1
        self.book.ended(entry.code)
        await self.saver.remove(entry.code)
        if self.journal is not None:
            self.journal.drop(entry.code)
        if self.sharing is not None:
            self.sharing.forget(entry.code)
        entry.waits.cancel_all()
        try:
            await entry.table.drop()
        except (TableError, TableFailure) as exc:
            log.warning("table %s could not be dropped by its worker: %s", entry.code, exc)
        log.info("table %s: %s; dropped", entry.code, why)
        self.forget_requests(entry)

    async def resume_all(self) -> None:
        """Every table of the data folder back: from its save and the journal's records since."""
        folder = self.folder
        assert folder is not None
        records: Records = {}
        if self.folder_journal is not None:
            records = self.folder_journal.load()
        else:
            set_aside_unused(folder.folder)
        saves = dict(folder.load_all())
        for code in sorted(saves.keys() | records.keys()):
            try:
                entry = await self.resume(code, saves.get(code), records.get(code, []))
            except Exception as exc:  # noqa: BLE001 - any save that cannot be resumed is set aside, never fatal
                if code in saves:
                    folder.set_aside(code, f"{type(exc).__name__}: {exc}")
                else:
                    log.error("table %s cannot be resumed from its journal (%s: %s)", code, type(exc).__name__, exc)
                entry = None
            if entry is not None:
                self.resumed(entry)
            elif self.journal is not None and code in records:  # else its records would be read at every start
                if journal.dropped(records[code]):
                    self.journal.let_go(code)
                else:
                    self.journal.set_table_aside(code)
        if self.tables:
            log.info("resumed %d tables from %s", len(self.tables), folder.folder)

    async def resume(self, code: str, data: Mapping[str, Any] | None,
                     records: list[dict[str, Any]] | None = None) -> Entry | None:
        """Table ``code`` back from its save and its journal records since (any exception: it cannot be resumed;
        None: there is nothing to resume, or it was dropped)."""
        host = self.calls
        assert host is not None
        base, later, last = later_records(data, records or [], code)
        if base is None:
            return None
        env = envelope_of(base, later)
        host.place(code, bots_only=not dict(env["tokens"]))
        entry = entry_of(code, await reopen(host, code, base, later), env)
        await self.hear(entry)  # nobody hears it yet
        if self.journal is not None:
            self.journal.resumed(code, last)
            if data is not None:  # what its save holds is not needed (a crash may have left it in the journal)
                self.journal.saved(code, journal.journal_mark(data))
        if later:
            self.mark(code)  # its save takes the changes in (and the journal lets go of them)
        return entry

    def resumed(self, entry: Entry) -> None:
        """A resumed table joins the server: its dropped seats wait for their players (frozen while nobody is at
        the table), each with what was left of its wait when it was saved."""
        self.tables[entry.code] = entry
        for seat in entry.joined:
            self.start_wait(entry, seat, entry.resumed_waits.get(seat))
        entry.resumed_waits = {}

    def ours(self, entry: Entry) -> bool:
        """Whether this process may act for ``entry`` now: alone, while it holds it; in a cluster, while its lease
        holds too (a table it may not act for is let go at once)."""
        if self.sharing is None:
            return self.tables.get(entry.code) is entry
        return self.sharing.ours(entry)

    async def shutdown(self) -> list[str]:
        """Stop listening, let thinking bots finish their move, save every table - before the connections have
        closed (a peer that does not answer must not hold the save up) and again once they have. The codes of
        the tables that could not be saved (each named in the log), sorted; empty when all were."""
        self.closing = True
        for task in (self.reaper, self.turn_watch):
            if task is not None:
                task.cancel()
        if self.sharing is not None:
            self.sharing.stop()
        if self.ws_server is not None:
            self.ws_server.close()  # no new connections; the open ones are told to close
        tasks = [e.bot_task for e in self.tables.values() if e.bot_task is not None and not e.bot_task.done()]
        if tasks:
            await asyncio.wait(tasks, timeout=BOT_GRACE)
        unsaved = dict.fromkeys(self.tables, "the server stopped before it was saved")
        try:
            await self.saver.flush_now()  # every table changed since its last save (each change marks it)
            if self.ws_server is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.ws_server.wait_closed(), 5)
            unsaved = await self.saver.flush_now()  # what came in while the connections closed, and what failed
        finally:
            if self.host is not None:
                await self.host.close()  # its worker processes end, whatever happened
            if self.journal is not None:
                await self.journal.close()  # after the last saves: the records they hold go
            if self.sharing is not None:
                await self.sharing.leave(unsaved)
        for code, why in unsaved.items():
            log.error("table %s could not be saved before stopping (%s): what changed since its last save is lost",
                      code, why)
        log.info("saved %d tables; stopped", len(self.tables) - len(unsaved))
        return list(unsaved)

    async def snapshot(self, code: str) -> Snapshot | None:
        entry = self.tables[code]
        if entry.lock.locked() and not self.closing:  # a bot is thinking: save it after its move
            return None
        async with entry.lock:  # shutting down: after the move on the way
            try:
                state = await entry.table.save_text()
            except (TableError, TableFailure) as exc:
                raise Unsaved(str(exc).strip().splitlines()[-1]) from None
            mark = self.journal.mark(code) if self.journal is not None else 0  # the last change the text holds
        return self.save_text(entry, state, mark), mark

    def save_text(self, entry: Entry, state: str, mark: int) -> str:
        envelope = wire.encode({"format": FORMAT, "code": entry.code, "room": entry.table.room, "journal": mark,
                                **entry.envelope()})
        return f'{envelope[:-1]},"state":{state}}}'  # the table's own text as it came, not decoded and encoded again

    def landed(self, code: str, mark: int) -> None:
        """A save of ``code`` holding its changes up to ``mark`` was written: the journal lets go of them."""
        if self.journal is not None and code in self.tables:
            self.journal.saved(code, mark)

    async def keep(self, entry: Entry, *, whole: bool = False) -> None:
        """Keep what the server holds of ``entry`` beside its table in the journal (``whole``: the table too, as a
        save: a table just made) before an answer about it goes out."""
        if self.journal is None:
            return
        if whole:
            state = await entry.table.save_text()
            body = f'{{"save":{self.save_text(entry, state, self.journal.mark(entry.code) + 1)}}}'
        else:
            body = env_body(entry.envelope())
        try:
            await self.journal.keep(entry.code, body)
        except NotKept as exc:
            raise TableError("busy", f"{exc}; join the table again") from None

    # -- connections ---------------------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        self.connections += 1
        peer = self.client_address(ws)
        if self.open_connections >= self.options.limits.connections:
            self.full_refusals += 1
            if self.full_refusals == 1:  # once until the server has room again
                log.warning("the server holds %d connections, all it may; refusing new ones", self.open_connections)
            await ws.close(SLOW_READER, "the server is full; try again later")
            return
        self.full_refusals = 0
        conn = Conn(ws, self.connections, self.options, peer)
        self.open_connections += 1
        self.book.connected(peer)
        log.info("#%d connected from %s", conn.number, peer)
        loop = asyncio.get_running_loop()
        writer = loop.create_task(conn.write())
        inbox: asyncio.Queue[tuple[str | bytes, int] | None] = asyncio.Queue()
        worker = loop.create_task(self.work(conn, inbox))
        try:
            async for raw in ws:  # admitted here as they come, handled in order by ``work``
                size = wire.size_of(raw)
                if self.admit(conn, size, inbox.qsize()):
                    conn.waiting += size
                    inbox.put_nowait((raw, size))
        except ConnectionClosed:
            pass
        finally:
            conn.closing = conn.gone = True  # what waits is dropped; a message in the middle of its handling ends
            inbox.put_nowait(None)  # first (a table call cut off would leave the table changed and nobody told)
            await worker
            self.open_connections -= 1
            self.book.disconnected(peer)
            self.detach(conn)
            writer.cancel()
            conn.remote = None
            for relay in list(conn.relays.values()):
                await relay.close()
            if sum(conn.refused.values()) > len(conn.refused):  # more than the first of each code, logged already
                counts = ", ".join(f"{code} {n}" for code, n in sorted(conn.refused.items()))
                log.info("#%d disconnected; messages refused: %s", conn.number, counts)
            else:
                log.info("#%d disconnected", conn.number)

    def client_address(self, ws: ServerConnection) -> str:
        """The address a connection's client is bounded by: the peer's, or the one a trusted proxy
        (``--trust-proxy``: its last ``X-Forwarded-For`` entry) or a relaying process of the cluster tells."""
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        headers = ws.request.headers if ws.request is not None else None
        if headers is None:
            return peer
        if self.sharing is not None:
            secret, client = headers.get(RELAY_HEADER), headers.get(CLIENT_HEADER)
            if secret and client and hmac.compare_digest(secret.encode("utf-8", "surrogateescape"),
                                                          self.sharing.cluster.secret.encode("utf-8")):
                return client[:64]
        forwarded = headers.get("X-Forwarded-For")
        if forwarded and peer in self.options.limits.proxies:
            told = forwarded.split(",")[-1].strip()  # the proxy's own entry: what came before it may be made up
            return told[:64] or peer
        return peer

    def admit(self, conn: Conn, size: int, waiting: int) -> bool:
        """Whether a frame that just came is handled: within the rate (counted as frames arrive, however long the
        table takes), of a size a message may have, and with room among the messages waiting to be handled."""
        if conn.closing:  # what it sent before its close went out is not read
            return False
        if not conn.bucket.take():
            if not conn.patience.take():
                log.warning("#%d floods the server; closing it", conn.number)
                conn.close(1008, "too many messages")
                return False
            self.refuse(conn, TableError("rate_limited", "too many messages; this one was dropped"))
            return False
        if size > wire.MAX_MESSAGE:
            self.refuse(conn, TableError("too_big", f"a message may hold at most {wire.MAX_MESSAGE} bytes"))
            return False
        if waiting >= MAX_WAITING or conn.waiting + size > MAX_WAITING_BYTES:
            self.refuse(conn, TableError("busy", "your earlier messages are still being handled; this one was dropped"))
            return False
        return True

    async def work(self, conn: Conn, inbox: asyncio.Queue[tuple[str | bytes, int] | None]) -> None:
        """Handle the admitted messages of a connection in order, until None."""
        while (item := await inbox.get()) is not None:
            raw, size = item
            conn.waiting -= size
            if not conn.closing:
                conn.idle.clear()
                try:
                    await self.on_frame(conn, raw)
                finally:
                    conn.idle.set()

    async def on_frame(self, conn: Conn, raw: str | bytes) -> None:
        try:
            message = wire.parse(raw)
            kind = message["type"]
            if kind == "hello":  # who this server is: answered here, whatever the connection holds
                conn.push(wire.encode({"type": "hello", "server": self.id, "name": self.options.name,
                                       "addresses": list(self.addresses)}))
                return
            if self.sharing is not None and await self.sharing.elsewhere(conn, message, kind, raw):
                return
            if kind == "create":
                await self.create(conn, message)
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
            elif kind == "leave":
                await self.leave(conn)
            elif kind == "replay":
                await self.replay(conn, message)
            else:
                await self.act(conn, message)
        except TableError as exc:
            self.refuse(conn, exc)
        except TableFailure as exc:
            log.error("#%d: a table failed on this message:\n%s", conn.number, exc)
            self.refuse(conn, TableError("bad_message", "the server could not handle this message"))
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
    async def create(self, conn: Conn, message: Mapping[str, Any]) -> None:
        request = request_key(message)
        name = wire.get_name(message)
        player = wire.get_player(message)
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
        seats = message.get("seats")
        all_bots = isinstance(seats, list) and "remote" not in seats
        bound = self.book.may_create(conn.address, all_bots=all_bots)
        if bound is not None:
            raise TableError(bound, ADDRESS_BOUNDS[bound])
        code = table_code()
        cluster = self.sharing.cluster if self.sharing is not None else None
        while code in self.tables or (cluster is not None and not await cluster.acquire(code)):
            code = table_code()  # a cluster's codes are unique among all its processes
        assert self.host is not None
        self.book.created(conn.address, code, all_bots=all_bots)  # counted while it is made: no overtaking
        self.host.place(code, bots_only=all_bots)
        try:
            table = await open_table(self.calls or self.host, code, "create", message)
        except Exception:
            self.book.ended(code)
            if cluster is not None:
                await cluster.release(code)
            raise
        if code in self.tables or len(self.tables) >= self.options.max_tables:  # made by another create meanwhile
            self.book.ended(code)
            await table.drop()
            raise TableError("table_full", "this server holds all the tables it may; try again later")
        tokens = {s: secrets.token_urlsafe(24) for s, kind in enumerate(table.seats) if kind == "remote"}
        entry = Entry(code, table, {s: token_hash(t) for s, t in tokens.items()}, bot_takeover)
        entry.held = min(tokens) if hold and tokens else None
        if name is not None and entry.held is not None:  # the creator's seat; anyone else names their own
            await self.name_seat(entry, entry.held, name)
        if player is not None and entry.held is not None:
            entry.players[entry.held] = player
        self.tables[code] = entry
        await self.hear(entry)  # nobody hears it yet
        try:
            await self.keep(entry, whole=True)
        except Exception:
            await self.drop(entry, "it could not be kept")
            raise
        answer = {"type": "created", "table": code, "room": table.room, "seeded": table.seeded,
                  "tokens": {str(s): t for s, t in tokens.items()}}
        if request is not None:
            self.created[request] = (code, answer)
        conn.push(wire.encode(answer))
        log.info("#%d created table %s (%s, seats %s)", conn.number, code, table.room, ",".join(table.seats))
        self.mark(code)
        self.kick_bots(entry)

    def find(self, conn: Conn, message: Mapping[str, Any]) -> Entry:
        """The table a message names; ``no_table`` (a failed lookup of the connection's address) when there is none,
        ``slow_down`` when the address failed too often lately (codes are not found by trying)."""
        if not self.book.may_look_up(conn.address):
            raise TableError("slow_down", "too many wrong table codes or tokens from your address; wait a minute")
        code = wire.get_code(message, "table")
        entry = self.tables.get(code) or self.tables.get(code.upper())  # a code read out, typed in lower case
        if entry is None:
            self.book.failed_lookup(conn.address)
            raise TableError("no_table", "no table has this code on this server")
        return entry

    async def join(self, conn: Conn, message: Mapping[str, Any]) -> None:
        entry = self.find(conn, message)
        seat = seat_number(message.get("seat"), len(entry.table.seats))
        name = wire.get_name(message)
        player = wire.get_player(message)
        token = message.get("token")
        if not isinstance(token, str) or not 0 < len(token) <= 256:
            raise wire.bad("\"token\" must be the seat's token (a string)")
        expected = entry.tokens.get(seat)
        if expected is None:
            raise TableError("bad_token", f"seat {seat} is not a remote seat of this table")
        if not hmac.compare_digest(token_hash(token), expected):
            self.book.failed_lookup(conn.address)
            raise TableError("bad_token", f"this is not the token of seat {seat}")
        if seat in entry.resigned:
            raise TableError("bad_token", f"seat {seat} was given up; its token joins no more")
        if self.sharing is not None:
            await self.sharing.hold_remote(conn, None)
        async with entry.lock:
            self.one_seat_each(entry, player, seat)
            if conn.entry is not entry or conn.seat != seat:
                self.detach(conn)
            old = entry.seats.get(seat)
            if old is not None and old is not conn:
                old.entry, old.seat = None, None
                old.close(4000, "this seat was joined from another connection")
            entry.seats[seat] = conn
            conn.entry, conn.seat, conn.watching = entry, seat, False
            conn.bodies = message.get("bodies") is True
            await self.hear(entry)
            entry.waits.cancel(seat)
            entry.joined.add(seat)
            entry.sat.add(seat)
            entry.left.discard(seat)
            if player is not None:
                entry.players[seat] = player
            turn = entry.table.whose_turn()
            if turn != entry.turn_seat or turn == seat:  # a turn's time counts while its player is there
                entry.turn_seat, entry.turn_since = turn, time.monotonic()
            if name is not None:
                await self.name_seat(entry, seat, name)
            self.forget_requests(entry, seat)
            await self.keep(entry)
            conn.push(wire.encode({"type": "joined", "table": entry.code, "seat": seat}))  # the contract's form
            self.mark(entry.code)
            self.deliver(entry, await entry.table.join(seat), joiner=(seat, conn))
            self.settle(entry)
            self.tell_presence(entry, again=True)  # the joiner hears it in any case
        log.info("#%d joined table %s seat %d", conn.number, entry.code, seat)
        self.kick_bots(entry)

    async def claim(self, conn: Conn, message: Mapping[str, Any]) -> None:
        """``claim`` (table): the first remote seat nobody joined or claimed yet, with a new token for it (the
        lobby's join by code: tokens are handed out, not typed); ``table_full`` when there is none."""
        entry = self.find(conn, message)
        request = request_key(message)
        name = wire.get_name(message)
        player = wire.get_player(message)
        async with entry.lock:
            again = entry.answers.get(request) if request is not None else None
            if again is not None:  # the answer was lost on the way: the same seat, the same token
                conn.push(wire.encode(again))
                log.info("#%d asked again for its seat of table %s", conn.number, entry.code)
                return
            self.one_seat_each(entry, player, None)
            free = claimable(entry)
            if not free:
                raise TableError("table_full", "every seat of this table is taken")
            seat, token = free[0], secrets.token_urlsafe(24)
            entry.tokens[seat] = token_hash(token)
            entry.joined.add(seat)  # claimed: not handed out again
            answer = {"type": "claimed", "table": entry.code, "room": entry.table.room, "seat": seat, "token": token,
                      "seeded": entry.table.seeded}
            if request is not None:
                entry.answers[request] = answer
            if player is not None:
                entry.players[seat] = player
            if name is not None:
                await self.name_seat(entry, seat, name)
            await self.keep(entry)
            conn.push(wire.encode(answer))
            self.mark(entry.code)
            self.tell_presence(entry)
        log.info("#%d claimed table %s seat %d", conn.number, entry.code, seat)

    async def watch(self, conn: Conn, message: Mapping[str, Any]) -> None:
        entry = self.find(conn, message)
        if self.sharing is not None:
            await self.sharing.hold_remote(conn, None)
        async with entry.lock:
            self.detach(conn)
            entry.watchers.add(conn)
            conn.entry, conn.watching = entry, True
            conn.bodies = message.get("bodies") is True
            await self.hear(entry)  # before the table's next change: the watcher hears it
            conn.push(wire.encode({"type": "watching", "table": entry.code, "seeded": entry.table.seeded}))
            self.deliver(entry, await entry.table.join(None), joiner=(SPECTATORS, conn))
            conn.push(wire.encode(self.presence_message(entry)))
        log.info("#%d watches table %s", conn.number, entry.code)

    async def peek(self, conn: Conn, message: Mapping[str, Any]) -> None:
        """``peek`` (table): how the table stands (``table``: room, over, whose turn, the seats' presence), for
        anyone; what the connection holds is left as it is."""
        entry = self.find(conn, message)
        async with entry.lock:
            table = entry.table
            conn.push(wire.encode({"type": "table", "table": entry.code, "room": table.room, "over": table.is_over,
                                   "turn": table.whose_turn(), "seats": entry.presence(), "seeded": table.seeded,
                                   "state": entry.state(), "result": await self.result(entry)}))

    async def result(self, entry: Entry) -> dict[str, Any] | None:
        """A finished table's result: the winners, and each seat's name and score (None until it is over)."""
        got = await entry.table.result() if entry.table.is_over else None
        if got is None:
            return None
        names = [e["name"] for e in entry.presence()]
        return {"winners": list(got["winners"]),
                "seats": [{"seat": s, "name": names[s], "score": score} for s, score in enumerate(got["scores"])]}

    async def replay(self, conn: Conn, message: Mapping[str, Any]) -> None:
        """``replay`` (table): the finished game's replay document, to anyone (``not_over`` before the end)."""
        entry = self.find(conn, message)
        async with entry.lock:
            ended = entry.ended_at if entry.ended_at is not None else time.time()
            created = datetime.fromtimestamp(ended, UTC).isoformat(timespec="seconds")
            document = await entry.table.replay(created)
        conn.push(wire.encode({"type": "replay", "table": entry.code, "replay": document}))

    def one_seat_each(self, entry: Entry, player: str | None, seat: int | None) -> None:
        """A person holds one seat per table: ``already_seated`` when ``player`` holds a seat of ``entry`` other
        than ``seat`` (None: a claim, which would hand out another)."""
        held = entry.seat_of(player)
        if held is not None and held != seat:
            raise TableError("already_seated", f"you hold seat {held} of this table already; join it with its "
                             "token", seat=held)

    async def resign(self, conn: Conn) -> None:
        """``resign``: the connection gives its seat up for good. Its token joins no more, a bot plays the seat at
        once (whatever ``bot_takeover`` says; once the game is over nothing plays it), everyone is told."""
        await self.step_away(conn, "resigned")

    async def leave(self, conn: Conn) -> None:
        """``leave``: the connection steps away from its seat on purpose. The table's bot plays the seat at once
        (a running Cactus turn too), everyone is told (presence "left"); the seat's token takes it back by a join,
        as after a wait that ran out."""
        await self.step_away(conn, "left")

    async def step_away(self, conn: Conn, how: str) -> None:
        """The connection lets go of its seat on purpose (``how``: "left", or "resigned" for good): no wait runs
        for it, it is answered ``how`` and a bot plays the seat at once (once the game is over nothing does)."""
        entry, seat = conn.entry, conn.seat
        if entry is None or seat is None:
            raise wire.bad("only a seat can be left or given up: join it first")
        async with entry.lock:
            if conn.entry is not entry or entry.seats.get(seat) is not conn:  # joined elsewhere while we waited
                raise wire.bad("this connection no longer holds a seat")
            conn.entry, conn.seat = None, None
            del entry.seats[seat]
            entry.waits.cancel(seat)
            if how == "resigned":
                entry.resigned.add(seat)
                entry.left.discard(seat)
            else:
                entry.left.add(seat)
            await self.keep(entry)
            conn.push(wire.encode({"type": how, "table": entry.code, "seat": seat}))
            table = entry.table
            self.settle(entry)
            self.changed(entry, [] if table.is_over else await table.seat_to_bot(seat, table.takeover_bot))
        log.info("#%d %s table %s seat %d", conn.number, "gave up" if how == "resigned" else "left", entry.code, seat)
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
            if not self.ours(entry):  # its connection is asked to join again where the table is now
                return
            self.changed(entry, await entry.table.act(seat, message))
        self.kick_bots(entry)

    # -- deliveries, seats, bots ---------------------------------------------------------------------------
    def mark(self, code: str) -> None:
        """Table ``code`` changed: it is saved soon, and an announcer looks at the open tables again."""
        self.changes += 1
        self.saver.mark(code)

    def changed(self, entry: Entry, deliveries: list[Sent]) -> None:
        self.mark(entry.code)
        turn = entry.table.whose_turn()
        if turn != entry.turn_seat:
            entry.turn_seat, entry.turn_since = turn, time.monotonic()
        if entry.table.is_over:
            self.book.ended(entry.code)
            if entry.ended_at is None:
                entry.ended_at = time.time()
                entry.waits.cancel_all()
        self.deliver(entry, deliveries)
        self.tell_presence(entry)  # a turn start may have handed a seat back

    def deliver(self, entry: Entry, deliveries: list[Sent], joiner: tuple[int, Conn] | None = None) -> None:
        """Send each message to the connections that hold its audience now (the joiner alone for its own)."""
        for audience, text in deliveries:
            if joiner is not None and audience == joiner[0]:
                targets: list[Conn] | set[Conn] = [joiner[1]]
            elif audience == SPECTATORS:
                targets = entry.watchers
            elif audience == BODY_WATCHERS:
                targets = [conn for conn in (*entry.seats.values(), *entry.watchers) if conn.bodies]
            else:
                conn = entry.seats.get(audience)
                targets = [conn] if conn is not None else []
            for conn in targets:
                conn.push(text)

    async def name_seat(self, entry: Entry, seat: int, name: str) -> None:
        entry.names[seat] = name
        await entry.table.name_seat(seat, name)

    def presence_message(self, entry: Entry) -> dict[str, Any]:
        return {"type": "presence", "table": entry.code, "state": entry.state(), "seats": entry.presence()}

    def tell_presence(self, entry: Entry, *, again: bool = False) -> None:
        """Send every seat and spectator the presence when it changed (``again``: in any case)."""
        message = self.presence_message(entry)
        told = (message["state"], *presence.signature(message["seats"]))
        if told == entry.told and not again:
            return
        entry.told = told
        text = wire.encode(message)
        for conn in [*entry.seats.values(), *entry.watchers]:
            conn.push(text)

    def open_tables(self) -> list[OpenTable]:
        """The tables a joiner can sit down at, each with the number of seats a claim could hand out: with
        ``--redis``, those of every process of the cluster (any of them passes a join on)."""
        here = self.open_here()
        return here if self.sharing is None else self.sharing.open_tables(here)

    def open_here(self) -> list[OpenTable]:
        """The open tables of this process."""
        out = []
        for entry in list(self.tables.values()):
            free = len(claimable(entry))
            if free:
                out.append(OpenTable(entry.code, entry.table.room, free, entry.table.seeded))
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
        self.hear_later(entry)
        if seat is not None and entry.seats.get(seat) is conn:
            del entry.seats[seat]
            self.start_wait(entry, seat)
            self.settle(entry)
            self.changes += 1
            self.tell_presence(entry)

    async def hear(self, entry: Entry) -> None:
        """Tell the table who hears what now (spectators, bodies) when that changed: it leaves out of its
        deliveries what nobody hears (the spectators' state of a card table, a Cactus table's bodies)."""
        now = entry.listeners()
        if now == entry.listening:
            return
        entry.listening = now
        try:
            await entry.table.listeners(*now)
        except (TableError, TableFailure):  # the table is gone or broken: its next call says so
            entry.listening = (True, True)

    def hear_later(self, entry: Entry) -> None:
        """:meth:`hear` from code that cannot wait (a connection let go: until the table is told, it makes what
        the connection heard for nobody; nothing is missed)."""
        if entry.listeners() != entry.listening:
            task = asyncio.get_running_loop().create_task(self.hear(entry))
            self.hearing.add(task)
            task.add_done_callback(self.hearing.discard)

    def settle(self, entry: Entry) -> None:
        """The table's connections changed: its seats' waits are frozen while it stands still (nobody at a table
        of people), and run on with what was left once somebody is back."""
        if entry.stands_still():
            entry.waits.freeze()
        else:
            entry.waits.thaw()

    def start_wait(self, entry: Entry, seat: int, seconds: float | None = None) -> None:
        """A dropped seat waits for its player (``seconds``, by default the seat timeout; frozen while the table
        stands still); a seat a bot plays already (its player left) waits for nothing."""
        if not entry.bot_takeover or entry.table.is_over or self.closing or seat in entry.waits \
                or seat in entry.resigned or seat in entry.left:
            return
        wait = self.options.seat_timeout if seconds is None else seconds
        entry.waits.start(seat, wait, lambda s: self.wait_over(entry, s), frozen=entry.stands_still())

    def wait_over(self, entry: Entry, seat: int) -> None:
        asyncio.get_running_loop().create_task(self.take_over(entry, seat))

    async def take_over(self, entry: Entry, seat: int) -> None:
        if self.tables.get(entry.code) is not entry or seat in entry.seats or self.closing:
            return
        if entry.stands_still():  # nobody came back before the wait ran out, but nobody is here either
            entry.waits.start(seat, 0.0, lambda s: self.wait_over(entry, s), frozen=True)
            return
        kind = entry.table.takeover_bot
        async with entry.lock:
            if seat in entry.seats or not self.ours(entry):
                return
            try:
                self.changed(entry, await entry.table.seat_to_bot(seat, kind))
            except (TableError, TableFailure) as exc:
                log.warning("table %s seat %d could not be given to a bot: %s", entry.code, seat, exc)
                return
        log.info("table %s seat %d: its wait is over; a bot plays it (%s)", entry.code, seat, kind)
        self.kick_bots(entry)

    def kick_bots(self, entry: Entry) -> None:
        """Start the table's bot loop if a bot decides now and none is running."""
        if self.closing or (entry.bot_task is not None and not entry.bot_task.done()):
            return
        if entry.table.bot_due() and not entry.stands_still():
            entry.bot_task = asyncio.get_running_loop().create_task(self.run_bots(entry))

    async def bot_move(self, entry: Entry) -> list[Sent]:
        """The move of the bot that decides now: decided by a bot worker of the cluster when there is one."""
        if self.sharing is None:
            return await entry.table.bot_move()
        deliveries = await self.sharing.bot_move(entry)
        if deliveries is not None:
            return deliveries
        seat, spent = entry.table.whose_turn(), entry.table.cpu
        deliveries = await entry.table.bot_move()
        self.sharing.bot_cost(entry, seat, entry.table.cpu - spent)
        return deliveries

    async def run_bots(self, entry: Entry) -> None:
        while not self.closing:
            async with entry.lock:
                if not self.ours(entry) or not entry.table.bot_due() or entry.stands_still():
                    return  # a table nobody is at stands still (a Cactus bot's running turn too)
                try:
                    deliveries = await self.bot_move(entry)
                except (TableError, TableFailure) as exc:
                    log.error("table %s: the bot could not move: %s", entry.code, exc)
                    return
                self.changed(entry, deliveries)
            await asyncio.sleep(0)  # let waiting messages of this table in between two bot moves


__all__ = ["CODE_LETTERS", "Conn", "Entry", "MAX_FRAME", "SLOW_READER", "Server", "ServerOptions", "claimable",
           "table_code", "token_hash"]
