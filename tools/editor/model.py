"""The editor's documents: pieces.json and cacti.json as immutable drafts with undo/redo, safe load and save.

A document holds one immutable *state*; every edit replaces it and remembers the old one, so undo and redo
are exact. A drag is one *gesture*: many live states, one undo step. Loading never raises: a file that is
missing, not JSON or not shaped like the format opens as an empty document with ``error`` set (the editor
shows it and refuses to save over it). Saving checks the whole file with physics' own validator first,
keeps the previous file as ``<name>.bak`` and writes atomically.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.userdata import write_bytes_atomic, write_json_atomic
from physics.cacti import DEFAULT_CACTI, CactiError, parse_cacti
from physics.geometry import Outline, OutlineError, Point, check_point
from physics.pieces import (
    DEFAULT_PIECES,
    MATERIAL_KEYS,
    AssetError,
    PiecesError,
    material_problem,
    parse_pieces,
    read_json,
)
from tools.editor.checks import outline_faults

S = TypeVar("S")

#: Coordinates are saved rounded to this many decimals (a hundredth of a millimetre).
DECIMALS = 2


class SaveRefused(ValueError):
    """The document cannot be saved as it is; the message says why (and names the piece or cactus)."""


def as_outline(raw: Any) -> Outline:
    """A JSON list of [x, y] pairs as a tuple outline (shape only; validity is judged elsewhere).

    Non-finite or absurdly large coordinates are refused here already (physics' limit, ``MAX_COORD``): the
    editor could neither draw nor sensibly edit them.
    """
    if not isinstance(raw, list):
        raise ValueError("an outline must be a list of [x, y] points")
    pts: list[Point] = []
    for k, item in enumerate(raw):
        if (not isinstance(item, list) or len(item) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in item)):
            raise ValueError(f"outline point {k} {item!r} is not a pair of numbers")
        try:
            x, y = float(item[0]), float(item[1])
        except OverflowError:
            raise ValueError(f"outline point {k} is out of range: {item!r}") from None
        try:
            check_point(x, y, f"outline point {k}")
        except OutlineError as exc:
            raise ValueError(str(exc)) from None
        pts.append((x, y))
    return tuple(pts)


def outline_json(outline: Outline) -> list[list[float]]:
    return [[_num(x), _num(y)] for x, y in outline]


def _num(v: float) -> float:
    r = round(float(v), DECIMALS)
    return 0.0 if r == 0 else r


class Document(Generic[S]):
    """One file, one immutable state, undo/redo of whole states, a dirty flag."""

    def __init__(self, path: Path, state: S, raw: dict[str, Any], error: str | None = None) -> None:
        self.path = path
        self.state = state
        self.raw = raw
        self.error = error
        self.saved_state = state
        self.history: list[tuple[str, S]] = []
        self.future: list[tuple[str, S]] = []
        self._gesture: S | None = None
        self._merge: object = None
        self.revision = 0  # bumps on every change of state (views cache on it)

    # -- editing -----------------------------------------------------------------------------------
    def apply(self, label: str, state: S, merge: object = None) -> bool:
        """Make ``state`` current as one undoable step; False (and no step) when nothing changed.

        Consecutive edits with the same non-None ``merge`` key (a slider being dragged) make one step,
        until :meth:`seal` or any other edit.
        """
        if self._gesture is not None:
            self.end_gesture(label)
        if state == self.state:
            return False
        if merge is None or merge != self._merge or not self.history:
            self.history.append((label, self.state))
        self._merge = merge
        self.future.clear()
        self._set(state)
        return True

    def seal(self) -> None:
        """End a run of merged edits: the next edit is a step of its own."""
        self._merge = None

    def begin_gesture(self) -> None:
        """Start a drag: following :meth:`live` states are one undo step when :meth:`end_gesture` comes."""
        if self._gesture is None:
            self._gesture = self.state

    def live(self, state: S) -> None:
        if self._gesture is None:
            self.begin_gesture()
        self._set(state)

    def end_gesture(self, label: str) -> bool:
        start, self._gesture = self._gesture, None
        if start is None or start == self.state:
            return False
        self.history.append((label, start))
        self.future.clear()
        self._merge = None
        return True

    @property
    def in_gesture(self) -> bool:
        return self._gesture is not None

    @property
    def merging(self) -> bool:
        """A run of merged edits is open (a slider being moved): the next such edit joins the last step."""
        return self._merge is not None

    def undo(self) -> str | None:
        """Step back; returns the label of the undone edit, or None when there is nothing to undo."""
        if self._gesture is not None:
            self.end_gesture("drag")
        if not self.history:
            return None
        self._merge = None
        label, state = self.history.pop()
        self.future.append((label, self.state))
        self._set(state)
        return label

    def redo(self) -> str | None:
        if not self.future:
            return None
        self._merge = None
        label, state = self.future.pop()
        self.history.append((label, self.state))
        self._set(state)
        return label

    def _set(self, state: S) -> None:
        self.state = state
        self.revision += 1

    @property
    def dirty(self) -> bool:
        return self.state != self.saved_state

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    # -- saving ------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def verdict(self) -> str | None:
        """Why the current state cannot be saved, or None when it can."""
        raise NotImplementedError

    def save(self) -> Path:
        """Write the file (old one kept as .bak). Raises :class:`SaveRefused`; the file is then untouched."""
        if self.error is not None:
            raise SaveRefused(f"{self.path.name} was not loaded ({self.error}); reload it before saving")
        problem = self.verdict()
        if problem is not None:
            raise SaveRefused(problem)
        data = self.to_json()
        if self.path.exists():
            write_bytes_atomic(backup_path(self.path), self.path.read_bytes())
        write_json_atomic(self.path, data)
        self.raw = data
        self.saved_state = self.state
        return self.path


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _read(path: Path, error: type[AssetError]) -> tuple[dict[str, Any] | None, str | None]:
    try:
        data = read_json(path, error)
    except AssetError as exc:
        return None, str(exc)
    if not isinstance(data, dict):
        return None, f"{path.name}: the top level must be a JSON object"
    return data, None


# ================================================================================================
# pieces.json
# ================================================================================================
@dataclass(frozen=True)
class Material:
    density: float
    friction: float
    elasticity: float

    def get(self, key: str) -> float:
        return float(getattr(self, key))


@dataclass(frozen=True)
class MaterialFault:
    """A material value out of range: ``piece`` None means the file's default block."""

    piece: str | None
    key: str  # "density" | "friction" | "elasticity"
    problem: str  # physics' words, e.g. "density must be greater than 0, got -1"

    def describe(self) -> str:
        return f"{'default' if self.piece is None else f'piece {self.piece!r}'}: {self.problem}"


@dataclass(frozen=True)
class PieceDraft:
    """One piece as the file has it: ``outline`` None means the form's; a material value None the default."""

    id: str
    kind: str
    colour: str
    form: str | None
    outline: Outline | None = None
    density: float | None = None
    friction: float | None = None
    elasticity: float | None = None
    extra: tuple[tuple[str, Any], ...] = ()  # fields the editor does not know, kept as they were


@dataclass(frozen=True)
class PiecesState:
    pieces: tuple[PieceDraft, ...] = ()
    forms: tuple[tuple[str, Outline], ...] = ()
    default: Material = field(default_factory=lambda: Material(0.0024, 0.8, 0.05))
    colours: tuple[tuple[str, str], ...] = ()

    def index(self, piece_id: str) -> int:
        for k, p in enumerate(self.pieces):
            if p.id == piece_id:
                return k
        raise KeyError(piece_id)

    def piece(self, piece_id: str) -> PieceDraft:
        return self.pieces[self.index(piece_id)]

    def form_outline(self, form: str) -> Outline | None:
        return dict(self.forms).get(form)

    def outline(self, piece: PieceDraft) -> Outline:
        """The outline the piece really has (its own, else its form's)."""
        if piece.outline is not None:
            return piece.outline
        if piece.form is not None:
            shared = self.form_outline(piece.form)
            if shared is not None:
                return shared
        return ()

    def shares_form(self, piece: PieceDraft) -> bool:
        """True when editing this piece's outline edits its form (and so every piece of that form)."""
        return piece.outline is None and piece.form is not None and self.form_outline(piece.form) is not None

    def material(self, piece: PieceDraft) -> Material:
        d = self.default
        return Material(d.density if piece.density is None else piece.density,
                        d.friction if piece.friction is None else piece.friction,
                        d.elasticity if piece.elasticity is None else piece.elasticity)

    def colour_hex(self, colour: str) -> str:
        return dict(self.colours).get(colour, "#888888")

    def with_piece(self, index: int, piece: PieceDraft) -> PiecesState:
        pieces = list(self.pieces)
        pieces[index] = piece
        return replace(self, pieces=tuple(pieces))

    def material_faults(self) -> list[MaterialFault]:
        """Every material value physics would refuse: the default block's first, then the pieces' own."""
        out = [MaterialFault(None, key, problem) for key in MATERIAL_KEYS
               if (problem := material_problem(key, self.default.get(key))) is not None]
        for p in self.pieces:
            for key in MATERIAL_KEYS:
                value = getattr(p, key)
                if value is not None and (problem := material_problem(key, value)) is not None:
                    out.append(MaterialFault(p.id, key, problem))
        return out

    def with_default(self, key: str, value: float) -> PiecesState:
        return replace(self, default=replace(self.default, **{key: value}))

    def with_outline(self, piece_id: str, outline: Outline) -> PiecesState:
        """Set the outline of a piece: its form's when it shares it, else its own."""
        k = self.index(piece_id)
        piece = self.pieces[k]
        if self.shares_form(piece):
            assert piece.form is not None
            forms = tuple((name, outline if name == piece.form else o) for name, o in self.forms)
            return replace(self, forms=forms)
        return self.with_piece(k, replace(piece, outline=outline))


class PiecesDocument(Document[PiecesState]):
    kind = "pieces"

    @classmethod
    def open(cls, path: Path | str | None = None) -> PiecesDocument:
        p = Path(path) if path is not None else DEFAULT_PIECES
        data, error = _read(p, PiecesError)
        if data is None:
            return cls(p, PiecesState(), {}, error)
        try:
            state = pieces_state(data)
        except (KeyError, TypeError, ValueError) as exc:
            return cls(p, PiecesState(), {}, f"{p.name}: {exc}")
        return cls(p, state, data)

    def reload(self) -> PiecesDocument:
        return PiecesDocument.open(self.path)

    def to_json(self) -> dict[str, Any]:
        return pieces_json(self.state, self.raw)

    def verdict(self) -> str | None:
        st = self.state
        if not st.pieces:
            return f"{self.path.name}: there are no pieces to save"
        materials = st.material_faults()
        if materials:
            return materials[0].describe()
        for piece in st.pieces:
            faults = outline_faults(st.outline(piece))
            if faults:
                return f"piece {piece.id!r}: {faults[0].describe()}"
        try:
            parse_pieces(self.to_json(), self.path.name)
        except PiecesError as exc:
            return str(exc)
        return None


def pieces_state(data: dict[str, Any]) -> PiecesState:
    """The editable state of a pieces document (shape checks only: the physics validator judges the rest)."""
    forms_raw = data.get("forms", {})
    if not isinstance(forms_raw, dict):
        raise ValueError("'forms' must be an object of form name -> outline")
    forms = []
    for name, outline in forms_raw.items():
        try:
            forms.append((str(name), as_outline(outline)))
        except ValueError as exc:
            raise ValueError(f"form {name!r}: {exc}") from None
    pieces_raw = data.get("pieces")
    if not isinstance(pieces_raw, list):
        raise ValueError("missing list 'pieces'")
    default_raw = data.get("default", {})
    if not isinstance(default_raw, dict):
        raise ValueError("'default' must be an object")
    default = Material(*(_number(default_raw.get(k, fallback), f"default {k}")
                         for k, fallback in zip(MATERIAL_KEYS, (0.0024, 0.8, 0.05))))
    pieces = []
    seen: set[str] = set()
    for k, raw in enumerate(pieces_raw):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not raw["id"]:
            raise ValueError(f"piece #{k} has no 'id'")
        pid = raw["id"]
        if pid in seen:
            raise ValueError(f"piece {pid!r}: duplicate id")
        seen.add(pid)
        known = {"id", "kind", "colour", "form", "outline", *MATERIAL_KEYS}
        try:
            outline = as_outline(raw["outline"]) if "outline" in raw else None
            mats = [_number(raw[m], f"{m}") if m in raw else None for m in MATERIAL_KEYS]
        except ValueError as exc:
            raise ValueError(f"piece {pid!r}: {exc}") from None
        form = raw.get("form")
        pieces.append(PieceDraft(id=pid, kind=str(raw.get("kind", "basic")), colour=str(raw.get("colour", "")),
                                 form=None if form is None else str(form), outline=outline,
                                 density=mats[0], friction=mats[1], elasticity=mats[2],
                                 extra=tuple((key, v) for key, v in raw.items() if key not in known)))
    colours_raw = data.get("colours", {})
    colours = tuple((str(c), str(h)) for c, h in colours_raw.items()) if isinstance(colours_raw, dict) else ()
    return PiecesState(pieces=tuple(pieces), forms=tuple(forms), default=default, colours=colours)


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what} must be a number, got {value!r}")
    try:
        number = float(value)
    except OverflowError:
        raise ValueError(f"{what} is out of range: {value!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"{what} must be a finite number, got {value!r}")
    return number


def pieces_json(state: PiecesState, raw: dict[str, Any]) -> dict[str, Any]:
    """The file contents for ``state``, keeping the top-level fields of ``raw`` the editor does not know."""
    out: dict[str, Any] = dict(raw) if raw else {"format": "cactus-pieces/1", "units": "mm, y up"}
    out["colours"] = dict(state.colours)
    d = state.default
    out["default"] = {"density": d.density, "friction": d.friction, "elasticity": d.elasticity}
    out["forms"] = {name: outline_json(o) for name, o in state.forms}
    pieces = []
    for p in state.pieces:
        item: dict[str, Any] = {"id": p.id, "kind": p.kind, "colour": p.colour}
        if p.form is not None:
            item["form"] = p.form
        if p.outline is not None:
            item["outline"] = outline_json(p.outline)
        for key in MATERIAL_KEYS:
            value = getattr(p, key)
            if value is not None:
                item[key] = value
        item.update(dict(p.extra))
        pieces.append(item)
    out["pieces"] = pieces
    return out


# ================================================================================================
# cacti.json
# ================================================================================================
PART_BASE = -1
PART_TRUNK = 0  # arms are 1..n


@dataclass(frozen=True)
class CactusDraft:
    name: str
    x: float
    base: Outline
    trunk: Outline
    arms: tuple[Outline, ...]
    extra: tuple[tuple[str, Any], ...] = ()

    def part(self, index: int) -> Outline:
        """``PART_BASE`` the base, ``PART_TRUNK`` the trunk, 1..n the arms."""
        if index == PART_BASE:
            return self.base
        if index == PART_TRUNK:
            return self.trunk
        return self.arms[index - 1]

    def with_part(self, index: int, outline: Outline) -> CactusDraft:
        if index == PART_BASE:
            return replace(self, base=outline)
        if index == PART_TRUNK:
            return replace(self, trunk=outline)
        arms = list(self.arms)
        arms[index - 1] = outline
        return replace(self, arms=tuple(arms))

    @property
    def part_indices(self) -> list[int]:
        return [PART_BASE, PART_TRUNK, *range(1, len(self.arms) + 1)]


@dataclass(frozen=True)
class CactiState:
    cacti: tuple[CactusDraft, ...] = ()
    width: float = 1700.0
    height: float = 600.0

    def with_cactus(self, index: int, cactus: CactusDraft) -> CactiState:
        cacti = list(self.cacti)
        cacti[index] = cactus
        return replace(self, cacti=tuple(cacti))


class CactiDocument(Document[CactiState]):
    kind = "cacti"

    @classmethod
    def open(cls, path: Path | str | None = None) -> CactiDocument:
        p = Path(path) if path is not None else DEFAULT_CACTI
        data, error = _read(p, CactiError)
        if data is None:
            return cls(p, CactiState(), {}, error)
        try:
            state = cacti_state(data)
        except (KeyError, TypeError, ValueError) as exc:
            return cls(p, CactiState(), {}, f"{p.name}: {exc}")
        return cls(p, state, data)

    def reload(self) -> CactiDocument:
        return CactiDocument.open(self.path)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.raw) if self.raw else {"format": "cactus-cacti/1"}
        out["table"] = {"width": self.state.width, "height": self.state.height}
        out["cacti"] = [{"name": c.name, "x": _num(c.x), "base": outline_json(c.base),
                         "trunk": outline_json(c.trunk), "arms": [outline_json(a) for a in c.arms],
                         **dict(c.extra)} for c in self.state.cacti]
        return out

    def verdict(self) -> str | None:
        for k, cactus in enumerate(self.state.cacti):
            for part in cactus.part_indices:
                faults = outline_faults(cactus.part(part), thin_check=part != PART_BASE)
                if faults:
                    return f"cactus {k} ({cactus.name}) {part_name(part)}: {faults[0].describe()}"
        try:
            parse_cacti(self.to_json(), self.path.name)
        except CactiError as exc:
            return str(exc)
        return None


