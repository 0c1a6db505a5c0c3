"""Many server processes, one set of tables: the table directory, the saves and the open tables in Redis
(``python -m game serve --redis redis://HOST:PORT/DB``; docs/remote-play.md, "Many processes").

Every table lives in exactly one process, its owner, which holds the table's lease: the key ``owner:CODE``
(its value the process id) expires :data:`LEASE` seconds after the owner last renewed it. The owner renews all of
its leases every :data:`RENEW_EVERY` seconds with one compare-and-expire script; a lease it finds lost (another
process holds it, or it expired while the owner was paused) makes it let go of the table at once. The owner
itself counts a lease valid only until :data:`LEASE` minus :data:`MARGIN` after the renewal was *sent*
(:meth:`Cluster.holds`), so a process that was paused longer than that handles no message of the table before it
has asked Redis again: two processes never both act for one table.

The saves are in Redis too (``save:CODE``, the folder store's envelope as it is), and every write is fenced by the
lease in the same script: a process that lost a table cannot write it any more. A process whose tables lost their
owner (it died, or was paused past the lease) finds them in its next sweep (:meth:`Cluster.orphans`, every
:data:`SWEEP_EVERY` seconds), takes the lease and resumes the table from its last save and the journal of its
changes since (``journal:CODE``, :mod:`.journal`): a change that was answered was in Redis before its answer went
out.

Keys, all under ``gt:``: ``proc:ID`` (the process's peer address, with the lease's expiry: the live processes),
``owner:CODE``, ``save:CODE``, ``journal:CODE``, ``tables`` (the codes with a save or a journal), ``open:ID`` (that
process's open tables, JSON), ``aside:CODE:N`` (saves that could not be resumed), ``secret`` (the relay secret the
processes share: a relayed connection carries its client's address only when it knows it), and the bot queue of
:mod:`game.net.server.cluster.bot_queue`.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Iterable
from typing import Any

import redis
import redis.asyncio as aredis
from redis.exceptions import RedisError

from game.net.discovery import OpenTable

log = logging.getLogger("game.net.server.cluster.directory")

PREFIX = "gt:"
#: How long a lease (a table's, a process's) lasts without renewal (seconds).
LEASE = 3.0
#: How often the owner renews its leases (seconds).
RENEW_EVERY = 0.75
#: How much shorter than :data:`LEASE` the owner itself trusts a renewal, counted from when it was sent: room for
#: clocks that run at slightly different speeds (seconds).
MARGIN = 0.5
#: How often a process looks for tables without an owner (seconds).
SWEEP_EVERY = 0.5
#: How long a process's list of open tables is kept without being written again (seconds).
OPEN_TTL = 10.0
#: How long a connection to Redis may take before the server says it cannot reach it (seconds).
CONNECT_TIMEOUT = 5.0
#: The most connections to Redis one process opens at once (more commands wait for one of them).
POOL = 64

#: Renew the leases ``KEYS`` of process ``ARGV[1]`` for ``ARGV[2]`` ms: 1 for each still held, 0 for each lost.
RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
"""
#: Write save ``KEYS[2]`` of table ``ARGV[3]`` only while its lease ``KEYS[1]`` is held by ``ARGV[1]``.
WRITE = """
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('set', KEYS[2], ARGV[2])
redis.call('sadd', KEYS[3], ARGV[3])
return 1
"""
#: Remove a dropped table (its lease, its save, its journal, its code) while its lease is held by ``ARGV[1]``.
REMOVE = """
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1], KEYS[2], KEYS[4])
redis.call('srem', KEYS[3], ARGV[2])
return 1
"""
#: Let go of lease ``KEYS[1]`` if ``ARGV[1]`` holds it.
RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class ClusterError(Exception):
    """Redis cannot be reached or answered with an error; the text says so in words."""


class NotOwner(OSError):
    """A write of a table this process does not hold (any more): nothing was written."""


def key(*parts: str) -> str:
    return PREFIX + ":".join(parts)


def describe(url: str, exc: BaseException) -> str:
    return f"cannot reach Redis at {url}: {exc}"


