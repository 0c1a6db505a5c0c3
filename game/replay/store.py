"""Where replays are written: ``--record PATH``, else the user data dir's ``replays/`` (the last 200 kept)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.scripted import lists_kept
from game.userdata import write_bytes_atomic

KEEP = 200


def replay_dir() -> Path:
    return user_data_dir() / "replays"


def write(replay: dict[str, Any], path: Path | None = None, stamp: str = "", name: str = "") -> Path:
    """Write ``replay`` to ``path`` or into the replays folder (oldest removed beyond :data:`KEEP`). ``name``: the
    game's own file name there (a game played over several sittings writes its one replay over the same file);
    without it a new file is made."""
    if path is not None:
        return _write(path, replay)
    folder = replay_dir()
    if not lists_kept():  # a scripted run keeps the Replays list as it was (game.scripted)
        return folder / f"{name or stamp or 'replay'}.json"
    if name:
        written = _write(folder / f"{name}.json", replay)
        prune(folder)
        return written
    name = f"{stamp or 'replay'}-{replay['room']}.json"
    target = folder / name
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{stamp or 'replay'}-{replay['room']}-{n}.json"
    written = _write(target, replay)
    prune(folder)
    return written


def _write(path: Path, replay: dict[str, Any]) -> Path:
    """Compact JSON (a replay is read by the program, not by people), written atomically."""
    text = json.dumps(replay, ensure_ascii=False, separators=(",", ":"))
    return write_bytes_atomic(path, (text + "\n").encode("utf-8"))


def prune(folder: Path, keep: int = KEEP) -> None:
    """Remove the oldest replays beyond ``keep`` (by name: names start with their time stamp)."""
    files = sorted(p for p in folder.glob("*.json") if p.is_file())
    for old in files[:-keep] if len(files) > keep else []:
        old.unlink(missing_ok=True)


def read(path: Path) -> Any:
    """The JSON of a replay file (OSError / ValueError when it cannot be read)."""
    return json.loads(path.read_text(encoding="utf-8"))
