"""The five cacti on their bases (C-K1): loading and validating assets/cacti.json.

File format ``cactus-cacti/1``::

    {"format": "cactus-cacti/1",
     "table": {"width": 1700, "height": 600},          # the table's bounds: x in [0, width], y in [0, height]
     "cacti": [{"name": "saguaro", "x": 210,           # centre of the cactus on the table
                "base": [[x, y], ...],                 # the stand (Sockel), its bottom on the ground (y = 0)
                "trunk": [[x, y], ...],
                "arms": [[[x, y], ...], ...]}, ...]}   # exactly 5 cacti, left to right

Outlines are relative to the ground point below the cactus centre; they may be concave (they are split
into convex parts on a static body). ``CactusSpec`` holds them in world coordinates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from physics.geometry import Outline, OutlineError, normalise_outline
from physics.pieces import ASSETS_DIR, AssetError, read_json

DEFAULT_CACTI = ASSETS_DIR / "cacti.json"
CACTUS_COUNT = 5
#: Adjacent cacti (arms included) must be at least this far apart (mm).
MIN_GAP = 60.0
#: The table may be at most this wide or high (mm).
MAX_TABLE = 10000.0


class CactiError(AssetError):
    """cacti.json is invalid; the message names the cactus and the problem."""


@dataclass(frozen=True)
class CactusSpec:
    index: int
    name: str
    x: float
    base: Outline          # world coordinates, CCW
    trunk: Outline
    arms: tuple[Outline, ...]

    @property
    def parts(self) -> tuple[Outline, ...]:
        """Trunk and arms: the cactus itself (not its base)."""
        return (self.trunk, *self.arms)

    def extent(self) -> tuple[float, float]:
        """Leftmost and rightmost x of the cactus and its base."""
        xs = [x for outline in (self.base, *self.parts) for x, _ in outline]
        return min(xs), max(xs)

    def top(self) -> float:
        return max(y for outline in self.parts for _, y in outline)


@dataclass(frozen=True)
class CactiSpec:
    width: float
    height: float
    cacti: tuple[CactusSpec, ...]

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """The table: (left, bottom, right, top) in mm."""
        return 0.0, 0.0, self.width, self.height


def _finite(value: object) -> bool:
    """A real number (not bool) that fits a float and is finite."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _shift(outline: Outline, dx: float) -> Outline:
    return tuple((x + dx, y) for x, y in outline)


def parse_cacti(data: Any, source: str = "cacti.json") -> CactiSpec:
    """Validate a parsed cacti document; raise :class:`CactiError` naming the cactus and problem."""
    if not isinstance(data, dict):
        raise CactiError(f"{source}: the top level must be a JSON object")
    if data.get("format") != "cactus-cacti/1":
        raise CactiError(f"{source}: unknown format {data.get('format')!r}, expected 'cactus-cacti/1'")
    table = data.get("table")
    if not isinstance(table, dict) or not all(_finite(table.get(k)) and 0 < table[k] <= MAX_TABLE
                                              for k in ("width", "height")):
        raise CactiError(f"{source}: 'table' must give a width and height in mm, each above 0 and at most "
                         f"{MAX_TABLE:g}")
    width, height = float(table["width"]), float(table["height"])
    raw_cacti = data.get("cacti")
    if not isinstance(raw_cacti, list):
        raise CactiError(f"{source}: missing list 'cacti'")
    if len(raw_cacti) != CACTUS_COUNT:
        raise CactiError(f"{source}: wrong count: {len(raw_cacti)} cacti, expected {CACTUS_COUNT}")
    cacti: list[CactusSpec] = []
    for k, raw in enumerate(raw_cacti):
        if not isinstance(raw, dict):
            raise CactiError(f"{source}: cactus {k} is not an object")
        what = f"cactus {k} ({raw.get('name', '?')})"
        for key in ("name", "x", "base", "trunk", "arms"):
            if key not in raw:
                raise CactiError(f"{source}: {what}: missing field {key!r}")
        x = raw["x"]
        if not _finite(x):
            raise CactiError(f"{source}: {what}: x must be a finite number, got {x!r}")
        if not isinstance(raw["arms"], list):
            raise CactiError(f"{source}: {what}: arms must be a list of outlines")
        try:
            base = normalise_outline(raw["base"], f"{what} base", centre=False)
            trunk = normalise_outline(raw["trunk"], f"{what} trunk", centre=False)
            arms = tuple(normalise_outline(a, f"{what} arm {j}", centre=False) for j, a in enumerate(raw["arms"]))
        except OutlineError as exc:
            raise CactiError(f"{source}: {exc}") from exc
        base_bottom = min(y for _, y in base)
        if abs(base_bottom) > 0.5:
            raise CactiError(f"{source}: {what}: the base must stand on the ground (lowest y = 0, "
                             f"got {base_bottom:g})")
        for j, part in enumerate((trunk, *arms)):
            if min(y for _, y in part) < max(y for _, y in base) - 60.0 or min(y for _, y in part) < 1.0:
                label = "trunk" if j == 0 else f"arm {j - 1}"
                raise CactiError(f"{source}: {what}: the {label} reaches below its base")
        spec = CactusSpec(index=k, name=str(raw["name"]), x=float(x), base=_shift(base, float(x)),
                          trunk=_shift(trunk, float(x)), arms=tuple(_shift(a, float(x)) for a in arms))
        left, right = spec.extent()
        if left < 0 or right > width or spec.top() > height:
            raise CactiError(f"{source}: {what}: does not fit on the table (x {left:g}..{right:g}, "
                             f"top {spec.top():g}; table {width:g} x {height:g})")
        cacti.append(spec)
    for a, b in zip(cacti, cacti[1:]):
        gap = b.extent()[0] - a.extent()[1]
        if gap < MIN_GAP:
            raise CactiError(f"{source}: cactus {b.index} ({b.name}): only {gap:g} mm from cactus {a.index} "
                             f"({a.name}); cacti stand left to right at least {MIN_GAP:g} mm apart")
    return CactiSpec(width=width, height=height, cacti=tuple(cacti))


def load_cacti(path: str | Path | None = None) -> CactiSpec:
    """The table and its five cacti (assets/cacti.json by default). Raises :class:`CactiError`."""
    p = Path(path) if path is not None else DEFAULT_CACTI
    try:
        stamp = p.stat().st_mtime_ns
    except OSError:
        stamp = -1
    return _load_cached(str(p), stamp)


@lru_cache(maxsize=8)
def _load_cached(path: str, stamp: int) -> CactiSpec:
    p = Path(path)
    return parse_cacti(read_json(p, CactiError), p.name)


def cacti_to_dict(spec: CactiSpec) -> dict[str, Any]:
    """The ``cactus-cacti/1`` document of a table (outlines relative to each cactus's x again)."""

    def rel(outline: Outline, x: float) -> list[list[float]]:
        return [[px - x, py] for px, py in outline]

    return {"format": "cactus-cacti/1", "table": {"width": spec.width, "height": spec.height},
            "cacti": [{"name": c.name, "x": c.x, "base": rel(c.base, c.x), "trunk": rel(c.trunk, c.x),
                       "arms": [rel(a, c.x) for a in c.arms]} for c in spec.cacti]}
