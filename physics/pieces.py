"""The pieces of Cactus (C-K2, C-K3): loading and validating assets/pieces.json.

File format ``cactus-pieces/1``::

    {"format": "cactus-pieces/1",
     "colours": {"red": "#c9483b", ...},                  # exactly 5 colour ids (hex for drawing)
     "default": {"density": 0.0024, "friction": 0.8, "elasticity": 0.05},
     "forms": {"arch": [[x, y], ...], ...},              # exactly 5 basic forms, outline in mm
     "pieces": [{"id": "red_arch", "kind": "basic", "colour": "red", "form": "arch"},
                {"id": "sun", "kind": "special", "colour": "yellow", "outline": [[x, y], ...]}, ...]}

A piece may override ``density``, ``friction`` and ``elasticity`` (and a basic piece its ``outline``).
Density is mass per area (g/mm^2, plywood about 0.0024). Outlines are normalised: counter-clockwise and
centred on their centroid, so a body's position is the piece's centre of mass.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from physics.geometry import Outline, OutlineError, check_point, normalise_outline

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
DEFAULT_PIECES = ASSETS_DIR / "pieces.json"

BASIC_COUNT = 25
SPECIAL_COUNT = 10
COLOUR_COUNT = 5
FORM_COUNT = 5
SPECIALS_PER_COLOUR = 2
MATERIAL_KEYS = ("density", "friction", "elasticity")
#: The allowed range of each material value: (lowest, highest, lowest allowed itself). Density is g/mm^2 of
#: a cut piece (4 mm plywood about 0.0024, 4 mm steel about 0.031); pymunk aborts the whole process on a
#: mass <= 0 or a negative friction, so nothing outside these ranges may reach it.
MATERIAL_LIMITS: dict[str, tuple[float, float, bool]] = {
    "density": (0.0, 0.05, False),
    "friction": (0.0, 5.0, True),
    "elasticity": (0.0, 1.0, True),
}


class AssetError(ValueError):
    """A bundled data file (pieces.json, cacti.json) that is missing, unreadable or invalid."""


class PiecesError(AssetError):
    """pieces.json is invalid; the message names the piece and the problem."""


def material_problem(key: str, value: object) -> str | None:
    """Why ``value`` is not a usable ``key`` ("density", "friction", "elasticity"), or None when it is."""
    lo, hi, lo_ok = MATERIAL_LIMITS[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"{key} must be a number, got {value!r}"
    try:
        v = float(value)
    except OverflowError:
        return f"{key} must be at most {hi:g}, got {value!r}"
    if not math.isfinite(v):
        return f"{key} must be a finite number, got {value!r}"
    if v < lo or (v == lo and not lo_ok):
        return f"{key} must be {'at least' if lo_ok else 'greater than'} {lo:g}, got {v:g}"
    if v > hi:
        return f"{key} must be at most {hi:g}, got {v:g}"
    return None


def check_material(density: object, friction: object, elasticity: object, what: str) -> None:
    """Raise :class:`PiecesError` ("<what>: <field> must be ...") unless all three values are in range."""
    for key, value in zip(MATERIAL_KEYS, (density, friction, elasticity)):
        problem = material_problem(key, value)
        if problem is not None:
            raise PiecesError(f"{what}: {problem}")


@dataclass(frozen=True)
class PieceSpec:
    """One laser-cut piece. ``form`` is None for specials. ``outline`` in mm, CCW, centred."""

    id: str
    kind: str  # "basic" | "special"
    colour: str
    form: str | None
    outline: Outline
    density: float
    friction: float
    elasticity: float
    colour_hex: str = field(default="#888888", compare=False)

    def __post_init__(self) -> None:
        # A PieceSpec is what the world hands to pymunk: refuse what would abort or poison the simulation.
        what = f"piece {self.id!r}"
        check_material(self.density, self.friction, self.elasticity, what)
        if len(self.outline) < 3:
            raise PiecesError(f"{what}: outline has {len(self.outline)} points, needs at least 3")
        try:
            for k, (x, y) in enumerate(self.outline):
                check_point(x, y, f"{what}: outline point {k}")
        except OutlineError as exc:
            raise PiecesError(str(exc)) from None

    @property
    def radius(self) -> float:
        """Distance from the centre of mass to the farthest outline point (mm)."""
        return max(math.hypot(x, y) for x, y in self.outline)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "colour": self.colour, "form": self.form,
                "outline": [list(p) for p in self.outline], "density": self.density,
                "friction": self.friction, "elasticity": self.elasticity, "colour_hex": self.colour_hex}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> PieceSpec:
        what = f"piece {d.get('id')!r}"
        try:
            outline = normalise_outline(d["outline"], what)
            return PieceSpec(id=str(d["id"]), kind=str(d["kind"]), colour=str(d["colour"]),
                             form=None if d.get("form") is None else str(d["form"]), outline=outline,
                             density=float(d["density"]), friction=float(d["friction"]),
                             elasticity=float(d["elasticity"]), colour_hex=str(d.get("colour_hex", "#888888")))
        except (KeyError, TypeError, ValueError) as exc:
            raise PiecesError(f"{what}: bad piece record: {exc}") from exc


def read_json(path: Path, error: type[AssetError]) -> Any:
    """Parse a JSON file, turning every failure into ``error`` with the file name in the message."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{path.name}: cannot read {path}: {exc.strerror or exc}") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{path.name}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from exc


