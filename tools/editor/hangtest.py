"""The hang test: N seeded drops of one piece onto one cactus in the physics world, and their statistics.

Pure logic, no pygame: the editor runs it a few drops per frame (:class:`HangTest` is incremental, and
:class:`HangRunner` keeps the editor's running test and its last results), tests and scripts run it in one go
(:func:`run_hang_test`). The same piece, table, seed and count give the same
results: every drop is a fresh :class:`physics.world.World` with one cactus, and the offsets and angles come
from ``random.Random(seed)`` only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from physics.cacti import CactiSpec, CactusSpec
from physics.geometry import Outline, Point, normalise_outline
from physics.pieces import PieceSpec
from physics.world import SUBSTEP, World

#: Drops land within this many mm left or right of the aim point.
SPREAD = 12.0
#: A drop that has not come to rest after this many simulated seconds counts as not hanging.
MAX_SETTLE = 4.0
#: Clearance (mm) between the table's edge and the cactus in the one-cactus table.
SIDE_ROOM = 120.0
#: The editor's drop count: the default, the most one run may take, and how many run per frame at most (so
#: the window stays live while a test runs).
HANG_DEFAULT = 40
HANG_MAX = 500
DROPS_PER_FRAME = 3
#: Seconds of one frame the editor gives the hang test: a drop starts only while the ones before it and one
#: more (at their mean time) fit, the first always does (so a frame stays within its budget).
FRAME_BUDGET = 0.0025


@dataclass(frozen=True)
class Drop:
    index: int
    x: float
    y: float
    angle: float  # radians


@dataclass(frozen=True)
class DropResult:
    drop: Drop
    hung: bool          # at rest on the cactus (not on its base, not fallen)
    fell: bool          # reached the ground or left the table (C-X3)
    settle_time: float  # simulated seconds until everything rested (or the cap)


@dataclass(frozen=True)
class HangStats:
    drops: int
    hung: int
    fell: int
    mean_settle: float      # seconds, over the drops that hung (0 when none did)
    mean_settle_all: float  # seconds, over every drop

    @property
    def rate(self) -> float:
        """Share of drops that hung (0..1)."""
        return self.hung / self.drops if self.drops else 0.0

    def to_dict(self) -> dict[str, float | int]:
        return {"drops": self.drops, "hung": self.hung, "fell": self.fell, "rate": round(self.rate, 4),
                "mean_settle": round(self.mean_settle, 4), "mean_settle_all": round(self.mean_settle_all, 4)}


def piece_spec(piece_id: str, outline: Outline, density: float, friction: float, elasticity: float, *,
               kind: str = "basic", colour: str = "red", form: str | None = None,
               colour_hex: str = "#888888") -> PieceSpec:
    """A physics piece from editor values (raises :class:`physics.geometry.OutlineError` for a bad outline)."""
    return PieceSpec(id=piece_id, kind=kind, colour=colour, form=form,
                     outline=normalise_outline(list(outline), f"piece {piece_id!r}"), density=density,
                     friction=friction, elasticity=elasticity, colour_hex=colour_hex)


def one_cactus_table(cacti: CactiSpec, index: int) -> CactiSpec:
    """A narrow table holding only cactus ``index`` (as cactus 0), centred, with room to fall on both sides."""
    c = cacti.cacti[index]
    left, right = c.extent()
    width = (right - left) + 2 * SIDE_ROOM
    dx = width / 2 - (left + right) / 2

    def shift(o: Outline) -> Outline:
        return tuple((x + dx, y) for x, y in o)

    lone = CactusSpec(index=0, name=c.name, x=c.x + dx, base=shift(c.base), trunk=shift(c.trunk),
                      arms=tuple(shift(a) for a in c.arms))
    return replace(cacti, width=width, cacti=(lone,))


def clear_height(cactus: CactusSpec, x: float, radius: float) -> float:
    """The lowest y at which a piece of ``radius`` centred above ``x`` touches nothing of the cactus."""
    top = 0.0
    for outline in (cactus.base, *cactus.parts):
        for px, py in outline:
            if abs(px - x) <= radius + 2.0:
                top = max(top, py)
    return top + radius + 4.0


def arm_aims(table: CactiSpec, radius: float) -> list[Point]:
    """A drop point above the highest point of every arm of cactus 0 (the first is the default aim)."""
    c = table.cacti[0]
    aims = []
    for arm in c.arms or (c.trunk,):
        x, _ = max(arm, key=lambda p: p[1])
        aims.append((x, clear_height(c, x, radius)))
    return aims


def plan_drops(seed: int, count: int, aim: Point, *, spread: float = SPREAD) -> list[Drop]:
    """``count`` drops around ``aim``: x offset uniform in +-spread, angle uniform in a full turn."""
    rng = random.Random(seed)
    drops = []
    for k in range(count):
        dx = rng.uniform(-spread, spread)
        angle = rng.uniform(-math.pi, math.pi)
        drops.append(Drop(k, aim[0] + dx, aim[1], angle))
    return drops


def drop_world(spec: PieceSpec, table: CactiSpec) -> World:
    return World({spec.id: spec}, table)


def drop_once(spec: PieceSpec, table: CactiSpec, drop: Drop, max_time: float = MAX_SETTLE) -> DropResult:
    """Drop the piece once into a fresh world and judge where it ends up."""
    world = drop_world(spec, table)
    radius = spec.radius
    y = max(drop.y, clear_height(table.cacti[0], drop.x, radius))
    world.spawn(spec.id, (drop.x, y), drop.angle)
    world.settle(max_time)
    facts = world.facts()
    present = world.has_piece(spec.id)
    fell = spec.id in facts.fallen or not present
    hung = (present and facts.at_rest and facts.carried_by.get(spec.id) == 0 and spec.id not in facts.on_base)
    return DropResult(drop, hung=hung, fell=fell, settle_time=world.last_settle_steps * SUBSTEP)


def statistics(results: list[DropResult]) -> HangStats:
    hung = [r for r in results if r.hung]
    return HangStats(drops=len(results), hung=len(hung), fell=sum(1 for r in results if r.fell),
                     mean_settle=sum(r.settle_time for r in hung) / len(hung) if hung else 0.0,
                     mean_settle_all=sum(r.settle_time for r in results) / len(results) if results else 0.0)


class HangTest:
    """An incremental hang test: call :meth:`run` with a few drops at a time until :attr:`done`."""

    def __init__(self, spec: PieceSpec, table: CactiSpec, *, seed: int = 0, count: int = 50,
                 aim: Point | None = None, spread: float = SPREAD, max_time: float = MAX_SETTLE) -> None:
        self.spec = spec
        self.table = table
        self.seed = seed
        self.aim = aim if aim is not None else arm_aims(table, spec.radius)[0]
        self.drops = plan_drops(seed, count, self.aim, spread=spread)
        self.max_time = max_time
        self.results: list[DropResult] = []

    @property
    def done(self) -> bool:
        return len(self.results) >= len(self.drops)

    @property
    def progress(self) -> float:
        return len(self.results) / len(self.drops) if self.drops else 1.0

    def run(self, count: int = 1, budget: float | None = None, clock: Callable[[], float] | None = None) -> int:
        """Run up to ``count`` more drops; returns how many ran. With a ``budget`` (seconds on ``clock``) a
        drop after the first starts only while the time spent so far plus one more drop fits in it."""
        ran = 0
        start = clock() if clock is not None else 0.0
        while ran < count and not self.done:
            if ran and budget is not None and clock is not None:
                spent = clock() - start
                if spent + spent / ran > budget:
                    break
            self.results.append(drop_once(self.spec, self.table, self.drops[len(self.results)], self.max_time))
            ran += 1
        return ran

    def stats(self) -> HangStats:
        return statistics(self.results)


def run_hang_test(spec: PieceSpec, table: CactiSpec, *, seed: int = 0, count: int = 50,
                  aim: Point | None = None, spread: float = SPREAD, max_time: float = MAX_SETTLE) -> HangStats:
    """All drops at once (headless)."""
    test = HangTest(spec, table, seed=seed, count=count, aim=aim, spread=spread, max_time=max_time)
    test.run(count)
    return test.stats()


def parse_drop_count(text: str, current: int) -> tuple[int, bool]:
    """A typed drop count: (the count to use, True when ``text`` was one in 1..HANG_MAX).

    A number out of range is moved into it; anything else keeps ``current``."""
    try:
        value = int(text.strip())
    except ValueError:
        return current, False
    if 1 <= value <= HANG_MAX:
        return value, True
    return min(HANG_MAX, max(1, value)), False


class HangRunner:
    """The editor's hang test over time: the test running now, the last finished statistics (and the ones
    before them, for the comparison), and the subject key each belongs to, so a test whose piece changed
    under it is cancelled and old numbers are marked stale."""

    def __init__(self, count: int = HANG_DEFAULT) -> None:
        self.count = count
        self.test: HangTest | None = None
        self.key: object = None
        self.stats: HangStats | None = None
        self.stats_key: object = None
        self.before: HangStats | None = None
        self.results: list[DropResult] = []

    @property
    def running(self) -> bool:
        return self.test is not None

    def start(self, spec: PieceSpec, table: CactiSpec, *, seed: int, aim: Point | None, key: object) -> None:
        self.test = HangTest(spec, table, seed=seed, count=self.count, aim=aim)
        self.key = key

    def stop(self) -> None:
        self.test = None

    def step(self, key: object, drops: int = DROPS_PER_FRAME, budget: float | None = None,
             clock: Callable[[], float] | None = None) -> str | None:
        """Run a few more drops (at most ``drops``, within ``budget`` seconds on ``clock``, see
        :meth:`HangTest.run`). Returns "cancelled" (the subject changed: the test is dropped), "finished"
        (the statistics are in :attr:`stats`) or None (still running, or nothing runs)."""
        test = self.test
        if test is None:
            return None
        if key != self.key:
            self.test = None  # the piece changed under the test: its numbers would mean nothing
            return "cancelled"
        test.run(drops, budget, clock)
        if not test.done:
            return None
        if self.stats is not None:
            self.before = self.stats
        self.stats = test.stats()
        self.results = list(test.results)
        self.stats_key = self.key
        self.test = None
        return "finished"

    def stale(self, key: object) -> bool:
        """True when the shown statistics belong to another subject than ``key``."""
        return self.stats_key != key

    def shown_results(self) -> list[DropResult]:
        """The drops to show: the running test's so far, else the last finished test's."""
        return list(self.test.results) if self.test is not None else self.results
