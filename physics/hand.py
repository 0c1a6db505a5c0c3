"""The hand (C-X1): a kinematic body that drags a held piece through force-limited joints.

The held piece follows the pointer through a :class:`pymunk.PivotJoint` (bounded force, bounded
correction speed) and keeps its angle through a :class:`pymunk.GearJoint` (bounded torque), so it pushes
what it meets and, moving at most ``MAX_SPEED`` mm/s against sub-steps of 1/240 s, cannot tunnel through
a cactus. The *hand zone* is a circle of ``ZONE_RADIUS`` around the grip point on the piece, outside the
held piece; whenever it comes to overlap a cactus (trunk or arm, never a base) or another piece, one
:class:`HandTouch` is recorded. A new touch needs the zone to come free first (by ``ZONE_MARGIN``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pymunk

from physics.world import CAT_CACTUS, CAT_HAND, CAT_PIECE, GRAVITY

if TYPE_CHECKING:
    from physics.world import World

ZONE_RADIUS = 6.0       # mm around the grip point
ZONE_MARGIN = 1.5       # mm the zone must clear before a new touch counts
FORCE_FACTOR = 30.0     # the pivot pulls with at most this many times the piece's weight
MAX_SPEED = 1000.0      # mm/s: the fastest the pivot corrects (the held piece's top speed)
MAX_SPIN = 8.0          # rad/s: the fastest the gear turns the piece
EDGE = 5.0              # mm the pointer stays inside the table


@dataclass(frozen=True)
class HandTouch:
    """One touch of the hand zone (C-X1/C-R1): kind is "cactus" (target = cactus index) or "piece"."""

    kind: str
    target: int | str
    time: float


class Hand:
    """Grab, drag, rotate and let go of one piece at a time."""

    def __init__(self, world: World) -> None:
        self._world = world
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.held: str | None = None
        self.grip_local: tuple[float, float] = (0.0, 0.0)
        self.touch_events: list[HandTouch] = []
        self.touching = False
        self._pivot: pymunk.PivotJoint | None = None
        self._gear: pymunk.GearJoint | None = None
        self._filter = pymunk.ShapeFilter(categories=CAT_HAND, mask=CAT_CACTUS | CAT_PIECE)

    # ------------------------------------------------------------------ actions

    def grab(self, piece_id: str, point: tuple[float, float]) -> None:
        """Take hold of a piece at a world point (normally a point on the piece)."""
        w = self._world
        if piece_id not in w._live:
            raise ValueError(f"piece {piece_id!r} is not in the world")
        if self.held is not None:
            self.release()
        live = w._live[piece_id]
        piece = live.body
        px, py = self._clamp(point)
        self.body.position = (px, py)
        self.body.velocity = (0.0, 0.0)
        self.body.angle = 0.0
        grip = piece.world_to_local((float(point[0]), float(point[1])))
        self.grip_local = (float(grip.x), float(grip.y))
        pivot = pymunk.PivotJoint(self.body, piece, (0.0, 0.0), self.grip_local)
        pivot.max_force = FORCE_FACTOR * piece.mass * GRAVITY
        pivot.max_bias = MAX_SPEED
        pivot.error_bias = math.pow(0.5, 60.0)
        gear = pymunk.GearJoint(self.body, piece, float(piece.angle), 1.0)
        gear.max_force = FORCE_FACTOR * piece.mass * GRAVITY * max(live.spec.radius, 10.0)
        gear.max_bias = MAX_SPIN
        gear.error_bias = math.pow(0.5, 60.0)
        w.space.add(self.body, pivot, gear)
        piece.activate()
        self._pivot, self._gear = pivot, gear
        self.held = piece_id
        self.touching = False
        w._pending = [p for p in w._pending if p != piece_id]
        w._version += 1

    def move_to(self, point: tuple[float, float]) -> None:
        """Move the pointer (the held piece follows through the joint)."""
        if self.held is None:
            return
        self.body.position = self._clamp(point)
        self._world._live[self.held].body.activate()
        self._world._version += 1

    def rotate(self, delta: float) -> None:
        """Turn the held piece by ``delta`` radians (counter-clockwise), through the bounded gear."""
        if self.held is None or self._gear is None:
            return
        if not math.isfinite(delta):
            raise ValueError("rotation must be finite")
        self._gear.phase = self._gear.phase + float(delta)
        self._world._live[self.held].body.activate()
        self._world._version += 1

    def release(self) -> str | None:
        """Let go; returns the piece id that was held. A piece let go on the ground or outside the table
        falls at once (C-X3)."""
        held = self.held
        if held is None:
            return None
        w = self._world
        parts = [c for c in (self._pivot, self._gear) if c is not None]
        w.space.remove(*parts, self.body)
        self._pivot = self._gear = None
        self.held = None
        self.touching = False
        if held in w._live:
            w._live[held].body.activate()
            if w._touches_floor_or_outside(held):
                w._fall_now(held)
        w._version += 1
        return held

    # ------------------------------------------------------------------ queries

    @property
    def pointer(self) -> tuple[float, float]:
        p = self.body.position
        return float(p.x), float(p.y)

    def grip_world(self) -> tuple[float, float] | None:
        """Where the fingers hold the piece (world), or None when nothing is held."""
        if self.held is None:
            return None
        p = self._world._live[self.held].body.local_to_world(self.grip_local)
        return float(p.x), float(p.y)

    @property
    def touch_count(self) -> int:
        return len(self.touch_events)

    def clear_touches(self) -> None:
        self.touch_events.clear()

    # ------------------------------------------------------------------ internals

    def _clamp(self, point: tuple[float, float]) -> tuple[float, float]:
        x, y = float(point[0]), float(point[1])
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError("pointer position must be finite")
        left, bottom, right, top = self._world.bounds
        return min(max(x, left + EDGE), right - EDGE), min(max(y, bottom), top - EDGE)

    def _after_substep(self) -> None:
        """Check the hand zone once per sub-step (only while holding)."""
        w = self._world
        held = self.held
        if held is None or held not in w._live:
            if held is not None:
                self.release()
            return
        live = w._live[held]
        centre = live.body.local_to_world(self.grip_local)
        flt = pymunk.ShapeFilter(group=live.group, categories=CAT_HAND, mask=CAT_CACTUS | CAT_PIECE)
        hits = w.space.point_query(centre, ZONE_RADIUS + ZONE_MARGIN, flt)
        if not hits:
            self.touching = False
            return
        if self.touching:
            return
        best = min(hits, key=lambda h: h.distance)
        if best.distance > ZONE_RADIUS or best.shape is None:
            return
        owner = w._owner.get(best.shape)
        if owner is None:
            return
        self.touching = True
        self.touch_events.append(HandTouch(owner[0], owner[1], w.time))
