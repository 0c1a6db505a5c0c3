"""Components and set-up: C-K2, C-K3, C-K5, C-S2, C-S3 (C-S1 is in test_rules_bank)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

import pytest

from game.cactus.rules import (
    COLOURS,
    FORMS,
    CactusGame,
    Die,
    Face,
    Options,
    Phase,
    Piece,
    PieceLike,
    PlacementFacts,
    default_pieces,
    validate_pieces,
)


@dataclass(frozen=True)
class Spec:
    """Like physics' PieceSpec: more fields than the rules need."""

    id: str
    kind: str
    colour: str
    form: str | None
    outline: tuple[tuple[float, float], ...] = ()
    density: float = 1.0


def test_C_K2_default_catalogue_has_each_colour_form_once() -> None:
    basics = [p for p in default_pieces() if p.kind == "basic"]
    assert len(basics) == 25
    assert Counter((p.colour, p.form) for p in basics) == Counter((c, f) for c in COLOURS for f in FORMS)


def test_C_K3_default_specials_two_per_colour_no_form() -> None:
    specials = [p for p in default_pieces() if p.kind == "special"]
    assert len(specials) == 10 and len({p.id for p in specials}) == 10
    assert all(p.form is None for p in specials)
    assert Counter(p.colour for p in specials) == Counter({c: 2 for c in COLOURS})


def test_C_K2_foreign_specs_with_other_ids_are_accepted() -> None:
    colours = ["c1", "c2", "c3", "c4", "c5"]
    forms = ["f1", "f2", "f3", "f4", "f5"]
    specs: list[PieceLike] = [Spec(f"{c}-{f}", "basic", c, f) for c in colours for f in forms]
    specs += [Spec(f"s{i}", "special", colours[i // 2], None) for i in range(10)]
    checked = validate_pieces(specs)
    assert len(checked) == 35 and all(isinstance(p, Piece) for p in checked)
    game = CactusGame.new(2, pieces=specs, seed=3)
    assert sorted(game.row) == sorted(f"s{i}" for i in range(10))


def test_C_K2_missing_or_repeated_basic_is_refused() -> None:
    pieces = default_pieces()
    missing = [p for p in pieces if p.id != "red_hook"]
    with pytest.raises(ValueError, match="basic pieces, each colour in each form once"):
        validate_pieces(missing)
    doubled = [replace(p, colour="red") if p.id == "yellow_hook" else p for p in pieces]
    with pytest.raises(ValueError, match="basic pieces"):
        validate_pieces(doubled)
    with pytest.raises(ValueError, match="unique"):
        validate_pieces([*pieces, pieces[0]])


def test_C_K3_wrong_specials_are_refused() -> None:
    pieces = default_pieces()
    with pytest.raises(ValueError, match="need 10 special pieces"):
        validate_pieces([p for p in pieces if p.id != "cow_skull"])
    with pytest.raises(ValueError, match="must have no form"):
        validate_pieces([replace(p, form="hook") if p.id == "cow_skull" else p for p in pieces])
    with pytest.raises(ValueError, match="2 special pieces of colour"):
        validate_pieces([replace(p, colour="blue") if p.id == "cow_skull" else p for p in pieces])


def test_C_K5_die_default_two_faces_each() -> None:
    die = Die()
    assert Counter(die.faces) == {Face.COLOUR: 2, Face.FORM: 2, Face.SPECIAL: 2}
    rng = random.Random(7)
    rolls = Counter(die.roll(rng) for _ in range(3000))
    for face in Face:
        assert 800 < rolls[face] < 1200  # each face about a third


def test_C_K5_die_faces_configurable() -> None:
    die = Die(colour=4, form=1, special=1)
    assert Counter(die.faces) == {Face.COLOUR: 4, Face.FORM: 1, Face.SPECIAL: 1}
    only_form = Die(0, 6, 0)
    rng = random.Random(1)
    assert {only_form.roll(rng) for _ in range(50)} == {Face.FORM}


@pytest.mark.parametrize("counts", [(2, 2, 1), (3, 3, 3), (-1, 4, 3), (7, 0, -1)])
def test_C_K5_die_must_have_six_faces(counts: tuple[int, int, int]) -> None:
    with pytest.raises(ValueError, match="die"):
        Die(*counts)


def test_C_K5_die_rolls_come_from_the_game_generator() -> None:
    opts = Options(die=Die(2, 2, 2))
    rolls = []
    for _ in range(2):
        g = CactusGame.new(3, seed=11, options=opts, start_player=0)
        g.take("red_hook")
        g.end_turn(PlacementFacts.make({"red_hook": 0}))
        rolls.append(g.roll())
    assert rolls[0] == rolls[1]


def test_C_S2_supply_and_seeded_row() -> None:
    g = CactusGame.new(2, seed=5)
    assert sorted(g.supply) == sorted(p.id for p in default_pieces() if p.kind == "basic")
    assert sorted(g.row) == sorted(p.id for p in default_pieces() if p.kind == "special")
    assert CactusGame.new(2, seed=5).row == g.row  # same seed, same order
    orders = {tuple(CactusGame.new(2, seed=s).row) for s in range(20)}
    assert len(orders) > 15  # random order, by seed


def test_C_S3_random_start_player_by_seed() -> None:
    starts = Counter(CactusGame.new(4, seed=s).current_player for s in range(80))
    assert set(starts) == {0, 1, 2, 3}
    assert CactusGame.new(4, seed=9).current_player == CactusGame.new(4, seed=9).current_player
    assert CactusGame.new(4, seed=9, start_player=2).current_player == 2


def test_C_S3_play_goes_clockwise_by_seat() -> None:
    g = CactusGame.new(3, seed=0, start_player=2, options=Options(die=Die(6, 0, 0)))
    seats = [g.current_player]
    for _ in range(4):
        if g.phase == Phase.ROLL:
            g.roll()
        pid = g.allowed_pieces()[0]
        g.take(pid)
        target = g.target_cactus()
        g.end_turn(PlacementFacts.make({pid: 0 if target is None else target}))
        seats.append(g.current_player)
    assert seats == [2, 0, 1, 2, 0]


def test_C_S1_setup_checks_players_and_names() -> None:
    with pytest.raises(ValueError, match="2 to 5"):
        CactusGame.new(6)
    with pytest.raises(ValueError, match="names"):
        CactusGame.new(3, names=["a", "b"])
    with pytest.raises(ValueError, match="start player"):
        CactusGame.new(3, start_player=3)
    g = CactusGame.new(5, names=["A", "B", "C", "D", "E"])
    assert g.names == ["A", "B", "C", "D", "E"] and g.bank.box == 0


def test_C_K2_C_K3_physics_catalogue_fits_the_rules() -> None:
    """The real specs (physics.load_pieces, assets/pieces.json) pass C-K2/C-K3 and match the defaults."""
    physics = pytest.importorskip("physics")
    load = getattr(physics, "load_pieces", None)
    if load is None:
        pytest.skip("physics.load_pieces is not there yet")
    specs = list(load().values())
    checked = validate_pieces(specs)
    assert {p.id: p for p in checked} == {p.id: p for p in default_pieces()}
    game = CactusGame.new(2, pieces=specs, seed=0)
    assert len(game.supply) == 25 and len(game.row) == 10
