"""The look-ahead Cactus bot (kind ``planner``): search placements on copies of one snapshot, carry the best out
with the hand.

A turn's search (:func:`search`) takes one snapshot dict of the match (``Match.to_dict``) when the piece is to be
chosen (or placed again) and builds candidate :class:`~game.cactus.bots.drive.Placement` s: which fitting
piece, over which point of the target cactus (its hang points, nudged, and points across it), at which angle,
with or without a short sideways push at the end of the hand's path. Each is carried out on its own
``Match.from_dict(snapshot)`` exactly as the real turn will be (the hand grabs, drags, lets go; the world
settles; a valid placement is confirmed) and scored by the rules:

* **what the turn is worth**: the count model (:mod:`game.cactus.bots.model`) takes the rules after the
  confirmed trial (the awards it really earned, C-P1..C-P4, minus C-R1 hand touches and C-R5 knock-offs) and
  plays the next ``Level.plies`` seats' rolls (C-T2: a COLOUR or FORM face asks for the colour / form of the
  last piece on the next cactus; a simple bot seat chooses as the simple bot does, others by the best award;
  a face nothing fits ends the game, C-E2); the worth is the pairs the seat can expect to win (strictly more
  flower value than each other seat, C-E4), ``VALUE_SCALE`` flowers per pair. So every flower the next seats
  may take counts against it, and ending the game is sought while ahead and avoided while behind. A placement
  that breaks a rule or whose piece falls is never chosen while a valid one exists;
* **robustness**: the best few are carried out again with the spot moved by a few mm and the angle by a few
  degrees; the share of those that stay valid is worth up to ``ROBUST_WEIGHT`` flowers (the real world is not
  the snapshot: a stepped space and its copy part ways in the last bits).

The fitting pieces are ranked by the same model before any trial (:func:`ranked_pieces`); those far below the
best get none, and a clearly best piece gets twice the trials of the others (:func:`shortlist`). When more than
one piece is left, each is played to the game's end ``Level.rollouts`` times by counts first
(:mod:`game.cactus.bots.rollout`, the same random streams for every piece), and a trial of a piece is worth
its outlook shifted by how far the piece's play-outs beat the outlook of taking it (:func:`playout_shift`).

The bound per turn is ``Level.budget``: ``candidates + finalists * checks`` trials per search and
``searches`` searching attempts per turn, plus ``Level.playouts`` play-outs in a search that chooses a piece
(``python -m game bench cactus-bot`` measures a trial's cost). The bot drops only what was valid in its trial
while it can: a search that finds nothing valid is followed at once, before any drop, by a *rescue*
(:func:`rescue_candidates`: pushes that clear the pieces in the way off the target cactus, those breaking a
colour or form rule first; knocking pieces off is legal, C-R5), a rescue that finds nothing by another (at most
``RESCUES`` a turn), and the attempts from the level's ``searches`` up to ``DROP_CAP`` are rescues. So a turn
takes at most ``DROP_CAP`` drops unless even the rescues find nothing valid; then, once a turn, it drops the
trial that knocked the most pieces off (:func:`clearer`; its own piece may fall, no penalty) and rescues may
search again, and after that the bot falls back on unsearched placements across the target cactus, every other
one a push that clears the way, a fresh one per attempt, so every bot game ends (``SWEEP_AFTER`` attempts at most
before each try is carried out at once).

The easy level aims with a little seeded noise. Every choice comes from a generator seeded by the game's seed
and the turn (:func:`~game.cactus.match.seeded_rng`), never from the rules' own generator.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.cactus.bots import drive as planner_drive
from game.cactus.bots.drive import Drive, Outcome, Placement, finish, trial, trial_steps, turn_path
from game.cactus.bots.model import END_WEIGHT, LEAVE_WEIGHT, Table, carried, next_seat_expectation, outlook, risk
from game.cactus.bots.model import place as model_place
from game.cactus.bots.rollout import playout_shift, playout_steps
from game.cactus.match import Match, Stage, seeded_rng
from game.cactus.rules.pieces import N_CACTI
from physics.scenes import hang_points

#: Flowers a fully robust placement is worth over one that fails every perturbed check.
ROBUST_WEIGHT = 1.5
#: Flowers one pair of the count model (:mod:`game.cactus.bots.model`) is worth: about one flower in a close
#: race in mid-game.
VALUE_SCALE = 4.5
#: Seats after this one the count model plays out.
PLIES = 2
#: Flowers a piece may promise less than the best fitting one and still get trials.
SHORTLIST_GAP = 1.5
#: Perturbations of a robustness check: (mm sideways, radians).
PERTURB = ((3.0, 0.05), (-3.0, -0.05), (1.5, -0.08), (-1.5, 0.08))
#: Wall time per frame the play scene gives a running search (at least one piece of a trial runs per frame).
THINK_SECONDS = 0.010
#: Drops a bot's turn is meant to take at most (``bench cactus-bot``: ``max_drops_per_turn``): the last of them is
#: the rescue (:func:`rescue_candidates`), searched like any placement; only when even the rescue found nothing
#: valid do the unsearched fallbacks follow (:func:`fallback`).
DROP_CAP = 3
#: Attempts in one turn after which the fallback sweeps across the cactus top.
GIVE_UP = 12
#: Attempts in one turn after which each attempt is a fallback carried out at once (:meth:`PlannerBot.sweep`).
SWEEP_AFTER = 3 * GIVE_UP
#: Candidates a rescue tries at least (:func:`rescue_candidates`).
RESCUE_TRIALS = 30
#: Added to a rescue's salt, so its candidates are not the search's own again.
RESCUE_SALT = 500
#: Rescue searches a turn may run at most (each a fresh set of candidates): a rescue that found nothing valid is
#: followed by another before any drop.
RESCUES = DROP_CAP
#: Play-outs to the game's end per fitting piece at the normal level (:mod:`game.cactus.bots.rollout`).
ROLLOUTS = 300


@dataclass(frozen=True)
class Level:
    """A difficulty: trials per search (``candidates``), how many of the best get ``checks`` perturbed trials
    each, searching attempts per turn, fitting pieces considered, and aim noise (mm, rad) when carrying out."""

    name: str
    candidates: int
    finalists: int
    checks: int
    searches: int = 2
    pieces: int = 3
    noise: float = 0.0
    angle_noise: float = 0.0
    plies: int = PLIES  # seats after this one the count model plays out
    rollouts: int = 0  # play-outs to the game's end per fitting piece, when there is a choice

    @property
    def budget(self) -> int:
        """Trials one search may run."""
        return self.candidates + self.finalists * self.checks

    @property
    def playouts(self) -> int:
        """Count-model play-outs one search may run (pure, a fraction of a trial each)."""
        return self.rollouts * self.pieces


LEVELS: dict[str, Level] = {
    "easy": Level("easy", candidates=6, finalists=0, checks=0, searches=1, pieces=2, noise=4.0, angle_noise=0.06,
                  plies=1),
    "normal": Level("normal", candidates=22, finalists=4, checks=2, rollouts=ROLLOUTS),
    "hard": Level("hard", candidates=30, finalists=5, checks=3, pieces=4, rollouts=2 * ROLLOUTS),
}


@dataclass(frozen=True)
class Scored:
    placement: Placement
    outcome: Outcome
    score: float

    @property
    def valid(self) -> bool:
        return self.outcome.valid


@dataclass
class SearchReport:
    """What one search did: the best placement (or None), how many trials it ran and how long it took."""

    best: Scored | None
    trials: int
    seconds: float
    scored: list[Scored] = field(default_factory=list)


# ------------------------------------------------------------------ what a placement is worth


def simple_seats(match: Match) -> tuple[bool, ...]:
    """Which seats a simple bot plays (the count model lets them
    choose as :class:`~game.cactus.bots.simple.Bot` does)."""
    return tuple(bool(b) and k == "simple" for b, k in zip(match.bots, match.bot_kinds, strict=True))


def table_now(match: Match) -> Table:
    """The count model's table now, the seat on turn about to hang a piece on the target cactus."""
    facts = match.facts()
    hanging = [[p for p in match.rules.in_world if facts.carried_by.get(p) == c] for c in range(N_CACTI)]
    table = Table.of(match.rules, hanging, simple_seats(match))
    return replace(table, last_cactus=(_target(match) - 1) % N_CACTI)


