"""score_placement and Award, exactly as the docs/design.md contract says: C-P1, C-P2, C-P3, C-P4, C-K3."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.cactus.rules import Award, PieceLike, score_placement


@dataclass(frozen=True)
class Spec:
    """Shaped like physics' PieceSpec (extra fields the rules ignore)."""

    id: str
    kind: str
    colour: str
    form: str | None
    density: float = 1.0


def b(colour: str, form: str) -> Spec:
    return Spec(f"{colour}_{form}", "basic", colour, form)


def s(name: str, colour: str) -> Spec:
    return Spec(name, "special", colour, None)


def cacti(*groups: list[Spec]) -> list[list[PieceLike]]:
    result: list[list[PieceLike]] = [list(g) for g in groups]
    return result + [[] for _ in range(5 - len(result))]


def kinds(awards: list[Award]) -> list[tuple[str, int]]:
    return [(a.kind, a.flowers) for a in awards]


def test_C_P1_third_of_a_colour_across_cacti() -> None:
    placed = b("red", "arch")
    hanging = cacti([b("red", "hook")], [b("red", "fork"), placed])
    assert kinds(score_placement(placed, hanging)) == [("colour3", 1)]


@pytest.mark.parametrize("count", [1, 2, 4, 6])
def test_C_P1_only_exactly_3_or_5(count: int) -> None:
    forms = ["hook", "crescent", "fork", "zigzag", "arch"]
    pieces = [b("red", f) for f in forms[:count]] if count <= 5 else []
    if count == 6:
        pieces = [b("red", f) for f in forms] + [s("skull", "red")]
    placed = pieces[-1]
    awards = score_placement(placed, cacti(pieces[:-1], [placed]))
    assert [a for a in awards if a.rule == "C-P1"] == []


def test_C_P1_fifth_of_a_colour_gives_two() -> None:
    forms = ["hook", "crescent", "fork", "zigzag"]
    placed = b("green", "arch")
    hanging = cacti([b("green", f) for f in forms[:2]], [b("green", f) for f in forms[2:]], [placed])
    assert kinds(score_placement(placed, hanging)) == [("colour5", 2)]


def test_C_K3_specials_count_for_colours() -> None:
    placed = s("sun", "yellow")
    hanging = cacti([b("yellow", "hook"), s("feather", "yellow")], [placed])
    assert kinds(score_placement(placed, hanging)) == [("colour3", 1)]


def test_C_P2_third_of_a_form() -> None:
    placed = b("blue", "zigzag")
    hanging = cacti([b("red", "zigzag")], [b("green", "zigzag")], [placed])
    assert kinds(score_placement(placed, hanging)) == [("form3", 1)]


def test_C_P2_fifth_of_a_form_gives_two() -> None:
    placed = b("purple", "hook")
    others = [b(c, "hook") for c in ["red", "yellow", "green", "blue"]]
    hanging = cacti(others[:2], others[2:3], others[3:], [placed])
    assert kinds(score_placement(placed, hanging)) == [("form5", 2)]


def test_C_P2_specials_never_count_for_forms() -> None:
    placed = b("blue", "fork")
    hanging = cacti([b("red", "fork"), s("skull", "red")], [s("star", "purple"), placed])
    assert [a for a in score_placement(placed, hanging) if a.rule == "C-P2"] == []
    special = s("boot", "green")
    hanging = cacti([b("red", "fork"), b("blue", "fork")], [special])
    assert score_placement(special, hanging) == []  # a special earns no form award


def test_C_P3_all_five_colours_once_on_its_cactus() -> None:
    placed = b("purple", "arch")
    rainbow = [b("red", "hook"), b("yellow", "crescent"), s("snake", "blue"), b("green", "zigzag"), placed]
    assert kinds(score_placement(placed, cacti([], rainbow))) == [("rainbow", 2)]


def test_C_P3_needs_each_colour_exactly_once_on_the_placed_cactus() -> None:
    placed = b("purple", "arch")
    four = [b("red", "hook"), b("yellow", "crescent"), b("green", "zigzag"), placed]
    elsewhere = [b("blue", "fork")]
    assert score_placement(placed, cacti(four, elsewhere)) == []  # blue hangs, but on another cactus
    six = [*four, b("blue", "fork"), s("skull", "red")]
    assert [a for a in score_placement(placed, cacti(six)) if a.kind == "rainbow"] == []
    other_rainbow = [b("red", "hook"), b("yellow", "crescent"), b("green", "zigzag"), b("blue", "fork")]
    other_rainbow.append(b("purple", "hook"))
    assert score_placement(placed, cacti(other_rainbow, [placed])) == []  # not on its cactus


def test_C_P4_awards_add_up() -> None:
    placed = b("blue", "hook")
    home = [b("red", "crescent"), b("yellow", "fork"), b("green", "zigzag"), b("purple", "hook"), placed]
    elsewhere = [b("blue", "arch"), b("blue", "fork"), b("red", "hook")]
    awards = score_placement(placed, cacti(home, elsewhere))
    assert kinds(awards) == [("colour3", 1), ("form3", 1), ("rainbow", 2)]
    assert sum(a.flowers for a in awards) == 4
    assert [a.rule for a in awards] == ["C-P1", "C-P2", "C-P3"]


def test_award_contract_fields() -> None:
    award = Award("colour3", 1)
    assert award.kind == "colour3" and award.flowers == 1
    assert Award("colour3", 1, "red") == award  # the detail is for the text only


def test_placed_piece_must_be_in_hanging() -> None:
    with pytest.raises(ValueError, match="must be in"):
        score_placement(b("red", "hook"), cacti([b("red", "fork")]))
