"""The hand on real physics (C-X1): touches counted once, bases never, and fast drags that never end
inside a cactus."""

from __future__ import annotations

import math
from typing import Any

import pymunk
from hypothesis import given, settings
from hypothesis import strategies as st

from physics import World
from physics.geometry import as_array
from physics.scenes import drop_position
from physics.world import CAT_BASE, CAT_CACTUS

FRAME = 1.0 / 60.0


def _leftmost_point(w: World, pid: str) -> tuple[float, float]:
    return min(w.outline_world(pid), key=lambda p: p[0])


def _press(w: World, point: tuple[float, float], frames: int) -> None:
    for _ in range(frames):
        w.hand.move_to(point)
        w.step(FRAME)


def test_C_X1_hand_touching_a_trunk_counts_once() -> None:
    w = World.standard()
    c = w.cactus(0)
    w.spawn("red_zigzag", (c.x + 60.0, 225.0))
    w.hand.grab("red_zigzag", _leftmost_point(w, "red_zigzag"))  # the fingers stick out on the left
    _press(w, (c.x + 60.0, 225.0), 10)
    assert w.hand.touch_events == []
    _press(w, (c.x - 20.0, 225.0), 90)  # pushed hard against the trunk for 1.5 s
    assert [(t.kind, t.target) for t in w.hand.touch_events] == [("cactus", 0)]
    assert w.facts().hand_touches == 1
    _press(w, (c.x + 70.0, 225.0), 40)  # the zone comes free ...
    _press(w, (c.x - 20.0, 225.0), 60)  # ... and touches again: a second touch
    assert [(t.kind, t.target) for t in w.hand.touch_events] == [("cactus", 0), ("cactus", 0)]
    w.hand.release()
    assert w.has_piece("red_zigzag")


def test_C_X1_hand_touching_a_base_is_not_a_touch() -> None:
    w = World.standard()
    c = w.cactus(2)
    lowest = min(y for _, y in w.pieces["pot"].outline)
    w.spawn("pot", (c.x + 37.0, 26.0 - lowest + 15.0))
    bottom = min(w.outline_world("pot"), key=lambda p: (p[1], abs(p[0] - (c.x + 37.0))))
    w.hand.grab("pot", bottom)  # gripped at its foot: the zone reaches below the pot
    _press(w, (c.x + 37.0, 0.0), 90)  # pressed down onto the base
    f = w.facts()
    assert f.touching_base["pot"] == {2} and f.on_base == {"pot"}
    assert w.hand.touch_events == []
    w.hand.release()
    assert w.has_piece("pot")


def test_C_X1_hand_touching_a_hanging_piece() -> None:
    w = World.standard()
    w.spawn("blue_zigzag", w.cactus_top(3))
    assert w.settle()
    x, y, _ = w.pose("blue_zigzag")
    w.spawn("sun", (x + 120.0, y))
    w.hand.grab("sun", _leftmost_point(w, "sun"))
    _press(w, (x - 40.0, y), 60)
    assert [(t.kind, t.target) for t in w.hand.touch_events] == [("piece", "blue_zigzag")]


def _deepest_penetration(w: World, pid: str) -> float:
    """How far (mm) any corner of the piece lies inside a cactus or base shape, or a corner of those
    inside the piece (0 when apart)."""
    live = w._live[pid]
    body = live.body
    deepest = 0.0
    statics = pymunk.ShapeFilter(mask=CAT_CACTUS | CAT_BASE)
    for ps in live.shapes:
        corners = [body.local_to_world(v) for v in ps.get_vertices()]
        for other in w.space.bb_query(ps.bb, statics):
            for v in corners:
                deepest = max(deepest, -other.point_query(v).distance)
            if isinstance(other, pymunk.Poly):
                for v in other.get_vertices():  # static bodies sit at the origin: local = world
                    deepest = max(deepest, -ps.point_query(v).distance)
    return deepest


