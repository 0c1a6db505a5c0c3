"""The shape editor scene: piece and cactus lists, the outline canvas, the material panel, preview, hang test.

Layout: a top bar (title, file, undo/redo/reload/save/back), a left column (tabs, filters, the thumbnail
list), the centre (tool row, outline canvas, live preview) and a right column (material or cactus panel,
hang test). pygame_gui gives the real widgets (text entries, sliders, drop-downs, the progress bar); the
house helpers draw the rest. Every edit goes through the documents of :mod:`tools.editor.model`, so it can
be undone; drawing only reads.

Keys: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, Ctrl+S save, G cycles the snap grid, F fits the view,
P shows the convex parts, Tab switches pieces/cacti, Esc leaves (asking first when there are unsaved edits).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UITextEntryLine,
)

from game.app import BaseScene
from game.i18n import t
from game.ui import draw
from game.ui.gui import make_manager
from game.ui.theme import PALETTE, SIZES, Color, lerp, shade
from game.ui.widgets import Button, Dialog, MessageLine, TextSource, Tooltip
from physics.cacti import CactiSpec, CactusSpec
from physics.geometry import OutlineError, normalise_outline
from physics.pieces import PieceSpec, material_problem
from tools.editor import ops
from tools.editor.canvas import OutlineCanvas, Subject, fault_text, fit_text
from tools.editor.checks import mass_properties, outline_faults
from tools.editor.hangtest import HangStats, HangTest, one_cactus_table, piece_spec
from tools.editor.model import (
    PART_BASE,
    PART_TRUNK,
    CactiDocument,
    CactusDraft,
    Document,
    PieceDraft,
    PiecesDocument,
    SaveRefused,
)
from tools.editor.preview import PreviewPane, hex_colour, outline_thumbnail

Point = tuple[float, float]
Outline = tuple[Point, ...]

#: Sliders and typed values: (minimum, maximum, decimals) per material field.
RANGES: dict[str, tuple[float, float, int]] = {
    "density": (0.0005, 0.01, 4),
    "friction": (0.0, 2.0, 2),
    "elasticity": (0.0, 1.0, 2),
}
MATERIALS = ("density", "friction", "elasticity")
GRIDS = (0.0, 0.5, 1.0, 2.0, 5.0)  # 0: snapping off
HANG_DEFAULT = 40
HANG_MAX = 500
DROPS_PER_FRAME = 3
ROW_H = 56


@dataclass
class ListRow:
    key: str
    title: str
    detail: str
    thumb: pygame.Surface
    swatch: Color
    bad: bool
    rect: pygame.Rect


class EditorScene(BaseScene):
    def __init__(self, pieces_path: Path | str | None = None, cacti_path: Path | str | None = None) -> None:
        self.pieces = PiecesDocument.open(pieces_path)
        self.cacti = CactiDocument.open(cacti_path)
        self.tab = "pieces"
        self.piece_id: str | None = self.pieces.state.pieces[0].id if self.pieces.state.pieces else None
        self.cactus_index = 0
        self.cactus_part = PART_TRUNK
        self.filters: dict[str, str] = {"kind": "", "colour": "", "form": ""}
        self.scroll = 0
        self.canvas = OutlineCanvas(self._canvas_live, self._canvas_commit, self._canvas_apply)
        self.preview = PreviewPane()
        self.hang: HangTest | None = None
        self.hang_key: object = None
        self.hang_stats: HangStats | None = None
        self.hang_stats_key: object = None
        self.hang_before: HangStats | None = None
        self.hang_results: list[Any] = []
        self.hang_count = HANG_DEFAULT
        self.seed = 0
        self.message = MessageLine()
        self.tooltip = Tooltip()
        self.size = (1280, 800)
        self.manager: pygame_gui.UIManager | None = None
        self.widgets: dict[str, Any] = {}
        self._widget_sync: object = None
        self.buttons: list[Button] = []
        self.tools: list[Button] = []
        self.tab_buttons: list[Button] = []
        self.rows: list[ListRow] = []
        self.rects: dict[str, pygame.Rect] = {}
        self.time = 0.0
        self._spec_cache: tuple[object, Any] = (None, None)
        self._file_check: tuple[object, str | None] = (None, None)
        self.closed = False
        self.last_refusal: str | None = None
        self.material_scope = "piece"  # "piece": the sliders edit the selected piece; "default": the default block
        self.scope_buttons: list[Button] = []
        self.compact = False  # small windows: tighter material and hang panels

    # ==============================================================================================
    # the model, seen from the scene
    # ==============================================================================================
    @property
    def doc(self) -> Document[Any]:
        return self.pieces if self.tab == "pieces" else self.cacti

    @property
    def dirty(self) -> bool:
        return self.pieces.dirty or self.cacti.dirty

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
        if self.tab == "pieces":
            piece = self.current_piece()
            return None if piece is None else self.pieces.state.outline(piece)
        cactus = self.current_cactus()
        if cactus is None:
            return None
        return cactus.part(min(self.cactus_part, len(cactus.arms)))

    def set_outline(self, outline: Outline, label: str, live: bool = False) -> None:
        """Put ``outline`` where the canvas edits: the piece (or its form) or the cactus part."""
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

    def _canvas_live(self, outline: Outline) -> None:
        self.set_outline(outline, "move", live=True)

    def _canvas_commit(self, label: str) -> None:
        self.doc.end_gesture(label)

    def _canvas_apply(self, label: str, outline: Outline) -> None:
        self.set_outline(outline, label)

    def transform(self, label: str, fn: Callable[[Outline], Outline]) -> None:
        outline = self.current_outline()
        if outline:
            self.set_outline(fn(outline), label)
            self.message.show(t("editor.done", what=t(f"editor.edit.{label}")), "info", 1.6)

    def edit_piece(self, label: str, merge: object = None, **changes: Any) -> None:
        piece = self.current_piece()
        if piece is None:
            return
        state = self.pieces.state
        self.pieces.apply(label, state.with_piece(state.index(piece.id), replace(piece, **changes)), merge)
        if "id" in changes:
            self.piece_id = changes["id"]

    def undo(self) -> None:
        self.canvas.cancel_drag()
        label = self.doc.undo()
        if label is None:
            self.message.show(t("editor.undo.none"), "info", 1.5)
        else:
            self.message.show(t("editor.undo.done", what=t(f"editor.edit.{label}")), "info", 1.8)
        self._fix_selection()

    def redo(self) -> None:
        label = self.doc.redo()
        if label is None:
            self.message.show(t("editor.redo.none"), "info", 1.5)
        else:
            self.message.show(t("editor.redo.done", what=t(f"editor.edit.{label}")), "info", 1.8)
        self._fix_selection()

    def _fix_selection(self) -> None:
        ids = [p.id for p in self.pieces.state.pieces]
        if self.piece_id not in ids:
            self.piece_id = ids[0] if ids else None

    def save(self) -> bool:
        """Save every changed file; False (with a dialog saying why) when one is refused."""
        self.canvas.cancel_drag()
        docs: list[Document[Any]] = [d for d in (self.pieces, self.cacti) if d.dirty]
        if not docs:
            problem = next((p for d in (self.pieces, self.cacti) if d.error is None and (p := d.verdict())), None)
            if problem is not None:  # unchanged but invalid as loaded: say so rather than "nothing to save"
                self.refuse(problem)
                return False
            self.message.show(t("editor.save.nothing"), "info", 2.0)
            return True
        for doc in docs:
            try:
                doc.save()
            except SaveRefused as exc:
                self.refuse(str(exc))
                return False
            except OSError as exc:
                self.refuse(t("editor.save.oserror", file=doc.path.name, reason=exc.strerror or str(exc)))
                return False
        names = ", ".join(d.path.name for d in docs)
        self.message.show(t("editor.save.done", files=names), "ok", 2.5)
        self._widget_sync = None
        return True

    def _save_clicked(self) -> None:
        self.save()

    def refuse(self, reason: str) -> None:
        self.last_refusal = reason
        self.message.show(t("editor.save.refused"), "error", 3.5)
        self.open_dialog(t("editor.save.refused"), reason, [(lambda: t("common.ok"), lambda: None)])

    def reload(self, confirmed: bool = False) -> None:
        if self.dirty and not confirmed:
            self.open_dialog(t("editor.reload.title"), t("editor.reload.body"),
                             [(lambda: t("editor.reload.discard"), lambda: self.reload(True)),
                              (lambda: t("common.cancel"), lambda: None)])
            return
        self.canvas.cancel_drag()
        self.pieces = self.pieces.reload()
        self.cacti = self.cacti.reload()
        self._fix_selection()
        self._widget_sync = None
        self.hang = None
        problem = self.pieces.error or self.cacti.error
        self.message.show(t("editor.reload.done") if problem is None else t("editor.load.failed"),
                          "ok" if problem is None else "error", 2.5)
        if problem is None:
            self.show_material_faults()

    def leave(self, confirmed: bool = False) -> None:
        if self.dirty and not confirmed:
            self.open_dialog(t("editor.leave.title"), t("editor.leave.body"),
                             [(lambda: t("editor.leave.save"), self._save_and_leave),
                              (lambda: t("editor.leave.discard"), lambda: self.leave(True)),
                              (lambda: t("editor.leave.stay"), lambda: None)])
            return
        self.closed = True
        self.app.pop()

    def on_quit_request(self) -> bool:
        """Closing the window with unsaved edits asks first, like leaving does."""
        if not self.dirty:
            return True
        if not (self.dialog and self.dialog.open):
            self.open_dialog(t("editor.leave.title"), t("editor.leave.body"),
                             [(lambda: t("editor.leave.save"), self._save_and_quit),
                              (lambda: t("editor.leave.discard"), lambda: self.app.quit()),
                              (lambda: t("editor.leave.stay"), lambda: None)])
        return False

    def _save_and_quit(self) -> None:
        if self.save():
            self.app.quit()

    def _save_and_leave(self) -> None:
        if self.save():
            self.leave(True)

    def open_dialog(self, title: str, body: str, buttons: list[tuple[TextSource, Callable[[], None]]],
                    width: int | None = None) -> Dialog:
        """The editor's dialogs are wider than the house default: their reasons name files and fields."""
        return super().open_dialog(title, body, buttons, width=width or min(620, self.app.size[0] - 80))

    def on_back(self) -> bool:
        if self.dirty:
            self.leave()
            return True
        self.closed = True
        return False

    # -- physics views of the drafts ---------------------------------------------------------------
    def physics_subject(self) -> tuple[PieceSpec | None, CactiSpec | None]:
        """The current piece and cactus as physics objects (None where a draft is not usable)."""
        key = (self.pieces.revision, self.cacti.revision, self.piece_id, self.cactus_index, id(self.pieces),
               id(self.cacti))
        if self._spec_cache[0] == key:
            cached: tuple[PieceSpec | None, CactiSpec | None] = self._spec_cache[1]
            return cached
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

    def file_check(self) -> str | None:
        """Physics' verdict on the file as it would be saved (cached per revision, skipped mid-drag)."""
        key = (id(self.doc), self.doc.revision)
        if self._file_check[0] != key and not self.doc.in_gesture:
            self._file_check = (key, self.doc.error or self.doc.verdict())
        return self._file_check[1]

    # -- the hang test ------------------------------------------------------------------------------
    def hang_subject_key(self) -> object:
        spec, table = self.physics_subject()
        return (spec, table, self.preview.aim, self.seed, self.hang_count)

    def start_hang_test(self) -> None:
        self._read_hang_count()
        spec, table = self.physics_subject()
        if spec is None or table is None:
            self.message.show(t("editor.hang.unusable"), "error", 2.5)
            return
        self.preview.set_subject(spec, table, (spec, table))
        if self.preview.pending > 0:
            self.preview.drop()  # settle the aim for this piece before the test takes it
        aim = self.preview.aim
        self.hang = HangTest(spec, table, seed=self.seed, count=self.hang_count, aim=aim)
        self.hang_key = self.hang_subject_key()
        self.message.show(t("editor.hang.started", n=self.hang_count), "info", 1.5)

    def _read_hang_count(self) -> None:
        entry = self.widgets.get("hang_count")
        if entry is None:
            return
        try:
            value = int(entry.get_text().strip())
        except ValueError:
            value = -1
        if not 1 <= value <= HANG_MAX:
            self.message.show(t("editor.hang.count_range", max=HANG_MAX), "warn", 2.5)
            value = min(HANG_MAX, max(1, value)) if value != -1 else self.hang_count
            entry.set_text(str(value))
        self.hang_count = value

    def step_hang_test(self, drops: int = DROPS_PER_FRAME) -> None:
        test = self.hang
        if test is None:
            return
        if self.hang_subject_key() != self.hang_key:
            self.hang = None  # the piece changed under the test: its numbers would mean nothing
            self.message.show(t("editor.hang.cancelled"), "warn", 2.0)
            return
        test.run(drops)
        if test.done:
            if self.hang_stats is not None:
                self.hang_before = self.hang_stats
            self.hang_stats = test.stats()
            self.hang_results = list(test.results)
            self.hang_stats_key = self.hang_key
            self.hang = None
            self.message.show(t("editor.hang.finished", rate=f"{100 * self.hang_stats.rate:.0f}"), "ok", 2.5)

    # ==============================================================================================
    # layout and widgets
    # ==============================================================================================
    def on_enter(self) -> None:
        self.seed = int(getattr(self.app.options, "seed", 0))
        problem = self.pieces.error or self.cacti.error
        if problem:
            self.open_dialog(t("editor.load.failed"), t("editor.load.body", reason=problem),
                             [(lambda: t("common.ok"), lambda: None)])
            return
        self.show_material_faults()

    def show_material_faults(self) -> bool:
        """Open on the first material value physics would refuse (piece or default block), in a dialog."""
        faults = self.pieces.state.material_faults() if self.pieces.error is None else []
        if not faults:
            return False
        first = faults[0]
        if first.piece is None:
            self.material_scope = "default"
        else:
            self.material_scope = "piece"
            self.piece_id = first.piece
            self.filters = {"kind": "", "colour": "", "form": ""}
        self._widget_sync = None
        where = t("editor.material.where_default") if first.piece is None else t("editor.material.where_piece",
                                                                                 id=first.piece)
        self.open_dialog(t("editor.material.bad_title"),
                         t("editor.material.bad_body", file=self.pieces.path.name, where=where,
                           what=t(f"editor.material.{first.key}"), problem=first.problem, n=len(faults)),
                         [(lambda: t("common.ok"), lambda: None)])
        return True

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        pad = 14
        top_h = 60
        left_w = max(186, min(270, int(w * 0.19)))
        right_w = max(282, min(340, int(w * 0.26)))
        body_y = top_h + 10
        body_h = h - body_y - pad
        self.compact = body_h < 600
        self.rects = {
            "top": pygame.Rect(0, 0, w, top_h),
            "left": pygame.Rect(pad, body_y, left_w, body_h),
            "right": pygame.Rect(w - pad - right_w, body_y, right_w, body_h),
        }
        cx = pad + left_w + pad
        cw = w - 2 * pad - left_w - right_w - 2 * pad
        preview_h = max(170 if self.compact else 200, min(300, int(body_h * 0.38)))
        tools_h = 40 if self._tool_rows(cw)[0] == 1 else 78
        self.rects["tools"] = pygame.Rect(cx, body_y, cw, tools_h)
        self.canvas.rect = pygame.Rect(cx, body_y + tools_h + 8, cw, body_h - tools_h - 8 - preview_h - pad)
        self.preview.rect = pygame.Rect(cx, self.canvas.rect.bottom + pad, cw, preview_h)
        right = self.rects["right"]
        material_h = min(body_h - (160 if self.compact else 196) - pad, self._material_geometry(0)["height"])
        self.rects["material"] = pygame.Rect(right.x, right.y, right.width, material_h)
        self.rects["hang"] = pygame.Rect(right.x, right.y + material_h + pad, right.width,
                                         right.bottom - right.y - material_h - pad)
        self._layout_buttons()
        self._build_widgets()
        self.canvas.fit()

    def _layout_buttons(self) -> None:
        w = self.size[0]
        bw, bh = (96, 38) if w >= 1180 else (84, 36)
        gap = 8
        specs: list[tuple[str, Callable[[], None], str, str]] = [
            ("undo", self.undo, "ghost", "editor.tip.undo"),
            ("redo", self.redo, "ghost", "editor.tip.redo"),
            ("reload", self.reload, "ghost", "editor.tip.reload"),
            ("save", self._save_clicked, "primary", "editor.tip.save"),
            ("back", self.leave, "secondary", "editor.tip.back"),
        ]
        widths = [max(bw, draw.font_width(t(f"editor.button.{n}"), SIZES.text_small, True) + 26) for n, *_ in specs]
        x = w - 14 - sum(widths) - (len(specs) - 1) * gap
        self.buttons = []
        for (name, action, style, tip), width in zip(specs, widths):
            self.buttons.append(Button(lambda n=name: t(f"editor.button.{n}"), action,  # type: ignore[misc]
                                       rect=pygame.Rect(x, 11, width, bh), style=style, text_size=SIZES.text_small,
                                       tooltip=lambda k=tip: t(k)))  # type: ignore[misc]
            x += width + gap
        left = self.rects["left"]
        half = (left.width - 6) // 2
        self.tab_buttons = [
            Button(lambda: t("editor.tab.pieces"), lambda: self.set_tab("pieces"),
                   rect=pygame.Rect(left.x, left.y, half, 34), text_size=SIZES.text_small),
            Button(lambda: t("editor.tab.cacti"), lambda: self.set_tab("cacti"),
                   rect=pygame.Rect(left.x + half + 6, left.y, left.width - half - 6, 34),
                   text_size=SIZES.text_small),
        ]
        tools: list[tuple[Callable[[], str], Callable[[], None], str]] = [
            (lambda: "↔", lambda: self.transform("mirror", lambda o: ops.mirror(o, "x")), "editor.tip.mirror_x"),
            (lambda: "↕", lambda: self.transform("mirror", lambda o: ops.mirror(o, "y")), "editor.tip.mirror_y"),
            (lambda: "−15°", lambda: self.transform("rotate", lambda o: ops.rotate(o, -15)), "editor.tip.rotate"),
            (lambda: "+15°", lambda: self.transform("rotate", lambda o: ops.rotate(o, 15)), "editor.tip.rotate"),
            (lambda: "−10%", lambda: self.transform("scale", lambda o: ops.scale(o, 1 / 1.1)), "editor.tip.scale"),
            (lambda: "+10%", lambda: self.transform("scale", lambda o: ops.scale(o, 1.1)), "editor.tip.scale"),
            (self._snap_label, self.cycle_grid, "editor.tip.snap"),
            (lambda: t("editor.tool.parts"), self.toggle_parts, "editor.tip.parts"),
            (lambda: t("editor.tool.fit"), self.canvas.fit, "editor.tip.fit"),
        ]
        bar = self.rects["tools"]
        rows, size, rects = self._tool_rows(bar.width)
        self.tools = []
        for (label, action, tip), rect in zip(tools, rects):
            self.tools.append(Button(label, action, rect=rect.move(bar.x, bar.y), style="secondary",
                                     text_size=size, tooltip=lambda k=tip: t(k)))  # type: ignore[misc]

        # the material panel: edit the selected piece or the file's default block
        box = self.rects["material"]
        geo = self._material_geometry(box.y)
        labels = [t("editor.material.scope_piece"), t("editor.material.scope_default")]
        widths = [draw.font_width(text, SIZES.text_small - 3, True) + 18 for text in labels]
        x = box.right - 14 - sum(widths) - 4
        self.scope_buttons = []
        tips = ("editor.tip.scope_piece", "editor.tip.scope_default")
        for scope, width, tip in zip(("piece", "default"), widths, tips):
            self.scope_buttons.append(Button(lambda s=scope: t(f"editor.material.scope_{s}"),  # type: ignore[misc]
                                             lambda s=scope: self.set_scope(s),  # type: ignore[misc]
                                             rect=pygame.Rect(x, geo["head_y"], width, 26), style="ghost",
                                             text_size=SIZES.text_small - 3,
                                             tooltip=lambda k=tip: t(k)))  # type: ignore[misc]
            x += width + 4

    def _tool_rows(self, width: int) -> tuple[int, int, list[pygame.Rect]]:
        """The tool bar: (rows, text size, button rects relative to the bar). One row when everything fits,
        else the six shape tools on the first row and snap/parts/fit on the second, each row filling the bar."""
        labels = ["↔", "↕", "−15°", "+15°", "−10%", "+10%",
                  max((t("editor.tool.snap", mm="0.5"), t("editor.tool.snap_off")),
                      key=lambda s: draw.font_width(s, SIZES.text_small, True)),
                  t("editor.tool.parts"), t("editor.tool.fit")]
        for size in range(SIZES.text_small, 12, -1):
            widths = [max(44, draw.font_width(text, size, True) + 18) for text in labels]
            if sum(widths) + 6 * (len(widths) - 1) <= width:
                gap = min(10, max(4, (width - sum(widths)) // (len(widths) - 1)))
                rects, x = [], 0
                for w in widths:
                    rects.append(pygame.Rect(x, 2, w, 34))
                    x += w + gap
                return 1, size, rects
        gap = 4
        for size in range(SIZES.text_small, 10, -1):
            need = [draw.font_width(text, size, True) + 10 for text in labels]
            first = (width - 5 * gap) // 6
            second = [n + 8 for n in need[6:]]
            if max(need[:6]) <= first and sum(second) + 2 * gap <= width:
                break
        rects = [pygame.Rect(k * (first + gap), 2, first, 34) for k in range(6)]
        extra = (width - sum(second) - 2 * gap) // 3
        x = 0
        for n in second:
            rects.append(pygame.Rect(x, 40, n + extra, 34))
            x += n + extra + gap
        return 2, size, rects

    def _material_geometry(self, top: int) -> dict[str, Any]:
        """Where the material panel puts its rows (the same numbers for the widgets and the drawing)."""
        if self.compact:
            head, step1, step2, dy, wh, mat_step, derived_row = 40, 46, 46, 15, 28, 46, 17
        else:
            head, step1, step2, dy, wh, mat_step, derived_row = 46, 56, 60, 18, 30, 52, 20
        y1 = top + head
        y2 = y1 + step1
        mats = [y2 + step2 + k * mat_step for k in range(len(MATERIALS))]
        derived = mats[-1] + mat_step
        height = derived - top + 8 + 3 * derived_row + 6
        return {"head_y": top + 9, "row1": y1, "row2": y2, "mats": mats, "dy": dy, "wh": wh, "derived": derived,
                "derived_row": derived_row, "height": height}

    def set_scope(self, scope: str) -> None:
        if scope != self.material_scope:
            self.pieces.seal()
            self.material_scope = scope
            self._widget_sync = None

    def _snap_label(self) -> str:
        if not self.canvas.snap:
            return t("editor.tool.snap_off")
        return t("editor.tool.snap", mm=f"{self.canvas.grid:g}")

    def cycle_grid(self) -> None:
        current = self.canvas.grid if self.canvas.snap else 0.0
        nxt = GRIDS[(GRIDS.index(current) + 1) % len(GRIDS)] if current in GRIDS else 1.0
        self.canvas.snap = nxt > 0
        if nxt > 0:
            self.canvas.grid = nxt
        self.message.show(self._snap_label(), "info", 1.2)

    def toggle_parts(self) -> None:
        self.canvas.show_parts = not self.canvas.show_parts

    def set_tab(self, tab: str) -> None:
        if tab == self.tab:
            return
        self.canvas.cancel_drag()
        self.pieces.seal()
        self.cacti.seal()
        self.tab = tab
        self.scroll = 0
        self._widget_sync = None

    def select_piece(self, piece_id: str) -> None:
        self.canvas.cancel_drag()
        self.pieces.seal()
        self.piece_id = piece_id
        self._widget_sync = None

    def select_cactus(self, index: int) -> None:
        self.canvas.cancel_drag()
        self.cacti.seal()
        self.cactus_index = index
        self.cactus_part = PART_TRUNK
        self._widget_sync = None

    # -- pygame_gui widgets --------------------------------------------------------------------------
    def _widget_key(self) -> object:
        return (self.tab, self.piece_id, self.cactus_index, self.cactus_part, id(self.pieces), id(self.cacti),
                self.size, self.filters.get("kind"), self.filters.get("colour"), self.filters.get("form"))

    def _build_widgets(self) -> None:
        """(Re)create the pygame_gui widgets for the current selection (values from the documents)."""
        self.manager = make_manager(self.size)
        m = self.manager
        self.widgets = {}
        self._widget_sync = (self._widget_key(), self.pieces.revision, self.cacti.revision)
        left = self.rects["left"]
        if self.tab == "pieces" and self.pieces.error is None:
            st = self.pieces.state
            y = left.y + 42
            kinds = [(t("editor.filter.all_kinds"), ""), (t("editor.kind.basic"), "basic"),
                     (t("editor.kind.special"), "special")]
            colours = [(t("editor.filter.all_colours"), "")] + [(colour_name(c), c) for c, _ in st.colours]
            forms = [(t("editor.filter.all_forms"), "")] + [(form_name(f), f) for f, _ in st.forms]
            for k, (name, options) in enumerate((("kind", kinds), ("colour", colours), ("form", forms))):
                rect = pygame.Rect(left.x, y + k * 34, left.width, 30)
                self.widgets[f"filter_{name}"] = menu(options, self.filters[name], rect, m, 260)
        self._build_material_widgets()
        self._build_hang_widgets()

    def _build_material_widgets(self) -> None:
        m = self.manager
        box = self.rects["material"]
        x, w = box.x + 16, box.width - 32
        geo = self._material_geometry(box.y)
        dy, wh = geo["dy"], geo["wh"]
        half = (w - 8) // 2
        if self.tab == "pieces":
            piece = self.current_piece()
            if piece is None or self.pieces.error is not None:
                return
            st = self.pieces.state
            y = geo["row1"]
            self.widgets["id"] = UITextEntryLine(pygame.Rect(x, y + dy, half, wh), manager=m, initial_text=piece.id)
            kinds = [(t("editor.kind.basic"), "basic"), (t("editor.kind.special"), "special")]
            self.widgets["kind"] = menu(kinds, piece.kind, pygame.Rect(x + half + 8, y + dy, w - half - 8, wh), m)
            y = geo["row2"]
            colours = [(colour_name(c), c) for c, _ in st.colours] or [(piece.colour, piece.colour)]
            self.widgets["colour"] = menu(colours, piece.colour, pygame.Rect(x, y + dy, half, wh), m, 200)
            forms = [(t("editor.form.none"), "")] + [(form_name(f), f) for f, _ in st.forms]
            form_menu = menu(forms, piece.form or "", pygame.Rect(x + half + 8, y + dy, w - half - 8, wh), m, 200)
            if piece.kind != "basic":
                form_menu.disable()
            self.widgets["form"] = form_menu
            mat = st.default if self.material_scope == "default" else st.material(piece)
            entry_w = 74
            for name, y in zip(MATERIALS, geo["mats"]):
                lo, hi, dec = RANGES[name]
                value = mat.get(name)
                slider = UIHorizontalSlider(pygame.Rect(x, y + dy, w - entry_w - 8, wh - 2), min(hi, max(lo, value)),
                                            (lo, hi), manager=m, click_increment=10 ** -dec)
                self.widgets[f"slider_{name}"] = slider
                entry = UITextEntryLine(pygame.Rect(x + w - entry_w, y + dy - 1, entry_w, wh), manager=m,
                                        initial_text=f"{value:.{dec}f}")
                entry.set_allowed_characters(list("0123456789.,"))  # no sign, no exponent: typed values stay in range
                self.widgets[f"entry_{name}"] = entry
        else:
            cactus = self.current_cactus()
            if cactus is None or self.cacti.error is not None:
                return
            y = geo["row1"]
            self.widgets["cactus_name"] = UITextEntryLine(pygame.Rect(x, y + dy, half, wh), m,
                                                          initial_text=cactus.name)
            x_entry = UITextEntryLine(pygame.Rect(x + half + 8, y + dy, w - half - 8, wh), manager=m,
                                      initial_text=f"{cactus.x:g}")
            x_entry.set_allowed_characters(list("0123456789.,"))
            self.widgets["cactus_x"] = x_entry
            y = geo["row2"]
            parts = [(part_label(k), str(k)) for k in cactus.part_indices]
            self.widgets["part"] = menu(parts, str(self.cactus_part), pygame.Rect(x, y + dy, w, wh), m, 200)

    def _build_hang_widgets(self) -> None:
        m = self.manager
        box = self.rects["hang"]
        x, w = box.x + 16, box.width - 32
        y = box.y + (40 if self.compact else 44)
        self.widgets["hang_count"] = UITextEntryLine(pygame.Rect(x, y, 70, 32), m,
                                                     initial_text=str(self.hang_count))
        self.widgets["hang_label"] = UILabel(pygame.Rect(x + 74, y, 60, 32), t("editor.hang.drops"), manager=m)
        self.rects["hang_run"] = pygame.Rect(x + w - 110, y - 1, 110, 34)
        self.hang_button = Button(lambda: t("editor.hang.run") if self.hang is None else t("editor.hang.stop"),
                                  self.toggle_hang_test, rect=self.rects["hang_run"], style="green",
                                  text_size=SIZES.text_small, tooltip=lambda: t("editor.tip.hang"))
        self.rects["hang_bar"] = pygame.Rect(x, y + (40 if self.compact else 44), w, 14)

    def toggle_hang_test(self) -> None:
        if self.hang is not None:
            self.hang = None
            self.message.show(t("editor.hang.stopped"), "info", 1.5)
        else:
            self.start_hang_test()

    def _sync_widgets(self) -> None:
        """Rebuild the widgets when the selection changed or an edit came from elsewhere (undo, canvas)."""
        want = (self._widget_key(), self.pieces.revision, self.cacti.revision)
        if want != self._widget_sync and not self._widget_busy():
            self._build_widgets()

    def _widget_busy(self) -> bool:
        """True while the user holds a slider or types: rebuilding would take it from under them."""
        if self.manager is None:
            return False
        for name, widget in self.widgets.items():
            if name.startswith("slider_") and (widget.sliding_button is not None and widget.sliding_button.held):
                return True
        return False

    def _accepted_widget_edit(self) -> None:
        self._widget_sync = (self._widget_key(), self.pieces.revision, self.cacti.revision)

    def handle_gui_event(self, event: pygame.event.Event) -> None:
        name = next((n for n, w in self.widgets.items() if w is getattr(event, "ui_element", None)), None)
        if name is None:
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            value = getattr(event, "selected_option_id", None)
            if value is None:
                value = event.text
            self.dropdown_changed(name, str(value))
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and name.startswith("slider_"):
            self.material_changed(name.removeprefix("slider_"), float(event.value), from_slider=True)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.entry_finished(name, event.text)

    def dropdown_changed(self, name: str, value: str) -> None:
        if name.startswith("filter_"):
            self.filters[name.removeprefix("filter_")] = value
            self.scroll = 0
            return
        piece = self.current_piece()
        if name == "kind" and piece is not None and value != piece.kind:
            st = self.pieces.state
            if value == "special":
                self.edit_piece("kind", kind="special", form=None, outline=st.outline(piece))
            else:
                free = [f for f, _ in st.forms if not any(p.kind == "basic" and p.colour == piece.colour
                                                          and p.form == f for p in st.pieces)]
                choices: list[str | None] = [*free, *(f for f, _ in st.forms), None]
                self.edit_piece("kind", kind="basic", form=choices[0])
        elif name == "colour" and piece is not None and value != piece.colour:
            self.edit_piece("colour", colour=value)
        elif name == "form" and piece is not None and value and value != piece.form:
            self.edit_piece("form", form=value)
        elif name == "part":
            self.cactus_part = int(value)
        self._widget_sync = None

    def material_changed(self, name: str, value: float, from_slider: bool = False) -> None:
        """Set a material value (clamped to its range) on the piece or, in the default scope, the default block."""
        lo, hi, dec = RANGES[name]
        value = round(min(hi, max(lo, value)), dec)
        if self.material_scope == "default":
            if self.pieces.error is not None:
                return
            self.pieces.apply(name, self.pieces.state.with_default(name, value),
                              ("default", name) if from_slider else None)
        else:
            piece = self.current_piece()
            if piece is None:
                return
            self.edit_piece(name, ("material", name, piece.id) if from_slider else None, **{name: value})
        entry = self.widgets.get(f"entry_{name}")
        if from_slider and entry is not None:
            entry.set_text(f"{value:.{dec}f}")
            self._accepted_widget_edit()

    def entry_finished(self, name: str, text: str) -> None:
        text = text.strip()
        if name.startswith("entry_"):
            field = name.removeprefix("entry_")
            lo, hi, dec = RANGES[field]
            try:
                value = float(text.replace(",", "."))
            except ValueError:
                value = float("nan")
            if not (math.isfinite(value) and lo <= value <= hi):
                self.message.show(t("editor.material.range", what=t(f"editor.material.{field}"),
                                    lo=f"{lo:g}", hi=f"{hi:g}"), "error", 3.0)
                self._widget_sync = None
                return
            self.material_changed(field, value)
        elif name == "id":
            self.rename_piece(text)
        elif name == "cactus_name":
            cactus = self.current_cactus()
            if cactus is not None and text and text != cactus.name:
                self.cacti.apply("name", self.cacti.state.with_cactus(self.cactus_index, replace(cactus, name=text)))
        elif name == "cactus_x":
            cactus = self.current_cactus()
            try:
                x = float(text.replace(",", "."))
            except ValueError:
                self.message.show(t("editor.cactus.bad_x"), "error", 2.5)
                self._widget_sync = None
                return
            width = self.cacti.state.width
            if not (math.isfinite(x) and 0 <= x <= width):
                self.message.show(t("editor.cactus.x_range", max=f"{width:g}"), "error", 3.0)
                self._widget_sync = None
                return
            if cactus is not None and x != cactus.x:
                self.cacti.apply("move_cactus", self.cacti.state.with_cactus(self.cactus_index, replace(cactus, x=x)))
        elif name == "hang_count":
            self._read_hang_count()
        self._widget_sync = None

    def rename_piece(self, new_id: str) -> None:
        piece = self.current_piece()
        if piece is None or new_id == piece.id:
            return
        if not new_id or not all(c.isalnum() or c == "_" for c in new_id):
            self.message.show(t("editor.rename.bad"), "error", 3.0)
        elif any(p.id == new_id for p in self.pieces.state.pieces):
            self.message.show(t("editor.rename.taken", id=new_id), "error", 3.0)
        else:
            self.edit_piece("rename", id=new_id)

    # ==============================================================================================
    # events
    # ==============================================================================================
    def _typing(self) -> bool:
        if self.manager is None:
            return False
        return any(isinstance(w, UITextEntryLine) and w.is_focused for w in self.widgets.values())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return  # the app asked on_back() already
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if event.type == pygame.KEYDOWN and not self._typing() and self.shortcut(event):
            return
        if self.manager is not None:
            consumed = self.manager.process_events(event)
            if event.type >= pygame.USEREVENT:
                self.handle_gui_event(event)
            if consumed:
                return
        if event.type == pygame.MOUSEBUTTONUP:
            self.pieces.seal()
            self.cacti.seal()
        for button in (*self.buttons, *self.tools, *self.tab_buttons, *self._scope_buttons(),
                       getattr(self, "hang_button", None)):
            if button is not None and button.handle_event(event):
                return
        if self._list_event(event):
            return
        if self.current_outline() is not None and self.canvas.handle_event(event):
            return
        if self.preview.handle_event(event):
            self.message.show(t("editor.preview.dropped"), "info", 1.2)

    def shortcut(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        key = event.key
        if ctrl and key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif ctrl and key == pygame.K_r:
            self.reload()
        elif ctrl:
            return False
        elif key == pygame.K_g:
            self.cycle_grid()
        elif key == pygame.K_f:
            self.canvas.fit()
        elif key == pygame.K_p:
            self.toggle_parts()
        elif key == pygame.K_TAB:
            self.set_tab("cacti" if self.tab == "pieces" else "pieces")
        elif key == pygame.K_h:
            self.toggle_hang_test()
        else:
            return False
        return True

    def _hover(self, pos: tuple[int, int]) -> None:
        for button in (*self.buttons, *self.tools, *self._scope_buttons(), getattr(self, "hang_button", None)):
            if button is not None and button.rect.collidepoint(pos) and button.tooltip is not None:
                tip = button.tooltip
                self.tooltip.hover(tip() if callable(tip) else tip, pos)
                return
        self.tooltip.hover(None, pos)

    def _scope_buttons(self) -> list[Button]:
        """The piece/default switch of the material panel, when it is shown."""
        usable = self.tab == "pieces" and self.pieces.error is None and self.current_piece() is not None
        return self.scope_buttons if usable else []

    def _list_event(self, event: pygame.event.Event) -> bool:
        area = self.rects.get("list")
        if area is None:
            return False
        if event.type == pygame.MOUSEWHEEL:
            pos = self.canvas.mouse
            if area.collidepoint(pygame.mouse.get_pos()) or area.collidepoint(pos):
                self.scroll = max(0, self.scroll - event.y * ROW_H)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and area.collidepoint(event.pos):
            for row in self.rows:
                if row.rect.collidepoint(event.pos):
                    if self.tab == "pieces":
                        self.select_piece(row.key)
                    else:
                        self.select_cactus(int(row.key))
                    return True
            return True
        if event.type == pygame.MOUSEMOTION and area.collidepoint(event.pos):
            self.canvas.mouse = event.pos
        return False

    # ==============================================================================================
    # per frame
    # ==============================================================================================
    def fixed_update(self, dt: float) -> None:
        self.preview.fixed_update(dt)

    def update(self, dt: float) -> None:
        self.time += dt
        self._sync_widgets()
        if self.manager is not None:
            self.manager.update(dt)
        for button in (*self.buttons, *self.tools, *self.tab_buttons, *self.scope_buttons):
            button.update(dt)
        if getattr(self, "hang_button", None) is not None:
            self.hang_button.update(dt)
        self.buttons[0].enabled = self.doc.can_undo
        self.buttons[1].enabled = self.doc.can_redo
        self.buttons[3].enabled = self.pieces.error is None and self.cacti.error is None
        self.tab_buttons[0].style = "primary" if self.tab == "pieces" else "ghost"
        self.tab_buttons[1].style = "primary" if self.tab == "cacti" else "ghost"
        self.message.update(dt)
        self.tooltip.update(dt)
        self._update_canvas_subject()
        spec, table = self.physics_subject()
        self.preview.set_subject(spec, table, (spec, table))
        self.step_hang_test()

    def _update_canvas_subject(self) -> None:
        outline = self.current_outline()
        if outline is None:
            self.canvas.set_subject(None)
            return
        if self.tab == "pieces":
            piece = self.current_piece()
            assert piece is not None
            st = self.pieces.state
            colour = hex_colour(st.colour_hex(piece.colour))
            mat = st.material(piece)
            key: object = ("piece", piece.form if st.shares_form(piece) else piece.id, id(self.pieces))
            density = mat.density if material_problem("density", mat.density) is None else 0.0
            self.canvas.set_subject(Subject(key, outline, colour, outline_faults(outline),
                                            mass_properties(outline, density)))
        else:
            cactus = self.current_cactus()
            assert cactus is not None
            part = self.cactus_part
            context = [(cactus.part(k), PALETTE.terracotta if k == PART_BASE else PALETTE.cactus)
                       for k in cactus.part_indices if k != part]
            colour = PALETTE.terracotta if part == PART_BASE else PALETTE.cactus
            self.canvas.set_subject(Subject(("cactus", self.cactus_index, id(self.cacti)), outline, colour,
                                            outline_faults(outline, thin_check=part != PART_BASE),
                                            mass_properties(outline, 1.0), context))

    # ==============================================================================================
    # drawing
    # ==============================================================================================
    def draw(self, surface: pygame.Surface) -> None:
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
        self._draw_top(surface)
        self._draw_left(surface)
        self._draw_tools(surface)
        error = self.doc.error
        self.canvas.draw(surface)
        if error is not None:
            if not (self.dialog and self.dialog.open):  # the dialog says it already: one message at a time
                self._draw_load_error(surface, error)
        else:
            self._draw_canvas_overlay(surface)
        hang_aim = self.hang.aim if self.hang is not None else None
        self.preview.draw(surface, hang_aim)
        self._draw_material(surface)
        self._draw_hang(surface)
        if self.manager is not None:
            self.manager.draw_ui(surface)
        self.hang_button.draw(surface)
        self.message.draw(surface, (self.canvas.rect.centerx, self.canvas.rect.top + 88))
        self.tooltip.draw(surface)

    def _draw_top(self, surface: pygame.Surface) -> None:
        w = self.size[0]
        bar = self.rects["top"]
        pygame.draw.rect(surface, PALETTE.paper, bar)
        pygame.draw.line(surface, PALETTE.sand_dark, (0, bar.bottom - 1), (w, bar.bottom - 1), 2)
        title = draw.text(surface, t("editor.title"), (18, bar.centery), size=26, display=True,
                          color=PALETTE.terracotta, anchor="midleft")
        x = title.right + 18
        for doc in (self.pieces, self.cacti):
            label = doc.path.name
            dirty = doc.dirty
            colour = PALETTE.error if doc.error else PALETTE.terracotta if dirty else PALETTE.ink_soft
            text = label + (" •" if dirty else "")
            width = draw.font_width(text, SIZES.text_small - 1, bold=True) + 24
            if x + width > self.buttons[0].rect.left - 10:
                break
            chip = pygame.Rect(x, bar.centery - 14, width, 28)
            draw.rounded_rect(surface, chip, lerp(colour, PALETTE.paper, 0.88), 14, lerp(colour, PALETTE.paper, 0.4))
            draw.text(surface, text, chip.center, size=SIZES.text_small - 1, bold=True, color=colour,
                      anchor="center")
            x = chip.right + 8
        for button in self.buttons:
            button.draw(surface)

    def _draw_left(self, surface: pygame.Surface) -> None:
        left = self.rects["left"]
        for b in self.tab_buttons:
            b.draw(surface)
        top = left.y + 44 + (104 if self.tab == "pieces" and self.pieces.error is None else 0)
        status_h = 58
        area = pygame.Rect(left.x, top, left.width, left.bottom - top - status_h - 8)
        self.rects["list"] = area
        draw.panel(surface, area, PALETTE.paper, PALETTE.sand_dark, SIZES.radius_small)
        self.rows = self._rows(area)
        clip = surface.get_clip()
        surface.set_clip(area.inflate(-4, -4))
        selected = self.piece_id if self.tab == "pieces" else str(self.cactus_index)
        for row in self.rows:
            if row.rect.bottom < area.top or row.rect.top > area.bottom:
                continue
            if row.key == selected:
                draw.rounded_rect(surface, row.rect.inflate(-6, -4), lerp(PALETTE.terracotta, PALETTE.paper, 0.82),
                                  SIZES.radius_small, PALETTE.terracotta, 2)
            surface.blit(row.thumb, (row.rect.x + 10, row.rect.y + (row.rect.height - row.thumb.get_height()) // 2))
            tx = row.rect.x + 10 + row.thumb.get_width() + 10
            title = fit_text(row.title, row.rect.right - tx - 12, SIZES.text_small, True)
            draw.text(surface, title, (tx, row.rect.y + 10), size=SIZES.text_small, bold=True,
                      color=PALETTE.error if row.bad else PALETTE.ink)
            pygame.draw.circle(surface, row.swatch, (tx + 5, row.rect.y + 37), 5)
            pygame.draw.aacircle(surface, shade(row.swatch, -0.3), (tx + 5, row.rect.y + 37), 5, 1)
            draw.text(surface, fit_text(row.detail, row.rect.right - tx - 28, SIZES.text_small - 3),
                      (tx + 15, row.rect.y + 37), size=SIZES.text_small - 3, color=PALETTE.ink_soft,
                      anchor="midleft")
        surface.set_clip(clip)
        if not self.rows:
            msg = t("editor.list.empty") if self.doc.error is None else t("editor.list.unreadable")
            draw.text_block(surface, msg, area.inflate(-30, -40).move(0, 10), size=SIZES.text_small,
                            color=PALETTE.ink_soft, align="center")
        content = len(self.rows) * ROW_H
        if content > area.height:
            track = pygame.Rect(area.right - 9, area.y + 8, 4, area.height - 16)
            thumb_h = max(24, track.height * area.height // content)
            y = track.y + (track.height - thumb_h) * self.scroll // max(1, content - area.height + 8)
            draw.rounded_rect(surface, pygame.Rect(track.x, y, 4, thumb_h), PALETTE.dune, 2)
        status = pygame.Rect(left.x, area.bottom + 8, left.width, status_h)
        problem = self.file_check()
        colour = PALETTE.ok if problem is None else PALETTE.error
        draw.rounded_rect(surface, status, lerp(colour, PALETTE.paper, 0.88), SIZES.radius_small,
                          lerp(colour, PALETTE.paper, 0.45))
        head = t("editor.check.ok") if problem is None else t("editor.check.bad")
        draw.text(surface, fit_text(head, status.width - 24, SIZES.text_small - 1, True), (status.x + 12, status.y + 8),
                  size=SIZES.text_small - 1, bold=True, color=colour)
        detail = t("editor.check.ok_detail", file=self.doc.path.name) if problem is None else problem
        lines = draw.wrap_text(detail, draw.font(SIZES.text_small - 4), status.width - 24)
        if len(lines) > 2:
            lines = [lines[0], fit_text(lines[1] + " " + " ".join(lines[2:]), status.width - 24, SIZES.text_small - 4)]
        for k, line in enumerate(lines[:2]):
            draw.text(surface, line, (status.x + 12, status.y + 28 + k * 14), size=SIZES.text_small - 4,
                      color=PALETTE.ink_soft)

    def _rows(self, area: pygame.Rect) -> list[ListRow]:
        rows: list[ListRow] = []
        content = 0
        y = area.y + 4 - self.scroll
        if self.tab == "pieces":
            st = self.pieces.state
            for piece in st.pieces:
                if any(value and getattr(piece, name) != value for name, value in self.filters.items()):
                    continue
                outline = st.outline(piece)
                colour = hex_colour(st.colour_hex(piece.colour))
                bad = bool(outline_faults(outline))
                detail = (t("editor.kind.special") if piece.kind == "special"
                          else form_name(piece.form or ""))
                rows.append(ListRow(piece.id, piece.id, f"{colour_name(piece.colour)} · {detail}",
                                    outline_thumbnail(outline, colour, (44, 44), bad), colour, bad,
                                    pygame.Rect(area.x + 2, y, area.width - 4, ROW_H)))
                y += ROW_H
        else:
            for k, cactus in enumerate(self.cacti.state.cacti):
                merged = cactus_silhouette(cactus.base, cactus.trunk, cactus.arms)
                bad = any(outline_faults(cactus.part(p), thin_check=p != PART_BASE) for p in cactus.part_indices)
                rows.append(ListRow(str(k), cactus.name, t("editor.cactus.detail", arms=len(cactus.arms),
                                                           x=f"{cactus.x:g}"),
                                    merged, PALETTE.cactus, bad, pygame.Rect(area.x + 2, y, area.width - 4, ROW_H)))
                y += ROW_H
        content = len(rows) * ROW_H
        limit = max(0, content - area.height + 8)
        if self.scroll > limit:
            shift = self.scroll - limit
            self.scroll = limit
            for row in rows:
                row.rect.move_ip(0, shift)
        return rows

    def _draw_tools(self, surface: pygame.Surface) -> None:
        for k, button in enumerate(self.tools):
            button.enabled = self.current_outline() is not None
            if (k == 6 and self.canvas.snap) or (k == 7 and self.canvas.show_parts):
                button.style = "green"
            elif k in (6, 7):
                button.style = "secondary"
            button.draw(surface)

    def _draw_canvas_overlay(self, surface: pygame.Surface) -> None:
        rect = self.canvas.rect
        subject = self.canvas.subject
        if subject is None:
            return
        # what is being edited, top left
        if self.tab == "pieces":
            piece = self.current_piece()
            st = self.pieces.state
            if piece is not None and st.shares_form(piece):
                users = sum(1 for p in st.pieces if p.form == piece.form and p.outline is None)
                head = t("editor.canvas.form", form=form_name(piece.form or ""), n=users)
            else:
                head = t("editor.canvas.own", id=self.piece_id or "")
        else:
            cactus = self.current_cactus()
            head = t("editor.canvas.cactus", name=cactus.name if cactus else "", part=part_label(self.cactus_part))
        head_rect = draw.text(surface, fit_text(head, rect.width - 36, SIZES.text_small, True),
                              (rect.x + 18, rect.y + 14), size=SIZES.text_small, bold=True, color=PALETTE.ink)
        hint = t("editor.canvas.hint")
        if head_rect.right + 24 + draw.font_width(hint, SIZES.text_small - 3) < rect.right - 18:
            draw.text(surface, hint, (rect.right - 18, rect.y + 16), size=SIZES.text_small - 3,
                      color=PALETTE.ink_faint, anchor="topright")
        # the verdict, bottom right
        faults = subject.faults
        if faults:
            text = fault_text(faults[0])
            colour = PALETTE.error
        else:
            parts = len(subject.mass.parts) if subject.mass else 1
            text = t("editor.canvas.valid", points=len(subject.outline), parts=parts)
            colour = PALETTE.ok
        room = rect.width - 28
        if not faults and draw.font_width(text, SIZES.text_small - 1, bold=True) + 40 > room:
            text = t("editor.canvas.valid_short", points=len(subject.outline))
        width = min(room, draw.font_width(text, SIZES.text_small - 1, bold=True) + 40)
        chip = pygame.Rect(rect.right - width - 14, rect.bottom - 44, width, 32)
        draw.rounded_rect(surface, chip, lerp(colour, PALETTE.paper, 0.88), 16, colour, 2)
        pygame.draw.aacircle(surface, colour, (chip.x + 16, chip.centery), 5)
        draw.text(surface, fit_text(text, chip.width - 40, SIZES.text_small - 1, True), (chip.x + 28, chip.centery),
                  size=SIZES.text_small - 1, bold=True, color=colour, anchor="midleft")

    def _draw_load_error(self, surface: pygame.Surface, error: str) -> None:
        rect = self.canvas.rect
        card = rect.inflate(-min(120, rect.width // 6), -min(160, rect.height // 3))
        draw.panel(surface, card, PALETTE.paper, PALETTE.error)
        draw.text(surface, t("editor.load.failed"), (card.x + 24, card.y + 22), size=SIZES.text_large - 4,
                  bold=True, color=PALETTE.error)
        body = t("editor.load.body", reason=error)
        draw.text_block(surface, body, pygame.Rect(card.x + 24, card.y + 66, card.width - 48, card.height - 80),
                        size=SIZES.text_small, color=PALETTE.ink_soft)

    def _panel_head(self, surface: pygame.Surface, box: pygame.Rect, title: str, sub: str = "") -> None:
        draw.panel(surface, box, PALETTE.paper, PALETTE.sand_dark)
        draw.text(surface, title, (box.x + 16, box.y + 12), size=SIZES.text, bold=True, color=PALETTE.ink)
        if sub:
            draw.text(surface, fit_text(sub, box.width - 150, SIZES.text_small - 2), (box.right - 16, box.y + 16),
                      size=SIZES.text_small - 2, color=PALETTE.ink_soft, anchor="topright")

    def _draw_material(self, surface: pygame.Surface) -> None:
        box = self.rects["material"]
        x, w = box.x + 16, box.width - 32
        geo = self._material_geometry(box.y)
        y = geo["row1"]
        small = SIZES.text_small - 3
        half = (w - 8) // 2
        if self.tab == "pieces":
            piece = self.current_piece()
            self._panel_head(surface, box, t("editor.material.title"))
            if piece is None or self.pieces.error is not None:
                draw.text_block(surface, t("editor.material.nothing"), pygame.Rect(x, y, w, 80),
                                size=SIZES.text_small - 1, color=PALETTE.ink_faint)
                return
            for button in self.scope_buttons:
                active = button is self.scope_buttons[0 if self.material_scope == "piece" else 1]
                button.style = "primary" if active else "ghost"
                button.draw(surface)
            st = self.pieces.state
            draw.text(surface, t("editor.material.id"), (x, y), size=small, color=PALETTE.ink_soft)
            draw.text(surface, t("editor.material.kind"), (x + half + 8, y), size=small, color=PALETTE.ink_soft)
            y = geo["row2"]
            draw.text(surface, t("editor.material.colour"), (x, y), size=small, color=PALETTE.ink_soft)
            draw.text(surface, t("editor.material.form"), (x + half + 8, y), size=small, color=PALETTE.ink_soft)
            default_scope = self.material_scope == "default"
            bad = {f.key for f in st.material_faults() if f.piece == (None if default_scope else piece.id)
                   or (not default_scope and f.piece is None and getattr(piece, f.key) is None)}
            for name, y in zip(MATERIALS, geo["mats"]):
                lo, hi, dec = RANGES[name]
                label = t(f"editor.material.{name}")
                if default_scope:
                    label = t("editor.material.default_of", what=label)
                elif getattr(piece, name) is None:
                    label = t("editor.material.inherited", what=label)
                colour = PALETTE.error if name in bad else PALETTE.ink_soft
                note = (t("editor.material.out_of_range") if name in bad
                        else t("editor.material.range_short", lo=f"{lo:g}", hi=f"{hi:g}"))
                note_w = draw.font_width(note, small, name in bad)
                draw.text(surface, fit_text(label, w - note_w - 10, small), (x, y), size=small, color=colour)
                draw.text(surface, note, (x + w, y), size=small, bold=name in bad,
                          color=PALETTE.error if name in bad else PALETTE.ink_faint, anchor="topright")
                entry = self.widgets.get(f"entry_{name}")
                if name in bad and entry is not None:
                    draw.rounded_rect(surface, entry.rect.inflate(6, 6), PALETTE.error, 6)
            y = geo["derived"]
            mass = self.canvas.subject.mass if self.canvas.subject else None
            mat = st.material(piece)
            line = pygame.Rect(x, y + 4, w, box.bottom - y - 10)
            pygame.draw.line(surface, PALETTE.sand, (x, y), (x + w, y), 2)
            if mass is None:
                draw.text_block(surface, t("editor.derived.none"), line, size=SIZES.text_small - 2,
                                color=PALETTE.error)
                return
            rows = [
                (t("editor.derived.mass"), t("editor.derived.mass_value", g=f"{mass.mass:.2f}",
                                             area=f"{mass.area:.0f}")),
                (t("editor.derived.moment"), t("editor.derived.moment_value", m=f"{mass.moment:,.0f}")),
                (t("editor.derived.centre"), t("editor.derived.centre_value", x=_mm(mass.centre[0]),
                                               y=_mm(mass.centre[1]))),
            ]
            if material_problem("density", mat.density) is not None:
                rows = rows[2:]  # no mass and moment from a density physics refuses
            for k, (label, value) in enumerate(rows):
                yy = y + 8 + k * geo["derived_row"]
                if yy + 18 > box.bottom - 4:
                    break
                draw.text(surface, label, (x, yy), size=SIZES.text_small - 2, color=PALETTE.ink_soft)
                draw.text(surface, value, (x + w, yy), size=SIZES.text_small - 2, bold=True, color=PALETTE.ink,
                          anchor="topright")
        else:
            cactus = self.current_cactus()
            self._panel_head(surface, box, t("editor.cactus.title"), cactus.name if cactus else "")
            if cactus is None:
                return
            draw.text(surface, t("editor.cactus.name"), (x, y), size=small, color=PALETTE.ink_soft)
            draw.text(surface, t("editor.cactus.x"), (x + half + 8, y), size=small, color=PALETTE.ink_soft)
            y = geo["row2"]
            draw.text(surface, t("editor.cactus.part"), (x, y), size=small, color=PALETTE.ink_soft)
            y = geo["mats"][0] + 4
            mass = self.canvas.subject.mass if self.canvas.subject else None
            info = [(t("editor.cactus.parts"), str(len(cactus.arms) + 2))]
            if mass is not None:
                info.append((t("editor.cactus.area"), f"{mass.area:.0f} mm²"))
                info.append((t("editor.cactus.convex"), str(len(mass.parts))))
            for k, (label, value) in enumerate(info):
                draw.text(surface, label, (x, y + k * 22), size=SIZES.text_small - 2, color=PALETTE.ink_soft)
                draw.text(surface, value, (x + w, y + k * 22), size=SIZES.text_small - 2, bold=True,
                          anchor="topright")
            note_rect = pygame.Rect(x, y + len(info) * 22 + 10, w, box.bottom - y - len(info) * 22 - 16)
            draw.text_block(surface, t("editor.cactus.note"), note_rect, size=SIZES.text_small - 3,
                            color=PALETTE.ink_faint)

    def _draw_hang(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rects["hang"].inflate(-4, -4).clip(clip))  # long texts never leave the panel
        try:
            self._draw_hang_panel(surface)
        finally:
            surface.set_clip(clip)

    def _draw_hang_panel(self, surface: pygame.Surface) -> None:
        box = self.rects["hang"]
        spec, table = self.physics_subject()
        cactus = self.current_cactus()
        sub = (t("editor.hang.subject", piece=self.piece_id, cactus=cactus.name)
               if self.piece_id is not None and cactus is not None else "")
        self._panel_head(surface, box, t("editor.hang.title"), sub)
        x, w = box.x + 16, box.width - 32
        test = self.hang
        bar = self.rects["hang_bar"]
        progress = test.progress if test is not None else (1.0 if self.hang_stats is not None else 0.0)
        draw.rounded_rect(surface, bar, PALETTE.sand, 7)
        if progress > 0:
            draw.rounded_rect(surface, pygame.Rect(bar.x, bar.y, max(14, round(bar.width * progress)), bar.height),
                              PALETTE.cactus, 7)
        y = bar.bottom + 12
        stats = self.hang_stats
        results = test.results if test is not None else self.hang_results
        if test is not None:
            draw.text(surface, t("editor.hang.running", done=len(test.results), n=len(test.drops)),
                      (x, y), size=SIZES.text_small - 1, color=PALETTE.ink_soft)
            y += 24
        elif stats is None:
            explain = t("editor.hang.explain", seed=self.seed)
            if draw.text_height(explain, w, size=SIZES.text_small - 2) > box.bottom - y - 8:
                explain = t("editor.hang.explain_short", seed=self.seed)
            used = draw.text_block(surface, explain, pygame.Rect(x, y, w, box.bottom - y - 8),
                                   size=SIZES.text_small - 2, color=PALETTE.ink_soft)
            self._draw_legend(surface, x, y + used + 14, w, box.bottom - 10)
            return
        else:
            stale = self.hang_stats_key != self.hang_subject_key()
            rate = f"{100 * stats.rate:.0f}%"
            draw.text(surface, rate, (x, y - 4), size=34, bold=True,
                      color=PALETTE.ink_faint if stale else PALETTE.cactus)
            rx = x + draw.font_width(rate, 34, bold=True) + 10
            draw.text(surface, t("editor.hang.rate", hung=stats.hung, n=stats.drops), (rx, y),
                      size=SIZES.text_small - 2, color=PALETTE.ink_soft)
            draw.text(surface, t("editor.hang.settle", s=f"{stats.mean_settle:.2f}"), (rx, y + 18),
                      size=SIZES.text_small - 2, color=PALETTE.ink_soft)
            y += 44
            before = self.hang_before
            if before is not None:
                delta = 100 * (stats.rate - before.rate)
                colour = PALETTE.ok if delta > 0.5 else PALETTE.error if delta < -0.5 else PALETTE.ink_soft
                draw.text(surface, t("editor.hang.before", rate=f"{100 * before.rate:.0f}", delta=f"{delta:+.0f}"),
                          (x, y), size=SIZES.text_small - 2, color=colour)
                y += 20
            if stale:
                draw.text(surface, t("editor.hang.stale"), (x, y), size=SIZES.text_small - 3, color=PALETTE.warn)
                y += 20
        used = self._draw_drop_dots(surface, results, pygame.Rect(x, y + 4, w, box.bottom - y - 12))
        self._draw_legend(surface, x, y + 4 + used + 10, w, box.bottom - 10)

    def _draw_legend(self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int) -> None:
        """What the dots mean: hangs, fell, came to rest elsewhere."""
        if y + 16 > bottom:
            return
        size = SIZES.text_small - 3
        right = x + w
        for colour, key in ((PALETTE.ok, "editor.hang.legend.hung"), (PALETTE.error, "editor.hang.legend.fell"),
                            (PALETTE.warn, "editor.hang.legend.other")):
            label = t(key)
            if x + 13 + draw.font_width(label, size) > right:
                break
            pygame.draw.aacircle(surface, colour, (x + 4, y + 8), 4)
            rect = draw.text(surface, label, (x + 13, y + 8), size=size, color=PALETTE.ink_soft, anchor="midleft")
            x = rect.right + 14

    def _draw_drop_dots(self, surface: pygame.Surface, results: list[Any], area: pygame.Rect) -> int:
        """One dot per drop: green hung, red fell, amber neither (rested on the base or never rested).
        Returns the height used."""
        if not results or area.height < 10:
            return 0
        cell = 12
        per_row = max(1, area.width // cell)
        rows = max(1, area.height // cell)
        for k, result in enumerate(results[: per_row * rows]):
            cx = area.x + (k % per_row) * cell + cell // 2
            cy = area.y + (k // per_row) * cell + cell // 2
            colour = PALETTE.ok if result.hung else PALETTE.error if result.fell else PALETTE.warn
            pygame.draw.aacircle(surface, colour, (cx, cy), 4)
        return min(rows, (len(results) + per_row - 1) // per_row) * cell


# ================================================================================================
# helpers
# ================================================================================================
def _mm(v: float) -> str:
    text = f"{v:.1f}"
    return "0.0" if text == "-0.0" else text


def _option(options: list[tuple[str, str]], value: str) -> tuple[str, str]:
    return next((o for o in options if o[1] == value), options[0])


def menu(options: list[tuple[str, str]], value: str, rect: pygame.Rect, manager: pygame_gui.UIManager | None,
         limit: int | None = None) -> UIDropDownMenu:
    """A pygame_gui drop-down of (text, id) options with ``value`` selected."""
    items: list[str | tuple[str, str]] = list(options)
    return UIDropDownMenu(items, _option(options, value), rect, manager=manager, expansion_height_limit=limit)


def colour_name(colour: str) -> str:
    key = f"editor.colour.{colour}"
    text = t(key)
    return colour if text == key else text


def form_name(form: str) -> str:
    key = f"editor.formname.{form}"
    text = t(key)
    return form if text == key else text


def part_label(index: int) -> str:
    if index == PART_BASE:
        return t("editor.part.base")
    if index == PART_TRUNK:
        return t("editor.part.trunk")
    return t("editor.part.arm", n=index)


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


@lru_cache(maxsize=64)
def cactus_silhouette(base: Outline, trunk: Outline, arms: tuple[Outline, ...],
                      size: tuple[int, int] = (44, 44)) -> pygame.Surface:
    """A small anti-aliased picture of a cactus on its base (cached)."""
    w, h = size
    outlines = [base, trunk, *arms]
    pts = [p for o in outlines for p in o]

    def painter(surf: pygame.Surface, s: float) -> None:
        if not pts:
            return
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-6)
        k = (min(w, h) - 4) * s / span
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        for j, o in enumerate(outlines):
            if len(o) >= 3:
                poly = [(w * s / 2 + (x - cx) * k, h * s / 2 - (y - cy) * k) for x, y in o]
                pygame.draw.polygon(surf, PALETTE.terracotta if j == 0 else PALETTE.cactus, poly)

    return draw.supersampled(size, painter)
