"""The editor's documents, checks, outline edits and hang test, without a window."""

from __future__ import annotations

import json
import math
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from game.paths import asset
from physics.cacti import load_cacti
from physics.geometry import signed_area
from physics.pieces import load_pieces
from physics.world import World
from tools.editor import ops
from tools.editor.checks import MIN_THICKNESS, mass_properties, outline_faults
from tools.editor.hangtest import HangTest, one_cactus_table, plan_drops, run_hang_test
from tools.editor.model import CactiDocument, PiecesDocument, SaveRefused, backup_path


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    pieces = tmp_path / "pieces.json"
    cacti = tmp_path / "cacti.json"
    shutil.copyfile(asset("pieces.json"), pieces)
    shutil.copyfile(asset("cacti.json"), cacti)
    return pieces, cacti


def special_id(doc: PiecesDocument) -> str:
    return next(p.id for p in doc.state.pieces if p.kind == "special")


def test_move_undo_redo_save_and_the_saved_file_loads_in_the_world(files: tuple[Path, Path]) -> None:
    path, _ = files
    doc = PiecesDocument.open(path)
    assert doc.error is None and not doc.dirty
    pid = special_id(doc)
    before = doc.state.outline(doc.state.piece(pid))
    x, y = before[0]
    doc.apply("move", doc.state.with_outline(pid, ops.move_vertex(before, 0, (x + 1.5, y - 0.5))))
    assert doc.dirty and doc.state.outline(doc.state.piece(pid))[0] == (x + 1.5, y - 0.5)
    assert doc.undo() == "move"
    assert doc.state.outline(doc.state.piece(pid)) == before and not doc.dirty
    assert doc.redo() == "move"
    doc.save()
    assert not doc.dirty
    loaded = load_pieces(path)
    original = load_pieces(asset("pieces.json"))
    assert loaded[pid].outline != original[pid].outline
    assert set(loaded) == set(original)
    world = World(loaded, load_cacti(files[1]))
    world.spawn(pid, world.cactus_top(0))
    world.step(0.05)
    assert world.has_piece(pid)
    assert backup_path(path).read_bytes() == asset("pieces.json").read_bytes()


def test_self_crossing_outline_is_refused_and_the_file_stays_untouched(files: tuple[Path, Path]) -> None:
    path, _ = files
    on_disk = path.read_bytes()
    doc = PiecesDocument.open(path)
    pid = special_id(doc)
    outline = list(doc.state.outline(doc.state.piece(pid)))
    outline[0], outline[len(outline) // 2] = outline[len(outline) // 2], outline[0]  # a bow tie
    doc.apply("move", doc.state.with_outline(pid, tuple(outline)))
    with pytest.raises(SaveRefused, match=rf"{pid}.*crosses itself"):
        doc.save()
    assert path.read_bytes() == on_disk
    assert not backup_path(path).exists()
    assert doc.dirty


def test_physics_verdict_refuses_what_the_editor_cannot_see(files: tuple[Path, Path]) -> None:
    """C-K2: two basic pieces of one colour and form; physics' validator names the piece."""
    path, _ = files
    doc = PiecesDocument.open(path)
    basic = [p for p in doc.state.pieces if p.kind == "basic"]
    a, b = basic[0], next(p for p in basic if p.colour == basic[0].colour and p.form != basic[0].form)
    doc.apply("form", doc.state.with_piece(doc.state.index(b.id), replace(b, form=a.form)))
    with pytest.raises(SaveRefused, match="already used by"):
        doc.save()


def test_corrupt_file_opens_with_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "pieces.json"
    path.write_text('{"format": "cactus-pieces/1", "pieces": [', encoding="utf-8")
    doc = PiecesDocument.open(path)
    assert doc.error is not None and "pieces.json" in doc.error and "not valid JSON" in doc.error
    assert doc.state.pieces == ()
    with pytest.raises(SaveRefused, match="not loaded"):
        doc.save()
    assert path.read_text(encoding="utf-8").endswith("[")
    missing = PiecesDocument.open(tmp_path / "nope.json")
    assert missing.error is not None and "cannot read" in missing.error
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"pieces": [{"kind": "basic"}]}), encoding="utf-8")
    assert "no 'id'" in (PiecesDocument.open(wrong).error or "")


def test_editing_a_form_edits_every_piece_of_that_form(files: tuple[Path, Path]) -> None:
    path, _ = files
    doc = PiecesDocument.open(path)
    piece = next(p for p in doc.state.pieces if p.kind == "basic")
    assert doc.state.shares_form(piece)
    outline = ops.scale(doc.state.outline(piece), 1.1)
    doc.apply("scale", doc.state.with_outline(piece.id, outline))
    doc.save()
    loaded = load_pieces(path)
    same_form = [p for p in loaded.values() if p.form == piece.form]
    assert len(same_form) == 5 and len({p.outline for p in same_form}) == 1
    assert abs(signed_area(same_form[0].outline)) == pytest.approx(abs(signed_area(outline)), rel=1e-3)


def test_gestures_and_merged_edits_are_one_undo_step(files: tuple[Path, Path]) -> None:
    doc = PiecesDocument.open(files[0])
    pid = special_id(doc)
    start = doc.state
    piece = doc.state.piece(pid)
    for k in range(5):  # a slider dragged: one step
        doc.apply("friction", doc.state.with_piece(doc.state.index(pid), replace(piece, friction=0.1 * k + 0.1)),
                  merge=("friction", pid))
    doc.seal()
    outline = doc.state.outline(doc.state.piece(pid))
    for k in range(5):  # a vertex dragged: one step
        doc.live(doc.state.with_outline(pid, ops.move_vertex(outline, 1, (k, k))))
    assert doc.end_gesture("move")
    assert len(doc.history) == 2
    doc.undo()
    doc.undo()
    assert doc.state == start and doc.undo() is None


