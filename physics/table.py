"""The static table in a pymunk space: the ground, the bounds (sensors: leaving them is falling, C-X3), and the
five cacti on their bases, each concave outline split into convex parts on one static body.

:func:`build_table` adds them to a space and returns who owns each shape plus the outlines (with bounding boxes)
the facts and the placement checks test against.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pymunk

from physics.cacti import CactiSpec
from physics.constants import (
    ALL_MASK,
    CAT_BASE,
    CAT_BOUNDS,
    CAT_CACTUS,
    CAT_GROUND,
    CT_BASE,
    CT_BOUNDS,
    CT_CACTUS,
    CT_GROUND,
)
from physics.facts import Shaped
from physics.geometry import Outline, as_array, bbox, convex_parts

#: Who a shape belongs to: ("ground", None), ("bounds", None), ("base", i), ("cactus", i) or ("piece", id).
Owner = tuple[str, Any]
#: Absurd coordinates are refused before they reach pymunk (mm).
LIMIT = 1e5


@dataclass
class Table:
    """What :func:`build_table` made: each shape's owner, each cactus's part outlines, each base's outline."""

    owners: dict[pymunk.Shape, Owner]
    cacti: list[list[Shaped]]
    bases: list[Shaped]


@lru_cache(maxsize=64)
def static_parts(outline: Outline) -> tuple[tuple[tuple[float, float], ...], ...]:
    return tuple(tuple(p) for p in convex_parts(outline))


def check_table(spec: CactiSpec) -> None:
    """Defensive: no non-finite or absurd number of the table may reach pymunk (parse_cacti refuses them)."""
    width, height = spec.width, spec.height
    if not all(math.isfinite(v) and 0 < v <= LIMIT for v in (width, height)):
        raise ValueError(f"the table must have a finite positive size, got {width!r} x {height!r}")
    for c in spec.cacti:
        for outline in (c.base, *c.parts):
            if len(outline) < 3 or not all(math.isfinite(v) and abs(v) <= LIMIT for p in outline for v in p):
                raise ValueError(f"cactus {c.index} ({c.name}): an outline has non-finite or absurd points")


def _static_shape(owners: dict[pymunk.Shape, Owner], shape: pymunk.Shape, ctype: int, cat: int,
                  owner: Owner) -> None:
    shape.collision_type = ctype
    shape.filter = pymunk.ShapeFilter(categories=cat, mask=ALL_MASK)
    shape.friction = 0.9
    shape.elasticity = 0.05
    owners[shape] = owner


def build_table(space: pymunk.Space, spec: CactiSpec) -> Table:
    check_table(spec)
    owners: dict[pymunk.Shape, Owner] = {}
    width, height = spec.width, spec.height
    ground_body = pymunk.Body(body_type=pymunk.Body.STATIC)
    far = 4000.0
    ground = pymunk.Poly(ground_body, [(-far, -200.0), (width + far, -200.0), (width + far, 0.0), (-far, 0.0)])
    _static_shape(owners, ground, CT_GROUND, CAT_GROUND, ("ground", None))
    bounds = [
        [(-far, -200.0), (0.0, -200.0), (0.0, height + far), (-far, height + far)],
        [(width, -200.0), (width + far, -200.0), (width + far, height + far), (width, height + far)],
        [(0.0, height), (width, height), (width, height + far), (0.0, height + far)],
    ]
    shapes: list[pymunk.Shape] = [ground]
    for box in bounds:
        s = pymunk.Poly(ground_body, box)
        s.sensor = True
        _static_shape(owners, s, CT_BOUNDS, CAT_BOUNDS, ("bounds", None))
        shapes.append(s)
    space.add(ground_body, *shapes)
    cacti: list[list[Shaped]] = []
    bases: list[Shaped] = []
    for c in spec.cacti:
        body = pymunk.Body(body_type=pymunk.Body.STATIC)
        shapes = []
        for part in static_parts(c.base):
            s = pymunk.Poly(body, part)
            _static_shape(owners, s, CT_BASE, CAT_BASE, ("base", c.index))
            shapes.append(s)
        arrays: list[Shaped] = []
        for outline in c.parts:
            for part in static_parts(outline):
                s = pymunk.Poly(body, part)
                _static_shape(owners, s, CT_CACTUS, CAT_CACTUS, ("cactus", c.index))
                shapes.append(s)
            arr = as_array(outline)
            arrays.append((arr, bbox(arr)))
        cacti.append(arrays)
        barr = as_array(c.base)
        bases.append((barr, bbox(barr)))
        space.add(body, *shapes)
    return Table(owners, cacti, bases)
