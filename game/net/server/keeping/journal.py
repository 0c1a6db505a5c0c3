"""The journal: every accepted change of a table, kept durably before its answer goes out.

A save (:mod:`.store`) is written a while after a change; the journal closes that gap. Each change of a table is
one *record* with the table's code and its number ``n`` (1, 2, 3, ... per table, carried on from the save it
follows): a call of the table that makes the change again (``{"call": [op, args]}``; a bot's move as the move
it made), what the server keeps beside the table (``{"env": ...}``: tokens, seats sat at, left or given up, names),
a whole save (``{"save": ...}``: a table just made, whose dealing cannot be made again) or its end
(``{"drop": true}``). A save names the last record it holds (``"journal": n``): on start the server resumes each
table from its save and then makes its later records again (:mod:`.kept`).

:meth:`Journal.append` is called on the event loop and returns at once with a ticket; :meth:`Journal.kept` waits
until that record is durable. The records of one turn of the loop are handed to the writer thread together, once
(waking a thread costs the loop more than the record itself). The writer takes every record handed meanwhile, of
all tables, writes them and makes them durable at once (:class:`Sink`: one synchronized write of the data folder's
log, or one round trip to the cluster's Redis), then wakes every waiter of that group: a busy server shares one
fsync among many tables' moves.
A record is durable only after all records appended before it: what a crash leaves is a prefix of the changes.

A write that fails (a full disk) is tried again, the log saying so once when it starts failing and once when it
works again; meanwhile the answers wait. A record the sink refuses for good (in a cluster: the table's lease is
held by another process now) makes :meth:`Journal.kept` raise :class:`NotKept`.
"""

from __future__ import annotations

import asyncio
import heapq
import json
import logging
import os
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger("game.net.server.journal")

#: The environment variable that switches the journal off (``off``): only for measuring what it costs.
SWITCH = "GARDEN_TABLE_JOURNAL"
#: The longest wait between two tries of a failed write (seconds).
RETRY_MAX = 1.0


def enabled() -> bool:
    """Whether the server keeps a journal (always, unless :data:`SWITCH` says ``off`` for a measurement)."""
    return os.environ.get(SWITCH, "on").strip().lower() not in ("off", "0", "no", "false")


class NotKept(Exception):
    """A change that cannot be kept: its table is no longer this process's to write."""


@dataclass(frozen=True)
class Line:
    """One record on its way: its table, its number and its text (one line of JSON)."""

    code: str
    n: int
    text: str


class Sink(Protocol):
    """Where the writer thread puts the records (called in that thread only)."""

    def append(self, lines: list[Line]) -> set[str]:
        """Write ``lines`` and make them durable (OSError when that failed: they are written again); the codes
        whose records were refused for good."""
        ...

    def saved(self, code: str, n: int) -> None:
        """A save holding the records of ``code`` up to ``n`` is durable: they may go."""
        ...

    def drop(self, code: str) -> None:
        """Table ``code`` was dropped: none of its records is needed any more."""
        ...

    def set_table_aside(self, code: str) -> None:
        """Table ``code`` cannot be resumed from its records: they are kept apart, never read again."""
        ...

    def close(self) -> None: ...


def record_line(code: str, n: int, body: str) -> str:
    """The text of a record: ``body`` (a JSON object's text) with the table's code and the record's number."""
    head = json.dumps({"t": code, "n": n}, separators=(",", ":"))
    return head if body == "{}" else f"{head[:-1]},{body[1:]}"


def call_body(op: str, args: Iterable[Any]) -> str:
    return json.dumps({"call": [op, list(args)]}, separators=(",", ":"))


def env_body(envelope: Mapping[str, Any]) -> str:
    return json.dumps({"env": envelope}, separators=(",", ":"))


