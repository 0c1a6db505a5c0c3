"""Keeping pieces out of each other and out of the cacti ("no tunnelling", C-X1).

Two tools, both plain pymunk over shapes the caller names, deciding no rule:

* **Fine stepping.** A body that would travel more than a share of the thinnest feature in the world during one
  sub-step (a feather's quill is under 2 mm wide) is stepped through several smaller solver steps, so no thin part
  can pass deep enough into another shape that the shortest way out is sideways or through it.
  :func:`thinness` measures a piece's thinnest convex part; :func:`solver_steps` says how many steps a travel
  needs.
* **Pushing out.** :func:`overlap_depth` is the deepest penetration of a body's shapes into the shapes a filter
  accepts (pymunk's own contact depths, so concave outlines count by their convex parts); :func:`push_out` moves
  the body by the shortest translation (searched on rings, upwards first) after which it overlaps nothing by more
  than an allowed depth.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pymunk

from physics.geometry import Point

#: A piece may travel at most this share of the thinnest part in the world in one solver step.
TRAVEL_SHARE = 0.4
#: Parts thinner than this (slivers of a convex decomposition) count as this thick (mm).
THIN_FLOOR = 1.5
#: At most this many solver steps per sub-step (a drag at the hand's top speed needs about 7).
MAX_SPLIT = 12
#: Overlap (mm) a push-out leaves alone: the solver's own resting penetration is about COLLISION_SLOP.
ALLOWED_OVERLAP = 0.5
#: Distances (mm) tried, nearest first, when a body is pushed out of an overlap.
RINGS = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 12.0, 14.0, 17.0, 20.0, 24.0, 28.0, 33.0,
         38.0, 45.0, 52.0, 60.0)
DIRECTIONS = 24


def part_width(part: Sequence[Point]) -> float:
    """The smallest width of a convex polygon (over its edge normals)."""
    a = np.asarray(part, dtype=float)
    e = np.roll(a, -1, axis=0) - a
    length = np.hypot(e[:, 0], e[:, 1])
    keep = length > 1e-12
    normals = np.stack([-e[keep, 1], e[keep, 0]], axis=1) / length[keep, None]
    proj = a @ normals.T
    return float((proj.max(axis=0) - proj.min(axis=0)).min())


def thinness(parts: Sequence[Sequence[Point]]) -> float:
    """How thin a piece's thinnest feature is: its thinnest convex part, at least ``THIN_FLOOR`` (mm)."""
    return max(THIN_FLOOR, min(part_width(p) for p in parts))


def solver_steps(travel: float, thin: float) -> int:
    """Solver steps for one sub-step in which a body may travel ``travel`` mm among features ``thin`` mm thin."""
    limit = TRAVEL_SHARE * thin
    if travel <= limit:
        return 1
    return min(MAX_SPLIT, math.ceil(travel / limit))


def overlap_depth(space: pymunk.Space, shapes: Sequence[pymunk.Shape],
                  accept: Callable[[pymunk.Shape], bool]) -> float:
    """The deepest penetration (mm) of ``shapes`` (at their bodies' poses now) into shapes ``accept`` takes."""
    deepest = 0.0
    for s in shapes:
        for info in space.shape_query(s):
            other = info.shape
            if other is None or not accept(other):
                continue
            for p in info.contact_point_set.points:
                deepest = max(deepest, -float(p.distance))
    return deepest


def _ring_offsets() -> list[tuple[float, float]]:
    angles = sorted((2.0 * math.pi * k / DIRECTIONS for k in range(DIRECTIONS)),
                    key=lambda a: (abs(math.remainder(a - math.pi / 2.0, math.tau)), a))
    return [(r * math.cos(a), r * math.sin(a)) for r in RINGS for a in angles]


OFFSETS = _ring_offsets()


def push_out(space: pymunk.Space, body: pymunk.Body, shapes: Sequence[pymunk.Shape],
             accept: Callable[[pymunk.Shape], bool], allowed: float = ALLOWED_OVERLAP) -> bool:
    """Move ``body`` by the shortest translation tried after which its shapes overlap nothing ``accept`` takes by
    more than ``allowed`` mm; it then starts again at rest. True when it was moved; a body no offset frees stays
    where it is (False)."""
    if overlap_depth(space, shapes, accept) <= allowed:
        return False
    start = body.position
    for dx, dy in OFFSETS:
        body.position = (start.x + dx, start.y + dy)
        if overlap_depth(space, shapes, accept) <= allowed:
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
            space.reindex_shapes_for_body(body)
            return True
    body.position = start
    space.reindex_shapes_for_body(body)
    return False
