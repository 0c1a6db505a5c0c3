"""Hosting and joining by code survive a lost answer and a quick claimer (the real real_server, ``python -m game
serve``): a ``create`` with ``hold`` keeps the host's seat from every claim even before the host's join, and a
``create`` or ``claim`` asked again with its ``request`` id (after a reconnect) gets the same answer again, never a
second table or a second seat; the lobby's :class:`~game.net.client.lobby.Seating` asks again after a reconnect."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.net.client.lobby import Seating

from .netserver import Client, ServerProcess, create, join
from .test_malformed_input import ScriptedLink


def test_a_held_seat_is_never_claimed_even_before_the_host_joins(real_server: str) -> None:
    host, other, late = Client(real_server), Client(real_server), Client(real_server)
    created = create(host, ["remote", "remote"], seed=3, hold=True)
    table = created["table"]
    claimed = other.ask({"type": "claim", "table": table})  # before the host's join
    assert claimed["type"] == "claimed" and claimed["seat"] == 1, claimed
    assert late.ask({"type": "claim", "table": table})["code"] == "table_full"
    assert join(host, table, 0, created["tokens"]["0"])["view"]["seat"] == 0  # the host's token still holds
    for client in (host, other, late):
        client.close()


def test_without_hold_the_first_seat_is_free_to_claim(real_server: str) -> None:
    host, other = Client(real_server), Client(real_server)
    table = create(host, ["remote", "remote"], seed=3)["table"]
    assert other.ask({"type": "claim", "table": table})["seat"] == 0  # the format as before: nothing kept
    host.close()
    other.close()


def test_a_create_asked_again_gets_the_same_table_and_tokens_until_a_seat_is_joined(real_server: str) -> None:
    first, again, later = Client(real_server), Client(real_server), Client(real_server)
    message = {"type": "create", "room": "artischocken", "seats": ["remote", "remote"], "seed": 4, "hold": True,
               "request": "req-create-1"}
    a = first.ask(message)
    first.close()  # the connection drops; the answer may never have arrived
    b = again.ask(message)
    assert a["type"] == "created" and b == a  # the same table, the same tokens: nothing made twice
    join(again, a["table"], 0, a["tokens"]["0"])
    c = later.ask(message)  # a seat of it is joined: the request is not asked for again, a new table
    assert c["type"] == "created" and c["table"] != a["table"]
    again.close()
    later.close()


def test_a_claim_asked_again_gets_the_same_seat_and_token(real_server: str) -> None:
    host, claimer, again, other = Client(real_server), Client(real_server), Client(real_server), Client(real_server)
    created = create(host, ["remote", "remote", "remote"], seed=5, hold=True)
    table = created["table"]
    message = {"type": "claim", "table": table, "request": "req-claim-1"}
    a = claimer.ask(message)
    claimer.close()
    b = again.ask(message)
    assert a["type"] == "claimed" and b == a  # the same seat and token
    c = other.ask({"type": "claim", "table": table, "request": "req-claim-2"})
    assert c["type"] == "claimed" and c["seat"] != a["seat"]  # another claimer gets another seat
    state = join(again, table, a["seat"], a["token"])
    assert state["view"]["seat"] == a["seat"]
    for client in (host, again, other):
        client.close()


@pytest.mark.parametrize("bad", [5, "", "no spaces", "x" * 65])
def test_a_request_id_that_is_not_one_is_a_bad_message(real_server: str, bad: Any) -> None:
    client = Client(real_server)
    reply = client.ask({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"], "request": bad})
    assert reply["type"] == "error" and reply["code"] == "bad_message" and "request" in reply["message"]
    client.close()


class ReconnectingLink(ScriptedLink):
    """A scripted link that can drop and come back (its ``reconnects`` count, as Connection has it)."""

    reconnects = 0


@pytest.mark.parametrize("how", ["host", "join"])
def test_the_lobby_asks_again_after_a_reconnect_and_takes_the_one_answer(how: str) -> None:
    link = ReconnectingLink()
    if how == "host":
        seating = Seating.host(link, "artischocken", ["remote", "remote"], seed=1)
        answer: dict[str, Any] = {"type": "created", "table": "AAAA-BBBB", "tokens": {"0": "tok0", "1": "tok1"}}
    else:
        seating = Seating.join(link, "artischocken", "AAAA-BBBB")
        answer = {"type": "claimed", "table": "AAAA-BBBB", "room": "artischocken", "seat": 1, "token": "tok1"}
    asked = link.sent[-1]
    assert asked["type"] == ("create" if how == "host" else "claim") and asked["request"]
    assert asked.get("hold") is (True if how == "host" else None)
    seating.step()
    assert len(link.sent) == 1  # nothing new while the connection stays
    link.reconnects += 1  # the connection dropped and came back; the answer was lost
    seating.step()
    assert link.sent[-1] == asked and len(link.sent) == 2  # the same request, its id included
    link.inbox += [answer, answer]  # both askings are answered, alike
    seating.step()
    joins = [m for m in link.sent if m["type"] == "join"]
    assert joins == [{"type": "join", "table": "AAAA-BBBB", "seat": answer.get("seat", 0),
                      "token": "tok0" if how == "host" else "tok1"}]
    link.reconnects += 1  # a drop now: the connection sends the join again itself, the request is done
    seating.step()
    assert [m["type"] for m in link.sent].count(asked["type"]) == 2


def test_the_held_seat_stays_held_when_the_server_resumes_its_tables(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path)
    host = Client(first.url)
    created = create(host, ["remote", "remote"], seed=6, hold=True)
    host.close()
    assert first.stop() == 0  # saved at once on SIGTERM
    second = ServerProcess(tmp_path)
    try:
        other = Client(second.url)
        claimed = other.ask({"type": "claim", "table": created["table"]})
        assert claimed["type"] == "claimed" and claimed["seat"] == 1, claimed
        other.close()
    finally:
        assert second.stop() == 0
