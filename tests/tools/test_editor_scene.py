"""The shape editor driven headless with synthetic events (mouse drags, shortcuts, dialogs)."""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.i18n import t
from game.paths import asset
from game.screens.launcher import LauncherScene
from physics.pieces import load_pieces
from physics.world import World
from tools.editor.hangtest import DROPS_PER_FRAME
from tools.editor.model import backup_path
from tools.editor.ranges import MATERIALS
from tools.editor.scene import EditorScene

MakeApp = Callable[..., App]


class Harness:
    def __init__(self, app: App, scene: EditorScene, pieces: Path, cacti: Path) -> None:
        self.app, self.scene, self.pieces, self.cacti = app, scene, pieces, cacti
        self.now = 0

    def frame(self, n: int = 1) -> None:
        for _ in range(n):
            self.now += 16
            self.app.frame(self.now)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.frame()

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        a = (round(start[0]), round(start[1]))
        b = (round(end[0]), round(end[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(mid[0] - a[0], mid[1] - a[1]),
                                             buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(b[0] - mid[0], b[1] - mid[1]),
                                             buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        self.frame()

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame()

    def dialog_button(self, index: int) -> None:
        dialog = self.scene.dialog
        assert dialog is not None and dialog.open
        self.click(dialog.widgets[index].rect.center)


def open_editor(make_app: MakeApp, tmp_path: Path, size: tuple[int, int] = (1280, 800),
                pieces_text: str | None = None) -> Harness:
    """The editor on copies of the shipped files (in a folder of their own, apart from the user data)."""
    folder = tmp_path / "files"
    folder.mkdir()
    pieces, cacti = folder / "pieces.json", folder / "cacti.json"
    shutil.copyfile(asset("pieces.json"), pieces)
    shutil.copyfile(asset("cacti.json"), cacti)
    if pieces_text is not None:
        pieces.write_text(pieces_text, encoding="utf-8")
    app = make_app(size)
    app.push(LauncherScene())
    scene = EditorScene(pieces, cacti)
    app.push(scene)
    harness = Harness(app, scene, pieces, cacti)
    harness.frame(2)
    return harness


@pytest.fixture
def editor(make_app: MakeApp, tmp_path: Path) -> Harness:
    return open_editor(make_app, tmp_path)


def select(h: Harness, piece_id: str) -> None:
    """Pick a piece by clicking its row in the list (scrolling with the wheel until it shows)."""
    for _ in range(60):
        row = next((r for r in h.scene.rows if r.key == piece_id), None)
        area = h.scene.rects["list"]
        if row is not None and area.contains(row.rect):
            h.click(row.rect.center)
            assert h.scene.piece_id == piece_id
            return
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=area.center, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                             precise_y=-1.0))
        h.frame()
    raise AssertionError(f"{piece_id} never showed in the list")


def test_drag_a_vertex_undo_redo_save(editor: Harness) -> None:
    h, scene = editor, editor.scene
    select(h, "pot")
    outline = scene.current_outline()
    assert outline is not None
    start = scene.canvas.to_screen(outline[0])
    h.drag(start, (start[0] + 3 * scene.canvas.zoom, start[1]))
    moved = scene.current_outline()
    assert moved is not None and moved[0] == pytest.approx((outline[0][0] + 3, outline[0][1]), abs=0.01)
    assert scene.dirty and len(scene.pieces.history) == 1  # a drag is one undo step
    h.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.current_outline() == outline and not scene.dirty
    h.key(pygame.K_y, pygame.KMOD_CTRL)
    assert scene.current_outline() == moved
    h.key(pygame.K_s, pygame.KMOD_CTRL)
    assert not scene.dirty and scene.dialog is None
    loaded = load_pieces(h.pieces)
    assert loaded["pot"].outline != load_pieces(asset("pieces.json"))["pot"].outline
    world = World(loaded)
    world.spawn("pot", world.cactus_top(1))
    world.settle(0.5)
    assert backup_path(h.pieces).exists()


def test_click_on_an_edge_inserts_and_right_click_deletes(editor: Harness) -> None:
    h, scene = editor, editor.scene
    select(h, "pot")
    outline = scene.current_outline()
    assert outline is not None
    a, b = scene.canvas.to_screen(outline[0]), scene.canvas.to_screen(outline[1])
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    h.drag(mid, mid)
    assert len(scene.current_outline() or ()) == len(outline) + 1
    inserted = scene.canvas.to_screen((scene.current_outline() or ())[1])
    pos = (round(inserted[0]), round(inserted[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    h.frame()
    assert scene.current_outline() == outline


def test_self_crossing_drag_is_shown_and_cannot_be_saved(editor: Harness, tmp_path: Path) -> None:
    h, scene = editor, editor.scene
    on_disk = h.pieces.read_bytes()
    select(h, "pot")
    outline = scene.current_outline()
    assert outline is not None
    far = max(range(len(outline)), key=lambda k: math.dist(outline[k], outline[0]))
    target = scene.canvas.to_screen(outline[far])
    target = (target[0] + 0.5 * scene.canvas.zoom, target[1] + 0.5 * scene.canvas.zoom)
    h.drag(scene.canvas.to_screen(outline[0]), target)
    subject = scene.canvas.subject
    assert subject is not None and subject.faults and subject.faults[0].code == "crossing"
    pygame.image.save(h.app.surface, str(tmp_path / "crossing.png"))
    h.key(pygame.K_s, pygame.KMOD_CTRL)
    assert scene.dialog is not None and scene.dialog.open
    assert scene.last_refusal is not None and "pot" in scene.last_refusal and "crosses itself" in scene.last_refusal
    assert h.pieces.read_bytes() == on_disk and not backup_path(h.pieces).exists()
    h.dialog_button(0)
    assert scene.dialog is None and scene.dirty


def test_corrupt_pieces_file_opens_with_a_message(make_app: MakeApp, tmp_path: Path) -> None:
    h = open_editor(make_app, tmp_path, pieces_text='{"format": "cactus-pieces/1", "pieces": [}')
    scene = h.scene
    assert scene.pieces.error is not None and "not valid JSON" in scene.pieces.error
    assert scene.dialog is not None and "not valid JSON" in scene.dialog.body
    h.dialog_button(0)
    h.key(pygame.K_s, pygame.KMOD_CTRL)
    h.frame(3)
    assert h.pieces.read_text(encoding="utf-8").endswith("[}")
    h.key(pygame.K_TAB)  # the cacti still open and work
    assert scene.tab == "cacti" and scene.current_outline() is not None
    pygame.image.save(h.app.surface, str(tmp_path / "corrupt.png"))


def test_leaving_with_unsaved_changes_asks_first(editor: Harness) -> None:
    h, scene = editor, editor.scene
    h.click(scene.tools[0].rect.center)  # mirror
    assert scene.dirty
    h.key(pygame.K_ESCAPE)
    assert h.app.scene is scene and scene.dialog is not None
    h.dialog_button(2)  # stay
    assert h.app.scene is scene and scene.dirty
    h.click(scene.buttons[4].rect.center)  # leave
    assert scene.dialog is not None
    h.dialog_button(1)  # discard
    assert h.app.scene is not scene and scene.closed
    assert h.pieces.read_bytes() == asset("pieces.json").read_bytes()


def test_typed_material_values_are_checked_and_undoable(editor: Harness) -> None:
    h, scene = editor, editor.scene
    piece = scene.current_piece()
    assert piece is not None
    scene.entry_finished("entry_friction", "5")
    assert scene.current_piece() == piece and scene.message.kind == "error"
    scene.entry_finished("entry_friction", "1,25")
    h.frame()
    updated = scene.current_piece()
    assert updated is not None and updated.friction == 1.25
    assert scene.widgets["entry_friction"].get_text() == "1.25"
    assert scene.widgets["slider_friction"].get_current_value() == pytest.approx(1.25)
    h.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.current_piece() == piece


def test_hang_test_runs_a_few_drops_per_frame(editor: Harness) -> None:
    h, scene = editor, editor.scene
    scene.widgets["hang_count"].set_text("9")
    h.click(scene.hang_button.rect.center)
    assert scene.hang is not None and len(scene.hang.drops) == 9
    seen = [len(scene.hang.results)]
    while scene.hang is not None:
        h.frame()
        seen.append(len(scene.hang.results) if scene.hang is not None else 9)
    steps = [b - a for a, b in zip([0, *seen], seen)]
    assert max(steps) <= DROPS_PER_FRAME and len(seen) >= 9 // DROPS_PER_FRAME  # the UI stays live
    stats = scene.hang_stats
    assert stats is not None and stats.drops == 9 and 0.0 <= stats.rate <= 1.0


def test_cacti_tab_edits_a_cactus_part(editor: Harness) -> None:
    h, scene = editor, editor.scene
    h.click(scene.tab_buttons[1].rect.center)
    assert scene.tab == "cacti"
    h.click(scene.rows[3].rect.center)
    assert scene.cactus_index == 3
    outline = scene.current_outline()
    assert outline is not None
    h.click(scene.tools[5].rect.center)  # +10 %
    assert scene.cacti.dirty and not scene.pieces.dirty
    h.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.current_outline() == outline


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700), (800, 600)])
def test_layout_keeps_panels_apart(make_app: MakeApp, tmp_path: Path, size: tuple[int, int]) -> None:
    h = open_editor(make_app, tmp_path, size)
    scene = h.scene
    boxes = [scene.rects["list"], scene.canvas.rect, scene.preview.rect, scene.rects["material"],
             scene.rects["hang"], *(b.rect for b in scene.tools), *(b.rect for b in scene.buttons)]
    screen = pygame.Rect((0, 0), size)
    for i, a in enumerate(boxes):
        assert screen.contains(a)
        for b in boxes[i + 1:]:
            assert not a.colliderect(b), (a, b)
    for widget in scene.widgets.values():
        rect = widget.get_abs_rect()
        assert screen.contains(rect)
        assert not rect.colliderect(scene.canvas.rect) and not rect.colliderect(scene.preview.rect)
    # every tool inside its bar, every material widget inside the material panel (not clipped)
    assert all(scene.rects["tools"].contains(b.rect) for b in scene.tools)
    for name in ("id", "kind", "colour", "form", *(f"{k}_{m}" for k in ("slider", "entry") for m in MATERIALS)):
        assert scene.rects["material"].contains(scene.widgets[name].get_abs_rect()), name
    for button in scene.scope_buttons:
        assert scene.rects["material"].contains(button.rect)


def _pieces_text(change: Any) -> str:
    doc = json.loads(asset("pieces.json").read_text(encoding="utf-8"))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(("where", "field", "value"), [
    ("default", "density", -1.0), ("default", "friction", -5.0), ("default", "density", 0.0),
    ("red_hook", "elasticity", 1.5), ("red_hook", "density", 1e9),
])
def test_out_of_range_material_opens_shows_and_can_be_fixed(make_app: MakeApp, tmp_path: Path,
                                                            where: str, field: str, value: float) -> None:
    """C-K2 material: a value physics refuses opens with a dialog naming the block and field, the preview
    never hands it to pymunk, saving is refused, and setting a value in range makes the file saveable."""

    def change(doc: dict[str, Any]) -> None:
        block = doc["default"] if where == "default" else next(p for p in doc["pieces"] if p["id"] == where)
        block[field] = value

    h = open_editor(make_app, tmp_path, (800, 600), _pieces_text(change))
    scene = h.scene
    assert scene.pieces.error is None
    assert scene.dialog is not None and scene.dialog.open
    body = scene.dialog.body
    assert field in body and (("default" in body) if where == "default" else where in body)
    assert scene.material_scope == ("default" if where == "default" else "piece")
    if where != "default":
        assert scene.piece_id == where
    h.dialog_button(0)
    h.frame(40)  # the preview runs: nothing aborts
    assert scene.physics_subject()[0] is None
    before = h.pieces.read_bytes()
    assert not scene.save() and h.pieces.read_bytes() == before
    assert scene.last_refusal is not None and field in scene.last_refusal
    scene.dialog = None
    scene.material_changed(field, 0.5)  # clamped into the slider's range
    assert scene.pieces.verdict() is None
    assert scene.physics_subject()[0] is not None
    assert scene.save()


def test_typed_values_cannot_leave_their_range(editor: Harness) -> None:
    scene = editor.scene
    before = scene.pieces.state
    for text in ("-1", "nan", "inf", "1e9", "0", "abc", "99"):
        scene.entry_finished("entry_density", text)
        scene.entry_finished("entry_friction", text if text != "0" else "-0.5")
    assert scene.pieces.state == before
    cactus = scene.current_cactus()
    assert cactus is not None
    for text in ("nan", "inf", "-5", "1e308"):
        scene.entry_finished("cactus_x", text)
    assert scene.current_cactus() == cactus


@pytest.mark.parametrize("bad", [float("nan"), 1e308, -2000.0])
def test_absurd_outline_coordinates_open_with_a_message(make_app: MakeApp, tmp_path: Path, bad: float) -> None:
    h = open_editor(make_app, tmp_path, (800, 600),
                    _pieces_text(lambda d: d["forms"].__setitem__("arch", [[0, 0], [bad, 0], [0, 10]])))
    error = h.scene.pieces.error
    assert error is not None and "arch" in error and "point 1" in error
    assert h.scene.dialog is not None and h.scene.dialog.open
    h.frame(3)


def test_slider_drag_is_one_undo_step(editor: Harness) -> None:
    import pygame_gui

    h, scene = editor, editor.scene
    piece = scene.current_piece()
    assert piece is not None
    slider = scene.widgets["slider_elasticity"]
    for value in (0.1, 0.2, 0.3):
        pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider, value=value))
        h.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 795), button=1))
    h.frame()
    moved = scene.current_piece()
    assert moved is not None and moved.elasticity == 0.3
    assert scene.widgets["entry_elasticity"].get_text() == "0.30"
    assert len(scene.pieces.history) == 1
    h.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.current_piece() == piece


