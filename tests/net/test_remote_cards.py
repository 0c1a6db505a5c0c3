"""RemoteSeatSession / RemoteTable (docs/design.md, "Remote play"): the Session seam over the wire.

Against the fake server (real games): the remote views equal the local game's view(seat) after the same
actions, legal actions arrive as Action objects, the log is appended from log_from, errors leave the game
unchanged, nothing can be undone."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.artischocken.engine import Action, IllegalAction, new_game
from game.artischocken.session import Session
from game.net.client.connection import Connection
from game.net.client.remote_cards import RemoteTable, action_from_dict, action_to_dict

from .fake_server import FakeServer
from .test_client import collect, wait_for


@pytest.fixture
def server() -> Iterator[FakeServer]:
    with FakeServer() as srv:
        yield srv


def create(url: str, seats: list[str], seed: int) -> dict:
    conn = Connection(url)
    try:
        conn.send({"type": "create", "room": "artischocken", "seats": seats, "seed": seed, "start_player": 0})
        return wait_for(collect(conn, [], "created"))
    finally:
        conn.close()


def test_action_wire_form_round_trips() -> None:
    for action in [Action("end_play"), Action("play", "leek", target=1), Action("choose", cards=("a", "b")),
                   Action("play", "rhubarb", option="x")]:
        assert action_from_dict(action_to_dict(action)) == action
    assert action_to_dict(Action("harvest", "peas")) == {"kind": "harvest", "card": "peas"}
    for bad in [None, {}, {"kind": 3}, {"kind": "play", "cards": "ab"}, {"kind": "play", "target": True}]:
        with pytest.raises(ValueError):
            action_from_dict(bad)


def pump_until(tables: list[RemoteTable], check, timeout: float = 5.0):  # type: ignore[no-untyped-def]
    def step():  # type: ignore[no-untyped-def]
        for table in tables:
            table.pump()
        return check()
    return wait_for(step, timeout)


def test_two_remote_seats_play_and_see_what_the_local_game_shows(server: FakeServer) -> None:
    created = create(server.url, ["remote", "remote", "greedy"], seed=11)
    tables = []
    for seat in (0, 1):
        conn = Connection(server.url)
        tables.append(RemoteTable.join(conn, created["table"], seat, created["tokens"][str(seat)]))
    try:
        pump_until(tables, lambda: all(t.session.ready for t in tables) and all(t.joined for t in tables))
        session: Session = tables[0].session  # satisfies the protocol
        assert session.can_undo() is False
        local = new_game(3, seed=11, start_player=0)
        rng = random.Random(3)
        for _ in range(12):
            if local.is_over:
                break
            actor = local.current_player
            if actor == 2:  # the server's bot: mirror what it did once the states arrive
                break
            table = tables[actor]
            pump_until(tables, lambda t=table: t.my_decision())
            assert table.session.legal_actions() == local.legal_actions()
            assert tables[1 - actor].session.legal_actions() == []
            action = rng.choice(table.session.legal_actions())
            before = table.session.states
            table.apply(action)
            assert table.session.waiting and table.session.legal_actions() == []
            local.apply(action)
            pump_until(tables, lambda t=table, b=before: t.session.states > b)
            if local.current_player == 2:
                break
            for seat in (0, 1):
                pump_until(tables, lambda s=seat: tables[s].session.log_size == local.log_size)
                assert tables[seat].session.view() == local.view(seat)
                assert tables[seat].session.log(3) == local.log_view(seat, 3)
        assert tables[0].session.log_size > 5
    finally:
        for table in tables:
            table.close()


def test_illegal_and_refused_actions_leave_the_game_unchanged(server: FakeServer) -> None:
    created = create(server.url, ["remote", "remote"], seed=2)
    table = RemoteTable.join(Connection(server.url), created["table"], 0, created["tokens"]["0"])
    other = RemoteTable.join(Connection(server.url), created["table"], 1, created["tokens"]["1"])
    try:
        pump_until([table, other], lambda: table.session.ready and other.session.ready)
        with pytest.raises(IllegalAction):
            other.apply(Action("end_play"))  # not its turn: refused here, nothing sent
        with pytest.raises(IllegalAction):
            table.apply(Action("harvest", "no such card"))
        with pytest.raises(IllegalAction):
            table.undo()
        view = table.session.view()
        # the server refuses an act (sent behind the session's back): the wait ends, the problem is kept
        legal = table.session.legal_actions()
        table.session.apply(legal[0])
        other.link.send({"type": "act", "action": {"kind": "end_play"}})
        errors: list[dict] = []
        wait_for(lambda: errors.extend(m for m in other.pump() if m["type"] == "error") or errors)
        assert errors[0]["code"] == "not_your_turn"  # (a state after it may have cleared session.problem)
        pump_until([table], lambda: not table.session.waiting)
        assert table.session.view() != view
    finally:
        table.close()
        other.close()


def test_why_unplayable_from_the_view(server: FakeServer) -> None:
    created = create(server.url, ["remote", "remote"], seed=5)
    table = RemoteTable.join(Connection(server.url), created["table"], 1, created["tokens"]["1"])
    try:
        pump_until([table], lambda: table.session.ready)
        assert table.session.why_unplayable("leek") == "not_your_turn"  # seat 0 starts
    finally:
        table.close()


def test_a_table_that_is_gone_is_ended() -> None:
    with FakeServer() as server:
        table = RemoteTable.join(Connection(server.url), "NOPE", 0, "x")
        try:
            pump_until([table], lambda: table.ended is not None)
            assert table.ended == "no_table"
        finally:
            table.close()
