"""Where the server's tables run, off its event loop: worker processes (:class:`ProcessHost`), or this process
(:class:`InlineHost`, for tests and ``--workers 0``); the server reaches each table through a :class:`TableHandle`.

The event loop parses, checks, routes and sends; a table's physics and its bots' decisions run where the table
lives (:class:`~game.net.server.table_runner.TableRunner`). Each worker process holds some of the tables (a new
table goes to the worker holding the fewest) and runs each call in a thread of its own, so a bot thinking for a
second on one table holds up no call of another table beyond the interpreter's switch interval; two workers are
two cores. Each table has a CPU budget (:class:`CpuBudget`): a table that spent more than its share waits before
its next move or input is made, so it slows down itself and nobody else.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import queue
import signal
import sys
import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.reduction import ForkingPickler
from typing import Any, Protocol

from game.net.seat_messages import seat_message
from game.net.server.limits import TokenBucket
from game.net.server.room_table import TableError
from game.net.server.table_runner import INTERNAL, Facts, Reply, Sent, TableRunner

log = logging.getLogger("game.net.server.table_host")

#: CPU seconds a table may spend per second of wall time, sustained ...
CPU_RATE = 0.5
#: ... and in one stretch (a strong card bot's decision takes up to 1 s).
CPU_BURST = 2.0
#: Calls that a table's CPU budget holds back (the others are cheap or must not wait: a save, a join).
BUDGETED = frozenset({"act", "bot_move", "bot_apply"})
#: Threads per worker process: more than the tables that can be busy at once on it, so no call queues behind
#: another table's (they share the interpreter, switching every :data:`SWITCH_INTERVAL`).
WORKER_THREADS = 64
SWITCH_INTERVAL = 0.002
#: The niceness of the worker that holds the tables of bots only.
BOTS_NICE = 10
#: How long closing waits for a worker process to end before it is killed (seconds).
STOP_TIMEOUT = 5.0


class TableFailure(Exception):
    """A table's call failed with a bug (the text is its traceback); the server logs it."""


class CpuBudget(TokenBucket):
    """A bucket of CPU seconds refilled at ``rate`` per second up to ``burst``; a call's CPU time is spent from it
    whatever it was (the level may fall below zero: a debt), and in debt the table waits."""

    __slots__ = ()

    def __init__(self, rate: float = CPU_RATE, burst: float = CPU_BURST) -> None:
        super().__init__(rate, burst)

    def delay(self) -> float:
        """Seconds to wait before the next call (0 within the budget)."""
        level = self.refill()
        return 0.0 if level >= 0 else -level / self.rate

    def spend(self, cpu: float) -> None:
        self.refill()
        self.level -= cpu


class Host(Protocol):
    def place(self, code: str, *, bots_only: bool) -> None: ...

    async def call(self, code: str, op: str, args: tuple[Any, ...]) -> Reply: ...

    async def close(self) -> None: ...


