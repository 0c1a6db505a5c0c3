"""The tables of one server process among many (``serve --redis``): which process acts for a table, and what
this one does with a message for a table it does not hold.

:class:`SharedTables` sits beside the :class:`~game.net.server.table_server.Server` of a process in a cluster
(:mod:`game.net.server.cluster.directory` keeps the leases and the saves in Redis):

- it renews the leases of the process's tables and lets go of a table whose lease is lost (:meth:`let_go`: its
  connections are closed with :data:`MOVED`, "join again", and their joins then find the table's new owner);
- it sweeps for tables whose owner is gone and takes them over from their last save, at most its share of them
  per look, so that the live processes share them;
- a message that names a table (join, watch, claim, peek, replay) that another process holds is passed there through a
  :class:`~game.net.server.cluster.relay.Relay` of the connection, and the connection's later messages follow its seat;
  a table whose owner is gone is taken over here at once, as soon as its lease runs out;
- it tells the other processes this one's open tables and reads theirs, for the announcement on the network;
- a bot's decision goes to a bot worker when one is alive (:mod:`.bot_queue`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from redis.exceptions import RedisError
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.net import wire
from game.net.discovery import OpenTable
from game.net.server.cluster.bot_queue import BotQueue
from game.net.server.cluster.directory import LEASE, OPEN_TTL, RENEW_EVERY, SWEEP_EVERY, Cluster
from game.net.server.cluster.relay import Relay
from game.net.server.keeping.store import FORMAT
from game.net.server.room_table import TableError
from game.net.server.table_host import TableFailure
from game.net.server.table_runner import Sent

if TYPE_CHECKING:  # the server holds this; this reaches back into the server's tables
    from game.net.server.table_server import Conn, Entry, Server

log = logging.getLogger("game.net.server.cluster.sharing")

#: The close code that asks a client to connect again and join with its token: its table moved to another
#: process of the cluster ("service restart").
MOVED = 1012
#: A bot whose decision took this much CPU here (seconds) decides in a bot worker next time, when one is alive:
#: below it, sending the table there costs more than deciding (a greedy card bot takes well under a millisecond,
#: a searching one 50 to 100).
OFFLOAD_ABOVE = 0.02
#: How often a process reads the other processes' open tables (seconds).
READ_OPEN_EVERY = 1.0
#: The close code that asks a client to try again later: a table that cannot be reached now (Redis does not
#: answer, or the table is still on its way between two processes).
TRY_AGAIN = 1013
#: The messages that name a table: they go to the process that holds it.
NAMING = frozenset({"join", "watch", "claim", "peek", "replay"})


def saved_table(text: str) -> dict[str, Any]:
    """A table's save as read from Redis (ValueError when it is not one)."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a table save of this server")
    return data


