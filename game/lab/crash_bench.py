"""``python -m game bench crash [--kills 200] [--tables 50] [--seats 3] [--seed 0] [--redis] [--json]``: answered
moves against ``kill -9``.

Runs the load of ``bench net`` (:mod:`game.lab.net_load`: tables of remote Artischocken seats, seeded, each seat
answering every state that offers it actions with a random legal one) against a real server process and kills that
process (SIGKILL: no goodbye, no last save) at ``--kills`` random moments while the acts flow, each time starting it
again on the same data folder (with ``--redis``: on the same Redis of the bench's own, the new process taking the
tables over). After every restart each seat connects and joins again, and its first state is checked before anyone
plays on: every act its table's clients saw answered (the acting seat got its next state) must be in the resumed
game, and the seat's view must equal that of a mirror game made from the table's seed with the acts the clients
sent, in order (an act sent but not answered may be there or not: the view says which). Tables whose games end are
replaced by new ones until the kills are done.

Reported: ``kills``, ``acts_answered``, ``acts_checked`` (answered acts found in a resumed game), ``losses``
(answered acts missing after a restart: must be 0), ``mismatches`` (views that differ from the mirror: must be 0),
``restart_s`` (mean seconds from a kill until every seat is back), and the cost of the journal: the plain load's
``p95_ms`` with it and without it (``GARDEN_TABLE_JOURNAL=off``, only for this comparison) and the journal's durable
writes (fsyncs, or Redis round trips) per second under that load. ``--no-compare`` leaves the comparison out.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.argtypes import int_in_range, positive_int, whole_number
from game.artischocken.engine import Game, new_game
from game.lab.net_cluster import redis_server
from game.lab.net_load import join_message, load, make_tables, seat_rng, start_server, stop_server
from game.net import wire
from game.net.server.keeping.journal import SWITCH

#: Seconds of play between a restart and the next kill (drawn evenly from this range).
PLAY_GAP = (0.02, 0.4)
#: Seconds a restart may take until every seat is back (with --redis a table waits for its old lease to run out).
BACK_TIMEOUT = 60.0
#: Seconds a join may wait for its answer.
ANSWER_TIMEOUT = 15.0
#: Seconds before a seat whose connection failed tries the same server again.
RETRY = 0.5
#: The server's line saying how often its journal made its records durable.
DURABLE = re.compile(r"the journal kept \d+ changes in (\d+) durable writes \(([\d.]+) a second")


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


@dataclass
class Book:
    """One table as its clients saw it: the acts sent (by the log size they were chosen at), which of them were
    answered, and a mirror game made from the same seed with the acts known to be in the game."""

    mirror: Game
    sent: dict[int, Any] = field(default_factory=dict)
    answered: set[int] = field(default_factory=set)
    #: The log size of the last resumed game checked (the answered acts before it were found there).
    checked_upto: int = 0
    losses: int = 0
    #: Acts a seat saw answered (over the whole run).
    seen: int = 0
    mismatches: list[str] = field(default_factory=list)

    def check(self, seat: int, view: dict[str, Any]) -> None:
        """Seat ``seat``'s first view after a restart against what the clients saw and the mirror."""
        size = int(view["log_size"])
        lost = [p for p in self.answered if p >= size]
        self.losses += len(lost)
        self.answered -= set(lost)  # counted once; the game goes on without them
        mirror = self.mirror
        while mirror.log_size < size:
            pre = mirror.log_size
            action = self.sent.get(pre)
            if action is None:
                self.mismatches.append(f"the resumed game holds an act at log size {pre} nobody sent")
                return
            mirror.apply(wire.action_from_json(action))
            self.answered.add(pre)  # in the game: from now on it must stay there
        if mirror.log_size != size:
            self.mismatches.append(f"the resumed game has {size} log entries, the mirror {mirror.log_size}")
        elif plain(mirror.view(seat, log_since=0)) != view:
            self.mismatches.append(f"seat {seat}'s view differs from the mirror's at log size {size}")
        self.checked_upto = max(self.checked_upto, size)

    def gone(self) -> None:
        """The table was not resumed at all: every act answered at it is lost (counted once)."""
        if "the table was not resumed" not in self.mismatches:
            self.losses += len(self.answered)
            self.mismatches.append("the table was not resumed")

    def checked(self) -> int:
        return sum(p < self.checked_upto for p in self.answered)


class TableGone(Exception):
    """The restarted server does not know the table (its making was lost)."""


@dataclass
class Life:
    """One run of the server process, from its start to its kill."""

    url: str
    go: asyncio.Event = field(default_factory=asyncio.Event)
    arrived: int = 0


