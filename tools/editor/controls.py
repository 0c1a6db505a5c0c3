"""The editor's buttons: the top bar, the two tabs, the tool bar, the material scope switch and the hang test's
run button. Each is built where :mod:`tools.editor.layout` puts it, with the action the scene hands in;
:func:`show_state` sets what they show each frame (never in a draw call)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.i18n import t
from game.ui.theme import SIZES
from game.ui.widgets import Button, resolve
from physics.geometry import Outline
from tools.editor import ops
from tools.editor.layout import TOP_BUTTONS, EditorLayout
from tools.editor.session import EditingSession

#: The style of each top-bar button.
TOP_STYLES = {"undo": "ghost", "redo": "ghost", "reload": "ghost", "save": "primary", "back": "secondary"}
#: The shape tools of the tool bar: (label, undo label, the edit, tooltip key).
SHAPE_EDITS: tuple[tuple[str, str, Callable[[Outline], Outline], str], ...] = (
    ("↔", "mirror", lambda o: ops.mirror(o, "x"), "editor.tip.mirror_x"),
    ("↕", "mirror", lambda o: ops.mirror(o, "y"), "editor.tip.mirror_y"),
    ("−15°", "rotate", lambda o: ops.rotate(o, -15), "editor.tip.rotate"),
    ("+15°", "rotate", lambda o: ops.rotate(o, 15), "editor.tip.rotate"),
    ("−10%", "scale", lambda o: ops.scale(o, 1 / 1.1), "editor.tip.scale"),
    ("+10%", "scale", lambda o: ops.scale(o, 1.1), "editor.tip.scale"),
)


def top_buttons(plan: EditorLayout, actions: Mapping[str, Callable[[], None]]) -> list[Button]:
    """Undo, redo, reload, save, back (``actions`` by those names)."""
    return [Button(lambda n=name: t(f"editor.button.{n}"), actions[name],  # type: ignore[misc]
                   rect=rect, style=TOP_STYLES[name], text_size=SIZES.text_small,
                   tooltip=lambda n=name: t(f"editor.tip.{n}"))  # type: ignore[misc]
            for name, rect in zip(TOP_BUTTONS, plan.top_button_rects())]


def tab_buttons(plan: EditorLayout, set_tab: Callable[[str], None]) -> list[Button]:
    """Pieces and cacti."""
    return [Button(lambda k=tab: t(f"editor.tab.{k}"), lambda k=tab: set_tab(k),  # type: ignore[misc]
                   rect=rect, text_size=SIZES.text_small)
            for tab, rect in zip(("pieces", "cacti"), plan.tab_rects())]


def tool_buttons(plan: EditorLayout, transform: Callable[[str, Callable[[Outline], Outline]], None],
                 snap_label: Callable[[], str], cycle_grid: Callable[[], None], toggle_parts: Callable[[], None],
                 fit: Callable[[], None]) -> list[Button]:
    """The six shape tools, then snap (its label shows the grid), convex parts and fit."""
    tools: list[tuple[Callable[[], str], Callable[[], None], str]] = [
        (lambda s=symbol: s, lambda lb=label, f=edit: transform(lb, f), tip)  # type: ignore[misc]
        for symbol, label, edit, tip in SHAPE_EDITS]
    tools += [(snap_label, cycle_grid, "editor.tip.snap"),
              (lambda: t("editor.tool.parts"), toggle_parts, "editor.tip.parts"),
              (lambda: t("editor.tool.fit"), fit, "editor.tip.fit")]
    return [Button(label, action, rect=rect, style="secondary", text_size=plan.tool_size,
                   tooltip=lambda k=tip: t(k))  # type: ignore[misc]
            for (label, action, tip), rect in zip(tools, plan.tool_rects)]


def scope_buttons(plan: EditorLayout, set_scope: Callable[[str], None]) -> list[Button]:
    """The material panel's switch: edit the selected piece, or the file's default block."""
    return [Button(lambda s=scope: t(f"editor.material.scope_{s}"),  # type: ignore[misc]
                   lambda s=scope: set_scope(s),  # type: ignore[misc]
                   rect=rect, style="ghost", text_size=SIZES.text_small - 3,
                   tooltip=lambda s=scope: t(f"editor.tip.scope_{s}"))  # type: ignore[misc]
            for scope, rect in zip(("piece", "default"), plan.scope_rects())]


def hang_button(plan: EditorLayout, running: Callable[[], bool], toggle: Callable[[], None]) -> Button:
    """Run (or, while a test runs, stop) the hang test."""
    return Button(lambda: t("editor.hang.stop") if running() else t("editor.hang.run"), toggle,
                  rect=plan.hang_run(), style="green", text_size=SIZES.text_small,
                  tooltip=lambda: t("editor.tip.hang"))


def show_state(top: list[Button], tabs: list[Button], tools: list[Button], scopes: list[Button],
               session: EditingSession, *, snap: bool, parts: bool) -> None:
    """Per frame: undo/redo/save enabled as the documents allow, the current tab and scope highlighted, the
    tools enabled while there is an outline, snap and parts green while they are on."""
    doc = session.doc
    top[0].enabled = doc.can_undo
    top[1].enabled = doc.can_redo
    top[3].enabled = session.load_error is None
    for button, tab in zip(tabs, ("pieces", "cacti")):
        button.style = "primary" if session.tab == tab else "ghost"
    editable = session.current_outline() is not None
    for k, button in enumerate(tools):
        button.enabled = editable
        if k in (6, 7):
            button.style = "green" if (snap if k == 6 else parts) else "secondary"
    for button, scope in zip(scopes, ("piece", "default")):
        button.style = "primary" if session.material_scope == scope else "ghost"


def looks(buttons: list[Button]) -> tuple[object, ...]:
    """Everything that decides how ``buttons`` look (a cached layer holding them is painted again when it changes)."""
    return tuple((resolve(b.label), b.style, b.enabled, b.pressed, b.flash > 0, b.hovered, b.focused, tuple(b.rect),
                  b.text_size) for b in buttons)
