"""Impacts: a piece meeting a cactus, a base or another piece, and how hard (a fact, for the table's sound).

:class:`ImpactLog` listens to the space's ``begin`` callbacks (the first step two shapes touch) and records
each new contact with the speed the two bodies closed in along the contact normal and the impulse that
speed stands for (the reduced mass times it). It reports what happened and decides nothing; it never
changes the simulation (the callbacks only read). The log is bounded: whoever does not read it loses only
the oldest entries.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, NamedTuple

import pymunk

from physics.constants import CT_BASE, CT_CACTUS, CT_PIECE

#: At most this many impacts wait to be read.
MAX_WAITING = 64
#: Contacts closing slower than this (mm/s) are resting contact, not impacts.
MIN_SPEED = 20.0


class Impact(NamedTuple):
    """A new contact: ``piece`` met ``other`` (kind "piece" / "cactus" / "base", and its id or index) at
    ``time`` (s), closing at ``speed`` mm/s along the normal; ``impulse`` = reduced mass x speed."""

    time: float
    piece: str
    kind: str
    other: str | int
    speed: float
    impulse: float


class ImpactLog:
    """Records the impacts of one space (see the module docstring)."""

    def __init__(self, space: pymunk.Space, owner: Callable[[pymunk.Shape], tuple[str, Any] | None],
                 clock: Callable[[], float]) -> None:
        self._owner = owner
        self._clock = clock
        self._waiting: deque[Impact] = deque(maxlen=MAX_WAITING)
        self._seen: set[tuple[float, frozenset[object]]] = set()
        for other in (CT_PIECE, CT_CACTUS, CT_BASE):
            space.on_collision(CT_PIECE, other, begin=self._begin)

    def _begin(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        a, b = arbiter.shapes
        oa, ob = self._owner(a), self._owner(b)
        if oa is None or ob is None:
            return
        if oa[0] != "piece":
            (oa, a), (ob, b) = (ob, b), (oa, a)
        if oa[0] != "piece" or oa == ob:
            return
        ba, bb = a.body, b.body
        if ba is None or bb is None:
            return
        points = arbiter.contact_point_set
        if not points.points:
            return
        p = points.points[0].point_a
        rel = bb.velocity_at_world_point(p) - ba.velocity_at_world_point(p)
        speed = -rel.dot(points.normal) if a is arbiter.shapes[0] else rel.dot(points.normal)
        speed = abs(speed)
        if speed < MIN_SPEED:
            return
        now = self._clock()
        key = (now, frozenset((oa, ob)))  # a piece of several convex parts meets once per step
        if key in self._seen:
            return
        if len(self._seen) > 4 * MAX_WAITING:
            self._seen.clear()
        self._seen.add(key)
        ma = ba.mass
        mb = bb.mass if bb.body_type == pymunk.Body.DYNAMIC else float("inf")
        reduced = ma if mb == float("inf") else ma * mb / (ma + mb)
        self._waiting.append(Impact(now, str(oa[1]), str(ob[0]), ob[1], float(speed), float(reduced * speed)))

    def take(self) -> list[Impact]:
        """The impacts since the last call, oldest first."""
        out = list(self._waiting)
        self._waiting.clear()
        self._seen.clear()
        return out
