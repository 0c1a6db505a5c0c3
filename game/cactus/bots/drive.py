"""A placement carried out by the hand (C-X1): grab the piece into free air, drag it along a path, let go.

A :class:`Placement` names what the look-ahead bot (:mod:`game.cactus.bots.planner`) decided: which piece, where
(``x``, the height is found above what lies below), at which angle, and a short sideways push at the end of the
path (``nudge``). :func:`hand_path` turns it into the hand's path over the table now; a :class:`Drive` walks a
match along that path one frame at a time through the match's own actions (``rotate``, ``grab_new``,
``move_hand``, ``release``), so the play scene, the recorder and remote play see a hand at work, never a piece
put in place. :func:`trial` runs the same drive headless on a match built from a snapshot dict, settles it and
reports the :class:`Outcome` (the same calls the real turn makes, the hand's way in from above included, on a
copy of the world); :func:`trial_steps` is the same trial in pieces of a few ms, for a search spread over the
play screen's frames.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.cactus.match import Match, MatchError, Stage
from game.cactus.rules import CactusGame
from game.cactus.rules.pieces import N_CACTI
from physics.scenes import drop_position

T = TypeVar("T")

#: One frame of the hand (the scene's fixed step).
FRAME = 1.0 / 60.0
#: mm the piece is lifted above its spot when the hand takes it into free air.
LIFT = 24.0
#: mm the hand moves per frame along the path (about 300 mm/s).
STRIDE = 5.0
#: Frames the hand keeps still at the end of the path so the piece comes to rest in the fingers.
HOLD = 8
#: mm above what lies below where the hand lets go.
CLEAR = 1.5
#: Simulated seconds a trial may settle after the hand let go.
TRIAL_SETTLE = 3.0
#: Frames of the hand's way in from the top of the table (:func:`approach`). A trial makes the same way in: the
#: world steps while the hand comes down, and a trial that skipped those frames met a table that had moved on
#: (a settled stack still creeps), so a placement it judged clean knocked pieces off when carried out.
APPROACH_FRAMES = 18


@dataclass(frozen=True)
class Placement:
    """Piece ``piece`` let go over ``x`` (mm) at ``angle`` (rad), after pressing ``press`` mm down into what lies
    below and pushing ``nudge`` mm sideways (a push that clears the way: it may knock pieces off, C-R5); with
    ``then``, the hand lifts the piece after the push and lets it go over ``then`` (mm) instead, where the way was
    cleared."""

    piece: str
    x: float
    angle: float
    nudge: float = 0.0
    press: float = 0.0
    then: float | None = None

    def moved(self, dx: float, da: float) -> Placement:
        return Placement(self.piece, self.x + dx, math.remainder(self.angle + da, math.tau), self.nudge, self.press,
                         None if self.then is None else self.then + dx)


@dataclass(frozen=True)
class Outcome:
    """What a placement gave on a copy, once settled and (when valid) confirmed."""

    valid: bool  # judged without violations (C-R2..C-R5, C-X5), nothing of the placed piece fell
    fell: bool  # the placed piece fell (C-R5: place again)
    violations: tuple[str, ...]  # the kinds of broken rules
    knocked: int  # pieces knocked off (C-R5)
    touches: int  # hand touches (C-R1)
    gain: int  # the seat's change of flower value over the turn (awards minus penalties)
    after: CactusGame | None = None  # the rules after the confirmed turn, for what it leaves
    next_colours: tuple[str, ...] = ()  # the colours hanging on the next target cactus after the turn
    pose: tuple[float, float, float] | None = None  # where the placed piece came to rest (when valid)
    hanging: tuple[tuple[str, ...], ...] = ()  # the pieces each cactus carries after the turn (with ``after``)


def hand_path(match: Match, p: Placement) -> list[tuple[float, float]] | None:
    """The hand's path for ``p`` on ``match`` now: where it takes the piece (first point, in free air) and each
    frame's pointer after; None when there is no free air for the piece above its spot."""
    world = match.world
    spot = drop_position(world, p.piece, p.x, p.angle, clearance=CLEAR)
    top = world.bounds[3] - world.pieces[p.piece].radius - 2.0
    start = None
    for lift in (LIFT, LIFT * 2, LIFT * 4):
        y = min(top, spot[1] + lift)
        if match.is_free(p.piece, (p.x, y), p.angle):
            start = (p.x, y)
            break
    if start is None:
        return None
    path = [start]
    path += _line(start, spot)
    if p.press:
        path += _line(spot, (spot[0], spot[1] - p.press))
        spot = path[-1]
    if p.nudge:
        path += _line(spot, (spot[0] + p.nudge, spot[1]))
    if p.then is not None:  # up from the push, across in free air, down where the pushed piece was
        path += _over(path[-1], drop_position(world, p.piece, p.then, p.angle, clearance=CLEAR), top)
    path += [path[-1]] * HOLD
    return path