class Journal:
    """The journal of one server process (see the module doc), writing to ``sink``."""

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        #: Table code -> the number of its last record (appended or resumed).
        self.marks: dict[str, int] = {}
        self.cond = threading.Condition()
        #: What the writer has yet to do: records, and saves landed / tables dropped (in order); ``coming``: what
        #: this turn of the loop added (the loop's own, handed to ``work`` at the turn's end).
        self.work: list[Line | tuple[str, str, int]] = []
        self.coming: list[Line | tuple[str, str, int]] = []
        self.stopping = False
        #: Tickets: the last handed out (loop), the last handed to the writer (with ``work``), the last durable
        #: (loop, told by the writer).
        self.ticket = 0
        self.handed = 0
        self.done = 0
        self.waiters: list[tuple[int, int, asyncio.Future[None]]] = []
        self.order = 0
        #: Tables whose records were refused (another process holds them now).
        self.refused: set[str] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        #: Figures: groups made durable (fsyncs or round trips), records written, when the first and last group were.
        self.groups = 0
        self.records = 0
        self.first = self.last = 0.0

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.thread = threading.Thread(target=self._write, name="journal", daemon=True)
        self.thread.start()

    # -- the loop's side -----------------------------------------------------------------------------------
    def mark(self, code: str) -> int:
        """The number of table ``code``'s last record (0: none since it began)."""
        return self.marks.get(code, 0)

    def resumed(self, code: str, n: int) -> None:
        """Table ``code`` was resumed up to its record ``n``: its next record is ``n + 1``."""
        self.marks[code] = max(n, self.marks.get(code, 0))
        self.refused.discard(code)

    def append(self, code: str, body: str) -> int:
        """Record a change of table ``code`` (``body``: a JSON object's text); the ticket to wait for."""
        n = self.marks.get(code, 0) + 1
        self.marks[code] = n
        self.ticket += 1
        self._order(Line(code, n, record_line(code, n, body)))
        return self.ticket

    async def kept(self, ticket: int, code: str) -> None:
        """Wait until the record of ``ticket`` (a change of ``code``) is durable; NotKept when it never will be."""
        if ticket > self.done:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.order += 1
            heapq.heappush(self.waiters, (ticket, self.order, future))
            await future
        if code in self.refused:
            raise NotKept(f"table {code} is kept by another process now")

    async def keep(self, code: str, body: str) -> None:
        """Append a record and wait until it is durable."""
        await self.kept(self.append(code, body), code)

    def saved(self, code: str, n: int) -> None:
        """A save of ``code`` holding its records up to ``n`` has landed."""
        self._order(("saved", code, n))

    def drop(self, code: str) -> None:
        """Table ``code`` is gone: a record says so (it is not resumed), and its records may go."""
        self.append(code, '{"drop":true}')
        self.marks.pop(code, None)
        self._order(("drop", code, 0))

    def let_go(self, code: str) -> None:
        """On start: table ``code`` was dropped before (its last record says so); its records may go."""
        self._order(("drop", code, 0))

    def set_table_aside(self, code: str) -> None:
        """On start: table ``code`` cannot be resumed (its save damaged and its records not enough, or records of
        a table nobody knows); its records are set aside once, so that no later start reads them again."""
        self._order(("aside", code, 0))

    def forget(self, code: str) -> None:
        """Another process holds table ``code`` now: its numbers go on there."""
        self.marks.pop(code, None)

    def _order(self, item: Line | tuple[str, str, int]) -> None:
        if not self.coming and self.loop is not None:
            self.loop.call_soon(self._hand_over)
        self.coming.append(item)
        if self.loop is None:  # not started (nothing waits on a loop): the writer takes it once it runs
            self._hand_over()

    def _hand_over(self) -> None:
        """(On the loop, once a turn) give the writer what this turn added, in order, and wake it."""
        if not self.coming:
            return
        with self.cond:
            self.work += self.coming
            self.handed = self.ticket
            self.cond.notify()
        self.coming = []

    async def close(self) -> None:
        """Write what is left and stop the writer."""
        self._hand_over()
        with self.cond:
            self.stopping = True
            self.cond.notify()
        if self.thread is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.thread.join, 30.0)
        self.sink.close()
        if self.groups:
            log.info("the journal kept %d changes in %d durable writes (%.1f a second while tables changed)",
                     self.records, self.groups, self.groups / max(self.last - self.first, 1e-3))

    def _settle(self, upto: int, refused: set[str]) -> None:
        """(On the loop) every record up to ticket ``upto`` is durable, but those of ``refused``."""
        self.refused |= refused
        self.done = max(self.done, upto)
        while self.waiters and self.waiters[0][0] <= self.done:
            future = heapq.heappop(self.waiters)[2]
            if not future.done():
                future.set_result(None)

    # -- the writer thread ---------------------------------------------------------------------------------
    def _write(self) -> None:
        failing = False
        wait = 0.01
        while True:
            with self.cond:
                while not self.work and not self.stopping:
                    self.cond.wait()
                if not self.work:
                    return
                work, self.work = self.work, []
                upto = self.handed
            lines = [item for item in work if isinstance(item, Line)]
            try:
                refused = self.sink.append(lines) if lines else set()
            except OSError as exc:
                if not failing:
                    log.error("the journal could not be written (%s); the answers wait, trying again", exc)
                failing = True
                with self.cond:
                    self.work[:0] = work
                time.sleep(wait)
                wait = min(RETRY_MAX, wait * 2)
                continue
            if failing:
                log.warning("the journal is written again")
                failing, wait = False, 0.01
            if lines:
                self.last = time.monotonic()
                self.first = self.first or self.last
                self.groups += 1
                self.records += len(lines)
            for item in work:
                if not isinstance(item, Line):
                    self._tidy(*item)
            if self.loop is not None:
                try:
                    self.loop.call_soon_threadsafe(self._settle, upto, refused)
                except RuntimeError:  # the loop is closed: nobody waits any more
                    return

    def _tidy(self, what: str, code: str, n: int) -> None:
        try:
            if what == "saved":
                self.sink.saved(code, n)
            elif what == "aside":
                self.sink.set_table_aside(code)
            else:
                self.sink.drop(code)
        except OSError as exc:  # the records stay a while longer; they are never used wrongly
            log.warning("the journal of table %s could not be tidied: %s", code, exc)


