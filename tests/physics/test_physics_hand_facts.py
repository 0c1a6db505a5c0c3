"""What the hand reports of a drag (facts only): how far the held piece lags the pointer, where it would be with
nothing in its way, what it presses against, and how near the hand's zone comes to a cactus or a piece."""

from __future__ import annotations

import math

from physics import World
from physics.hand import ZONE_RADIUS

FRAME = 1.0 / 60.0


def _press(w: World, point: tuple[float, float], frames: int) -> None:
    for _ in range(frames):
        w.hand.move_to(point)
        w.step(FRAME)


def _centre_held(w: World, pid: str, at: tuple[float, float]) -> None:
    w.spawn(pid, at)
    w.hand.grab(pid, at)


def test_nothing_held_reports_nothing() -> None:
    w = World.standard()
    assert w.hand.lag == 0.0
    assert w.hand.free_pose() is None and w.hand.target_angle is None
    assert w.hand.pressing() == [] and w.hand.nearest_to_ring(50.0) is None


def test_in_free_air_the_piece_follows_and_its_free_pose_is_where_it_is() -> None:
    w = World.standard()
    c = w.cactus(2)
    start = (c.x + 150.0, 400.0)
    _centre_held(w, "sun", start)
    _press(w, (start[0] + 30.0, start[1] + 10.0), 40)
    assert w.hand.lag < 1.0
    free = w.hand.free_pose()
    assert free is not None
    x, y, a = w.pose("sun")
    assert math.dist(free[:2], (x, y)) < 1.0 and abs(free[2] - a) < 0.01
    assert w.hand.pressing() == []


def test_a_piece_pushed_against_a_trunk_lags_and_its_free_pose_is_beyond_the_block() -> None:
    w = World.standard()
    c = w.cactus(0)
    left, right = c.extent()
    start = (right + 60.0, 225.0)
    _centre_held(w, "red_zigzag", start)
    beyond = (c.x - 10.0, 225.0)  # the pointer goes through the trunk; the piece cannot
    _press(w, beyond, 90)
    assert w.hand.lag > 20.0
    assert ("cactus", 0) in w.hand.pressing()
    free = w.hand.free_pose()
    assert free is not None and math.dist(free[:2], beyond) < 1.0  # the fingers are at the piece's centre
    x, _, _ = w.pose("red_zigzag")
    assert x > free[0] + 20.0  # the piece stays on the near side


def test_turning_sets_the_target_angle_at_once_and_the_piece_follows() -> None:
    w = World.standard()
    _centre_held(w, "sun", (w.cactus(1).x + 150.0, 420.0))
    w.hand.rotate(0.8)
    assert w.hand.target_angle is not None and abs(w.hand.target_angle - 0.8) < 1e-9
    _press(w, w.hand.pointer, 60)
    assert abs(w.pose("sun")[2] - 0.8) < 0.02


def test_the_ring_reports_a_cactus_before_it_touches_and_the_touch_when_it_does() -> None:
    w = World.standard()
    c = w.cactus(0)
    _, right = c.extent()
    # the fingers at the piece's leftmost point: the zone reaches out on its left
    w.spawn("red_zigzag", (right + 80.0, 225.0))
    grip = min(w.outline_world("red_zigzag"), key=lambda p: p[0])
    w.hand.grab("red_zigzag", grip)
    gaps = []
    x = grip[0]
    for _ in range(600):
        x -= 0.5
        _press(w, (x, grip[1]), 2)
        near = w.hand.nearest_to_ring(8.0)
        gaps.append(None if near is None else near.distance)
        if w.hand.touch_count:
            break
    assert w.hand.touch_count == 1
    seen = [g for g in gaps[:-1] if g is not None]
    assert seen and min(seen) > 0.0 and max(seen) <= 8.0  # reported within reach, before the touch
    last = w.hand.nearest_to_ring(8.0)
    assert last is not None and last.kind == "cactus" and last.target == 0 and last.distance <= 0.0
    assert last.distance > -ZONE_RADIUS
