"""Black-box contract tests for `physics` (docs/design.md "Contracts", docs/rules.md C-K2, C-K3, C-X2, C-X3, C-X5).

Written from docs/design.md and docs/rules.md only: load_pieces, PieceSpec, World.standard/spawn/step/settle/facts,
cactus_top, to_dict/from_dict. World units are mm, y up, ground y = 0.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from physics import PieceSpec, World, load_pieces

DT = 1 / 120


@pytest.fixture(scope="module")
def pieces() -> dict[str, PieceSpec]:
    return load_pieces()


def basics(pieces: dict[str, PieceSpec]) -> list[PieceSpec]:
    return [p for p in pieces.values() if p.kind == "basic"]


def specials(pieces: dict[str, PieceSpec]) -> list[PieceSpec]:
    return [p for p in pieces.values() if p.kind == "special"]


def piece_y(w: World, pid: str) -> float:
    """The piece's y from the world's own save (the only documented read-out of a pose)."""

    def walk(node: Any) -> float | None:
        if isinstance(node, dict):
            if node.get("id") == pid and isinstance(node.get("y"), int | float):
                return float(node["y"])
            for v in node.values():
                r = walk(v)
                if r is not None:
                    return r
        elif isinstance(node, list):
            for v in node:
                r = walk(v)
                if r is not None:
                    return r
        return None

    y = walk(w.to_dict())
    assert y is not None, "to_dict() holds no pose for the piece"
    return y


# --------------------------------------------------------------------------- pieces (C-K2, C-K3)


def test_load_pieces_default_path_is_assets_pieces_json(pieces: dict[str, PieceSpec]) -> None:
    assert inspect.signature(load_pieces).parameters["path"].default is None
    root = Path(__file__).resolve().parents[2]
    assert load_pieces(root / "assets" / "pieces.json") == pieces
    assert load_pieces(str(root / "assets" / "pieces.json")) == pieces


def test_piecespec_fields(pieces: dict[str, PieceSpec]) -> None:
    names = {f.name for f in dataclasses.fields(PieceSpec)} if dataclasses.is_dataclass(PieceSpec) else set()
    for spec in pieces.values():
        for attr in ("id", "kind", "colour", "form", "outline", "density", "friction", "elasticity"):
            assert hasattr(spec, attr), attr
        if names:
            assert {"id", "kind", "colour", "form", "outline", "density", "friction", "elasticity"} <= names
        assert isinstance(spec.id, str) and spec.id
        assert spec.kind in ("basic", "special")
        assert isinstance(spec.colour, str) and spec.colour
        assert len(spec.outline) >= 3
        for pt in spec.outline:
            assert len(pt) == 2 and all(isinstance(c, int | float) for c in pt)
        assert spec.density > 0 and spec.friction >= 0 and spec.elasticity >= 0


def test_load_pieces_keys_are_ids(pieces: dict[str, PieceSpec]) -> None:
    assert all(k == v.id for k, v in pieces.items())


def test_C_K2_25_basic_pieces_5_forms_x_5_colours_once(pieces: dict[str, PieceSpec]) -> None:
    b = basics(pieces)
    assert len(b) == 25
    colours = {p.colour for p in b}
    forms = {p.form for p in b}
    assert len(colours) == 5 and len(forms) == 5 and None not in forms
    assert Counter((p.colour, p.form) for p in b) == Counter({(c, f): 1 for c in colours for f in forms})


def test_C_K3_10_specials_2_per_colour_no_form(pieces: dict[str, PieceSpec]) -> None:
    s = specials(pieces)
    colours = {p.colour for p in basics(pieces)}
    assert len(s) == 10
    assert all(p.form is None for p in s)
    assert Counter(p.colour for p in s) == Counter({c: 2 for c in colours})
    assert len(pieces) == 35


# --------------------------------------------------------------------------- world


def test_world_standard_nothing_placed() -> None:
    assert inspect.signature(World.standard).parameters["seed"].default == 0
    for w in (World.standard(), World.standard(seed=0), World.standard(3)):
        f = w.facts()
        assert f.touching == set() and f.on_base == set() and f.fallen == set()
        assert f.carried_by == {}


def test_facts_types_and_spawn_step_settle_returns(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard(seed=0)
    ids = [p.id for p in basics(pieces)][:2]
    w.spawn(ids[0], w.cactus_top(1))
    w.spawn(ids[1], w.cactus_top(3), 0.3)
    w.step(DT)
    r = w.settle()
    assert isinstance(r, bool)
    assert isinstance(w.settle(max_time=0.1), bool)
    f = w.facts()
    assert isinstance(f.touching, set) and all(isinstance(x, frozenset) and len(x) == 2 for x in f.touching)
    assert all(isinstance(i, str) for pair in f.touching for i in pair)
    assert isinstance(f.on_base, set) and all(isinstance(i, str) for i in f.on_base)
    assert isinstance(f.fallen, set) and all(isinstance(i, str) for i in f.fallen)
    assert isinstance(f.carried_by, dict)
    for k, v in f.carried_by.items():
        assert isinstance(k, str)
        assert v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 4)


def test_settle_true_once_at_rest() -> None:
    w = World.standard()
    assert w.settle() is True  # nothing placed: at rest at once


@pytest.mark.parametrize("i", range(5))
def test_C_X5_piece_spawned_at_cactus_top_touches_nothing_then_is_carried(i: int, pieces: dict[str, PieceSpec]) -> None:
    w = World.standard(seed=0)
    pid = basics(pieces)[i * 5 + i].id  # a different colour and form per cactus
    top = w.cactus_top(i)
    assert isinstance(top, tuple) and len(top) == 2
    w.spawn(pid, top)
    f = w.facts()
    assert f.touching == set() and pid not in f.on_base and pid not in f.fallen
    assert f.carried_by.get(pid) is None  # spawned without touching the cactus
    assert w.settle(5.0) is True
    f = w.facts()
    assert pid not in f.fallen and pid not in f.on_base
    assert f.carried_by[pid] == i


def test_C_X5_special_spawned_at_cactus_top_is_carried(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard()
    pid = specials(pieces)[0].id
    w.spawn(pid, w.cactus_top(2))
    w.settle()
    assert w.facts().carried_by[pid] == 2


def test_C_X2_two_pieces_in_contact_touch(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard()
    a, b = basics(pieces)[0].id, basics(pieces)[6].id
    x, y = w.cactus_top(2)
    # side by side in the air above cactus 2, 30 mm apart: the outlines (about 46 mm wide) overlap.
    # (Not much higher: the table's bounds end a few hundred mm above the cacti, C-X3.)
    w.spawn(a, (x, y + 100))
    w.spawn(b, (x + 30, y + 100))
    assert frozenset({a, b}) in w.facts().touching
    w.step(DT)
    f = w.facts()
    assert not f.fallen
    assert frozenset({a, b}) in f.touching


@pytest.mark.parametrize("k", [6, 18])
def test_C_X2_C_X5_piece_dropped_onto_a_carried_piece_touches_it_and_hangs_through_it(
    k: int, pieces: dict[str, PieceSpec]
) -> None:
    w = World.standard()
    a, b = basics(pieces)[0].id, basics(pieces)[k].id
    w.spawn(a, w.cactus_top(1))
    w.settle()
    x, y = w.cactus_top(1)
    w.spawn(b, (x, y + 60))  # straight above the first piece
    w.settle()
    f = w.facts()
    assert frozenset({a, b}) in f.touching  # C-X2
    assert f.carried_by[a] == 1 and f.carried_by[b] == 1  # C-X5: the chain of contacts reaches cactus 1
    assert not f.fallen


def test_on_base_piece_resting_on_a_base(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard()
    pid = basics(pieces)[0].id
    x, _ = w.cactus_top(2)
    w.spawn(pid, (x + 40, 45.0))  # just above the base, beside the trunk (assets/cacti.json geometry)
    w.settle()
    f = w.facts()
    assert pid in f.on_base and pid not in f.fallen


def test_C_X2_far_apart_pieces_do_not_touch(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard()
    a, b = basics(pieces)[0].id, basics(pieces)[6].id
    w.spawn(a, w.cactus_top(0))
    w.spawn(b, w.cactus_top(4))
    w.step(DT)
    assert frozenset({a, b}) not in w.facts().touching


def test_C_X3_piece_dropped_beside_the_cacti_has_fallen(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard()
    pid = basics(pieces)[3].id
    x0, y0 = w.cactus_top(0)
    x1, _ = w.cactus_top(1)
    # halfway between two cacti, low above the ground: it lands on the ground (or a base, then the ground)
    w.spawn(pid, ((x0 + x1) / 2, 40.0))
    w.settle()
    f = w.facts()
    assert pid in f.fallen
    assert f.carried_by.get(pid) is None


def test_C_X3_piece_far_outside_the_cacti_falls(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard()
    pid = basics(pieces)[4].id
    x0, y0 = w.cactus_top(0)
    w.spawn(pid, (x0 - 180.0, y0))
    w.settle()
    assert pid in w.facts().fallen


def test_y_up_ground_zero_gravity_pulls_down(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard()
    pid = basics(pieces)[7].id
    x, y = w.cactus_top(3)
    assert y > 0  # cactus tops are above the ground (y = 0, y up)
    w.spawn(pid, (x, y + 200))
    y_start = piece_y(w, pid)
    for _ in range(12):
        w.step(DT)
    y_later = piece_y(w, pid)
    assert y_later < y_start
    # free fall: about g t^2 / 2 = 9810 * 0.1^2 / 2 = 49 mm after 0.1 s
    assert 30.0 < y_start - y_later < 70.0


def test_cactus_tops_in_a_row_left_to_right() -> None:
    w = World.standard()
    xs = [w.cactus_top(i)[0] for i in range(5)]
    assert xs == sorted(xs) and len(set(xs)) == 5  # C-K1: on screen they stand in a row


def test_world_to_dict_from_dict_json_safe(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard(seed=0)
    ids = [p.id for p in basics(pieces)][:3]
    w.spawn(ids[0], w.cactus_top(0))
    w.spawn(ids[1], w.cactus_top(2))
    w.settle()
    x0, _ = w.cactus_top(0)
    w.spawn(ids[2], (x0 - 180.0, 30.0))
    w.settle()
    d = w.to_dict()
    text = json.dumps(d)
    w2 = World.from_dict(json.loads(text))
    assert w2.to_dict() == d
    f1, f2 = w.facts(), w2.facts()
    assert f1.touching == f2.touching
    assert f1.on_base == f2.on_base
    assert f1.fallen == f2.fallen
    assert f1.carried_by == f2.carried_by


def test_world_from_dict_resumes_same_world(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard(seed=0)
    ids = [p.id for p in basics(pieces)][:2]
    w.spawn(ids[0], w.cactus_top(1))
    for _ in range(5):
        w.step(DT)
    w2 = World.from_dict(json.loads(json.dumps(w.to_dict())))
    for x in (w, w2):
        x.spawn(ids[1], x.cactus_top(3))
        x.settle()
    assert w.facts().carried_by == w2.facts().carried_by
    assert w.facts().fallen == w2.facts().fallen


def test_settle_false_when_not_at_rest_within_max_time(pieces: dict[str, PieceSpec]) -> None:
    w = World.standard()
    pid = basics(pieces)[2].id
    x, y = w.cactus_top(0)
    w.spawn(pid, (x, y + 150))
    assert w.settle(max_time=0.02) is False  # still falling
    assert w.settle() is True


def test_same_inputs_same_world(pieces: dict[str, PieceSpec]) -> None:
    def run() -> dict[str, Any]:
        w = World.standard(seed=0)
        for k, i in ((0, 1), (6, 1), (12, 3)):
            w.spawn(basics(pieces)[k].id, w.cactus_top(i), 0.2)
            w.settle()
        return w.to_dict()

    assert run() == run()


def test_fixed_dt_independent_of_frame_rate(pieces: dict[str, PieceSpec]) -> None:
    """docs/design.md: physics steps at a fixed dt independent of the frame rate."""
    worlds = []
    for frames in (1, 2, 4):
        w = World.standard()
        w.spawn(basics(pieces)[8].id, w.cactus_top(2))
        for _ in range(12):
            for _ in range(frames):
                w.step(0.1 / frames)  # 1.2 s in frames of 100, 50, 25 ms
        worlds.append(w)
    ys = [piece_y(w, basics(pieces)[8].id) for w in worlds]
    assert ys[0] == pytest.approx(ys[1], abs=1e-6) and ys[0] == pytest.approx(ys[2], abs=1e-6)
    assert worlds[0].facts().carried_by == worlds[1].facts().carried_by == worlds[2].facts().carried_by


@pytest.mark.parametrize("i", range(5))
def test_C_X5_every_piece_spawned_at_cactus_top_is_carried(i: int, pieces: dict[str, PieceSpec]) -> None:
    for pid in pieces:
        w = World.standard()
        w.spawn(pid, w.cactus_top(i))
        assert w.facts().carried_by.get(pid) is None, pid
        w.settle()
        f = w.facts()
        assert f.carried_by.get(pid) == i, pid
        assert pid not in f.on_base and pid not in f.fallen, pid
