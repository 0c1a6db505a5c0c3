"""Cactus hand input over the wire: the replay stream's entries, checked, played onto a match and noted.

The input of a Cactus turn travels as entries of the replay stream (:mod:`game.replay.cactus`: step counts,
``["s", n, dt]``, pointer moves ``[dx, dy]`` in 1/100 mm, ``["n", x, y]`` grab_new, ``["l"]`` release, ``["c"]``
confirm ...), never in a second encoding. This module holds what both ends of the wire share:

* :func:`check_batch` checks one message's entries strictly (the replay format's own check, then the limits of
  remote play: no refused or resume marks, sane ``dt`` and coordinates, at most :data:`MAX_ITEMS` entries and
  :data:`MAX_STEPS` steps and :data:`MAX_MESSAGE_SECONDS` of physics per message (a turn's bounds, ``MAX_TURN_*``, are
  the table's to keep), and a call that the match may refuse
  only as the first entry of its message, a confirm alone). Because every call that can be refused comes first,
  the table tries it on its match before anything else happens, and a refused call changes nothing (the match
  raises before it changes anything); the entries after it (steps, pointer moves, turns of the piece) are never
  refused.
* :class:`Feed` plays checked entries onto a match (the replay's way: steps skipped while the world rests).
* :class:`NotedMatch` is a :class:`~game.cactus.match.Match` whose calls are noted, while a :class:`Capture` is
  attached, as entries (``CactusRecord.note``: the pointer rounded to what the stream carries, so the local
  match runs on exactly the input that is sent) and cut into batches that obey :func:`check_batch`.
* :func:`blind` is a match's dict as it may be sent: the rules' generator and the seed are the server's secret
  (whoever knew them could foretell every roll), so a sent snapshot carries one fixed public generator state
  (:data:`PUBLIC_RNG`) and seed 0 instead. The die is rolled on the server alone: a roll travels as
  ``["r", face]``, made everywhere else as a told roll (``Match.roll(told)``), which leaves the generator as it
  is, so every copy's blind dict stays the server's blind dict and the checksums compare blind dicts.

Pure: no pygame, no sockets, no clock.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.cactus.match import SETTLE_CAP, Match, MatchError, Stage
from game.cactus.rules import Face
from game.net.seat_messages import MAX_CLAIMS, MAX_ITEMS, MAX_TEXT
from game.net.seat_messages import cactus_claim as check_claim
from game.net.server.room_table import TableError
from game.replay.cactus import ACTIONS, QUANTUM, CactusRecord, apply_action
from game.replay.format import ReplayError, checksum
from game.rngstate import rng_to_json

#: Codes of the calls a match may refuse (roll, take, grab_new, drop, grab, release, take_back, confirm).
REFUSABLE = frozenset("rtndglbc")
#: Steps in one input message (3 s at the app's 100 Hz); a settle_now counts as :data:`SETTLE_STEPS` (all of
#: them: it comes first in its message).
MAX_STEPS = 300
#: Simulated seconds in one input message (the cost of a step grows with its dt: the world steps at a fixed
#: sub-step); a settle_now counts as its cap (:data:`~game.cactus.match.SETTLE_CAP` without one, which fits).
MAX_MESSAGE_SECONDS = SETTLE_CAP
#: The bounds of one turn of a seat (the most a client can make the server run and keep per turn): steps,
#: simulated seconds, stream entries and the bytes of the entries (what a joiner is sent of the turn). A turn
#: that would pass one is finished by the table's bot (:meth:`~game.net.server.cactus_table.CactusTable.act`).
MAX_TURN_STEPS = 60_000
MAX_TURN_SECONDS = 600.0
MAX_TURN_ENTRIES = 50_000
MAX_TURN_BYTES = 1024 * 1024
SETTLE_STEPS = MAX_STEPS
#: The step sizes a client may ask for (the app steps 0.01 s).
MIN_DT, MAX_DT = 0.001, 0.05
#: Coordinates (mm) and turns (radians) beyond these are no input of a real hand.
MAX_COORD = 100_000.0
MAX_TURN = 4 * math.tau
#: The rules' generator state of every snapshot that is sent (``random.Random(0)``'s: public, never used to roll).
PUBLIC_RNG = rng_to_json(random.Random(0))


def blind(d: Mapping[str, Any]) -> dict[str, Any]:
    """The match dict ``d`` as it may be sent: the rules' generator state replaced by :data:`PUBLIC_RNG` and the
    seeds (the rules' and the world's) by 0; everything else as it is."""
    out = dict(d)
    rules = dict(out["rules"])
    rules["rng"] = {**PUBLIC_RNG, "state": list(PUBLIC_RNG["state"])}
    rules["seed"] = 0
    out["rules"] = rules
    world = out.get("world")
    if isinstance(world, Mapping):
        out["world"] = {**world, "seed": 0}
    return out


def bad(message: str) -> TableError:
    return TableError("bad_message", message)


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def steps_in(entry: object) -> int:
    """The steps an entry asks for (its cost for the limits)."""
    if _whole(entry):
        return int(entry)  # type: ignore[call-overload]
    if isinstance(entry, list) and entry and entry[0] == "s":
        return int(entry[1])
    if isinstance(entry, list) and entry and entry[0] == "z":
        return SETTLE_STEPS
    return 0


def seconds_in(items: Sequence[Any], dt: float | None) -> float:
    """The simulated seconds checked ``items`` ask for, the current step being ``dt`` before them."""
    seconds = 0.0
    for entry in items:
        if _whole(entry):
            seconds += int(entry) * (dt or 0.0)
        elif entry and entry[0] == "s":
            dt = float(entry[2])
            seconds += int(entry[1]) * dt
        elif entry and entry[0] == "z":
            seconds += float(entry[1]) if len(entry) > 1 else SETTLE_CAP
    return seconds


def check_batch(items: object, record: CactusRecord) -> list[Any]:
    """``items`` as one message's checked entries, following ``record`` (its current dt and pointer); TableError
    bad_message naming the entry otherwise."""
    if not isinstance(items, list) or not items:
        raise bad("\"items\" must be a non-empty list of stream entries")
    if len(items) > MAX_ITEMS:
        raise bad(f"\"items\" holds at most {MAX_ITEMS} entries, got {len(items)}")
    scratch = CactusRecord({}, dt=record.dt, pointer=record.pointer)
    try:
        scratch.extend(items, "items")
    except ReplayError as exc:
        raise bad(str(exc)) from None
    steps = 0
    pointer = record.pointer
    for i, entry in enumerate(items):
        steps += steps_in(entry)
        if _whole(entry):
            continue
        code = entry[0]
        if _whole(code):
            pointer = (pointer[0] + code, pointer[1] + entry[1])
            if max(abs(pointer[0]), abs(pointer[1])) > MAX_COORD * QUANTUM:
                raise bad(f"items[{i}]: the pointer leaves the table by far")
            continue
        if code.startswith("!") or code == "R":
            raise bad(f"items[{i}]: {code!r} is not sent (refused calls and resume marks stay local)")
        if code in REFUSABLE and i > 0:
            raise bad(f"items[{i}]: a call that can be refused ({code!r}) must begin its message")
        if code == "c" and len(items) > 1:
            raise bad("items: a confirm ends the turn: it is the only entry of its message")
        if code == "r" and len(entry) > 1:
            raise bad(f"items[{i}]: the server rolls the die: a roll is sent as [\"r\"], without a face")
        if code == "r" and len(items) > 1:
            raise bad("items: a roll waits for the server's die: it is the only entry of its message")
        args = entry[1:]
        if code == "s" and not MIN_DT <= args[1] <= MAX_DT:
            raise bad(f"items[{i}]: dt must be {MIN_DT}..{MAX_DT} s")
        if code == "t" and len(args[0]) > MAX_TEXT:
            raise bad(f"items[{i}]: a piece id has at most {MAX_TEXT} characters")
        if code == "c" and args and (len(args[0]) > MAX_CLAIMS or any(len(c) > MAX_TEXT for c in args[0])):
            raise bad(f"items[{i}]: at most {MAX_CLAIMS} claims of at most {MAX_TEXT} characters")
        if code in "ndg" and any(abs(v) > MAX_COORD for v in args[:2]):
            raise bad(f"items[{i}]: coordinates must lie within ±{MAX_COORD:.0f} mm")
        if code in "od" and abs(args[-1]) > MAX_TURN:
            raise bad(f"items[{i}]: an angle must lie within ±{MAX_TURN:.1f}")
        if code == "z" and args and not 0 <= args[0] <= 60:
            raise bad(f"items[{i}]: a settle cap must be 0..60 s")
    if steps > MAX_STEPS:
        raise bad(f"items: at most {MAX_STEPS} steps per message, got {steps}")
    if seconds_in(items, record.dt) > MAX_MESSAGE_SECONDS:
        raise bad(f"items: at most {MAX_MESSAGE_SECONDS:g} s of physics per message")
    return list(items)


def flowers_of(match: Match) -> list[int]:
    return [match.rules.bank.value(p) for p in range(match.rules.players)]


def verdict(match: Match) -> dict[str, Any]:
    """What a turn's end came to: the checksum of the match's :func:`blind` dict (what the server and every
    client can agree on) and every seat's flowers (a confirm's claim)."""
    return {"checksum": checksum(blind(match.to_dict())), "flowers": flowers_of(match)}


class Feed:
    """Plays checked entries onto ``match`` in order; keeps the current dt and pointer."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.dt = 0.0
        self.pointer = (0, 0)

    def play(self, entry: Any) -> None:
        """One entry; MatchError when the match refuses a call (nothing changed then)."""
        if _whole(entry):
            self.run(int(entry))
            return
        code = entry[0]
        if _whole(code):
            self.pointer = (self.pointer[0] + code, self.pointer[1] + entry[1])
            self.match.move_hand((self.pointer[0] / QUANTUM, self.pointer[1] / QUANTUM))
        elif code == "s":
            self.dt = float(entry[2])
            self.run(int(entry[1]))
        else:
            apply_action(self.match, entry)

    def run(self, n: int) -> None:
        """``n`` steps of the current dt (none while nothing moves: a step would change nothing)."""
        m = self.match
        for _ in range(n):
            if m.is_over or m.resting:
                return
            m.step(self.dt)

    def follow(self, entries: Sequence[Any]) -> None:
        """Entries already made on the match (noted as they were made): only keep the dt and pointer."""
        for entry in entries:
            if isinstance(entry, list) and entry and _whole(entry[0]):
                self.pointer = (self.pointer[0] + entry[0], self.pointer[1] + entry[1])
            elif isinstance(entry, list) and entry and entry[0] == "s":
                self.dt = float(entry[2])