def _over(a: tuple[float, float], b: tuple[float, float], top: float) -> list[tuple[float, float]]:
    """The hand's way from ``a`` to ``b`` over what lies between: up, across, down."""
    high = min(top, max(a[1], b[1]) + LIFT)
    up = (a[0], high)
    across = (b[0], high)
    return [*_line(a, up), *_line(up, across), *_line(across, b)]


def approach(match: Match, p: Placement, path: list[tuple[float, float]], frames: int) -> list[tuple[float, float]]:
    """A way in from high above for the first point of ``path`` (for the eye: the hand comes down from the top
    of the table in free air before it carries the placement out); as many points as fit in ``frames``."""
    if frames <= 0:
        return path
    x, y = path[0]
    top = match.world.bounds[3] - match.world.pieces[p.piece].radius - 4.0
    high = (x, max(y, min(top, y + frames * STRIDE)))
    if high[1] <= y + 1.0 or not match.is_free(p.piece, high, p.angle):
        return path
    return [high, *_line(high, (x, y)), *[(x, y)] * HOLD, *path[1:]]  # still there, as the trials begin


def turn_path(match: Match, p: Placement) -> list[tuple[float, float]] | None:
    """The whole way a turn's hand walks for ``p``: :func:`approach` from the top of the table (``APPROACH_FRAMES``),
    then :func:`hand_path`; None when there is no free air for the piece above its spot. Trials, the planner's
    turn and the hint all walk this one way, so a trial judges the table the turn will meet."""
    path = hand_path(match, p)
    return None if path is None else approach(match, p, path, APPROACH_FRAMES)


