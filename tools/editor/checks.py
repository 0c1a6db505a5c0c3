"""Live verdicts on an outline and its derived mass properties, on top of :mod:`physics.geometry`.

Physics decides what a usable outline is (:func:`physics.geometry.normalise_outline`); the editor adds two
craft limits a laser-cut piece needs (a minimum area and a minimum thickness) and, for every fault, *where*
it is so the canvas can draw it. Every fault has a code, the values for its message and the points or edges
it concerns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from physics.geometry import (
    EPS,
    MAX_COORD,
    OutlineError,
    Point,
    centroid,
    convex_parts,
    find_crossing,
    moment_of_outline,
    normalise_outline,
    signed_area,
)

#: A piece smaller than this (mm^2) is too small to handle (a 10 mm x 10 mm square).
MIN_AREA = 100.0
#: Plywood thinner than this (mm) breaks when cut; checked across necks, not at sharp tips.
MIN_THICKNESS = 1.5
#: A near pair counts as a neck only when the way round the outline is this many times longer than the gap
#: (two neighbours on one side are not a neck).
NECK_RATIO = 3.0
#: Sample spacing (mm) along the outline for the thickness check.
SAMPLE_STEP = 1.0


@dataclass(frozen=True)
class Fault:
    """One thing wrong with an outline. ``code`` picks the message; ``values`` fill it in."""

    code: str  # "range" | "few_points" | "same_point" | "crossing" | "area" | "thin" | "invalid"
    values: dict[str, object] = field(default_factory=dict)
    points: tuple[int, ...] = ()         # vertex indices to mark
    edges: tuple[int, ...] = ()          # edge i runs from vertex i to vertex i + 1
    segment: tuple[Point, Point] | None = None  # a neck: the two closest points across it

    def describe(self) -> str:
        """The English sentence (for save refusals and logs; the canvas uses the catalogue)."""
        v = self.values
        if self.code == "few_points":
            return f"the outline has {v.get('count')} points, it needs at least 3"
        if self.code == "same_point":
            return f"points {v.get('a')} and {v.get('b')} lie on top of each other"
        if self.code == "crossing":
            return f"the outline crosses itself (edges {v.get('a')} and {v.get('b')})"
        if self.code == "area":
            return f"the outline is too small ({v.get('area')} mm², at least {v.get('min')} mm²)"
        if self.code == "range":
            limit = v.get("limit")
            return f"point {v.get('point')} lies out of range (coordinates within -{limit}..{limit} mm)"
        if self.code == "thin":
            return f"the outline is too thin ({v.get('width')} mm across, at least {v.get('min')} mm)"
        return str(v.get("message", "the outline is not usable"))


def outline_faults(outline: Sequence[Point], *, thin_check: bool = True) -> list[Fault]:
    """Everything wrong with ``outline`` (empty list: usable), the most basic fault first."""
    return list(_faults(tuple((float(x), float(y)) for x, y in outline), thin_check))


@lru_cache(maxsize=512)
def _faults(outline: tuple[Point, ...], thin_check: bool) -> tuple[Fault, ...]:
    return tuple(_find_faults(outline, thin_check))


def _find_faults(pts: tuple[Point, ...], thin_check: bool) -> list[Fault]:
    n = len(pts)
    for k, (x, y) in enumerate(pts):
        if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > MAX_COORD or abs(y) > MAX_COORD:
            return [Fault("range", {"point": k, "limit": f"{MAX_COORD:g}"}, points=(k,))]
    if n < 3:
        return [Fault("few_points", {"count": n})]
    for k in range(n):
        a, b = pts[k], pts[(k + 1) % n]
        if abs(a[0] - b[0]) <= EPS and abs(a[1] - b[1]) <= EPS:
            return [Fault("same_point", {"a": k, "b": (k + 1) % n}, points=(k, (k + 1) % n))]
    crossing = find_crossing(pts)
    if crossing is not None:
        i, j = crossing
        return [Fault("crossing", {"a": i, "b": j}, edges=(i, j))]
    try:
        normalise_outline(pts, "outline")
    except OutlineError as exc:
        return [Fault("invalid", {"message": str(exc).removeprefix("outline: ")})]
    faults: list[Fault] = []
    area = abs(signed_area(pts))
    if area < MIN_AREA:
        faults.append(Fault("area", {"area": f"{area:.0f}", "min": f"{MIN_AREA:.0f}"}))
    if thin_check:
        neck = thinnest_neck(pts)
        if neck is not None and neck[0] < MIN_THICKNESS:
            faults.append(Fault("thin", {"width": f"{neck[0]:.1f}", "min": f"{MIN_THICKNESS:g}"},
                                segment=(neck[1], neck[2])))
    return faults


def thinnest_neck(pts: Sequence[Point]) -> tuple[float, Point, Point] | None:
    """The narrowest place across the outline: (width, point on one side, point on the other).

    The outline is sampled every :data:`SAMPLE_STEP` mm; for each sample the nearest point on every edge is
    found, and a pair counts when going round the outline between them is :data:`NECK_RATIO` times longer
    than the straight gap (a neck, not two neighbours on the same side) and the two points are not on the
    two edges of one vertex (the flanks of a sharp tip, which always taper to nothing).
    """
    p = np.asarray(pts, dtype=float)
    q = np.roll(p, -1, axis=0)
    seg = q - p
    lengths = np.hypot(seg[:, 0], seg[:, 1])
    starts = np.concatenate([[0.0], np.cumsum(lengths)[:-1]])
    perimeter = float(lengths.sum())
    if perimeter <= 0:
        return None
    samples: list[np.ndarray] = []
    arcs: list[np.ndarray] = []
    owners: list[np.ndarray] = []
    n = len(p)
    for k in range(n):
        m = max(1, math.ceil(lengths[k] / SAMPLE_STEP))
        t = np.arange(m) / m
        samples.append(p[k] + t[:, None] * seg[k])
        arcs.append(starts[k] + t * lengths[k])
        owners.append(np.full(m, k))
    s = np.concatenate(samples)
    sa = np.concatenate(arcs)
    own = np.concatenate(owners)
    ab2 = np.maximum(lengths**2, 1e-18)
    rel = s[:, None, :] - p[None, :, :]
    t = np.clip((rel * seg[None, :, :]).sum(axis=2) / ab2[None, :], 0.0, 1.0)
    closest = p[None, :, :] + t[:, :, None] * seg[None, :, :]
    d = np.hypot(*(s[:, None, :] - closest).transpose(2, 0, 1))
    along = np.abs(sa[:, None] - (starts[None, :] + t * lengths[None, :]))
    along = np.minimum(along, perimeter - along)
    # The two flanks of one vertex (edges k-1 and k) meet at a tip: a taper, not a neck.
    gap = (np.arange(n)[None, :] - own[:, None]) % n
    neck = (along > NECK_RATIO * d + 1e-9) & (gap != 1) & (gap != n - 1) & (gap != 0)
    if not neck.any():
        return None
    d = np.where(neck, d, np.inf)
    flat = int(np.argmin(d))
    i, j = divmod(flat, d.shape[1])
    a = (float(s[i, 0]), float(s[i, 1]))
    b = (float(closest[i, j, 0]), float(closest[i, j, 1]))
    return float(d[i, j]), a, b


@dataclass(frozen=True)
class MassProperties:
    area: float            # mm^2
    mass: float            # g (density is g/mm^2)
    moment: float          # g mm^2 about the centre of mass
    centre: Point          # centre of mass in the outline's own coordinates (mm)
    parts: tuple[tuple[Point, ...], ...]  # the convex parts physics gives the body, in the outline's frame


def mass_properties(outline: Sequence[Point], density: float) -> MassProperties | None:
    """Mass, moment and centre of mass as physics will build the body; None for an unusable outline
    (remembered per outline and density: the scene asks every frame)."""
    return _mass_properties(tuple((float(x), float(y)) for x, y in outline), float(density))


@lru_cache(maxsize=256)
def _mass_properties(outline: tuple[Point, ...], density: float) -> MassProperties | None:
    try:
        centred = normalise_outline(list(outline), "outline")
    except OutlineError:
        return None
    cx, cy = centroid(list(outline))
    area = abs(signed_area(centred))
    mass = density * area
    parts = tuple(tuple((x + cx, y + cy) for x, y in part) for part in convex_parts(centred))
    return MassProperties(area=area, mass=mass, moment=moment_of_outline(centred, mass), centre=(cx, cy),
                          parts=parts)
