"""The editor's pygame_gui forms: list filters, the piece or cactus fields, material sliders, the drop count.

The forms are rebuilt from the session whenever what they show changes (the selection, a field's value, an
undo; not a canvas edit: :meth:`EditingSession.form_key`), except while the user holds a slider. They edit
nothing themselves: :meth:`EditorForms.change` names which field a pygame_gui event is about and with what
value, and the scene hands that to the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UIHorizontalSlider, UILabel, UITextEntryLine

from game.i18n import t
from game.ui.gui import make_manager
from tools.editor.labels import colour_name, form_name, part_label
from tools.editor.layout import EditorLayout
from tools.editor.ranges import MATERIALS, RANGES
from tools.editor.session import EditingSession

#: Typed numbers: digits and a decimal point or comma, no sign, no exponent.
NUMBER_CHARS = list("0123456789.,")


@dataclass(frozen=True)
class FormChange:
    """One field changed: ``kind`` "dropdown" (value: the option id), "slider" (value: the float) or "entry"
    (value: the text, when the user finished typing). ``name`` is the widget's, e.g. "slider_friction"."""

    kind: str
    name: str
    value: Any


def option(options: list[tuple[str, str]], value: str) -> tuple[str, str]:
    return next((o for o in options if o[1] == value), options[0])


def menu(options: list[tuple[str, str]], value: str, rect: pygame.Rect, manager: pygame_gui.UIManager | None,
         limit: int | None = None) -> UIDropDownMenu:
    """A pygame_gui drop-down of (text, id) options with ``value`` selected."""
    items: list[str | tuple[str, str]] = list(options)
    return UIDropDownMenu(items, option(options, value), rect, manager=manager, expansion_height_limit=limit)


