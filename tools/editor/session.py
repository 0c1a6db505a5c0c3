"""The editing session: what the shape editor is editing and every edit it can make, without pygame.

One session holds the two documents (pieces.json, cacti.json), the selection (tab, piece, cactus and its
part, the material scope, the list filters) and the rules an edit must follow: material values stay inside
the editor's ranges (derived from physics' limits, :mod:`tools.editor.ranges`), piece ids are unique
words, a cactus stays on the table. Every change goes through a document, so it can be undone. The
session speaks no language: it returns what happened (a label, a :class:`SaveOutcome`, a refusal code) and
the scene puts it into words. It imports no pygame, so it can be driven and tested on its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from physics.cacti import CactiSpec, CactusSpec
from physics.geometry import Outline, OutlineError, normalise_outline
from physics.pieces import PieceSpec, material_problem
from tools.editor.hangtest import one_cactus_table, piece_spec
from tools.editor.model import (
    PART_TRUNK,
    CactiDocument,
    CactusDraft,
    Document,
    Material,
    MaterialFault,
    PieceDraft,
    PiecesDocument,
    SaveRefused,
)
from tools.editor.ranges import RANGES

NO_FILTERS: dict[str, str] = {"kind": "", "colour": "", "form": ""}


@dataclass(frozen=True)
class SaveOutcome:
    """What :meth:`EditingSession.save` did.

    ``kind``: "saved" (``files`` names them), "nothing" (no changes, all valid), "refused" (``reason``: why,
    nothing written) or "oserror" (``files``: the file that failed, ``reason``: the system's words).
    """

    kind: str
    reason: str = ""
    files: str = ""

    @property
    def ok(self) -> bool:
        return self.kind in ("saved", "nothing")


def valid_piece_id(text: str) -> bool:
    """Id rule: a piece id is a non-empty word of letters, digits and underscores (it names the piece in
    saves and replays); ids are unique within the file (:meth:`EditingSession.rename_piece` checks that)."""
    return bool(text) and all(c.isalnum() or c == "_" for c in text)


def parse_number(text: str) -> float | None:
    """A typed number ("1,25" and "1.25" alike; "nan" and "inf" parse too); None for anything else."""
    try:
        return float(text.strip().replace(",", "."))
    except ValueError:
        return None


def cactus_table(cacti: tuple[CactusDraft, ...], index: int, width: float, height: float) -> CactiSpec | None:
    """A one-cactus physics table from the draft of cactus ``index`` (None when an outline is unusable)."""
    if not 0 <= index < len(cacti):
        return None
    c = cacti[index]
    try:
        def world(o: Outline, what: str) -> Outline:
            return tuple((x + c.x, y) for x, y in normalise_outline(list(o), what, centre=False))

        spec = CactusSpec(index=0, name=c.name, x=c.x, base=world(c.base, "base"), trunk=world(c.trunk, "trunk"),
                          arms=tuple(world(a, f"arm {k}") for k, a in enumerate(c.arms)))
    except (OutlineError, ValueError):
        return None
    return one_cactus_table(CactiSpec(width=width, height=height, cacti=(spec,)), 0)


class EditingSession:
    """The two documents, the selection, and the edits (see the module docstring)."""

    def __init__(self, pieces_path: Path | str | None = None, cacti_path: Path | str | None = None) -> None:
        self.pieces = PiecesDocument.open(pieces_path)
        self.cacti = CactiDocument.open(cacti_path)
        self.tab = "pieces"  # "pieces" | "cacti"
        self.piece_id: str | None = self.pieces.state.pieces[0].id if self.pieces.state.pieces else None
        self.cactus_index = 0
        self.cactus_part = PART_TRUNK
        self.material_scope = "piece"  # "piece": edits go to the selected piece; "default": the default block
        self.filters: dict[str, str] = dict(NO_FILTERS)
        self._spec_cache: tuple[object, tuple[PieceSpec | None, CactiSpec | None]] = (None, (None, None))
        self._file_check: tuple[object, str | None] = (None, None)

    # -- what is being edited ----------------------------------------------------------------------
    @property
    def doc(self) -> Document[Any]:
        """The document of the current tab."""
        return self.pieces if self.tab == "pieces" else self.cacti

    @property
    def dirty(self) -> bool:
        return self.pieces.dirty or self.cacti.dirty

    @property
    def load_error(self) -> str | None:
        """Why one of the files did not load (None when both did)."""
        return self.pieces.error or self.cacti.error

    def current_piece(self) -> PieceDraft | None:
        if self.piece_id is None:
            return None
        try:
            return self.pieces.state.piece(self.piece_id)
        except KeyError:
            return None

    def current_cactus(self) -> CactusDraft | None:
        cacti = self.cacti.state.cacti
        return cacti[self.cactus_index] if 0 <= self.cactus_index < len(cacti) else None

    def current_outline(self) -> Outline | None:
        """The outline the canvas edits: the piece's (or its form's), or the selected part of the cactus."""
        if self.tab == "pieces":
            piece = self.current_piece()
            return None if piece is None else self.pieces.state.outline(piece)
        cactus = self.current_cactus()
        if cactus is None:
            return None
        return cactus.part(min(self.cactus_part, len(cactus.arms)))

    def visible_pieces(self) -> list[PieceDraft]:
        """The pieces the list shows: those matching every filter that is set."""
        return [p for p in self.pieces.state.pieces
                if not any(value and getattr(p, name) != value for name, value in self.filters.items())]

    def selection_key(self) -> object:
        """Changes whenever the selection or a document changes (the forms rebuild on it)."""
        return (self.tab, self.piece_id, self.cactus_index, self.cactus_part, self.material_scope, id(self.pieces),
                id(self.cacti), tuple(self.filters.values()), self.pieces.revision, self.cacti.revision)

    def form_key(self) -> object:
        """What the forms show (they are rebuilt when it changes): the selection and its field values, the
        filters' choices, not the outlines (a vertex drag leaves the widgets alone)."""
        piece = self.current_piece()
        cactus = self.current_cactus()
        st = self.pieces.state
        return (self.tab, self.piece_id, self.cactus_index, self.cactus_part, self.material_scope, id(self.pieces),
                id(self.cacti), tuple(self.filters.values()), self.pieces.error, self.cacti.error,
                None if piece is None else replace(piece, outline=None), self.shown_material(),
                tuple(c for c, _ in st.colours), tuple(f for f, _ in st.forms),
                None if cactus is None else (cactus.name, cactus.x, tuple(cactus.part_indices)))

    # -- selection -----------------------------------------------------------------------------------
    def set_tab(self, tab: str) -> bool:
        if tab == self.tab:
            return False
        self.pieces.seal()
        self.cacti.seal()
        self.tab = tab
        return True

    def select_piece(self, piece_id: str) -> None:
        self.pieces.seal()
        self.piece_id = piece_id

    def select_cactus(self, index: int) -> None:
        self.cacti.seal()
        self.cactus_index = index
        self.cactus_part = PART_TRUNK

    def select_part(self, part: int) -> None:
        self.cactus_part = part

    def set_scope(self, scope: str) -> bool:
        if scope == self.material_scope:
            return False
        self.pieces.seal()
        self.material_scope = scope
        return True

    def set_filter(self, name: str, value: str) -> None:
        self.filters[name] = value

    def seal(self) -> None:
        """End merged edits (a slider let go): the next edit is an undo step of its own."""
        self.pieces.seal()
        self.cacti.seal()

    def fix_selection(self) -> None:
        ids = [p.id for p in self.pieces.state.pieces]
        if self.piece_id not in ids:
            self.piece_id = ids[0] if ids else None

    # -- outline edits ---------------------------------------------------------------------------------
    def set_outline(self, outline: Outline, label: str, live: bool = False) -> None:
        """Put ``outline`` where the canvas edits; ``live`` edits (a drag) become one step at the gesture's end."""
        if self.tab == "pieces":
            if self.piece_id is None:
                return
            state: Any = self.pieces.state.with_outline(self.piece_id, outline)
        else:
            cactus = self.current_cactus()
            if cactus is None:
                return
            state = self.cacti.state.with_cactus(self.cactus_index, cactus.with_part(self.cactus_part, outline))
        if live:
            self.doc.live(state)
        else:
            self.doc.apply(label, state)

    def end_gesture(self, label: str) -> None:
        self.doc.end_gesture(label)

    def transform(self, label: str, fn: Callable[[Outline], Outline]) -> bool:
        """Apply ``fn`` to the current outline as one step; False when there is nothing to transform."""
        outline = self.current_outline()
        if not outline:
            return False
        self.set_outline(fn(outline), label)
        return True

    # -- piece edits -------------------------------------------------------------------------------------
    def edit_piece(self, label: str, merge: object = None, **changes: Any) -> None:
        piece = self.current_piece()
        if piece is None:
            return
        state = self.pieces.state
        self.pieces.apply(label, state.with_piece(state.index(piece.id), replace(piece, **changes)), merge)
        if "id" in changes:
            self.piece_id = changes["id"]

    def set_kind(self, kind: str) -> None:
        """Make the piece special (it keeps its outline as its own) or basic (on a form its colour lacks)."""
        piece = self.current_piece()
        if piece is None or kind == piece.kind:
            return
        st = self.pieces.state
        if kind == "special":
            self.edit_piece("kind", kind="special", form=None, outline=st.outline(piece))
        else:
            free = [f for f, _ in st.forms if not any(p.kind == "basic" and p.colour == piece.colour
                                                      and p.form == f for p in st.pieces)]
            choices: list[str | None] = [*free, *(f for f, _ in st.forms), None]
            self.edit_piece("kind", kind="basic", form=choices[0])

    def set_colour(self, colour: str) -> None:
        piece = self.current_piece()
        if piece is not None and colour != piece.colour:
            self.edit_piece("colour", colour=colour)

    def set_form(self, form: str) -> None:
        piece = self.current_piece()
        if piece is not None and form and form != piece.form:
            self.edit_piece("form", form=form)

    def rename_piece(self, new_id: str) -> str | None:
        """Give the piece a new id; returns None (done, or nothing to do), "bad" (not a word) or "taken"."""
        piece = self.current_piece()
        if piece is None or new_id == piece.id:
            return None
        if not valid_piece_id(new_id):
            return "bad"
        if any(p.id == new_id for p in self.pieces.state.pieces):
            return "taken"
        self.edit_piece("rename", id=new_id)
        return None

    # -- materials -------------------------------------------------------------------------------------
    def shown_material(self) -> Material | None:
        """The values the material panel shows: the default block's, or the piece's (inherited filled in)."""
        piece = self.current_piece()
        if piece is None or self.pieces.error is not None:
            return None
        return self.pieces.state.default if self.material_scope == "default" else self.pieces.state.material(piece)

    def set_material(self, name: str, value: float, from_slider: bool = False) -> float | None:
        """Set a material value, clamped into the editor's range, on the piece or (default scope) the default
        block. A slider's run of values is one undo step. Returns the value set (None: nothing to edit)."""
        value = RANGES[name].clamp(value)
        if self.material_scope == "default":
            if self.pieces.error is not None:
                return None
            self.pieces.apply(name, self.pieces.state.with_default(name, value),
                              ("default", name) if from_slider else None)
            return value
        piece = self.current_piece()
        if piece is None:
            return None
        self.edit_piece(name, ("material", name, piece.id) if from_slider else None, **{name: value})
        return value

    def type_material(self, name: str, text: str) -> bool:
        """A typed material value: set when the editor's range (and so physics) accepts it, else False."""
        value = parse_number(text)
        if value is None or not RANGES[name].accepts(value):
            return False
        self.set_material(name, value)
        return True

    def material_faults_shown(self) -> set[str]:
        """The fields of the material panel whose value (own, or inherited from the default) physics refuses."""
        piece = self.current_piece()
        if piece is None or self.pieces.error is not None:
            return set()
        default_scope = self.material_scope == "default"
        return {f.key for f in self.pieces.state.material_faults()
                if f.piece == (None if default_scope else piece.id)
                or (not default_scope and f.piece is None and getattr(piece, f.key) is None)}

    def focus_first_material_fault(self) -> MaterialFault | None:
        """Select the first material value physics would refuse (its piece, or the default scope)."""
        faults = self.pieces.state.material_faults() if self.pieces.error is None else []
        if not faults:
            return None
        first = faults[0]
        if first.piece is None:
            self.material_scope = "default"
        else:
            self.material_scope = "piece"
            self.piece_id = first.piece
            self.filters = dict(NO_FILTERS)
        return first

    def material_fault_count(self) -> int:
        return len(self.pieces.state.material_faults()) if self.pieces.error is None else 0

    # -- cactus edits ------------------------------------------------------------------------------------
    def rename_cactus(self, name: str) -> None:
        cactus = self.current_cactus()
        if cactus is not None and name and name != cactus.name:
            self.cacti.apply("name", self.cacti.state.with_cactus(self.cactus_index, replace(cactus, name=name)))

    def move_cactus(self, text: str) -> str | None:
        """Put the cactus at a typed x (mm); returns None (done), "bad_x" (not a number) or "x_range"."""
        x = parse_number(text)
        if x is None:
            return "bad_x"
        if not (math.isfinite(x) and 0 <= x <= self.cacti.state.width):
            return "x_range"
        cactus = self.current_cactus()
        if cactus is not None and x != cactus.x:
            self.cacti.apply("move_cactus", self.cacti.state.with_cactus(self.cactus_index, replace(cactus, x=x)))
        return None

    # -- history and files -------------------------------------------------------------------------------
    def undo(self) -> str | None:
        """Undo the last edit of the current tab; its label, or None when there was none."""
        label = self.doc.undo()
        self.fix_selection()
        return label

    def redo(self) -> str | None:
        label = self.doc.redo()
        self.fix_selection()
        return label

    def save(self) -> SaveOutcome:
        """Save every changed file (each checked by physics first); nothing is written when one is refused."""
        docs: list[Document[Any]] = [d for d in (self.pieces, self.cacti) if d.dirty]
        if not docs:
            problem = next((p for d in (self.pieces, self.cacti) if d.error is None and (p := d.verdict())), None)
            if problem is not None:  # unchanged but invalid as loaded: say so rather than "nothing to save"
                return SaveOutcome("refused", problem)
            return SaveOutcome("nothing")
        for doc in docs:
            try:
                doc.save()
            except SaveRefused as exc:
                return SaveOutcome("refused", str(exc))
            except OSError as exc:
                return SaveOutcome("oserror", exc.strerror or str(exc), doc.path.name)
        return SaveOutcome("saved", files=", ".join(d.path.name for d in docs))

    def save_fault(self) -> str | None:
        """Why :meth:`save` would refuse the changed files as they are now, or None when it would save them."""
        for doc in (self.pieces, self.cacti):
            if doc.dirty:
                problem = doc.error or doc.verdict()
                if problem is not None:
                    return problem
        return None

    def reload(self) -> str | None:
        """Read both files again (edits are lost); returns why one did not load, or None."""
        self.pieces = self.pieces.reload()
        self.cacti = self.cacti.reload()
        self.fix_selection()
        return self.load_error

    # -- physics' view of the drafts -------------------------------------------------------------------
    def physics_subject(self) -> tuple[PieceSpec | None, CactiSpec | None]:
        """The current piece and cactus as physics objects (None where a draft is not usable). During a vertex
        drag they stay as they were before it (the preview and the hang test follow when it ends: building
        them checks the whole outline, too slow for every frame of a drag)."""
        key = (self.pieces.revision, self.cacti.revision, self.piece_id, self.cactus_index, id(self.pieces),
               id(self.cacti))
        last = self._spec_cache[0]
        if last == key:
            return self._spec_cache[1]
        if (self.pieces.in_gesture or self.cacti.in_gesture) and isinstance(last, tuple) and last[2:] == key[2:]:
            return self._spec_cache[1]
        spec: PieceSpec | None = None
        piece = self.current_piece()
        state = self.pieces.state
        if piece is not None:
            mat = state.material(piece)
            try:
                spec = piece_spec(piece.id, state.outline(piece), mat.density, mat.friction, mat.elasticity,
                                  kind=piece.kind, colour=piece.colour, form=piece.form,
                                  colour_hex=state.colour_hex(piece.colour))
            except (OutlineError, ValueError):
                spec = None
        table = cactus_table(self.cacti.state.cacti, self.cactus_index, self.cacti.state.width,
                             self.cacti.state.height)
        self._spec_cache = (key, (spec, table))
        return spec, table

    @staticmethod
    def density_usable(density: float) -> bool:
        """True when physics takes ``density`` (no mass is shown from a value it refuses)."""
        return material_problem("density", density) is None

    def file_check(self) -> str | None:
        """Physics' verdict on the current tab's file as it would be saved (cached per revision, kept mid-drag
        and while a slider moves: it parses the whole file, too slow for every frame of a gesture)."""
        key = (id(self.doc), self.doc.revision)
        if self._file_check[0] != key and not self.doc.in_gesture and not self.doc.merging:
            self._file_check = (key, self.doc.error or self.doc.verdict())
        return self._file_check[1]
