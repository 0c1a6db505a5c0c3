"""Bot decisions off the frame (no pygame): the table scene's bots think in a worker process.

A search bot may think for a tenth of a second or more (``search-hard`` up to its 1 s cap); run in the frame,
that holds the table still. :class:`Thinker` starts a bot's decision (a :class:`~game.artischocken.turns.BotJob`)
as soon as the bot is to decide, even while a card still flies or the pause after the last move runs, and hands
the action out once it is ready; the frame goes on meanwhile. A job holds its own view and legal actions and its
seed comes from the position, so where and when it runs changes nothing: the same table plays the same game.

The worker is one process (``processes=True``, a window's table: a thinking bot then takes nothing from the
frame, not even the interpreter lock a thread would hold most of the time) or one thread (tests, headless runs).
A process that cannot start or dies is replaced by a thread, silently: the decision is only slower to come.

``wait=True`` (headless runs and tests, which count frames rather than seconds) waits for the decision when it is
needed, so a headless run stays frame-exact. A decision for a position that has passed (a new key) is dropped.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol

from game.artischocken.engine import Action
from game.artischocken.turns import BotJob


class JobSource(Protocol):
    def bot_key(self) -> tuple[int, int] | None: ...

    def bot_job(self) -> BotJob | None: ...


class Thinker:
    """One worker, at most one decision at a time (see the module doc)."""

    def __init__(self, *, wait: bool = False, processes: bool = False) -> None:
        self.wait = wait
        self.processes = processes
        self._pool: Executor | None = None
        self._key: tuple[int, int] | None = None
        self._future: Future[Action] | None = None

    @property
    def thinking(self) -> bool:
        """A decision is being worked out and is not ready yet."""
        return self._future is not None and not self._future.done()

    def prepare(self, table: JobSource) -> None:
        """Start the decision of the bot that decides now (nothing when a human decides or it already runs)."""
        key = table.bot_key()
        if key == self._key:
            return
        job = table.bot_job() if key is not None else None
        if job is None:
            self._key = self._future = None
            return
        self._key = job.key
        try:
            self._future = self._worker().submit(job.run)
        except (BrokenProcessPool, OSError, RuntimeError):  # the process is gone: a thread from now on
            self._to_thread()
            self._future = self._worker().submit(job.run)

    def _worker(self) -> Executor:
        if self._pool is None:
            if self.processes:
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            else:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-bot")
        return self._pool

    def _to_thread(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None
        self.processes = False

    def configure(self, *, window: bool, bots: bool) -> None:
        """For a table in a window (``window``): do not wait, and with bots at the table think in a process,
        started now; else (headless, fast): wait for each decision, frame-exact."""
        self.wait = not window
        if window and bots and not self.processes and self._pool is None:
            self.processes = True
            self.warm()

    def warm(self) -> None:
        """Start the worker now (a process takes a moment to start: better before the first decision)."""
        try:
            self._worker().submit(int)
        except (BrokenProcessPool, OSError, RuntimeError):
            self._to_thread()

    def take(self, table: JobSource) -> Action | None:
        """The action of the bot that decides now once it is ready, else None: still :attr:`thinking`, or no bot
        decides, or the decision raised (then the caller plays a legal action of its own choosing)."""
        self.prepare(table)
        future = self._future
        if future is None or (not self.wait and not future.done()):
            return None
        self._key = self._future = None
        try:
            return future.result()
        except BrokenProcessPool:  # the worker died, not the bot: think again in a thread
            self._to_thread()
            self.prepare(table)
            return self.take(table) if self.wait else None
        except Exception:  # a bot's fault never stops the table (the caller falls back on a legal action)
            return None

    def close(self) -> None:
        """Drop what is being worked out (a running decision finishes in the background and is forgotten)."""
        self._key = self._future = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


__all__ = ["JobSource", "Thinker"]
