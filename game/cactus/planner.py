"""The look-ahead Cactus bot (kind ``planner``): search placements on copies of one snapshot, carry the best out
with the hand.

A turn's search (:func:`search`) takes one snapshot dict of the match (``Match.to_dict``) when the piece is to be
chosen (or placed again) and builds candidate :class:`~game.cactus.planner_drive.Placement` s: which fitting
piece, over which point of the target cactus (its hang points, nudged, and points across it), at which angle,
with or without a short sideways push at the end of the hand's path. Each is carried out on its own
``Match.from_dict(snapshot)`` exactly as the real turn will be (the hand grabs, drags, lets go; the world
settles; a valid placement is confirmed) and scored by the rules:

* **flowers now**: the seat's change of flower value over the turn (C-P1..C-P4 awards, minus C-R1 hand
  touches and C-R5 knock-offs); a placement that breaks a rule or whose piece falls is never chosen while a
  valid one exists;
* **robustness**: the best few are carried out again with the spot moved by a few mm and the angle by a few
  degrees; the share of those that stay valid is worth up to ``ROBUST_WEIGHT`` flowers (the real world is not
  the snapshot: a stepped space and its copy part ways in the last bits);
* **what it leaves**: the flowers the next seat can expect from its roll (C-T2: a COLOUR or FORM face asks for
  the colour / form of this piece on the next cactus; each fitting piece that would make a count of exactly 3
  or 5, or that cactus a rainbow) are subtracted at ``LEAVE_WEIGHT``.

The bound per turn is ``Level.budget``: ``candidates + finalists * checks`` trials per search and
``searches`` searching attempts per turn (``python -m game bench cactus-bot`` measures a trial's cost). After
that, or when nothing valid was found, the bot falls back on unsearched placements across the target cactus
with pushes that clear the way (knocking pieces off is legal, C-R5, and changes what blocked it), a fresh one
per attempt, so every bot game ends (``GIVE_UP`` attempts at most before a sweep of the whole cactus top).

The easy level aims with a little seeded noise. Every choice comes from a generator seeded by the game's seed
and the turn (:func:`~game.cactus.match.seeded_rng`), never from the rules' own generator.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.cactus.match import Match, Stage, seeded_rng
from game.cactus.planner_drive import Drive, Outcome, Placement, approach, finish, hand_path, trial, trial_steps
from game.cactus.rules import CactusGame, Face, Phase, Piece
from game.cactus.rules_pieces import BASIC, COLOURS, N_CACTI
from physics.scenes import hang_points

#: Flowers a fully robust placement is worth over one that fails every perturbed check.
ROBUST_WEIGHT = 2.5
#: How much of the next seat's expected flowers counts against a placement.
LEAVE_WEIGHT = 0.5
#: Flowers that ending the game is worth at a standing of 1 (ahead of every other seat).
END_WEIGHT = 1.5
#: Perturbations of a robustness check: (mm sideways, radians).
PERTURB = ((3.0, 0.05), (-3.0, -0.05), (1.5, -0.08), (-1.5, 0.08))
#: Frames of the hand's way in from the top of the table (for the eye; not simulated in trials).
APPROACH_FRAMES = 18
#: Wall time per frame the play scene gives a running search (at least one piece of a trial runs per frame).
THINK_SECONDS = 0.010
#: Attempts in one turn after which the fallback sweeps across the cactus top.
GIVE_UP = 12


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

    @property
    def budget(self) -> int:
        """Trials one search may run."""
        return self.candidates + self.finalists * self.checks


LEVELS: dict[str, Level] = {
    "easy": Level("easy", candidates=6, finalists=0, checks=0, searches=1, pieces=2, noise=4.0, angle_noise=0.06),
    "normal": Level("normal", candidates=14, finalists=4, checks=2),
    "hard": Level("hard", candidates=24, finalists=4, checks=4, pieces=4),
}


@dataclass(frozen=True)
class Scored:
    placement: Placement
    outcome: Outcome
    score: float
    robust: float | None = None

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


# ------------------------------------------------------------------ what a placement leaves for the next seat


def _counts(rules: CactusGame, extra: str | None = None) -> tuple[dict[str, int], dict[str, int]]:
    """Pieces on the table per colour and basic pieces per form (with ``extra`` as if it hung too)."""
    ids = list(rules.in_world) + ([extra] if extra is not None and extra not in rules.in_world else [])
    colours: dict[str, int] = {}
    forms: dict[str, int] = {}
    for pid in ids:
        p = rules.pieces[pid]
        colours[p.colour] = colours.get(p.colour, 0) + 1
        if p.kind == BASIC and p.form is not None:
            forms[p.form] = forms.get(p.form, 0) + 1
    return colours, forms


def _award(piece: Piece, colours: Mapping[str, int], forms: Mapping[str, int]) -> int:
    """C-P1 / C-P2 by counts: the flowers ``piece`` earns when it makes a count exactly 3 or 5."""
    gain = {3: 1, 5: 2}.get(colours.get(piece.colour, 0) + 1, 0)
    if piece.kind == BASIC and piece.form is not None:
        gain += {3: 1, 5: 2}.get(forms.get(piece.form, 0) + 1, 0)
    return gain


def _standing(rules: CactusGame, seat: int) -> float:
    """-1..1: the share of the other seats ``seat`` is ahead of minus the share it is behind (flower value)."""
    mine = rules.bank.value(seat)
    others = [rules.bank.value(p) for p in range(rules.players) if p != seat]
    return (sum(mine > v for v in others) - sum(mine < v for v in others)) / max(1, len(others))


def next_seat_expectation(rules: CactusGame, placed: str | None = None, next_colours: Sequence[str] = (),
                          seat: int | None = None) -> float:
    """What ``placed`` (default: the last placed piece) leaves, in flowers against ``seat``: the flowers the next
    seat can expect from its roll (C-T2: per die face, the best award a fitting piece could earn by counts alone,
    C-P1 / C-P2, and the rainbow C-P3 when ``next_colours``, the colours hanging on the next cactus, miss only its
    colour), weighted by the face's share of the die; minus, when a face would end the game (C-E2: nothing fits),
    ``END_WEIGHT`` times that chance times ``seat``'s standing (ending while ahead is good). ``rules`` is either
    after the confirmed turn (ROLL) or before it (``placed`` given)."""
    if rules.phase == Phase.OVER:
        return 0.0
    last = placed if placed is not None else rules.last_placed
    if last is None:
        return 0.0
    colours, forms = _counts(rules, last)
    piece = rules.pieces[last]
    supply = [pid for pid in rules.supply if pid != last]
    row = [pid for pid in rules.row if pid != last]
    if piece.kind == BASIC:
        form = piece.form
    else:
        form = rules.pieces[rules.last_basic].form if rules.last_basic else None
    fits = {
        Face.COLOUR: [p for p in supply if rules.pieces[p].colour == piece.colour],
        Face.FORM: [p for p in supply if form is not None and rules.pieces[p].form == form],
        Face.SPECIAL: row[:1],
    }
    missing = set(COLOURS) - set(next_colours) if len(next_colours) == len(set(next_colours)) == 4 else set()
    die = rules.options.die
    expect = 0.0
    ends = 0.0
    for face, share in ((Face.COLOUR, die.colour), (Face.FORM, die.form), (Face.SPECIAL, die.special)):
        if not fits[face] and face != Face.SPECIAL:
            ends += share / die.SIDES
        best = max((_award(rules.pieces[p], colours, forms) + 2 * (rules.pieces[p].colour in missing)
                    for p in fits[face]), default=0)
        expect += share / die.SIDES * best
    if seat is not None and ends:
        expect -= END_WEIGHT * ends * _standing(rules, seat)
    return expect


def _colours_on(match: Match, cactus: int) -> list[str]:
    facts = match.facts()
    return [match.piece_info(p).colour for p in match.rules.in_world if facts.carried_by.get(p) == cactus]


def piece_value(match: Match, pid: str) -> float:
    """What taking ``pid`` promises by counts alone: its award now (C-P1, C-P2, and C-P3 on the target cactus)
    minus what it leaves (``LEAVE_WEIGHT``)."""
    rules = match.rules
    colours, forms = _counts(rules)
    target = _target(match)
    here = _colours_on(match, target)
    rainbow = 2 if len(here) == len(set(here)) == 4 and rules.pieces[pid].colour not in here else 0
    after = _colours_on(match, (target + 1) % N_CACTI)
    return _award(rules.pieces[pid], colours, forms) + rainbow \
        - LEAVE_WEIGHT * next_seat_expectation(rules, pid, after, rules.current)


# ------------------------------------------------------------------ candidates


def _target(match: Match) -> int:
    target = match.rules.target_cactus()
    if target is not None:
        return target
    facts = match.facts()
    counts = [sum(1 for c in facts.carried_by.values() if c == i) for i in range(N_CACTI)]
    return counts.index(min(counts))


def piece_order(match: Match, pieces: Sequence[str], rng: random.Random) -> list[str]:
    """Fitting pieces, the most promising by counts first (:func:`piece_value`), then those whose colour and form
    the target cactus does not carry (C-R2, C-R3)."""
    target = _target(match)
    facts = match.facts()
    there = [match.piece_info(p) for p in match.rules.in_world if facts.carried_by.get(p) == target]
    colours = {p.colour for p in there}
    forms = {p.form for p in there if p.form is not None}
    keyed = [(-round(piece_value(match, p), 3),
              (match.piece_info(p).colour in colours) + (match.piece_info(p).form in forms), rng.random(), p)
             for p in pieces]
    return [p for *_, p in sorted(keyed)]


def candidates(match: Match, pieces: Sequence[str], count: int, rng: random.Random, *,
               pushes: bool = False) -> list[Placement]:
    """Up to ``count`` placements over the target cactus for ``pieces`` (round robin, the first piece first)."""
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
    k = 0
    while len(out) < count and any(k < len(c) for c in per_piece):
        for c in per_piece:
            if k < len(c) and len(out) < count:
                out.append(c[k])
        k += 1
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


def score(outcome: Outcome, leaves: float) -> float:
    if not outcome.valid:
        return -100.0 - (5.0 if outcome.fell else 0.0) - len(outcome.violations) - outcome.knocked
    return outcome.gain - LEAVE_WEIGHT * leaves


def evaluate(snapshot: Mapping[str, Any], p: Placement, seat: int) -> Scored | None:
    return finish(evaluate_steps(snapshot, p, seat))


def evaluate_steps(snapshot: Mapping[str, Any], p: Placement, seat: int) -> Generator[None, None, Scored | None]:
    """:func:`evaluate` in pieces (:func:`~game.cactus.planner_drive.trial_steps`)."""
    out = yield from trial_steps(snapshot, p, keep_after=True)
    if out is None:
        return None
    leaves = 0.0
    if out.valid and out.after is not None:
        leaves = next_seat_expectation(out.after, None, out.next_colours, seat)
        if out.after.phase == Phase.OVER:  # this placement ends the game (C-E3): good while ahead
            leaves = -END_WEIGHT * _standing(out.after, seat)
    return Scored(p, out, score(out, leaves))


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

    def __init__(self, match: Match, level: Level, *, salt: int = 0, pushes: bool = False) -> None:
        began = time.perf_counter()
        self.level = level
        self.turn = match.turn_key
        self.stage = match.stage
        self.snapshot = match.to_dict()
        self.seat = match.current
        rng = seeded_rng(match, 4099 + salt)
        if match.stage == Stage.CHOOSE:
            pieces = piece_order(match, match.allowed(), rng)[: level.pieces]
        else:
            pieces = [str(match.piece)]
        cands = candidates(match, pieces, level.candidates, rng, pushes=pushes)
        if pushes:  # a later attempt: a quarter of the candidates clear the way
            cands[len(cands) - len(cands) // 4:] = clearing(match, pieces[0], rng, len(cands) // 4)
        self.cands = cands
        self.trials = 0
        self.seconds = time.perf_counter() - began
        self.report: SearchReport | None = None
        self._work = self._run()

    @property
    def done(self) -> bool:
        return self.report is not None

    def _run(self) -> Iterator[None]:
        """The search, a piece of a trial per ``next`` (:func:`~game.cactus.planner_drive.trial_steps`; it pauses
        between trials too; the last piece ends with the report)."""
        scored: list[Scored] = []
        for p in self.cands:
            if self.trials:
                yield
            self.trials += 1
            s = yield from evaluate_steps(self.snapshot, p, self.seat)
            if s is not None:
                scored.append(s)
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
            finals.append(Scored(s.placement, s.outcome, s.score + ROBUST_WEIGHT * r, r))
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


def search(match: Match, level: Level, *, salt: int = 0, pushes: bool = False) -> SearchReport:
    """The best placement for the current turn within ``level.budget`` trials (see the module doc), at once."""
    return Search(match, level, salt=salt, pushes=pushes).run()


# ------------------------------------------------------------------ the bot


@dataclass
class PlannerBot:
    """Plays the seat whose turn it is (see the module doc); ``act`` takes one step of the turn per call.

    ``incremental`` (the play scene): a search is not run inside ``act``; ``act`` starts it and answers "think"
    until it is done, and :meth:`think_some` runs its trials a frame's budget at a time (the same result as at
    once, :class:`Search`). Off (headless play, simulations, benches): each search runs at once."""

    level: Level = field(default_factory=lambda: LEVELS["normal"])
    steps_world: bool = True  # step the world while the hand drags (headless); the play scene steps it itself
    incremental: bool = False
    turn: int = -1
    attempts: int = 0
    drive: Drive | None = None
    plan: Placement | None = None
    pending: Search | None = None  # the search running across frames (incremental)
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
        """The placement for this attempt: searched while attempts remain and something valid turns up, else a
        fallback (bounded, see the module doc); the search runs at once."""
        if self.attempts < self.level.searches:
            return self._conclude(match, search(match, self.level, salt=self.attempts, pushes=self.attempts > 0))
        return self._fallback(match)

    def plan_now(self, match: Match) -> Placement | None:
        """The placement for this attempt, or None while the incremental search for it still runs (started here
        when there is none for this turn and stage)."""
        if not self.incremental or self.attempts >= self.level.searches:
            return self.think(match)
        pending = self.pending
        if pending is None or pending.turn != match.turn_key or pending.stage != match.stage:
            self.pending = Search(match, self.level, salt=self.attempts, pushes=self.attempts > 0)
            return None
        if pending.report is None:
            return None
        self.pending = None
        return self._conclude(match, pending.report)

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

    def _conclude(self, match: Match, report: SearchReport) -> Placement:
        self.reports.append(report)
        self.trials += report.trials
        self.search_seconds += report.seconds
        if report.best is not None and report.best.valid:
            return report.best.placement
        return self._fallback(match)

    def _fallback(self, match: Match) -> Placement:
        piece = None
        if match.stage == Stage.CHOOSE:
            piece = piece_order(match, match.allowed(), seeded_rng(match, 911))[0]
        return fallback(match, self.attempts, piece)

    def start_drive(self, match: Match) -> str:
        plan = self.plan if self.plan is not None and self.plan.piece == match.piece else self.think(match)
        self.plan = None
        self.attempts += 1
        if self.level.noise or self.level.angle_noise:
            rng = seeded_rng(match, 6151 + self.attempts)
            plan = plan.moved(rng.gauss(0.0, self.level.noise), rng.gauss(0.0, self.level.angle_noise))
        path = hand_path(match, plan)
        tries = 0
        while path is None and tries < 8:
            tries += 1
            plan = fallback(match, self.attempts + 100 * tries)
            path = hand_path(match, plan)
        if path is None:
            return "idle"
        self.drive = Drive(plan, approach(match, plan, path, APPROACH_FRAMES), steps_world=self.steps_world)
        return self.drive.step(match) or "idle"


def make_level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown planner level {name!r} (known: {', '.join(LEVELS)})") from None


__all__ = ["APPROACH_FRAMES", "END_WEIGHT", "GIVE_UP", "LEAVE_WEIGHT", "LEVELS", "PERTURB", "ROBUST_WEIGHT",
           "THINK_SECONDS", "Level", "PlannerBot", "Scored", "Search", "SearchReport", "candidates", "evaluate",
           "fallback", "make_level", "next_seat_expectation", "piece_order", "robustness", "score", "search"]