class CrashRun:
    """The load, its kills and its checks (see the module doc)."""

    def __init__(self, data: Path, tables: int, seats: int, seed: int, extra: Sequence[str] = ()) -> None:
        self.data, self.tables, self.seats, self.seed = data, tables, seats, seed
        self.extra = list(extra)
        self.rng = random.Random(seed)
        self.books: list[Book] = []
        self.proc: asyncio.subprocess.Process | None = None
        self.life: Life | None = None
        self.new_life = asyncio.Event()
        self.playing = 0
        self.kills = 0
        self.back_seconds: list[float] = []

    async def start(self) -> None:
        self.proc, url = await start_server(self.data, extra=self.extra)
        self.life = Life(url)
        self.new_life.set()
        self.new_life = asyncio.Event()

    async def kill(self) -> None:
        """SIGKILL the server and start it again."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        self.kills += 1
        await self.start()

    async def back(self) -> None:
        """Wait until every seat still playing joined the new life and was checked; then they play on."""
        life = self.life
        assert life is not None
        async with asyncio.timeout(BACK_TIMEOUT):
            while life.arrived < self.playing:
                await asyncio.sleep(0.005)
        life.go.set()

    async def run(self, kills: int) -> None:
        await self.start()
        generation = 0
        while self.kills < kills:
            assert self.life is not None
            self.life = Life(self.life.url)  # the new tables' seats meet anew before they play
            seed = self.seed + generation * self.tables
            created = await make_tables(self.life.url, self.tables, self.seats, seed,
                                        first_host=(generation * self.tables) % 60000)
            books = [Book(new_game(self.seats, seed=seed + i)) for i in range(self.tables)]
            self.books += books
            self.playing = self.tables * self.seats
            tasks = [asyncio.create_task(self.seat(book, c["table"], s, c["tokens"][str(s)],
                                                   seat_rng(seed, i, s)))
                     for i, (book, c) in enumerate(zip(books, created, strict=True)) for s in range(self.seats)]
            try:
                await self.back()
                while self.kills < kills and self.playing:
                    await asyncio.sleep(self.rng.uniform(*PLAY_GAP))
                    if not self.playing:
                        break
                    began = time.perf_counter()
                    await self.kill()
                    await self.back()
                    self.back_seconds.append(time.perf_counter() - began)
                    if self.kills % 20 == 0:
                        print(f"{self.kills} kills", file=sys.stderr, flush=True)
                if self.kills < kills:
                    await asyncio.gather(*tasks)
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            generation += 1

    async def stop(self) -> None:
        if self.proc is not None:
            await stop_server(self.proc)

    async def seat(self, book: Book, table: str, seat: int, token: str, rng: random.Random) -> None:
        """One remote seat through every life of the server: join, be checked, wait for the others, play."""
        try:
            while True:
                life = self.life
                assert life is not None
                try:
                    async with connect(life.url, compression=None, max_size=None, open_timeout=ANSWER_TIMEOUT) as ws:
                        try:
                            state = await self.joined(ws, table, seat, token)
                        except TableGone:
                            book.gone()
                            return
                        book.check(seat, state["view"])
                        if state["view"]["is_over"]:
                            return
                        life.arrived += 1
                        await life.go.wait()
                        if await self.play(ws, book, rng, state):
                            return
                except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake):
                    pass
                if self.life is life:  # its server is gone (wait for the next), or it asked to be tried again
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.new_life.wait(), RETRY)
        finally:
            self.playing -= 1

    async def joined(self, ws: ClientConnection, table: str, seat: int, token: str) -> dict[str, Any]:
        """Join (asked again while a table is on its way to the new process) and the seat's first state."""
        async with asyncio.timeout(ANSWER_TIMEOUT):
            while True:
                await ws.send(json.dumps(join_message(table, seat, token)))
                reply = await self.next_message(ws)
                if reply.get("type") == "joined":
                    break
                if reply.get("code") == "no_table":
                    raise TableGone(table)
                if reply.get("code") != "busy":
                    raise RuntimeError(f"join refused: {reply}")
                await asyncio.sleep(0.2)
            while (message := await self.next_message(ws)).get("type") != "state":
                pass
            return message

    @staticmethod
    async def next_message(ws: ClientConnection) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message.get("type") != "presence":
                return message

    @staticmethod
    async def play(ws: ClientConnection, book: Book, rng: random.Random, state: dict[str, Any]) -> bool:
        """Answer every state offering actions; True once the game is over (ConnectionClosed when killed)."""
        sent: int | None = None
        while True:
            if sent is not None:
                book.answered.add(sent)
                book.seen += 1
                sent = None
            if state["view"]["is_over"]:
                return True
            legal = state["legal"]
            if legal:
                action = legal[rng.randrange(len(legal))]
                sent = int(state["view"]["log_size"])
                book.sent[sent] = action
                await ws.send(json.dumps({"type": "act", "action": action}))
            while (state := await CrashRun.next_message(ws)).get("type") != "state":
                pass

    def figures(self) -> dict[str, Any]:
        answered = sum(b.seen for b in self.books)
        mismatches = [m for b in self.books for m in b.mismatches]
        return {"kills": self.kills, "tables_played": len(self.books), "acts_answered": answered,
                "acts_checked": sum(b.checked() for b in self.books), "losses": sum(b.losses for b in self.books),
                "mismatches": len(mismatches),
                "restart_s": round(sum(self.back_seconds) / max(1, len(self.back_seconds)), 2),
                "_mismatch_examples": mismatches[:5]}


