"""The engine's move stack (the undo rule): ``Game.push`` / ``Game.pop`` within one seat's turn (A-T4).

A seat may take back its own decisions of the play phase (A-T4) until something hidden comes to light or
chance is used: a reveal, a shuffle, a draw, a refill, a beet swap, an eggplant pass or a new turn empties
the stack, and ``pop`` then raises IllegalAction. ``apply`` empties it too.
"""

from __future__ import annotations

import random

import pytest
from helpers_artischocken import END, game, play
from hypothesis import given, settings
from hypothesis import strategies as st

from game.artischocken import Action, Game, IllegalAction, new_game
from game.artischocken.engine import UNDO_BARRIERS

A = "artichoke"


def _undo_position() -> Game:
    """Seat 0 in its play phase with undoable cards (broccoli, onion, corn, pepper) and barrier cards."""
    return game([["broccoli", A, A, A, "onion", "corn", "pepper", "potato", "leek", "beet", "peas"], [A, "carrot"]],
                decks=[["eggplant", A], [A, "leek"]], discards=[["beet"], ["corn"]],
                stack=["onion", "peas", "corn", "beet", "leek", "potato"], row=["leek", "corn", "peas", "beet"])


def test_undo_A_T4_push_then_pop_restores_each_position_exactly() -> None:
    g = _undo_position()
    snapshots = [g.to_dict()]
    for act in (play("broccoli"), play("onion", target=1), play("corn", cards=("leek",)),
                play("pepper", cards=("beet",))):
        assert g.push(act) is True  # nothing hidden, no chance, same seat: it can be taken back
        snapshots.append(g.to_dict())
    assert len(g.undo_stack) == 4
    while g.undo_stack:
        snapshots.pop()
        g.pop()
        assert g.to_dict() == snapshots[-1]
        assert g.legal_actions() == Game.from_dict(snapshots[-1]).legal_actions()  # no stale legal actions
    assert g.to_dict() == _undo_position().to_dict()
    with pytest.raises(IllegalAction, match="nothing to take back"):
        g.pop()


@pytest.mark.parametrize(("action", "barrier"), [
    (play("potato"), "reveal"),  # A-C-POTATO reveals the own deck's top card
    (play("leek", target=1), "reveal"),  # A-C-LEEK reveals an opponent's top card
    (play("peas"), "reveal"),  # A-C-PEAS reveals the stack's top two
    (play("beet", target=1), "chance"),  # A-C-BEET swaps random cards
    (END, "turn"),  # end_play: discard, draw, the next seat's turn
])
def test_undo_A_T4_pop_after_a_reveal_chance_or_turn_raises(action: Action, barrier: str) -> None:
    g = _undo_position()
    assert g.push(play("broccoli")) is True and len(g.undo_stack) == 1
    assert g.push(action) is False, barrier
    assert g.undo_stack == []  # the barrier also forgets what came before it
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.pop()
    assert g.to_dict() == before  # a refused pop changes nothing


def test_undo_A_T4_pop_after_a_shuffle_raises() -> None:
    # A-C-POTATO with an empty deck shuffles the discard into a new deck first (A-T6)
    g = game([["potato", A, "broccoli", A, A], [A]], decks=[[], [A]], discards=[["corn", "leek"], []])
    assert g.push(play("broccoli")) is True
    assert g.push(play("potato")) is False
    assert {e["what"] for e in g.events()} & {"shuffle", "reveal"} == {"shuffle", "reveal"}
    with pytest.raises(IllegalAction):
        g.pop()


def test_undo_A_C_RHUBARB_and_eggplant_pass_are_barriers() -> None:
    g = game([["rhubarb", A], [A]], stack=["corn", "leek", "peas", "beet", "onion"], row=["carrot"], rhubarb=True)
    assert g.push(play("rhubarb")) is False  # the row is shuffled under the stack: chance
    with pytest.raises(IllegalAction):
        g.pop()
    g = game([["eggplant", A, "corn", "leek"], [A, "peas"]])
    assert g.push(play("eggplant")) is True  # the seat itself chooses first: nothing revealed yet
    assert g.push(Action("choose", cards=("corn", "leek"))) is False  # the choice hands over to seat 1
    with pytest.raises(IllegalAction):
        g.pop()


def test_undo_apply_empties_the_stack() -> None:
    g = _undo_position()
    assert g.push(play("broccoli")) is True
    g.apply(play("onion", target=1))
    assert g.undo_stack == []
    with pytest.raises(IllegalAction):
        g.pop()


def test_undo_illegal_push_changes_nothing_the_stack_included() -> None:
    g = _undo_position()
    assert g.push(play("broccoli")) is True
    before, kept = g.to_dict(), list(g.undo_stack)
    with pytest.raises(IllegalAction):
        g.push(play("carrot"))  # A-C-CARROT: not first this turn, and not in hand
    assert g.to_dict() == before and g.undo_stack == kept
    g.pop()
    assert g.to_dict() == _undo_position().to_dict()


def _random_position(seed: int, players: int, rhubarb: bool, steps: int) -> Game:
    g = new_game(players, seed=seed, rhubarb=rhubarb, round_limit=60)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def _check_push_pop(g: Game, picks: list[int]) -> None:
    """Push legal actions; after popping every kept one the position is exactly the one before them."""
    base = g.to_dict()
    kept: list[dict[str, object]] = []
    for pick in picks:
        if g.is_over:
            break
        legal = g.legal_actions()
        since = g.log_size
        if g.push(legal[pick % len(legal)]):
            kept.append(g.to_dict())
            assert not any(e["what"] in UNDO_BARRIERS for e in g.events(since))
        else:  # a barrier: nothing before it can be taken back any more
            assert g.undo_stack == []
            base, kept = g.to_dict(), []
        assert len(g.undo_stack) == len(kept)
    while kept:
        assert g.to_dict() == kept.pop()
        g.pop()
    assert g.to_dict() == base
    assert g.undo_stack == []
    with pytest.raises(IllegalAction):
        g.pop()
    again = Game.from_dict(base)  # the restored game plays on like the position it restored
    for act in g.legal_actions()[:1]:
        g.apply(act)
        again.apply(act)
        assert g.to_dict() == again.to_dict()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), rhubarb=st.booleans(),
       steps=st.integers(0, 120), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=12))
def test_undo_A_T4_push_legal_actions_then_pop_all_gives_exact_to_dict(
        seed: int, players: int, rhubarb: bool, steps: int, picks: list[int]) -> None:
    _check_push_pop(_random_position(seed, players, rhubarb, steps), picks)


@pytest.mark.slow
def test_undo_A_T4_push_pop_seeded_loop() -> None:
    """600 seeded positions (all player counts, half with rhubarb), 12 pushes each."""
    for seed in range(600):
        rng = random.Random(seed)
        g = _random_position(seed, 2 + seed % 3, seed % 2 == 0, rng.randrange(150))
        _check_push_pop(g, [rng.randrange(10_000) for _ in range(12)])
