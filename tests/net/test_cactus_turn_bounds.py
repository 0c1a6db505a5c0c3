"""The bounds of a remote Cactus turn (game.net.cactus_stream, game.net.server.cactus_table): a message asks for at
most a few seconds of physics, and a turn that would pass its bounds (steps, simulated seconds, entries, bytes, or
the server's time) is finished by the table's bot; the seat is the player's again at its next turn (C-T2)."""

from __future__ import annotations

import pytest

from game.cactus.match import Stage
from game.net import cactus_stream
from game.net.server import cactus_table
from game.net.server.room_table import TableError

from .helpers_cactus_net import Loop


def test_a_message_asking_for_more_physics_than_the_bound_is_refused_and_changes_nothing() -> None:
    loop = Loop(["remote", "remote"], seed=3)
    seat = loop.table.match.current
    before = loop.table.to_dict()
    heavy = {"type": "input", "turn": loop.table.turn, "seq": 0, "items": [["s", 140, 0.05]]}  # 7 s of physics
    with pytest.raises(TableError) as info:
        loop.table.act(seat, heavy)
    assert info.value.code == "bad_message" and "physics" in info.value.message
    assert loop.table.to_dict() == before
    light = {"type": "input", "turn": loop.table.turn, "seq": 0, "items": [["s", 120, 0.05]]}  # 6 s: allowed
    loop.table.act(seat, light)


def test_seconds_in_counts_each_step_at_its_dt_and_a_settle_at_its_cap() -> None:
    assert cactus_stream.seconds_in([3, ["s", 2, 0.05], 4], 0.01) == pytest.approx(0.03 + 0.1 + 0.2)
    assert cactus_stream.seconds_in([["z", 2.5], ["z"]], None) == pytest.approx(2.5 + 6.0)


@pytest.mark.parametrize(("bound", "limit", "value"), [("entries", "MAX_TURN_ENTRIES", 600),
                                                       ("bytes", "MAX_TURN_BYTES", 6000),
                                                       ("steps", "MAX_TURN_STEPS", 700),
                                                       ("seconds", "MAX_TURN_SECONDS", 5.0)])
def test_a_turn_past_its_bound_is_finished_by_the_bot_and_the_seat_plays_its_next_turn_again(
        monkeypatch: pytest.MonkeyPatch, bound: str, limit: str, value: float) -> None:
    monkeypatch.setattr(cactus_table, limit, value)
    loop = Loop(["remote", "bot"], seed=5, start_player=0)
    table = loop.table
    seat = 0
    link = loop.links[seat]
    turn = table.turn
    # a client streaming pointer moves and steps as fast as it may (what the stream abuser does)
    replies = []
    for seq in range(200):
        items: list[object] = [[1, 1]] * 100 if bound in ("entries", "bytes") else [["s", 100, 0.01]]
        try:
            replies = table.act(seat, {"type": "input", "turn": turn, "seq": seq, "items": items})
        except TableError as exc:
            pytest.fail(f"input {seq} refused before the bound: {exc.code}")
        if any(m["type"] == "turn_limit" for _, m in replies):
            break
    else:
        pytest.fail("the turn never met its bound")
    told = [m for s, m in replies if m["type"] == "turn_limit"]
    assert told == [{"type": "turn_limit", "seat": seat, "turn": turn, "bound": bound}]
    assert [s for s, m in replies if m["type"] == "turn_limit"] == [seat]  # only the seat is told why
    assert table.seats[seat] != "remote" and table.bot_due()
    with pytest.raises(TableError) as info:  # the player's input is not taken any more this turn
        table.act(seat, {"type": "input", "turn": turn, "seq": seq, "items": [[1, 1]]})
    assert info.value.code == "not_your_turn"
    loop.route(replies)
    for _ in range(3000):  # the bot finishes the turn
        if table.turn != turn:
            break
        loop.route(table.bot_move())
    assert table.turn != turn and table.seats[seat] == "remote"
    loop.pump(bots=True)
    assert link.turn_limits == 1
    for _ in range(3000):  # the bot seat's own turn
        if table.match.current == seat or table.match.is_over:
            break
        loop.route(table.bot_move())
        loop.pump(bots=False)
    assert table.match.current == seat and table.seats[seat] == "remote"
    assert link.active and link.match is not None and link.match.stage == Stage.ROLL


def test_an_overdue_turn_of_a_person_is_finished_by_the_bot_and_a_bot_turn_is_left_alone() -> None:
    loop = Loop(["remote", "bot"], seed=2, start_player=0)
    table = loop.table
    replies = table.overdue()
    assert ("turn_limit" in [m["type"] for _, m in replies]) and table.bot_due()
    assert [m["bound"] for _, m in replies if m["type"] == "turn_limit"] == ["time"]
    turn = table.turn
    for _ in range(3000):
        if table.turn != turn:
            break
        table.bot_move()
    assert table.match.current == 1 and table.overdue() == []  # the bot's own turn: nothing to end
