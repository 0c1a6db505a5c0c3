"""``python -m game replay PATH [--verify]``: check that a replay plays back exactly (the viewer comes later).

``--verify`` replays the file with no window and prints one JSON line ``{"exact": ..., "room": ..., "turns": N}``;
the exit code is 0 only when it is exact. A file that is not a readable replay: one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from game.replay import cactus, cards, store
from game.replay.format import ReplayError


def _fail(message: str) -> int:
    sys.stderr.write(f"python -m game replay: error: {message}\n")
    return 2


class UnreadableReplay(Exception):
    """A replay file that cannot be read at all; the message says why in one line."""


def read_file(path: Path) -> object:
    """The JSON of replay file ``path``; UnreadableReplay (one line) when it cannot be read."""
    try:
        return store.read(path)
    except FileNotFoundError:
        raise UnreadableReplay(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UnreadableReplay(f"{path}: is a folder, not a replay") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UnreadableReplay(f"{path}: cannot be read ({getattr(exc, 'strerror', None) or type(exc).__name__})") \
            from None
    except (ValueError, RecursionError):
        raise UnreadableReplay(f"{path}: not a replay (not JSON)") from None


def main(argv: Sequence[str] | None = None) -> int:
    """``PATH --verify`` (``python -m game replay`` hands the verifying here; without it the CLI opens the viewer)."""
    parser = argparse.ArgumentParser(prog="python -m game replay", description="verify a replay")
    parser.add_argument("path", type=Path, help="a replay file (garden-table-replay/1)")
    parser.add_argument("--verify", action="store_true", help="replay with no window; print whether it is exact")
    args = parser.parse_args(argv)
    try:
        data = read_file(args.path)
    except UnreadableReplay as exc:
        return _fail(str(exc))
    room = data.get("room") if isinstance(data, dict) else None
    if not args.verify:
        return _fail("to watch a replay: python -m game replay PATH (this entry only verifies: add --verify)")
    try:
        if room == "artischocken":
            result = cards.verify(data)
        elif room == "cactus":
            result = cactus.verify(data)
        else:
            raise ReplayError(f"room: expected artischocken or cactus, got {room!r:.40}")
    except ReplayError as exc:
        return _fail(f"{args.path}: not a usable replay ({exc})")
    print(json.dumps(result))
    return 0 if result["exact"] else 1


if __name__ == "__main__":
    sys.exit(main())