class Cluster:
    """This process's view of the shared tables (see the module text). ``peer_url``: where the other processes
    reach this one (its relays connect there)."""

    def __init__(self, url: str, peer_url: str) -> None:
        self.url = url
        self.peer_url = peer_url
        self.id = secrets.token_hex(6)
        # A command that takes longer than a lease has failed: a Redis that hangs must not hang the server with it.
        # Many seats joining at once (a process's tables taken over, their players back) wait for a connection of the
        # pool rather than fail ("Too many connections" past redis-py's 100).
        pool = aredis.BlockingConnectionPool.from_url(url, decode_responses=True, max_connections=POOL,
                                                      timeout=LEASE, socket_connect_timeout=CONNECT_TIMEOUT,
                                                      socket_timeout=LEASE)
        self.redis: aredis.Redis = aredis.Redis(connection_pool=pool)
        #: The synchronous client of the saver's writing thread (:class:`RedisStore`).
        self.sync: redis.Redis = redis.from_url(url, decode_responses=True, socket_connect_timeout=CONNECT_TIMEOUT,
                                                socket_timeout=LEASE)
        #: Table code -> until when (``time.monotonic``) this process trusts its lease.
        self.valid: dict[str, float] = {}
        self.secret = ""
        #: The other processes' open tables, as last read.
        self.elsewhere: list[OpenTable] = []

    async def start(self) -> None:
        """Meet Redis: the shared relay secret, and this process among the live ones (ClusterError if it cannot)."""
        try:
            await self.redis.ping()
            await self.redis.set(key("secret"), secrets.token_urlsafe(24), nx=True)
            self.secret = str(await self.redis.get(key("secret")))
            await self.redis.set(key("proc", self.id), self.peer_url, px=int(LEASE * 1000))
        except (RedisError, OSError) as exc:
            raise ClusterError(describe(self.url, exc)) from None

    async def server_id(self, made: str) -> str:
        """The cluster's one server id: ``made`` when none was kept yet (the first process to ask keeps it)."""
        try:
            await self.redis.set(key("server_id"), made, nx=True)
            return str(await self.redis.get(key("server_id")))
        except (RedisError, OSError) as exc:
            raise ClusterError(describe(self.url, exc)) from None

    async def close(self) -> None:
        """Leave the live processes (the leases were let go before)."""
        try:
            await self.redis.delete(key("proc", self.id), key("open", self.id))
        except (RedisError, OSError) as exc:
            log.warning("could not leave the cluster cleanly: %s", exc)
        await self.redis.aclose()
        self.sync.close()

    # -- leases --------------------------------------------------------------------------------------------
    def holds(self, code: str) -> bool:
        """Whether this process may act for table ``code`` now: its lease was renewed recently enough."""
        return time.monotonic() < self.valid.get(code, 0.0)

    async def acquire(self, code: str) -> bool:
        """Take the lease of table ``code`` if nobody holds it."""
        sent = time.monotonic()
        if await self.redis.set(key("owner", code), self.id, nx=True, px=int(LEASE * 1000)):
            self.valid[code] = sent + LEASE - MARGIN
            return True
        return False

    async def renew(self, codes: Iterable[str]) -> set[str]:
        """Renew the leases of ``codes`` (and this process's own): the codes whose lease is lost. A Redis that does
        not answer renews nothing (the leases run out: the tables are let go when :meth:`holds` says so)."""
        codes = list(codes)
        sent = time.monotonic()
        ms = str(int(LEASE * 1000))
        try:
            await self.redis.set(key("proc", self.id), self.peer_url, px=int(LEASE * 1000))
            held = await self.redis.eval(RENEW, len(codes), *(key("owner", c) for c in codes), self.id, ms) \
                if codes else []
        except (RedisError, OSError) as exc:
            log.warning("the leases could not be renewed: %s", exc)
            return {code for code in codes if not self.holds(code)}
        lost = set()
        for code, ok in zip(codes, held, strict=True):
            if ok:
                self.valid[code] = sent + LEASE - MARGIN
            else:
                lost.add(code)
        return lost

    async def release(self, code: str) -> None:
        """Let go of the lease of table ``code`` (shutting down: another process takes it at once)."""
        self.valid.pop(code, None)
        try:
            await self.redis.eval(RELEASE, 1, key("owner", code), self.id)
        except (RedisError, OSError) as exc:
            log.warning("table %s: its lease could not be let go (%s); it runs out by itself", code, exc)

    def forget(self, code: str) -> None:
        self.valid.pop(code, None)

    async def owner(self, code: str) -> tuple[str, str | None] | None:
        """Who holds table ``code``: (process id, its peer address or None when that process is gone), or None when
        nobody does."""
        owner = await self.redis.get(key("owner", code))
        if owner is None:
            return None
        url = await self.redis.get(key("proc", str(owner)))
        return str(owner), None if url is None else str(url)

    async def saved(self, code: str) -> bool:
        return bool(await self.redis.sismember(key("tables"), code))

    async def orphans(self) -> list[str]:
        """The saved tables that nobody holds."""
        codes = sorted(str(c) for c in await self.redis.smembers(key("tables")))
        if not codes:
            return []
        owners = await self.redis.mget([key("owner", c) for c in codes])
        return [code for code, owner in zip(codes, owners, strict=True) if owner is None]

    async def live_processes(self) -> int:
        return max(1, len([k async for k in self.redis.scan_iter(match=key("proc", "*"), count=1000)]))

    async def load(self, code: str) -> str | None:
        """The save text of table ``code`` (None when it has none)."""
        text = await self.redis.get(key("save", code))
        return None if text is None else str(text)

    async def journal(self, code: str) -> list[dict[str, Any]]:
        """The journal records of table ``code`` in order (what is not a record of it is left out)."""
        out = []
        for text in await self.redis.zrange(key("journal", code), 0, -1):
            try:
                record = json.loads(str(text))
            except (ValueError, RecursionError):
                continue
            if isinstance(record, dict) and record.get("t") == code and isinstance(record.get("n"), int):
                out.append(record)
        return out

    async def set_aside(self, code: str, reason: str) -> None:
        """A save that cannot be resumed: kept under ``aside:CODE:N`` (never deleted; its journal beside it, under
        ``aside:CODE:N:journal``), with one line in the log."""
        number = await self.redis.incr(key("asides"))
        kept = key("aside", code, str(number))
        if await self.redis.exists(key("save", code)):
            await self.redis.rename(key("save", code), kept)
        if await self.redis.exists(key("journal", code)):
            await self.redis.rename(key("journal", code), kept + ":journal")
        await self.redis.srem(key("tables"), code)
        log.error("table save %s cannot be resumed (%s); kept as %s", code, reason, kept)

    # -- open tables -----------------------------------------------------------------------------------------
    async def publish_open(self, tables: list[OpenTable]) -> None:
        """Tell the others this process's open tables."""
        mine = json.dumps([[t.table, t.room, t.free, t.seeded] for t in tables])
        await self.redis.set(key("open", self.id), mine, px=int(OPEN_TTL * 1000))

    async def read_open(self) -> bool:
        """Read the other processes' open tables (:attr:`elsewhere`): whether they changed."""
        others: list[OpenTable] = []
        async for name in self.redis.scan_iter(match=key("open", "*"), count=1000):
            if name != key("open", self.id):
                others.extend(open_tables(await self.redis.get(name)))
        others.sort(key=lambda t: t.table)
        changed = others != self.elsewhere
        self.elsewhere = others
        return changed


