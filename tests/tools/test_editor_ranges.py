"""One source for ranges: the editor's material ranges come from physics' MATERIAL_LIMITS (C-K2), so the
editor can never write a material that physics refuses to load."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from physics.pieces import MATERIAL_KEYS, MATERIAL_LIMITS, material_problem
from tools.editor.ranges import EDITOR_CAPS, MATERIALS, RANGES, material_ranges


def test_every_physics_material_has_an_editor_range_inside_the_limits() -> None:
    assert MATERIALS == MATERIAL_KEYS and set(RANGES) == set(MATERIAL_LIMITS)
    for key, r in RANGES.items():
        lo, hi, lo_ok = MATERIAL_LIMITS[key]
        assert lo <= r.lo < r.hi <= hi, key
        assert r.lo > lo or lo_ok, key  # an excluded lower limit is never offered
        assert material_problem(key, r.lo) is None and material_problem(key, r.hi) is None, key
        assert material_problem(key, r.clamp(-1e9)) is None and material_problem(key, r.clamp(1e9)) is None, key


def test_editor_ranges_are_physics_limits_except_the_commented_caps() -> None:
    for key, r in RANGES.items():
        lo, hi, lo_ok = MATERIAL_LIMITS[key]
        assert r.hi == min(hi, EDITOR_CAPS.get(key, math.inf)), key
        assert r.lo == (lo if lo_ok else round(lo + r.step, r.decimals)), key
    assert set(EDITOR_CAPS) <= set(MATERIAL_LIMITS)
    assert all(cap < MATERIAL_LIMITS[key][1] for key, cap in EDITOR_CAPS.items())  # a cap really narrows


def test_editor_ranges_follow_a_change_of_physics_limits() -> None:
    limits = {"density": (0.0, 0.2, False), "friction": (0.1, 1.5, True), "elasticity": (0.0, 0.5, False)}
    ranges = material_ranges(limits)
    assert (ranges["density"].lo, ranges["density"].hi) == (0.0001, 0.2)
    assert (ranges["friction"].lo, ranges["friction"].hi) == (0.1, 1.5)  # physics below the editor's cap wins
    assert (ranges["elasticity"].lo, ranges["elasticity"].hi) == (0.01, 0.5)


@given(st.sampled_from(MATERIAL_KEYS), st.floats(allow_nan=True, allow_infinity=True))
def test_a_typed_value_physics_refuses_is_never_accepted(key: str, value: float) -> None:
    if RANGES[key].accepts(value):
        assert material_problem(key, value) is None


def test_edges_of_the_typed_ranges() -> None:
    density, friction = RANGES["density"], RANGES["friction"]
    assert not density.accepts(0.0) and density.accepts(density.lo) and density.accepts(MATERIAL_LIMITS["density"][1])
    assert not density.accepts(MATERIAL_LIMITS["density"][1] * 1.001)
    assert friction.accepts(0.0) and friction.accepts(2.0) and not friction.accepts(2.01)
    for r in RANGES.values():
        assert not r.accepts(math.nan) and not r.accepts(math.inf) and not r.accepts(-r.step)
