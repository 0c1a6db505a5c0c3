"""``python -m game bench net --processes N --redis``: the usual load over N table server processes that share their
tables through one Redis, and one of the processes killed while the games go on.

A throwaway ``redis-server`` starts (a free loopback port, a temporary folder, nothing written to disk), then N
server processes (``python -m game serve --redis URL --workers W``; W is 0 unless told: several processes on one
machine are its cores already, and a card table's calls cost least in the process itself). The load is the one of
``bench net`` (tables of
remote Artischocken seats answering every state with a random legal action), spread so that the processes relay
to one another: table ``i`` is made through process ``i % N``, which holds it, and its seat ``s`` connects through
process ``(i + s) % N``. ``--kill-after S`` seconds into the play (default 3) the last process is killed (SIGKILL:
no goodbye, no last save). Every seat whose connection drops connects again by itself, to the same process or, when
that one refuses, the next in the list, and joins again with its token; the act it had sent and lost on the way is
not timed.

Measured beside the usual figures: ``killed_tables``, the tables the killed process held (read from Redis just
before the kill: ``owner:CODE`` is the holder's id, ``proc:ID`` that process's address, the one on its ``serving``
line), and ``takeover_s``, the seconds from the kill until the last of them answers a ``peek`` through a live
process again (another process took it over from its last save).
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import signal
import socket
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import redis.asyncio as aredis
from redis.exceptions import RedisError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.lab.net_load import (
    Player,
    Tally,
    ask,
    join_message,
    make_tables,
    seat_rng,
    start_server,
    stop_server,
    summary,
)
from game.net.server.cluster.directory import key

#: Seconds Redis may take to answer after it was started.
REDIS_START_TIMEOUT = 10.0
#: Seconds a connection to a server process may take to open.
OPEN_TIMEOUT = 10.0
#: Seconds a join or a peek may wait for its answer (a table between two processes waits for its takeover first).
ANSWER_TIMEOUT = 15.0
#: How often one seat may connect again before its game is given up.
RECONNECTS = 10
#: Seconds after the kill by which every table of the killed process must answer again.
TAKEOVER_TIMEOUT = 60.0
#: Seconds the whole play may take (random games end in seconds; a stuck seat must not hang the bench).
PLAY_TIMEOUT = 300.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def answers(url: str, proc: asyncio.subprocess.Process) -> bool:
    """Whether the Redis at ``url`` answers a ping before its process ``proc`` ends or the time is up."""
    client = aredis.from_url(url, socket_connect_timeout=0.5)
    deadline = time.monotonic() + REDIS_START_TIMEOUT
    try:
        while time.monotonic() < deadline and proc.returncode is None:
            try:
                return bool(await client.ping())
            except (RedisError, OSError):
                await asyncio.sleep(0.05)
        return False
    finally:
        await client.aclose()


@contextlib.asynccontextmanager
async def redis_server(folder: Path) -> AsyncIterator[str]:
    """A ``redis-server`` of its own on a free loopback port, its folder ``folder``, saving nothing: its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed (Debian package redis-server)")
    for _ in range(5):  # a port taken between the look and the start: another one
        port = free_port()
        proc = await asyncio.create_subprocess_exec(
            binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "",
            "--appendonly", "no", "--protected-mode", "yes",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        url = f"redis://127.0.0.1:{port}/0"
        try:
            if await answers(url, proc):
                yield url
                return
        finally:
            await stop_server(proc)  # SIGTERM, then SIGKILL: any process
    raise RuntimeError("redis-server did not start")


@contextlib.asynccontextmanager
async def server_processes(count: int, redis_url: str, root: Path,
                           workers: int) -> AsyncIterator[list[tuple[asyncio.subprocess.Process, str]]]:
    """``count`` server processes of the Redis at ``redis_url`` (each its data folder under ``root``): each process
    and its URL. They are stopped (SIGTERM) at the end; a process killed before is only waited for."""
    folders = [root / f"p{i}" for i in range(count)]
    for folder in folders:
        folder.mkdir()
    extra = ["--redis", redis_url, "--workers", str(workers)]
    started = await asyncio.gather(*(start_server(folder, extra=extra) for folder in folders), return_exceptions=True)
    running = [s for s in started if not isinstance(s, BaseException)]
    try:
        for outcome in started:
            if isinstance(outcome, BaseException):
                raise outcome
        yield running
    finally:
        await asyncio.gather(*(stop_server(proc) for proc, _ in running))


async def connect_live(urls: Sequence[str], index: int) -> tuple[ClientConnection, int]:
    """A connection to the ``index``-th process or, when that one refuses, the next that takes it: the connection
    and that process's index."""
    for k in range(len(urls)):
        at = (index + k) % len(urls)
        try:
            return await connect(urls[at], compression=None, max_size=None, open_timeout=OPEN_TIMEOUT), at
        except (OSError, TimeoutError, InvalidHandshake):
            continue
    raise RuntimeError("no server process takes connections")


async def joined_connection(urls: Sequence[str], index: int, table: str, seat: int,
                            token: str) -> tuple[ClientConnection, int]:
    """A connection (see :func:`connect_live`) joined to the seat. A table on its way to another process (``busy``:
    its owner is gone and its lease has not run out yet) is asked again."""
    ws, index = await connect_live(urls, index)
    try:
        async with asyncio.timeout(ANSWER_TIMEOUT):
            while True:
                joined = await ask(ws, join_message(table, seat, token))
                if joined.get("type") == "joined":
                    return ws, index
                if joined.get("code") != "busy":
                    raise RuntimeError(f"join refused: {joined}")
                await asyncio.sleep(0.2)
    except BaseException:
        await ws.close()
        raise


async def play_anywhere(urls: Sequence[str], index: int, table: str, seat: int, token: str, player: Player,
                        ws: ClientConnection) -> tuple[bool, int]:
    """Play a seat, joined over ``ws`` (to the ``index``-th process), to the end of its game, connecting again
    whenever the connection ends first: whether the game ended, and how many times the seat connected again."""
    again = 0
    while True:
        try:
            async with ws:
                if await player.play(ws):
                    return True, again
        except ConnectionClosed:
            pass  # its process died, or the table's did (a relayed connection is closed with 1012: join again)
        while True:
            again += 1
            if again > RECONNECTS:
                return False, again
            try:
                ws, index = await joined_connection(urls, index, table, seat, token)
                break
            except ConnectionClosed:
                continue


async def owned_by(redis_url: str, url: str, codes: Sequence[str]) -> list[str]:
    """Which of the tables ``codes`` the process serving at ``url`` holds now (as Redis says)."""
    client = aredis.from_url(redis_url, decode_responses=True)
    try:
        owners = [None if o is None else str(o) for o in await client.mget([key("owner", code) for code in codes])]
        ids = sorted({owner for owner in owners if owner is not None})
        where = dict(zip(ids, await client.mget([key("proc", i) for i in ids]), strict=True)) if ids else {}
    finally:
        await client.aclose()
    return [code for code, owner in zip(codes, owners, strict=True) if owner is not None and where.get(owner) == url]


async def peek_until_answered(urls: Sequence[str], index: int, code: str, deadline: float) -> float:
    """When (``time.perf_counter``) table ``code`` first answers a ``peek`` through one of the processes ``urls``."""
    while time.perf_counter() < deadline:
        try:
            ws, index = await connect_live(urls, index)
            async with ws:
                while time.perf_counter() < deadline:
                    reply = await asyncio.wait_for(ask(ws, {"type": "peek", "table": code}), ANSWER_TIMEOUT)
                    if reply.get("type") == "table":
                        return time.perf_counter()
                    if reply.get("code") != "busy":
                        raise RuntimeError(f"peek of table {code} refused: {reply}")
        except (ConnectionClosed, TimeoutError):
            index += 1  # that process went too, or it did not answer: the next one
    raise RuntimeError(f"table {code} did not answer within {TAKEOVER_TIMEOUT:g} s of the kill")


async def kill_and_time(procs: Sequence[tuple[asyncio.subprocess.Process, str]], victim: int, redis_url: str,
                        codes: Sequence[str], delay: float) -> tuple[int, float]:
    """After ``delay`` seconds, kill the ``victim``-th process: how many tables it held, and the seconds until the
    last of them answered again through the others."""
    await asyncio.sleep(delay)
    proc, url = procs[victim]
    owned = await owned_by(redis_url, url, codes)
    proc.send_signal(signal.SIGKILL)
    killed_at = time.perf_counter()
    await proc.wait()
    live = [u for k, (_, u) in enumerate(procs) if k != victim]
    deadline = killed_at + TAKEOVER_TIMEOUT
    answered = await asyncio.gather(*(peek_until_answered(live, k, code, deadline) for k, code in enumerate(owned)))
    return len(owned), max(answered, default=killed_at) - killed_at


async def cluster_load(procs: Sequence[tuple[asyncio.subprocess.Process, str]], redis_url: str, tables: int,
                       seats: int, seed: int, kill_after: float) -> dict[str, Any]:
    """The load over the running processes ``procs``, the last of them killed ``kill_after`` seconds into the play
    (see the module text): the figures. Every seat is joined before the play starts."""
    urls = [url for _, url in procs]
    created = await make_tables(urls, tables, seats, seed)
    seating = [(i, s, c["table"], c["tokens"][str(s)]) for i, c in enumerate(created) for s in range(seats)]
    joined = await asyncio.gather(*(joined_connection(urls, (i + s) % len(urls), code, s, token)
                                    for i, s, code, token in seating))
    tally = Tally()
    players = [Player(seat_rng(seed, i, s), tally) for i, s, _, _ in seating]
    start = time.perf_counter()
    killer = asyncio.create_task(kill_and_time(procs, len(procs) - 1, redis_url, [c["table"] for c in created],
                                               kill_after))
    try:
        async with asyncio.timeout(PLAY_TIMEOUT):
            played = await asyncio.gather(*(play_anywhere(urls, index, code, s, token, player, ws)
                                            for (_, s, code, token), player, (ws, index)
                                            in zip(seating, players, joined, strict=True)))
    except TimeoutError:
        killer.cancel()
        raise RuntimeError(f"the games did not end within {PLAY_TIMEOUT:g} s") from None
    except BaseException:
        killer.cancel()
        raise
    elapsed = time.perf_counter() - start
    killed, takeover = await killer
    out = summary(tables, seats, [done for done, _ in played], tally, elapsed)
    out.update({"processes": len(procs), "killed_tables": killed, "takeover_s": round(takeover, 2),
                "_reconnects": sum(again for _, again in played)})
    return out


async def run(processes: int, tables: int, seats: int, seed: int, kill_after: float, workers: int) -> dict[str, Any]:
    """The whole bench: Redis, the processes, the load, the kill; everything stopped at the end."""
    with tempfile.TemporaryDirectory(prefix="garden-table-cluster-") as root:
        (Path(root) / "redis").mkdir()
        async with redis_server(Path(root) / "redis") as url, \
                server_processes(processes, url, Path(root), workers) as procs:
            return await cluster_load(procs, url, tables, seats, seed, kill_after)


__all__ = ["run"]
