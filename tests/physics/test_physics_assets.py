"""pieces.json and cacti.json: contents (C-K1..C-K3) and clear errors for malformed files."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from physics import CactiError, PiecesError, load_cacti, load_pieces
from physics.cacti import DEFAULT_CACTI
from physics.geometry import OutlineError, find_crossing, normalise_outline, signed_area
from physics.pieces import DEFAULT_PIECES


def _pieces_doc() -> dict[str, Any]:
    return json.loads(DEFAULT_PIECES.read_text(encoding="utf-8"))


def _cacti_doc() -> dict[str, Any]:
    return json.loads(DEFAULT_CACTI.read_text(encoding="utf-8"))


def _write(tmp_path: Path, name: str, doc: Any) -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return p


def _piece(doc: dict[str, Any], pid: str) -> dict[str, Any]:
    return next(p for p in doc["pieces"] if p["id"] == pid)


def test_C_K2_C_K3_shipped_pieces() -> None:
    pieces = load_pieces()
    basic = [p for p in pieces.values() if p.kind == "basic"]
    special = [p for p in pieces.values() if p.kind == "special"]
    assert len(basic) == 25 and len(special) == 10
    colours = {p.colour for p in pieces.values()}
    forms = {p.form for p in basic}
    assert len(colours) == 5 and len(forms) == 5
    assert {(p.colour, p.form) for p in basic} == {(c, f) for c in colours for f in forms}  # C-K2
    assert all(p.form is None for p in special)
    assert sorted(sum(1 for p in special if p.colour == c) for c in colours) == [2] * 5  # C-K3
    for p in pieces.values():
        xs = [x for x, _ in p.outline]
        ys = [y for _, y in p.outline]
        size = max(max(xs) - min(xs), max(ys) - min(ys))
        assert 30.0 <= size <= 65.0, (p.id, size)
        assert signed_area(p.outline) > 0, p.id  # counter-clockwise
        assert find_crossing(p.outline) is None, p.id
        assert p.density > 0 and p.friction > 0 and 0 <= p.elasticity <= 1


def test_C_K1_shipped_cacti() -> None:
    spec = load_cacti()
    assert len(spec.cacti) == 5
    biggest = max(2 * p.radius for p in load_pieces().values())
    for a, b in zip(spec.cacti, spec.cacti[1:]):
        assert b.extent()[0] - a.extent()[1] > biggest  # no piece can rest on two cacti
    for c in spec.cacti:
        assert min(y for _, y in c.base) == 0.0  # the base stands on the ground
        assert c.extent()[0] >= 0.0 and c.extent()[1] <= spec.width


def test_outline_normalising() -> None:
    cw_square = [[0, 0], [0, 10], [10, 10], [10, 0], [0, 0]]  # clockwise, explicitly closed
    out = normalise_outline(cw_square, "square")
    assert len(out) == 4 and signed_area(out) == pytest.approx(100.0)
    assert sum(x for x, _ in out) == pytest.approx(0.0)  # centred
    with pytest.raises(OutlineError, match="crosses itself"):
        normalise_outline([[0, 0], [10, 10], [10, 0], [0, 10]], "bow tie")
    with pytest.raises(OutlineError, match="at least 3"):
        normalise_outline([[0, 0], [1, 1]], "line")
    with pytest.raises(OutlineError, match="zero area"):
        normalise_outline([[0, 0], [5, 5], [10, 10]], "flat")


@pytest.mark.parametrize(
    ("mutate", "pattern"),
    [
        (lambda d: _piece(d, "red_arch").pop("colour"), r"piece 'red_arch': missing field 'colour'"),
        (lambda d: _piece(d, "sun").__setitem__("colour", "pink"), r"piece 'sun': unknown colour 'pink'"),
        (lambda d: _piece(d, "blue_hook").__setitem__("id", "red_arch"), r"piece 'red_arch': duplicate id"),
        (lambda d: _piece(d, "snake").__setitem__("outline", [[0, 0], [40, 40], [40, 0], [0, 40]]),
         r"piece 'snake': outline crosses itself"),
        (lambda d: _piece(d, "pot").__setitem__("outline", [[0, 0], [40, 0]]),
         r"piece 'pot': outline has 2 distinct points"),
        (lambda d: _piece(d, "feather").__setitem__("outline", [[0, 0], [20, 0], [40, 0]]),
         r"piece 'feather': outline has \(almost\) zero area"),
        (lambda d: _piece(d, "lizard").__setitem__("outline", [[0, 0], [40, 0], ["x", 3]]),
         r"piece 'lizard': outline point 2 is not a pair of numbers"),
        (lambda d: _piece(d, "green_fork").__setitem__("density", -1), r"piece 'green_fork': density"),
        (lambda d: _piece(d, "green_fork").__setitem__("form", "spiral"), r"piece 'green_fork': unknown form"),
        (lambda d: d["pieces"].pop(0), r"wrong count: 24 basic pieces"),
        (lambda d: _piece(d, "sun").__setitem__("colour", "red"), r"wrong count: 3 special pieces are red"),
        (lambda d: _piece(d, "red_hook").__setitem__("form", "arch"),
         r"piece 'red_(arch|hook)': colour red and form arch already used"),
        (lambda d: d["forms"].__setitem__("arch", [[0, 0], [10, 10], [10, 0], [0, 10]]),
         r"form 'arch': outline crosses itself"),
        (lambda d: d.pop("default"), r"missing top-level field 'default'"),
    ],
)
def test_malformed_pieces_json_names_the_piece(tmp_path: Path, mutate: Any, pattern: str) -> None:
    doc = _pieces_doc()
    mutate(doc)
    with pytest.raises(PiecesError, match=pattern):
        load_pieces(_write(tmp_path, "pieces.json", doc))


def test_unreadable_pieces_json(tmp_path: Path) -> None:
    with pytest.raises(PiecesError, match=r"pieces.json: not valid JSON: .* line 1"):
        load_pieces(_write(tmp_path, "pieces.json", "{not json"))
    with pytest.raises(PiecesError, match="cannot read"):
        load_pieces(tmp_path / "missing.json")


@pytest.mark.parametrize(
    ("mutate", "pattern"),
    [
        (lambda d: d["cacti"].pop(), r"wrong count: 4 cacti, expected 5"),
        (lambda d: d["cacti"][2]["arms"].__setitem__(0, [[0, 100], [60, 160], [60, 100], [0, 160]]),
         r"cactus 2 \(elbow\) arm 0: outline crosses itself"),
        (lambda d: d["cacti"][1].pop("trunk"), r"cactus 1 \(candelabra\): missing field 'trunk'"),
        (lambda d: d["cacti"][3].__setitem__("base", [[x, y + 10] for x, y in d["cacti"][3]["base"]]),
         r"cactus 3 \(trident\): the base must stand on the ground"),
        (lambda d: d["cacti"][4].__setitem__("x", d["cacti"][3]["x"] + 50),
         r"cactus 4 \(twin\): (only -?[0-9.]+ mm from cactus 3|does not fit)"),
        (lambda d: d["cacti"][0].__setitem__("x", 5), r"cactus 0 \(saguaro\): does not fit on the table"),
    ],
)
def test_malformed_cacti_json_names_the_cactus(tmp_path: Path, mutate: Any, pattern: str) -> None:
    doc = _cacti_doc()
    mutate(doc)
    with pytest.raises(CactiError, match=pattern):
        load_cacti(_write(tmp_path, "cacti.json", doc))


def test_piece_radius_is_from_centre() -> None:
    p = load_pieces()["red_arch"]
    assert p.radius == pytest.approx(max(math.hypot(x, y) for x, y in p.outline))


@pytest.mark.parametrize(("where", "field", "value", "pattern"), [
    ("default", "density", -1, r"default: density must be greater than 0"),
    ("default", "density", 0, r"default: density must be greater than 0"),
    ("default", "friction", -5, r"default: friction must be at least 0"),
    ("default", "elasticity", 1.5, r"default: elasticity must be at most 1"),
    ("default", "density", 5.0, r"default: density must be at most"),
    ("red_hook", "friction", 1e9, r"piece 'red_hook': friction must be at most"),
    ("red_hook", "density", 10**400, r"piece 'red_hook': density must be at most"),
    ("red_hook", "elasticity", "0.5", r"piece 'red_hook': elasticity must be a number"),
])
def test_C_K2_materials_out_of_range_are_refused(tmp_path: Path, where: str, field: str, value: Any,
                                                 pattern: str) -> None:
    doc = _pieces_doc()
    (doc["default"] if where == "default" else _piece(doc, where))[field] = value
    with pytest.raises(PiecesError, match=pattern):
        load_pieces(_write(tmp_path, "pieces.json", doc))


@pytest.mark.parametrize("point", [[float("nan"), 0.0], [1e308, 0.0], [0.0, -1000.5], [10**400, 0]])
def test_outline_refuses_non_finite_and_absurd_points(point: list[float]) -> None:
    with pytest.raises(OutlineError, match=r"square: outline point 1 .*(not finite|out of range)"):
        normalise_outline([[0, 0], point, [10, 10], [0, 10]], "square")


def test_piece_spec_and_world_never_take_bad_materials() -> None:
    """pymunk aborts the process on mass <= 0 or negative friction: PieceSpec refuses them, and World.spawn
    checks any piece-like object again before building a body."""
    from types import SimpleNamespace

    from physics.pieces import PieceSpec
    from physics.world import World

    spec = next(iter(load_pieces().values()))
    for change in ({"density": -1.0}, {"density": 0.0}, {"friction": -5.0}, {"elasticity": float("nan")}):
        with pytest.raises(PiecesError):
            PieceSpec(**{**{k: getattr(spec, k) for k in ("id", "kind", "colour", "form", "outline", "density",
                                                          "friction", "elasticity")}, **change})
    bad = SimpleNamespace(**{**spec.to_dict(), "outline": spec.outline, "density": -1.0, "radius": spec.radius})
    world = World({spec.id: bad}, load_cacti())  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="density"):
        world.spawn(spec.id, (300.0, 400.0))
    assert world.pieces_in_world() == []


@pytest.mark.parametrize(("change", "pattern"), [
    (lambda d: d["table"].__setitem__("width", float("inf")), r"'table' must give"),
    (lambda d: d["cacti"][0].__setitem__("x", float("nan")), r"cactus 0 .*x must be a finite number"),
    (lambda d: d["cacti"][1]["trunk"].__setitem__(0, [0, 1e308]), r"cactus 1 .*trunk: outline point 0 .*out of range"),
])
def test_C_K1_cacti_refuse_non_finite_numbers(tmp_path: Path, change: Any, pattern: str) -> None:
    doc = _cacti_doc()
    change(doc)
    with pytest.raises(CactiError, match=pattern):
        load_cacti(_write(tmp_path, "cacti.json", doc))
