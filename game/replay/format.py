"""The replay file format ``garden-table-replay/1`` (pure: no pygame, no files).

```json
{"format": "garden-table-replay/1", "room": "artischocken", "created": "2026-12-01T09:00:00Z",
 "seats": [{"name": "Anna", "kind": "human"}, ...], "seed": 7, "options": {...},
 "start": {...},            # the room's state when recording began (a save of it: artischocken/1 ...)
 "stream": [...],           # what happened since, in the room's own compact form
 "result": {"turns": 12, "winner": 0, "checksum": "<16 hex digits>", "begun": 12, "over": true},
 "version": 2}              # the room's recording version (VERSIONS); a file without it is of version 1
```
A room's recording changes its version when the same stream would no longer play the same game: Cactus 2 starts
every turn from its snapshot, where version 1 ran the physics on from turn to turn. A replay of an older version is
refused with :class:`OlderReplay`, a plain sentence for the player (it can no longer be played back exactly).
``begun`` (the turns begun, as the viewer counts them) and ``over`` (false: the game was left unfinished) are
what the replays list shows; older files lack them. ``checksum`` is :func:`checksum` of the room's final state
as saved, so that replaying the stream can prove it arrives at exactly that state. :func:`check` validates
everything but the room's own ``start`` and ``stream`` (the room module checks those) and names the field on
error.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

FORMAT = "garden-table-replay/1"
ROOMS = ("artischocken", "cactus")
#: The recording version each room writes and plays back.
VERSIONS = {"artischocken": 1, "cactus": 2}
_KEYS = {"format", "room", "created", "seats", "seed", "options", "start", "stream", "result", "version"}
_RESULT_KEYS = {"turns", "winner", "checksum", "begun", "over"}


class ReplayError(ValueError):
    """Not a readable replay; the message names the field."""


class OlderReplay(ReplayError):
    """A replay recorded by an older version of the game, whose stream no longer plays the same game."""

    def __init__(self) -> None:
        super().__init__("it was recorded by an older version of the game and no longer plays back exactly")


def checksum(state: Any) -> str:
    """A short fingerprint of a JSON-safe state (canonical JSON, SHA-256, 16 hex digits)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def _kind(x: object) -> str:
    return "null" if x is None else type(x).__name__


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check(d: object, room: str | None = None) -> dict[str, Any]:
    """``d`` as a replay's top level (of ``room``, when given), checked; ReplayError naming the field otherwise."""
    if not isinstance(d, Mapping):
        raise ReplayError(f"a replay is a JSON object, got {_kind(d)}")
    if d.get("format") != FORMAT:
        raise ReplayError(f"format: expected {FORMAT!r}, got {d.get('format')!r:.60}")
    extra = sorted(str(k) for k in d if k not in _KEYS)
    if extra:
        raise ReplayError(f"unknown key(s) {', '.join(extra)}")
    if d.get("room") not in ROOMS or (room is not None and d.get("room") != room):
        wanted = repr(room) if room is not None else f"one of {', '.join(ROOMS)}"
        raise ReplayError(f"room: expected {wanted}, got {d.get('room')!r:.40}")
    version = d.get("version", 1)
    if not _is_int(version) or version < 1:
        raise ReplayError(f"version: expected a whole number >= 1, got {version!r:.20}")
    if version < VERSIONS[d["room"]]:
        raise OlderReplay()
    if version > VERSIONS[d["room"]]:
        raise ReplayError(f"version: recorded by a newer version of the game (version {version}; this one plays "
                          f"{VERSIONS[d['room']]})")
    if not isinstance(d.get("created", ""), str):
        raise ReplayError(f"created: expected a date as text, got {_kind(d.get('created'))}")
    seats = d.get("seats")
    if not isinstance(seats, list) or not seats:
        raise ReplayError(f"seats: expected a list of seats, got {_kind(seats)}")
    for i, seat in enumerate(seats):
        if not isinstance(seat, Mapping) or not isinstance(seat.get("name"), str) \
                or not isinstance(seat.get("kind"), str) or set(seat) - {"name", "kind"}:
            raise ReplayError(f"seats[{i}]: expected {{name, kind}} (text), got {seat!r:.60}")
    if not _is_int(d.get("seed")):
        raise ReplayError(f"seed: expected a whole number, got {_kind(d.get('seed'))}")
    if not isinstance(d.get("options", {}), Mapping):
        raise ReplayError(f"options: expected an object, got {_kind(d.get('options'))}")
    if not isinstance(d.get("start"), Mapping):
        raise ReplayError(f"start: expected the state recording began with, got {_kind(d.get('start'))}")
    if not isinstance(d.get("stream"), list):
        raise ReplayError(f"stream: expected a list, got {_kind(d.get('stream'))}")
    result = d.get("result")
    if not isinstance(result, Mapping) or set(result) - _RESULT_KEYS or "checksum" not in result:
        raise ReplayError(f"result: expected {{turns, winner, checksum}}, got {result!r:.80}")
    if not isinstance(result["checksum"], str) or len(result["checksum"]) != 16:
        raise ReplayError(f"result.checksum: expected 16 hex digits, got {result['checksum']!r:.40}")
    if not _is_int(result.get("turns", 0)) or result.get("turns", 0) < 0:
        raise ReplayError(f"result.turns: expected a whole number >= 0, got {result.get('turns')!r:.40}")
    if not _is_int(result.get("begun", 0)) or result.get("begun", 0) < 0:
        raise ReplayError(f"result.begun: expected a whole number >= 0, got {result.get('begun')!r:.40}")
    if not isinstance(result.get("over", True), bool):
        raise ReplayError(f"result.over: expected true or false, got {result.get('over')!r:.40}")
    winner = result.get("winner")
    if winner is not None and (not _is_int(winner) or not 0 <= winner < len(seats)):
        raise ReplayError(f"result.winner: expected a seat 0..{len(seats) - 1} or null, got {winner!r:.40}")
    return dict(d)
