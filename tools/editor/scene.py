"""The shape editor scene: piece and cactus lists, the outline canvas, the material panel, preview, hang test.

The scene is the glue: it turns pygame and pygame_gui events into calls on the editing session
(:mod:`tools.editor.session`, where every edit and its rules live, without pygame), puts the outcomes into
words, and draws the panels (:mod:`tools.editor.frame` puts :mod:`tools.editor.panels` and
:mod:`tools.editor.listing` together, from cached layers where nothing changed).
Where everything goes is :mod:`tools.editor.layout`; the pygame_gui widgets are :mod:`tools.editor.forms`.

Keys: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, Ctrl+S save, G cycles the snap grid, F fits the view,
P shows the convex parts, Tab switches pieces/cacti, Esc leaves (asking first when there are unsaved edits).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.app import BaseScene
from game.i18n import t
from game.ui.widgets import Button, Dialog, MessageLine, TextSource, Tooltip, first_taker
from physics.cacti import CactiSpec
from physics.geometry import Outline
from physics.pieces import PieceSpec
from tools.editor import controls
from tools.editor.canvas import OutlineCanvas
from tools.editor.forms import EditorForms, FormChange
from tools.editor.frame import draw_editor
from tools.editor.hangtest import (
    DROPS_PER_FRAME,
    FRAME_BUDGET,
    HANG_MAX,
    HangRunner,
    HangStats,
    HangTest,
    parse_drop_count,
)
from tools.editor.labels import edit_label
from tools.editor.layers import Layers
from tools.editor.layout import EditorLayout, editor_layout
from tools.editor.listing import ROW_H, ListRow, list_rows
from tools.editor.model import CactiDocument, CactusDraft, PieceDraft, PiecesDocument
from tools.editor.panels import canvas_subject
from tools.editor.preview import PreviewPane
from tools.editor.ranges import RANGES
from tools.editor.session import EditingSession

GRIDS = (0.0, 0.5, 1.0, 2.0, 5.0)  # 0: snapping off


class EditorScene(BaseScene):
    def __init__(self, pieces_path: Path | str | None = None, cacti_path: Path | str | None = None) -> None:
        self.session = EditingSession(pieces_path, cacti_path)
        self.scroll = 0
        self.canvas = OutlineCanvas(self._canvas_live, self._canvas_commit, self._canvas_apply)
        self.preview = PreviewPane()
        self.hang_run = HangRunner()
        self.seed = 0
        self.message = MessageLine()
        self.tooltip = Tooltip()
        self.forms = EditorForms()
        self._plan: EditorLayout | None = None
        self.layers = Layers()
        self.hang_layers = Layers()  # inside the hang panel's picture: the panel and its head
        self.rects: dict[str, pygame.Rect] = {}
        self.buttons: list[Button] = []
        self.tools: list[Button] = []
        self.tab_buttons: list[Button] = []
        self.scope_buttons: list[Button] = []
        self.hang_button: Button | None = None
        self.rows: list[ListRow] = []
        self._rows_key: tuple[object, ...] | None = None
        self.check: str | None = None  # physics' verdict on the current file, as of this frame
        self.subject_key: object = None  # what the hang test is about, as of this frame
        self.time = 0.0
        self.closed = False
        self.last_refusal: str | None = None

    @property
    def plan(self) -> EditorLayout:
        """Where everything goes (as of the last :meth:`layout`)."""
        if self._plan is None:
            self._plan = editor_layout(self.app.size)
        return self._plan

    # -- the session, seen from the scene (and its tests) ---------------------------------------------------
    @property
    def pieces(self) -> PiecesDocument:
        return self.session.pieces

    @property
    def cacti(self) -> CactiDocument:
        return self.session.cacti

    @property
    def tab(self) -> str:
        return self.session.tab

    @property
    def piece_id(self) -> str | None:
        return self.session.piece_id

    @property
    def cactus_index(self) -> int:
        return self.session.cactus_index

    @property
    def material_scope(self) -> str:
        return self.session.material_scope

    @property
    def dirty(self) -> bool:
        return self.session.dirty

    @property
    def widgets(self) -> dict[str, Any]:
        return self.forms.widgets

    @property
    def hang(self) -> HangTest | None:
        return self.hang_run.test

    @property
    def hang_stats(self) -> HangStats | None:
        return self.hang_run.stats

    def current_piece(self) -> PieceDraft | None:
        return self.session.current_piece()

    def current_cactus(self) -> CactusDraft | None:
        return self.session.current_cactus()

    def current_outline(self) -> Outline | None:
        return self.session.current_outline()

    def physics_subject(self) -> tuple[PieceSpec | None, CactiSpec | None]:
        return self.session.physics_subject()

    # -- edits ----------------------------------------------------------------------------------------------
    def _canvas_live(self, outline: Outline) -> None:
        self.session.set_outline(outline, "move", live=True)

    def _canvas_commit(self, label: str) -> None:
        self.session.end_gesture(label)

    def _canvas_apply(self, label: str, outline: Outline) -> None:
        self.session.set_outline(outline, label)

    def transform(self, label: str, fn: Callable[[Outline], Outline]) -> None:
        if self.session.transform(label, fn):
            self.message.show(t("editor.done", what=edit_label(label)), "info", 1.6)

    def undo(self) -> None:
        self.canvas.cancel_drag()
        label = self.session.undo()
        if label is None:
            self.message.show(t("editor.undo.none"), "info", 1.5)
        else:
            self.message.show(t("editor.undo.done", what=edit_label(label)), "info", 1.8)

    def redo(self) -> None:
        label = self.session.redo()
        if label is None:
            self.message.show(t("editor.redo.none"), "info", 1.5)
        else:
            self.message.show(t("editor.redo.done", what=edit_label(label)), "info", 1.8)

    def material_changed(self, name: str, value: float, from_slider: bool = False) -> None:
        """Set a material value (clamped to its range) on the piece or, in the default scope, the default block."""
        value_set = self.session.set_material(name, value, from_slider)
        if from_slider and value_set is not None and f"entry_{name}" in self.forms.widgets:
            self.forms.set_text(f"entry_{name}", f"{value_set:.{RANGES[name].decimals}f}")
            self.forms.mark_synced(self.session)  # the widgets show it already: keep the held slider

    def entry_finished(self, name: str, text: str) -> None:
        """A text field was confirmed: hand it to the session, say why when it is refused."""
        text = text.strip()
        if name.startswith("entry_"):
            field = name.removeprefix("entry_")
            if not self.session.type_material(field, text):
                r = RANGES[field]
                self.message.show(t("editor.material.range", what=t(f"editor.material.{field}"),
                                    lo=f"{r.lo:g}", hi=f"{r.hi:g}"), "error", 3.0)
        elif name == "id":
            problem = self.session.rename_piece(text)
            if problem == "bad":
                self.message.show(t("editor.rename.bad"), "error", 3.0)
            elif problem == "taken":
                self.message.show(t("editor.rename.taken", id=text), "error", 3.0)
        elif name == "cactus_name":
            self.session.rename_cactus(text)
        elif name == "cactus_x":
            problem = self.session.move_cactus(text)
            if problem == "bad_x":
                self.message.show(t("editor.cactus.bad_x"), "error", 2.5)
            elif problem == "x_range":
                self.message.show(t("editor.cactus.x_range", max=f"{self.session.cacti.state.width:g}"), "error", 3.0)
        elif name == "hang_count":
            self._read_hang_count()
        self.forms.invalidate()

    def dropdown_changed(self, name: str, value: str) -> None:
        if name.startswith("filter_"):
            self.session.set_filter(name.removeprefix("filter_"), value)
            self.scroll = 0
            return
        if name == "kind":
            self.session.set_kind(value)
        elif name == "colour":
            self.session.set_colour(value)
        elif name == "form":
            self.session.set_form(value)
        elif name == "part":
            self.session.select_part(int(value))
        self.forms.invalidate()

    def form_changed(self, change: FormChange) -> None:
        if change.kind == "dropdown":
            self.dropdown_changed(change.name, change.value)
        elif change.kind == "slider":
            self.material_changed(change.name.removeprefix("slider_"), change.value, from_slider=True)
        else:
            self.entry_finished(change.name, change.value)

    # -- selection ----------------------------------------------------------------------------------------
    def set_tab(self, tab: str) -> None:
        if tab == self.session.tab:
            return
        self.canvas.cancel_drag()
        self.session.set_tab(tab)
        self.scroll = 0
        self.forms.invalidate()

    def select_piece(self, piece_id: str) -> None:
        self.canvas.cancel_drag()
        self.session.select_piece(piece_id)
        self.forms.invalidate()

    def select_cactus(self, index: int) -> None:
        self.canvas.cancel_drag()
        self.session.select_cactus(index)
        self.forms.invalidate()

    def set_scope(self, scope: str) -> None:
        if self.session.set_scope(scope):
            self.forms.invalidate()

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

    # -- files and leaving ------------------------------------------------------------------------------------
    def save(self) -> bool:
        """Save every changed file; False (with a dialog saying why) when one is refused."""
        self.canvas.cancel_drag()
        outcome = self.session.save()
        if outcome.kind == "refused":
            self.refuse(outcome.reason)
        elif outcome.kind == "oserror":
            self.refuse(t("editor.save.oserror", file=outcome.files, reason=outcome.reason))
        elif outcome.kind == "nothing":
            self.message.show(t("editor.save.nothing"), "info", 2.0)
        else:
            self.message.show(t("editor.save.done", files=outcome.files), "ok", 2.5)
            self.forms.invalidate()
        return outcome.ok

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
        problem = self.session.reload()
        self.forms.invalidate()
        self.hang_run.stop()
        self.message.show(t("editor.reload.done") if problem is None else t("editor.load.failed"),
                          "ok" if problem is None else "error", 2.5)
        if problem is None:
            self.show_material_faults()

    def leave(self, confirmed: bool = False) -> None:
        if self.dirty and not confirmed:
            self._ask_before_leaving(self._save_and_leave, lambda: self.leave(True))
            return
        self.closed = True
        self.app.pop()

    def on_quit_request(self) -> bool:
        """Closing the window with unsaved edits asks first, like leaving does."""
        if not self.dirty:
            return True
        if not (self.dialog and self.dialog.open):
            self._ask_before_leaving(self._save_and_quit, self.app.quit)
        return False

    def _ask_before_leaving(self, save_then_go: Callable[[], None], go: Callable[[], None]) -> None:
        """The unsaved-changes dialog, "Keep editing" focused. "Save and leave" is offered only when the drafts
        can be saved; otherwise the dialog says why they cannot, and offers to leave without saving."""
        fault = self.session.save_fault()
        stay = (lambda: t("editor.leave.stay"), lambda: None)
        discard = (lambda: t("editor.leave.discard"), go)
        if fault is None:
            self.open_dialog(t("editor.leave.title"), t("editor.leave.body"),
                             [(lambda: t("editor.leave.save"), save_then_go), discard, stay])
        else:
            self.open_dialog(t("editor.leave.title"), t("editor.leave.body_unsavable", reason=fault), [discard, stay])

    def _save_and_quit(self) -> None:
        if self.save():
            self.app.quit()

    def _save_and_leave(self) -> None:
        if self.save():
            self.leave(True)

    def open_dialog(self, title: str, body: str, buttons: list[tuple[TextSource, Callable[[], None]]],
                    width: int | None = None, focus: int = -1) -> Dialog:
        """The editor's dialogs are wider than the house default: their reasons name files and fields."""
        return super().open_dialog(title, body, buttons, width=width or min(620, self.app.size[0] - 80),
                                   focus=focus)

    def on_back(self) -> bool:
        if self.dirty:
            self.leave()
            return True
        self.closed = True
        return False

    def on_enter(self) -> None:
        self.seed = int(getattr(self.app.options, "seed", None) or 0)  # the hang test repeats: no fresh seed
        problem = self.session.load_error
        if problem:
            self.open_dialog(t("editor.load.failed"), t("editor.load.body", reason=problem),
                             [(lambda: t("common.ok"), lambda: None)])
            return
        self.show_material_faults()

    def show_material_faults(self) -> bool:
        """Open on the first material value physics would refuse (piece or default block), in a dialog."""
        count = self.session.material_fault_count()
        first = self.session.focus_first_material_fault()
        if first is None:
            return False
        self.forms.invalidate()
        where = (t("editor.material.where_default") if first.piece is None
                 else t("editor.material.where_piece", id=first.piece))
        self.open_dialog(t("editor.material.bad_title"),
                         t("editor.material.bad_body", file=self.pieces.path.name, where=where,
                           what=t(f"editor.material.{first.key}"), problem=first.problem, n=count),
                         [(lambda: t("common.ok"), lambda: None)])
        return True

    # -- the hang test --------------------------------------------------------------------------------------
    def hang_subject_key(self) -> object:
        spec, table = self.session.physics_subject()
        return (spec, table, self.preview.aim, self.seed, self.hang_run.count)

    def start_hang_test(self) -> None:
        self._read_hang_count()
        spec, table = self.session.physics_subject()
        if spec is None or table is None:
            self.message.show(t("editor.hang.unusable"), "error", 2.5)
            return
        self.preview.set_subject(spec, table, (spec, table))
        if self.preview.pending > 0:
            self.preview.drop()  # settle the aim for this piece before the test takes it
        self.hang_run.start(spec, table, seed=self.seed, aim=self.preview.aim, key=self.hang_subject_key())
        self.message.show(t("editor.hang.started", n=self.hang_run.count), "info", 1.5)

    def _read_hang_count(self) -> None:
        text = self.forms.text("hang_count")
        if text is None:
            return
        value, ok = parse_drop_count(text, self.hang_run.count)
        if not ok:
            self.message.show(t("editor.hang.count_range", max=HANG_MAX), "warn", 2.5)
            self.forms.set_text("hang_count", str(value))
        self.hang_run.count = value

    def step_hang_test(self, drops: int = DROPS_PER_FRAME, budget: float | None = FRAME_BUDGET) -> None:
        """A few more drops of the running hang test (as many as fit the frame's budget, at least one)."""
        outcome = self.hang_run.step(self.hang_subject_key(), drops, budget, time.perf_counter)
        if outcome == "cancelled":
            self.message.show(t("editor.hang.cancelled"), "warn", 2.0)
        elif outcome == "finished" and self.hang_run.stats is not None:
            self.message.show(t("editor.hang.finished", rate=f"{100 * self.hang_run.stats.rate:.0f}"), "ok", 2.5)

    def toggle_hang_test(self) -> None:
        if self.hang_run.running:
            self.hang_run.stop()
            self.message.show(t("editor.hang.stopped"), "info", 1.5)
        else:
            self.start_hang_test()

    # -- layout ---------------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        plan = self._plan = editor_layout(size)
        self.layers.clear()
        self.hang_layers.clear()
        self.rects = {"top": plan.top, "left": plan.left, "right": plan.right, "tools": plan.tools,
                      "material": plan.material, "hang": plan.hang, "hang_run": plan.hang_run(),
                      "hang_bar": plan.hang_bar()}
        self.canvas.rect = plan.canvas
        self.preview.rect = plan.preview
        self._make_buttons()
        self.forms.build(plan, self.session, self.hang_run.count)
        self._refresh_list()
        self.canvas.fit()

    def _make_buttons(self) -> None:
        plan = self.plan
        self.buttons = controls.top_buttons(plan, {"undo": self.undo, "redo": self.redo, "reload": self.reload,
                                                   "save": self._save_clicked, "back": self.leave})
        self.tab_buttons = controls.tab_buttons(plan, self.set_tab)
        self.tools = controls.tool_buttons(plan, self.transform, self._snap_label, self.cycle_grid,
                                           self.toggle_parts, self.canvas.fit)
        self.scope_buttons = controls.scope_buttons(plan, self.set_scope)
        self.hang_button = controls.hang_button(plan, lambda: self.hang_run.running, self.toggle_hang_test)

    def _refresh_list(self) -> None:
        """Where the list is this frame and its rows (the filters take room only on a readable pieces tab)."""
        area = self.plan.list_area(self.session.tab == "pieces" and self.pieces.error is None)
        self.rects["list"] = area
        self.rects["status"] = self.plan.status_box(area)
        doc = self.session.doc
        key = (id(doc), doc.revision, self.session.tab, tuple(self.session.filters.values()), tuple(area),
               self.scroll, id(self._plan))
        last = self._rows_key
        frozen = doc.in_gesture and isinstance(last, tuple) and key[0] == last[0] and key[2:] == last[2:]
        if key != last and not frozen:
            # the rows as of the last change (thumbnails and texts are not cheap); during a vertex drag they
            # stay as they were until it ends
            self.rows, self.scroll = list_rows(self.session, area, self.scroll)
            self._rows_key = (*key[:5], self.scroll, key[6])

    def _all_buttons(self) -> list[Button | None]:
        return [*self.buttons, *self.tools, *self.tab_buttons, *self._scope_buttons(), self.hang_button]

    def _scope_buttons(self) -> list[Button]:
        """The piece/default switch of the material panel, when it is shown."""
        usable = self.tab == "pieces" and self.pieces.error is None and self.current_piece() is not None
        return self.scope_buttons if usable else []

    # -- events -----------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return  # the app asked on_back() already
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if event.type == pygame.KEYDOWN and not self.forms.typing() and self.shortcut(event):
            return
        if self.forms.manager is not None:
            consumed = self.forms.process(event)
            if event.type >= pygame.USEREVENT:
                change = self.forms.change(event)
                if change is not None:
                    self.form_changed(change)
            if consumed:
                return
        if event.type == pygame.MOUSEBUTTONUP:
            self.session.seal()
        if first_taker(self._all_buttons(), event):
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
        for button in (*self.buttons, *self.tools, *self._scope_buttons(), self.hang_button):
            if button is not None and button.rect.collidepoint(pos) and button.tooltip is not None:
                tip = button.tooltip
                self.tooltip.hover(tip() if callable(tip) else tip, pos)
                return
        self.tooltip.hover(None, pos)

    def _list_event(self, event: pygame.event.Event) -> bool:
        area = self.rects.get("list")
        if area is None:
            return False
        if event.type == pygame.MOUSEWHEEL:
            if area.collidepoint(pygame.mouse.get_pos()) or area.collidepoint(self.canvas.mouse):
                self.scroll = max(0, self.scroll - event.y * ROW_H)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and area.collidepoint(event.pos):
            row = next((r for r in self.rows if r.rect.collidepoint(event.pos)), None)
            if row is not None:
                if self.tab == "pieces":
                    self.select_piece(row.key)
                else:
                    self.select_cactus(int(row.key))
            return True
        if event.type == pygame.MOUSEMOTION and area.collidepoint(event.pos):
            self.canvas.mouse = event.pos
        return False

    # -- per frame ----------------------------------------------------------------------------------------------
    def fixed_update(self, dt: float) -> None:
        self.preview.fixed_update(dt)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.forms.stale(self.session):
            self.forms.build(self.plan, self.session, self.hang_run.count)
        self.forms.update(dt)
        for button in self._all_buttons():
            if button is not None:
                button.update(dt)
        controls.show_state(self.buttons, self.tab_buttons, self.tools, self.scope_buttons, self.session,
                            snap=self.canvas.snap, parts=self.canvas.show_parts)
        self.message.update(dt)
        self.tooltip.update(dt)
        self.canvas.set_subject(canvas_subject(self.session))
        spec, table = self.session.physics_subject()
        self.preview.set_subject(spec, table, (spec, table))
        self.step_hang_test()
        self.subject_key = self.hang_subject_key()
        self.check = self.session.file_check()
        self._refresh_list()

    def still(self) -> bool:
        """Nothing moves until the next input (the app sleeps): no vertex drag or pan, no slider held, no hang test
        running, the preview's piece at rest with no drop pending, no message fading, no tooltip or click
        flash on its way, the widgets showing the session. A focused text field still counts as still: its
        cursor blinks on the idle wake-ups (it toggles about once a second at 2 frames a second), which is
        worth not drawing 60 frames a second for a field left focused."""
        return (self.canvas.dragging is None and not self.canvas.panning and not self.hang_run.running
                and self.preview.resting() and not self.message.visible and not self.tooltip_pending()
                and not any(b is not None and b.flash > 0 for b in self._all_buttons())
                and self.forms.resting(self.session))

    def tooltip_pending(self) -> bool:
        """A tooltip is about to open (the pointer rests on a button but its delay has not passed)."""
        return bool(self.tooltip.text) and not self.tooltip.visible

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_editor(self, surface)