class TableHandle:
    """One table as the server sees it: its last :class:`Facts`, read at once, and its calls, awaited (one at a
    time: a call waits for the one before it)."""

    def __init__(self, code: str, host: Host, facts: Facts) -> None:
        self.code = code
        self.host = host
        self.facts = facts
        self.budget = CpuBudget()
        self.lock = asyncio.Lock()
        #: CPU seconds spent on this table so far (every call).
        self.cpu = 0.0

    # -- facts ---------------------------------------------------------------------------------------------
    @property
    def room(self) -> str:
        return self.facts.room

    @property
    def seats(self) -> list[str]:
        return list(self.facts.seats)

    @property
    def is_over(self) -> bool:
        return self.facts.over

    @property
    def seeded(self) -> bool:
        return self.facts.seeded

    @property
    def takeover_bot(self) -> str:
        """The bot kind that plays a dropped seat once its wait is over (the room's, told by where it lives: the
        server's loop imports no room)."""
        return self.facts.takeover_bot

    def whose_turn(self) -> int | None:
        return self.facts.turn

    def bot_due(self) -> bool:
        return self.facts.bot_due

    def bot_name(self, seat: int) -> str | None:
        return self.facts.bot_names[seat]

    # -- calls ---------------------------------------------------------------------------------------------
    async def call(self, op: str, *args: Any) -> Reply:
        """Make a call on the table; TableError when it refuses, TableFailure on a bug."""
        async with self.lock:
            if op in BUDGETED:
                delay = self.budget.delay()
                if delay > 0:
                    await asyncio.sleep(delay)
            reply = await self.host.call(self.code, op, args)
            self.budget.spend(reply.cpu)
            self.cpu += reply.cpu
            if reply.facts is not None:
                self.facts = reply.facts
        if reply.error is not None:
            code, text = reply.error
            if code == INTERNAL:
                raise TableFailure(text)
            raise TableError(code, text, **reply.error_extra)
        return reply

    async def join(self, seat: int | None) -> list[Sent]:
        return (await self.call("join", seat)).sent

    async def act(self, seat: int, message: Mapping[str, Any]) -> list[Sent]:
        """A seat's message, reduced to what its room reads (bad_message here when a field has no shape of its
        own: nothing else crosses to where the table lives)."""
        return (await self.call("act", seat, seat_message(self.room, message))).sent

    async def bot_move(self) -> list[Sent]:
        return (await self.call("bot_move")).sent

    async def bot_job(self) -> dict[str, Any] | None:
        """What a bot worker needs to decide for the bot that decides now (None when it must decide here)."""
        job = (await self.call("bot_job")).value
        return job if isinstance(job, dict) else None

    async def bot_apply(self, decision: Any) -> list[Sent]:
        """Make the decision a bot worker took (TableError when it is no longer legal)."""
        return (await self.call("bot_apply", decision)).sent

    async def overdue(self) -> list[Sent]:
        return (await self.call("overdue")).sent

    async def seat_to_bot(self, seat: int, kind: str) -> list[Sent]:
        return (await self.call("seat_to_bot", seat, kind)).sent

    async def listeners(self, spectators: bool, bodies: bool) -> None:
        await self.call("listeners", spectators, bodies)

    async def name_seat(self, seat: int, name: str) -> None:
        await self.call("name_seat", seat, name)

    async def result(self) -> dict[str, Any] | None:
        """Once over: the winners and each seat's score (``RoomTable.result``), else None."""
        value = (await self.call("result")).value
        return value if isinstance(value, dict) else None

    async def replay(self, created: str = "") -> dict[str, Any]:
        """The finished game's replay document (TableError ``not_over`` or ``no_replay``)."""
        return dict((await self.call("replay", created)).value)

    async def save_text(self) -> str:
        """The table's state as the text of its save (``RoomTable.to_dict``)."""
        return str((await self.call("save")).value)

    async def drop(self) -> None:
        await self.call("drop")


async def open_table(host: Host, code: str, op: str, *args: Any) -> TableHandle:
    """A new table on ``host`` (``op``: "create" with the create message, or "resume" with room, state and
    names); TableError when it cannot be made."""
    reply = await host.call(code, op, args)
    if reply.error is not None or reply.facts is None:
        await host.call(code, "drop", ())
        code_, text = reply.error or (INTERNAL, "the table was not made")
        if code_ == INTERNAL:
            raise TableFailure(text)
        raise TableError(code_, text)
    return TableHandle(code, host, reply.facts)


class InlineHost:
    """The tables in this process: calls are made on the event loop, bot moves in a thread (the server of the
    tests, and ``--workers 0``)."""

    def __init__(self) -> None:
        self.runner = TableRunner()
        self.threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")

    def place(self, code: str, *, bots_only: bool) -> None:
        pass  # one place for every table
    async def call(self, code: str, op: str, args: tuple[Any, ...]) -> Reply:
        if op == "bot_move":
            return await asyncio.get_running_loop().run_in_executor(self.threads, self.runner.run, code, op, args)
        return self.runner.run(code, op, args)

    async def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)


