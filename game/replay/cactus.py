"""Cactus replays: the first position, the match's actions and the hand's input, rebuilt and verified exactly.

The physics is deterministic on one build from one snapshot: two matches built by ``Match.from_dict`` from the
same dict have the same future under the same calls (a stepped space and its copy do not). So recording begins
by rebuilding the live match from its own dict (:func:`rebuilt`), that dict is ``start``, and replaying builds
``Match.from_dict(start)`` and makes the same calls in the same order. Every turn starts from its snapshot (the
match rebuilds itself as a turn ends, ``Match.rebuild``), in the live game and in its replay alike: that is the
recording's :data:`VERSION` 2. A version 1 replay (the physics ran on from turn to turn) is refused in plain words
(:class:`~game.replay.format.OlderReplay`); an autosave whose recording is of version 1 begins a new one.

``stream`` holds every call that changes the match, in order, compactly:

* ``n`` (a whole number): ``n`` steps of the current ``dt``; ``["s", n, dt]``: ``n`` steps of ``dt`` (it becomes
  the current one);
* ``[dx, dy]`` (two whole numbers): ``move_hand`` (the pointer, in 1/100 mm, relative to the previous pointer;
  the live match is handed the same rounded point, so both run on the same input);
* ``["r"]`` roll (``["r", face]``: the face rolled elsewhere, a table server's die, made as a told roll:
  :meth:`Match.roll`'s ``told``; local games record ``["r"]``, their generator is in ``start``), ``["t", piece]``
  take, ``["n", x, y]`` grab_new, ``["d", x, y, angle]`` drop, ``["g", x, y]`` grab, ``["o", delta]`` rotate,
  ``["l"]`` release, ``["b"]`` take_back, ``["c"]`` / ``["c", claims]`` confirm,
  ``["z"]`` / ``["z", cap]`` settle_now;
* ``["R", checksum]``: the game was saved here and resumed (the checksum of the save); replaying rebuilds the
  match as the resume did (:func:`resumed`), and a different checksum means the stream went astray.

Calls the live match refused (:class:`MatchError`) are recorded too, their code marked ``!`` (``["!n", x, y]``),
and must be refused again on replay (and the others must not be). Verifying is exact when the final state's
checksum and turn equal the recorded ones, every resume point matched and every call was taken or refused as it
was live. (A change that changes nothing cannot be seen: steps while nothing moves, a refused call marked as
refused; such a stream replays the same game.)
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.cactus.match import Match, MatchError
from game.cactus.rules import Face
from game.replay.format import FORMAT, VERSIONS, ReplayError, check, checksum

ROOM = "cactus"
#: The recording's version (see the module doc).
VERSION = VERSIONS[ROOM]
#: Pointer positions are recorded in 1/QUANTUM mm.
QUANTUM = 100
#: The match calls that are recorded (every public method that changes the game).
ACTIONS = ("roll", "take", "grab_new", "drop", "grab", "move_hand", "rotate", "release", "take_back", "confirm",
           "settle_now", "step")
#: The faces a roll entry may tell (``["r", face]``).
FACES = frozenset(f.value for f in Face)
#: A replay that steps a moving world more often than this is not believed (a tampered count).
MAX_STEPS = 20_000_000
_CODES = {"r": (0, 1), "t": 1, "n": 2, "d": 3, "g": 2, "o": 1, "l": 0, "b": 0, "c": (0, 1), "z": (0, 1), "R": 1, "s": 2}


def plain(match: Match) -> dict[str, Any]:
    """``match.to_dict()`` as it reads back from JSON (a save's form)."""
    return json.loads(json.dumps(match.to_dict()))  # type: ignore[no-any-return]


def rebuilt(match: Match) -> tuple[Match, dict[str, Any]]:
    """A match built from ``match``'s own dict, and that dict: the start of a recording (see the module doc)."""
    d = plain(match)
    return Match.from_dict(d), d


def resumed(match: Match) -> tuple[Match, str]:
    """What saving ``match`` and resuming it gives (the save read back, then rebuilt as recording begins), and
    the save's checksum."""
    saved = plain(match)
    again, _ = rebuilt(Match.from_dict(saved))
    return again, checksum(saved)


def _number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


@dataclass
class CactusRecord:
    """A recording: the first position and the stream since (see the module doc); :meth:`note` adds a call."""

    start: dict[str, Any]
    stream: list[Any] = field(default_factory=list)
    dt: float | None = None  # the current step
    pointer: tuple[int, int] = (0, 0)  # the last pointer, in 1/QUANTUM mm

    def note(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """Record the call ``name(*args, **kwargs)``; returns the arguments to make it with (the pointer rounded,
        claims as a list)."""
        bound = _bind(name, args, kwargs)
        s = self.stream
        if name == "step":
            dt = float(bound[0])
            if dt == self.dt and s and _whole(s[-1]):
                s[-1] += 1
            elif dt == self.dt:
                s.append(1)
            else:
                s.append(["s", 1, dt])
                self.dt = dt
            return (dt,), {}
        if name == "move_hand":
            x, y = bound[0]
            qx, qy = round(float(x) * QUANTUM), round(float(y) * QUANTUM)
            s.append([qx - self.pointer[0], qy - self.pointer[1]])
            self.pointer = (qx, qy)
            return ((qx / QUANTUM, qy / QUANTUM),), {}
        if name in ("grab_new", "grab"):
            x, y = (float(v) for v in bound[0])
            s.append(["n" if name == "grab_new" else "g", x, y])
            return ((x, y),), {}
        if name == "drop":
            x, y = (float(v) for v in bound[0])
            angle = float(bound[1])
            s.append(["d", x, y, angle])
            return ((x, y), angle), {}
        if name == "take":
            s.append(["t", str(bound[0])])
            return (str(bound[0]),), {}
        if name == "rotate":
            s.append(["o", float(bound[0])])
            return (float(bound[0]),), {}
        if name == "confirm":
            claims = None if bound[0] is None else [str(c) for c in bound[0]]
            s.append(["c"] if claims is None else ["c", claims])
            return (), {"claims": claims}
        if name == "settle_now":
            cap = None if bound[0] is None else float(bound[0])
            s.append(["z"] if cap is None else ["z", cap])
            return (), {"cap": cap}
        if name == "roll" and bound[0] is not None:
            face = Face(bound[0])
            s.append(["r", face.value])
            return (face,), {}
        s.append([{"roll": "r", "release": "l", "take_back": "b"}[name]])
        return (), {}

    def refused(self) -> None:
        """The call just noted was refused by the match (MatchError): mark it so."""
        last = self.stream[-1] if self.stream else None
        if isinstance(last, list) and last and isinstance(last[0], str) and not last[0].startswith("!"):
            last[0] = "!" + last[0]

    def note_resume(self, saved_checksum: str) -> None:
        self.stream.append(["R", saved_checksum])

    @property
    def acted(self) -> bool:
        """Whether anything but steps was recorded."""
        return any(isinstance(e, list) and not (e and e[0] == "s") for e in self.stream)

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "stream": list(self.stream), "version": VERSION}

    @staticmethod
    def current(d: Mapping[str, Any]) -> bool:
        """Whether the recording ``d`` (:meth:`to_json`'s form) is of this version: its stream plays the same game."""
        return d.get("version", 1) == VERSION

    @classmethod
    def from_json(cls, d: object) -> CactusRecord:
        """A recording from ``{start, stream}`` (a replay or an autosave's ``replay``); ReplayError naming the field."""
        if not isinstance(d, Mapping) or not isinstance(d.get("start"), Mapping):
            raise ReplayError("start: expected the state recording began with")
        stream = d.get("stream")
        if not isinstance(stream, list):
            raise ReplayError("stream: expected a list")
        record = cls(dict(d["start"]))
        for i, entry in enumerate(stream):
            record._take(entry, f"stream[{i}]")
        return record

    def extend(self, entries: Iterable[object], where: str = "stream") -> None:
        """Append checked entries, all or none (ReplayError naming the first bad one; the record unchanged):
        entries that come in while a game is played (remote play, :mod:`game.net.server.cactus_table`)."""
        size, dt, pointer = len(self.stream), self.dt, self.pointer
        try:
            for i, entry in enumerate(entries):
                self._take(entry, f"{where}[{i}]")
        except ReplayError:
            del self.stream[size:]
            self.dt, self.pointer = dt, pointer
            raise

    def _take(self, entry: object, where: str) -> None:
        """Append a checked stream entry, following the current dt and pointer."""
        if _whole(entry):
            if self.dt is None or not 1 <= entry <= MAX_STEPS:  # type: ignore[operator]
                raise ReplayError(f"{where}: {entry} steps {'before any dt' if self.dt is None else 'is too many'}")
        elif not isinstance(entry, list) or not entry:
            raise ReplayError(f"{where}: expected a step count or an action list, got {entry!r:.60}")
        elif _whole(entry[0]):
            if len(entry) != 2 or not all(_whole(v) and abs(v) <= 10**9 for v in entry):
                raise ReplayError(f"{where}: expected a pointer move [dx, dy], got {entry!r:.60}")
            self.pointer = (self.pointer[0] + entry[0], self.pointer[1] + entry[1])
        else:
            _check_action(entry, where)
            if entry[0] == "s":
                self.dt = float(entry[2])
        self.stream.append(entry)


def _bind(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
    """The positional arguments of a call, defaults filled in."""
    names = {"step": ("dt",), "move_hand": ("point",), "grab_new": ("point",), "grab": ("point",),
             "drop": ("point", "angle"), "take": ("piece_id",), "rotate": ("delta",), "confirm": ("claims",),
             "settle_now": ("cap",), "roll": ("told",)}.get(name, ())
    defaults = {"angle": 0.0, "claims": None, "cap": None, "told": None}
    values = list(args)
    for key in names[len(values):]:
        values.append(kwargs.get(key, defaults.get(key)))
    return values


def _check_action(entry: list[Any], where: str) -> None:
    code = entry[0]
    if isinstance(code, str) and code.startswith("!") and code[1:] not in ("s", "R"):
        code = code[1:]
    if not isinstance(code, str) or code not in _CODES:
        raise ReplayError(f"{where}: unknown action {code!r:.20}")
    want = _CODES[code]
    counts = want if isinstance(want, tuple) else (want,)
    if len(entry) - 1 not in counts:
        raise ReplayError(f"{where}: {code!r} takes {' or '.join(map(str, counts))} value(s), got {entry!r:.60}")
    args = entry[1:]
    if code == "s":
        ok = _whole(args[0]) and 1 <= args[0] <= MAX_STEPS and _number(args[1]) and 0 < args[1] <= 1
    elif code == "t":
        ok = isinstance(args[0], str)
    elif code == "c":
        ok = not args or (isinstance(args[0], list) and all(isinstance(c, str) for c in args[0]))
    elif code == "R":
        ok = isinstance(args[0], str) and len(args[0]) == 16
    elif code == "r":
        ok = not args or (isinstance(args[0], str) and args[0] in FACES)
    else:
        ok = all(_number(v) for v in args)
    if not ok:
        raise ReplayError(f"{where}: bad values for {code!r}: {entry!r:.60}")


class Player:
    """Plays a recording back on a match built from its start, entry by entry."""

    def __init__(self, record: CactusRecord) -> None:
        self.record = record
        try:
            self.match = Match.from_dict(record.start)
        except ValueError as exc:
            raise ReplayError(f"start: {exc}") from None
        self.index = 0  # the next entry
        self.dt = 0.0
        self.pointer = (0, 0)
        self.diverged = False  # a resume point did not match
        self.steps = 0  # steps of a moving world so far

    @property
    def done(self) -> bool:
        return self.index >= len(self.record.stream)

    def advance(self) -> Any:
        """Play the next entry; returns it."""
        entry = self.record.stream[self.index]
        where = f"stream[{self.index}]"
        self.index += 1
        m = self.match
        if _whole(entry):
            self._steps(int(entry), where)
            return entry
        code = entry[0]
        if _whole(code):
            self.pointer = (self.pointer[0] + entry[0], self.pointer[1] + entry[1])
            m.move_hand((self.pointer[0] / QUANTUM, self.pointer[1] / QUANTUM))
            return entry
        if code == "s":
            self.dt = float(entry[2])
            self._steps(int(entry[1]), where)
            return entry
        if code == "R":
            self.match, saved = resumed(m)
            self.diverged = self.diverged or saved != entry[1]
            return entry
        refused = code.startswith("!")
        try:
            apply_action(m, [code.lstrip("!"), *entry[1:]])
            taken = True
        except MatchError:
            taken = False
        except (ValueError, ArithmeticError) as exc:
            raise ReplayError(f"{where}: {exc}") from None
        if taken == refused:
            self.diverged = True  # taken where the live match refused it, or the other way round
        return entry

    def steps_of(self, n: int) -> None:
        """``n`` steps of the current dt (for a viewer that plays a step entry bit by bit)."""
        self._steps(n, f"stream[{self.index - 1}]")

    def _steps(self, n: int, where: str) -> None:
        m = self.match
        for _ in range(n):
            if m.is_over or m.resting:
                return  # a step changes nothing then, nor do the ones after it
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise ReplayError(f"{where}: more than {MAX_STEPS} steps of a moving world")
            m.step(self.dt)

    def run(self) -> Match:
        while not self.done:
            self.advance()
        return self.match


def is_action(entry: object) -> bool:
    """Whether a stream entry is a match action (not steps, a pointer move or a resume mark)."""
    return isinstance(entry, list) and isinstance(entry[0], str) and entry[0] not in ("s", "R", "!s", "!R")


#: A viewer playing a replay waits this long (game time) after each action, so that a game whose actions
#: came with no time between them (bots in a hurry) can still be followed.
ACTION_SECONDS = 0.35


class CactusSession:
    """A recorded game as a viewer sees it: the match at stream position ``index`` (the first ``index`` entries
    played), played on exactly by :meth:`play` (steps in real time; idle time, when nothing moves, skipped),
    moved by :meth:`seek`, :meth:`step` (one action) and :meth:`turn_start`. Going back re-simulates from the
    start, so every position shown is the one the game had (the replay is exact, never approximate)."""

    def __init__(self, record: CactusRecord) -> None:
        self.record = record
        probe = Player(record)
        self.turn_starts = [0]
        turn = probe.match.rules.turn_number
        while not probe.done:
            probe.advance()
            if probe.match.rules.turn_number != turn:
                turn = probe.match.rules.turn_number
                self.turn_starts.append(probe.index)
        self.turns = len(self.turn_starts)
        self.player = Player(record)
        self.left = 0  # steps of the current step entry still to play (0: the entry is not begun)
        self.clock = 0.0
        self.pause = 0.0  # game seconds still to wait after an action (a game played fast stays watchable)

    @property
    def match(self) -> Match:
        return self.player.match

    @property
    def index(self) -> int:
        return self.player.index

    @property
    def length(self) -> int:
        return len(self.record.stream)

    @property
    def turn(self) -> int:
        return max(i for i, k in enumerate(self.turn_starts) if k <= self.index)

    def seek(self, k: int) -> None:
        k = max(0, min(self.length, k))
        self.pause = 0.0
        if k < self.index:
            self.player = Player(self.record)
            self.left = 0
        self._finish_entry()
        while self.player.index < k:
            self.player.advance()
        self.clock = 0.0

    def _finish_entry(self) -> None:
        """Play what is left of a step entry begun by :meth:`play`."""
        if self.left:
            self.player.steps_of(self.left)
            self.left = 0

    def step(self, n: int = 1) -> bool:
        """Move ``n`` actions (negative: back), landing just after an action; False at that end."""
        stream = self.record.stream
        acts = [i + 1 for i, e in enumerate(stream) if is_action(e)]
        here = self.index
        if n > 0:
            later = [k for k in acts if k > here]
            target = later[min(n, len(later)) - 1] if later else self.length
        else:
            earlier = [k for k in acts if k < here]
            target = earlier[max(0, len(earlier) + n)] if earlier else 0
        if target == here and not self.left:
            return False
        self.seek(target)
        return True

    def turn_start(self, turn: int) -> None:
        self.seek(self.turn_starts[max(0, min(self.turns - 1, turn))])

    def play(self, seconds: float) -> bool:
        """Play on for ``seconds`` of game time; False once the end is reached."""
        self.clock += seconds
        p = self.player
        while not p.done or self.left:
            if self.pause > 0:
                if self.clock < self.pause:
                    self.pause -= self.clock
                    self.clock = 0.0
                    return True
                self.clock -= self.pause
                self.pause = 0.0
            if self.left:
                if p.match.resting or p.match.is_over:
                    self.left = 0  # nothing moves: idle time is skipped
                    continue
                if self.clock < p.dt:
                    return True
                self.clock -= p.dt
                p.steps_of(1)
                self.left -= 1
                continue
            entry = self.record.stream[p.index]
            if _whole(entry) or (isinstance(entry, list) and entry[0] == "s"):
                if not _whole(entry):
                    p.dt = float(entry[2])
                self.left = int(entry) if _whole(entry) else int(entry[1])
                p.index += 1
                continue
            p.advance()
            if is_action(entry):
                self.pause = ACTION_SECONDS
        self.clock = 0.0
        return False


def apply_action(m: Match, entry: list[Any]) -> None:
    """Make the match call of a checked action entry (code without its ``!``); MatchError when refused."""
    code, args = entry[0], entry[1:]
    if code == "r":
        m.roll(Face(args[0]) if args else None)
    elif code == "t":
        m.take(args[0])
    elif code == "n":
        m.grab_new((float(args[0]), float(args[1])))
    elif code == "d":
        m.drop((float(args[0]), float(args[1])), float(args[2]))
    elif code == "g":
        m.grab((float(args[0]), float(args[1])))
    elif code == "o":
        m.rotate(float(args[0]))
    elif code == "l":
        m.release()
    elif code == "b":
        m.take_back()
    elif code == "c":
        m.confirm(claims=args[0] if args else None)
    elif code == "z":
        m.settle_now(float(args[0]) if args else None)


def result_of(match: Match) -> dict[str, Any]:
    winners = match.rules.winners
    # ``begun``: the turns begun (turn numbers start at 1 and the end adds none), as the viewer counts them
    return {"turns": match.rules.turn_number, "winner": winners[0] if len(winners) == 1 else None,
            "checksum": checksum(match.to_dict()), "begun": match.rules.turn_number, "over": match.is_over}


def replay(record: CactusRecord, final: Match, created: str = "") -> dict[str, Any]:
    """The replay file of a match that ended (or was left) in ``final``."""
    rules = Match.from_dict(record.start).rules
    return {"format": FORMAT, "room": ROOM, "created": created, "seats": seats_of(rules.names, final.bots),
            "seed": rules.seed, "options": rules.options.to_dict(), **record.to_json(), "result": result_of(final)}


def seats_of(names: Sequence[str], bots: Iterable[bool]) -> list[dict[str, str]]:
    return [{"name": n, "kind": "bot" if b else "human"} for n, b in zip(names, bots, strict=True)]


def load(d: object) -> tuple[dict[str, Any], CactusRecord]:
    """A checked Cactus replay and its recording; ReplayError naming the field otherwise."""
    data = check(d, ROOM)
    record = CactusRecord.from_json(data)
    try:
        first = Match.from_dict(record.start)
    except ValueError as exc:
        raise ReplayError(f"start: {exc}") from None
    rules = first.rules
    if data["seed"] != rules.seed:
        raise ReplayError(f"seed: {data['seed']} is not the recorded game's seed {rules.seed}")
    if data["seats"] != seats_of(rules.names, first.bots):
        raise ReplayError(f"seats: {data['seats']!r:.80} are not the recorded game's seats")
    if dict(data["options"]) != rules.options.to_dict():
        raise ReplayError(f"options: {data['options']!r:.80} are not the recorded game's options")
    return data, record


def positions(record: CactusRecord) -> Iterator[Match]:
    """The match after each entry of the stream (one live match, played on: copy what you keep)."""
    player = Player(record)
    yield player.match
    while not player.done:
        player.advance()
        yield player.match


def verify(d: object) -> dict[str, Any]:
    """Replay ``d`` with no window: ``{"exact": ..., "room": "cactus", "turns": N}``."""
    data, record = load(d)
    player = Player(record)
    final = player.run()
    got = result_of(final)
    exact = (not player.diverged and got["checksum"] == data["result"]["checksum"]
             and got["turns"] == data["result"].get("turns"))
    return {"exact": exact, "room": ROOM, "turns": got["turns"]}


__all__ = ["ACTIONS", "QUANTUM", "ROOM", "VERSION", "CactusRecord", "CactusSession", "Player", "apply_action",
           "is_action", "load", "plain", "positions", "rebuilt", "replay", "result_of", "resumed", "seats_of", "verify"]
