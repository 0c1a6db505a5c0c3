"""Outline geometry: checks, normalising, convex decomposition and outline distances.

An *outline* is a closed simple polygon given as a sequence of ``(x, y)`` points in millimetres, without
repeating the first point at the end. Everything here is pure geometry (numpy and pymunk's
autogeometry); nothing knows about pieces or rules.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import pymunk
from pymunk.autogeometry import convex_decomposition

Point = tuple[float, float]
Outline = tuple[Point, ...]

#: Points closer than this (mm) count as the same point.
EPS = 1e-6
#: How far (mm) a convex decomposition may deviate from the outline.
DECOMPOSITION_TOLERANCE = 0.2
#: No outline coordinate may lie farther than this from its origin (mm): a piece is a hand-sized plywood
#: part and a cactus outline is relative to the ground below its centre, so anything larger is a typo.
MAX_COORD = 1000.0


class OutlineError(ValueError):
    """An outline that is not a usable closed simple polygon; the message says what is wrong."""


def check_point(x: float, y: float, what: str, limit: float = MAX_COORD) -> None:
    """Refuse a point that is not finite or lies farther than ``limit`` mm out (raises :class:`OutlineError`)."""
    if not (np.isfinite(x) and np.isfinite(y)):
        raise OutlineError(f"{what} is not finite: ({x!r}, {y!r})")
    if abs(x) > limit or abs(y) > limit:
        raise OutlineError(f"{what} ({x:.6g}, {y:.6g}) is out of range: coordinates must lie within "
                           f"-{limit:g}..{limit:g} mm")


def signed_area(points: Sequence[Point]) -> float:
    """Shoelace area: positive for counter-clockwise outlines."""
    a = np.asarray(points, dtype=float)
    x, y = a[:, 0], a[:, 1]
    return float(0.5 * (np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)))


def centroid(points: Sequence[Point]) -> Point:
    """Area centroid of a simple polygon."""
    a = np.asarray(points, dtype=float)
    x, y = a[:, 0], a[:, 1]
    xn, yn = np.roll(x, -1), np.roll(y, -1)
    cross = x * yn - xn * y
    area6 = 3.0 * float(cross.sum())
    return float(((x + xn) * cross).sum() / area6), float(((y + yn) * cross).sum() / area6)


def _orient(ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray,
            cx: np.ndarray, cy: np.ndarray) -> np.ndarray:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def find_crossing(points: Sequence[Point]) -> tuple[int, int] | None:
    """The first pair of edges (i, j) of a closed outline that cross or overlap, or None if it is simple.

    Edge ``i`` runs from point ``i`` to point ``i + 1`` (wrapping). Adjacent edges may share their common
    point but must not fold back onto each other.
    """
    p = np.asarray(points, dtype=float)
    n = len(p)
    q = np.roll(p, -1, axis=0)
    i, j = np.triu_indices(n, k=1)
    ax, ay, bx, by = p[i, 0], p[i, 1], q[i, 0], q[i, 1]
    cx, cy, dx, dy = p[j, 0], p[j, 1], q[j, 0], q[j, 1]
    d1 = _orient(ax, ay, bx, by, cx, cy)
    d2 = _orient(ax, ay, bx, by, dx, dy)
    d3 = _orient(cx, cy, dx, dy, ax, ay)
    d4 = _orient(cx, cy, dx, dy, bx, by)
    adjacent = (j == i + 1) | ((i == 0) & (j == n - 1))
    proper = (d1 * d2 < 0) & (d3 * d4 < 0) & ~adjacent
    # Touching or collinear overlaps: an endpoint lying on the other segment.
    scale = max(1.0, float(np.abs(p).max()))
    tol = 1e-9 * scale * scale

    def on_seg(ox: np.ndarray, oy: np.ndarray, ex: np.ndarray, ey: np.ndarray,
               px: np.ndarray, py: np.ndarray, d: np.ndarray) -> np.ndarray:
        within = ((np.minimum(ox, ex) - EPS <= px) & (px <= np.maximum(ox, ex) + EPS)
                  & (np.minimum(oy, ey) - EPS <= py) & (py <= np.maximum(oy, ey) + EPS))
        return (np.abs(d) <= tol) & within

    touch = (on_seg(ax, ay, bx, by, cx, cy, d1) | on_seg(ax, ay, bx, by, dx, dy, d2)
             | on_seg(cx, cy, dx, dy, ax, ay, d3) | on_seg(cx, cy, dx, dy, bx, by, d4))
    # Adjacent edges legitimately share one point; they only fail when they fold back (collinear
    # and pointing in opposite directions).
    shared_ok = adjacent & ~(
        (np.abs(d1) <= tol) & (np.abs(d2) <= tol)
        & (((bx - ax) * (dx - cx) + (by - ay) * (dy - cy)) < 0)
    )
    bad = proper | (touch & ~shared_ok)
    if n == 3:
        bad &= ~adjacent
    hits = np.nonzero(bad)[0]
    if len(hits) == 0:
        return None
    k = int(hits[0])
    return int(i[k]), int(j[k])


def normalise_outline(raw: object, what: str, *, centre: bool = True) -> Outline:
    """Check an outline and return it counter-clockwise (and centred on its centroid if asked).

    ``what`` names the outline in error messages, e.g. ``"piece 'red_arch'"``.
    Raises :class:`OutlineError` with a clear message for anything that is not a closed simple polygon.
    """
    if not isinstance(raw, (list, tuple)):
        raise OutlineError(f"{what}: outline must be a list of [x, y] points")
    pts: list[Point] = []
    for k, item in enumerate(raw):
        if (not isinstance(item, (list, tuple)) or len(item) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in item)):
            raise OutlineError(f"{what}: outline point {k} is not a pair of numbers: {item!r}")
        try:
            x, y = float(item[0]), float(item[1])
        except OverflowError:  # an integer too large for a float
            raise OutlineError(f"{what}: outline point {k} is out of range: {item!r}") from None
        check_point(x, y, f"{what}: outline point {k}")
        pts.append((x, y))
    if len(pts) >= 2 and _same(pts[0], pts[-1]):
        pts.pop()  # an explicitly closed outline: drop the repeated first point
    for k in range(len(pts)):
        if _same(pts[k], pts[(k + 1) % len(pts)]):
            raise OutlineError(f"{what}: outline points {k} and {(k + 1) % len(pts)} are the same point "
                               f"{pts[k]}")
    if len(pts) < 3:
        raise OutlineError(f"{what}: outline has {len(pts)} distinct points, needs at least 3")
    arr = np.asarray(pts, dtype=float)
    if np.linalg.matrix_rank(arr - arr.mean(axis=0), tol=1e-6) < 2:
        raise OutlineError(f"{what}: outline has (almost) zero area (all points on one line)")
    crossing = find_crossing(pts)
    if crossing is not None:
        a, b = crossing
        raise OutlineError(f"{what}: outline crosses itself (edge {a} from point {a} and edge {b} from "
                           f"point {b} cross or overlap)")
    area = signed_area(pts)
    if abs(area) < 1.0:
        raise OutlineError(f"{what}: outline has (almost) zero area ({abs(area):.3g} mm^2)")
    if area < 0:
        pts.reverse()
    if centre:
        cx, cy = centroid(pts)
        pts = [(x - cx, y - cy) for x, y in pts]
    return tuple(pts)


def _same(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) <= EPS and abs(a[1] - b[1]) <= EPS


def convex_parts(outline: Sequence[Point]) -> list[list[Point]]:
    """Split a counter-clockwise simple outline into convex polygons that cover it (one if convex)."""
    pts: list[Point] = [(float(p[0]), float(p[1])) for p in outline]
    if _is_convex(pts):
        return [list(pts)]
    polyline = [*pts, pts[0]]
    parts = convex_decomposition(polyline, DECOMPOSITION_TOLERANCE)
    out: list[list[Point]] = []
    for part in parts:
        ring = [(float(v.x), float(v.y)) for v in part]
        if len(ring) >= 2 and _same(ring[0], ring[-1]):
            ring.pop()
        if len(ring) >= 3 and abs(signed_area(ring)) > 1e-3:
            out.append(ring)
    if not out:
        raise OutlineError("convex decomposition produced no parts")
    return out


def _is_convex(pts: Sequence[Point]) -> bool:
    a = np.asarray(pts, dtype=float)
    b = np.roll(a, -1, axis=0)
    c = np.roll(a, -2, axis=0)
    cross = (b[:, 0] - a[:, 0]) * (c[:, 1] - b[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - b[:, 0])
    return bool(np.all(cross >= -1e-9))


def moment_of_outline(outline: Sequence[Point], mass: float) -> float:
    """Moment of inertia about the centroid (outline assumed centred) via its convex parts."""
    parts = convex_parts(outline)
    areas = [abs(signed_area(p)) for p in parts]
    total = sum(areas)
    return sum(pymunk.moment_for_poly(mass * a / total, p) for p, a in zip(parts, areas))


def transform(points: np.ndarray, x: float, y: float, angle: float) -> np.ndarray:
    """Rotate (radians, counter-clockwise) then translate an (n, 2) array of points."""
    c, s = np.cos(angle), np.sin(angle)
    out = np.empty_like(points)
    out[:, 0] = points[:, 0] * c - points[:, 1] * s + x
    out[:, 1] = points[:, 0] * s + points[:, 1] * c + y
    return out


def _point_segment_dist(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distances from every point p[i] to every segment (a[j], b[j]): shape (len(p), len(a))."""
    ab = b - a
    ab2 = np.maximum((ab * ab).sum(axis=1), 1e-18)
    ap = p[:, None, :] - a[None, :, :]
    t = np.clip((ap * ab[None, :, :]).sum(axis=2) / ab2[None, :], 0.0, 1.0)
    closest = a[None, :, :] + t[:, :, None] * ab[None, :, :]
    d = p[:, None, :] - closest
    return np.sqrt((d * d).sum(axis=2))