def plies(players: int, pieces: int = 1, most: int = PLIES) -> int:
    """How many of the next seats the count model plays out (at most ``most``; one only while many pieces are to
    be ranked)."""
    return max(1, min(most if pieces <= 8 else 1, players - 1))


# ------------------------------------------------------------------ candidates


def _target(match: Match) -> int:
    target = match.rules.target_cactus()
    if target is not None:
        return target
    facts = match.facts()
    counts = [sum(1 for c in facts.carried_by.values() if c == i) for i in range(N_CACTI)]
    return counts.index(min(counts))


def ranked_pieces(match: Match, pieces: Sequence[str], rng: random.Random,
                  most: int = PLIES) -> list[tuple[float, str]]:
    """Fitting pieces with what taking each promises by counts alone (:func:`ranked_on`), the most promising
    first, then those whose colour and form the target cactus does not carry (C-R2, C-R3)."""
    return ranked_on(table_now(match), pieces, rng, most)


def ranked_on(table: Table, pieces: Sequence[str], rng: random.Random,
              most: int = PLIES) -> list[tuple[float, str]]:
    """:func:`ranked_pieces` on the count model's ``table`` (the seat on turn about to hang a piece on its
    target): each piece with what taking it promises by counts alone, in flowers: its awards now (C-P1..C-P3 on
    the target cactus) and what the next seats can then expect (:func:`~game.cactus.bots.model.outlook`),
    ``VALUE_SCALE`` per pair (see :mod:`game.cactus.bots.model`)."""
    depth = plies(table.players, len(pieces), most)
    there = carried(table)
    keyed = [(-round(VALUE_SCALE * outlook(model_place(table, p), table.current, depth), 3), risk(table, p, there),
              rng.random(), p) for p in pieces]
    return [(-v, p) for v, _, _, p in sorted(keyed)]