def _inside_cactus(w: World, pid: str) -> bool:
    """Whether the piece's material lies inside a cactus or base: the centre of each of its convex parts is
    tested (the body's own position is no good for a hook or crescent, whose centre of mass can lie in the
    gap the piece wraps around an arm)."""
    live = w._live[pid]
    for part in live.shapes:
        corners = [live.body.local_to_world(v) for v in part.get_vertices()]
        centre = (sum(c.x for c in corners) / len(corners), sum(c.y for c in corners) / len(corners))
        hits = w.space.point_query(centre, 0.0, pymunk.ShapeFilter(mask=pymunk.ShapeFilter.ALL_MASKS()))
        if any(w._owner.get(h.shape, ("",))[0] in ("cactus", "base") for h in hits if h.shape is not None):
            return True
    return False


_SNAPSHOT: dict[str, Any] = {}


def _loaded_world() -> World:
    if not _SNAPSHOT:
        w = World.standard()
        for pid in ("purple_arch", "green_zigzag"):
            w.spawn(pid, w.cactus_top(2))
            w.settle()
        x, _, _ = w.pose("green_zigzag")
        w.spawn("yellow_fork", drop_position(w, "yellow_fork", w.cactus(3).x))
        w.settle()
        _SNAPSHOT.update(w.to_dict())
    return World.from_dict(_SNAPSHOT)


points = st.tuples(st.floats(min_value=700.0, max_value=1300.0), st.floats(min_value=0.0, max_value=420.0))


@settings(max_examples=30, deadline=None)
@given(piece=st.sampled_from(["red_hook", "snake", "blue_crescent", "feather", "red_fork"]),
       path=st.lists(points, min_size=2, max_size=10),
       frames=st.integers(min_value=1, max_value=4),
       turn=st.floats(min_value=-3.0, max_value=3.0))
def test_C_X1_fast_drags_never_end_inside_a_cactus(piece: str, path: list[tuple[float, float]], frames: int,
                                                   turn: float) -> None:
    w = _loaded_world()
    before = set(w.pieces_in_world())
    start = (1010.0, 380.0)
    w.spawn(piece, start)
    w.hand.grab(piece, start)
    for k, point in enumerate(path):  # the pointer jumps: as fast a drag as a mouse can make
        w.hand.move_to(point)
        if k == 1:
            w.hand.rotate(turn)
        for _ in range(frames):
            w.step(FRAME)
        if w.has_piece(piece):
            assert _deepest_penetration(w, piece) < 5.0  # at most one sub-step of travel
    w.hand.release()
    w.settle(2.0)
    f = w.facts()
    present = set(w.pieces_in_world())
    assert present | f.fallen == before | {piece}  # no piece lost unaccounted
    assert not (present & f.fallen)
    for pid in present:
        x, y, a = w.pose(pid)
        assert all(math.isfinite(v) for v in (x, y, a)), pid
        assert all(math.isfinite(v) for p in w.outline_world(pid) for v in p)
        assert _deepest_penetration(w, pid) < 1.0, pid
        assert not _inside_cactus(w, pid), pid
    assert as_array(w.outline_world(piece)).size > 0 if piece in present else piece in f.fallen


def test_C_X3_held_piece_on_the_ground_falls_when_let_go() -> None:
    w = World.standard()
    x = (w.cactus(0).extent()[1] + w.cactus(1).extent()[0]) / 2
    w.spawn("red_fork", (x, 150.0))
    w.hand.grab("red_fork", (x, 150.0))
    _press(w, (x, 0.0), 60)  # pressed onto the ground while held: reported, not removed
    f = w.facts()
    assert f.on_ground == {"red_fork"} and f.held == "red_fork" and f.fallen == set()
    assert w.hand.release() == "red_fork"
    assert w.facts().fallen == {"red_fork"} and not w.has_piece("red_fork")


def test_picking_and_drawing_helpers() -> None:
    w = World.standard()
    w.spawn("pot", (400.0, 450.0))
    w.spawn("sun", (500.0, 450.0), 0.5)
    assert w.piece_at((400.0, 450.0)) == "pot"
    assert w.piece_at((450.0, 450.0)) is None
    outline = w.outline_world("sun")
    assert len(outline) == len(w.pieces["sun"].outline)
    assert w.pieces_in_world() == ["pot", "sun"]
    assert len(w.cactus_outlines(3)) == 1 + len(w.cactus(3).arms) and len(w.base_outline(3)) >= 3
    w.remove("pot")
    assert w.pieces_in_world() == ["sun"] and w.facts().fallen == set()
