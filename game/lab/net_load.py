"""The load of ``python -m game bench net``: a server process to measure, and tables of Artischocken players
that answer every state offering them actions with a random legal one (seeded), over loopback."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from websockets.asyncio.client import ClientConnection, connect

#: A game that has not ended after this many actions of one seat is given up (random play ends far sooner).
MAX_ACTIONS = 5000
START_TIMEOUT = 30.0


@dataclass
class Tally:
    messages: int = 0
    latencies: list[float] = field(default_factory=list)
    finished: int = 0


async def start_server(data: Path, log: IO[bytes] | None = None, extra: Sequence[str] = (),
                       env: Mapping[str, str] | None = None) -> tuple[asyncio.subprocess.Process, str]:
    """The server process and its URL; ``log``: a file for its log (else it shares this process's stderr);
    ``extra``: more arguments of ``python -m game serve`` (a ``--log-level`` among them replaces ``warning``);
    ``env``: more environment variables."""
    level = [] if "--log-level" in extra else ["--log-level", "warning"]
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "game", "serve", "--port", "0", "--data", str(data), *level,
        "--limit-loopback",  # the load's hosts and an abuser come from loopback addresses of their own
        *extra, stdout=asyncio.subprocess.PIPE, stderr=log, env={**os.environ, **(env or {})})
    assert proc.stdout is not None
    line = (await asyncio.wait_for(proc.stdout.readline(), START_TIMEOUT)).decode().strip()
    if not line.startswith("serving "):
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, line.split()[1]


async def stop_server(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.terminate()
        try:
            await asyncio.wait_for(proc.wait(), 15)
        except TimeoutError:
            proc.kill()
            await proc.wait()


async def ask(ws: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    await ws.send(json.dumps(message))
    reply: dict[str, Any] = json.loads(await ws.recv())
    return reply


@dataclass
class Player:
    """The player of one remote seat: a random legal action (seeded) in answer to every state that offers it
    actions. It outlives a connection, so a seat that connects again goes on with its choices and its count."""

    rng: random.Random
    tally: Tally
    acts: int = 0

    async def play(self, ws: ClientConnection) -> bool:
        """Answer the states of a joined connection: True once the game is over, False when the server closed the
        connection cleanly before (one that drops raises ``ConnectionClosed``). Only an act answered over this
        connection is timed."""
        sent_at: float | None = None
        self.tally.messages += 1
        async for text in ws:
            now = time.perf_counter()
            self.tally.messages += 1
            if sent_at is None and '"legal":[]' in text and '"is_over":false' in text:
                continue  # another seat decides: nothing to read (a load generator reads only what it needs)
            message = json.loads(text)
            if message.get("type") == "presence":
                continue  # who sits where: nothing a load generator needs
            if message.get("type") != "state":
                raise RuntimeError(f"unexpected message: {message}")
            if sent_at is not None:
                self.tally.latencies.append(now - sent_at)
                sent_at = None
            if message["view"]["is_over"]:
                return True
            legal = message["legal"]
            if legal and self.acts < MAX_ACTIONS:
                self.acts += 1
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": legal[self.rng.randrange(len(legal))]}))
                self.tally.messages += 1
        return False


def join_message(table: str, seat: int, token: str) -> dict[str, Any]:
    return {"type": "join", "table": table, "seat": seat, "token": token}


async def play_seat(url: str, table: str, seat: int, token: str, rng: random.Random, tally: Tally,
                    go: asyncio.Event) -> bool:
    """One remote seat: join, then answer every state that offers actions. True once its game is over."""
    async with connect(url, compression=None, max_size=None) as ws:
        joined = await ask(ws, join_message(table, seat, token))
        if joined.get("type") != "joined":
            raise RuntimeError(f"join refused: {joined}")
        await go.wait()
        return await Player(rng, tally).play(ws)


def host_address(url: str, number: int) -> dict[str, Any]:
    """Where the ``number``-th host of the load connects from: on loopback, an address of its own (127.0.0.2,
    127.0.0.3, ...), as the hosts of a real server's tables are different machines (the server bounds what one
    address may make); elsewhere, this machine's."""
    if "//127.0.0.1:" not in url:
        return {}
    return {"local_addr": (f"127.0.{2 + number // 250}.{2 + number % 250}", 0)}