def piece_order(match: Match, pieces: Sequence[str], rng: random.Random) -> list[str]:
    """Fitting pieces, the most promising first (:func:`ranked_pieces`)."""
    return [p for _, p in ranked_pieces(match, pieces, rng)]


def shortlist(ranked: Sequence[tuple[float, str]], count: int) -> tuple[list[str], list[int]]:
    """The pieces worth trials (at most ``count``; none far below the best, ``SHORTLIST_GAP``) and the share of
    the trials each gets: the best twice as many as the others when it is clearly better."""
    if not ranked:
        return [], []
    best = ranked[0][0]
    keep = [p for v, p in ranked[:count] if v >= best - SHORTLIST_GAP] or [ranked[0][1]]
    clear = len(ranked) > 1 and ranked[0][0] - ranked[1][0] > 0.05
    return keep, [2 if k == 0 and clear else 1 for k in range(len(keep))]


def candidates(match: Match, pieces: Sequence[str], count: int, rng: random.Random, *,
               pushes: bool = False, shares: Sequence[int] = ()) -> list[Placement]:
    """Up to ``count`` placements over the target cactus for ``pieces`` (round robin, the first piece first;
    ``shares[i]`` placements of piece ``i`` per round, 1 each by default)."""
    target = _target(match)
    spec = match.world.cactus(target)
    left, right = spec.extent()
    points = hang_points(match.world, target)
    angles = (0.0, math.pi, math.pi / 2, -math.pi / 2)
    per_piece: list[list[Placement]] = []
    for pid in pieces:
        own: list[Placement] = []
        for x in points:
            for a in angles[:2]:
                own.append(Placement(pid, x + rng.uniform(-2.5, 2.5), a))
        for _ in range(max(4, count)):
            x = rng.uniform(left + 8.0, right - 8.0)
            nudge = rng.choice((-12.0, 12.0)) if pushes and rng.random() < 0.4 else 0.0
            own.append(Placement(pid, x, rng.choice(angles), nudge))
        head = own[: len(points) * 2]
        rng.shuffle(head)
        per_piece.append(head + own[len(head):])
    out: list[Placement] = []
    weights = list(shares) if len(shares) == len(per_piece) else [1] * len(per_piece)
    taken = [0] * len(per_piece)
    while len(out) < count and any(t < len(c) for t, c in zip(taken, per_piece, strict=True)):
        for i, c in enumerate(per_piece):
            for _ in range(weights[i]):
                if taken[i] < len(c) and len(out) < count:
                    out.append(c[taken[i]])
                    taken[i] += 1
    return out