def _points_in_polygon(p: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """Even-odd test of each point in p against the polygon."""
    x, y = p[:, 0][:, None], p[:, 1][:, None]
    ax, ay = poly[:, 0][None, :], poly[:, 1][None, :]
    bx, by = np.roll(poly[:, 0], -1)[None, :], np.roll(poly[:, 1], -1)[None, :]
    cond = (ay > y) != (by > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        xcross = ax + (y - ay) * (bx - ax) / (by - ay)
    return np.asarray(((cond & (x < xcross)).sum(axis=1) % 2) == 1)


def _segments_cross(a: np.ndarray, b: np.ndarray) -> bool:
    a0, a1 = a, np.roll(a, -1, axis=0)
    b0, b1 = b, np.roll(b, -1, axis=0)

    def orient(p: np.ndarray, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        return (q[..., 0] - p[..., 0]) * (r[..., 1] - p[..., 1]) - (q[..., 1] - p[..., 1]) * (r[..., 0] - p[..., 0])

    P, Q = a0[:, None, :], a1[:, None, :]
    R, S = b0[None, :, :], b1[None, :, :]
    d1, d2 = orient(P, Q, R), orient(P, Q, S)
    d3, d4 = orient(R, S, P), orient(R, S, Q)
    return bool(np.any((d1 * d2 <= 0) & (d3 * d4 <= 0)))


def outline_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Distance between two simple polygons given as (n, 2) arrays: 0 when they overlap or touch."""
    if _segments_cross(a, b) or _points_in_polygon(a[:1], b)[0] or _points_in_polygon(b[:1], a)[0]:
        return 0.0
    a1, b1 = np.roll(a, -1, axis=0), np.roll(b, -1, axis=0)
    return float(min(_point_segment_dist(a, b, b1).min(), _point_segment_dist(b, a, a1).min()))


def bbox(points: np.ndarray) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of an (n, 2) array."""
    lo = points.min(axis=0)
    hi = points.max(axis=0)
    return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])


def bboxes_near(a: tuple[float, float, float, float], b: tuple[float, float, float, float],
                margin: float) -> bool:
    return not (a[2] + margin < b[0] or b[2] + margin < a[0] or a[3] + margin < b[1] or b[3] + margin < a[1])


def as_array(points: Iterable[Point]) -> np.ndarray:
    return np.asarray(list(points), dtype=float)


def point_in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    """Whether a point lies inside a simple polygon (even-odd rule)."""
    return bool(_points_in_polygon(np.asarray([point], dtype=float), np.asarray(polygon, dtype=float))[0])


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """The convex hull of points, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) < 3:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


#: The orders of rotational symmetry :func:`rotational_symmetry` looks for (the largest that fits wins).
SYMMETRY_ORDERS = (8, 6, 5, 4, 3, 2)


def rotational_symmetry(outline: Sequence[Point], tolerance: float = 0.5) -> int:
    """How many times per full turn the outline looks the same when turned about its centroid: n when a turn by
    360/n degrees maps it onto itself (every turned corner lies on the outline within ``tolerance`` mm, and every
    corner lies on the turned outline), 1 when only a full turn does. Extra corners on a straight edge do not
    matter."""
    pts = np.asarray(outline, dtype=float)
    if len(pts) < 3:
        return 1
    cx, cy = centroid([(float(x), float(y)) for x, y in pts])
    local = pts - np.array([cx, cy])
    ends = np.roll(local, -1, axis=0)
    for n in SYMMETRY_ORDERS:
        turned = transform(local, 0.0, 0.0, math.tau / n)
        turned_ends = np.roll(turned, -1, axis=0)
        if (_point_segment_dist(turned, local, ends).min(axis=1).max() <= tolerance
                and _point_segment_dist(local, turned, turned_ends).min(axis=1).max() <= tolerance):
            return n
    return 1