class SharedTables:
    """The cluster side of one server process (see the module text)."""

    def __init__(self, server: Server, cluster: Cluster) -> None:
        self.server = server
        self.cluster = cluster
        self.bots = BotQueue(cluster.url)
        #: (table code, seat) -> the CPU seconds its bot's last decision took here.
        self.bot_costs: dict[tuple[str, int], float] = {}
        self.renewing: asyncio.Task[None] | None = None
        #: The tables let go whose place where they ran is being freed.
        self.dropping: set[asyncio.Task[None]] = set()
        self.sweeping: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Meet the cluster (ClusterError when Redis cannot be reached) and start keeping leases and sweeping."""
        await self.cluster.start()
        loop = asyncio.get_running_loop()
        self.renewing, self.sweeping = loop.create_task(self.keep_leases()), loop.create_task(self.sweep())
        log.info("in the cluster of %s as process %s (%s)", self.cluster.url, self.cluster.id, self.cluster.peer_url)

    def stop(self) -> None:
        """Take over no more tables (the leases are kept until :meth:`leave`: the tables are saved meanwhile)."""
        if self.sweeping is not None:
            self.sweeping.cancel()

    async def leave(self, unsaved: Mapping[str, str]) -> None:
        """Shutting down, every table saved but ``unsaved``: let go of the saved tables' leases (the other
        processes take them over at once, not once the leases run out) and leave the cluster."""
        if self.renewing is not None:
            self.renewing.cancel()
        await self.bots.close()
        for code in list(self.server.tables):
            if code not in unsaved:
                await self.cluster.release(code)
        await self.cluster.close()

    def open_tables(self, here: list[OpenTable]) -> list[OpenTable]:
        """The open tables of the whole cluster: this process's and the others' as last read."""
        return sorted([*here, *self.cluster.elsewhere], key=lambda t: t.table)

    def ours(self, entry: Entry) -> bool:
        """Whether this process may act for ``entry`` now: while its lease holds; a table it may not act for is
        let go at once."""
        if self.cluster.holds(entry.code):
            return self.server.tables.get(entry.code) is entry
        if self.server.tables.get(entry.code) is entry:
            self.let_go(entry, "its lease ran out")
        return False

    def let_go(self, entry: Entry, why: str) -> None:
        """Another process holds ``entry`` now (or soon): forget it here, without touching its save, and ask its
        connections to connect again (their joins find the new owner)."""
        if self.server.tables.get(entry.code) is not entry:
            return
        del self.server.tables[entry.code]
        self.server.changes += 1
        self.forget(entry.code)
        self.server.saver.forget(entry.code)
        if self.server.journal is not None:
            self.server.journal.forget(entry.code)
        entry.waits.cancel_all()
        for conn in [*entry.seats.values(), *entry.watchers]:
            conn.entry, conn.seat, conn.watching = None, None, False
            conn.close(MOVED, "the table moved to another server process; join again")
        entry.seats.clear()
        entry.watchers.clear()
        self.server.forget_requests(entry)
        task = asyncio.get_running_loop().create_task(self.host_drop(entry.code))
        self.dropping.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self.dropping.discard)
        log.warning("table %s: %s; let go", entry.code, why)

    async def keep_leases(self) -> None:
        """Renew the leases of this process's tables; let go of those lost."""
        cluster = self.cluster
        while True:  # shutting down too, until every table is saved (:meth:`leave`)
            await asyncio.sleep(RENEW_EVERY)
            lost = await cluster.renew(list(self.server.tables))
            for code in lost:
                entry = self.server.tables.get(code)
                if entry is not None:
                    self.let_go(entry, "another process holds it now")
            for entry in list(self.server.tables.values()):
                self.ours(entry)  # a lease that Redis could not renew runs out here

    async def sweep(self) -> None:
        """Take over the tables whose owner is gone (at most this process's share of them per look, so that the
        live processes share them), and tell the others this process's open tables."""
        cluster = self.cluster
        published = read = -OPEN_TTL
        seen = -1
        while not self.server.closing:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                orphans = [code for code in await cluster.orphans() if code not in self.server.tables]
                if orphans:
                    share = -(-len(orphans) // await cluster.live_processes())
                    for code in orphans[:share]:
                        await self.take(code)
                now = time.monotonic()
                if self.server.changes != seen or now - published >= OPEN_TTL / 3:
                    seen, published = self.server.changes, now
                    await cluster.publish_open(self.server.open_here())
                if now - read >= READ_OPEN_EVERY:
                    read = now
                    if await cluster.read_open():
                        self.server.changes += 1  # an announcer looks again
            except (RedisError, OSError) as exc:
                log.warning("the cluster could not be looked at: %s", exc)

    async def take(self, code: str) -> Entry | None:
        """Take table ``code`` over from its last save and the journal of its changes since, if nobody holds it:
        the table, or None."""
        cluster = self.cluster
        if code in self.server.tables or not await cluster.acquire(code):
            return self.server.tables.get(code)
        text = await cluster.load(code)
        records = await cluster.journal(code)
        if text is None and not records:  # dropped meanwhile
            await cluster.release(code)
            return None
        try:
            entry = await self.server.resume(code, None if text is None else saved_table(text), records)
            if entry is None:
                raise ValueError("neither its save nor its journal holds the table")
        except Exception as exc:  # noqa: BLE001 - any save that cannot be resumed is set aside, never fatal
            if not self.server.closing:  # shutting down, the workers stop: the save is whole, the next process takes it
                await cluster.set_aside(code, f"{type(exc).__name__}: {exc}")
            await cluster.release(code)
            return None
        if not cluster.holds(code):  # the resume took longer than the lease was trusted
            await self.host_drop(code)
            return None
        self.server.resumed(entry)
        self.server.changes += 1
        log.info("table %s taken over from its last save", code)
        self.server.kick_bots(entry)
        return entry

    async def host_drop(self, code: str) -> None:
        if self.server.host is not None:
            with contextlib.suppress(TableFailure):
                await self.server.host.call(code, "drop", ())

    async def route(self, conn: Conn, code: str, kind: str, raw: str | bytes) -> bool:
        """A message naming table ``code``, which this process does not hold: passed to the process that does
        (True), or False when the table is this process's now (taken over from its save) or nobody's (it has no
        save: the message gets this process's own answer, ``no_table``). RedisError or OSError when it cannot be
        placed now (Redis does not answer, or the table is still on its way after a few seconds)."""
        cluster = self.cluster
        if not self.server.book.may_look_up(conn.address):
            raise TableError("slow_down", "too many wrong table codes or tokens from your address; wait a minute")
        deadline = time.monotonic() + LEASE + 2.0
        while time.monotonic() < deadline and not conn.gone:
            found = await cluster.owner(code)
            if found is None:
                if not await cluster.saved(code) or await self.take(code) is not None:
                    return False
                continue
            owner, url = found
            if owner == cluster.id:  # being taken over by this process's sweep right now
                if code in self.server.tables:
                    return False
            elif url is not None:
                relay = await self.relay_to(conn, owner, url)
                if relay is not None:
                    if kind in ("join", "watch"):
                        await self.hold_remote(conn, owner)
                    await relay.send(raw)
                    return True
            await asyncio.sleep(0.2)  # its owner is gone and its lease runs out soon, or it is on its way
        raise OSError("the table is still on its way between two processes")

    async def relay_to(self, conn: Conn, owner: str, url: str) -> Relay | None:
        """The connection's relay to process ``owner`` (opened now if needed; None when it cannot be reached)."""
        relay = conn.relays.get(owner)
        if relay is not None and not relay.closed:
            return relay
        cluster = self.cluster
        try:
            relay = await Relay.open(owner, url, cluster.secret, conn.address, conn.push, self.relay_closed(conn))
        except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake) as exc:
            log.info("#%d: process %s at %s cannot be reached (%s)", conn.number, owner, url, exc)
            return None
        if conn.gone:
            await relay.close()
            return None
        conn.relays[owner] = relay
        return relay

    def relay_closed(self, conn: Conn) -> Callable[[Relay], None]:
        def closed(relay: Relay) -> None:
            if conn.relays.get(relay.owner) is relay:
                del conn.relays[relay.owner]
            if conn.remote == relay.owner:
                conn.remote = None
                code, reason = relay.ws.close_code, relay.ws.close_reason
                if code is not None and (code == 1008 or 4000 <= code <= 4999):  # meant for good: passed on
                    conn.close(code, reason or "")
                else:
                    conn.close(MOVED, "the table moved to another server process; join again")
        return closed

    async def hold_remote(self, conn: Conn, owner: str | None) -> None:
        """The connection's seat or watch is at process ``owner`` now (None: here): what it held elsewhere is let
        go, as a client's join elsewhere would."""
        if owner is not None:
            self.server.detach(conn)
        if conn.remote is not None and conn.remote != owner:
            relay = conn.relays.pop(conn.remote, None)
            conn.remote = None
            if relay is not None:
                await relay.close()
        conn.remote = owner

    async def bot_move(self, entry: Entry) -> list[Sent] | None:
        """The move of the table's bot, decided by a bot worker (:mod:`.bot_queue`); None when its
        decisions are cheap here (or not known yet), no worker is alive, the table's bots decide where it is, or
        the decision came too late or no longer fits: the table's own bot moves then."""
        seat = entry.table.whose_turn()
        if seat is None or self.bot_costs.get((entry.code, seat), 0.0) < OFFLOAD_ABOVE:
            return None
        if not await self.bots.available():
            return None
        job = await entry.table.bot_job()
        if job is None:
            return None
        decision = await self.bots.ask(job)
        if decision is None:
            return None
        try:
            return await entry.table.bot_apply(decision)
        except TableError as exc:
            log.warning("table %s: a bot worker's decision could not be made (%s); its own bot decides",
                        entry.code, exc.message)
            return None

    def forget(self, code: str) -> None:
        """Table ``code`` left this process: its lease and its bots' costs are forgotten."""
        self.cluster.forget(code)
        for key in [k for k in self.bot_costs if k[0] == code]:
            del self.bot_costs[key]

    def bot_cost(self, entry: Entry, seat: int | None, cpu: float) -> None:
        """A bot of ``entry`` at ``seat`` decided here in ``cpu`` seconds: whether its next decisions go to a
        worker (sending one costs a few milliseconds: the table's save travels)."""
        if seat is not None:
            self.bot_costs[(entry.code, seat)] = cpu

    async def elsewhere(self, conn: Conn, message: Mapping[str, Any], kind: str, raw: str | bytes) -> bool:
        """A message for a table another process holds, passed there (True); False when it is this process's to
        handle."""
        if kind in NAMING:
            code = wire.get_code(message, "table")
            entry = self.server.tables.get(code) or self.server.tables.get(code.upper())
            if entry is not None and self.ours(entry):
                return False
            try:
                if await self.route(conn, code.upper(), kind, raw):
                    return True
            except (RedisError, OSError) as exc:
                log.warning("#%d: the cluster could not be asked where table %s is: %s", conn.number, code, exc)
            else:
                return False
            # its client connects again by itself and asks again (a join is sent again with its token)
            conn.close(TRY_AGAIN, "the table cannot be reached just now; try again")
            return True
        relay = conn.relays.get(conn.remote) if conn.remote is not None else None
        if relay is None or kind == "create":
            return False
        await relay.send(raw)
        return True


__all__ = ["MOVED", "NAMING", "TRY_AGAIN", "SharedTables", "saved_table"]