def clearing(match: Match, pid: str, rng: random.Random, count: int) -> list[Placement]:
    """Pushes that clear the way: press down onto a piece hanging on the target cactus and push it outwards, off
    its arm (knocking it off costs a flower, C-R5, but may be the only way to fix two same-colour or same-form
    pieces that touch, C-R2 / C-R3, or a crowded cactus)."""
    target = _target(match)
    spec = match.world.cactus(target)
    facts = match.facts()
    there = [p for p in match.world.pieces_in_world() if facts.carried_by.get(p) == target and p != pid]
    rng.shuffle(there)
    out: list[Placement] = []
    for k in range(count):
        if not there:
            break
        x = match.world.pose(there[k % len(there)])[0]
        side = 1.0 if x >= spec.x else -1.0
        out.append(Placement(pid, x + rng.uniform(-3.0, 3.0), rng.choice((0.0, math.pi)), side * rng.uniform(40, 70),
                             rng.uniform(6.0, 16.0)))
    return out


def blockers(match: Match) -> list[str]:
    """Pieces of the target cactus that touch another of their colour or (basic pieces) form: a pair every placement
    must fix (C-R2, C-R3), left so by pieces knocked about earlier in the turn."""
    facts = match.facts()
    target = _target(match)
    out: list[str] = []
    for pair in sorted(tuple(sorted(p)) for p in facts.touching):
        if len(pair) != 2 or not all(pid in match.rules.in_world for pid in pair):
            continue
        a, b = (match.piece_info(pid) for pid in pair)
        if a.colour == b.colour or (a.form is not None and a.form == b.form):
            out.extend(pid for pid in pair if facts.carried_by.get(pid) == target and pid not in out)
    return out


def rivals(match: Match, pid: str) -> list[str]:
    """Pieces of the target cactus that ``pid`` may not touch once placed: its colour, or (both basic) its form
    (C-R2, C-R3)."""
    facts = match.facts()
    target = _target(match)
    me = match.piece_info(pid)
    out = []
    for other in match.rules.in_world:
        if other == pid or facts.carried_by.get(other) != target:
            continue
        info = match.piece_info(other)
        if info.colour == me.colour or (me.form is not None and info.form == me.form):
            out.append(other)
    return out


