"""Placement geometry: is a pose free, and where does a piece clear a cactus (plain outlines, no solver).

:class:`physics.world.World` answers ``is_free``, ``outline_at`` and ``cactus_top`` with these functions over
its own outlines; the match and the bots ask the world.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from physics.cacti import CactusSpec
from physics.facts import Shaped
from physics.geometry import bbox, bboxes_near, outline_distance, transform

#: Free space (mm) needed around a piece put into the world from the hand.
CLEARANCE = 1.0


def outline_at(local: np.ndarray, pos: tuple[float, float], angle: float) -> np.ndarray:
    """A centred outline (n, 2) placed with its centre at ``pos`` and turned by ``angle``."""
    return transform(local, float(pos[0]), float(pos[1]), float(angle))


def pose_is_free(outline: np.ndarray, bounds: tuple[float, float, float, float], obstacles: Iterable[Shaped],
                 clearance: float = CLEARANCE) -> bool:
    """Whether ``outline`` keeps ``clearance`` mm from every obstacle and inside ``bounds`` (left, bottom, right,
    top: the ground is the bottom)."""
    box = bbox(outline)
    left, bottom, right, top = bounds
    if box[0] < left + clearance or box[2] > right - clearance or box[1] < bottom + clearance \
            or box[3] > top - clearance:
        return False
    for other, other_box in obstacles:
        if bboxes_near(box, other_box, clearance) and outline_distance(outline, other) <= clearance:
            return False
    return True


def clear_above(cactus: CactusSpec, outlines: Iterable[np.ndarray], margin: float,
                ceiling: float) -> tuple[float, float]:
    """A point above ``cactus`` and above every outline (pieces) within ``margin`` of its sides, ``margin`` mm
    higher than the highest of them, but no higher than ``ceiling``."""
    left, right = cactus.extent()
    top = cactus.top()
    for arr in outlines:
        if arr[:, 0].max() >= left - margin and arr[:, 0].min() <= right + margin:
            top = max(top, float(arr[:, 1].max()))
    return cactus.x, min(top + margin, ceiling)