async def make_tables(url: str | Sequence[str], count: int, seats: int, seed: int,
                      per_connection: int = 8, first_host: int = 0) -> list[dict[str, Any]]:
    """``count`` tables of ``seats`` remote seats, ``per_connection`` from each host (each from an address of its
    own: :func:`host_address`, numbered from ``first_host``). Given several server URLs, table ``i`` is made through
    the ``i % len``-th."""
    urls = [url] if isinstance(url, str) else list(url)
    through = {u: list(range(p, count, len(urls))) for p, u in enumerate(urls)}  # the tables made through each
    batches = [(u, mine[k:k + per_connection]) for u, mine in through.items()
               for k in range(0, len(mine), per_connection)]

    async def batch(number: int, where_url: str, indices: list[int]) -> list[dict[str, Any]]:
        async with connect(where_url, compression=None, max_size=None,
                           **host_address(where_url, first_host + number)) as ws:
            out = []
            for i in indices:
                created = await ask(ws, {"type": "create", "room": "artischocken", "seats": ["remote"] * seats,
                                         "seed": seed + i})
                if created.get("type") != "created":
                    raise RuntimeError(f"create refused: {created}")
                out.append(created)
            return out

    parts = await asyncio.gather(*(batch(n, u, indices) for n, (u, indices) in enumerate(batches)))
    made = {i: c for (_, indices), part in zip(batches, parts, strict=True) for i, c in zip(indices, part, strict=True)}
    return [made[i] for i in range(count)]


def seat_rng(seed: int, table: int, seat: int) -> random.Random:
    """The choices of seat ``seat`` of the load's ``table``-th table."""
    return random.Random(seed * 7919 + table * 31 + seat)


async def load(url: str, tables: int, seats: int, seed: int, pid: int | None = None) -> dict[str, Any]:
    """Play the tables; given the server's ``pid`` (Linux), the figures add ``server_cpu_ms_per_act``: the CPU time
    of the server and its worker processes while the tables played, per act answered (the wall-clock percentiles
    move with whatever else runs on the machine; this moves far less)."""
    created = await make_tables(url, tables, seats, seed)
    tally = Tally()
    go = asyncio.Event()
    tasks = [asyncio.create_task(play_seat(url, c["table"], s, c["tokens"][str(s)], seat_rng(seed, i, s), tally, go))
             for i, c in enumerate(created) for s in range(seats)]
    await asyncio.sleep(0.2)  # every seat joined and waiting (their first states are counted, not timed)
    cpu_before = cpu_seconds(pid) if pid is not None else None
    start = time.perf_counter()
    go.set()
    results = await asyncio.gather(*tasks)
    out = summary(tables, seats, results, tally, time.perf_counter() - start)
    cpu_after = cpu_seconds(pid) if pid is not None else None
    if cpu_before is not None and cpu_after is not None and tally.latencies:
        out["server_cpu_ms_per_act"] = round((cpu_after - cpu_before) * 1000 / len(tally.latencies), 3)
    return out


def summary(tables: int, seats: int, results: Sequence[bool], tally: Tally, elapsed: float) -> dict[str, Any]:
    """The load's figures: ``results`` says for each seat (table by table) whether it saw its game end."""
    finished = sum(all(results[i * seats:(i + 1) * seats]) for i in range(tables))
    lat = sorted(tally.latencies)
    return {"tables": tables, "games_finished": finished, "messages_per_s": round(tally.messages / elapsed, 1),
            "p50_ms": round(percentile(lat, 0.50) * 1000, 2), "p95_ms": round(percentile(lat, 0.95) * 1000, 2),
            "_seconds": round(elapsed, 2), "_acts": len(lat), "_messages": tally.messages}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) process ``pid`` and its child processes (a server's workers) have spent so
    far, from Linux ``/proc``; None elsewhere."""
    try:
        children = [int(c) for task in Path(f"/proc/{pid}/task").iterdir()
                    for c in (task / "children").read_text().split()]
        total = 0
        for one in (pid, *children):
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
    except (OSError, ValueError, IndexError):
        return None
    return total / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


__all__ = ["MAX_ACTIONS", "Player", "Tally", "ask", "cpu_seconds", "host_address", "join_message", "load",
           "make_tables", "percentile", "play_seat", "rss_mb", "seat_rng", "start_server", "stop_server", "summary"]