def rescue_candidates(match: Match, pieces: Sequence[str], count: int, rng: random.Random) -> list[Placement]:
    """Placements for a turn whose searched placements all failed (see ``DROP_CAP``): pushes that clear the
    pieces in the way off the target cactus (:func:`clearing`; each piece knocked off costs a flower, C-R5), first
    the pieces that break a colour or form rule (:func:`blockers`) and those the piece may not touch
    (:func:`rivals`), then placements across the cactus with a sideways push and other clearing pushes by turns;
    each is tried like any candidate, so the rescue drops only what was valid in its trial."""
    out: list[Placement] = []
    target = _target(match)
    spec = match.world.cactus(target)
    share = max(2, count // (2 * max(1, len(pieces))))
    for pid in pieces:
        for b in dict.fromkeys([*blockers(match), *rivals(match, pid)]):
            x = match.world.pose(b)[0]
            side = 1.0 if x >= spec.x else -1.0
            for press, push in ((10.0, 55.0), (16.0, 75.0)):
                out.append(Placement(pid, x + rng.uniform(-2.0, 2.0), rng.choice((0.0, math.pi)), side * push, press))
            for press, push in ((8.0, 60.0), (14.0, 80.0)):  # push it off, then hang the piece where it was
                out.append(Placement(pid, x + rng.uniform(-2.0, 2.0), rng.choice((0.0, math.pi)), side * push, press,
                                     x + rng.uniform(-3.0, 3.0)))
        clear = clearing(match, pid, rng, share)
        spots = candidates(match, [pid], share + (share - len(clear)), random.Random(rng.random()), pushes=True)
        for k in range(max(len(clear), len(spots))):  # placements across the cactus and clearing pushes, by turns
            out.extend(c[k] for c in (spots, clear) if k < len(c))
    return out[:count]


def clearer(scored: Sequence[Scored]) -> Placement | None:
    """When no trial was valid: the one that knocked the most pieces off (the fewest rules broken among those), a
    drop that clears the way for the next try (its own piece may fall: no penalty, C-R5); None when none knocked
    anything off."""
    pushes = [s for s in scored if s.outcome.knocked > 0]
    if not pushes:
        return None
    return max(pushes, key=lambda s: (s.outcome.knocked, -len(s.outcome.violations))).placement


def fallback(match: Match, attempt: int, piece: str | None = None) -> Placement:
    """An unsearched placement for attempt ``attempt``: a fresh spot over the target cactus; from ``GIVE_UP`` on
    every other attempt a push that clears the way (:func:`clearing`)."""
    rng = seeded_rng(match, 977 + attempt)
    target = _target(match)
    left, right = match.world.cactus(target).extent()
    pid = piece or str(match.piece)
    angle = rng.choice((0.0, math.pi, math.pi / 2, -math.pi / 2))
    if attempt >= GIVE_UP and attempt % 2 == 0:
        clear = clearing(match, pid, rng, 1)
        if clear:
            return clear[0]
    return Placement(pid, rng.uniform(left + 6.0, right - 6.0), angle, rng.choice((0.0, -10.0, 10.0)))


# ------------------------------------------------------------------ scoring and the search


def score(outcome: Outcome, value: float) -> float:
    """A valid placement's ``value`` (flowers, see :func:`outcome_value`); an invalid one far below any valid."""
    if not outcome.valid:
        return -100.0 - (5.0 if outcome.fell else 0.0) - len(outcome.violations) - outcome.knocked
    return value


def outcome_value(outcome: Outcome, seat: int, simple: Sequence[bool] = (), most: int = PLIES) -> float:
    """What a valid trial's turn is worth to ``seat``, in flowers: the count model's outlook after it (the awards
    and penalties it really had, C-P1..C-P4, C-R1, C-R5; what the next seats can expect; the game's end, C-E1..C-E3;
    :mod:`game.cactus.bots.model`), ``VALUE_SCALE`` per pair."""
    if outcome.after is None:
        return float(outcome.gain)
    table = Table.of(outcome.after, outcome.hanging, simple or [False] * outcome.after.players)
    return VALUE_SCALE * outlook(table, seat, plies(table.players, 1, most))


def evaluate(snapshot: Mapping[str, Any], p: Placement, seat: int, simple: Sequence[bool] = (),
             most: int = PLIES) -> Scored | None:
    return finish(evaluate_steps(snapshot, p, seat, simple, most))


def evaluate_steps(snapshot: Mapping[str, Any], p: Placement, seat: int,
                   simple: Sequence[bool] = (), most: int = PLIES) -> Generator[None, None, Scored | None]:
    """:func:`evaluate` in pieces (:func:`~game.cactus.bots.drive.trial_steps`)."""
    out = yield from trial_steps(snapshot, p, keep_after=True)
    if out is None:
        return None
    value = outcome_value(out, seat, simple, most) if out.valid else 0.0
    return Scored(p, out, score(out, value))


def robustness(snapshot: Mapping[str, Any], s: Scored, checks: int) -> float:
    """The share of ``checks`` perturbed trials of ``s`` that stay valid."""
    ok = 0
    for dx, da in PERTURB[:checks]:
        out = trial(snapshot, s.placement.moved(dx, da))
        ok += bool(out is not None and out.valid)
    return ok / checks if checks else 1.0


class Search:
    """One search (see the module doc) that can run a few trials at a time: everything that reads the match
    (the snapshot, the pieces, the candidates) is fixed when it is made, so :meth:`step` over any number of
    frames ends with the same :attr:`report` as :func:`search` at once (the play scene thinks a trial or so
    per frame and stays fluid)."""

    def __init__(self, match: Match, level: Level, *, salt: int = 0, pushes: bool = False,
                 rescue: bool = False) -> None:
        began = time.perf_counter()
        self.level = level
        self.turn = match.turn_key
        self.stage = match.stage
        self.snapshot = match.to_dict()
        self.seat = match.current
        self.simple = simple_seats(match)
        rng = seeded_rng(match, 4099 + salt)
        shares: list[int] = []
        if match.stage == Stage.CHOOSE:
            pieces, shares = shortlist(ranked_pieces(match, match.allowed(), rng, level.plies), level.pieces)
        else:
            pieces = [str(match.piece)]
        self.rescue = rescue
        if rescue:
            cands = rescue_candidates(match, pieces, max(level.candidates, RESCUE_TRIALS), rng)
        else:
            cands = candidates(match, pieces, level.candidates, rng, pushes=pushes, shares=shares)
        if pushes and not rescue:  # a later attempt: a quarter of the candidates clear the way
            cands[len(cands) - len(cands) // 4:] = clearing(match, pieces[0], rng, len(cands) // 4)
        self.cands = cands
        self.table = table_now(match) if level.rollouts and len(pieces) > 1 else None
        self.pieces = pieces
        self.rollout_seed = rng.randrange(1 << 30)
        self.playouts = 0
        self.playout_values: dict[str, float] = {}  # piece -> mean play-out value (pairs), when it chose
        self.trials = 0
        self.seconds = time.perf_counter() - began
        self.report: SearchReport | None = None
        self._work = self._run()

    @property
    def done(self) -> bool:
        return self.report is not None

    def _run(self) -> Iterator[None]:
        """The search, a piece of a trial per ``next`` (:func:`~game.cactus.bots.drive.trial_steps`; it pauses
        between trials too; the last piece ends with the report)."""
        shift: dict[str, float] = {}
        if self.table is not None:  # the play-outs first (pure, a fraction of a ms each)
            mean = self.playout_values
            for _ in playout_steps(self.table, self.pieces, self.seat, self.level.rollouts, self.rollout_seed, mean):
                self.playouts += 1
                yield
            shift = playout_shift(self.table, mean, self.seat, plies(self.table.players, 1, self.level.plies))
        scored: list[Scored] = []
        for p in self.cands:
            if self.trials:
                yield
            self.trials += 1
            s = yield from evaluate_steps(self.snapshot, p, self.seat, self.simple, self.level.plies)
            if s is not None:
                scored.append(replace(s, score=s.score + VALUE_SCALE * shift.get(p.piece, 0.0)) if s.valid else s)
        scored.sort(key=lambda s: -s.score)
        level = self.level
        finals: list[Scored] = []
        for s in scored[: level.finalists]:
            if not s.valid or level.checks == 0:
                finals.append(s)
                continue
            ok = 0
            for dx, da in PERTURB[: level.checks]:
                yield
                out = yield from trial_steps(self.snapshot, s.placement.moved(dx, da))
                ok += bool(out is not None and out.valid)
                self.trials += 1
            r = ok / level.checks
            finals.append(Scored(s.placement, s.outcome, s.score + ROBUST_WEIGHT * r))
        ranked = sorted(finals + scored[len(finals):], key=lambda s: -s.score)
        self.report = SearchReport(ranked[0] if ranked else None, self.trials, self.seconds, ranked)

    def step(self, seconds: float | None = None) -> bool:
        """Run trials until ``seconds`` of wall time are used (at least one piece of a trial, a few ms; None: to
        the end); whether the search is done (then :attr:`report` holds its result)."""
        began = time.perf_counter()
        while self.report is None:
            next(self._work, None)
            if seconds is not None and time.perf_counter() - began >= seconds:
                break
        self.seconds += time.perf_counter() - began
        if self.report is not None:
            self.report.seconds = self.seconds
        return self.report is not None

    def run(self) -> SearchReport:
        """Every trial left, at once."""
        self.step(None)
        assert self.report is not None
        return self.report


def search(match: Match, level: Level, *, salt: int = 0, pushes: bool = False, rescue: bool = False) -> SearchReport:
    """The best placement for the current turn within ``level.budget`` trials (see the module doc), at once;
    ``rescue``: among :func:`rescue_candidates` instead."""
    return Search(match, level, salt=salt, pushes=pushes, rescue=rescue).run()


# ------------------------------------------------------------------ the bot


@dataclass
class PlannerBot:
    """Plays the seat whose turn it is (see the module doc); ``act`` takes one step of the turn per call.

    ``incremental`` (the play scene): a search is not run inside ``act``; ``act`` starts it and answers "think"
    until it is done, and :meth:`think_some` runs its trials a frame's budget at a time (the same result as at
    once, :class:`Search`). Off (headless play, simulations, benches): each search runs at once."""

    level: Level = field(default_factory=lambda: LEVELS["normal"])
    steps_world: bool = True  # step the world while the hand drags (headless and on screen), else its caller does
    incremental: bool = False
    turn: int = -1
    attempts: int = 0
    drive: Drive | None = None
    plan: Placement | None = None
    pending: Search | None = None  # the search running across frames (incremental)
    rescues: int = 0  # rescue searches this turn (at most RESCUES, again after a clearing drop)
    cleared: bool = False  # the clearing drop of this turn was made (:func:`clearer`, once a turn)
    since: int = 0  # the reports of the running attempt begin here
    trials: int = 0  # trials run this turn
    search_seconds: float = 0.0  # time spent searching this turn
    reports: list[SearchReport] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return "planner"

    @property
    def thinking(self) -> bool:
        """A search runs across frames (incremental)."""
        return self.pending is not None and not self.pending.done

    def _new_turn(self, match: Match) -> None:
        if match.turn_key != self.turn:
            self.turn, self.attempts, self.drive, self.plan = match.turn_key, 0, None, None
            self.trials, self.search_seconds, self.reports, self.pending = 0, 0.0, [], None
            self.rescues, self.cleared, self.since = 0, False, 0

    def act(self, match: Match) -> str:
        """Take one step of the turn; returns what was done (for logs and tests; "think": still searching)."""
        self._new_turn(match)
        stage = match.stage
        if stage == Stage.ROLL:
            match.roll()
            return "roll"
        if stage == Stage.CHOOSE:
            plan = self.plan_now(match)
            if plan is None:
                return "think"
            self.plan = plan
            match.take(plan.piece if plan.piece in match.allowed() else match.allowed()[0])
            return "take"
        if stage == Stage.IN_HAND:
            if self.attempts >= SWEEP_AFTER:
                self.attempts += 1
                return self.sweep(match)
            if self.plan is None or self.plan.piece != match.piece:
                self.plan = self.plan_now(match)
                if self.plan is None:
                    return "think"
            return self.start_drive(match)
        if stage == Stage.HOLDING:
            if self.drive is None:
                match.release()
                return "release"
            return self.drive.step(match) or "release"
        if stage == Stage.SETTLING:
            match.settle_now()
            return "settle"
        if stage == Stage.JUDGED:
            self.drive = None
            if match.violations:
                match.take_back()
                self.plan = None
                return "take_back"
            match.confirm(claims=[a.kind for a in match.preview_awards()])
            return "confirm"
        return "idle"

    def choose(self, match: Match) -> str:
        """The piece the search would take (for the demo autopilot; searched at once)."""
        self._new_turn(match)
        self.plan = self.think(match)
        return self.plan.piece if self.plan.piece in match.allowed() else match.allowed()[0]

    def think(self, match: Match) -> Placement:
        """The placement for this attempt, the search run at once: searched while fewer than ``DROP_CAP`` drops
        were made (rescues when the search found nothing valid, and from the level's ``searches`` on, at most
        ``RESCUES`` a turn), else a fallback (bounded, see the module doc)."""
        if self.attempts >= DROP_CAP:
            return self._fallback(match)
        plan = None
        if self.attempts < self.level.searches:
            plan = self._conclude(self._search(match, False).run())
        while plan is None and self.rescues < RESCUES:
            plan = self._conclude(self._search(match, True).run())
        return plan if plan is not None else self._fallback(match)

    def _search(self, match: Match, rescue: bool) -> Search:
        if rescue:
            self.rescues += 1
            return Search(match, self.level, salt=RESCUE_SALT + self.rescues, rescue=True)
        return Search(match, self.level, salt=self.attempts, pushes=self.attempts > 0)

    def plan_now(self, match: Match) -> Placement | None:
        """The placement for this attempt, or None while the incremental search for it still runs (started here
        when there is none for this turn and stage; rescues follow a search that found nothing valid)."""
        if not self.incremental or self.attempts >= DROP_CAP:
            return self.think(match)
        pending = self.pending
        if pending is None or pending.turn != match.turn_key or pending.stage != match.stage:
            rescue = self.attempts >= self.level.searches
            if rescue and self.rescues >= RESCUES:
                return self._fallback(match)
            self.pending = self._search(match, rescue)
            return None
        if pending.report is None:
            return None
        self.pending = None
        plan = self._conclude(pending.report)
        if plan is None and self.rescues < RESCUES:
            self.pending = self._search(match, True)
            return None
        return plan if plan is not None else self._fallback(match)

    def think_some(self, match: Match, seconds: float) -> bool:
        """Run the pending search for about ``seconds`` (at least one trial); whether it was thinking (a search
        for this turn and stage ran this call). A search for another turn or stage is dropped."""
        pending = self.pending
        if pending is None or pending.done:
            return False
        if pending.turn != match.turn_key or pending.stage != match.stage:
            self.pending = None
            return False
        pending.step(seconds)
        return True

    def _conclude(self, report: SearchReport) -> Placement | None:
        """The search's best placement when it was valid in its trial."""
        self.reports.append(report)
        self.trials += report.trials
        self.search_seconds += report.seconds
        if report.best is not None and report.best.valid:
            return report.best.placement
        return None

    def _fallback(self, match: Match) -> Placement:
        """Nothing valid was found: once a turn the clearing drop of this attempt's trials (after it, rescues may
        search again), else an unsearched fallback."""
        if not self.cleared and self.attempts < DROP_CAP:
            push = clearer([s for r in self.reports[self.since:] for s in r.scored])
            if push is not None:
                self.cleared, self.rescues = True, 0
                return push
        piece = None
        if match.stage == Stage.CHOOSE:
            piece = piece_order(match, match.allowed(), seeded_rng(match, 911))[0]
        return fallback(match, GIVE_UP + self.attempts, piece)  # searches found nothing: clear every other try

    @staticmethod
    def sweep(match: Match) -> str:
        """After ``SWEEP_AFTER`` attempts: a fallback carried out at once (as the simple bot's sweep; C-R2 traps)."""
        return planner_drive.sweep_with(match, fallback(match, GIVE_UP + 1 + match.drops))

    def start_drive(self, match: Match) -> str:
        plan = self.plan if self.plan is not None and self.plan.piece == match.piece else self.think(match)
        self.plan = None
        self.attempts += 1
        self.since = len(self.reports)
        if self.level.noise or self.level.angle_noise:
            rng = seeded_rng(match, 6151 + self.attempts)
            plan = plan.moved(rng.gauss(0.0, self.level.noise), rng.gauss(0.0, self.level.angle_noise))
        path = turn_path(match, plan)  # the way the trials walked (trial_steps)
        tries = 0
        while path is None and tries < 8:
            tries += 1
            plan = fallback(match, self.attempts + 100 * tries)
            path = turn_path(match, plan)
        if path is None:
            return "idle"
        self.drive = Drive(plan, path, steps_world=self.steps_world)
        return self.drive.step(match) or "idle"


def make_level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown planner level {name!r} (known: {', '.join(LEVELS)})") from None


__all__ = ["DROP_CAP", "END_WEIGHT", "GIVE_UP", "LEAVE_WEIGHT", "LEVELS", "PERTURB", "PLIES", "RESCUES",
           "RESCUE_SALT", "RESCUE_TRIALS", "ROBUST_WEIGHT", "SHORTLIST_GAP", "SWEEP_AFTER", "THINK_SECONDS",
           "VALUE_SCALE", "Level", "PlannerBot", "Scored", "Search", "SearchReport", "blockers", "candidates",
           "clearer", "evaluate", "fallback", "make_level", "next_seat_expectation", "outcome_value",
           "piece_order", "plies", "ranked_on", "ranked_pieces", "rescue_candidates", "rivals", "robustness",
           "score", "search", "shortlist", "simple_seats", "table_now"]
