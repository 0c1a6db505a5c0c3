"""One server per data folder: ``serve`` holds a lock on ``DATA/serve.lock`` while it runs.

Two processes serving the same folder would each resume the same tables and write the same saves and journal: each
friend would sit at a copy of their own and the later save would lose the other's moves. So ``serve`` takes an
exclusive lock on the file before it reads a table, and a second one on the same folder refuses to start (one plain
line, exit 2). The lock is the operating system's (``flock``), held by the open file: it goes with the process,
however the process ends, so a server killed with SIGKILL leaves no stale lock behind, and the next start takes it
at once. The file holds the holder's process id, only for the words of the refusal. (Where ``fcntl`` is missing,
on Windows, ``msvcrt`` locks the file's first byte the same way.)
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import IO

FILE_NAME = "serve.lock"


class FolderInUse(Exception):
    """Another process holds the data folder (``pid``: its process id as it wrote it, None when not known)."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        self.folder = folder
        self.pid = pid
        who = f"another server (process {pid})" if pid is not None else "another server"
        super().__init__(f"the data folder {folder} is in use by {who}: stop that one first, or choose another --data")


class DataLock:
    """The lock of one data folder, held from :meth:`take` until :meth:`release` (or the process ends)."""

    def __init__(self, file: IO[str]) -> None:
        self.file: IO[str] | None = file

    @classmethod
    def take(cls, folder: Path) -> DataLock:
        """Hold ``folder`` (made if missing); raises :class:`FolderInUse` when another process holds it, and
        ``OSError`` when the folder cannot be made or the file not opened."""
        folder.mkdir(parents=True, exist_ok=True)
        file = open(folder / FILE_NAME, "a+", encoding="ascii")  # noqa: SIM115 (held open: the lock lives with it)
        try:
            _lock(file)
        except OSError:
            file.seek(0)
            text = file.read().strip()
            file.close()
            raise FolderInUse(folder, int(text) if text.isascii() and text.isdigit() else None) from None
        file.seek(0)
        file.truncate()
        file.write(str(os.getpid()))
        file.flush()
        return cls(file)

    def release(self) -> None:
        """Let the folder go (closing the file ends the lock)."""
        file, self.file = self.file, None
        if file is not None:
            with contextlib.suppress(OSError):
                file.truncate(0)
            file.close()


def _lock(file: IO[str]) -> None:
    """Lock ``file`` for this process without waiting (OSError: another process holds it)."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        file.seek(0)
        msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        return
    fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


__all__ = ["FILE_NAME", "DataLock", "FolderInUse"]