def open_tables(text: Any) -> list[OpenTable]:
    """The open tables of a process's ``open:ID`` (what is not one is left out)."""
    try:
        rows = json.loads(text) if isinstance(text, str) else []
    except ValueError:
        return []
    out = []
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, list) and len(row) == 4 and isinstance(row[0], str) and isinstance(row[1], str) \
                and isinstance(row[2], int) and row[2] > 0:
            out.append(OpenTable(row[0], row[1], row[2], bool(row[3])))
    return out


class RedisStore:
    """The saves of the cluster's tables, written by the saver's thread (synchronous client), each fenced by the
    writer's lease: the folder store's ``write`` and ``remove`` for a server with ``--redis``."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.write_script = cluster.sync.register_script(WRITE)
        self.remove_script = cluster.sync.register_script(REMOVE)
        self.folder = cluster.url  # named in the log like the folder store's folder

    def write(self, code: str, text: str) -> None:
        """Write the save of ``code`` (OSError when it could not be: Redis unreachable, or the table not ours)."""
        try:
            done = self.write_script(keys=[key("owner", code), key("save", code), key("tables")],
                                     args=[self.cluster.id, text, code])
        except RedisError as exc:
            raise OSError(f"Redis: {exc}") from None
        if not done:
            raise NotOwner(f"table {code} is held by another process now")

    def sync(self) -> None:
        """Nothing more to do: a write is as durable as Redis keeps it once it returns."""

    def remove(self, code: str) -> None:
        try:
            self.remove_script(keys=[key("owner", code), key("save", code), key("tables"), key("journal", code)],
                               args=[self.cluster.id, code])
        except RedisError as exc:
            log.error("table save %s could not be removed from Redis: %s", code, exc)


__all__ = ["LEASE", "MARGIN", "RENEW_EVERY", "SWEEP_EVERY", "Cluster", "ClusterError", "NotOwner", "RedisStore",
           "key", "open_tables"]
