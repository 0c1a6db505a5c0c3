"""The pymunk world of Cactus: ground, five cacti on bases, pieces, and the facts of every placement.

Units are millimetres and seconds, y up, the ground is y = 0, gravity (0, -9810) mm/s^2. The world steps
at a fixed sub-step (``SUBSTEP`` = 1/240 s) whatever ``dt`` the caller passes; left-over time carries to
the next call. It *reports* facts (C-X1..C-X5) and decides no rule:

* touching (C-X2): a contact in the physics (the arbiters of the bodies, which stay valid while bodies
  sleep) or outlines closer than ``tolerance`` (default 0.5 mm);
* on_base / touching_cactus: the same test against the bases and the cacti (trunk and arms);
* fallen (C-X3): a piece touching the ground or leaving the table's bounds is removed at once (a held
  piece only when it is let go); ``fallen`` lists every piece removed that way since the world was made
  (a piece spawned again leaves the list);
* carried_by (C-X5): the cactus that a chain of touching pieces reaches (the shortest chain; on a tie the
  lower index); None when no chain reaches a cactus.

Facts are computed lazily in :meth:`World.facts` (:mod:`physics.facts`); ``step`` only steps (plus the
hand's zone check while a piece is held), so it costs about a bare ``space.step``.

The hand (:attr:`World.hand`, a :class:`Hand`) lives here beside the world because it and the world's one grip
(:mod:`physics.grip`) are two sides of one thing: grabbing, dragging and letting go change the world's pieces,
stepping and facts, and the world checks the hand's zone after every sub-step while a piece is held. So the grip
stays private to this module; outside it, the hand's public methods are the only way to hold a piece.

No tunnelling (:mod:`physics.overlap`): while a piece is held, and for the piece let go last until it rests,
a sub-step in which it could travel more than a share of the thinnest piece in the world is split
into several solver steps; and when the hand lets go, any piece left overlapping a cactus, a base or another
piece is pushed out by the shortest translation before the world settles.

Determinism: the same calls in the same order give bit-identical poses (in one build). ``to_dict`` saves
poses, velocities and sleep state; ``from_dict`` rebuilds the world from them, so two worlds made from the
same dict have bit-identical futures. The rebuilt world is not a bit-exact continuation of the world that
was saved: the solver's contact cache (warm-start impulses) is not saved, so the saved world's own future
may differ from the restored one in the last bits (a body at rest stays at rest in both).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import pymunk

from physics.bodies import piece_body
from physics.cacti import CactiSpec, CactusSpec, cacti_to_dict, load_cacti, parse_cacti
from physics.constants import (
    ALL_MASK,
    CAT_BASE,
    CAT_BOUNDS,
    CAT_CACTUS,
    CAT_GROUND,
    CAT_HAND,
    CAT_PIECE,
    COLLISION_BIAS,
    COLLISION_SLOP,
    CT_BASE,
    CT_BOUNDS,
    CT_CACTUS,
    CT_GROUND,
    CT_PIECE,
    GRAVITY,
    IDLE_SPEED,
    ITERATIONS,
    SLEEP_TIME,
    SUBSTEP,
    TOLERANCE,
    Pose,
)
from physics.facts import Facts, PieceReading, ZoneHit, build_facts, copy_facts
from physics.geometry import Point, as_array, bbox, convex_hull, point_in_polygon, transform
from physics.grip import Grip
from physics.hand import EDGE, ZONE_MARGIN, ZONE_RADIUS, HandTouch
from physics.impacts import Impact, ImpactLog
from physics.overlap import overlap_depth, push_out, solver_steps
from physics.pieces import PieceSpec, load_pieces
from physics.placement import CLEARANCE, clear_above, outline_at, pose_is_free
from physics.table import build_table

FORMAT = "cactus-world/1"
#: Shapes a piece may not overlap (a push-out moves it clear of them).
SOLID = frozenset({"cactus", "base", "piece"})

__all__ = [
    "ALL_MASK", "CAT_BASE", "CAT_BOUNDS", "CAT_CACTUS", "CAT_GROUND", "CAT_HAND", "CAT_PIECE", "CLEARANCE",
    "COLLISION_BIAS", "COLLISION_SLOP", "CT_BASE", "CT_BOUNDS", "CT_CACTUS", "CT_GROUND", "CT_PIECE", "FORMAT",
    "GRAVITY", "IDLE_SPEED", "ITERATIONS", "SLEEP_TIME", "SUBSTEP", "TOLERANCE", "Facts", "Hand", "Pose", "World",
    "ZoneHit",
]


@dataclass
class _Live:
    spec: PieceSpec
    body: pymunk.Body
    shapes: list[pymunk.Poly]
    group: int
    local: np.ndarray  # outline, centred, (n, 2)
    thin: float  # mm: its thinnest feature (physics.overlap.thinness)


class World:
    """Five cacti on bases on the ground, and the pieces placed among them."""

    def __init__(self, pieces: dict[str, PieceSpec] | None = None, cacti: CactiSpec | None = None, *,
                 seed: int = 0, tolerance: float = TOLERANCE) -> None:
        self._default_catalogue = pieces is None and cacti is None
        self.pieces: dict[str, PieceSpec] = pieces if pieces is not None else load_pieces()
        self.cacti: CactiSpec = cacti if cacti is not None else load_cacti()
        self.seed = seed
        self.tolerance = float(tolerance)
        self._check_spacing()
        self._groups = {pid: k + 1 for k, pid in enumerate(self.pieces)}
        self._max_radius = max((p.radius for p in self.pieces.values()), default=30.0)

        space = pymunk.Space()
        space.gravity = (0.0, -GRAVITY)
        space.iterations = ITERATIONS
        space.sleep_time_threshold = SLEEP_TIME
        space.idle_speed_threshold = IDLE_SPEED
        space.collision_slop = COLLISION_SLOP
        space.collision_bias = COLLISION_BIAS
        self.space = space
        self._live: dict[str, _Live] = {}
        self._body_piece: dict[pymunk.Body, str] = {}
        self._fallen: dict[str, None] = {}
        self._pending: list[str] = []
        self._steps = 0
        self._acc = 0.0
        self._version = 0
        self._facts: tuple[int, Facts] | None = None
        self._grip = Grip()
        self._gripped: str | None = None
        self._watched: str | None = None  # the piece let go last: stepped finely until it rests
        self._thinnest = math.inf  # mm: the thinnest feature of any piece in the world
        self._n = 1  # solver steps in the last sub-step
        self.last_settle_steps = 0
        table = build_table(space, self.cacti)
        self._owner: dict[pymunk.Shape, tuple[str, Any]] = table.owners
        self._cactus_arrays = table.cacti
        self._base_arrays = table.bases
        space.on_collision(CT_PIECE, CT_GROUND, begin=self._on_fall)
        space.on_collision(CT_PIECE, CT_BOUNDS, begin=self._on_fall)
        self._impacts = ImpactLog(space, self._owner.get, lambda: self.time)
        self.hand = Hand(self)

    # ------------------------------------------------------------------ construction

    @classmethod
    def standard(cls, seed: int = 0) -> World:
        """The shipped table: 5 cacti on bases, the ground, nothing placed."""
        return cls(seed=seed)

    def _check_spacing(self) -> None:
        biggest = max((2 * p.radius for p in self.pieces.values()), default=0.0)
        cs = self.cacti.cacti
        for a, b in zip(cs, cs[1:]):
            gap = b.extent()[0] - a.extent()[1]
            if gap <= biggest:
                raise ValueError(f"cacti {a.index} and {b.index} are {gap:.0f} mm apart, less than the largest "
                                 f"piece ({biggest:.0f} mm): a piece could rest on both")

    # ------------------------------------------------------------------ pieces

    def spawn(self, piece_id: str, position: tuple[float, float], angle: float = 0.0) -> None:
        """Put a piece into the world, its centre of mass at ``position`` (mm), at rest."""
        spec = self.pieces.get(piece_id)
        if spec is None:
            raise ValueError(f"unknown piece {piece_id!r}")
        if piece_id in self._live:
            raise ValueError(f"piece {piece_id!r} is already in the world")
        made = piece_body(piece_id, spec, self._groups[piece_id], position, angle)
        body, shapes, thin = made.body, made.shapes, made.thin
        for s in shapes:
            self._owner[s] = ("piece", piece_id)
        self.space.add(body, *shapes)
        self._live[piece_id] = _Live(spec, body, shapes, self._groups[piece_id], made.local, thin)
        self._body_piece[body] = piece_id
        self._fallen.pop(piece_id, None)
        self._thinnest = min(self._thinnest, thin)
        self._version += 1

    def remove(self, piece_id: str) -> None:
        """Take a piece out of the world (not counted as fallen)."""
        if piece_id not in self._live:
            raise ValueError(f"piece {piece_id!r} is not in the world")
        if self._gripped == piece_id:
            self.hand.release()
            if piece_id not in self._live:
                return
        self._drop(piece_id)

    def _drop(self, piece_id: str) -> None:
        live = self._live.pop(piece_id)
        for s in live.shapes:
            self._owner.pop(s, None)
        self._body_piece.pop(live.body, None)
        self.space.remove(*live.shapes, live.body)
        self._thinnest = min((p.thin for p in self._live.values()), default=math.inf)
        if self._watched == piece_id:
            self._watched = None
        self._version += 1

    def pieces_in_world(self) -> list[str]:
        """Ids of the pieces in the world, in spawn order."""
        return list(self._live)

    def has_piece(self, piece_id: str) -> bool:
        return piece_id in self._live

    def pose(self, piece_id: str) -> Pose:
        """(x, y, angle) of a piece's centre of mass."""
        b = self._live[piece_id].body
        p = b.position
        return float(p.x), float(p.y), float(b.angle)

    def velocity(self, piece_id: str) -> tuple[float, float, float]:
        b = self._live[piece_id].body
        v = b.velocity
        return float(v.x), float(v.y), float(b.angular_velocity)

    def is_sleeping(self, piece_id: str) -> bool:
        return bool(self._live[piece_id].body.is_sleeping)

    def wake(self, piece_id: str | None = None) -> None:
        """Wake one piece (or every piece with None), e.g. to let the solver, not sleep, hold a stack."""
        for live in ([self._live[piece_id]] if piece_id is not None else list(self._live.values())):
            live.body.activate()

    def outline_world(self, piece_id: str) -> list[tuple[float, float]]:
        """The piece's outline in world coordinates (for drawing and picking)."""
        live = self._live[piece_id]
        b = live.body
        arr = transform(live.local, float(b.position.x), float(b.position.y), float(b.angle))
        return [(float(x), float(y)) for x, y in arr]

    def piece_at(self, point: tuple[float, float]) -> str | None:
        """The piece under a world point (the latest spawned if several), or None."""
        hits = self.space.point_query(point, 0.0, pymunk.ShapeFilter(categories=CAT_HAND, mask=CAT_PIECE))
        found = {self._owner[h.shape][1] for h in hits if h.shape is not None and h.shape in self._owner
                 and h.distance <= 0.0}
        for pid in reversed(self._live):
            if pid in found:
                return pid
        return None

    def what_is_at(self, point: tuple[float, float]) -> tuple[str, int | str] | None:
        """What a world point lies on: ("piece", id), ("cactus", index) for a trunk or an arm, ("base", index),
        ("hollow", id) inside a piece's convex hull but off the piece (the hollow of an arch, the bay of a hook),
        or None for free space."""
        pid = self.piece_at(point)
        if pid is not None:
            return ("piece", pid)
        for index, parts in enumerate(self._cactus_arrays):
            if any(point_in_polygon(point, [(float(x), float(y)) for x, y in arr]) for arr, _box in parts):
                return ("cactus", index)
        for index, (arr, _box) in enumerate(self._base_arrays):
            if point_in_polygon(point, [(float(x), float(y)) for x, y in arr]):
                return ("base", index)
        for pid in reversed(self._live):
            if point_in_polygon(point, convex_hull(self.outline_world(pid))):
                return ("hollow", pid)
        return None

    # ------------------------------------------------------------------ the table and placement geometry

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """The table: (left, bottom, right, top) in mm; leaving it is falling (C-X3)."""
        return self.cacti.bounds

    def cactus(self, index: int) -> CactusSpec:
        return self.cacti.cacti[index]

    def cactus_outlines(self, index: int) -> list[list[tuple[float, float]]]:
        """Trunk and arm outlines of a cactus (world coordinates), for drawing."""
        return [list(o) for o in self.cacti.cacti[index].parts]

    def base_outline(self, index: int) -> list[tuple[float, float]]:
        return list(self.cacti.cacti[index].base)

    def cactus_top(self, index: int) -> tuple[float, float]:
        """A point above cactus ``index`` (and above anything hanging on it) where a piece's centre can
        be spawned without touching anything."""
        outlines = [transform(live.local, float(live.body.position.x), float(live.body.position.y),
                              float(live.body.angle)) for live in self._live.values()]
        return clear_above(self.cacti.cacti[index], outlines, self._max_radius + 3.0,
                           self.cacti.height - self._max_radius - 1.0)

    def outline_at(self, piece_id: str, pos: tuple[float, float], angle: float) -> np.ndarray:
        """The outline (n, 2) piece ``piece_id`` would have with its centre at ``pos``, turned by ``angle``."""
        return outline_at(as_array(self.pieces[piece_id].outline), pos, angle)

    def is_free(self, piece_id: str, pos: tuple[float, float], angle: float, clearance: float = CLEARANCE) -> bool:
        """Whether the piece would fit at ``pos`` / ``angle`` keeping ``clearance`` mm from every cactus, base and
        other piece, inside the table and above the ground."""
        obstacles = [shaped for parts in self._cactus_arrays for shaped in parts]
        obstacles.extend(self._base_arrays)
        for pid, live in self._live.items():
            if pid != piece_id:
                arr = transform(live.local, float(live.body.position.x), float(live.body.position.y),
                                float(live.body.angle))
                obstacles.append((arr, bbox(arr)))
        return pose_is_free(self.outline_at(piece_id, pos, angle), self.bounds, obstacles, clearance)

    # ------------------------------------------------------------------ the grip (driven by the hand, C-X1)

    def _attach_grip(self, piece_id: str, anchor: Point, point: Point) -> None:
        """Hold ``piece_id`` at the world ``point`` (on it), the grip's anchor at ``anchor``; a piece held before
        is let go first. A held piece never falls while held (C-X3)."""
        if piece_id not in self._live:
            raise ValueError(f"piece {piece_id!r} is not in the world")
        if self._gripped is not None:
            self._detach_grip()
        live = self._live[piece_id]
        self._grip.attach(self.space, live.body, anchor, point, live.spec.radius)
        self._gripped = piece_id
        self._pending = [p for p in self._pending if p != piece_id]
        self._version += 1

    def _move_grip(self, anchor: Point) -> None:
        """Move the grip's anchor; the held piece follows through bounded joints as the world steps."""
        if self._gripped is None:
            return
        self._grip.move(anchor)
        self._version += 1

    def _turn_grip(self, delta: float) -> None:
        """Turn the held piece by ``delta`` radians (counter-clockwise), through a bounded gear."""
        if self._gripped is None:
            return
        self._grip.turn(delta)
        self._version += 1

    def _detach_grip(self) -> str | None:
        """Let go; returns the piece that was held. A piece let go on the ground or outside the table falls at
        once (C-X3); otherwise any overlap left by the drag is pushed out before the world settles."""
        held = self._gripped
        if held is None:
            return None
        self._grip.detach(self.space)
        self._gripped = None
        if held in self._live:
            self._live[held].body.activate()
            if self._touches_floor_or_outside(held):
                self._fall_now(held)
            else:
                self._watched = held
                self.push_out_overlaps(held)
        self._version += 1
        return held

    def _zone_hits(self, centre: Point, radius: float, exclude: str | None = None) -> list[ZoneHit]:
        """Cacti (trunks and arms, never bases) and pieces other than ``exclude`` within ``radius`` mm of
        ``centre``, nearest first."""
        live = self._live.get(exclude) if exclude is not None else None
        flt = pymunk.ShapeFilter(group=live.group if live is not None else 0, categories=CAT_HAND,
                                 mask=CAT_CACTUS | CAT_PIECE)
        hits = []
        for h in self.space.point_query(centre, radius, flt):
            owner = self._owner.get(h.shape) if h.shape is not None else None
            if owner is not None:
                hits.append(ZoneHit(owner[0], owner[1], float(h.distance)))
        hits.sort(key=lambda z: z.distance)
        return hits

    # ------------------------------------------------------------------ overlaps

    def overlap_depth(self, piece_id: str) -> float:
        """How deep (mm) the piece reaches into a cactus, a base or another piece now (the solver's contact
        depths, over the convex parts of concave outlines)."""
        return overlap_depth(self.space, self._live[piece_id].shapes, self._solid)

    def push_out_overlaps(self, first: str | None = None) -> list[str]:
        """Push every awake piece (``first`` before the others) that overlaps a cactus, a base or another piece
        by more than the solver's own slack out by the shortest translation; returns the pieces moved."""
        order = [first] if first is not None and first in self._live else []
        order += [pid for pid, live in self._live.items() if pid != first and not live.body.is_sleeping]
        moved = []
        for pid in order:
            live = self._live[pid]
            if push_out(self.space, live.body, live.shapes, self._solid):
                moved.append(pid)
        if moved:
            self._version += 1
        return moved

    def watch(self, piece_id: str) -> None:
        """Step ``piece_id`` finely until it rests, as a piece the hand let go (for a piece dropped without the
        hand, e.g. a bot's): it cannot land deep inside a cactus or a piece, however thin its parts."""
        if piece_id not in self._live:
            raise ValueError(f"piece {piece_id!r} is not in the world")
        self._watched = piece_id

    def _solid(self, shape: pymunk.Shape) -> bool:
        owner = self._owner.get(shape)
        return owner is not None and owner[0] in SOLID

    # ------------------------------------------------------------------ stepping

    @property
    def time(self) -> float:
        return self._steps * SUBSTEP

    @property
    def steps(self) -> int:
        """Sub-steps taken so far."""
        return self._steps

    def step(self, dt: float) -> None:
        """Advance by ``dt`` seconds in fixed sub-steps (the remainder carries over)."""
        if not (math.isfinite(dt) and dt >= 0):
            raise ValueError(f"dt must be a finite number >= 0, got {dt!r}")
        self._acc += dt
        while self._acc >= SUBSTEP - 1e-9:
            self._acc -= SUBSTEP
            self._substep()

    def _substep(self) -> None:
        if self._gripped is None and self._watched is None and self._n == 1:
            self.space.step(SUBSTEP)
        else:
            n = self._split()
            for _ in range(n):
                self.space.step(SUBSTEP / n)
        self._steps += 1
        self._version += 1
        if self._pending:
            self._flush_fallen()
        if self._gripped is not None:
            self.hand._after_substep()

    def _split(self) -> int:
        """Solver steps for the next sub-step: enough that the held or watched piece moves at most a share of the
        thinnest feature in the world in each (physics.overlap)."""
        travel = self._grip.travel(SUBSTEP) if self._gripped is not None else 0.0
        watched = self._live.get(self._watched) if self._watched is not None else None
        if watched is not None and watched.body.is_sleeping:
            self._watched, watched = None, None
        if watched is not None and self._watched != self._gripped:
            b = watched.body
            speed = math.hypot(b.velocity.x, b.velocity.y) + abs(b.angular_velocity) * watched.spec.radius
            travel = max(travel, speed * SUBSTEP + GRAVITY * SUBSTEP * SUBSTEP)
        # Finer at once, coarser one step per sub-step: the solver's warm start scales the impulses of the last
        # step by the ratio of the time steps, so a sudden coarser step would kick a piece that just landed.
        self._n = max(solver_steps(travel, self._thinnest), self._n - 1)
        return self._n

    def settle(self, max_time: float = 5.0) -> bool:
        """Step until every piece rests (sleeps) or ``max_time`` simulated seconds pass.
        True when everything rests. ``last_settle_steps`` holds the sub-steps taken."""
        limit = int(math.ceil(max_time / SUBSTEP - 1e-9))
        done = 0
        while done < limit:
            if done % 4 == 0 and self.all_at_rest():
                break
            self._substep()
            done += 1
        self.last_settle_steps = done
        return self.all_at_rest()

    def all_at_rest(self) -> bool:
        if self._gripped is not None:
            return False
        return all(live.body.is_sleeping for live in self._live.values())

    def _on_fall(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        for s in arbiter.shapes:
            owner = self._owner.get(s)
            if owner is not None and owner[0] == "piece":
                pid = owner[1]
                if pid != self._gripped and pid not in self._pending:
                    self._pending.append(pid)

    def _flush_fallen(self) -> None:
        pending, self._pending = self._pending, []
        for pid in pending:
            if pid in self._live and pid != self._gripped:
                self._fall_now(pid)

    def _touches_floor_or_outside(self, piece_id: str) -> bool:
        """Whether a piece touches the ground or reaches out of the table now (arbiters and outline)."""
        live = self._live[piece_id]
        kinds: set[str] = set()

        def visit(arb: pymunk.Arbiter) -> None:
            for s in arb.shapes:
                o = self._owner.get(s)
                if o is not None:
                    kinds.add(o[0])

        live.body.each_arbiter(visit)
        if "ground" in kinds or "bounds" in kinds:
            return True
        left, bottom, right, top = bbox(np.asarray(self.outline_world(piece_id)))
        return bottom <= self.tolerance or left < 0 or right > self.cacti.width or top > self.cacti.height

    def _fall_now(self, piece_id: str) -> None:
        if piece_id in self._live:
            self._drop(piece_id)
            self._fallen[piece_id] = None

    # ------------------------------------------------------------------ facts

    def facts(self) -> Facts:
        """The facts of the world now (C-X2, C-X3, C-X5); computed on demand, cached until it changes."""
        if self._facts is not None and self._facts[0] == self._version:
            return copy_facts(self._facts[1])
        f = self._compute_facts()
        self._facts = (self._version, f)
        return copy_facts(f)

    def impacts(self) -> list[Impact]:
        """The impacts (a piece meeting a cactus, base or piece, and how hard) since the last call."""
        return self._impacts.take()

    def _compute_facts(self) -> Facts:
        readings: dict[str, PieceReading] = {}
        for pid, live in self._live.items():
            b = live.body
            pos = b.position
            contacts: list[tuple[str, Any]] = []

            def visit(arb: pymunk.Arbiter, contacts: list[tuple[str, Any]] = contacts) -> None:
                for s in arb.shapes:
                    o = self._owner.get(s)
                    if o is not None:
                        contacts.append(o)

            b.each_arbiter(visit)
            readings[pid] = PieceReading((float(pos.x), float(pos.y), float(b.angle)), bool(b.is_sleeping),
                                         transform(live.local, float(pos.x), float(pos.y), float(b.angle)),
                                         contacts)
        base = Facts(fallen=set(self._fallen), held=self._gripped, hand_touches=self.hand.touch_count,
                     time=self.time, at_rest=self.all_at_rest())
        return build_facts(readings, self._cactus_arrays, self._base_arrays, self.tolerance, base)

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot (see the module docstring for what is exact). A held piece is saved as a
        free piece; the hand itself is not saved."""
        pieces = []
        for pid, live in self._live.items():
            b = live.body
            pieces.append({"id": pid, "x": float(b.position.x), "y": float(b.position.y),
                           "angle": float(b.angle), "vx": float(b.velocity.x), "vy": float(b.velocity.y),
                           "w": float(b.angular_velocity), "sleeping": bool(b.is_sleeping)})
        d: dict[str, Any] = {"format": FORMAT, "seed": self.seed, "steps": self._steps, "carry": self._acc,
                             "tolerance": self.tolerance, "pieces": pieces, "fallen": list(self._fallen)}
        if self._watched is not None:
            d["watched"] = self._watched
        if not self._default_catalogue:
            d["catalogue"] = {"pieces": [p.to_dict() for p in self.pieces.values()],
                              "cacti": cacti_to_dict(self.cacti)}
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> World:
        """Rebuild a world from :meth:`to_dict`; raises ValueError with a clear message on bad input."""
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise ValueError(f"not a world snapshot (expected format {FORMAT!r})")
        pieces: dict[str, PieceSpec] | None = None
        cacti: CactiSpec | None = None
        cat = d.get("catalogue")
        if cat is not None:
            pieces = {p["id"]: PieceSpec.from_dict(p) for p in cat["pieces"]}
            cacti = parse_cacti(cat["cacti"], "snapshot")
        try:
            w = cls(pieces, cacti, seed=int(d.get("seed", 0)), tolerance=float(d.get("tolerance", TOLERANCE)))
            w._steps = int(d.get("steps", 0))
            # a carry outside one sub-step, or any number that is not finite, would stall or hang stepping
            w._acc = _finite(d.get("carry", 0.0), "carry", 0.0, SUBSTEP)
            for rec in d.get("pieces", []):
                x, y = _finite(rec["x"], "x"), _finite(rec["y"], "y")
                w.spawn(rec["id"], (x, y), _finite(rec.get("angle", 0.0), "angle"))
                b = w._live[rec["id"]].body
                b.velocity = (_finite(rec.get("vx", 0.0), "vx"), _finite(rec.get("vy", 0.0), "vy"))
                b.angular_velocity = _finite(rec.get("w", 0.0), "w")
            for rec in d.get("pieces", []):
                body = w._live[rec["id"]].body
                if rec.get("sleeping") and not body.is_sleeping:
                    body.sleep()  # each on its own; touching bodies wake each other as usual
            w._fallen = {str(pid): None for pid in d.get("fallen", []) if pid not in w._live}
            watched = d.get("watched")
            w._watched = watched if isinstance(watched, str) and watched in w._live else None
        except (KeyError, TypeError, ValueError) as exc:
            detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise ValueError(f"bad world snapshot: {detail}") from exc
        return w


def _finite(value: Any, name: str, low: float = -1e9, high: float = 1e9) -> float:
    number = float(value)
    if not low <= number <= high:  # also false for NaN
        raise ValueError(f"{name} must be a number from {low:g} to {high:g}, not {value!r}")
    return number


class Hand:
    """The hand (C-X1): grab, drag, rotate and let go of one piece at a time, and count the touches of its zone.

    The held piece follows the pointer through the world's force-limited grip, so it pushes what it meets, and
    the world steps finer while it moves fast (no tunnelling, :mod:`physics.overlap`). The *hand zone* is a circle
    of ``ZONE_RADIUS`` around the grip point on the piece, outside the held piece; whenever it comes to overlap a
    cactus (trunk or arm, never a base) or another piece, one :class:`HandTouch` is recorded (checked by the world
    after every sub-step while it holds a piece). A new touch needs the zone to come free first (by
    ``ZONE_MARGIN``). The rules learn of the touches from :attr:`touch_count` / ``Facts.hand_touches``.

    It also reports what a player needs to see of the drag, and decides nothing with it: how far the held piece
    lags the pointer (:attr:`lag`), where it would be with nothing in its way (:meth:`free_pose`), what it presses
    against (:meth:`pressing`) and how near the zone's edge is to a cactus or a piece (:meth:`nearest_to_ring`).
    """

    def __init__(self, world: World) -> None:
        self._world = world
        self.touch_events: list[HandTouch] = []
        self.touching = False

    @property
    def held(self) -> str | None:
        """The piece in the hand, or None."""
        return self._world._gripped

    # ------------------------------------------------------------------ actions

    def grab(self, piece_id: str, point: tuple[float, float]) -> None:
        """Take hold of a piece at a world point (normally a point on the piece)."""
        w = self._world
        if not w.has_piece(piece_id):
            raise ValueError(f"piece {piece_id!r} is not in the world")
        if self.held is not None:
            self.release()
        w._attach_grip(piece_id, self._clamp(point), (float(point[0]), float(point[1])))
        self._end_touch()

    def move_to(self, point: tuple[float, float]) -> None:
        """Move the pointer (the held piece follows through the joint)."""
        if self.held is None:
            return
        self._world._move_grip(self._clamp(point))

    def rotate(self, delta: float) -> None:
        """Turn the held piece by ``delta`` radians (counter-clockwise), through the bounded gear."""
        if self.held is None:
            return
        if not math.isfinite(delta):
            raise ValueError("rotation must be finite")
        self._world._turn_grip(float(delta))

    def release(self) -> str | None:
        """Let go; returns the piece id that was held. A piece let go on the ground or outside the table
        falls at once (C-X3)."""
        if self.held is None:
            return None
        self._end_touch()
        return self._world._detach_grip()

    # ------------------------------------------------------------------ queries

    @property
    def pointer(self) -> tuple[float, float]:
        """Where the pointer (the grip's anchor) is: the held piece follows it."""
        return self._world._grip.target

    def grip_world(self) -> tuple[float, float] | None:
        """Where the fingers hold the piece (world), or None when nothing is held."""
        return self._world._grip.point()

    @property
    def touch_count(self) -> int:
        """Touches of the hand zone recorded so far (C-X1); also ``Facts.hand_touches``."""
        return len(self.touch_events)

    @property
    def target_angle(self) -> float | None:
        """The angle (rad) the hand turns the held piece to (it follows through the bounded gear), or None."""
        return self._world._grip.target_angle

    @property
    def lag(self) -> float:
        """How far (mm) the fingers on the held piece are from the pointer now: the piece follows the pointer
        through bounded joints, so this grows while something stands in its way (0 when nothing is held)."""
        grip = self.grip_world()
        if grip is None:
            return 0.0
        return math.dist(grip, self.pointer)

    def free_pose(self) -> Pose | None:
        """Where the held piece would be if nothing stood in its way: the fingers on the pointer, the piece at
        the angle the hand turns it to ((x, y, angle) of its centre); None when nothing is held."""
        return self._world._grip.free_pose()

    def pressing(self) -> list[tuple[str, int | str]]:
        """What the held piece touches in the solver now, as (kind, key): ("cactus", index), ("base", index) or
        ("piece", id); empty when nothing is held."""
        w = self._world
        held = w._gripped
        if held is None or held not in w._live:
            return []
        found: dict[tuple[str, int | str], None] = {}

        def visit(arb: pymunk.Arbiter) -> None:
            for s in arb.shapes:
                owner = w._owner.get(s)
                if owner is not None and owner[0] in SOLID and owner != ("piece", held):
                    found[(owner[0], owner[1])] = None

        w._live[held].body.each_arbiter(visit)
        return list(found)

    def nearest_to_ring(self, reach: float) -> ZoneHit | None:
        """The cactus (trunk or arm) or other piece nearest the edge of the hand's zone, if one is within ``reach``
        mm of it; its ``distance`` is measured from the zone's edge (<= 0: the zone reaches it, a touch, C-X1).
        None when nothing is held or nothing is that near."""
        w = self._world
        held = w._gripped
        centre = w._grip.point()
        if held is None or centre is None:
            return None
        hits = w._zone_hits(centre, ZONE_RADIUS + max(0.0, float(reach)), exclude=held)
        if not hits:
            return None
        best = hits[0]
        return ZoneHit(best.kind, best.target, best.distance - ZONE_RADIUS)

    def contact(self) -> HandTouch | None:
        """The touch going on now (the zone on a cactus or a piece, not yet come free), or None."""
        return self.touch_events[-1] if self.touching and self.touch_events else None

    def pressing_sides(self) -> list[tuple[str, int | str, float, float]]:
        """What the held piece presses against now, each as (kind, key, nx, ny): kind and key as in
        :meth:`pressing`, (nx, ny) the unit contact normal pointing from the held piece towards it (ny < 0: it
        lies under the held piece, which rests on it)."""
        w = self._world
        held = w._gripped
        if held is None or held not in w._live:
            return []
        found: dict[tuple[str, int | str], tuple[float, float]] = {}

        def visit(arb: pymunk.Arbiter) -> None:
            owners = [w._owner.get(s) for s in arb.shapes]
            other = owners[1] if owners[0] == ("piece", held) else owners[0]
            if other is None or other[0] not in SOLID or other == ("piece", held):
                return
            n = arb.normal if owners[0] == ("piece", held) else -arb.normal
            key = (other[0], other[1])
            if key not in found or n.y < found[key][1]:
                found[key] = (float(n.x), float(n.y))

        w._live[held].body.each_arbiter(visit)
        return [(kind, target, nx, ny) for (kind, target), (nx, ny) in found.items()]

    # ------------------------------------------------------------------ internals

    def _end_touch(self) -> None:
        """The zone came free (or the hand let go): the touch going on, if any, ends now."""
        if self.touching and self.touch_events:
            last = self.touch_events[-1]
            self.touch_events[-1] = HandTouch(last.kind, last.target, last.time, self._world.time)
        self.touching = False

    def _clamp(self, point: tuple[float, float]) -> Point:
        x, y = float(point[0]), float(point[1])
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError("pointer position must be finite")
        left, bottom, right, top = self._world.bounds
        return min(max(x, left + EDGE), right - EDGE), min(max(y, bottom), top - EDGE)

    def _after_substep(self) -> None:
        """Check the hand zone once per sub-step (the world calls it only while holding)."""
        w = self._world
        held = w._gripped
        if held is None:
            return
        centre = w._grip.point()
        if centre is None:
            return
        hits = w._zone_hits(centre, ZONE_RADIUS + ZONE_MARGIN, exclude=held)
        if not hits:
            self._end_touch()
            return
        if self.touching:
            return
        best = hits[0]
        if best.distance > ZONE_RADIUS:
            return
        self.touching = True
        self.touch_events.append(HandTouch(best.kind, best.target, w.time))
