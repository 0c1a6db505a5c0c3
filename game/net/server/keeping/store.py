"""The server's tables on disk: one JSON file per table in the data folder, written atomically.

A table is saved after every change (each change was kept in the journal before its answer went out,
:mod:`.journal`; a landed save lets the journal drop the records it holds): the server marks it dirty
(:meth:`Saver.mark`) and the saver writes a dirty table within :data:`FLUSH_DELAY` seconds, a table in play at most
every :data:`MIN_INTERVAL` (one write however many changes came in between), and every dirty table at once on
shutdown (:meth:`Saver.flush_now`). Each write goes through :func:`game.userdata.write_bytes_atomic` (temporary
file, fsync, rename), so a crash leaves the previous save whole; one sync of the folder after a round of writes makes
their renames durable before the journal hears of them. A write that fails (a read-only folder, a full
disk) is tried again, with the table's newest state, after :data:`RETRY_FIRST` seconds, doubling up to
:data:`RETRY_MAX`: the log says once when a table's saves start failing (WARNING) and once when one lands again
(INFO), never once per try. :meth:`Saver.flush_now` tries every table however long its back-off and names those it
could not write.

On start :meth:`TableStore.load_all` reads every save back; a file that cannot be read is logged and set
aside (``CODE.corrupt-N.json``), never a reason for the server not to start; only regular files are read (a
FIFO would block the start, a directory cannot be read, a symbolic link may point anywhere): anything else
named ``CODE.json`` is skipped with a warning and left as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import stat
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

from game import userdata
from game.net import wire
from game.net.server.keeping.segments import sync_folder

log = logging.getLogger("game.net.server.store")

#: How long a change of a table at rest may wait before the table is written (seconds).
FLUSH_DELAY = 0.1
#: A table in play is written at most this often (seconds): a save costs about a millisecond of the loop, and
#: a busy server would otherwise spend half its time saving. A crash loses nothing answered: the journal holds it.
MIN_INTERVAL = 1.0
#: The most tables one saving round takes snapshots of (at once: they are made where the tables live).
ROUND_TABLES = 16
#: The first wait before a failed save is tried again (seconds); each further failure doubles it ...
RETRY_FIRST = 1.0
#: ... up to this (seconds).
RETRY_MAX = 60.0
#: The envelope of a saved table (the room's own state is inside, under "state").
FORMAT = "garden-table-server/1"


class TableStore:
    """The data folder of a server: ``CODE.json`` per table."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    def write(self, code: str, text: str) -> None:
        userdata.write_bytes_atomic(self.path(code), text.encode("utf-8"))

    def sync(self) -> None:
        """Make the renames of the saves written before it durable (once for a round of saves, not once each): the
        journal lets go of the records a save holds once it is told the save landed, and a power cut must not bring
        the older save back without them."""
        sync_folder(self.folder)

    def remove(self, code: str) -> None:
        """Delete a table's save; one that cannot be deleted is logged (the reaper that calls this goes on)."""
        try:
            self.path(code).unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.error("table save %s.json could not be removed: %s", code, exc)

    def load_all(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every readable save as (code, envelope); an unreadable one is logged and set aside."""
        self.clear_cut_short()
        for path in sorted(self.folder.glob("*.json")):
            code = path.stem
            if ".corrupt-" in code or not wire.CODE_PATTERN.fullmatch(code) or code == "server":  # server.json: its id
                continue
            odd = not_a_file(path)
            if odd is not None:
                log.warning("table save %s is %s, not a file; skipped", path.name, odd)
                continue
            try:
                data = userdata.read_json(path)
            except userdata.CorruptFileError as exc:
                log.error("table save %s", exc)
                continue
            except OSError as exc:
                log.error("table save %s could not be read: %s", path.name, exc)
                continue
            except (ValueError, RecursionError) as exc:  # json's own limits: nested too deep, a number too long
                self.set_aside(code, f"not readable JSON: {type(exc).__name__}")
                continue
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                self.set_aside(code, "not a table save of this server")
                continue
            yield code, data

    def clear_cut_short(self) -> None:
        """Delete the temporary files of saves a crash cut short (``.CODE.json.XXXX.tmp``): never read as a save (the
        save before them is whole), they would otherwise stay for good."""
        deleted = 0
        for path in self.folder.glob(".*.json.*.tmp"):
            if wire.CODE_PATTERN.fullmatch(path.name[1:].split(".json.", 1)[0]) and not_a_file(path) is None:
                try:
                    path.unlink()
                except FileNotFoundError:
                    continue
                except OSError as exc:  # a read-only folder: it stays, harmless
                    log.warning("a save cut short by a crash, %s, could not be deleted: %s", path.name, reason(exc))
                    continue
                deleted += 1
        if deleted:
            log.info("deleted %d save%s cut short by a crash (the save before each is whole)", deleted,
                     "" if deleted == 1 else "s")

    def set_aside(self, code: str, reason: str) -> None:
        """A save that cannot be resumed: renamed aside (never deleted), with one line in the log."""
        try:
            kept = userdata.move_aside(self.path(code))
            log.error("table save %s.json cannot be resumed (%s); kept as %s", code, reason, kept.name)
        except OSError as exc:
            log.error("table save %s.json cannot be resumed (%s) nor set aside: %s", code, reason, exc)


def not_a_file(path: Path) -> str | None:
    """What ``path`` is when it is not a regular file ("a FIFO", "a directory", ...); None for a regular file
    (and for one gone meanwhile: reading it then says so)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    return "a special file"


def reason(exc: OSError) -> str:
    """An OSError in a few words ("Permission denied"), for the log."""
    return exc.strerror or str(exc) or type(exc).__name__


class Store(Protocol):
    """Where the saver writes (called in its thread): :class:`TableStore`, or the cluster's Redis
    (:class:`~.cluster.directory.RedisStore`). ``write`` raises OSError when the text could not be written."""

    def write(self, code: str, text: str) -> None: ...

    def sync(self) -> None:
        """The saves written before it made durable, as far as ``write`` has not (called before they count as
        landed)."""
        ...

    def remove(self, code: str) -> None: ...


class Unsaved(Exception):
    """A table's text cannot be had now (its worker has stopped): it is tried again like a failed write."""


#: A table's save as taken: its text, and the number of the last journal record it holds.
Snapshot = tuple[str, int]


class Saver:
    """Writes dirty tables soon after they change, off the event loop.

    ``snapshot(code)`` gives the text to write for a table now (with the journal's mark, told to ``landed``
    once that text is written), or None when the table cannot be read this
    moment (a bot is thinking on it): it then stays dirty for the next round. ``snapshot`` raising KeyError
    means the table is gone; raising :class:`Unsaved`, that its text cannot be had (treated as a failed write)."""

    def __init__(self, store: Store, snapshot: Callable[[str], Awaitable[Snapshot | None]],
                 landed: Callable[[str, int], None] | None = None) -> None:
        self.store = store
        self.snapshot = snapshot
        #: Told each save written (its table, its journal mark).
        self.landed = landed
        self.dirty: set[str] = set()
        self.task: asyncio.Task[None] | None = None
        #: When each table was last snapshotted (loop time).
        self.last: dict[str, float] = {}
        #: One writer at a time, so that an older text never lands after a newer one.
        self.write_lock = threading.Lock()
        #: Tables taken for a write whose outcome has not come back yet (shutdown takes them again).
        self.pending: set[str] = set()
        #: Tables whose last write failed -> the wait before the next try (seconds), and when that try is due.
        self.backoff: dict[str, float] = {}
        self.retry_at: dict[str, float] = {}
        #: Set when a table not in back-off changes, so that a saver waiting out a back-off looks again.
        self.wake = asyncio.Event()
        #: Tables dropped (their file removed): a text of theirs taken before is never written.
        self.removed: set[str] = set()
        #: Why each table that failed last could not be saved (for the shutdown's list).
        self.why: dict[str, str] = {}
        #: Set by :meth:`flush_now`: from then on only it writes (a background write taken earlier must not land
        #: after its newer text).
        self.stopping = False

    def mark(self, code: str) -> None:
        self.dirty.add(code)
        self.removed.discard(code)
        if code not in self.retry_at:
            self.wake.set()
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._flush_soon())

    def forget(self, code: str) -> None:
        """Table ``code`` is gone: nothing of it is written or tried again."""
        for codes in (self.dirty, self.pending):
            codes.discard(code)
        for times in (self.backoff, self.retry_at, self.last):
            times.pop(code, None)
        self.removed.add(code)

    async def remove(self, code: str) -> None:
        """Table ``code`` was dropped: forget it and remove its save, after any write of it already on the way
        (which then writes nothing: the file cannot come back)."""
        self.forget(code)
        await asyncio.get_running_loop().run_in_executor(None, self._remove, code)

    def _remove(self, code: str) -> None:
        with self.write_lock:
            self.store.remove(code)

    async def _flush_soon(self) -> None:
        while self.dirty:
            pause = self._pause()
            if pause > FLUSH_DELAY:  # every dirty table waits out a back-off: sleep until the first is due
                self.wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), pause - FLUSH_DELAY)
            await asyncio.sleep(FLUSH_DELAY)
            texts = await self._take()
            if texts:
                write = functools.partial(self._write_all, texts, background=True)
                failed = await asyncio.get_running_loop().run_in_executor(None, write)
                if failed is not None:  # None: shutdown began; these tables stay pending, flush_now writes them
                    self._settle(texts, failed)

    def _pause(self) -> float:
        """How long until a dirty table may be due: FLUSH_DELAY, or longer while every one is in back-off."""
        if not self.dirty or not self.dirty <= self.retry_at.keys():
            return FLUSH_DELAY
        return min(self.retry_at[code] for code in self.dirty) - time.monotonic()

    async def _take(self, *, everything: bool = False) -> dict[str, Snapshot]:
        """The texts of the dirty tables due now, the longest unsaved first, at most :data:`ROUND_TABLES` (the rest
        wait for the next round, so that saving never crowds out the tables in play)."""
        texts: dict[str, Snapshot] = {}
        now = time.monotonic()
        last = self.last
        due = sorted(self.dirty | self.pending if everything else self.dirty, key=lambda c: last.get(c, 0.0))
        if not everything:
            due = [code for code in due if now - last.get(code, -MIN_INTERVAL) >= MIN_INTERVAL
                   and self.retry_at.get(code, now) <= now][:ROUND_TABLES]
        taken = await asyncio.gather(*(self._snapshot(code) for code in due))
        for code, text in zip(due, taken, strict=True):
            if text is not None:
                texts[code] = text
                last[code] = now
                self.dirty.discard(code)
                self.pending.add(code)
        return texts

    async def _snapshot(self, code: str) -> Snapshot | None:
        try:
            return await self.snapshot(code)
        except KeyError:  # the table is gone
            self.forget(code)
        except Unsaved as exc:
            self._settle({code: ("", 0)}, {code: OSError(str(exc))})
        return None

    def _write_all(self, texts: dict[str, Snapshot], *, background: bool = False) -> dict[str, OSError] | None:
        """Write each text (off the loop); the tables that could not be written, with why. None, writing nothing,
        for a ``background`` write once shutdown has begun."""
        failed: dict[str, OSError] = {}
        with self.write_lock:
            if background and self.stopping:
                return None
            for code, text in texts.items():
                if code in self.removed:
                    continue
                try:
                    self.store.write(code, text[0])
                except OSError as exc:
                    failed[code] = exc
            if len(failed) < len(texts):  # something was written: its rename made durable before it counts
                self.store.sync()
        return failed

    def _settle(self, written: Mapping[str, Snapshot], failed: dict[str, OSError]) -> None:
        """Take in the outcome of a write (on the loop): a failed table is dirty again and waits out its back-off;
        the log hears only of a table's first failure and of its first success after failing."""
        now = time.monotonic()
        for code in written:
            self.pending.discard(code)
            exc = failed.get(code)
            if exc is None:
                if self.landed is not None and code not in self.removed:
                    self.landed(code, written[code][1])
                self.retry_at.pop(code, None)
                self.why.pop(code, None)
                if self.backoff.pop(code, None) is not None:
                    log.info("table %s saved again", code)
                continue
            self.dirty.add(code)
            self.why[code] = reason(exc)
            wait = self.backoff.get(code)
            if wait is None:
                log.warning("table %s could not be saved (%s); trying again, at longest every %g s",
                            code, reason(exc), RETRY_MAX)
                wait = RETRY_FIRST
            else:
                wait = min(RETRY_MAX, 2 * wait)
            self.backoff[code] = wait
            self.retry_at[code] = now + wait

    async def flush_now(self) -> dict[str, str]:
        """Write every table not saved yet at once, whatever its back-off (shutdown; the caller makes sure no bot
        is thinking). The tables still not saved afterwards, each with why."""
        self.stopping = True
        if self.task is not None:
            self.task.cancel()
        texts = await self._take(everything=True)
        failed = self._write_all(texts) or {}
        self._settle(texts, failed)
        unsaved = {code: reason(exc) for code, exc in failed.items()}
        for code in self.dirty - unsaved.keys():  # its snapshot could not be taken
            unsaved[code] = self.why.get(code, "a bot was still thinking on it")
        return dict(sorted(unsaved.items()))


__all__ = ["FLUSH_DELAY", "FORMAT", "MIN_INTERVAL", "RETRY_FIRST", "RETRY_MAX", "Saver", "Snapshot", "Store",
           "TableStore", "Unsaved"]