def _line(a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    n = max(1, math.ceil(math.dist(a, b) / STRIDE))
    return [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(1, n + 1)]


@dataclass
class Drive:
    """Carries one placement out on a match, one call per frame (see the module doc).

    ``step()`` returns the action taken ("take", "rotate", "grab", "move", "release") or "" when the drive is
    done or cannot go on; with ``steps_world`` it also steps the match one frame while the hand holds the piece
    (headless, and on the play screen, which calls it once per ``FRAME`` of its clock: the hand then does on
    screen what it did in its trial; off, whoever drives the match steps the world)."""

    placement: Placement
    path: list[tuple[float, float]]
    steps_world: bool = True
    index: int = 0
    done: bool = False
    failed: str = ""
    moves: list[tuple[float, float]] = field(default_factory=list)

    def step(self, match: Match) -> str:
        p = self.placement
        if self.done:
            return ""
        try:
            if match.stage == Stage.CHOOSE:
                match.take(p.piece)
                return "take"
            if match.stage == Stage.IN_HAND:
                if abs(math.remainder(p.angle - match.hand_angle, math.tau)) > 1e-9:
                    match.rotate(math.remainder(p.angle - match.hand_angle, math.tau))
                match.grab_new(self.path[0])
                self.index = 1
                return "grab"
            if match.stage == Stage.HOLDING:
                if self.index < len(self.path):
                    point = self.path[self.index]
                    self.index += 1
                    match.move_hand(point)
                    self.moves.append(point)
                    if self.steps_world:
                        match.step(FRAME)
                    return "move"
                match.release()
                self.done = True
                return "release"
        except MatchError as exc:
            self.failed = exc.reason
        self.done = True
        return ""


def run_drive(match: Match, drive: Drive, limit: int = 2000) -> None:
    """Walk ``drive`` to its end on ``match`` (headless)."""
    for _ in range(limit):
        if not drive.step(match):
            return


def sweep_with(match: Match, place: Placement) -> str:
    """A bot's last resort: the hand carries ``place`` out at once, all frames (headless); "sweep", or "idle" when
    the hand finds no way to it."""
    path = hand_path(match, place)
    if path is None:
        return "idle"
    run_drive(match, Drive(place, path))
    return "sweep"


def trial(snapshot: Mapping[str, Any], p: Placement, *, keep_after: bool = False) -> Outcome | None:
    """Carry ``p`` out on ``Match.from_dict(snapshot)``, settle (at most ``TRIAL_SETTLE`` s), confirm when valid.
    None when the hand finds no free air for it."""
    return finish(trial_steps(snapshot, p, keep_after=keep_after))


def finish(steps: Generator[None, None, T]) -> T:
    """Run a pausing computation (``trial_steps`` and the like) to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


#: Hand frames a :func:`trial_steps` runs between two pauses.
STEP_FRAMES = 6


def trial_steps(snapshot: Mapping[str, Any], p: Placement, *,
                keep_after: bool = False) -> Generator[None, None, Outcome | None]:
    """:func:`trial` in pieces: the same calls in the same order, pausing (``yield``) after the copy is built,
    every ``STEP_FRAMES`` frames of the hand and after the settling; its return value is the trial's outcome (so a
    search spread over frames ends as the one run at once)."""
    m = Match.from_dict(snapshot)
    seat = m.current
    before = m.rules.bank.value(seat)
    if m.stage == Stage.CHOOSE:
        m.take(p.piece)
    if m.stage != Stage.IN_HAND or str(m.piece) != p.piece:
        return None
    path = turn_path(m, p)
    if path is None:
        return None
    yield
    drive = Drive(p, path)
    for k in range(2000):
        if not drive.step(m):
            break
        if k % STEP_FRAMES == STEP_FRAMES - 1:
            yield
    if drive.failed:
        return None
    yield
    m.settle_now(TRIAL_SETTLE)
    knocked = len(m.rules.turn.knocked)
    touches = m.rules.turn.hand_touches
    if m.stage != Stage.JUDGED:
        fell = m.stage == Stage.IN_HAND
        return Outcome(False, fell, ("fell",) if fell else (), knocked, touches, m.rules.bank.value(seat) - before)
    kinds = tuple(v.kind for v in m.violations)
    if kinds:
        return Outcome(False, False, kinds, knocked, touches, m.rules.bank.value(seat) - before)
    yield
    pose = m.world.pose(p.piece)
    try:
        m.confirm(claims=[a.kind for a in m.preview_awards()])
    except MatchError:  # judged again at the confirm, something had changed: not a placement to count on
        return Outcome(False, False, ("changed",), knocked, touches, m.rules.bank.value(seat) - before)
    after = m.rules if keep_after else None
    nxt: tuple[str, ...] = ()
    hanging: tuple[tuple[str, ...], ...] = ()
    if keep_after:
        facts = m.facts()
        carried = [facts.carried_by.get(pid) for pid in m.rules.in_world]
        hanging = tuple(tuple(pid for pid, c in zip(m.rules.in_world, carried) if c == k)
                        for k in range(N_CACTI))
        target = m.rules.target_cactus()
        if target is not None:
            nxt = tuple(m.piece_info(pid).colour for pid in hanging[target])
    return Outcome(True, False, (), knocked, touches, m.rules.bank.value(seat) - before, after, nxt, pose,
                   hanging)


__all__ = ["APPROACH_FRAMES", "FRAME", "HOLD", "LIFT", "STRIDE", "TRIAL_SETTLE", "Drive", "Outcome", "Placement",
           "approach", "STEP_FRAMES", "finish", "hand_path", "run_drive", "sweep_with", "trial", "trial_steps",
           "turn_path"]
