"""The shape editor's frame, drawn from the scene (its regions cached: draw less).

What changes rarely is drawn into cached layers (:mod:`tools.editor.layers`): the top bar and the tool bar
with their buttons, the list, the file check, the material (or cactus) panel, the hang panel; the canvas and
the preview keep pictures of their own. Each layer's key names everything its paint reads; the layers are
dropped on every layout. Drawing changes nothing in the editor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES
from tools.editor import controls
from tools.editor.listing import draw_file_check, draw_list, list_signature
from tools.editor.panels import (
    canvas_head,
    draw_cactus_panel,
    draw_canvas_overlay,
    draw_hang_panel,
    draw_load_error,
    draw_material_panel,
    draw_top,
    top_signature,
)

if TYPE_CHECKING:
    from tools.editor.scene import EditorScene


def draw_editor(scene: EditorScene, surface: pygame.Surface) -> None:
    """The editor's frame: what changes rarely from cached layers, the rest drawn afresh."""
    layers, plan = scene.layers, scene.plan
    draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
    top = scene.rects["top"]
    docs = (scene.pieces, scene.cacti)
    top_looks = controls.looks(scene.buttons)
    # the bar with its buttons, their shadows included (nothing is drawn before it but the backdrop)
    layers.draw(surface, "top", pygame.Rect(0, 0, top.width, top.bottom + 10), (top_signature(docs), top_looks),
                lambda s: draw_top(s, top, docs, scene.buttons))
    for button in scene.tab_buttons:
        button.draw(surface)
    area = scene.rects["list"]
    selected = scene.piece_id if scene.tab == "pieces" else str(scene.cactus_index)
    empty = t("editor.list.empty") if scene.session.doc.error is None else t("editor.list.unreadable")
    layers.draw(surface, "list", area.inflate(-4, -4), list_signature(scene.rows, selected, scene.scroll, empty),
                lambda s: draw_list(s, area, scene.rows, selected, scene.scroll, empty, frame=False),
                under=lambda s: draw.panel(s, area, PALETTE.paper, PALETTE.sand_dark, SIZES.radius_small))
    status, name = scene.rects["status"], scene.session.doc.path.name
    layers.draw(surface, "check", status, (scene.check, name),
                lambda s: draw_file_check(s, status, scene.check, name))
    # the tool bar with its buttons' shadows; the shadows of the top bar's buttons and of the tabs reach
    # into that region, so their looks are part of the key
    tools = plan.tools
    layers.draw(surface, "tools", pygame.Rect(tools.x - 14, tools.y - 12, tools.width + 30, tools.height + 30),
                (controls.looks(scene.tools), top_looks, controls.looks(scene.tab_buttons)),
                lambda s: draw_tools(scene, s))
    error = scene.session.doc.error
    if error is not None:
        scene.canvas.draw(surface)
        if not (scene.dialog and scene.dialog.open):  # the dialog says it already: one message at a time
            draw_load_error(surface, scene.canvas.rect, error)
    else:
        rect, subject, head = scene.canvas.rect, scene.canvas.subject, canvas_head(scene.session)
        scene.canvas.draw(surface, ((head,), lambda s: draw_canvas_overlay(s, rect, subject, head)))
    scene.preview.draw(surface, scene.hang.aim if scene.hang is not None else None)
    mass = scene.canvas.subject.mass if scene.canvas.subject else None
    box = plan.material

    def frame(s: pygame.Surface) -> None:
        draw.panel(s, box, PALETTE.paper, PALETTE.sand_dark)

    if scene.tab == "pieces":
        entries = {n.removeprefix("entry_"): w.rect for n, w in scene.widgets.items() if n.startswith("entry_")}
        layers.draw(surface, "material", box.inflate(-4, -4), material_key(scene, entries, mass),
                    lambda s: draw_material_panel(s, plan, scene.session, [], entries, mass, frame=False), frame)
        if scene.pieces.error is None and scene.current_piece() is not None:
            for button in scene.scope_buttons:
                button.draw(surface)
    else:
        cactus = scene.current_cactus()
        layers.draw(surface, "cactus", box.inflate(-4, -4), (cactus, mass),
                    lambda s: draw_cactus_panel(s, plan, scene.session, mass, frame=False), frame)
    layers.draw(surface, "hang", plan.hang.inflate(-4, -4), hang_key(scene),
                lambda s: draw_hang_panel(s, plan, scene.session, scene.hang_run, scene.subject_key, scene.seed,
                                          scene.hang_layers))
    scene.forms.draw(surface)
    if scene.hang_button is not None:
        scene.hang_button.draw(surface)
    scene.message.draw(surface, (scene.canvas.rect.centerx, scene.canvas.rect.top + 88))
    scene.tooltip.draw(surface)

def draw_tools(scene: EditorScene, surface: pygame.Surface) -> None:
    for button in scene.tools:
        button.draw(surface)

def material_key(scene: EditorScene, entries: dict[str, pygame.Rect], mass: object) -> object:
    """Everything the material panel shows (its layer's key)."""
    piece = scene.current_piece()
    doc = scene.pieces
    material = doc.state.material(piece) if piece is not None and doc.error is None else None
    return (doc.error, piece, material, doc.state.default, scene.material_scope,
            tuple(sorted(scene.session.material_faults_shown())), mass,
            tuple((name, tuple(rect)) for name, rect in sorted(entries.items())))

def hang_key(scene: EditorScene) -> object:
    """Everything the hang panel shows (its layer's key): the subject, the running test's progress, the
    last results and whether they are stale."""
    run = scene.hang_run
    cactus = scene.current_cactus()
    test = run.test
    return (scene.piece_id, cactus.name if cactus is not None else None, scene.seed, id(test),
            len(test.results) if test is not None else -1, run.stats, run.before, run.results,
            run.stale(scene.subject_key))
