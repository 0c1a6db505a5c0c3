"""``python -m game bench net [--tables 50] [--json] [--seed 0] [--idle N]``: the table server under load.

Starts a real server process (``python -m game serve --port 0`` with a temporary data folder) and, in this
process, the clients of ``--tables`` Artischocken tables of three remote seats each, all playing at once over
loopback: each seat answers every state that offers it actions with a random legal one (seeded). Measured: the
games finished, the messages per second (sent and received by every client, over the playing time) and the
50th/95th percentile of the time from an ``act`` to the next ``state`` of that seat. ``--json`` prints
``{"tables", "games_finished", "messages_per_s", "p50_ms", "p95_ms"}`` and, on Linux, ``server_cpu_ms_per_act`` (the
CPU time of the server and its worker processes while the tables played, per act answered: steadier than the
percentiles on a machine that runs other things too).

``--abuse KIND [--seconds S]`` runs the load for S seconds (default 60; a table whose game ends is replaced)
beside one abusive client of KIND (stream, burn, nonreader, tables, bots: :mod:`game.lab.net_abuse`) and adds the
abuser's fate (what it sent, the error codes it got, how it was closed), the server's peak resident memory
(``server_peak_rss_mb``: the server and its worker processes) and, for ``bots``, a greedy bot's answer time
(``bot_answer_p50_ms``, ``bot_answer_p95_ms``).

``--idle N`` measures instead what N idle tables cost one server: its resident memory before and after they
are made (Linux ``/proc``), the tables made per second, and the time a join on one of them takes then.

``--processes N --redis [--kill-after S] [--workers W]`` runs the load over N server processes that share their
tables through a Redis of the bench's own (``redis-server``), relayed between them, and kills one of them S
seconds into the play (default 3): the seats whose connection drops connect and join again by themselves
(:mod:`game.lab.net_cluster`). It adds ``processes``, ``killed_tables`` (the tables the killed process held) and
``takeover_s`` (seconds from the kill until the last of them answers again through another process).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from game.argtypes import int_in_range, positive_int, whole_number
from game.lab import net_abuse, net_cluster
from game.lab.net_abuse import KINDS
from game.lab.net_load import ask, load, make_tables, rss_mb, start_server, stop_server
from game.net.server.serve import positive_seconds

#: The abusive clients of ``--abuse`` (:mod:`game.lab.net_abuse`).
ABUSE_KINDS = KINDS


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
    if args.processes:
        return await net_cluster.run(args.processes, args.tables, args.seats, args.seed, args.kill_after or 3.0,
                                     0 if args.workers is None else args.workers)
    if args.url:
        if args.abuse:
            return await net_abuse.abused_load(args.url, None, args.abuse, args.seconds, args.tables, args.seats,
                                               args.seed)
        return await load(args.url, args.tables, args.seats, args.seed)
    with tempfile.TemporaryDirectory(prefix="garden-table-bench-") as data, tempfile.TemporaryFile() as log:
        proc, url = await start_server(Path(data), log if args.abuse else None)
        try:
            if args.abuse:
                return await net_abuse.abused_load(url, proc.pid, args.abuse, args.seconds, args.tables, args.seats,
                                                   args.seed, log)
            if args.idle:
                return await idle(url, proc.pid, args.idle, args.seed)
            return await load(url, args.tables, args.seats, args.seed, proc.pid)
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
    parser.add_argument("--abuse", choices=ABUSE_KINDS, default=None, metavar="KIND",
                        help=f"run the load beside one abusive client of this kind ({', '.join(ABUSE_KINDS)})")
    parser.add_argument("--seconds", type=positive_int, default=60,
                        help="with --abuse: how long the load and the abuser run (default 60)")
    parser.add_argument("--url", default=None, help="load this running server instead of starting one")
    parser.add_argument("--processes", type=int_in_range(2, 32, "a number of server processes"), default=None,
                        metavar="N", help="with --redis: run N server processes sharing their tables and kill one of "
                        "them mid-run")
    parser.add_argument("--redis", action="store_true",
                        help="with --processes: share the tables through a Redis of the bench's own (redis-server)")
    parser.add_argument("--kill-after", type=positive_seconds, default=None, metavar="S",
                        help="with --processes: seconds into the play when one process is killed (default 3)")
    parser.add_argument("--workers", type=int_in_range(0, 64, "a number of worker processes"), default=None,
                        metavar="W", help="with --processes: worker processes of each server process (default 0: the "
                        "tables in the server processes themselves)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.abuse and args.idle:
        parser.error("--abuse and --idle measure different things: give one of them")
    if bool(args.processes) != args.redis:
        parser.error("--processes N and --redis go together: the processes share their tables through Redis")
    if args.processes and (args.url or args.idle or args.abuse):
        parser.error("--processes runs its own servers under the plain load: not with --url, --idle or --abuse")
    if not args.processes and (args.kill_after is not None or args.workers is not None):
        parser.error("--kill-after and --workers go with --processes N --redis")
    try:
        result = asyncio.run(run(args))
    except (OSError, RuntimeError) as exc:
        print(f"python -m game bench net: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({k: v for k, v in result.items() if not k.startswith("_")}))
    else:
        for key, value in result.items():
            print(f"{key.lstrip('_')}: {json.dumps(value) if isinstance(value, dict) else value}")
    return 0 if args.idle or args.abuse or result["games_finished"] == result["tables"] else 1


__all__ = ["ABUSE_KINDS", "main"]
