"""A piece as a pymunk body: convex parts, mass and moment from its outline and density, its collision filter,
and how thin its thinnest feature is (for the fine stepping of :mod:`physics.overlap`).

:func:`piece_body` checks everything Chipmunk would abort the process on before it reaches pymunk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pymunk

from physics.constants import ALL_MASK, CAT_PIECE, CT_PIECE
from physics.geometry import Outline, as_array, convex_parts, signed_area
from physics.overlap import thinness
from physics.pieces import PieceSpec, check_material


@dataclass
class PieceBody:
    """A piece's body and shapes (not yet added to a space), its centred outline and its thinness (mm)."""

    body: pymunk.Body
    shapes: list[pymunk.Poly]
    local: np.ndarray  # outline, centred, (n, 2)
    thin: float


@lru_cache(maxsize=256)
def piece_geometry(outline: Outline) -> tuple[tuple[tuple[tuple[float, float], ...], ...], float, float, float]:
    """Convex parts, area, unit-mass moment and thinness of a centred outline."""
    parts = convex_parts(outline)
    areas = [abs(signed_area(p)) for p in parts]
    total = sum(areas)
    moment = sum(pymunk.moment_for_poly(a / total, p) for p, a in zip(parts, areas))
    return tuple(tuple(p) for p in parts), abs(signed_area(outline)), moment, thinness(parts)


def piece_body(piece_id: str, spec: PieceSpec, group: int, position: tuple[float, float],
               angle: float) -> PieceBody:
    """The body of ``spec`` with its centre of mass at ``position`` (mm), at rest; ValueError on bad numbers."""
    x, y = float(position[0]), float(position[1])
    if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(angle)):
        raise ValueError(f"piece {piece_id!r}: position and angle must be finite")
    # Defensive (PieceSpec and parse_pieces refuse these already): Chipmunk aborts the whole process on a
    # mass <= 0 or a negative friction, so check whatever piece-like object we were given.
    check_material(spec.density, spec.friction, spec.elasticity, f"piece {piece_id!r}")
    if not all(math.isfinite(v) and abs(v) <= 1e4 for p in spec.outline for v in p):
        raise ValueError(f"piece {piece_id!r}: outline has non-finite or absurd points")
    parts, area, unit_moment, thin = piece_geometry(spec.outline)
    mass = spec.density * area
    if not (math.isfinite(mass) and mass > 0 and math.isfinite(unit_moment) and unit_moment > 0):
        raise ValueError(f"piece {piece_id!r}: mass {mass!r} and moment must be finite and positive")
    body = pymunk.Body(mass, mass * unit_moment)
    body.position = (x, y)
    body.angle = float(angle)
    flt = pymunk.ShapeFilter(group=group, categories=CAT_PIECE, mask=ALL_MASK)
    shapes = []
    for part in parts:
        s = pymunk.Poly(body, part)
        s.friction = spec.friction
        s.elasticity = spec.elasticity
        s.collision_type = CT_PIECE
        s.filter = flt
        shapes.append(s)
    return PieceBody(body, shapes, as_array(spec.outline), thin)