def later_records(save: Mapping[str, Any] | None, records: list[dict[str, Any]],
                  code: str) -> tuple[Mapping[str, Any] | None, list[dict[str, Any]], int]:
    """What resumes table ``code``: the newest whole save (``save``, or a ``save`` record after it), the records to
    make again after it in order, and the number of the last of them. A record missing in between (a part of the
    journal set aside) ends them there, with one line in the log; a table whose last record drops it, or with
    neither a save nor its first record, has nothing to resume (None)."""
    base_n = journal_mark(save)
    later = sorted((r for r in records if r["n"] > base_n), key=lambda r: r["n"])
    if (later and "drop" in later[-1]) or (save is None and (not later or later[0]["n"] != 1)):
        if save is None and later and "drop" not in later[-1]:
            log.error("table %s has no save that can be read, and its journal holds its changes only from %d on; it "
                      "is not resumed", code, later[0]["n"])
        return None, [], 0
    run: list[dict[str, Any]] = []
    expect = base_n + 1
    for record in later:
        if record["n"] < expect:
            continue  # the same record twice (written again after a failed try)
        if record["n"] > expect:
            log.error("table %s: its journal lacks the changes %d..%d; it resumes from change %d", code, expect,
                      record["n"] - 1, expect - 1)
            break
        run.append(record)
        expect += 1
    for i in range(len(run) - 1, -1, -1):
        whole = run[i].get("save")
        if isinstance(whole, Mapping):
            return whole, run[i + 1:], expect - 1
    return (save, run, expect - 1) if save is not None else (None, [], 0)


def dropped(records: list[dict[str, Any]]) -> bool:
    """Whether a table's records end with its drop (nothing of it is resumed, and nothing is missing)."""
    return bool(records) and "drop" in max(records, key=lambda r: r["n"])


def journal_mark(save: Mapping[str, Any] | None) -> int:
    """The number of the last record a save holds (0 for a save made before the journal)."""
    n = save.get("journal", 0) if save is not None else 0
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 0


__all__ = ["SWITCH", "Journal", "Line", "NotKept", "Sink", "call_body", "dropped", "enabled", "env_body",
           "journal_mark", "later_records", "record_line"]