class Worker:
    """One worker process and the server's end of its pipe: calls go out through a sending thread (the loop never
    blocks on a full pipe), replies come back through a reading thread. Each call's arguments and each reply
    travel pickled on their own inside the frame of the pipe, so one that cannot be pickled or unpickled (a bug:
    the wire's messages are plain and shallow) fails that call alone, and neither thread ends before the pipe
    does."""

    def __init__(self, number: int, nice: int = 0) -> None:
        context = multiprocessing.get_context("spawn")  # a fork would copy the loop's threads and sockets
        ours, theirs = context.Pipe()
        self.process = context.Process(target=worker_main, args=(theirs, nice), name=f"tables-{number}",
                                       daemon=True)
        self.process.start()
        theirs.close()
        self.conn = ours
        self.number = number
        self.tables = 0
        self.loop = asyncio.get_running_loop()
        self.pending: dict[int, asyncio.Future[Reply]] = {}
        self.ids = itertools.count()
        self.outbox: queue.SimpleQueue[tuple[int, str, str, tuple[Any, ...]] | None] = queue.SimpleQueue()
        #: Replies read and not yet taken in by the loop: the loop is woken once for all that come before it looks.
        self.replies: list[tuple[int, Reply]] = []
        self.replies_lock = threading.Lock()
        self.lost = False
        self.closing = False
        threading.Thread(target=self._send, name=f"to tables-{number}", daemon=True).start()
        threading.Thread(target=self._read, name=f"from tables-{number}", daemon=True).start()

    async def call(self, code: str, op: str, args: tuple[Any, ...]) -> Reply:
        if self.lost:
            raise TableFailure(f"worker {self.number} has stopped")
        key = next(self.ids)
        future: asyncio.Future[Reply] = self.loop.create_future()
        self.pending[key] = future
        self.outbox.put((key, code, op, args))
        return await future

    def _send(self) -> None:
        while True:
            item = self.outbox.get()
            if item is None:  # the worker ends
                with contextlib.suppress(OSError, ValueError):
                    self.conn.send(None)
                return
            key, code, op, args = item
            try:
                frame = bytes(ForkingPickler.dumps((key, code, op, bytes(ForkingPickler.dumps(args)))))
            except Exception as exc:  # noqa: BLE001 - whatever one call holds, the calls after it go out
                self._call(self._resolve, key, failed(f"the call {op} of table {code} could not be sent", exc))
                continue
            try:
                self.conn.send_bytes(frame)
            except (OSError, ValueError):  # the pipe is gone: the reader tells
                return

    def _read(self) -> None:
        while True:
            try:
                frame = self.conn.recv_bytes()
            except (EOFError, OSError):
                self._call(self._gone)
                return
            try:
                key, packed = ForkingPickler.loads(frame)
            except Exception:  # noqa: BLE001 - the worker sends (key, bytes): not one of its frames
                log.exception("table worker %d sent a frame that is not a reply", self.number)
                continue
            try:
                reply = ForkingPickler.loads(packed)
                if not isinstance(reply, Reply):
                    raise TypeError(f"a reply is a Reply, not {type(reply).__name__}")
            except Exception as exc:  # noqa: BLE001 - one reply that cannot be read fails its call alone
                reply = failed("a reply of the table could not be read", exc)
            with self.replies_lock:
                self.replies.append((key, reply))
                first = len(self.replies) == 1
            if first:
                self._call(self._take_replies)

    def _call(self, fn: Any, *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            self.loop.call_soon_threadsafe(fn, *args)

    def _take_replies(self) -> None:
        with self.replies_lock:
            replies, self.replies = self.replies, []
        for key, reply in replies:
            self._resolve(key, reply)

    def _resolve(self, key: int, reply: Reply) -> None:
        future = self.pending.pop(key, None)
        if future is not None and not future.done():
            future.set_result(reply)

    def _gone(self) -> None:
        if not self.lost and not self.closing:
            log.error("table worker %d (pid %s) has stopped; its tables cannot be played until the server restarts",
                      self.number, self.process.pid)
        self.lost = True
        for future in self.pending.values():
            if not future.done():
                future.set_exception(TableFailure(f"worker {self.number} has stopped"))
        self.pending.clear()

    def stop(self) -> None:
        self.closing = True
        self.outbox.put(None)


class ProcessHost:
    """The tables in up to ``workers`` worker processes (see the module doc), and the tables of bots only (nobody
    waits for their answers) in one more, at a lower priority (:data:`BOTS_NICE`): however much their bots think,
    the operating system gives the tables of people the cores first. A worker is started when a table first needs
    it (a server with no tables, like the lobby's own at first, runs none)."""

    def __init__(self, workers: int) -> None:
        self.count = max(1, workers)
        self.workers: list[Worker] = []
        self.bots_worker: Worker | None = None
        self.placed: dict[str, Worker] = {}

    def place(self, code: str, *, bots_only: bool) -> None:
        """Where table ``code`` will live (before its first call; else with the people's tables)."""
        if code in self.placed:
            return
        if bots_only:
            if self.bots_worker is None or self.bots_worker.lost:
                self.bots_worker = Worker(self.count, BOTS_NICE)
            worker = self.bots_worker
        else:
            worker = self.least_busy()
        self.placed[code] = worker
        worker.tables += 1

    def least_busy(self) -> Worker:
        """The running worker with the fewest tables, or a new one while some may still be started and every
        running one holds tables."""
        running = [w for w in self.workers if not w.lost]
        if len(self.workers) < self.count and all(w.tables for w in running):
            self.workers.append(Worker(len(self.workers)))
            return self.workers[-1]
        return min(self.workers, key=lambda w: (w.lost, w.tables))

    async def call(self, code: str, op: str, args: tuple[Any, ...]) -> Reply:
        if code not in self.placed:
            self.place(code, bots_only=False)
        worker = self.placed[code]
        reply = await worker.call(code, op, args)
        gone = op == "drop" or (op in ("create", "resume") and reply.error is not None)
        if gone and self.placed.pop(code, None) is not None:
            worker.tables -= 1
        return reply

    async def close(self) -> None:
        workers = [*self.workers, *([self.bots_worker] if self.bots_worker is not None else [])]
        for worker in workers:
            worker.stop()
        loop = asyncio.get_running_loop()
        for worker in workers:
            await loop.run_in_executor(None, worker.process.join, STOP_TIMEOUT)
            if worker.process.is_alive():
                worker.process.kill()


def failed(what: str, exc: BaseException) -> Reply:
    """The reply of a call that could not cross between the server and a worker (a bug: logged by the server with
    the call's table; the client is told ``bad_message``)."""
    return Reply(error=(INTERNAL, f"{what}: {type(exc).__name__}: {str(exc)[:200]}"))


def worker_main(conn: Connection, nice: int = 0) -> None:
    """A worker process (at ``nice``: a lower priority for positive values): take calls from the pipe, make each in
    a thread, answer through the pipe; end when the pipe ends (the server stopped, however it stopped)."""
    if nice:
        with contextlib.suppress(OSError, AttributeError):  # no os.nice outside Unix
            os.nice(nice)
    # The server stops its workers itself once every table is saved: a Ctrl-C (sent to the whole process group) or
    # a SIGTERM must not end them first.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format=f"%(asctime)s %(levelname)s tables-{os.getpid()} %(name)s: %(message)s")
    sys.setswitchinterval(SWITCH_INTERVAL)
    runner = TableRunner()
    answer_lock = threading.Lock()
    threads = ThreadPoolExecutor(max_workers=WORKER_THREADS, thread_name_prefix="table")

    def answer(key: int, code: str, op: str, packed: bytes) -> None:
        try:
            args = ForkingPickler.loads(packed)
            reply = runner.run(code, op, args)
        except Exception as exc:  # noqa: BLE001 - the call's arguments could not be read: that call fails alone
            reply = failed(f"the call {op} of table {code} could not be read", exc)
        try:
            frame = bytes(ForkingPickler.dumps((key, bytes(ForkingPickler.dumps(reply)))))
        except Exception as exc:  # noqa: BLE001 - a reply that cannot be pickled fails its call alone
            frame = bytes(ForkingPickler.dumps((key, bytes(ForkingPickler.dumps(
                failed(f"the reply to {op} of table {code} could not be sent", exc))))))
        with answer_lock, contextlib.suppress(OSError, ValueError):  # the server is gone
            conn.send_bytes(frame)

    while True:
        try:
            frame = conn.recv_bytes()
        except (EOFError, OSError):
            break
        try:
            item = ForkingPickler.loads(frame)
        except Exception:  # noqa: BLE001 - not a frame of the server: nothing to answer
            logging.getLogger(__name__).exception("a frame from the server could not be read")
            continue
        if item is None:
            break
        threads.submit(answer, *item)
    threads.shutdown(wait=False, cancel_futures=True)


__all__ = ["CPU_BURST", "CPU_RATE", "CpuBudget", "Host", "InlineHost", "ProcessHost", "TableFailure", "TableHandle",
           "failed", "open_table", "worker_main"]
