"""Whether the guided first game was offered already (a small file in the user data directory).

A file that cannot be read counts as "not yet" and is left as it is (never overwritten, never a crash).
"""

from __future__ import annotations

from pathlib import Path

from game.paths import user_data_dir
from game.userdata import CorruptFileError, read_json, write_json_atomic

GUIDE_FILE = "cactus_guide.json"


def _path() -> Path:
    return user_data_dir() / GUIDE_FILE


def guide_seen() -> bool:
    """The player has played the guide, or started a game of their own, on this computer."""
    try:
        data = read_json(_path(), default={}, keep_aside=False)
    except (CorruptFileError, OSError):
        return False
    return isinstance(data, dict) and data.get("seen") is True


def mark_guide_seen() -> None:
    """Remember that the guide need not be offered first any more (a write that fails changes nothing)."""
    try:
        if _path().exists() and not guide_seen():
            read_json(_path(), keep_aside=False)  # a file that does not parse is left alone
        write_json_atomic(_path(), {"seen": True})
    except (CorruptFileError, OSError):
        return


__all__ = ["GUIDE_FILE", "guide_seen", "mark_guide_seen"]