class EditorForms:
    def __init__(self) -> None:
        self.manager: pygame_gui.UIManager | None = None
        self.widgets: dict[str, Any] = {}
        self.synced: object = None  # the session's selection key the widgets show

    # -- building ------------------------------------------------------------------------------------------
    def build(self, layout: EditorLayout, session: EditingSession, drop_count: int) -> None:
        """(Re)create every widget for the current selection, values from the session's documents."""
        self.manager = make_manager(layout.size)
        self.widgets = {}
        self.synced = session.form_key()
        if session.tab == "pieces" and session.pieces.error is None:
            st = session.pieces.state
            kinds = [(t("editor.filter.all_kinds"), ""), (t("editor.kind.basic"), "basic"),
                     (t("editor.kind.special"), "special")]
            colours = [(t("editor.filter.all_colours"), "")] + [(colour_name(c), c) for c, _ in st.colours]
            forms = [(t("editor.filter.all_forms"), "")] + [(form_name(f), f) for f, _ in st.forms]
            for k, (name, options) in enumerate((("kind", kinds), ("colour", colours), ("form", forms))):
                self.widgets[f"filter_{name}"] = menu(options, session.filters[name], layout.filter_rect(k),
                                                      self.manager, 260)
        if session.tab == "pieces":
            self._build_piece(layout, session)
        else:
            self._build_cactus(layout, session)
        self._build_hang(layout, drop_count)

    def _build_piece(self, layout: EditorLayout, session: EditingSession) -> None:
        m = self.manager
        box, geo = layout.material, layout.geometry
        x, w = box.x + 16, box.width - 32
        dy, wh = geo.dy, geo.wh
        half = (w - 8) // 2
        piece = session.current_piece()
        mat = session.shown_material()
        if piece is None or mat is None:
            return
        st = session.pieces.state
        y = geo.row1
        self.widgets["id"] = UITextEntryLine(pygame.Rect(x, y + dy, half, wh), manager=m, initial_text=piece.id)
        kinds = [(t("editor.kind.basic"), "basic"), (t("editor.kind.special"), "special")]
        self.widgets["kind"] = menu(kinds, piece.kind, pygame.Rect(x + half + 8, y + dy, w - half - 8, wh), m)
        y = geo.row2
        colours = [(colour_name(c), c) for c, _ in st.colours] or [(piece.colour, piece.colour)]
        self.widgets["colour"] = menu(colours, piece.colour, pygame.Rect(x, y + dy, half, wh), m, 200)
        forms = [(t("editor.form.none"), "")] + [(form_name(f), f) for f, _ in st.forms]
        form_menu = menu(forms, piece.form or "", pygame.Rect(x + half + 8, y + dy, w - half - 8, wh), m, 200)
        if piece.kind != "basic":
            form_menu.disable()
        self.widgets["form"] = form_menu
        entry_w = 74
        for name, y in zip(MATERIALS, geo.mats):
            r = RANGES[name]
            value = mat.get(name)
            slider = UIHorizontalSlider(pygame.Rect(x, y + dy, w - entry_w - 8, wh - 2), min(r.hi, max(r.lo, value)),
                                        (r.lo, r.hi), manager=m, click_increment=r.step)
            self.widgets[f"slider_{name}"] = slider
            entry = UITextEntryLine(pygame.Rect(x + w - entry_w, y + dy - 1, entry_w, wh), manager=m,
                                    initial_text=f"{value:.{r.decimals}f}")
            entry.set_allowed_characters(NUMBER_CHARS)  # the session checks the value against the range too
            self.widgets[f"entry_{name}"] = entry

    def _build_cactus(self, layout: EditorLayout, session: EditingSession) -> None:
        m = self.manager
        box, geo = layout.material, layout.geometry
        x, w = box.x + 16, box.width - 32
        dy, wh = geo.dy, geo.wh
        half = (w - 8) // 2
        cactus = session.current_cactus()
        if cactus is None or session.cacti.error is not None:
            return
        y = geo.row1
        self.widgets["cactus_name"] = UITextEntryLine(pygame.Rect(x, y + dy, half, wh), m, initial_text=cactus.name)
        x_entry = UITextEntryLine(pygame.Rect(x + half + 8, y + dy, w - half - 8, wh), manager=m,
                                  initial_text=f"{cactus.x:g}")
        x_entry.set_allowed_characters(NUMBER_CHARS)
        self.widgets["cactus_x"] = x_entry
        y = geo.row2
        parts = [(part_label(k), str(k)) for k in cactus.part_indices]
        self.widgets["part"] = menu(parts, str(session.cactus_part), pygame.Rect(x, y + dy, w, wh), m, 200)

    def _build_hang(self, layout: EditorLayout, drop_count: int) -> None:
        x, y = layout.hang.x + 16, layout.hang_row()
        self.widgets["hang_count"] = UITextEntryLine(pygame.Rect(x, y, 70, 32), self.manager,
                                                     initial_text=str(drop_count))
        self.widgets["hang_label"] = UILabel(pygame.Rect(x + 74, y, 60, 32), t("editor.hang.drops"),
                                             manager=self.manager)

    # -- keeping in step -------------------------------------------------------------------------------------
    def stale(self, session: EditingSession) -> bool:
        """True when the widgets no longer show the session (and may be rebuilt: no slider is held)."""
        return self.synced != session.form_key() and not self.busy()

    def mark_synced(self, session: EditingSession) -> None:
        """The widgets already show this edit (the user made it in them): no rebuild for it."""
        self.synced = session.form_key()

    def invalidate(self) -> None:
        self.synced = None

    def busy(self) -> bool:
        """True while the user holds a slider: rebuilding would take it from under them."""
        return any(name.startswith("slider_") and widget.sliding_button is not None and widget.sliding_button.held
                   for name, widget in self.widgets.items())

    def resting(self, session: EditingSession) -> bool:
        """The widgets show ``session`` and none is in a gesture (a slider held, text selected by dragging)."""
        return (self.synced == session.form_key() and not self.busy()
                and not any(getattr(w, "selection_in_progress", False) for w in self.widgets.values()))

    def typing(self) -> bool:
        return any(isinstance(w, UITextEntryLine) and w.is_focused for w in self.widgets.values())

    def text(self, name: str) -> str | None:
        widget = self.widgets.get(name)
        return None if widget is None else str(widget.get_text())

    def set_text(self, name: str, text: str) -> None:
        widget = self.widgets.get(name)
        if widget is not None:
            widget.set_text(text)

    # -- events, frames --------------------------------------------------------------------------------------
    def process(self, event: pygame.event.Event) -> bool:
        """Hand ``event`` to pygame_gui; True when it took it."""
        return self.manager is not None and bool(self.manager.process_events(event))

    def change(self, event: pygame.event.Event) -> FormChange | None:
        """What a pygame_gui event changed in one of these widgets (None: not ours, or not a change)."""
        name = next((n for n, w in self.widgets.items() if w is getattr(event, "ui_element", None)), None)
        if name is None:
            return None
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            value = getattr(event, "selected_option_id", None)
            return FormChange("dropdown", name, str(event.text if value is None else value))
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and name.startswith("slider_"):
            return FormChange("slider", name, float(event.value))
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            return FormChange("entry", name, event.text)
        return None

    def update(self, dt: float) -> None:
        if self.manager is not None:
            self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.manager is not None:
            self.manager.draw_ui(surface)