def part_name(index: int) -> str:
    return "base" if index == PART_BASE else "trunk" if index == PART_TRUNK else f"arm {index - 1}"


def cacti_state(data: dict[str, Any]) -> CactiState:
    table = data.get("table", {})
    if not isinstance(table, dict):
        raise ValueError("'table' must be an object")
    raw_cacti = data.get("cacti")
    if not isinstance(raw_cacti, list):
        raise ValueError("missing list 'cacti'")
    cacti = []
    for k, raw in enumerate(raw_cacti):
        if not isinstance(raw, dict):
            raise ValueError(f"cactus {k} is not an object")
        what = f"cactus {k} ({raw.get('name', '?')})"
        try:
            arms_raw = raw.get("arms", [])
            if not isinstance(arms_raw, list):
                raise ValueError("arms must be a list of outlines")
            cacti.append(CactusDraft(name=str(raw.get("name", f"cactus {k}")), x=_number(raw.get("x"), "x"),
                                     base=as_outline(raw.get("base")), trunk=as_outline(raw.get("trunk")),
                                     arms=tuple(as_outline(a) for a in arms_raw),
                                     extra=tuple((key, v) for key, v in raw.items()
                                                 if key not in ("name", "x", "base", "trunk", "arms"))))
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None
    return CactiState(cacti=tuple(cacti), width=_number(table.get("width", 1700.0), "table width"),
                      height=_number(table.get("height", 600.0), "table height"))

