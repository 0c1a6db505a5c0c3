"""Physics seams: the grip is private to the world and reached only through ``World.hand``; hand touches reach
the rules through the hand's public count; placement geometry lives in physics; and a release pushes any overlap
out before the world settles."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import numpy as np
import pytest

import physics
from game.cactus.match import Match
from physics import SUBSTEP, World
from physics.geometry import as_array, outline_distance, transform
from physics.hand import ZONE_RADIUS
from physics.overlap import solver_steps, thinness

FRAME = 1.0 / 60.0
PHYSICS = Path(physics.__file__).resolve().parent
#: What the world once exposed only so that the hand, in another module, could drive the grip.
GRIP_PLUMBING = ("gripped", "grip_target", "attach_grip", "move_grip", "turn_grip", "detach_grip", "grip_point",
                 "zone_hits", "on_held_substep", "hand_touch_count")


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


def test_hand_does_not_import_the_world_at_run_time() -> None:
    """No physics.hand <-> physics.world cycle: the world imports the hand zone's constants, never the reverse."""
    assert "physics.world" not in _runtime_imports(PHYSICS / "hand.py")
    for name in ("grip", "overlap", "facts", "placement", "table", "bodies", "constants"):
        assert "physics.world" not in _runtime_imports(PHYSICS / f"{name}.py"), name
        assert "physics.hand" not in _runtime_imports(PHYSICS / f"{name}.py"), name


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_names(path: Path) -> tuple[set[str], set[str]]:
    """The private names a module defines (functions, classes, globals, ``self._x`` attributes) and the private
    attributes it uses on anything but ``self`` / ``cls``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defined: set[str] = set()
    reached: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and _is_private(node.name):
            defined.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and _is_private(node.id):
            defined.add(node.id)
        elif isinstance(node, ast.Attribute) and _is_private(node.attr):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                if isinstance(node.ctx, ast.Store):
                    defined.add(node.attr)
            else:
                reached.add(node.attr)
    return defined, reached


def test_no_physics_module_reaches_into_another_modules_private_names() -> None:
    """A private name used on another object (the hand's ``self._world._grip``) must belong to the same module."""
    for path in sorted(PHYSICS.glob("*.py")):
        defined, reached = _private_names(path)
        assert reached <= defined, (path.name, sorted(reached - defined))


def test_the_grip_is_not_part_of_the_worlds_public_api() -> None:
    w = World.standard()
    for name in GRIP_PLUMBING:
        assert not hasattr(w, name), name
    assert type(w.hand) is physics.Hand
    for name in ("grab", "move_to", "rotate", "release", "held", "pointer", "grip_world", "touch_count"):
        assert hasattr(w.hand, name), name


def test_zone_radius_is_one_public_constant() -> None:
    assert physics.ZONE_RADIUS == ZONE_RADIUS == 6.0


def test_the_hand_drives_the_grip() -> None:
    w = World.standard()
    c = w.cactus(0)
    w.spawn("red_zigzag", (c.x + 60.0, 225.0))
    assert w.hand.held is None and w.hand.grip_world() is None
    w.hand.grab("red_zigzag", (c.x + 60.0, 225.0))
    assert w.hand.held == w.facts().held == "red_zigzag"
    gx, gy = w.hand.grip_world() or (math.nan, math.nan)
    assert math.hypot(gx - (c.x + 60.0), gy - 225.0) < 1e-9
    w.hand.move_to((c.x + 80.0, 230.0))
    assert w.hand.pointer == (c.x + 80.0, 230.0)
    for _ in range(30):
        w.step(FRAME)
    x, y, _ = w.pose("red_zigzag")
    assert math.hypot(x - (c.x + 80.0), y - 230.0) < 2.0  # followed the grip
    gx, gy = w.hand.grip_world() or (math.nan, math.nan)
    assert math.hypot(gx - (c.x + 80.0), gy - 230.0) < 2.0  # the fingers travel with the piece
    assert w.hand.touch_events == []  # the zone always overlaps the held piece itself: that is never a touch
    assert w.hand.release() == "red_zigzag"
    assert w.hand.held is None and w.facts().held is None and w.hand.grip_world() is None


def test_C_X1_hand_touches_are_the_hands_public_count() -> None:
    w = World.standard()
    c = w.cactus(0)
    w.spawn("red_zigzag", (c.x + 60.0, 225.0))
    w.hand.grab("red_zigzag", min(w.outline_world("red_zigzag"), key=lambda p: p[0]))
    assert w.hand.touch_count == 0
    for _ in range(90):
        w.hand.move_to((c.x - 20.0, 225.0))
        w.step(FRAME)
    assert w.hand.touch_count == len(w.hand.touch_events) == w.facts().hand_touches == 1


def _trunk_top(index: int) -> tuple[float, float]:
    return max(World.standard().cactus(index).trunk, key=lambda p: p[1])


def _place(w: World, pid: str, corner: str, at: tuple[float, float]) -> None:
    """Spawn ``pid`` with one extreme vertex of its outline at ``at``: "low" (the lowest), "top-left" or
    "top-right"."""
    keys = {"low": lambda p: (p[1], p[0]), "top-left": lambda p: (-p[1], p[0]),
            "top-right": lambda p: (-p[1], -p[0])}
    vx, vy = min(w.outline_at(pid, (0.0, 0.0), 0.0), key=keys[corner])
    w.spawn(pid, (at[0] - vx, at[1] - vy))


def _hold_tip_at(w: World, at: tuple[float, float]) -> list[tuple[str, int | str]]:
    """Hold the feather by the tip of its quill (its lowest point, so the feather rises from the zone's centre
    and leaves the rest of the zone free) at ``at`` for one sub-step; the touches its zone recorded."""
    _place(w, "feather", "low", at)
    w.hand.grab("feather", at)
    w.step(SUBSTEP)
    return [(t.kind, t.target) for t in w.hand.touch_events]


def test_C_X1_the_zone_touches_a_cactus_within_its_radius() -> None:
    tx, ty = _trunk_top(2)
    assert _hold_tip_at(World.standard(), (tx, ty + 3.0)) == [("cactus", 2)]
    assert _hold_tip_at(World.standard(), (tx, ty + ZONE_RADIUS - 0.5)) == [("cactus", 2)]
    w = World.standard()
    assert _hold_tip_at(w, (tx, ty + ZONE_RADIUS + 0.5)) == []  # just outside the zone
    assert not w.hand.touching
    for _ in range(6):  # the pointer 1 mm lower: now the trunk is inside the zone
        w.hand.move_to((tx, ty + ZONE_RADIUS - 0.5))
        w.step(SUBSTEP)
    assert [(t.kind, t.target) for t in w.hand.touch_events] == [("cactus", 2)] and w.hand.touching


def test_C_X1_the_zone_never_touches_a_base() -> None:
    w = World.standard()
    c = w.cactus(2)
    base_top = max(y for _, y in c.base)
    spot = (c.x - 40.0, base_top + 2.0)  # 2 mm above the base, well clear of the trunk
    assert min(x for x, y in c.base if y == base_top) < spot[0] < min(x for x, _ in c.trunk) - 2 * ZONE_RADIUS
    assert _hold_tip_at(w, spot) == []
    assert not w.hand.touching


def test_C_X1_the_zone_names_the_nearest_piece() -> None:
    """Two pieces just below the zone's centre, one on each side: the touch names the nearer, on either side."""
    centre = (600.0, 400.0)
    for left_gap, right_gap, nearer in ((2.0, 4.0, "red_zigzag"), (4.0, 2.0, "blue_zigzag")):
        w = World.standard()
        _place(w, "red_zigzag", "top-right", (centre[0] - 0.5, centre[1] - left_gap))
        _place(w, "blue_zigzag", "top-left", (centre[0] + 0.5, centre[1] - right_gap))
        assert _hold_tip_at(w, centre) == [("piece", nearer)]


def test_the_zone_is_checked_after_every_substep_while_holding_only() -> None:
    tx, ty = _trunk_top(2)
    w = World.standard()
    _place(w, "feather", "low", (tx, ty + 3.0))
    w.step(SUBSTEP)  # the zone would reach the trunk, but nothing is held
    assert w.hand.touch_events == []
    w.hand.grab("feather", min(w.outline_world("feather"), key=lambda p: p[1]))
    w.step(FRAME)
    assert [(t.kind, t.target, t.time) for t in w.hand.touch_events] == [("cactus", 2, 2 * SUBSTEP)]
    w.hand.release()
    for _ in range(30):  # the feather falls onto the trunk: no hand, no touch
        w.step(FRAME)
    assert len(w.hand.touch_events) == 1 and not w.hand.touching


def test_placement_geometry_is_the_worlds() -> None:
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


def test_match_asks_the_world_for_placement_geometry() -> None:
    m = Match.new(2, seed=3)
    w = m.world
    for pid, pos, angle in (("sun", w.cactus_top(0), 0.0), ("sun", (w.cactus(0).x, 150.0), 0.0),
                            ("feather", (400.0, 300.0), 1.0), ("feather", (2.0, 300.0), 0.0)):
        assert m.is_free(pid, pos, angle) == w.is_free(pid, pos, angle)
        assert m.is_free(pid, pos, angle, clearance=0.2) == w.is_free(pid, pos, angle, clearance=0.2)
        assert np.array_equal(m.outline_at(pid, pos, angle), w.outline_at(pid, pos, angle))


def test_release_pushes_an_overlap_out() -> None:
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


def test_push_out_leaves_resting_contacts_alone() -> None:
    w = World.standard()
    w.spawn("red_arch", w.cactus_top(2))
    w.settle()
    before = w.pose("red_arch")
    w.wake()
    assert w.push_out_overlaps() == []
    assert w.pose("red_arch") == before


def test_fast_grip_steps_finer_thin_pieces_finest() -> None:
    """A grip moving at the hand's top speed is stepped in several solver steps, more for a thin piece."""
    assert solver_steps(0.1, 5.0) == 1
    thin = thinness([[(0.0, 0.0), (1.76, 0.0), (1.76, 10.0), (0.0, 10.0)]])
    assert thin == pytest.approx(1.76)
    assert solver_steps(1000.0 / 240.0, thin) > solver_steps(1000.0 / 240.0, 10.0) > 1
