"""The editor's material ranges, derived from physics' :data:`physics.pieces.MATERIAL_LIMITS` (one source).

Physics says which values a piece may have; the editor only decides how finely a value is shown (decimals)
and, where it deliberately offers less than physics accepts, how far its slider goes. Every range here lies
inside physics' limits, so a value the editor accepts (slider or typed) is always one physics accepts too;
:meth:`MaterialRange.accepts` checks physics' own verdict as well, should the two ever drift apart.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from physics.pieces import MATERIAL_KEYS, MATERIAL_LIMITS, material_problem

#: Decimals each field is shown, typed and stored with.
DECIMALS: dict[str, int] = {"density": 4, "friction": 2, "elasticity": 2}

#: Where the editor deliberately stops below physics' upper limit: friction. Physics accepts up to 5, but
#: real piece materials (plywood on plywood about 0.4, rubber-coated about 1.5) never need more than 2, and a
#: slider over 0..5 leaves the useful part a sliver of its track at 0.01 steps. Values above 2 in a file stay
#: as they are (physics takes them); the editor just does not set them. ``min`` with physics' limit keeps the
#: cap honest should physics ever narrow its own range.
EDITOR_CAPS: dict[str, float] = {"friction": 2.0}


@dataclass(frozen=True)
class MaterialRange:
    """What the editor offers for one material field: ``lo..hi`` (both included) shown with ``decimals``."""

    key: str
    lo: float
    hi: float
    decimals: int

    @property
    def step(self) -> float:
        return float(10.0 ** -self.decimals)

    def clamp(self, value: float) -> float:
        """``value`` moved into the range and rounded to the shown decimals (what a slider sets)."""
        return round(min(self.hi, max(self.lo, value)), self.decimals)

    def accepts(self, value: float) -> bool:
        """True when a typed ``value`` is in the editor's range and physics would take it."""
        return math.isfinite(value) and self.lo <= value <= self.hi and material_problem(self.key, value) is None


def material_range(key: str, limits: tuple[float, float, bool], decimals: int,
                   cap: float | None = None) -> MaterialRange:
    """The editor's range for ``key`` from physics' ``(lowest, highest, lowest allowed)`` limits.

    An excluded lower limit (density must be greater than 0) becomes the smallest value the field can show
    (one step above it), so no slider position and no rounded value ever lands on it. ``cap`` narrows the top.
    """
    lo, hi, lo_ok = limits
    step = 10.0 ** -decimals
    low = lo if lo_ok else round(lo + step, decimals)
    high = hi if cap is None else min(hi, cap)
    if low > high:
        raise ValueError(f"{key}: no editable range inside physics' limits {limits!r}")
    return MaterialRange(key, low, high, decimals)


def material_ranges(limits: Mapping[str, tuple[float, float, bool]] = MATERIAL_LIMITS
                    ) -> dict[str, MaterialRange]:
    """Every material field's editor range, derived from ``limits`` (physics' by default)."""
    return {key: material_range(key, limits[key], DECIMALS[key], EDITOR_CAPS.get(key)) for key in MATERIAL_KEYS}


#: The ranges the editor uses, in field order (density, friction, elasticity).
RANGES: dict[str, MaterialRange] = material_ranges()
MATERIALS: tuple[str, ...] = tuple(RANGES)
