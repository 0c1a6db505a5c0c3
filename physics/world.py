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

Facts are computed lazily in :meth:`World.facts`; ``step`` only steps (plus the hand's zone check while a
piece is held), so it costs about a bare ``space.step``.

Determinism: the same calls in the same order give bit-identical poses (in one build). ``to_dict`` saves
poses, velocities and sleep state; ``from_dict`` rebuilds the world from them, so two worlds made from the
same dict have bit-identical futures. The rebuilt world is not a bit-exact continuation of the world that
was saved: the solver's contact cache (warm-start impulses) is not saved, so the saved world's own future
may differ from the restored one in the last bits (a body at rest stays at rest in both).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
import pymunk

from physics.cacti import CactiSpec, CactusSpec, load_cacti, parse_cacti
from physics.geometry import (
    Outline,
    as_array,
    bbox,
    bboxes_near,
    convex_parts,
    outline_distance,
    signed_area,
    transform,
)
from physics.pieces import PieceSpec, check_material, load_pieces

GRAVITY = 9810.0          # mm/s^2
SUBSTEP = 1.0 / 240.0     # s
ITERATIONS = 25
SLEEP_TIME = 0.5          # s of idling before a body sleeps
IDLE_SPEED = 6.0          # mm/s below which a body counts as idle
COLLISION_SLOP = 0.15     # mm of allowed overlap
#: Share of an overlap left after one second: 20 % of it is corrected every 1/60 s (Chipmunk's default is 10 %),
#: so a piece wedged between an arm and the trunk comes to rest clear of them instead of falling asleep while
#: still a millimetre or two inside.
COLLISION_BIAS = (1.0 - 0.2) ** 60
TOLERANCE = 0.5           # mm: outlines closer than this touch (C-X2)

# Collision categories (ShapeFilter bits).
CAT_GROUND = 1 << 0
CAT_BASE = 1 << 1
CAT_CACTUS = 1 << 2
CAT_PIECE = 1 << 3
CAT_BOUNDS = 1 << 4
CAT_HAND = 1 << 5
ALL_MASK = pymunk.ShapeFilter.ALL_MASKS()

# Collision types.
CT_GROUND = 1
CT_BASE = 2
CT_CACTUS = 3
CT_PIECE = 4
CT_BOUNDS = 5

FORMAT = "cactus-world/1"

Pose = tuple[float, float, float]


@dataclass
class Facts:
    """What the physics reports after a step or a settle (see the module docstring)."""

    touching: set[frozenset[str]] = field(default_factory=set)
    on_base: set[str] = field(default_factory=set)
    fallen: set[str] = field(default_factory=set)
    carried_by: dict[str, int | None] = field(default_factory=dict)
    touching_cactus: dict[str, set[int]] = field(default_factory=dict)
    touching_base: dict[str, set[int]] = field(default_factory=dict)
    reached_by: dict[str, set[int]] = field(default_factory=dict)  # every cactus a chain reaches
    on_ground: set[str] = field(default_factory=set)  # only a held piece can be here
    sleeping: set[str] = field(default_factory=set)
    at_rest: bool = True
    held: str | None = None
    hand_touches: int = 0
    poses: dict[str, Pose] = field(default_factory=dict)
    time: float = 0.0


@dataclass
class _Live:
    spec: PieceSpec
    body: pymunk.Body
    shapes: list[pymunk.Poly]
    group: int
    local: np.ndarray  # outline, centred, (n, 2)


@lru_cache(maxsize=256)
def _piece_geometry(outline: Outline) -> tuple[tuple[tuple[tuple[float, float], ...], ...], float, float]:
    """Convex parts, area and unit-mass moment of a centred outline."""
    parts = convex_parts(outline)
    areas = [abs(signed_area(p)) for p in parts]
    total = sum(areas)
    moment = sum(pymunk.moment_for_poly(a / total, p) for p, a in zip(parts, areas))
    return tuple(tuple(p) for p in parts), abs(signed_area(outline)), moment


