"""Issue 11, "physics seams": the hand drives the world through the world's public grip API, hand touches reach
the rules through the world's public API, placement geometry lives in physics, and a release pushes any overlap
out before the world settles."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import numpy as np
import pytest

import physics
from game.cactus.match import Match
from physics import World
from physics.geometry import as_array, outline_distance, transform
from physics.hand import ZONE_RADIUS
from physics.overlap import solver_steps, thinness

FRAME = 1.0 / 60.0
PHYSICS = Path(physics.__file__).resolve().parent


def _runtime_imports(path: Path) -> set[str]:
    """Modules a file imports outside ``if TYPE_CHECKING:`` blocks (function-level imports included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            skipped.update(id(n) for sub in node.body for n in ast.walk(sub))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_issue11_hand_does_not_import_the_world_at_run_time() -> None:
    """No physics.hand <-> physics.world cycle: the hand knows the world only as a type."""
    assert "physics.world" not in _runtime_imports(PHYSICS / "hand.py")
    for name in ("grip", "overlap", "facts", "placement", "table", "bodies", "constants"):
        assert "physics.world" not in _runtime_imports(PHYSICS / f"{name}.py"), name
        assert "physics.hand" not in _runtime_imports(PHYSICS / f"{name}.py"), name


def test_issue11_no_private_world_names_in_the_hand() -> None:
    source = (PHYSICS / "hand.py").read_text(encoding="utf-8")
    for private in ("_live", "_pending", "_version", "_fall_now", "_owner", "_flush_fallen"):
        assert f"w.{private}" not in source and f"world.{private}" not in source, private


def test_issue11_zone_radius_is_one_public_constant() -> None:
    assert physics.ZONE_RADIUS == ZONE_RADIUS == 6.0


def test_issue11_hand_drives_the_public_grip() -> None:
    w = World.standard()
    c = w.cactus(0)
    w.spawn("red_zigzag", (c.x + 60.0, 225.0))
    assert w.gripped is None and w.grip_point() is None
    w.hand.grab("red_zigzag", (c.x + 60.0, 225.0))
    assert w.gripped == w.hand.held == "red_zigzag"
    gx, gy = w.grip_point() or (math.nan, math.nan)
    assert math.hypot(gx - (c.x + 60.0), gy - 225.0) < 1e-9
    w.hand.move_to((c.x + 80.0, 230.0))
    assert w.grip_target == w.hand.pointer == (c.x + 80.0, 230.0)
    for _ in range(30):
        w.step(FRAME)
    x, y, _ = w.pose("red_zigzag")
    assert math.hypot(x - (c.x + 80.0), y - 230.0) < 2.0  # followed the grip
    assert w.hand.release() == "red_zigzag"
    assert w.gripped is None and w.hand.held is None and w.facts().held is None


def test_issue11_C_X1_hand_touches_are_the_worlds_public_count() -> None:
    w = World.standard()
    c = w.cactus(0)
    w.spawn("red_zigzag", (c.x + 60.0, 225.0))
    w.hand.grab("red_zigzag", min(w.outline_world("red_zigzag"), key=lambda p: p[0]))
    assert w.hand_touch_count == 0
    for _ in range(90):
        w.hand.move_to((c.x - 20.0, 225.0))
        w.step(FRAME)
    assert w.hand_touch_count == len(w.hand.touch_events) == w.facts().hand_touches == 1


def test_issue11_zone_hits_name_cacti_and_pieces_never_bases_nearest_first() -> None:
    w = World.standard()
    c = w.cactus(2)
    tx, ty = max(c.trunk, key=lambda p: p[1])
    hits = w.zone_hits((tx, ty + 3.0), 5.0)
    assert hits and hits[0].kind == "cactus" and hits[0].target == 2 and 2.0 < hits[0].distance < 4.0
    base_top = max(y for _, y in c.base)
    base_right = max(x for x, _ in c.base)
    assert all(h.kind != "base" for h in w.zone_hits((base_right - 2.0, base_top + 1.0), 4.0))
    w.spawn("pot", (c.x + 200.0, 400.0))
    near = w.zone_hits((c.x + 200.0, 400.0), 2.0)
    assert [(h.kind, h.target) for h in near] == [("piece", "pot")]
    assert w.zone_hits((c.x + 200.0, 400.0), 2.0, exclude="pot") == []


def test_issue11_held_substep_hooks_run_once_per_substep_while_holding() -> None:
    w = World.standard()
    calls: list[float] = []
    w.on_held_substep(lambda: calls.append(w.time))
    w.step(FRAME)
    assert calls == []
    w.spawn("pot", (400.0, 400.0))
    w.hand.grab("pot", (400.0, 400.0))
    w.step(FRAME)
    assert len(calls) == 4 and calls[-1] == pytest.approx(2 * FRAME)
    w.hand.release()
    w.step(FRAME)
    assert len(calls) == 4


def test_issue11_placement_geometry_is_the_worlds() -> None:
    w = World.standard()
    c = w.cactus(1)
    pid = "red_arch"
    top = w.cactus_top(1)
    assert w.is_free(pid, top, 0.0)
    assert not w.is_free(pid, (c.x, max(y for _, y in c.trunk) - 5.0), 0.0)  # into the trunk
    assert not w.is_free(pid, (w.bounds[2] - 3.0, 300.0), 0.0)  # over the table's edge
    assert not w.is_free(pid, (c.x + 150.0, 10.0), 0.0)  # into the ground
    arr = w.outline_at(pid, top, 0.7)
    assert np.allclose(arr, transform(as_array(w.pieces[pid].outline), top[0], top[1], 0.7))
    # A second piece counts as an obstacle, the piece itself does not.
    w.spawn(pid, top)
    assert w.is_free(pid, top, 0.0)
    assert not w.is_free("pot", top, 0.0)
    # Clearance: just apart is free at 0.2 mm, not at 5 mm.
    x, y, _ = w.pose(pid)
    lowest = min(p[1] for p in w.outline_world(pid))
    pot_low = min(p[1] for p in w.pieces["pot"].outline)
    highest_arch = max(p[1] for p in w.outline_world(pid))
    spot = (x, highest_arch - pot_low + 1.0)
    assert lowest < spot[1]
    gap = outline_distance(w.outline_at("pot", spot, 0.0), np.asarray(w.outline_world(pid)))
    assert 0.2 < gap < 5.0
    assert w.is_free("pot", spot, 0.0, clearance=0.2) and not w.is_free("pot", spot, 0.0, clearance=5.0)


def test_issue11_match_asks_the_world_for_placement_geometry() -> None:
    m = Match.new(2, seed=3)
    w = m.world
    for pid, pos, angle in (("sun", w.cactus_top(0), 0.0), ("sun", (w.cactus(0).x, 150.0), 0.0),
                            ("feather", (400.0, 300.0), 1.0), ("feather", (2.0, 300.0), 0.0)):
        assert m.is_free(pid, pos, angle) == w.is_free(pid, pos, angle)
        assert m.is_free(pid, pos, angle, clearance=0.2) == w.is_free(pid, pos, angle, clearance=0.2)
        assert np.array_equal(m.outline_at(pid, pos, angle), w.outline_at(pid, pos, angle))


def test_issue11_release_pushes_an_overlap_out() -> None:
    """A piece let go while it reaches into a cactus is moved clear before the world settles."""
    w = World.standard()
    c = w.cactus(3)
    trunk_top = max(y for _, y in c.trunk)
    pid = "red_arch"
    lowest = min(y for _, y in w.pieces[pid].outline)
    w.spawn(pid, (c.x, trunk_top - lowest - 6.0))  # 6 mm down into the top of the trunk
    assert w.overlap_depth(pid) > 3.0
    w.hand.grab(pid, w.pose(pid)[:2])
    w.hand.release()
    assert w.overlap_depth(pid) <= 0.5
    w.settle(4.0)
    assert not w.has_piece(pid) or w.overlap_depth(pid) <= 0.5


def test_issue11_push_out_leaves_resting_contacts_alone() -> None:
    w = World.standard()
    w.spawn("red_arch", w.cactus_top(2))
    w.settle()
    before = w.pose("red_arch")
    w.wake()
    assert w.push_out_overlaps() == []
    assert w.pose("red_arch") == before


def test_issue11_fast_grip_steps_finer_thin_pieces_finest() -> None:
    """A grip moving at the hand's top speed is stepped in several solver steps, more for a thin piece."""
    assert solver_steps(0.1, 5.0) == 1
    thin = thinness([[(0.0, 0.0), (1.76, 0.0), (1.76, 10.0), (0.0, 10.0)]])
    assert thin == pytest.approx(1.76)
    assert solver_steps(1000.0 / 240.0, thin) > solver_steps(1000.0 / 240.0, 10.0) > 1
