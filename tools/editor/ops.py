"""Pure edits of an outline (tuples in, tuples out): move, insert, delete, snap, mirror, rotate, scale."""

from __future__ import annotations

import math
from collections.abc import Sequence

from physics.geometry import Outline, Point, centroid, signed_area

#: An outline never gets fewer points than this by deleting.
MIN_POINTS = 3


def snap(p: Point, grid: float) -> Point:
    """``p`` on the nearest point of a square grid of ``grid`` mm (unchanged for grid <= 0)."""
    if grid <= 0:
        return p
    return (_clean(round(p[0] / grid) * grid), _clean(round(p[1] / grid) * grid))


def _clean(v: float) -> float:
    r = round(v, 6)
    return 0.0 if r == 0 else r


def move_vertex(outline: Outline, index: int, p: Point) -> Outline:
    pts = list(outline)
    pts[index] = (float(p[0]), float(p[1]))
    return tuple(pts)


def insert_vertex(outline: Outline, edge: int, p: Point) -> Outline:
    """A new vertex ``p`` on edge ``edge`` (between vertex ``edge`` and the next); it gets index edge + 1."""
    pts = list(outline)
    pts.insert(edge + 1, (float(p[0]), float(p[1])))
    return tuple(pts)


def delete_vertex(outline: Outline, index: int) -> Outline:
    """The outline without vertex ``index``; unchanged when that would leave fewer than 3 points."""
    if len(outline) <= MIN_POINTS:
        return outline
    return tuple(p for k, p in enumerate(outline) if k != index)


def pivot(outline: Sequence[Point]) -> Point:
    """Where rotations and scalings turn: the area centroid, or the mean point of a degenerate outline."""
    if len(outline) >= 3 and abs(signed_area(list(outline))) > 1e-9:
        return centroid(list(outline))
    n = max(1, len(outline))
    return (sum(p[0] for p in outline) / n, sum(p[1] for p in outline) / n)


def mirror(outline: Outline, axis: str) -> Outline:
    """Mirror left-right (``axis="x"``: x -> -x about the pivot) or top-bottom (``"y"``); stays CCW."""
    cx, cy = pivot(outline)
    if axis == "x":
        pts = [(_clean(2 * cx - x), y) for x, y in outline]
    else:
        pts = [(x, _clean(2 * cy - y)) for x, y in outline]
    pts.reverse()  # a mirror flips the winding; reversing keeps the outline counter-clockwise
    return tuple(pts)


def rotate(outline: Outline, degrees: float) -> Outline:
    cx, cy = pivot(outline)
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return tuple((_clean(cx + (x - cx) * c - (y - cy) * s), _clean(cy + (x - cx) * s + (y - cy) * c))
                 for x, y in outline)


def scale(outline: Outline, factor: float) -> Outline:
    cx, cy = pivot(outline)
    return tuple((_clean(cx + (x - cx) * factor), _clean(cy + (y - cy) * factor)) for x, y in outline)


def nearest_on_edge(outline: Sequence[Point], p: Point) -> tuple[int, Point, float]:
    """The edge nearest to ``p``: (edge index, the nearest point on it, its distance)."""
    best = (0, outline[0], math.inf)
    n = len(outline)
    for k in range(n):
        a, b = outline[k], outline[(k + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 <= 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
        q = (a[0] + t * dx, a[1] + t * dy)
        d = math.dist(p, q)
        if d < best[2]:
            best = (k, q, d)
    return best
