"""The facts of a placement (C-X2, C-X3, C-X5) from what the world reads off its pieces.

:func:`build_facts` is plain geometry and graph search over :class:`PieceReading` records (pose, outline and the
solver's contacts of each piece) and the static outlines of the table; the world gathers the readings, this
module says what they mean: who touches whom (a contact, or outlines closer than the tolerance), who lies on a
base or the ground, and which cactus a chain of touching pieces reaches.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from physics.constants import Pose
from physics.geometry import bbox, bboxes_near, outline_distance

#: A static outline and its bounding box.
Shaped = tuple[np.ndarray, tuple[float, float, float, float]]


@dataclass
class Facts:
    """What the physics reports after a step or a settle (see :mod:`physics.world`)."""

    touching: set[frozenset[str]] = field(default_factory=set)
    on_base: set[str] = field(default_factory=set)
    fallen: set[str] = field(default_factory=set)
    carried_by: dict[str, int | None] = field(default_factory=dict)
    touching_cactus: dict[str, set[int]] = field(default_factory=dict)
    touching_base: dict[str, set[int]] = field(default_factory=dict)
    reached_by: dict[str, set[int]] = field(default_factory=dict)  # every cactus a chain reaches
    on_ground: set[str] = field(default_factory=set)  # only a held piece can be here
    sleeping: set[str] = field(default_factory=set)
    at_rest: bool = True
    held: str | None = None
    hand_touches: int = 0
    poses: dict[str, Pose] = field(default_factory=dict)
    time: float = 0.0


@dataclass
class PieceReading:
    """One piece as the world sees it now: pose, sleep, outline (world) and its solver contacts, each as the
    (kind, key) owner of the other shape: ("piece", id), ("cactus", index), ("base", index), ("ground", None)."""

    pose: Pose
    sleeping: bool
    outline: np.ndarray
    contacts: list[tuple[str, Any]]


def copy_facts(f: Facts) -> Facts:
    return Facts(touching=set(f.touching), on_base=set(f.on_base), fallen=set(f.fallen),
                 carried_by=dict(f.carried_by),
                 touching_cactus={k: set(v) for k, v in f.touching_cactus.items()},
                 touching_base={k: set(v) for k, v in f.touching_base.items()},
                 reached_by={k: set(v) for k, v in f.reached_by.items()}, on_ground=set(f.on_ground),
                 sleeping=set(f.sleeping), at_rest=f.at_rest, held=f.held, hand_touches=f.hand_touches,
                 poses=dict(f.poses), time=f.time)


def build_facts(readings: dict[str, PieceReading], cacti: Sequence[Sequence[Shaped]], bases: Sequence[Shaped],
                tolerance: float, base: Facts) -> Facts:
    """Fill ``base`` (which carries fallen, held, hand touches, time and at_rest) with the contact facts."""
    f = base
    tol = tolerance
    ids = list(readings)
    f.touching_cactus = {pid: set() for pid in ids}
    f.touching_base = {pid: set() for pid in ids}
    pairs: set[frozenset[str]] = set()
    boxes: dict[str, tuple[float, float, float, float]] = {}
    for pid, r in readings.items():
        f.poses[pid] = r.pose
        if r.sleeping:
            f.sleeping.add(pid)
        boxes[pid] = bbox(r.outline)
        for kind, key in r.contacts:
            if kind == "piece" and key != pid:
                pairs.add(frozenset((pid, key)))
            elif kind == "cactus":
                f.touching_cactus[pid].add(key)
            elif kind == "base":
                f.touching_base[pid].add(key)
            elif kind == "ground":
                f.on_ground.add(pid)
    # Outline tolerance (C-X2): pieces with each other, with cacti and bases, with the ground.
    for i, a in enumerate(ids):
        outline = readings[a].outline
        for b_id in ids[i + 1:]:
            key = frozenset((a, b_id))
            if key in pairs or not bboxes_near(boxes[a], boxes[b_id], tol):
                continue
            if outline_distance(outline, readings[b_id].outline) <= tol:
                pairs.add(key)
        for c_index, parts in enumerate(cacti):
            if c_index in f.touching_cactus[a]:
                continue
            for arr, box in parts:
                if bboxes_near(boxes[a], box, tol) and outline_distance(outline, arr) <= tol:
                    f.touching_cactus[a].add(c_index)
                    break
        for c_index, (arr, box) in enumerate(bases):
            if c_index not in f.touching_base[a] and bboxes_near(boxes[a], box, tol) \
                    and outline_distance(outline, arr) <= tol:
                f.touching_base[a].add(c_index)
        if boxes[a][1] <= tol:
            f.on_ground.add(a)
    f.touching = pairs
    f.on_base = {pid for pid in ids if f.touching_base[pid]}
    _chains(f, ids, pairs, len(cacti))
    return f


def _chains(f: Facts, ids: list[str], pairs: set[frozenset[str]], cactus_count: int) -> None:
    """Chains of contact (C-X5): breadth-first from each cactus; the shortest chain carries, a tie the lower index."""
    neighbours: dict[str, list[str]] = {pid: [] for pid in ids}
    for pair in sorted(pairs, key=lambda p: sorted(p)):
        a, b_id = sorted(pair)
        neighbours[a].append(b_id)
        neighbours[b_id].append(a)
    dist: dict[int, dict[str, int]] = {}
    for c_index in range(cactus_count):
        d: dict[str, int] = {}
        queue: deque[str] = deque()
        for pid in ids:
            if c_index in f.touching_cactus[pid]:
                d[pid] = 0
                queue.append(pid)
        while queue:
            cur = queue.popleft()
            for nb in neighbours[cur]:
                if nb not in d:
                    d[nb] = d[cur] + 1
                    queue.append(nb)
        dist[c_index] = d
    for pid in ids:
        reach = {c for c, d in dist.items() if pid in d}
        f.reached_by[pid] = reach
        f.carried_by[pid] = min(reach, key=lambda c: (dist[c][pid], c)) if reach else None


class ZoneHit(NamedTuple):
    """Something a circle around a point reaches (the hand zone, C-X1): a cactus (its trunk or an arm, never its
    base; target = its index) or a piece (target = its id), ``distance`` mm from the centre (< 0: inside)."""

    kind: str
    target: int | str
    distance: float