async def crash_run(data: Path, kills: int, tables: int, seats: int, seed: int,
                    extra: Sequence[str] = ()) -> dict[str, Any]:
    """The load with ``kills`` kills and restarts on data folder ``data``: the figures (see the module doc)."""
    run = CrashRun(data, tables, seats, seed, extra)
    try:
        await run.run(kills)
    finally:
        await run.stop()
    return run.figures()


async def priced_load(data: Path, tables: int, seats: int, seed: int, journal: bool,
                      extra: Sequence[str], log: IO[bytes]) -> dict[str, Any]:
    """The plain load on a fresh server with the journal on or off: its figures, and the journal's durable writes
    per second (read from the server's log when it stops)."""
    proc, url = await start_server(data, log, [*extra, "--log-level", "info"], None if journal else {SWITCH: "off"})
    try:
        out = await load(url, tables, seats, seed)
    finally:
        await stop_server(proc)
    log.seek(0)
    found = DURABLE.findall(log.read().decode("utf-8", "replace"))
    out["fsyncs_per_s"] = float(found[-1][1]) if found else 0.0
    return out


@contextlib.asynccontextmanager
async def where(root: Path, use_redis: bool) -> AsyncIterator[list[list[str]]]:
    """The extra arguments of the server processes of each part of the bench (the kills, the load without and with
    the journal): with ``use_redis``, a database each of a Redis of the bench's own."""
    if not use_redis:
        yield [[], [], []]
        return
    folder = root / "redis"
    folder.mkdir()
    async with redis_server(folder) as url:
        yield [["--redis", f"{url.rsplit('/', 1)[0]}/{db}"] for db in range(3)]


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="garden-table-crash-") as root:
        async with where(Path(root), args.redis) as extras:
            (Path(root) / "crash").mkdir()
            out = await crash_run(Path(root) / "crash", args.kills, args.tables, args.seats, args.seed, extras[0])
            if args.compare:
                for journal, extra in ((False, extras[1]), (True, extras[2])):
                    folder = Path(root) / f"load-{journal}"
                    folder.mkdir()
                    with tempfile.TemporaryFile() as log:
                        priced = await priced_load(folder, args.tables, args.seats, args.seed, journal, extra, log)
                    key = "journal" if journal else "no_journal"
                    out[f"p95_ms_{key}"] = priced["p95_ms"]
                    out[f"p50_ms_{key}"] = priced["p50_ms"]
                    if journal:
                        out["fsyncs_per_s"] = priced["fsyncs_per_s"]
                        out["load_acts_per_s"] = round(priced["_acts"] / priced["_seconds"], 1)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench crash",
                                     description="Kill a loaded table server at random moments; no answered move may "
                                     "be lost.")
    parser.add_argument("--kills", type=positive_int, default=200, help="kills and restarts (default 200)")
    parser.add_argument("--tables", type=positive_int, default=50, help="tables played at once (default 50)")
    parser.add_argument("--seats", type=int_in_range(2, 4, "a seat count"), default=3,
                        help="remote seats per table (default 3)")
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the tables, choices and kill moments")
    parser.add_argument("--redis", action="store_true", help="serve --redis, with a Redis of the bench's own")
    parser.add_argument("--no-compare", dest="compare", action="store_false",
                        help="leave out the load with and without the journal")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        result = asyncio.run(bench(args))
    except (OSError, RuntimeError, TimeoutError) as exc:
        print(f"python -m game bench crash: {exc or type(exc).__name__}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({k: v for k, v in result.items() if not k.startswith("_")}))
    else:
        for name, value in result.items():
            print(f"{name.lstrip('_')}: {value}")
    return 0 if result["losses"] == 0 and result["mismatches"] == 0 else 1


__all__ = ["Book", "CrashRun", "crash_run", "main"]
