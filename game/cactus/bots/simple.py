"""A simple Cactus bot: it takes a fitting piece and drops it from just above the target cactus.

The bot plays through the :class:`~game.cactus.match.Match` API only (roll, take, drop, take_back,
confirm, and the hand's moves for a rescue), so a bot seat obeys exactly the rules a human does. Where to drop:
the hang points of the target cactus (above the trunk and the arm tips, ``physics.scenes``) and a few offsets;
each candidate is tried first on a copy of the match, and the first one that settles without a violation and
without knocking anything off is used (else the best valid one).

Every turn is bounded: at most ``trials`` copies per drop and ``searches`` searching drops, and no drop where no
trial was valid. When the trials find nothing valid, or ``searches`` drops failed, the bot asks the look-ahead
bot's rescue (:func:`game.cactus.bots.planner.rescue_candidates`: pushes that clear the way, tried on copies)
and carries a valid one out with the hand; so a turn takes at most ``DROP_CAP`` drops unless even the rescues
find nothing valid. Then, once a turn, it drops the rescue trial that knocked the most pieces off (its own piece
may fall, no penalty) and may rescue again, and after that it drops at the best candidate found this turn, or
on top of the target cactus (``World.cactus_top``) with a small seeded offset, and lets the rules judge as they
will, and after ``SWEEP_AFTER`` drops it pushes across the cactus. Every choice comes from a generator seeded by
the game's seed and the turn, never from the rules' own generator.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from game.cactus.bots.drive import Drive, Placement, sweep_with, turn_path
from game.cactus.bots.planner import (
    DROP_CAP,
    GIVE_UP,
    RESCUE_TRIALS,
    RESCUES,
    Level,
    Scored,
    Search,
    SearchReport,
    clearer,
    fallback,
)
from game.cactus.match import Match, MatchError, Stage, seeded_rng
from physics.scenes import drop_position, hang_points

#: Names of bot seats (desert plants; names are data, not translated).
BOT_NAMES = ("Saguaro", "Agave", "Yucca", "Ocotillo", "Cholla")
#: Candidates tried on a copy of the world per attempt (keeps a bot turn quick).
TRIALS = 6
#: Simulated seconds a trial may settle.
TRIAL_SETTLE = 3.0
#: Drops per turn that search on copies (a drop is made only where a trial settled without a broken rule); the
#: next one, the last of ``DROP_CAP``, is the look-ahead bot's rescue (:func:`~game.cactus.bots.planner.search`).
SEARCHES = 2
#: The rescue's search: its candidates only, no robustness checks, one seat looked ahead.
RESCUE = Level("rescue", candidates=RESCUE_TRIALS, finalists=0, checks=0, searches=1, pieces=1, plies=1)
#: Drops in one turn after which the bot stops dropping and pushes across the target cactus with the hand
#: instead (the planner's clearing fallback): knocking pieces off is legal (C-R5) and changes what blocked
#: every drop, so every bot game ends.
SWEEP_AFTER = 12


@dataclass
class Bot:
    """Plays the seat whose turn it is; ``attempts`` counts drops in the running turn."""

    trials: int = TRIALS
    searches: int = SEARCHES
    attempts: int = 0
    turn: int = -1
    tried: list[tuple[float, float]] = field(default_factory=list)
    simulated: int = 0  # trials run on copies this turn (trials * searches at most, and a rescue's per drop)
    best: tuple[tuple[int, int], tuple[float, float, float]] | None = None  # (score, drop) of the best trial
    steps_world: bool = True  # the hand's drive steps the world (headless and on screen), else its caller does
    drive: Drive | None = None  # the hand carrying a rescue out
    incremental: bool = False  # on screen: a rescue searches across frames (:meth:`think_some`)
    pending: Search | None = None  # the rescue searching across frames
    rescues: int = 0  # rescue searches this turn (at most RESCUES, again after a clearing drop)
    cleared: bool = False  # the clearing drop of this turn was made (once a turn)
    scored: list[Scored] = field(default_factory=list)  # the rescue trials of the running attempt
    search_seconds: float = 0.0  # time spent on trials this turn, a rescue's included
    rescue_seconds: float = 0.0  # of which a rescue's (on screen spread over frames, the rest holds up one)

    def act(self, match: Match) -> str:
        """Take one step of the turn; returns what was done (for logs and tests)."""
        if match.turn_key != self.turn:
            self.turn, self.attempts, self.tried, self.simulated, self.best = match.turn_key, 0, [], 0, None
            self.drive, self.pending, self.rescues, self.cleared, self.scored = None, None, 0, False, []
            self.search_seconds = self.rescue_seconds = 0.0
        stage = match.stage
        if stage == Stage.ROLL:
            match.roll()
            return "roll"
        if stage == Stage.CHOOSE:
            match.take(self.choose(match))
            return "take"
        if stage == Stage.IN_HAND:
            if self.attempts >= SWEEP_AFTER:
                self.attempts += 1
                return self.sweep(match)
            if self.pending is not None:  # the rescue searched across frames (think_some)
                if not self.pending.done:
                    return "think"
                report, self.pending = self.pending.report, None
                rescued = self._rescued(report)
                if rescued is None and self.rescues < RESCUES:  # another, before any drop
                    self.pending = self._rescue_search(match)
                    return "think"
                return self._drop(match, None, rescued or self._clear())
            began = time.perf_counter()
            drop = self.searched(match)
            if drop is None and self.incremental and self.attempts < DROP_CAP and self.rescues < RESCUES:
                self.pending = self._rescue_search(match)
                self.search_seconds += time.perf_counter() - began
                return "think"
            rescue = None if drop is not None else self.rescue(match) or self._clear()
            self.search_seconds += time.perf_counter() - began
            return self._drop(match, drop, rescue)
        if stage == Stage.SETTLING:
            match.settle_now()
            return "settle"
        if stage == Stage.JUDGED:
            if match.violations:
                match.take_back()
                return "take_back"
            match.confirm(claims=[a.kind for a in match.preview_awards()])
            return "confirm"
        if stage == Stage.HOLDING:
            if self.drive is not None and not self.drive.done:
                return self.drive.step(match) or "release"
            match.release()
            return "release"
        return "idle"

    def _drop(self, match: Match, drop: tuple[float, float, float] | None, rescue: Placement | None) -> str:
        """One attempt: the rescue carried out by the hand, else the searched drop, else the last resort."""
        self.attempts += 1
        self.scored = []
        if rescue is not None:
            return self.carry_out(match, rescue)
        x, y, angle = drop if drop is not None else self.last_resort(match)
        match.drop((x, y), angle)
        return "drop"

    def think_some(self, match: Match, seconds: float) -> bool:
        """Run the pending rescue for about ``seconds`` (the play scene's frame budget, as the look-ahead bot's
        search); whether it was thinking. A rescue for another turn or stage is dropped."""
        pending = self.pending
        if pending is None or pending.done:
            return False
        if pending.turn != match.turn_key or pending.stage != match.stage:
            self.pending = None
            return False
        before = pending.seconds
        pending.step(seconds)
        self.rescue_seconds += pending.seconds - before
        self.search_seconds += pending.seconds - before
        return True

    def _clear(self) -> Placement | None:
        """The rescues found nothing valid: once a turn, the rescue trial of this attempt that knocked the most
        pieces off (:func:`~game.cactus.bots.planner.clearer`), after which rescues may search again."""
        if self.cleared or self.attempts >= DROP_CAP:
            return None
        push = clearer(self.scored)
        if push is not None:
            self.cleared, self.rescues = True, 0
        return push

    def _rescued(self, report: SearchReport | None) -> Placement | None:
        if report is None:
            return None
        self.scored += report.scored
        self.simulated += report.trials
        return report.best.placement if report.best is not None and report.best.valid else None

    def rescue(self, match: Match) -> Placement | None:
        """The turn's rescue (its trials found nothing valid, or ``SEARCHES`` drops failed): the look-ahead bot's
        rescue search (another while one finds nothing, ``RESCUES`` a turn at most), a placement carried out by the
        hand that was valid in its trial (clearing the way may knock pieces off, C-R5); None when none was, or
        ``DROP_CAP`` drops are made."""
        began = time.perf_counter()
        rescued = None
        while rescued is None and self.attempts < DROP_CAP and self.rescues < RESCUES:
            rescued = self._rescued(self._rescue_search(match).run())
        self.rescue_seconds += time.perf_counter() - began
        return rescued

    def _rescue_search(self, match: Match) -> Search:
        self.rescues += 1
        return Search(match, RESCUE, salt=self.rescues, rescue=True)

    def carry_out(self, match: Match, placement: Placement) -> str:
        """Start the hand on ``placement`` (the world is stepped by the drive headless, by the play scene else)."""
        path = turn_path(match, placement)
        if path is None:
            return "idle"
        self.drive = Drive(placement, path, steps_world=self.steps_world)
        return self.drive.step(match) or "idle"

    @staticmethod
    def sweep(match: Match) -> str:
        """The last resort: the hand pushes the piece across the target cactus (all frames at once)."""
        return sweep_with(match, fallback(match, GIVE_UP + 1 + match.drops))

    # ------------------------------------------------------------------ choices
    def choose(self, match: Match) -> str:
        """A fitting piece whose colour and form the target cactus does not carry yet (C-R2, C-R3)."""
        allowed = match.allowed()
        if not allowed:
            raise MatchError("not_allowed", "no piece fits")
        target = match.rules.target_cactus()
        facts = match.facts()
        there = [match.piece_info(p) for p in match.rules.in_world
                 if target is None or facts.carried_by.get(p) == target]
        colours = {p.colour for p in there}
        forms = {p.form for p in there if p.form is not None}

        def risk(pid: str) -> int:
            info = match.piece_info(pid)
            return (info.colour in colours) + (info.form in forms)

        rng = seeded_rng(match, 7)
        best = min(risk(p) for p in allowed)
        return rng.choice([p for p in allowed if risk(p) == best])

    def candidates(self, match: Match, rng: random.Random) -> list[tuple[float, float]]:
        """(x, angle) candidates above the target cactus, hang points first."""
        target = match.rules.target_cactus()
        if target is None:
            facts = match.facts()
            counts = [sum(1 for c in facts.carried_by.values() if c == i) for i in range(5)]
            target = counts.index(min(counts))
        points = hang_points(match.world, target)
        result: list[tuple[float, float]] = []
        for x in points:
            for angle in (0.0, math.pi):
                result.append((x + rng.uniform(-2.0, 2.0), angle))
        left, right = match.world.cactus(target).extent()
        for _ in range(12):
            result.append((rng.uniform(left + 10.0, right - 10.0), rng.choice((0.0, math.pi, math.pi / 2))))
        head = result[: len(points) * 2]
        rng.shuffle(head)
        return [c for c in head + result[len(head):] if c not in self.tried]

    def plan(self, match: Match) -> tuple[float, float, float]:
        """Where to drop the piece: (x, y, angle) of its centre: a searched drop (:meth:`searched`), else the last
        resort (for demos and tests that drop the piece themselves)."""
        found = self.searched(match)
        return found if found is not None else self.last_resort(match)

    def searched(self, match: Match) -> tuple[float, float, float] | None:
        """A drop (x, y, angle of its centre) that settled without a broken rule on a copy; None when no trial gave
        one, or the turn's searching drops are used up (see the module's notes)."""
        pid = str(match.piece)
        if self.attempts >= self.searches:
            return None
        rng = seeded_rng(match, 31 + self.attempts)
        cands = self.candidates(match, rng)
        start = min(self.attempts * 2, max(0, len(cands) - 1))
        ordered = cands[start:] + cands[:start]
        for x, angle in ordered[: self.trials]:
            pos = drop_position(match.world, pid, x, angle, clearance=1.0)
            if not match.is_free(pid, pos, angle, clearance=0.2):
                continue
            self.simulated += 1
            score = self._trial(match, pos, angle)
            if score is None:
                continue
            if self.best is None or score < self.best[0]:
                self.best = (score, (pos[0], pos[1], angle))
            if score == (0, 0):
                self.tried.append((x, angle))
                return pos[0], pos[1], angle
        if self.best is not None and self.best[0][0] == 0:
            return self.best[1]  # valid, though it knocks a piece off (C-R5)
        return None

    def last_resort(self, match: Match) -> tuple[float, float, float]:
        """No search: the best candidate found this turn, else the top of the target cactus."""
        pid = str(match.piece)
        best, self.best = self.best, None
        if best is not None and match.is_free(pid, best[1][:2], best[1][2], clearance=0.2):
            return best[1]  # once: a spot that failed is not tried again and again (seeds 2/5, 3/4 looped)
        target = match.rules.target_cactus()
        if target is None:
            target = 0
        x, y = match.world.cactus_top(target)
        rng = seeded_rng(match, 53 + self.attempts)
        left, right = match.world.cactus(target).extent()
        spread = min(12.0 + 4.0 * (self.attempts - self.searches), (right - left) / 2)  # wider each attempt
        for _ in range(8):
            angle = 0.0 if self.attempts < self.searches + 2 else rng.choice((0.0, math.pi, math.pi / 2))
            px = x + rng.uniform(-spread, spread)
            pos = drop_position(match.world, pid, px, angle, clearance=1.0)
            if match.is_free(pid, pos, angle, clearance=0.2):
                return pos[0], pos[1], angle
        left, bottom, right, top = match.world.bounds
        return x, min(top - match.world.pieces[pid].radius - 2.0, y + 40.0), 0.0

    @staticmethod
    def _trial(match: Match, pos: tuple[float, float], angle: float) -> tuple[int, int] | None:
        """On a copy: (broken rules, pieces knocked off) after the drop settles; None if it cannot drop."""
        trial = match.clone()
        before = len(trial.rules.turn.knocked)
        try:
            trial.drop(pos, angle)
        except MatchError:
            return None
        trial.settle_now(TRIAL_SETTLE)
        broken = len(trial.violations) if trial.stage == Stage.JUDGED else 1
        return broken, len(trial.rules.turn.knocked) - before


def find_violation_drop(match: Match, kinds: tuple[str, ...] = ("same_colour", "same_form", "on_base"),
                        tries: int = 40) -> tuple[float, float, float] | None:
    """A drop spot (x, y, angle) for the piece in hand that breaks one of the ``kinds`` of rules once
    settled (tried on copies of the match); for demos, screenshots and tutorials. None if none is found."""
    if match.stage != Stage.IN_HAND:
        return None
    pid = str(match.piece)
    rng = seeded_rng(match, 997)
    target = match.rules.target_cactus()
    cacti = [target] if target is not None else list(range(len(match.world.cacti.cacti)))
    spots: list[tuple[float, float]] = []
    for c in cacti:
        for x in hang_points(match.world, c):
            spots.extend((x + dx, a) for dx in (0.0, -8.0, 8.0) for a in (0.0, math.pi))
    rng.shuffle(spots)
    local = match.world.pieces[pid].outline
    low = -min(y for _, y in local)
    placed: list[tuple[float, float, float]] = []
    for c in cacti:
        spec = match.world.cactus(c)
        base_top = max(y for _, y in spec.base)
        placed.extend((spec.x + side * d, base_top + low + 0.5, 0.0) for d in (44.0, 50.0, 38.0) for side in (1, -1))
    placed[:0] = [(x, drop_position(match.world, pid, x, a, clearance=1.0)[1], a) for x, a in spots[:tries]]
    for x, y, angle in placed:
        pos = (x, y)
        if not match.is_free(pid, pos, angle, clearance=0.2):
            continue
        trial = match.clone()
        trial.drop(pos, angle)
        trial.settle_now(TRIAL_SETTLE)
        if trial.stage == Stage.JUDGED and any(v.kind in kinds for v in trial.violations) \
                and not trial.rules.turn.knocked:
            return pos[0], pos[1], angle
    return None


def play(match: Match, *, turns: int | None = None, max_actions: int = 5000, bot: Bot | None = None) -> int:
    """Let the bot play every seat until the game is over (or ``turns`` more turns are done).

    Returns the number of turns confirmed. Raises RuntimeError if ``max_actions`` steps pass without end.
    """
    bot = bot or Bot()
    done = 0
    for _ in range(max_actions):
        if match.is_over or (turns is not None and done >= turns):
            return done
        if bot.act(match) == "confirm":
            done += 1
    raise RuntimeError(f"the bot made {max_actions} moves without finishing (stage {match.stage.value})")


__all__ = ["BOT_NAMES", "SEARCHES", "SWEEP_AFTER", "TRIALS", "Bot", "find_violation_drop", "play"]