@lru_cache(maxsize=64)
def _static_parts(outline: Outline) -> tuple[tuple[tuple[float, float], ...], ...]:
    return tuple(tuple(p) for p in convex_parts(outline))


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
        self._owner: dict[pymunk.Shape, tuple[str, Any]] = {}
        self._live: dict[str, _Live] = {}
        self._body_piece: dict[pymunk.Body, str] = {}
        self._fallen: dict[str, None] = {}
        self._pending: list[str] = []
        self._steps = 0
        self._acc = 0.0
        self._version = 0
        self._facts: tuple[int, Facts] | None = None
        self.last_settle_steps = 0
        self._build_static()
        space.on_collision(CT_PIECE, CT_GROUND, begin=self._on_fall)
        space.on_collision(CT_PIECE, CT_BOUNDS, begin=self._on_fall)

        from physics.hand import Hand  # local import: hand.py imports this module

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

    def _check_static(self) -> None:
        """Defensive: no non-finite or absurd number of the table may reach pymunk (parse_cacti refuses them)."""
        width, height = self.cacti.width, self.cacti.height
        if not all(math.isfinite(v) and 0 < v <= 1e5 for v in (width, height)):
            raise ValueError(f"the table must have a finite positive size, got {width!r} x {height!r}")
        limit = 1e5
        for c in self.cacti.cacti:
            for outline in (c.base, *c.parts):
                if len(outline) < 3 or not all(math.isfinite(v) and abs(v) <= limit for p in outline for v in p):
                    raise ValueError(f"cactus {c.index} ({c.name}): an outline has non-finite or absurd points")

    def _build_static(self) -> None:
        self._check_static()
        width, height = self.cacti.width, self.cacti.height
        ground_body = pymunk.Body(body_type=pymunk.Body.STATIC)
        far = 4000.0
        ground = pymunk.Poly(ground_body, [(-far, -200.0), (width + far, -200.0), (width + far, 0.0), (-far, 0.0)])
        self._static_shape(ground, CT_GROUND, CAT_GROUND, ("ground", None))
        bounds = [
            [(-far, -200.0), (0.0, -200.0), (0.0, height + far), (-far, height + far)],
            [(width, -200.0), (width + far, -200.0), (width + far, height + far), (width, height + far)],
            [(0.0, height), (width, height), (width, height + far), (0.0, height + far)],
        ]
        shapes: list[pymunk.Shape] = [ground]
        for box in bounds:
            s = pymunk.Poly(ground_body, box)
            s.sensor = True
            self._static_shape(s, CT_BOUNDS, CAT_BOUNDS, ("bounds", None))
            shapes.append(s)
        self.space.add(ground_body, *shapes)
        self._cactus_arrays: list[list[tuple[np.ndarray, tuple[float, float, float, float]]]] = []
        self._base_arrays: list[tuple[np.ndarray, tuple[float, float, float, float]]] = []
        for c in self.cacti.cacti:
            body = pymunk.Body(body_type=pymunk.Body.STATIC)
            shapes = []
            for part in _static_parts(c.base):
                s = pymunk.Poly(body, part)
                self._static_shape(s, CT_BASE, CAT_BASE, ("base", c.index))
                shapes.append(s)
            arrays = []
            for outline in c.parts:
                for part in _static_parts(outline):
                    s = pymunk.Poly(body, part)
                    self._static_shape(s, CT_CACTUS, CAT_CACTUS, ("cactus", c.index))
                    shapes.append(s)
                arr = as_array(outline)
                arrays.append((arr, bbox(arr)))
            self._cactus_arrays.append(arrays)
            barr = as_array(c.base)
            self._base_arrays.append((barr, bbox(barr)))
            self.space.add(body, *shapes)

    def _static_shape(self, shape: pymunk.Shape, ctype: int, cat: int, owner: tuple[str, Any]) -> None:
        shape.collision_type = ctype
        shape.filter = pymunk.ShapeFilter(categories=cat, mask=ALL_MASK)
        shape.friction = 0.9
        shape.elasticity = 0.05
        self._owner[shape] = owner

    # ------------------------------------------------------------------ pieces

    def spawn(self, piece_id: str, position: tuple[float, float], angle: float = 0.0) -> None:
        """Put a piece into the world, its centre of mass at ``position`` (mm), at rest."""
        spec = self.pieces.get(piece_id)
        if spec is None:
            raise ValueError(f"unknown piece {piece_id!r}")
        if piece_id in self._live:
            raise ValueError(f"piece {piece_id!r} is already in the world")
        x, y = float(position[0]), float(position[1])
        if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(angle)):
            raise ValueError(f"piece {piece_id!r}: position and angle must be finite")
        # Defensive (PieceSpec and parse_pieces refuse these already): Chipmunk aborts the whole process on a
        # mass <= 0 or a negative friction, so check whatever piece-like object we were given.
        check_material(spec.density, spec.friction, spec.elasticity, f"piece {piece_id!r}")
        if not all(math.isfinite(v) and abs(v) <= 1e4 for p in spec.outline for v in p):
            raise ValueError(f"piece {piece_id!r}: outline has non-finite or absurd points")
        parts, area, unit_moment = _piece_geometry(spec.outline)
        mass = spec.density * area
        if not (math.isfinite(mass) and mass > 0 and math.isfinite(unit_moment) and unit_moment > 0):
            raise ValueError(f"piece {piece_id!r}: mass {mass!r} and moment must be finite and positive")
        body = pymunk.Body(mass, mass * unit_moment)
        body.position = (x, y)
        body.angle = float(angle)
        group = self._groups[piece_id]
        flt = pymunk.ShapeFilter(group=group, categories=CAT_PIECE, mask=ALL_MASK)
        shapes = []
        for part in parts:
            s = pymunk.Poly(body, part)
            s.friction = spec.friction
            s.elasticity = spec.elasticity
            s.collision_type = CT_PIECE
            s.filter = flt
            self._owner[s] = ("piece", piece_id)
            shapes.append(s)
        self.space.add(body, *shapes)
        self._live[piece_id] = _Live(spec, body, shapes, group, as_array(spec.outline))
        self._body_piece[body] = piece_id
        self._fallen.pop(piece_id, None)
        self._version += 1

    def remove(self, piece_id: str) -> None:
        """Take a piece out of the world (not counted as fallen)."""
        if piece_id not in self._live:
            raise ValueError(f"piece {piece_id!r} is not in the world")
        if self.hand.held == piece_id:
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
        self._version += 1

    def pieces_in_world(self) -> list[str]:
        """Ids of the pieces in the world, in spawn order."""
        return list(self._live)

    pieces_present = pieces_in_world

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

    # ------------------------------------------------------------------ the table

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
        c = self.cacti.cacti[index]
        margin = self._max_radius + 3.0
        left, right = c.extent()
        top = c.top()
        for pid in self._live:
            arr = np.asarray(self.outline_world(pid))
            if arr[:, 0].max() >= left - margin and arr[:, 0].min() <= right + margin:
                top = max(top, float(arr[:, 1].max()))
        y = min(top + margin, self.cacti.height - self._max_radius - 1.0)
        return c.x, y

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
        hand = self.hand
        self.space.step(SUBSTEP)
        self._steps += 1
        self._version += 1
        if self._pending:
            self._flush_fallen()
        if hand.held is not None:
            hand._after_substep()

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
        if self.hand.held is not None:
            return False
        return all(live.body.is_sleeping for live in self._live.values())

    def _on_fall(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        for s in arbiter.shapes:
            owner = self._owner.get(s)
            if owner is not None and owner[0] == "piece":
                pid = owner[1]
                if pid != self.hand.held and pid not in self._pending:
                    self._pending.append(pid)

    def _flush_fallen(self) -> None:
        pending, self._pending = self._pending, []
        for pid in pending:
            if pid in self._live and pid != self.hand.held:
                self._drop(pid)
                self._fallen[pid] = None

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
            return _copy_facts(self._facts[1])
        f = self._compute_facts()
        self._facts = (self._version, f)
        return _copy_facts(f)

    def _compute_facts(self) -> Facts:
        tol = self.tolerance
        ids = list(self._live)
        f = Facts(fallen=set(self._fallen), held=self.hand.held, hand_touches=len(self.hand.touch_events),
                  time=self.time)
        f.touching_cactus = {pid: set() for pid in ids}
        f.touching_base = {pid: set() for pid in ids}
        pairs: set[frozenset[str]] = set()
        world: dict[str, np.ndarray] = {}
        boxes: dict[str, tuple[float, float, float, float]] = {}
        for pid in ids:
            live = self._live[pid]
            b = live.body
            pos = b.position
            f.poses[pid] = (float(pos.x), float(pos.y), float(b.angle))
            if b.is_sleeping:
                f.sleeping.add(pid)
            world[pid] = transform(live.local, float(pos.x), float(pos.y), float(b.angle))
            boxes[pid] = bbox(world[pid])

            def visit(arb: pymunk.Arbiter, pid: str = pid) -> None:
                for s in arb.shapes:
                    o = self._owner.get(s)
                    if o is None:
                        continue
                    kind, key = o
                    if kind == "piece" and key != pid:
                        pairs.add(frozenset((pid, key)))
                    elif kind == "cactus":
                        f.touching_cactus[pid].add(key)
                    elif kind == "base":
                        f.touching_base[pid].add(key)
                    elif kind == "ground":
                        f.on_ground.add(pid)

            b.each_arbiter(visit)
        # Outline tolerance (C-X2): pieces with each other, with cacti and bases, with the ground.
        for i, a in enumerate(ids):
            for b_id in ids[i + 1:]:
                key = frozenset((a, b_id))
                if key in pairs or not bboxes_near(boxes[a], boxes[b_id], tol):
                    continue
                if outline_distance(world[a], world[b_id]) <= tol:
                    pairs.add(key)
            for c_index, parts in enumerate(self._cactus_arrays):
                if c_index in f.touching_cactus[a]:
                    continue
                for arr, box in parts:
                    if bboxes_near(boxes[a], box, tol) and outline_distance(world[a], arr) <= tol:
                        f.touching_cactus[a].add(c_index)
                        break
            for c_index, (arr, box) in enumerate(self._base_arrays):
                if c_index not in f.touching_base[a] and bboxes_near(boxes[a], box, tol) \
                        and outline_distance(world[a], arr) <= tol:
                    f.touching_base[a].add(c_index)
            if boxes[a][1] <= tol:
                f.on_ground.add(a)
        f.touching = pairs
        f.on_base = {pid for pid in ids if f.touching_base[pid]}
        # Chains of contact (C-X5): breadth-first from each cactus.
        neighbours: dict[str, list[str]] = {pid: [] for pid in ids}
        for pair in sorted(pairs, key=lambda p: sorted(p)):
            a, b_id = sorted(pair)
            neighbours[a].append(b_id)
            neighbours[b_id].append(a)
        dist: dict[int, dict[str, int]] = {}
        for c_index in range(len(self.cacti.cacti)):
            d: dict[str, int] = {}
            queue: deque[str] = deque()
            for pid in ids:
                if c_index in f.touching_cactus[pid]:
                    d[pid] = 0
                    queue.append(pid)
            while queue:
                cur = queue.popleft()
                for nb in neighbours[cur]:
                    if nb not in d:
                        d[nb] = d[cur] + 1
                        queue.append(nb)
            dist[c_index] = d
        for pid in ids:
            reach = {c for c, d in dist.items() if pid in d}
            f.reached_by[pid] = reach
            f.carried_by[pid] = min(reach, key=lambda c: (dist[c][pid], c)) if reach else None
        f.at_rest = self.all_at_rest()
        return f

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
        if not self._default_catalogue:
            d["catalogue"] = {"pieces": [p.to_dict() for p in self.pieces.values()],
                              "cacti": _cacti_to_dict(self.cacti)}
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
            w._acc = float(d.get("carry", 0.0))
            for rec in d.get("pieces", []):
                w.spawn(rec["id"], (float(rec["x"]), float(rec["y"])), float(rec.get("angle", 0.0)))
                b = w._live[rec["id"]].body
                b.velocity = (float(rec.get("vx", 0.0)), float(rec.get("vy", 0.0)))
                b.angular_velocity = float(rec.get("w", 0.0))
            for rec in d.get("pieces", []):
                body = w._live[rec["id"]].body
                if rec.get("sleeping") and not body.is_sleeping:
                    body.sleep()  # each on its own; touching bodies wake each other as usual
            w._fallen = {str(pid): None for pid in d.get("fallen", []) if pid not in w._live}
        except (KeyError, TypeError, ValueError) as exc:
            detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise ValueError(f"bad world snapshot: {detail}") from exc
        return w


def _copy_facts(f: Facts) -> Facts:
    return Facts(touching=set(f.touching), on_base=set(f.on_base), fallen=set(f.fallen),
                 carried_by=dict(f.carried_by),
                 touching_cactus={k: set(v) for k, v in f.touching_cactus.items()},
                 touching_base={k: set(v) for k, v in f.touching_base.items()},
                 reached_by={k: set(v) for k, v in f.reached_by.items()}, on_ground=set(f.on_ground),
                 sleeping=set(f.sleeping), at_rest=f.at_rest, held=f.held, hand_touches=f.hand_touches,
                 poses=dict(f.poses), time=f.time)


def _cacti_to_dict(spec: CactiSpec) -> dict[str, Any]:
    def rel(outline: Outline, x: float) -> list[list[float]]:
        return [[px - x, py] for px, py in outline]

    return {"format": "cactus-cacti/1", "table": {"width": spec.width, "height": spec.height},
            "cacti": [{"name": c.name, "x": c.x, "base": rel(c.base, c.x), "trunk": rel(c.trunk, c.x),
                       "arms": [rel(a, c.x) for a in c.arms]} for c in spec.cacti]}
