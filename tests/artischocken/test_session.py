"""SeatSession: one seat's window on a local game (docs/design.md, contract ``game.artischocken.session``; A-G2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.artischocken import Action, IllegalAction, new_game
from game.artischocken.session import SeatSession, sessions_for


def _walk(players: int, seed: int, steps: int):
    """A seeded random game, yielding (game, sessions) before each action."""
    game = new_game(players, seed=seed)
    sessions = sessions_for(game)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        yield game, sessions
        actor = game.current_player
        assert actor is not None
        sessions[actor].apply(rng.choice(sessions[actor].legal_actions()))


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_A_G2_session_view_legal_and_log_are_the_seats_own(players: int, seed: int) -> None:
    marks = [0] * players
    for game, sessions in _walk(players, seed, 120):
        for s, session in enumerate(sessions):
            assert session.seat == s
            assert session.view() == game.view(s)
            deciding = game.current_player == s
            assert session.legal_actions() == (game.legal_actions() if deciding else [])
            # the seat's log: the view's log, and entries since a mark are the tail of it
            assert session.log() == game.view(s)["log"]
            assert session.log(marks[s]) == game.view(s, log_since=marks[s])["log"]
            marks[s] = session.log_size


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_other_seats_turns_are_refused_and_the_game_is_unchanged(players: int, seed: int) -> None:
    for game, sessions in _walk(players, seed, 60):
        actor = game.current_player
        before = game.to_dict()
        legal = game.legal_actions()
        for s, session in enumerate(sessions):
            if s == actor:
                continue
            for action in legal[:3]:
                with pytest.raises(IllegalAction):
                    session.apply(action)
            assert game.to_dict() == before


def test_an_illegal_action_for_the_deciding_seat_is_refused_unchanged() -> None:
    game = new_game(2, seed=3)
    session = SeatSession(game, game.current_player or 0)
    before = game.to_dict()
    with pytest.raises(IllegalAction):
        session.apply(Action("play", "broccoli"))  # harvest comes first (A-T3)
    assert game.to_dict() == before


def test_a_session_needs_a_seat_of_the_game() -> None:
    game = new_game(3, seed=1)
    for bad in (-1, 3, True, "0"):
        with pytest.raises(ValueError):
            SeatSession(game, bad)  # type: ignore[arg-type]


def test_undo_takes_back_the_seats_own_decisions_until_a_reveal() -> None:
    """Undo: a human seat's harvest and plays of this turn can be taken back, exactly; not across a reveal."""
    game = new_game(2, seed=11, start_player=0)
    me = SeatSession(game, 0, undoable=True)
    start = game.to_dict()
    harvest = me.legal_actions()[0]
    me.apply(harvest)
    assert me.last_hidden is False and me.can_undo()
    me.undo()
    assert game.to_dict() == start and not me.can_undo()
    with pytest.raises(IllegalAction):
        me.undo()
    me.apply(harvest)
    me.apply(Action("end_play"))  # the turn ends: the draw is hidden, the next seat decides
    assert me.last_hidden is True and not me.can_undo()


def test_a_bot_session_acts_for_good() -> None:
    game = new_game(2, seed=5, start_player=0)
    human, bot = SeatSession(game, 0, undoable=True), SeatSession(game, 1)
    human.apply(human.legal_actions()[0])
    assert human.can_undo()
    assert not bot.can_undo()  # not its decision, nor its move
    human.apply(Action("end_play"))
    bot.apply(bot.legal_actions()[0])
    assert not game.undo_stack and bot.last_hidden is True


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 50), min_size=1, max_size=8))
def test_undo_of_every_kept_decision_restores_the_exact_position(seed: int, picks: list[int]) -> None:
    game = new_game(2, seed=seed, start_player=0)
    me = SeatSession(game, 0, undoable=True)
    positions = [game.to_dict()]
    for pick in picks:
        if game.current_player != 0:
            break
        legal = me.legal_actions()
        me.apply(legal[pick % len(legal)])
        if me.last_hidden:
            positions = []
            break
        positions.append(game.to_dict())
    while me.can_undo():
        positions.pop()
        me.undo()
        assert game.to_dict() == positions[-1]
