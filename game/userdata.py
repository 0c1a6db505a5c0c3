"""Safe JSON files: atomic writes and reads that never lose a file the program could not parse.

A write goes to a temporary file in the same directory, is flushed to disk and then renamed over the target,
so a crash mid-write leaves the old file intact. A file that does not parse is renamed aside
(``name.corrupt-1.json``, ``-2``, ...) and reported with a :class:`CorruptFileError` whose message names both
paths; it is never overwritten silently.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any


class CorruptFileError(ValueError):
    """A data file exists but cannot be read; ``kept_as`` is where the bad file now lies."""

    def __init__(self, path: Path, reason: str, kept_as: Path | None) -> None:
        self.path = path
        self.reason = reason
        self.kept_as = kept_as
        where = f"; the file was kept as {kept_as.name}" if kept_as else ""
        super().__init__(f"{path.name} could not be read ({reason}){where}")


#: A JSON list holding only numbers (a point, a colour): written on one line so outlines stay readable.
_NUMBER_LIST = re.compile(r"\[\s*(-?[\d.eE+-]+(?:\s*,\s*-?[\d.eE+-]+)*)\s*\]")


def _one_line(match: re.Match[str]) -> str:
    return "[" + ", ".join(part.strip() for part in match.group(1).split(",")) + "]"


def write_bytes_atomic(path: Path | str, content: bytes) -> Path:
    """Write ``content`` to ``path`` atomically: temp file in the same folder, fsync, rename."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(content)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise
    return target


def write_json_atomic(path: Path | str, data: Any) -> Path:
    """Write ``data`` as JSON to ``path`` atomically (number lists such as points stay on one line)."""
    text = _NUMBER_LIST.sub(_one_line, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False))
    return write_bytes_atomic(path, (text + "\n").encode("utf-8"))


def move_aside(path: Path) -> Path:
    """Rename a file that cannot be used to ``NAME.corrupt-N.EXT`` (the first free N) and return the new path.

    Used for every file of the user's that the program cannot read or resume: it is never deleted and never
    overwritten by the next save. Raises OSError when even the rename fails.
    """
    for n in range(1, 10_000):
        candidate = path.with_name(f"{path.stem}.corrupt-{n}{path.suffix}")
        if not candidate.exists():
            os.replace(path, candidate)
            return candidate
    raise OSError(f"too many corrupt copies of {path.name}")


def read_json(path: Path | str, *, default: Any = None, keep_aside: bool = True) -> Any:
    """Read JSON from ``path``; ``default`` when it does not exist.

    A file that exists but does not parse raises :class:`CorruptFileError`; with ``keep_aside`` (the
    default, for the user's own data) it is first renamed aside so that the next write cannot destroy it.
    """
    source = Path(path)
    try:
        raw = source.read_bytes()
    except FileNotFoundError:
        return default
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        reason = f"not valid JSON: {exc}" if isinstance(exc, json.JSONDecodeError) else "not UTF-8 text"
        kept_as: Path | None = None
        if keep_aside:
            kept_as = move_aside(source)
        raise CorruptFileError(source, reason, kept_as) from None
