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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game replay", description="watch or verify a replay")
    parser.add_argument("path", type=Path, help="a replay file (garden-table-replay/1)")
    parser.add_argument("--verify", action="store_true", help="replay with no window; print whether it is exact")
    args = parser.parse_args(argv)
    try:
        data = store.read(args.path)
    except FileNotFoundError:
        return _fail(f"{args.path}: no such file")
    except IsADirectoryError:
        return _fail(f"{args.path}: is a folder, not a replay")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"{args.path}: cannot be read ({getattr(exc, 'strerror', None) or type(exc).__name__})")
    except (ValueError, RecursionError):
        return _fail(f"{args.path}: not a replay (not JSON)")
    room = data.get("room") if isinstance(data, dict) else None
    if not args.verify:
        return _fail("the replay viewer is not built yet; use --verify")
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
