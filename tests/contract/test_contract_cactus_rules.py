"""Black-box contract tests for `game.cactus.rules` (docs/design.md "Contracts"; docs/rules.md C-P*, C-R7, C-R8,
C-S1, C-E1).

Written from docs/design.md and docs/rules.md only. Pieces are plain objects that merely satisfy the documented
PieceLike protocol (id, kind, colour, form); their colour and form names are those of assets/pieces.json.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import count

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cactus.rules import Award, FlowerBank, score_placement
from physics import load_pieces

_SPECS = load_pieces()
COLOURS = sorted({p.colour for p in _SPECS.values() if p.kind == "basic"})
FORMS = sorted({p.form for p in _SPECS.values() if p.kind == "basic" and p.form is not None})
assert len(COLOURS) == 5 and len(FORMS) == 5

_ids = count()


@dataclass(frozen=True)
class P:
    """A plain PieceLike: nothing from physics or the rules."""

    id: str
    kind: str
    colour: str
    form: str | None


def basic(ci: int, fi: int) -> P:
    return P(f"b{next(_ids)}_{COLOURS[ci]}_{FORMS[fi]}", "basic", COLOURS[ci], FORMS[fi])


def special(ci: int) -> P:
    return P(f"s{next(_ids)}_{COLOURS[ci]}", "special", COLOURS[ci], None)


def cacti(**on: list[P]) -> list[list[P]]:
    """hanging for cacti 0..4; keyword c0..c4."""
    return [list(on.get(f"c{i}", [])) for i in range(5)]


def kinds(awards: list[Award]) -> Counter[str]:
    return Counter(a.kind for a in awards)


def total(awards: list[Award]) -> int:
    return sum(a.flowers for a in awards)


# --------------------------------------------------------------------------- Award


def test_award_fields() -> None:
    placed = basic(0, 0)
    hanging = cacti(c0=[placed], c1=[basic(0, 1)], c2=[basic(0, 2)])
    awards = score_placement(placed, hanging)
    assert isinstance(awards, list) and len(awards) == 1
    a = awards[0]
    assert isinstance(a, Award)
    assert a.kind == "colour3" and a.flowers == 1
    assert isinstance(a.flowers, int)


# --------------------------------------------------------------------------- C-P1 colours


def test_C_P1_third_of_a_colour_gives_one() -> None:
    placed = basic(1, 0)
    hanging = cacti(c0=[basic(1, 1)], c3=[basic(1, 2), placed])
    assert kinds(score_placement(placed, hanging)) == Counter({"colour3": 1})
    assert total(score_placement(placed, hanging)) == 1


def test_C_P1_fifth_of_a_colour_gives_two() -> None:
    placed = basic(2, 4)
    hanging = cacti(c0=[basic(2, 0)], c1=[basic(2, 1)], c2=[basic(2, 2)], c4=[basic(2, 3), placed])
    awards = score_placement(placed, hanging)
    assert kinds(awards) == Counter({"colour5": 1})
    assert total(awards) == 2


@pytest.mark.parametrize("n", [1, 2, 4, 6, 7])
def test_C_P1_other_counts_give_nothing(n: int) -> None:
    others = [basic(3, i % 5) for i in range(n - 1)]
    # spread them so no cactus gets 3 of a form and no form reaches 3 overall for the placed form
    placed = basic(3, 0) if n <= 5 else special(3)
    hanging: list[list[P]] = [[] for _ in range(5)]
    for i, o in enumerate(others):
        hanging[i % 5].append(o)
    hanging[0].append(placed)
    awards = score_placement(placed, hanging)
    assert not any(a.kind.startswith("colour") for a in awards)


def test_C_P1_specials_count_for_colours() -> None:
    placed = basic(0, 3)
    hanging = cacti(c0=[special(0)], c1=[special(0)], c2=[placed])
    assert kinds(score_placement(placed, hanging)) == Counter({"colour3": 1})
    sp = special(4)
    hanging = cacti(c0=[basic(4, 0), basic(4, 1)], c1=[sp])
    assert kinds(score_placement(sp, hanging)) == Counter({"colour3": 1})


def test_C_P1_other_colour_reaching_three_is_not_yours() -> None:
    placed = basic(0, 0)
    hanging = cacti(c0=[basic(1, 1)], c1=[basic(1, 2)], c2=[basic(1, 3)], c3=[placed])
    assert score_placement(placed, hanging) == []


# --------------------------------------------------------------------------- C-P2 forms


def test_C_P2_third_of_a_form_gives_one() -> None:
    placed = basic(0, 2)
    hanging = cacti(c0=[basic(1, 2)], c1=[basic(2, 2)], c2=[placed])
    awards = score_placement(placed, hanging)
    assert kinds(awards) == Counter({"form3": 1}) and total(awards) == 1


def test_C_P2_fifth_of_a_form_gives_two() -> None:
    placed = basic(4, 1)
    hanging = cacti(c0=[basic(0, 1)], c1=[basic(1, 1)], c2=[basic(2, 1)], c3=[basic(3, 1)], c4=[placed])
    awards = score_placement(placed, hanging)
    assert kinds(awards) == Counter({"form5": 1}) and total(awards) == 2


def test_C_P2_fourth_of_a_form_gives_nothing() -> None:
    placed = basic(3, 1)
    hanging = cacti(c0=[basic(0, 1)], c1=[basic(1, 1)], c2=[basic(2, 1)], c4=[placed])
    assert score_placement(placed, hanging) == []


def test_C_P2_specials_never_count_for_forms() -> None:
    # a special placed among basics of every form: no form award, whatever the counts
    sp = special(0)
    hanging = cacti(c0=[basic(1, 0), basic(2, 0)], c1=[basic(3, 1), basic(4, 1)], c2=[sp])
    assert not any(a.kind.startswith("form") for a in score_placement(sp, hanging))
    # specials hanging do not raise a form count: 2 basics of a form + specials + placed = 3 basics -> form3
    placed = basic(0, 4)
    hanging = cacti(c0=[basic(1, 4), special(2), special(3)], c1=[basic(2, 4)], c2=[placed])
    assert kinds(score_placement(placed, hanging))["form3"] == 1
    placed = basic(0, 4)
    hanging = cacti(c0=[basic(1, 4), special(2), special(3)], c2=[placed])
    assert not any(a.kind.startswith("form") for a in score_placement(placed, hanging))


def test_C_P2_special_with_a_form_attribute_still_never_counts() -> None:
    # even if a PieceLike special carried some form string, specials never count for forms
    odd = P("odd_special", "special", COLOURS[0], FORMS[0])
    hanging = cacti(c0=[basic(1, 0), basic(2, 0)], c1=[odd])
    assert not any(a.kind.startswith("form") for a in score_placement(odd, hanging))


# --------------------------------------------------------------------------- C-P3 rainbow


def test_C_P3_rainbow_each_colour_once_on_the_cactus() -> None:
    placed = basic(4, 4)
    on = [basic(0, 0), basic(1, 1), basic(2, 2), basic(3, 3), placed]
    awards = score_placement(placed, cacti(c2=on))
    assert kinds(awards) == Counter({"rainbow": 1})
    assert [a.flowers for a in awards if a.kind == "rainbow"] == [2]


def test_C_P3_rainbow_by_a_special() -> None:
    placed = special(2)
    on = [basic(0, 0), basic(1, 1), basic(3, 3), basic(4, 4), placed]
    assert kinds(score_placement(placed, cacti(c4=on)))["rainbow"] == 1


def test_C_P3_no_rainbow_when_a_colour_twice() -> None:
    placed = basic(4, 4)
    on = [basic(0, 0), basic(1, 1), basic(2, 2), basic(3, 3), special(3), placed]
    assert "rainbow" not in kinds(score_placement(placed, cacti(c1=on)))


def test_C_P3_no_rainbow_for_another_cactus() -> None:
    placed = basic(4, 0)
    rainbow = [basic(0, 1), basic(1, 2), basic(2, 3), basic(3, 4), special(4)]
    awards = score_placement(placed, cacti(c0=rainbow, c3=[placed]))
    assert "rainbow" not in kinds(awards)


# --------------------------------------------------------------------------- C-P4


def test_C_P4_awards_add_up() -> None:
    # the placed piece: colour 0, form 0, completes a rainbow on cactus 0, is the 3rd of its colour and
    # the 3rd of its form
    placed = basic(0, 0)
    c0 = [placed, basic(1, 1), basic(2, 2), basic(3, 3), basic(4, 4)]
    c1 = [basic(0, 1), basic(1, 0)]
    c2 = [basic(0, 2), basic(2, 0)]
    awards = score_placement(placed, cacti(c0=c0, c1=c1, c2=c2))
    assert kinds(awards) == Counter({"colour3": 1, "form3": 1, "rainbow": 1})
    assert total(awards) == 4


def test_C_P4_colour5_form5_rainbow() -> None:
    placed = basic(0, 0)
    c0 = [placed, basic(1, 1), basic(2, 2), basic(3, 3), basic(4, 4)]
    c1 = [basic(0, 1), basic(1, 0)]
    c2 = [basic(0, 2), basic(2, 0)]
    c3 = [basic(0, 3), basic(3, 0)]
    c4 = [special(0), basic(4, 0)]
    awards = score_placement(placed, cacti(c0=c0, c1=c1, c2=c2, c3=c3, c4=c4))
    assert kinds(awards) == Counter({"colour5": 1, "form5": 1, "rainbow": 1})
    assert total(awards) == 6


def test_award_kinds_and_flowers_are_the_documented_ones() -> None:
    value = {"colour3": 1, "colour5": 2, "form3": 1, "form5": 2, "rainbow": 2}
    seen: set[str] = set()
    for placed, hanging in [
        (p := basic(0, 0), cacti(c0=[p, basic(0, 1), basic(0, 2)])),
        (p := basic(0, 0), cacti(c0=[p, basic(0, 1)], c1=[basic(0, 2), basic(0, 3)], c2=[special(0)])),
        (p := basic(0, 0), cacti(c0=[p], c1=[basic(1, 0)], c2=[basic(2, 0)])),
        (p := basic(0, 0), cacti(c0=[p], c1=[basic(1, 0), basic(2, 0)], c2=[basic(3, 0), basic(4, 0)])),
        (p := special(0), cacti(c0=[p, basic(1, 0), basic(2, 1), basic(3, 2), basic(4, 3)])),
    ]:
        for a in score_placement(placed, hanging):
            assert a.flowers == value[a.kind]
            seen.add(a.kind)
    assert seen == set(value)


# --------------------------------------------------------------------------- FlowerBank


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_C_S1_start_state(players: int) -> None:
    b = FlowerBank(players)
    for p in range(players):
        assert b.value(p) == 3
        assert tuple(b.tokens(p)) == (3, 0)
    assert b.supply == 10
    assert b.box == 25 - 10 - 3 * players
    assert not b.all_on_three_side()


@pytest.mark.parametrize("players", [0, 1, 6])
def test_C_S1_player_count_out_of_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError):
        FlowerBank(players)


def conserved(b: FlowerBank, players: int) -> bool:
    held = sum(sum(b.tokens(p)) for p in range(players))
    return b.supply + held + b.box == 25


def test_award_returns_value_given() -> None:
    b = FlowerBank(3)
    assert b.award(1, 2) == 2
    assert b.value(1) == 5 and b.value(0) == 3
    assert b.award(0, 0) == 0
    assert conserved(b, 3)


def test_pay_returns_value_paid() -> None:
    b = FlowerBank(2)
    assert b.pay(0, 1) == 1
    assert b.value(0) == 2 and tuple(b.tokens(0)) == (2, 0)
    assert b.supply == 11  # the paid token goes back to the supply
    assert conserved(b, 2)


def test_C_R7_never_below_zero() -> None:
    b = FlowerBank(2)
    assert b.pay(0, 5) == 3
    assert b.value(0) == 0 and tuple(b.tokens(0)) == (0, 0)
    assert b.pay(0, 1) == 0 and b.value(0) == 0
    assert b.supply == 13
    assert b.award(0, 1) == 1 and b.value(0) == 1  # a player at 0 plays on
    assert conserved(b, 2)


def test_C_R8_award_beyond_the_ones_turns_tokens_to_three() -> None:
    # 2 players: 3 + 10 tokens could reach p0; a value above 13 needs 3-sided tokens
    b = FlowerBank(2)
    given = b.award(0, 20)
    assert given == 20 and b.value(0) == 23
    ones, threes = b.tokens(0)
    assert ones + 3 * threes == 23 and threes >= 4
    assert conserved(b, 2)


def test_C_R8_award_the_supply_cannot_cover_is_paid_as_far_as_it_reaches() -> None:
    b = FlowerBank(2)
    given = b.award(0, 1000)
    assert 0 < given < 1000
    assert b.value(0) == 3 + given
    assert b.supply == 0
    assert b.box == 25 - 10 - 6  # awards never come from the box
    assert conserved(b, 2)
    assert b.award(0, 5) == 0 or b.supply == 0  # nothing more to give


def _player_with_only_threes(b: FlowerBank, players: int) -> tuple[int, int]:
    """Drive player 0 to hold only 3-sided tokens; return its threes and the supply."""
    b.award(0, 1000)
    while b.tokens(0)[0] > 0:
        assert b.pay(0, 1) == 1
    ones, threes = b.tokens(0)
    assert ones == 0 and threes > 0
    assert conserved(b, players)
    return threes, b.supply


def test_C_R8_pay_one_from_a_three_takes_change_from_the_supply() -> None:
    b = FlowerBank(2)
    threes, _ = _player_with_only_threes(b, 2)
    assert b.pay(1, 2) == 2  # two 1-tokens back to the supply
    supply = b.supply
    assert supply == 2
    v = b.value(0)
    assert b.pay(0, 1) == 1
    assert tuple(b.tokens(0)) == (2, threes - 1)  # 3 turned to 1, plus one 1 from the supply
    assert b.supply == supply - 1 and b.value(0) == v - 1
    assert conserved(b, 2)


def test_C_R8_pay_two_from_a_three_turns_it() -> None:
    b = FlowerBank(2)
    threes, supply = _player_with_only_threes(b, 2)
    assert b.pay(0, 2) == 2
    assert tuple(b.tokens(0)) == (1, threes - 1)
    assert b.supply == supply
    assert conserved(b, 2)


def test_C_R8_pay_three_returns_the_token() -> None:
    b = FlowerBank(2)
    threes, supply = _player_with_only_threes(b, 2)
    assert b.pay(0, 3) == 3
    assert tuple(b.tokens(0)) == (0, threes - 1)
    assert b.supply == supply + 1
    assert conserved(b, 2)


def test_C_R8_change_from_the_box_when_the_supply_is_empty() -> None:
    b = FlowerBank(2)
    threes, _ = _player_with_only_threes(b, 2)
    b.award(1, 1000)  # drain the supply again
    assert b.supply == 0
    box = b.box
    assert box > 0
    assert b.pay(0, 1) == 1
    assert tuple(b.tokens(0)) == (2, threes - 1)
    assert b.box == box - 1
    assert conserved(b, 2)


def test_C_R8_no_change_anywhere_a_turned_three_pays_two() -> None:
    b = FlowerBank(5)  # 25 - 10 - 15: the box starts empty
    assert b.box == 0
    threes, _ = _player_with_only_threes(b, 5)
    b.award(1, 1000)
    assert b.supply == 0 and b.box == 0
    v = b.value(0)
    assert b.pay(0, 1) == 2
    assert tuple(b.tokens(0)) == (1, threes - 1)
    assert b.value(0) == v - 2
    assert conserved(b, 5)


def c_e1(b: FlowerBank) -> bool:
    """C-E1's end condition: every held flower on its 3-side, and the supply empty.

    all_on_three_side() names the first half (docs/design.md: "all_on_three_side() -> bool"); the supply is read
    from `.supply`.
    """
    return b.all_on_three_side() and b.supply == 0


def test_C_E1_all_on_three_side() -> None:
    b = FlowerBank(2)
    assert not b.all_on_three_side() and not c_e1(b)  # start: 1-sides held
    # both players pay everything away: nothing held (vacuously all on the 3-side) but the supply is full
    b.pay(0, 3)
    b.pay(1, 3)
    assert b.supply == 16 and not c_e1(b)
    b.award(0, 1000)
    assert b.supply == 0
    assert b.all_on_three_side() == (b.tokens(0)[0] == 0)
    for _ in range(10):  # pay the 1-sided tokens away and take the supply again
        if b.tokens(0)[0] == 0:
            break
        b.pay(0, 1)
        b.award(0, 1000)
    assert tuple(b.tokens(1)) == (0, 0)
    assert b.supply == 0 and b.tokens(0)[0] == 0
    assert b.all_on_three_side() and c_e1(b)


def test_C_E1_false_while_a_player_holds_a_one() -> None:
    b = FlowerBank(2)
    b.award(0, 1000)
    assert b.pay(0, 1) == 1  # now a 1-side is held
    assert b.tokens(0)[0] > 0
    assert not b.all_on_three_side()


ops = st.lists(
    st.tuples(st.sampled_from(["award", "pay"]), st.integers(0, 4), st.integers(0, 12)),
    min_size=1,
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 5), seq=ops)
def test_C_R7_C_R8_C_E1_bank_invariants(players: int, seq: list[tuple[str, int, int]]) -> None:
    b = FlowerBank(players)
    assert conserved(b, players)
    for op, who, n in seq:
        p = who % players
        v0, supply0, box0 = b.value(p), b.supply, b.box
        others = [b.value(q) for q in range(players) if q != p]
        if op == "award":
            got = b.award(p, n)
            assert 0 <= got <= n
            assert b.value(p) == v0 + got
            assert b.box == box0  # awards come from the supply only
            if got < n:
                assert b.supply == 0  # paid as far as it reaches
        else:
            paid = b.pay(p, n)
            assert b.value(p) == v0 - paid
            assert 0 <= paid <= v0  # C-R7
            want = min(n, v0)
            assert paid in (want, want + 1)
            if paid == want + 1:  # only a turned 3 without change anywhere overpays
                assert supply0 == 0 and box0 == 0
        assert [b.value(q) for q in range(players) if q != p] == others
        for q in range(players):
            ones, threes = b.tokens(q)
            assert ones >= 0 and threes >= 0
            assert b.value(q) == ones + 3 * threes
        assert b.supply >= 0 and b.box >= 0
        assert conserved(b, players)  # C-R8: supply + players + box == 25
        assert b.all_on_three_side() == all(b.tokens(q)[0] == 0 for q in range(players))  # C-E1


def test_PieceLike_any_object_with_the_four_attributes() -> None:
    """Neither hashability nor a class is promised: SimpleNamespace pieces must do."""
    from types import SimpleNamespace

    def ns(pid: str, ci: int, fi: int | None) -> SimpleNamespace:
        kind = "basic" if fi is not None else "special"
        return SimpleNamespace(id=pid, kind=kind, colour=COLOURS[ci], form=FORMS[fi] if fi is not None else None)

    placed = ns("x0", 0, 0)
    on = [placed, ns("x1", 1, 1), ns("x2", 2, 2), ns("x3", 3, 3), ns("x4", 4, None)]
    awards = score_placement(placed, [on, [ns("y0", 0, 1)], [ns("y1", 0, 2)], [], []])
    assert kinds(awards) == Counter({"colour3": 1, "rainbow": 1})


def test_PieceLike_physics_piecespec_satisfies_it() -> None:
    specs = list(_SPECS.values())
    by = {(p.colour, p.form): p for p in specs if p.kind == "basic"}
    placed = by[(COLOURS[0], FORMS[0])]
    hanging = [
        [placed, by[(COLOURS[1], FORMS[1])]],
        [by[(COLOURS[2], FORMS[0])]],
        [by[(COLOURS[3], FORMS[0])]],
        [],
        [],
    ]
    assert kinds(score_placement(placed, hanging)) == Counter({"form3": 1})
