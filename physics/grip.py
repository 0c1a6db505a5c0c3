"""The grip (C-X1): a kinematic anchor that drags one body through force-limited joints.

The held body follows the anchor through a :class:`pymunk.PivotJoint` (bounded force, bounded correction speed
``MAX_SPEED``) and keeps its angle through a :class:`pymunk.GearJoint` (bounded torque, ``MAX_SPIN``), so it pushes
what it meets instead of passing through it. :meth:`Grip.travel` estimates how far the body may move in the next
sub-step (the world steps finer when that is far, see :mod:`physics.overlap`). The world owns one grip, which only
its hand drives (both in :mod:`physics.world`).
"""

from __future__ import annotations

import math

import pymunk

from physics.constants import GRAVITY
from physics.geometry import Point

FORCE_FACTOR = 30.0     # the pivot pulls with at most this many times the piece's weight
MAX_SPEED = 1000.0      # mm/s: the fastest the pivot corrects (the held piece's top speed)
MAX_SPIN = 8.0          # rad/s: the fastest the gear turns the piece
#: Share of the joints' error left after one second (half of it is corrected every 1/60 s).
ERROR_BIAS = math.pow(0.5, 60.0)
#: Correction speed per mm (or radian) of error that ERROR_BIAS asks for, 1/s.
CORRECTION_RATE = -math.log(ERROR_BIAS)


class Grip:
    """One kinematic anchor; attached to at most one body at a time."""

    def __init__(self) -> None:
        self.anchor = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.body: pymunk.Body | None = None
        self.local: Point = (0.0, 0.0)
        self.reach = 10.0
        self._pivot: pymunk.PivotJoint | None = None
        self._gear: pymunk.GearJoint | None = None

    @property
    def target(self) -> Point:
        """Where the anchor is (the pointer)."""
        p = self.anchor.position
        return float(p.x), float(p.y)

    def attach(self, space: pymunk.Space, body: pymunk.Body, anchor: Point, point: Point, reach: float) -> None:
        """Hold ``body`` at the world ``point`` (on it) with the anchor at ``anchor``; ``reach`` is the body's
        radius (mm)."""
        self.anchor.position = anchor
        self.anchor.velocity = (0.0, 0.0)
        self.anchor.angle = 0.0
        grip = body.world_to_local(point)
        self.local = (float(grip.x), float(grip.y))
        self.reach = max(reach, 10.0)
        pivot = pymunk.PivotJoint(self.anchor, body, (0.0, 0.0), self.local)
        pivot.max_force = FORCE_FACTOR * body.mass * GRAVITY
        pivot.max_bias = MAX_SPEED
        pivot.error_bias = ERROR_BIAS
        gear = pymunk.GearJoint(self.anchor, body, float(body.angle), 1.0)
        gear.max_force = FORCE_FACTOR * body.mass * GRAVITY * self.reach
        gear.max_bias = MAX_SPIN
        gear.error_bias = ERROR_BIAS
        space.add(self.anchor, pivot, gear)
        body.activate()
        self.body, self._pivot, self._gear = body, pivot, gear

    def detach(self, space: pymunk.Space) -> None:
        parts = [c for c in (self._pivot, self._gear) if c is not None]
        if self.body is not None:
            space.remove(*parts, self.anchor)
        self.body = self._pivot = self._gear = None

    def move(self, point: Point) -> None:
        self.anchor.position = point
        if self.body is not None:
            self.body.activate()

    def turn(self, delta: float) -> None:
        if self._gear is None or self.body is None:
            return
        self._gear.phase = self._gear.phase + float(delta)
        self.body.activate()

    def point(self) -> Point | None:
        """The grip point on the held body (world), or None."""
        if self.body is None:
            return None
        p = self.body.local_to_world(self.local)
        return float(p.x), float(p.y)

    @property
    def target_angle(self) -> float | None:
        """The angle the gear turns the held body to (rad), or None when nothing is held."""
        return None if self._gear is None else float(self._gear.phase)

    def free_pose(self) -> tuple[float, float, float] | None:
        """Where the held body would be if nothing stood in its way: its grip point on the anchor, turned to the
        gear's angle ((x, y, angle) of its centre), or None when nothing is held."""
        angle = self.target_angle
        if angle is None:
            return None
        c, s = math.cos(angle), math.sin(angle)
        lx, ly = self.local
        tx, ty = self.target
        return tx - (lx * c - ly * s), ty - (lx * s + ly * c), angle

    def travel(self, dt: float) -> float:
        """How far (mm) any point of the held body may move in the next ``dt``: its own speed, or the speed the
        joints will pull it to (towards the anchor, round to the gear's angle), whichever is larger."""
        body = self.body
        if body is None or self._gear is None:
            return 0.0
        v = body.velocity
        grip = body.local_to_world(self.local)
        gap = math.hypot(self.anchor.position.x - grip.x, self.anchor.position.y - grip.y)
        pull = min(MAX_SPEED, CORRECTION_RATE * gap)
        turn_error = abs(float(body.angle) - self._gear.phase)
        spin = max(abs(float(body.angular_velocity)), min(MAX_SPIN, CORRECTION_RATE * turn_error))
        return (max(math.hypot(v.x, v.y), pull) + spin * self.reach) * dt + GRAVITY * dt * dt
