"""The journal of a server without ``--redis``: the records of all its tables, one line each, appended to a log in
the data folder (``journal/NNNNNN.log``) and made durable with one fsync per group (:class:`FolderJournal`, the
:class:`~.journal.Sink` of :class:`~.journal.Journal`).

Each line is ``CRC JSON``: the CRC-32 (8 hex digits) of the JSON record that follows. The log is cut into
*segments*: a new one is begun at every start, and when the current one is :data:`SEGMENT_BYTES` long or
:data:`SEGMENT_SECONDS` old. A segment none of whose records is needed any more (each table's save holds them, or
the table was dropped) is deleted: the journal stays about as long as the changes of the last few seconds.

:meth:`FolderJournal.load` reads the segments back in order. A last line cut short (the server was killed in the
middle of a write) is passed over; a segment with a line that is not a record before its end is set aside
(``NNNNNN.corrupt-N.log``, one line in the log) after its records up to that line are taken. The records of a
table that cannot be resumed (its save damaged and its records not enough) are copied to
``journal/damaged/CODE.log`` and then go with their segments like a dropped table's: the next start neither reads
them nor logs them again.
"""

from __future__ import annotations

import json
import logging
import os
import time
import zlib
from pathlib import Path
from typing import Any

from game import userdata
from game.net import wire
from game.net.server.keeping.journal import Line

log = logging.getLogger("game.net.server.journal")

#: A segment is closed (and a new one begun) at this size ...
SEGMENT_BYTES = 4 * 1024 * 1024
#: ... or at this age (seconds), so that the records the saves hold go soon.
SEGMENT_SECONDS = 5.0
#: The records of one table: (code) -> records in the order read.
Records = dict[str, list[dict[str, Any]]]
#: A segment is opened for synchronized writes where the system has them: a write returns once its records are
#: durable (as after an fdatasync), so the writer thread leaves the interpreter to the event loop and takes it back
#: once per group rather than twice (write, then fsync). Elsewhere (0) an fsync follows each write.
SYNCED_WRITES = getattr(os, "O_DSYNC", 0)


def encode_line(text: str) -> bytes:
    data = text.encode("utf-8")
    return b"%08x %s\n" % (zlib.crc32(data), data)


def decode_line(raw: bytes) -> dict[str, Any] | None:
    """The record of one line (without its newline), or None when it is not one."""
    crc, _, data = raw.partition(b" ")
    try:
        if len(crc) != 8 or int(crc, 16) != zlib.crc32(data):
            return None
        record = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(record, dict) or not isinstance(record.get("t"), str) \
            or not wire.CODE_PATTERN.fullmatch(record["t"]):
        return None
    n = record.get("n")
    return record if isinstance(n, int) and not isinstance(n, bool) and n > 0 else None


