"""``python -m game bench net [--tables 50] [--json] [--seed 0] [--idle N]``: the table server under load.

Starts a real server process (``python -m game serve --port 0`` with a temporary data folder) and, in this
process, the clients of ``--tables`` Artischocken tables of three remote seats each, all playing at once over
loopback: each seat answers every state that offers it actions with a random legal one (seeded). Measured: the
games finished, the messages per second (sent and received by every client, over the playing time) and the
50th/95th percentile of the time from an ``act`` to the next ``state`` of that seat. ``--json`` prints
``{"tables", "games_finished", "messages_per_s", "p50_ms", "p95_ms"}``.

``--idle N`` measures instead what N idle tables cost one server: its resident memory before and after they
are made (Linux ``/proc``), the tables made per second, and the time a join on one of them takes then.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.argtypes import int_in_range, positive_int, whole_number

#: A game that has not ended after this many actions of one seat is given up (random play ends far sooner).
MAX_ACTIONS = 5000
START_TIMEOUT = 30.0


@dataclass
class Tally:
    messages: int = 0
    latencies: list[float] = field(default_factory=list)
    finished: int = 0


async def start_server(data: Path) -> tuple[asyncio.subprocess.Process, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "game", "serve", "--port", "0", "--data", str(data), "--log-level", "warning",
        stdout=asyncio.subprocess.PIPE)
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


async def play_seat(url: str, table: str, seat: int, token: str, rng: random.Random, tally: Tally,
                    go: asyncio.Event) -> bool:
    """One remote seat: join, then answer every state that offers actions. True once its game is over."""
    async with connect(url, compression=None, max_size=None) as ws:
        joined = await ask(ws, {"type": "join", "table": table, "seat": seat, "token": token})
        if joined.get("type") != "joined":
            raise RuntimeError(f"join refused: {joined}")
        await go.wait()
        sent_at: float | None = None
        acts = 0
        tally.messages += 1
        async for text in ws:
            now = time.perf_counter()
            tally.messages += 1
            if sent_at is None and '"legal":[]' in text and '"is_over":false' in text:
                continue  # another seat decides: nothing to read (a load generator reads only what it needs)
            message = json.loads(text)
            if message.get("type") != "state":
                raise RuntimeError(f"unexpected message: {message}")
            if sent_at is not None:
                tally.latencies.append(now - sent_at)
                sent_at = None
            if message["view"]["is_over"]:
                return True
            legal = message["legal"]
            if legal and acts < MAX_ACTIONS:
                acts += 1
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": legal[rng.randrange(len(legal))]}))
                tally.messages += 1
    return False


async def make_tables(url: str, count: int, seats: int, seed: int, per_connection: int = 100) -> list[dict[str, Any]]:
    """``count`` tables of ``seats`` remote seats (at most ``per_connection`` creates per connection: the rate
    limit)."""
    async def batch(first: int, n: int) -> list[dict[str, Any]]:
        async with connect(url, compression=None, max_size=None) as ws:
            out = []
            for i in range(first, first + n):
                created = await ask(ws, {"type": "create", "room": "artischocken", "seats": ["remote"] * seats,
                                         "seed": seed + i})
                if created.get("type") != "created":
                    raise RuntimeError(f"create refused: {created}")
                out.append(created)
            return out

    parts = await asyncio.gather(*(batch(i, min(per_connection, count - i)) for i in range(0, count, per_connection)))
    return [c for part in parts for c in part]


async def load(url: str, tables: int, seats: int, seed: int) -> dict[str, Any]:
    created = await make_tables(url, tables, seats, seed)
    tally = Tally()
    go = asyncio.Event()
    tasks = [asyncio.create_task(play_seat(url, c["table"], s, c["tokens"][str(s)],
                                           random.Random(seed * 7919 + i * 31 + s), tally, go))
             for i, c in enumerate(created) for s in range(seats)]
    await asyncio.sleep(0.2)  # every seat joined and waiting (their first states are counted, not timed)
    start = time.perf_counter()
    go.set()
    results = await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    finished = sum(all(results[i * seats:(i + 1) * seats]) for i in range(tables))
    lat = sorted(tally.latencies)
    return {"tables": tables, "games_finished": finished, "messages_per_s": round(tally.messages / elapsed, 1),
            "p50_ms": round(percentile(lat, 0.50) * 1000, 2), "p95_ms": round(percentile(lat, 0.95) * 1000, 2),
            "_seconds": round(elapsed, 2), "_acts": len(lat), "_messages": tally.messages}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


async def idle(url: str, pid: int, count: int, seed: int) -> dict[str, Any]:
    before = rss_mb(pid)
    start = time.perf_counter()
    created = await make_tables(url, count, 3, seed)
    made = time.perf_counter() - start
    await asyncio.sleep(1.0)  # the saves of the new tables are written
    after = rss_mb(pid)
    last = created[-1]
    async with connect(url, compression=None, max_size=None) as ws:
        t0 = time.perf_counter()
        await ask(ws, {"type": "join", "table": last["table"], "seat": 0, "token": last["tokens"]["0"]})
        await ws.recv()
        join_ms = (time.perf_counter() - t0) * 1000
    per_table = None if before is None or after is None else round((after - before) * 1024 / count, 1)
    return {"idle_tables": count, "rss_mb_before": before, "rss_mb_after": after, "kb_per_table": per_table,
            "tables_made_per_s": round(count / made, 1), "join_ms": round(join_ms, 2)}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    if args.url:
        return await load(args.url, args.tables, args.seats, args.seed)
    with tempfile.TemporaryDirectory(prefix="garden-table-bench-") as data:
        proc, url = await start_server(Path(data))
        try:
            if args.idle:
                return await idle(url, proc.pid, args.idle, args.seed)
            return await load(url, args.tables, args.seats, args.seed)
        finally:
            await stop_server(proc)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench net",
                                     description="Load a table server over loopback with card-game clients.")
    parser.add_argument("--tables", type=positive_int, default=50, help="tables played at once (default 50)")
    parser.add_argument("--seats", type=int_in_range(2, 4, "a seat count"), default=3,
                        help="remote seats per table (default 3)")
    parser.add_argument("--seed", type=whole_number, default=0,
                        help="seed of the tables and the clients' choices (default 0: the same games every run)")
    parser.add_argument("--idle", type=positive_int, default=0, metavar="N",
                        help="measure N idle tables instead (server memory, tables made per second)")
    parser.add_argument("--url", default=None, help="load this running server instead of starting one")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        result = asyncio.run(run(args))
    except (OSError, RuntimeError) as exc:
        print(f"python -m game bench net: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({k: v for k, v in result.items() if not k.startswith("_")}))
    else:
        for key, value in result.items():
            print(f"{key.lstrip('_')}: {value}")
    return 0 if args.idle or result["games_finished"] == result["tables"] else 1


__all__ = ["main", "percentile"]