class Capture:
    """Notes the calls made on a :class:`NotedMatch` as stream entries, cut into batches of at most
    :data:`MAX_ITEMS` / 2 entries and :data:`MAX_STEPS` / 2 steps that begin with any call that can be refused; a
    confirm closes its batch with the match's :func:`verdict` as ``claim``. Steps while nothing moves are not
    noted (they change nothing). A roll made on the match is noted with its face (``["r", face]``: the server's
    bots). ``remote_die`` (a client's seat): a roll is not made here, where the die is not known; it is noted as
    ``["r"]``, alone in its batch, and :attr:`rolling` is set until the server's face comes
    (:meth:`rolled`); meanwhile every call on the match does nothing (so what the server makes after the roll is
    what this match makes after it)."""

    def __init__(self, dt: float | None = None, pointer: tuple[int, int] = (0, 0), *,
                 remote_die: bool = False) -> None:
        self.record = CactusRecord({}, dt=dt, pointer=pointer)
        self.ready: list[dict[str, Any]] = []
        self.steps = 0  # in the open batch
        self.depth = 0
        self.confirmed = False
        self.remote_die = remote_die
        #: A roll was sent and its face has not come yet.
        self.rolling = False

    def note(self, match: Match, name: str, args: tuple[Any, ...],
             kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]] | None:
        """The arguments to make the call with, or None when it is not noted."""
        if name == "step" and (match.resting or match.is_over):
            return None
        stream = self.record.stream
        code = "c" if name == "confirm" else {"roll": "r", "take": "t", "grab_new": "n", "drop": "d", "grab": "g",
                                               "release": "l", "take_back": "b"}.get(name)
        if stream and (code is not None or name == "settle_now" or len(stream) >= MAX_ITEMS // 2
                       or self.steps >= MAX_STEPS // 2):
            self.cut()
        if name == "settle_now":
            self.steps += SETTLE_STEPS
        elif name == "step":
            self.steps += 1
        return self.record.note(name, args, kwargs)

    def refused(self) -> None:
        """The call just noted was refused: it is not sent (it changed nothing)."""
        self.record.stream.pop()

    def made(self, match: Match, name: str, result: Any) -> None:
        if name == "confirm":
            self.cut(claim=verdict(match))
            self.confirmed = True
        elif name == "roll":
            self.record.stream[-1] = ["r", str(result)]  # calls inside the roll are not noted: it is the last

    def ask_roll(self) -> None:
        """``remote_die``: the roll asked of the server, in a batch of its own; calls wait for its face."""
        self.cut()
        self.record.note("roll", (), {})
        self.cut()
        self.rolling = True

    def rolled(self, match: Match, face: str) -> None:
        """The server's face of the roll asked for: made on ``match`` as a told roll (not noted again)."""
        self.rolling = False
        match.roll(Face(face))

    def cut(self, claim: dict[str, Any] | None = None) -> None:
        """Close the open batch (if it holds anything)."""
        if self.record.stream:
            batch: dict[str, Any] = {"items": self.record.stream}
            if claim is not None:
                batch["claim"] = claim
            self.ready.append(batch)
        self.record = CactusRecord({}, dt=self.record.dt, pointer=self.record.pointer)
        self.steps = 0

    def take(self, *, wait_for_steps: bool = False) -> list[dict[str, Any]]:
        """The batches noted so far (the open one closed): ``{"items": [...], "claim"?: {...}}``.
        ``wait_for_steps``: an open batch of pointer moves alone stays open until a step joins it (a screen
        faster than the physics then sends no more messages than there are steps)."""
        if not (wait_for_steps and self.steps == 0):
            self.cut()
        ready, self.ready = self.ready, []
        return ready


class NotedMatch(Match):
    """A match whose public actions are noted into :attr:`capture` while one is attached (see :class:`Capture`);
    calls made inside another call (``roll`` taking the only fitting piece) are not noted twice, nor is a told
    roll (the server's face, already in the stream). Copies (``clone``, the bot's trials) are plain matches."""

    capture: Capture | None = None


def _noting(name: str) -> Callable[..., Any]:
    method = getattr(Match, name)

    @functools.wraps(method)
    def noted(self: NotedMatch, *args: Any, **kwargs: Any) -> Any:
        capture = self.capture
        if capture is None or capture.depth or capture.confirmed:
            return method(self, *args, **kwargs)
        if name == "roll" and (args or kwargs.get("told") is not None):  # the server's face: in its stream already,
            capture.depth += 1  # and so is the piece it takes at once (the only one that fits)
            try:
                return method(self, *args, **kwargs)
            finally:
                capture.depth -= 1
        if capture.rolling:
            return None  # the match waits for the server's die
        if name == "roll" and capture.remote_die:
            if self.stage != Stage.ROLL:
                raise MatchError("stage", f"not possible now (stage {self.stage.value})")
            capture.ask_roll()
            return None
        capture.depth += 1
        try:
            made = capture.note(self, name, args, kwargs)
            if made is None:
                return method(self, *args, **kwargs)
            try:
                result = method(self, *made[0], **made[1])
            except MatchError:
                capture.refused()
                raise
            capture.made(self, name, result)
            return result
        finally:
            capture.depth -= 1

    return noted


for _name in ACTIONS:
    setattr(NotedMatch, _name, _noting(_name))


def noted(d: Mapping[str, Any]) -> NotedMatch:
    """``NotedMatch.from_dict(d)`` (ValueError naming what is wrong with ``d``)."""
    match = NotedMatch.from_dict(d)
    assert isinstance(match, NotedMatch)
    return match


def adopt(into: Match, fresh: Match) -> None:
    """Make ``into`` the match ``fresh`` is (in place: whoever holds ``into`` - a scene, its camera - sees the
    new match), as a recording begins (:mod:`game.cactus.record`)."""
    into.__dict__.clear()
    into.__dict__.update(fresh.__dict__)


__all__ = ["MAX_ITEMS", "MAX_MESSAGE_SECONDS", "MAX_STEPS", "MAX_TURN_BYTES", "MAX_TURN_ENTRIES", "MAX_TURN_SECONDS",
           "MAX_TURN_STEPS", "PUBLIC_RNG", "REFUSABLE", "Capture", "Feed", "NotedMatch", "adopt", "blind",
           "check_batch", "check_claim", "flowers_of", "noted", "seconds_in", "steps_in", "verdict"]
