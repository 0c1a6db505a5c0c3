"""The server's tables on disk: one JSON file per table in the data folder, written atomically.

A table is saved after every change: the server marks it dirty (:meth:`Saver.mark`) and the saver writes a
dirty table within :data:`FLUSH_DELAY` seconds, a table in play at most every :data:`MIN_INTERVAL` (one write
however many changes came in between), and every dirty table at once on shutdown (:meth:`Saver.flush_now`).
Each write goes through :func:`game.userdata.write_bytes_atomic` (temporary file, fsync, rename), so a crash
leaves the previous save whole. On start :meth:`TableStore.load_all` reads every save back; a file that cannot
be read is logged and set aside (``CODE.corrupt-N.json``), never a reason for the server not to start.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from game import userdata
from game.net import wire

log = logging.getLogger("game.net.server.store")

#: How long a change of a table at rest may wait before the table is written (seconds).
FLUSH_DELAY = 0.1
#: A table in play is written at most this often (seconds): a save costs about a millisecond of the loop, and
#: a busy server would otherwise spend half its time saving. A crash (not a SIGTERM) loses at most this much.
MIN_INTERVAL = 1.0
#: The most loop time one saving round spends on snapshots (seconds).
ROUND_BUDGET = 0.004
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
        for path in sorted(self.folder.glob("*.json")):
            code = path.stem
            if ".corrupt-" in code or not wire.CODE_PATTERN.fullmatch(code):
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

    def set_aside(self, code: str, reason: str) -> None:
        """A save that cannot be resumed: renamed aside (never deleted), with one line in the log."""
        try:
            kept = userdata.move_aside(self.path(code))
            log.error("table save %s.json cannot be resumed (%s); kept as %s", code, reason, kept.name)
        except OSError as exc:
            log.error("table save %s.json cannot be resumed (%s) nor set aside: %s", code, reason, exc)


class Saver:
    """Writes dirty tables soon after they change, off the event loop.

    ``snapshot(code)`` returns the text to write for a table now, or None when the table cannot be read this
    moment (a bot is thinking on it): it then stays dirty for the next round. ``snapshot`` raising KeyError
    means the table is gone."""

    def __init__(self, store: TableStore, snapshot: Callable[[str], str | None]) -> None:
        self.store = store
        self.snapshot = snapshot
        self.dirty: set[str] = set()
        self.task: asyncio.Task[None] | None = None
        #: When each table was last snapshotted (loop time).
        self.last: dict[str, float] = {}
        #: One writer at a time, so that an older text never lands after a newer one.
        self.write_lock = threading.Lock()

    def mark(self, code: str) -> None:
        self.dirty.add(code)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._flush_soon())

    async def _flush_soon(self) -> None:
        while self.dirty:
            await asyncio.sleep(FLUSH_DELAY)
            texts = self._take()
            if texts:
                await asyncio.get_running_loop().run_in_executor(None, self._write_all, texts)

    def _take(self, *, everything: bool = False) -> dict[str, str]:
        """The texts of the dirty tables due now, the longest unsaved first, within :data:`ROUND_BUDGET` of the
        loop's time (the rest wait for the next round, so that saving never stalls the tables in play)."""
        texts: dict[str, str] = {}
        now = time.monotonic()
        last = self.last
        due = sorted(self.dirty, key=lambda c: last.get(c, 0.0))
        for code in due:
            if not everything:
                if now - last.get(code, -MIN_INTERVAL) < MIN_INTERVAL:
                    continue
                if time.monotonic() - now > ROUND_BUDGET:
                    break
            try:
                text = self.snapshot(code)
            except KeyError:
                self.dirty.discard(code)
                continue
            if text is not None:
                texts[code] = text
                last[code] = now
                self.dirty.discard(code)
        return texts

    def _write_all(self, texts: dict[str, str]) -> None:
        with self.write_lock:
            self._write_each(texts)

    def _write_each(self, texts: dict[str, str]) -> None:
        for code, text in texts.items():
            try:
                self.store.write(code, text)
            except OSError as exc:
                log.error("table %s could not be saved: %s", code, exc)

    def flush_now(self) -> None:
        """Write every dirty table at once (shutdown; the caller makes sure no bot is thinking)."""
        if self.task is not None:
            self.task.cancel()
        self._write_all(self._take(everything=True))


__all__ = ["FLUSH_DELAY", "FORMAT", "MIN_INTERVAL", "Saver", "TableStore"]
