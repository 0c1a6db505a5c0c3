"""The facts of the world on real physics: touching (C-X2), on_base, fallen (C-X3), carried_by (C-X5),
a loaded cactus at rest, and the docs/design.md `physics` contract."""

from __future__ import annotations

import math
import random

import pytest

from physics import Facts, PieceSpec, World, load_pieces
from physics.geometry import as_array, outline_distance
from physics.scenes import drop_position, hang_pieces


def _distance(w: World, a: str, b: str) -> float:
    return outline_distance(as_array(w.outline_world(a)), as_array(w.outline_world(b)))


def test_contract_shapes() -> None:
    pieces = load_pieces()
    assert isinstance(pieces["red_arch"], PieceSpec)
    w = World.standard(seed=3)
    f = w.facts()
    assert isinstance(f, Facts)
    assert f.touching == set() and f.on_base == set() and f.fallen == set() and f.carried_by == {}
    w.spawn("sun", w.cactus_top(0))
    w.step(1 / 60)
    assert isinstance(w.settle(), bool)
    x, y = w.cactus_top(4)
    assert isinstance(x, float) and isinstance(y, float)
    with pytest.raises(ValueError, match="unknown piece 'moon'"):
        w.spawn("moon", (100.0, 100.0))
    with pytest.raises(ValueError, match="already in the world"):
        w.spawn("sun", (100.0, 300.0))


def test_C_X2_same_colour_pieces_touch_within_tolerance_not_a_few_mm_apart() -> None:
    w = World.standard()
    w.spawn("red_zigzag", (850.0, 450.0))
    # red_arch to the right, level with the zigzag; slide it until its outline is 0.3 mm away.
    w.spawn("red_arch", (950.0, 450.0))
    gap = _distance(w, "red_zigzag", "red_arch")
    w.remove("red_arch")
    w.spawn("red_arch", (950.0 - gap + 0.3, 450.0))
    assert _distance(w, "red_zigzag", "red_arch") == pytest.approx(0.3, abs=0.05)
    assert frozenset({"red_zigzag", "red_arch"}) in w.facts().touching  # C-X2: closer than 0.5 mm
    w.remove("red_arch")
    w.spawn("red_arch", (950.0 - gap + 3.0, 450.0))
    assert _distance(w, "red_zigzag", "red_arch") == pytest.approx(3.0, abs=0.05)
    assert w.facts().touching == set()  # a few millimetres apart: not touching


def test_C_X2_C_X5_settled_contact_and_chain_while_sleeping() -> None:
    w = World.standard()
    w.spawn("red_zigzag", w.cactus_top(2))
    assert w.settle()
    x, _, _ = w.pose("red_zigzag")
    w.spawn("red_arch", drop_position(w, "red_arch", x))
    assert w.settle()
    f = w.facts()
    assert f.sleeping == {"red_zigzag", "red_arch"}  # facts stay right while the bodies sleep
    assert frozenset({"red_zigzag", "red_arch"}) in f.touching  # C-X2 by contact
    assert f.touching_cactus["red_zigzag"] == {2}
    assert f.touching_cactus["red_arch"] == set()  # it touches only the zigzag ...
    assert f.carried_by == {"red_zigzag": 2, "red_arch": 2}  # ... and hangs on cactus 2 (C-X5)


@pytest.mark.parametrize("index", range(5))
def test_C_X5_dropped_on_cactus_top_is_carried_by_it(index: int) -> None:
    for pid in ("blue_crescent", "cow_skull", "yellow_hook", "lizard"):
        w = World.standard()
        w.spawn(pid, w.cactus_top(index))
        assert w.settle()
        f = w.facts()
        assert f.carried_by == {pid: index}
        assert f.fallen == set() and f.on_base == set()


def test_on_base() -> None:
    w = World.standard()
    c = w.cactus(0)
    lowest = min(y for _, y in w.pieces["pot"].outline)
    w.spawn("pot", (c.x + 37.0, 26.0 - lowest + 1.0))
    assert w.settle()
    f = w.facts()
    assert f.on_base == {"pot"}
    assert f.touching_base["pot"] == {0}
    assert f.carried_by["pot"] is None and f.fallen == set()


def test_C_X3_dropped_beside_the_cacti_falls_and_is_removed() -> None:
    w = World.standard()
    left = w.cactus(1).extent()[1]
    right = w.cactus(2).extent()[0]
    w.spawn("green_hook", ((left + right) / 2, 200.0))
    w.settle()
    f = w.facts()
    assert f.fallen == {"green_hook"}
    assert not w.has_piece("green_hook") and "green_hook" not in f.carried_by
    w.spawn("green_hook", w.cactus_top(1))  # placing it again takes it off the fallen list
    assert w.facts().fallen == set()


def test_C_X3_leaving_the_table_is_falling() -> None:
    w = World.standard()
    w.spawn("sun", (w.bounds[2] - 10.0, 300.0))  # sticks out over the right edge
    w.step(1 / 60)
    assert w.facts().fallen == {"sun"} and w.pieces_in_world() == []


def test_loaded_cactus_stays_still_for_10_seconds() -> None:
    w = World.standard()
    ids = list(w.pieces)
    rng = random.Random(7)
    rng.shuffle(ids)
    assert hang_pieces(w, ids[:12], rng) == 12
    before = {p: w.pose(p) for p in w.pieces_in_world()}
    # Keep every body awake so the solver, not sleeping, must hold the stacks (no creep).
    for _ in range(600):
        w.wake()
        w.step(1 / 60)
    assert w.time >= 10.0
    after = {p: w.pose(p) for p in w.pieces_in_world()}
    assert after.keys() == before.keys()
    for p, (x, y, a) in after.items():
        bx, by, ba = before[p]
        assert math.hypot(x - bx, y - by) < 0.5, p
        assert abs(a - ba) < 0.01, p
    assert w.facts().fallen == set()
