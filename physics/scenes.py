"""Scripted placements: where to drop a piece so it lands gently, and a seeded fully-hung table.

Used by the benchmark, the tests and (later) bots. Pure geometry over a :class:`World`; decides no rule.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np

from physics.world import World


def _edges_top(points: np.ndarray, x0: float, x1: float) -> float:
    """Highest y of a closed outline's edges within the x range [x0, x1], or -inf."""
    p = points
    q = np.roll(points, -1, axis=0)
    lo = np.minimum(p[:, 0], q[:, 0])
    hi = np.maximum(p[:, 0], q[:, 0])
    mask = (hi >= x0) & (lo <= x1)
    if not mask.any():
        return -math.inf
    p, q = p[mask], q[mask]
    dx = q[:, 0] - p[:, 0]
    safe = np.where(np.abs(dx) < 1e-12, 1.0, dx)
    best = -math.inf
    for xc in (x0, x1):
        t = np.clip((xc - p[:, 0]) / safe, 0.0, 1.0)
        y = p[:, 1] + t * (q[:, 1] - p[:, 1])
        best = max(best, float(y.max()))
    inside = (p[:, 0] >= x0) & (p[:, 0] <= x1)
    if inside.any():
        best = max(best, float(p[inside, 1].max()))
    inside = (q[:, 0] >= x0) & (q[:, 0] <= x1)
    if inside.any():
        best = max(best, float(q[inside, 1].max()))
    return best


def column_top(world: World, x0: float, x1: float) -> float:
    """The highest point of any cactus, base or piece between x0 and x1 (0 = the ground)."""
    top = 0.0
    for c in world.cacti.cacti:
        for outline in (c.base, *c.parts):
            top = max(top, _edges_top(np.asarray(outline, dtype=float), x0, x1))
    for pid in world.pieces_in_world():
        top = max(top, _edges_top(np.asarray(world.outline_world(pid)), x0, x1))
    return top


def drop_position(world: World, piece_id: str, x: float, angle: float = 0.0,
                  clearance: float = 1.0) -> tuple[float, float]:
    """A centre position with x given such that the piece (at ``angle``) hangs ``clearance`` mm above
    everything below it."""
    local = np.asarray(world.pieces[piece_id].outline, dtype=float)
    c, s = math.cos(angle), math.sin(angle)
    rx = local[:, 0] * c - local[:, 1] * s
    ry = local[:, 0] * s + local[:, 1] * c
    top = column_top(world, x + float(rx.min()), x + float(rx.max()))
    return x, top - float(ry.min()) + clearance


def hang_points(world: World, index: int) -> list[float]:
    """x positions where pieces hang well on a cactus: above the trunk and above each arm tip."""
    spec = world.cactus(index)
    xs = [spec.x]
    for arm in spec.arms:
        a = np.asarray(arm, dtype=float)
        xs.append(float(a[int(a[:, 1].argmax()), 0]))
    return xs


def hang_pieces(world: World, piece_ids: Sequence[str], rng: random.Random, *, max_tries: int = 300,
                settle_time: float = 3.0) -> int:
    """Drop the pieces one by one on the cacti in turn (seeded positions), settle after each, and try
    again with any piece that ends off the cacti (fallen, or lying only on a base). Returns how many
    pieces hang at the end."""
    queue = [p for p in piece_ids]
    turn = 0
    tries = 0
    while queue and tries < max_tries:
        pid = queue.pop(0)
        tries += 1
        cactus = turn % len(world.cacti.cacti)
        turn += 1
        angle = rng.choice((0.0, 0.0, math.pi))
        x = rng.choice(hang_points(world, cactus)) + rng.uniform(-3.0, 3.0)
        world.spawn(pid, drop_position(world, pid, x, angle), angle)
        world.settle(settle_time)
        facts = world.facts()
        for other in world.pieces_in_world():
            if facts.carried_by.get(other) is None:
                world.remove(other)
        queue.extend(p for p in piece_ids if not world.has_piece(p) and p not in queue)
    facts = world.facts()
    return sum(1 for c in facts.carried_by.values() if c is not None)