def test_cacti_document_round_trip(files: tuple[Path, Path]) -> None:
    _, path = files
    doc = CactiDocument.open(path)
    assert doc.error is None and len(doc.state.cacti) == 5
    cactus = doc.state.cacti[2]
    doc.apply("move", doc.state.with_cactus(2, cactus.with_part(1, ops.scale(cactus.part(1), 0.9))))
    doc.save()
    assert load_cacti(path).cacti[2].arms[0] != load_cacti(asset("cacti.json")).cacti[2].arms[0]


def test_checks_name_and_locate_faults() -> None:
    square = ((0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0))
    assert outline_faults(square) == []
    bow = ((0.0, 0.0), (20.0, 20.0), (20.0, 0.0), (0.0, 20.0))
    [fault] = outline_faults(bow)
    assert fault.code == "crossing" and set(fault.edges) == {0, 2}
    assert "crosses itself" in fault.describe()
    tiny = ((0.0, 0.0), (5.0, 0.0), (5.0, 5.0), (0.0, 5.0))
    assert [f.code for f in outline_faults(tiny)] == ["area"]
    # a dumbbell: two 20 mm squares joined by a 1 mm neck
    neck = MIN_THICKNESS * 0.6
    bell = ((0, 0), (20, 0), (20, 10 - neck / 2), (40, 10 - neck / 2), (40, 0), (60, 0), (60, 20), (40, 20),
            (40, 10 + neck / 2), (20, 10 + neck / 2), (20, 20), (0, 20))
    thin = [f for f in outline_faults(bell) if f.code == "thin"]
    assert thin and thin[0].segment is not None
    assert math.dist(*thin[0].segment) == pytest.approx(neck, abs=0.05)
    assert outline_faults(((0.0, 0.0), (1.0, 1.0)))[0].code == "few_points"
    assert outline_faults(((0.0, 0.0), (0.0, 0.0), (9.0, 9.0), (0.0, 9.0)))[0].code == "same_point"


def test_shipped_pieces_pass_the_editor_checks() -> None:
    for spec in load_pieces().values():
        assert outline_faults(spec.outline) == [], spec.id


def test_mass_properties_follow_density() -> None:
    square = ((0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0))
    one = mass_properties(square, 0.002)
    two = mass_properties(square, 0.004)
    assert one is not None and two is not None
    assert one.area == pytest.approx(400.0) and one.centre == pytest.approx((10.0, 10.0))
    assert two.mass == pytest.approx(2 * one.mass) and two.moment == pytest.approx(2 * one.moment)
    assert one.moment == pytest.approx(one.mass * (20**2 + 20**2) / 12)
    assert mass_properties(((0.0, 0.0), (20.0, 20.0), (20.0, 0.0), (0.0, 20.0)), 0.002) is None


def test_outline_edits_keep_outlines_counter_clockwise() -> None:
    shape = ((0.0, 0.0), (30.0, 0.0), (30.0, 10.0), (10.0, 10.0), (10.0, 30.0), (0.0, 30.0))
    area = signed_area(shape)
    for mirrored in (ops.mirror(shape, "x"), ops.mirror(shape, "y")):
        assert signed_area(mirrored) == pytest.approx(area)
        assert outline_faults(mirrored) == []
    turned: tuple[tuple[float, float], ...] = shape
    for _ in range(24):
        turned = ops.rotate(turned, 15)
    assert [c for p in turned for c in p] == pytest.approx([c for p in shape for c in p], abs=1e-4)
    assert signed_area(ops.scale(shape, 2.0)) == pytest.approx(4 * area)
    assert ops.delete_vertex(shape[:3], 0) == shape[:3]
    assert len(ops.insert_vertex(shape, 0, (15.0, 0.0))) == len(shape) + 1
    assert ops.snap((1.26, -0.74), 0.5) == (1.5, -0.5)


def test_hang_test_is_deterministic_for_a_seed() -> None:
    pieces, cacti = load_pieces(), load_cacti()
    table = one_cactus_table(cacti, 0)
    spec = pieces["red_zigzag"]
    a = HangTest(spec, table, seed=7, count=12)
    b = HangTest(spec, table, seed=7, count=12)
    a.run(12)
    while not b.done:  # incrementally, as the editor runs it
        b.run(5)
    assert a.results == b.results and a.stats() == b.stats()
    assert plan_drops(7, 12, a.aim) != plan_drops(8, 12, a.aim)


def test_hang_rate_moves_with_friction() -> None:
    """A frictionless zigzag slides off the saguaro's arm far more often than a plywood one.

    Hanging is physics' C-X5 (carried by the cactus, at rest), falling its C-X3 (ground or out of the table).
    """
    pieces, cacti = load_pieces(), load_cacti()
    table = one_cactus_table(cacti, 0)
    spec = pieces["red_zigzag"]
    slippery = run_hang_test(replace(spec, friction=0.0), table, seed=1, count=24)
    grippy = run_hang_test(replace(spec, friction=0.8), table, seed=1, count=24)
    assert slippery.drops == grippy.drops == 24
    assert grippy.rate - slippery.rate >= 0.2, (slippery, grippy)
    assert grippy.hung + grippy.fell <= grippy.drops
    assert grippy.mean_settle > 0
