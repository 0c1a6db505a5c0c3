"""The server's pieces in process: the wire checks (game.net.wire), the Artischocken table (game.net.server.cards_table)
and the room registry (docs/design.md "Remote play"; A-G2 for what each audience sees)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.artischocken import Action, new_game
from game.net import wire
from game.net.server import cards_table, registry
from game.net.server.room_table import SPECTATORS, TableError

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=4), max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_wire_any_json_is_a_message_or_a_bad_message(value: Any) -> None:
    """Remote play: every frame is checked before it touches a game; a bad one is bad_message, never a crash."""
    try:
        message = wire.parse(json.dumps(value))
    except TableError as exc:
        assert exc.code == "bad_message"
    else:
        assert isinstance(message, dict) and isinstance(message["type"], str)
    try:
        action = wire.action_from_json(value)
    except TableError as exc:
        assert exc.code == "bad_message"
    else:
        assert isinstance(action, Action)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_wire_actions_round_trip(seed: int, moves: int) -> None:
    """Remote play: legal actions go out with all their fields and come back as the same Action."""
    game = new_game(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        for action in game.legal_actions():
            assert wire.action_from_json(json.loads(json.dumps(wire.action_to_json(action)))) == action
        game.apply(rng.choice(game.legal_actions()))


def test_wire_absent_fields_take_their_defaults() -> None:
    assert wire.action_from_json({"kind": "end_play"}) == Action("end_play")
    assert wire.action_from_json({"kind": "play", "card": "corn", "cards": ["peas"]}) == \
        Action("play", "corn", cards=("peas",))


@pytest.mark.parametrize("raw", [b"{}", "{", "[]", "3", '{"type": null}', '{"typ": "act"}'])
def test_wire_bad_frames(raw: str | bytes) -> None:
    with pytest.raises(TableError) as info:
        wire.parse(raw)
    assert info.value.code == "bad_message"


def table(seats: list[str], seed: int = 1, **options: Any) -> cards_table.CardsTable:
    return cards_table.create({"type": "create", "room": "artischocken", "seats": seats, "seed": seed,
                               "start_player": 0, **options})


def test_table_states_carry_the_view_and_the_log_since_the_last_state() -> None:
    """Remote play: view = Game.view(seat, log_since=K), K = 0 after a join, then the last state's log_size."""
    t = table(["remote", "remote"])
    local = new_game(2, seed=1, start_player=0)
    [(seat, first)] = t.join(0)
    assert seat == 0 and first["view"] == local.view(0) and first["log_from"] == 0
    action = local.legal_actions()[0]
    out = dict(t.act(0, {"type": "act", "action": wire.action_to_json(action)}))
    since = local.log_size
    local.apply(action)
    assert out[0]["view"] == local.view(0, log_since=since) and out[0]["log_from"] == since
    assert out[1]["legal"] == [] and out[1]["view"] == local.view(1, log_since=since)


def test_table_spectators_see_no_hand_and_no_private_card() -> None:
    """A-G2: the spectators' view has no hand, no known deck top and no card of a private log entry."""
    t = table(["remote", "remote", "remote"], seed=4)
    rng = random.Random(4)
    for _ in range(40):
        actor = t.game.current_player
        if actor is None:
            break
        t.act(actor, {"type": "act", "action": wire.action_to_json(rng.choice(t.game.legal_actions()))})
    [(audience, state)] = t.join(None)
    assert audience == SPECTATORS and state["legal"] == []
    view = state["view"]
    assert view["seat"] is None and view["hand"] == [] and view["deck_top_known"] == []
    assert all(e["cards"] is None for e in view["log"] if not e["public"])
    assert any(not e["public"] for e in view["log"])  # the draws at least: there was something to hide
    assert view["garden_row"] == t.game.view(0)["garden_row"]


def test_table_refusals_leave_the_game_as_it_was() -> None:
    t = table(["remote", "remote"])
    before = json.dumps(t.to_dict())
    for seat, message, code in [
        (1, {"type": "act", "action": {"kind": "end_play"}}, "not_your_turn"),
        (0, {"type": "act", "action": {"kind": "end_play"}}, "illegal"),
        (0, {"type": "act", "action": {"kind": "play", "card": "nothing"}}, "bad_message"),
        (0, {"type": "move"}, "bad_message"),
    ]:
        with pytest.raises(TableError) as info:
            t.act(seat, message)
        assert info.value.code == code
    assert json.dumps(t.to_dict()) == before


def test_table_bot_seats_and_a_seat_taken_over_then_taken_back() -> None:
    t = table(["remote", "greedy"])
    assert not t.bot_due()
    t.seat_to_bot(0, "greedy")
    moves = 0
    while t.bot_due() and moves < 30:
        t.bot_move()
        moves += 1
    assert moves == 30 or t.is_over
    [(_, state)] = t.join(0)  # the player is back: the seat is remote again
    assert t.seats == ["remote", "greedy"] and not (t.game.current_player == 0 and t.bot_due())
    assert state["view"] == t.game.view(0)


def test_table_resumes_exactly_from_its_dict() -> None:
    t = table(["remote", "random", "remote"], seed=9, rhubarb=True)
    rng = random.Random(9)
    for _ in range(25):
        if t.bot_due():
            t.bot_move()
        elif t.game.current_player is not None:
            seat = t.game.current_player
            t.act(seat, {"type": "act", "action": wire.action_to_json(rng.choice(t.game.legal_actions()))})
    back = cards_table.resume(json.loads(json.dumps(t.to_dict())))
    assert back.seats == t.seats and back.mark == t.mark
    assert all(back.game.view(s) == t.game.view(s) for s in range(3))
    with pytest.raises(ValueError):
        cards_table.resume({"format": "something else"})


@pytest.mark.parametrize("message", [
    {"room": "artischocken", "seats": ["remote"]},
    {"room": "artischocken", "seats": ["remote"] * 5},
    {"room": "artischocken", "seats": ["remote", "remote"], "start_player": 2},
    {"room": "artischocken", "seats": ["remote", "remote"], "rhubarb": "yes"},
    {"room": 3, "seats": ["remote", "remote"]},
])
def test_registry_refuses_bad_creates(message: dict[str, Any]) -> None:
    with pytest.raises(TableError) as info:
        registry.create(message)
    assert info.value.code == "bad_message"


def test_table_a_failing_bot_plays_its_first_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that raises does not stall the table (the review's finding): its seat takes the first legal action,
    every remote seat hears of it, and the game goes on."""
    t = table(["remote", "greedy"], seed=3, start_player=1)
    assert t.bot_due()

    def broken(*_: Any) -> Any:
        raise RuntimeError("bot bug")

    monkeypatch.setattr(cards_table, "bot_decision", broken)
    expected = t.game.legal_actions()[0]
    twin = new_game(2, seed=3, start_player=1)
    twin.apply(expected)
    deliveries = t.bot_move()
    assert t.game.to_dict() == twin.to_dict()
    assert [seat for seat, msg in deliveries if msg["type"] == "state"][0] == 0
