"""The Cactus recorder: records a live match for its replay (the format: :mod:`game.replay.cactus`).

:meth:`Recorder.begin` rebuilds the match in place from its own dict (so the replay, built from that same dict,
runs the same future), then wraps the match's public actions on that one instance (``ACTIONS``: every call
that changes the game, from the scene, the bots or a test) so that each call is noted before it is made; calls
made inside another (``roll`` taking the only fitting piece) are not noted twice. Copies of the match (the
bots' trials, ``clone``) are not recorded.

The autosave carries the recording (:func:`saved_form`); a match read back from it is adopted
(:func:`adopt`), so the recorder begun on it goes on with the same recording, marking the resume: a game saved
and resumed records one replay of the whole game.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.cactus.match import Match, MatchError
from game.replay import store
from game.replay.cactus import ACTIONS, CactusRecord, plain, replay
from game.replay.format import ReplayError, checksum

#: The recorder of each recorded live match.
_active: weakref.WeakKeyDictionary[Match, Recorder] = weakref.WeakKeyDictionary()
#: Matches read back from an autosave: the recording they continue and the save's checksum.
_adopted: weakref.WeakKeyDictionary[Match, tuple[CactusRecord, str]] = weakref.WeakKeyDictionary()


class Recorder:
    """Records one live match; :meth:`write` writes its replay (once)."""

    def __init__(self, match: Match, record: CactusRecord) -> None:
        self.live = weakref.ref(match)  # weak: the match holds its recorder through its wrapped actions
        self.record = record
        self.depth = 0
        self.written: Path | None = None

    @classmethod
    def begin(cls, match: Match) -> Recorder:
        """Start (or go on with) recording ``match``: rebuilt in place, its actions wrapped."""
        if match in _active:
            return _active[match]
        start = plain(match)
        match.rebuild(start)
        adopted = _adopted.pop(match, None)
        if adopted is None:
            record = CactusRecord(start)
        else:
            record, saved = adopted
            record.note_resume(saved)
        recorder = cls(match, record)
        for name in ACTIONS:
            setattr(match, name, recorder.wrap(name, getattr(match, name)))
        _active[match] = recorder
        return recorder

    def wrap(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def noted(*args: Any, **kwargs: Any) -> Any:
            if self.depth:
                return method(*args, **kwargs)
            self.depth += 1
            try:
                args, kwargs = self.record.note(name, args, kwargs)
                try:
                    return method(*args, **kwargs)
                except MatchError:
                    self.record.refused()
                    raise
            finally:
                self.depth -= 1
        return noted

    def replay(self, created: str = "") -> dict[str, Any]:
        """The replay of the game so far."""
        match = self.live()
        if match is None:
            raise ReplayError("the recorded match is gone")
        return replay(self.record, match, created)

    def write(self, path: Path | None = None, name: str = "") -> Path | None:
        """Write the replay (to ``path``, else into the user data dir's replays/, as ``name`` when given: the
        game's one file over all its sittings) unless it was written or nothing was played; OSError when it
        cannot be written."""
        if self.written is not None or not self.record.acted:
            return self.written
        now = datetime.now(UTC)
        self.written = store.write(self.replay(now.isoformat(timespec="seconds")), path, now.strftime("%Y%m%d-%H%M%S"),
                                   name)
        return self.written


def recorder_of(match: Match) -> Recorder | None:
    return _active.get(match)


def saved_form(match: Match) -> dict[str, Any]:
    """The autosave of ``match``: its dict, with the recording so far as ``replay`` when it is recorded."""
    d = match.to_dict()
    recorder = _active.get(match)
    if recorder is not None:
        d["replay"] = recorder.record.to_json()
    return d


def adopt(match: Match, saved: Mapping[str, Any]) -> None:
    """``match`` was read back from the autosave ``saved``: the recorder begun on it goes on with the save's
    recording (a save without one, with a broken one or with one of an older version, whose stream would not play
    the same game, starts a new recording there)."""
    raw = saved.get("replay")
    if not isinstance(raw, Mapping) or not CactusRecord.current(raw):
        return
    try:
        record = CactusRecord.from_json(raw)
    except ReplayError:
        return
    _adopted[match] = (record, checksum(plain_save(saved)))


def plain_save(saved: Mapping[str, Any]) -> dict[str, Any]:
    """An autosave without its recording: the match's dict as saved."""
    return {k: v for k, v in saved.items() if k != "replay"}


__all__ = ["Recorder", "adopt", "plain_save", "recorder_of", "saved_form"]