def test_cli_opens_the_editor_on_other_files(home: Path, tmp_path: Path) -> None:
    from game.cli import main

    pieces = tmp_path / "mine.json"
    pieces.write_text("not json", encoding="utf-8")
    shot = tmp_path / "shot.png"
    code = main(["editor", "--pieces", str(pieces), "--cacti", str(asset("cacti.json")), "--headless",
                 "--frames", "3", "--screenshot", str(shot), "--lang", "en"])
    assert code == 0 and shot.exists()
    assert pieces.read_text(encoding="utf-8") == "not json"


def test_closing_the_window_with_unsaved_changes_asks_first(editor: Harness) -> None:
    h, scene = editor, editor.scene
    h.click(scene.tools[0].rect.center)  # mirror
    assert scene.dirty
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    h.frame()
    assert h.app.running and scene.dialog is not None  # asked, not closed
    h.dialog_button(2)  # stay
    assert h.app.running and scene.dirty
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    h.frame()
    h.dialog_button(1)  # discard and quit
    assert not h.app.running
    assert h.pieces.read_bytes() == asset("pieces.json").read_bytes()


def test_enter_right_after_a_dialog_opens_keeps_the_edits(editor: Harness) -> None:
    """Every dialog that could discard edits opens with its safe choice focused: Enter keeps editing."""
    h, scene = editor, editor.scene
    h.click(scene.tools[0].rect.center)  # mirror
    edited = scene.current_outline()
    assert scene.dirty
    h.key(pygame.K_ESCAPE)  # the unsaved-changes dialog
    assert scene.dialog is not None
    h.key(pygame.K_RETURN)
    assert h.app.scene is scene and scene.dialog is None and scene.dirty
    h.key(pygame.K_r, pygame.KMOD_CTRL)  # reload: "Discard your changes?"
    assert scene.dialog is not None and scene.dialog.title == t("editor.reload.title")
    h.key(pygame.K_SPACE)
    assert scene.dialog is None and scene.dirty and scene.current_outline() == edited
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # closing the window asks the same
    h.frame()
    assert scene.dialog is not None
    h.key(pygame.K_RETURN)
    assert h.app.running and h.app.scene is scene and scene.dirty
    assert h.pieces.read_bytes() == asset("pieces.json").read_bytes()


def test_leaving_a_file_that_cannot_be_saved_offers_no_save(editor: Harness) -> None:
    h, scene = editor, editor.scene
    scene.session.set_outline(((0.0, 0.0), (30.0, 30.0), (30.0, 0.0), (0.0, 30.0)), "bow tie")  # crosses itself
    h.frame()
    assert scene.dirty
    h.key(pygame.K_ESCAPE)
    dialog = scene.dialog
    assert dialog is not None
    labels = [w.label() if callable(w.label) else w.label for w in dialog.widgets]
    assert labels == [t("editor.leave.discard"), t("editor.leave.stay")]  # no "Save and leave"
    assert "crosses itself" in dialog.body  # and it says why
    assert [w.focused for w in dialog.widgets] == [False, True]
    h.key(pygame.K_RETURN)  # keep editing
    assert h.app.scene is scene and scene.dirty
    h.key(pygame.K_ESCAPE)
    h.dialog_button(0)  # leave without saving
    assert h.app.scene is not scene and scene.closed
    assert h.pieces.read_bytes() == asset("pieces.json").read_bytes()