def _material(raw: dict[str, Any], base: dict[str, float], what: str) -> dict[str, float]:
    out = dict(base)
    for key in MATERIAL_KEYS:
        if key in raw:
            problem = material_problem(key, raw[key])
            if problem is not None:
                raise PiecesError(f"{what}: {problem}")
            out[key] = float(raw[key])
    return out


def parse_pieces(data: Any, source: str = "pieces.json") -> dict[str, PieceSpec]:
    """Validate a parsed pieces document; raise :class:`PiecesError` naming the piece and problem."""
    if not isinstance(data, dict):
        raise PiecesError(f"{source}: the top level must be a JSON object")
    fmt = data.get("format")
    if fmt != "cactus-pieces/1":
        raise PiecesError(f"{source}: unknown format {fmt!r}, expected 'cactus-pieces/1'")
    for key in ("colours", "default", "forms", "pieces"):
        if key not in data:
            raise PiecesError(f"{source}: missing top-level field {key!r}")
    colours = data["colours"]
    if not isinstance(colours, dict) or len(colours) != COLOUR_COUNT:
        raise PiecesError(f"{source}: 'colours' must map exactly {COLOUR_COUNT} colour ids to hex colours")
    if not isinstance(data["default"], dict):
        raise PiecesError(f"{source}: 'default' must be an object with {', '.join(MATERIAL_KEYS)}")
    missing = [k for k in MATERIAL_KEYS if k not in data["default"]]
    if missing:
        raise PiecesError(f"{source}: 'default' is missing {', '.join(missing)}")
    default = _material(data["default"], {}, f"{source}: default")
    forms_raw = data["forms"]
    if not isinstance(forms_raw, dict) or len(forms_raw) != FORM_COUNT:
        raise PiecesError(f"{source}: 'forms' must hold exactly {FORM_COUNT} form outlines")
    forms: dict[str, Outline] = {}
    for name, outline in forms_raw.items():
        try:
            forms[name] = normalise_outline(outline, f"form {name!r}")
        except OutlineError as exc:
            raise PiecesError(f"{source}: {exc}") from exc
    pieces_raw = data["pieces"]
    if not isinstance(pieces_raw, list):
        raise PiecesError(f"{source}: 'pieces' must be a list")
    out: dict[str, PieceSpec] = {}
    for k, raw in enumerate(pieces_raw):
        if not isinstance(raw, dict):
            raise PiecesError(f"{source}: piece #{k} is not an object")
        pid = raw.get("id")
        if not isinstance(pid, str) or not pid:
            raise PiecesError(f"{source}: piece #{k} has no 'id' (a non-empty string)")
        what = f"piece {pid!r}"
        if pid in out:
            raise PiecesError(f"{source}: {what}: duplicate id")
        for key in ("kind", "colour"):
            if key not in raw:
                raise PiecesError(f"{source}: {what}: missing field {key!r}")
        kind, colour = raw["kind"], raw["colour"]
        if kind not in ("basic", "special"):
            raise PiecesError(f"{source}: {what}: kind must be 'basic' or 'special', got {kind!r}")
        if colour not in colours:
            raise PiecesError(f"{source}: {what}: unknown colour {colour!r} (known: {', '.join(colours)})")
        form: str | None = None
        if kind == "basic":
            form = raw.get("form")
            if form is None:
                raise PiecesError(f"{source}: {what}: missing field 'form' (basic pieces need one)")
            if form not in forms:
                raise PiecesError(f"{source}: {what}: unknown form {form!r} (known: {', '.join(forms)})")
            outline_raw: Any = raw.get("outline", forms[form])
        else:
            if raw.get("form") is not None:
                raise PiecesError(f"{source}: {what}: a special piece has no form (got {raw['form']!r})")
            if "outline" not in raw:
                raise PiecesError(f"{source}: {what}: missing field 'outline'")
            outline_raw = raw["outline"]
        try:
            outline = normalise_outline(outline_raw, what)
        except OutlineError as exc:
            raise PiecesError(f"{source}: {exc}") from exc
        mat = _material(raw, default, f"{source}: {what}")
        out[pid] = PieceSpec(id=pid, kind=kind, colour=colour, form=form, outline=outline,
                             density=mat["density"], friction=mat["friction"], elasticity=mat["elasticity"],
                             colour_hex=str(colours[colour]))
    _check_counts(out, list(colours), list(forms), source)
    return out


