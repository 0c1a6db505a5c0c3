"""The flower bank: C-K4, C-S1, C-R7, C-R8, C-E1 (its all_on_three_side half)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cactus.rules import TOTAL_FLOWERS, FlowerBank, tokens_for


def bank_with(players: int, holdings: list[tuple[int, int]], supply: int) -> FlowerBank:
    """A bank in a given position; the box takes whatever makes 25."""
    held = sum(o + t for o, t in holdings)
    return FlowerBank.from_dict(
        {
            "ones": [o for o, _ in holdings],
            "threes": [t for _, t in holdings],
            "supply": supply,
            "box": TOTAL_FLOWERS - held - supply,
        }
    )


def check_conserved(bank: FlowerBank) -> None:
    tokens = sum(sum(bank.tokens(p)) for p in range(bank.players))
    assert bank.supply + bank.box + tokens == TOTAL_FLOWERS
    assert bank.supply >= 0 and bank.box >= 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_C_S1_start_holdings(players: int) -> None:
    bank = FlowerBank(players)
    for p in range(players):
        assert bank.tokens(p) == (3, 0)  # three flowers on the 1-side
        assert bank.value(p) == 3
    assert bank.supply == 10
    assert bank.box == 25 - 3 * players - 10
    check_conserved(bank)


@pytest.mark.parametrize("players", [0, 1, 6, True])
def test_C_S1_player_count_checked(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        FlowerBank(players)


def test_C_R8_award_two_is_two_ones() -> None:
    bank = FlowerBank(2)
    bank.pay(0, 3)  # empty the hand: supply 13
    assert bank.tokens(0) == (0, 0) and bank.supply == 13
    assert bank.award(0, 2) == 2
    assert bank.tokens(0) == (2, 0)
    assert bank.supply == 11


def test_C_R8_three_ones_become_a_three_two_back_to_supply() -> None:
    bank = FlowerBank(2)  # (3, 0), supply 10
    assert bank.award(0, 1) == 1
    # value 4 = one 3 + one 1: of the four 1s, three became one 3 and two went back
    assert bank.tokens(0) == (1, 1)
    assert bank.supply == 10 - 1 + 2
    check_conserved(bank)


def test_C_R8_award_turns_a_held_one_without_the_supply() -> None:
    # supply empty: a held 1 turned to 3 is +2 without any token
    bank = bank_with(2, [(1, 0), (0, 0)], supply=0)
    assert bank.award(0, 2) == 2
    assert bank.tokens(0) == (0, 1)
    assert bank.supply == 0
    check_conserved(bank)


def test_C_R8_award_as_far_as_the_supply_reaches() -> None:
    bank = bank_with(2, [(0, 0), (0, 0)], supply=1)
    # value 2 needs two tokens; only one is there: the award stops at 1
    assert bank.award(0, 2) == 1
    assert bank.tokens(0) == (1, 0) and bank.supply == 0
    assert bank.award(1, 1) == 0  # nothing left: nothing given
    assert bank.value(1) == 0
    check_conserved(bank)


def test_C_R8_award_never_takes_from_the_box() -> None:
    bank = bank_with(2, [(1, 0), (0, 0)], supply=0)
    box = bank.box
    assert box > 0
    assert bank.award(0, 1) == 0
    assert bank.box == box


def test_C_R8_pay_from_a_three_takes_change_from_supply() -> None:
    bank = bank_with(2, [(0, 1), (0, 0)], supply=5)
    assert bank.pay(0, 1) == 1
    assert bank.tokens(0) == (2, 0)  # the 3 turned to 1, one 1 taken back from the supply
    assert bank.supply == 4
    check_conserved(bank)


def test_C_R8_change_from_the_box_when_the_supply_is_empty() -> None:
    bank = bank_with(2, [(0, 1), (0, 0)], supply=0)
    box = bank.box
    assert bank.pay(0, 1) == 1
    assert bank.tokens(0) == (2, 0)
    assert bank.box == box - 1 and bank.supply == 0
    check_conserved(bank)


def test_C_R8_turned_token_pays_what_it_must_without_change() -> None:
    # supply and box empty: a 3 turned to 1 pays 2
    bank = FlowerBank.from_dict({"ones": [0, 24], "threes": [1, 0], "supply": 0, "box": 0})
    assert bank.pay(0, 1) == 2
    assert bank.tokens(0) == (1, 0)
    assert bank.supply == 0 and bank.box == 0
    check_conserved(bank)


def test_C_R8_pay_gives_tokens_back_to_the_supply() -> None:
    bank = FlowerBank(2)
    assert bank.pay(0, 2) == 2
    assert bank.tokens(0) == (1, 0)
    assert bank.supply == 12
    check_conserved(bank)


def test_C_R7_never_below_zero() -> None:
    bank = FlowerBank(3)
    assert bank.pay(1, 5) == 3
    assert bank.value(1) == 0
    assert bank.pay(1, 1) == 0
    assert bank.value(1) == 0 and bank.tokens(1) == (0, 0)
    assert bank.award(1, 1) == 1  # a player at 0 plays on and can earn again
    check_conserved(bank)


def test_C_R8_bad_amounts_are_refused() -> None:
    bank = FlowerBank(2)
    with pytest.raises(ValueError):
        bank.award(0, -1)
    with pytest.raises(ValueError):
        bank.pay(0, -2)
    with pytest.raises(ValueError, match="no player"):
        bank.value(2)


def test_C_E1_all_on_three_side() -> None:
    bank = FlowerBank(2)
    assert not bank.all_on_three_side()  # everybody starts on the 1-side
    bank = bank_with(2, [(0, 2), (0, 0)], supply=0)
    assert bank.all_on_three_side()  # a player without tokens counts as true (vacuously)
    bank = bank_with(2, [(0, 2), (1, 0)], supply=0)
    assert not bank.all_on_three_side()


def test_C_R8_broken_save_is_refused() -> None:
    with pytest.raises(ValueError, match="25 tokens"):
        FlowerBank.from_dict({"ones": [3, 3], "threes": [0, 0], "supply": 10, "box": 0})


def test_C_R8_save_round_trip() -> None:
    bank = FlowerBank(4)
    bank.award(2, 5)
    bank.pay(0, 2)
    assert FlowerBank.from_dict(bank.to_dict()) == bank


ops = st.lists(st.tuples(st.sampled_from(["award", "pay"]), st.integers(0, 4), st.integers(0, 7)), max_size=60)


@pytest.mark.slow  # a long property / bot / whole-game run, left out by `make quick` (`pytest -m "not slow"`)
@settings(max_examples=300, deadline=None)
@given(players=st.integers(2, 5), ops=ops)
def test_C_R8_tokens_conserved_under_any_sequence(players: int, ops: list[tuple[str, int, int]]) -> None:
    bank = FlowerBank(players)
    for op, p, n in ops:
        p %= players
        before = bank.value(p)
        others = [bank.value(q) for q in range(players) if q != p]
        if op == "award":
            given_ = bank.award(p, n)
            assert 0 <= given_ <= n
            assert bank.value(p) == before + given_
        else:
            paid = bank.pay(p, n)
            assert bank.value(p) == before - paid
            assert paid >= min(n, before)  # never less than owed (as far as there is)
            assert paid <= min(n, before) + 1  # a turned 3 overpays by at most 1 (C-R8)
        assert bank.value(p) >= 0  # C-R7
        assert [bank.value(q) for q in range(players) if q != p] == others
        ones, threes = bank.tokens(p)
        if n > 0 and bank.value(p) != before:
            assert ones <= 2 and tokens_for(bank.value(p)) == ones + threes  # exchanged (C-R8)
        check_conserved(bank)  # supply + players + box == 25
