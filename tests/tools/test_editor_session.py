"""The editing session on its own (no pygame, no window, so it can be tested and reused without a screen):
selection, outline and material edits, id rules, undo/redo, saving, and the hang test's runner."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.paths import asset
from physics.pieces import load_pieces
from tools.editor import ops
from tools.editor.hangtest import HANG_MAX, HangRunner, parse_drop_count
from tools.editor.model import PART_BASE, PART_TRUNK, backup_path
from tools.editor.ranges import RANGES
from tools.editor.session import EditingSession, parse_number, valid_piece_id

REPO = Path(__file__).resolve().parents[2]


def copies(tmp_path: Path, change: Any = None) -> tuple[Path, Path]:
    pieces, cacti = tmp_path / "pieces.json", tmp_path / "cacti.json"
    shutil.copyfile(asset("pieces.json"), pieces)
    shutil.copyfile(asset("cacti.json"), cacti)
    if change is not None:
        doc = json.loads(pieces.read_text(encoding="utf-8"))
        change(doc)
        pieces.write_text(json.dumps(doc), encoding="utf-8")
    return pieces, cacti


@pytest.fixture
def session(tmp_path: Path) -> EditingSession:
    return EditingSession(*copies(tmp_path))


def special(s: EditingSession) -> str:
    return next(p.id for p in s.pieces.state.pieces if p.kind == "special")


def test_the_session_imports_no_pygame() -> None:
    code = ("import sys; import tools.editor.session, tools.editor.hangtest, tools.editor.ranges; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-400:]
    assert done.stdout.strip() == "[]"


def test_current_piece_and_outline_follow_the_selection(session: EditingSession) -> None:
    s = session
    first = s.pieces.state.pieces[0]
    assert s.current_piece() == first and s.current_outline() == s.pieces.state.outline(first)
    s.select_piece(special(s))
    piece = s.current_piece()
    assert piece is not None and piece.kind == "special" and s.current_outline() == piece.outline
    assert s.set_tab("cacti") and not s.set_tab("cacti") and s.doc is s.cacti
    s.select_cactus(2)
    cactus = s.current_cactus()
    assert cactus is not None and s.cactus_part == PART_TRUNK and s.current_outline() == cactus.trunk
    s.select_part(PART_BASE)
    assert s.current_outline() == cactus.base
    s.select_piece("no_such_piece")
    assert s.current_piece() is None


def test_outline_edits_undo_and_redo_and_a_drag_is_one_step(session: EditingSession) -> None:
    s = session
    s.select_piece(special(s))
    before = s.current_outline()
    assert before is not None and s.transform("mirror", lambda o: ops.mirror(o, "x"))
    mirrored = s.current_outline()
    assert mirrored != before and s.dirty and s.pieces.can_undo
    assert s.undo() == "mirror" and s.current_outline() == before and not s.dirty
    assert s.redo() == "mirror" and s.current_outline() == mirrored
    assert s.redo() is None
    # a drag: many live outlines, one undo step
    for dx in (1.0, 2.0, 3.0):
        s.set_outline(ops.move_vertex(mirrored, 0, (mirrored[0][0] + dx, mirrored[0][1])), "move", live=True)
    s.end_gesture("move")
    assert len(s.pieces.history) == 2 and s.undo() == "move" and s.current_outline() == mirrored


def test_material_edits_are_clamped_into_the_ranges_and_merge_per_slider(session: EditingSession) -> None:
    s = session
    piece = s.current_piece()
    assert piece is not None
    assert s.set_material("friction", 9.0) == RANGES["friction"].hi  # clamped, never beyond physics' limit
    assert s.set_material("density", -1.0) == RANGES["density"].lo > 0
    s.undo()
    s.undo()
    assert s.current_piece() == piece
    for value in (0.1, 0.2, 0.3):
        s.set_material("elasticity", value, from_slider=True)
    assert len(s.pieces.history) == 1  # one slider run, one undo step
    s.seal()
    assert s.set_scope("default") and not s.set_scope("default")
    s.set_material("friction", 0.5)
    assert s.pieces.state.default.friction == 0.5 and s.current_piece() is not None
    assert s.shown_material() == s.pieces.state.default


def test_typed_materials_only_inside_the_ranges(session: EditingSession) -> None:
    s = session
    before = s.pieces.state
    for field, text in (("density", "0"), ("density", "0.0501"), ("density", "abc"), ("friction", "2.5"),
                        ("friction", "-0.5"), ("elasticity", "1.01"), ("elasticity", "nan"), ("friction", "inf")):
        assert not s.type_material(field, text), (field, text)
    assert s.pieces.state == before
    assert s.type_material("friction", " 1,5 ")
    piece = s.current_piece()
    assert piece is not None and piece.friction == 1.5
    assert parse_number("1,25") == 1.25 and parse_number("x") is None


def test_piece_ids_must_be_valid_and_free_and_a_rename_undoes(session: EditingSession) -> None:
    s = session
    piece = s.current_piece()
    assert piece is not None
    taken = s.pieces.state.pieces[1].id
    assert s.rename_piece("has space") == "bad" and s.rename_piece("") == "bad" and s.rename_piece("a-b") == "bad"
    assert s.rename_piece(taken) == "taken"
    assert s.pieces.state == s.pieces.saved_state
    assert s.rename_piece("new_piece_2") is None and s.piece_id == "new_piece_2"
    assert s.pieces.state.piece("new_piece_2").colour == piece.colour
    assert s.undo() == "rename" and s.pieces.state.piece(piece.id) == piece and s.current_piece() == piece
    assert valid_piece_id("sun_2") and not valid_piece_id("sun 2")


def test_kind_colour_and_form_edits(session: EditingSession) -> None:
    s = session
    piece = s.current_piece()
    assert piece is not None and piece.kind == "basic"
    shared = s.current_outline()
    s.set_kind("special")
    now = s.current_piece()
    assert now is not None and now.kind == "special" and now.form is None and now.outline == shared
    s.set_kind("basic")
    now = s.current_piece()
    assert now is not None and now.kind == "basic" and now.form is not None
    s.set_colour("blue")
    s.set_form("")  # no form chosen: nothing happens
    now = s.current_piece()
    assert now is not None and now.colour == "blue"


def test_cactus_moves_refuse_bad_positions_and_renames_mark_only_the_cacti_file(session: EditingSession) -> None:
    s = session
    s.set_tab("cacti")
    cactus = s.current_cactus()
    assert cactus is not None
    assert s.move_cactus("abc") == "bad_x"
    for text in ("nan", "inf", "-5", "1e308"):
        assert s.move_cactus(text) == "x_range"
    assert s.current_cactus() == cactus
    assert s.move_cactus("100") is None and (s.current_cactus() or cactus).x == 100
    s.rename_cactus("Tall one")
    assert (s.current_cactus() or cactus).name == "Tall one" and s.cacti.dirty and not s.pieces.dirty


def test_save_writes_a_backup_and_refuses_a_self_crossing_outline_leaving_the_file(session: EditingSession) -> None:
    s = session
    assert s.save().kind == "nothing"
    s.select_piece(special(s))
    outline = s.current_outline()
    assert outline is not None
    s.transform("scale", lambda o: ops.scale(o, 1.1))
    outcome = s.save()
    assert outcome.ok and outcome.kind == "saved" and outcome.files == "pieces.json" and not s.dirty
    assert load_pieces(s.pieces.path)[special(s)].outline != load_pieces(asset("pieces.json"))[special(s)].outline
    assert backup_path(s.pieces.path).exists()
    on_disk = s.pieces.path.read_bytes()
    far = max(range(len(outline)), key=lambda k: math.dist(outline[k], outline[0]))
    current = s.current_outline() or ()
    s.set_outline(ops.move_vertex(current, 0, (current[far][0] + 0.5, current[far][1] + 0.5)), "move")
    refused = s.save()
    assert not refused.ok and refused.kind == "refused" and "crosses itself" in refused.reason
    assert s.pieces.path.read_bytes() == on_disk
    assert s.reload() is None and not s.dirty


@pytest.mark.parametrize(("where", "field"), [("default", "friction"), ("red_hook", "elasticity")])
def test_the_first_refused_material_is_focused(tmp_path: Path, where: str, field: str) -> None:
    def change(doc: dict[str, Any]) -> None:
        block = doc["default"] if where == "default" else next(p for p in doc["pieces"] if p["id"] == where)
        block[field] = -3.0

    s = EditingSession(*copies(tmp_path, change))
    if where == "default":  # the first piece inherits the refused value: physics never gets it
        assert s.physics_subject()[0] is None
    s.set_filter("kind", "special")
    fault = s.focus_first_material_fault()
    assert fault is not None and fault.key == field and s.material_fault_count() >= 1
    if where == "default":
        assert s.material_scope == "default" and fault.piece is None
    else:
        assert s.material_scope == "piece" and s.piece_id == where and s.filters["kind"] == ""
        assert s.physics_subject()[0] is None
    assert field in s.material_faults_shown()
    assert s.save().kind == "refused"
    s.set_material(field, 0.5)
    assert s.focus_first_material_fault() is None and s.physics_subject()[0] is not None


def test_filters_narrow_the_pieces_and_the_file_check_passes(session: EditingSession) -> None:
    s = session
    s.set_filter("kind", "special")
    assert s.visible_pieces() and all(p.kind == "special" for p in s.visible_pieces())
    s.set_filter("colour", "red")
    assert all(p.colour == "red" and p.kind == "special" for p in s.visible_pieces())
    assert s.file_check() is None
    key = s.selection_key()
    s.set_material("density", 0.001)
    assert s.selection_key() != key and s.file_check() is None
    s.set_tab("cacti")
    assert s.file_check() is None


def test_hang_runner_cancels_on_change_and_keeps_the_run_before(session: EditingSession) -> None:
    spec, table = session.physics_subject()
    assert spec is not None and table is not None
    runner = HangRunner(count=4)
    assert runner.step("k") is None and not runner.running
    runner.start(spec, table, seed=3, aim=None, key="k")
    outcomes = [runner.step("k", drops=3) for _ in range(2)]
    assert outcomes == [None, "finished"] and not runner.running
    assert runner.stats is not None and runner.stats.drops == 4 and runner.before is None
    assert len(runner.shown_results()) == 4 and not runner.stale("k") and runner.stale("other")
    first = runner.stats
    runner.start(spec, table, seed=3, aim=None, key="k")
    assert runner.step("changed") == "cancelled" and not runner.running and runner.stats is first
    runner.start(spec, table, seed=3, aim=None, key="k")
    while runner.step("k") is None:
        pass
    assert runner.before is first and runner.stats == first  # same seed, same numbers


def test_drop_count_is_clamped_and_bad_text_falls_back_to_the_default() -> None:
    assert parse_drop_count("25", 40) == (25, True)
    assert parse_drop_count(" 7 ", 40) == (7, True)
    assert parse_drop_count("0", 40) == (1, False)
    assert parse_drop_count(str(HANG_MAX + 1), 40) == (HANG_MAX, False)
    assert parse_drop_count("many", 40) == (40, False)