def _check_counts(pieces: dict[str, PieceSpec], colours: list[str], forms: list[str], source: str) -> None:
    """C-K2 and C-K3 (the messages say them in words: a piece-tuner reads them in the editor)."""
    basic = [p for p in pieces.values() if p.kind == "basic"]
    special = [p for p in pieces.values() if p.kind == "special"]
    if len(basic) != BASIC_COUNT:
        raise PiecesError(f"{source}: wrong count: {len(basic)} basic pieces, expected {BASIC_COUNT}")
    if len(special) != SPECIAL_COUNT:
        raise PiecesError(f"{source}: wrong count: {len(special)} special pieces, expected {SPECIAL_COUNT}")
    seen: dict[tuple[str, str | None], str] = {}
    for p in basic:
        key = (p.colour, p.form)
        if key in seen:
            raise PiecesError(f"{source}: piece {p.id!r}: colour {p.colour} and form {p.form} already used by "
                              f"{seen[key]!r} (each colour and form together once)")
        seen[key] = p.id
    for c in colours:
        n = sum(1 for p in special if p.colour == c)
        if n != SPECIALS_PER_COLOUR:
            raise PiecesError(f"{source}: wrong count: {n} special pieces are {c}, expected "
                              f"{SPECIALS_PER_COLOUR}")


def load_pieces(path: str | Path | None = None) -> dict[str, PieceSpec]:
    """All pieces by id, in file order (assets/pieces.json by default). Raises :class:`PiecesError`."""
    p = Path(path) if path is not None else DEFAULT_PIECES
    try:
        stamp = p.stat().st_mtime_ns
    except OSError:
        stamp = -1
    return dict(_load_cached(str(p), stamp))


@lru_cache(maxsize=8)
def _load_cached(path: str, stamp: int) -> dict[str, PieceSpec]:
    p = Path(path)
    return parse_pieces(read_json(p, PiecesError), p.name)