class FolderJournal:
    """The segments of ``folder/journal`` (see the module doc); used by the journal's writer thread only (and by
    :meth:`load` before it starts)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder) / "journal"
        self.folder.mkdir(parents=True, exist_ok=True)
        #: Closed segments -> the last record number of each table in it.
        self.closed: dict[Path, dict[str, int]] = {}
        #: The segment written now, its tables' last numbers, size and when it was begun.
        self.current: Path | None = None
        self.fd: int | None = None
        self.tables: dict[str, int] = {}
        self.size = 0
        self.began = 0.0
        #: Table code -> the last record number its durable save holds; tables dropped.
        self.covered: dict[str, int] = {}
        self.dropped: set[str] = set()

    def segments(self) -> list[Path]:
        return sorted(p for p in self.folder.glob("*.log") if p.stem.isdigit())

    def load(self) -> Records:
        """Every record of the segments, per table, in order (see the module doc)."""
        records: Records = {}
        for path in self.segments():
            try:
                raw = path.read_bytes()
            except OSError as exc:
                log.error("journal segment %s could not be read (%s); its changes are not resumed", path.name, exc)
                continue
            lines = raw.split(b"\n")
            whole = lines[:-1]  # the part after the last newline was cut short (or is empty)
            tables: dict[str, int] = {}
            for number, line in enumerate(whole):
                record = decode_line(line)
                if record is None:
                    if number == len(whole) - 1 and not lines[-1]:
                        log.info("journal segment %s ends in a line cut short; passed over", path.name)
                        break
                    self.set_aside(path, f"line {number + 1} is not a record")
                    break
                records.setdefault(record["t"], []).append(record)
                tables[record["t"]] = max(record["n"], tables.get(record["t"], 0))
            else:
                if lines[-1]:
                    log.info("journal segment %s ends in a line cut short; passed over", path.name)
            if path.exists():
                self.closed[path] = tables
        return records

    def set_aside(self, path: Path, reason: str) -> None:
        try:
            kept = userdata.move_aside(path)
            log.error("journal segment %s cannot be read whole (%s); its records before that are resumed, the "
                      "segment kept as %s", path.name, reason, kept.name)
        except OSError as exc:
            log.error("journal segment %s cannot be read whole (%s) nor set aside: %s", path.name, reason, exc)

    # -- the writer thread ---------------------------------------------------------------------------------
    def append(self, lines: list[Line]) -> set[str]:
        if self.fd is None or self.size >= SEGMENT_BYTES or time.monotonic() - self.began >= SEGMENT_SECONDS:
            self.begin()
        assert self.fd is not None
        data = b"".join(encode_line(line.text) for line in lines)
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view):]
        if not SYNCED_WRITES:
            os.fsync(self.fd)
        self.size += len(data)
        for line in lines:
            self.tables[line.code] = line.n
        return set()

    def begin(self) -> None:
        """Close the current segment and begin the next (its name made durable in the folder)."""
        self.close()
        numbers = [int(p.stem) for p in self.segments()]
        path = self.folder / f"{max(numbers, default=0) + 1:06d}.log"
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | SYNCED_WRITES, 0o644)
        sync_folder(self.folder)
        self.current, self.tables, self.size, self.began = path, {}, 0, time.monotonic()
        self.sweep()

    def saved(self, code: str, n: int) -> None:
        self.covered[code] = max(n, self.covered.get(code, 0))
        self.sweep()

    def drop(self, code: str) -> None:
        self.dropped.add(code)
        self.covered.pop(code, None)
        self.sweep()

    def sweep(self) -> None:
        """Delete the closed segments whose records are all held by saves (or of dropped tables)."""
        for path, tables in list(self.closed.items()):
            if all(code in self.dropped or self.covered.get(code, 0) >= n for code, n in tables.items()):
                try:
                    path.unlink(missing_ok=True)
                except OSError as exc:
                    log.warning("journal segment %s could not be deleted: %s", path.name, exc)
                    continue
                del self.closed[path]
        if self.dropped:  # forget the dropped tables no segment holds any more
            held = set(self.tables).union(*self.closed.values())
            self.dropped &= held

    def set_table_aside(self, code: str) -> None:
        """Copy the records of table ``code`` (which cannot be resumed) to ``damaged/CODE.log`` (made durable; added
        to what an earlier start put there), with one line in the log; then they go like a dropped table's."""
        held = [path for path, tables in self.closed.items() if code in tables]
        if not held:
            return
        lines = [raw + b"\n" for path in held for raw in path.read_bytes().split(b"\n")
                 if (record := decode_line(raw)) is not None and record["t"] == code]
        damaged = self.folder / "damaged"
        damaged.mkdir(exist_ok=True)
        fd = os.open(damaged / f"{code}.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            view = memoryview(b"".join(lines))
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        sync_folder(damaged)
        log.warning("table %s is not resumed: its %d journal records are kept in %s and not read again", code,
                    len(lines), damaged.relative_to(self.folder.parent) / f"{code}.log")
        self.drop(code)

    def close(self) -> None:
        if self.fd is not None and self.current is not None:
            os.close(self.fd)
            self.closed[self.current] = self.tables
            self.fd = None
            self.sweep()


def set_aside_unused(folder: Path) -> None:
    """The journal is switched off (a measurement): its segments in ``folder/journal`` are set aside, never made again
    onto saves written without it (they name no record)."""
    here = Path(folder) / "journal"
    for path in sorted(here.glob("*.log")) if here.is_dir() else []:
        if path.stem.isdigit():
            try:
                kept = userdata.move_aside(path)
            except OSError as exc:
                log.error("journal segment %s could not be set aside: %s", path.name, exc)
                continue
            log.warning("the journal is switched off; its segment %s is kept as %s and not used", path.name,
                        kept.name)


def sync_folder(folder: Path) -> None:
    """Make the names in ``folder`` durable (a new file's entry), where the system allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = ["SEGMENT_BYTES", "SEGMENT_SECONDS", "FolderJournal", "Records", "decode_line", "encode_line",
           "set_aside_unused"]
