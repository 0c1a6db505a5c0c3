"""Bit-identical repeats: the same spawns and drags give the same poses, and snapshots restore exactly."""

from __future__ import annotations

import json
import random

import pytest

from physics import World
from physics.scenes import drop_position, hang_pieces

FRAME = 1.0 / 60.0


def _script(w: World) -> dict[str, tuple[float, float, float]]:
    ids = list(w.pieces)
    rng = random.Random(11)
    rng.shuffle(ids)
    hang_pieces(w, ids[:8], rng)
    pid = ids[9]
    w.spawn(pid, (w.cactus(4).x + 90.0, 380.0), 0.4)
    w.hand.grab(pid, w.pose(pid)[:2])
    for k in range(40):
        w.hand.move_to((w.cactus(4).x + 90.0 - 3.0 * k, 380.0 - 2.0 * k))
        if k == 20:
            w.hand.rotate(-0.7)
        w.step(FRAME)
    w.hand.release()
    w.settle(3.0)
    return {p: w.pose(p) for p in w.pieces_in_world()}


def test_same_spawns_and_drags_give_bit_identical_poses() -> None:
    first = _script(World.standard())
    second = _script(World.standard())
    assert len(first) >= 8
    assert first == second  # exact float equality, not approx


def test_snapshot_restores_and_continues_identically() -> None:
    w = World.standard()
    w.spawn("red_zigzag", w.cactus_top(1))
    w.settle()
    x, _, _ = w.pose("red_zigzag")
    w.spawn("purple_crescent", drop_position(w, "purple_crescent", x, clearance=30.0))
    for _ in range(3):
        w.step(FRAME)  # mid-fall: velocities matter; the zigzag below still sleeps
    snap = json.loads(json.dumps(w.to_dict()))  # JSON-safe
    a, b = World.from_dict(snap), World.from_dict(snap)
    assert a.pose("purple_crescent") == w.pose("purple_crescent")
    assert a.velocity("purple_crescent") == w.velocity("purple_crescent")
    assert w.is_sleeping("red_zigzag") and a.is_sleeping("red_zigzag") and not a.is_sleeping("purple_crescent")
    assert a.time == w.time
    for world in (a, b):
        world.spawn("sun", world.cactus_top(3))
        world.settle()
    assert {p: a.pose(p) for p in a.pieces_in_world()} == {p: b.pose(p) for p in b.pieces_in_world()}
    assert a.facts().carried_by == {"red_zigzag": 1, "purple_crescent": 1, "sun": 3}
    assert a.to_dict() == b.to_dict()


def test_bad_snapshot_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="not a world snapshot"):
        World.from_dict({"format": "something-else"})
    with pytest.raises(ValueError, match="unknown piece 'moon'"):
        World.from_dict({"format": "cactus-world/1", "pieces": [{"id": "moon", "x": 1, "y": 2}]})
