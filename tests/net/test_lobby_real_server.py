"""The lobby against the real table server (``python -m game serve``): ``claim`` hands out free
seats with new tokens (never the host's, never one twice, ``table_full`` after), and a table hosted from the
lobby is played by two remote seats through the card table scene."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import settings
from game.artischocken.table.scene_remote import RemoteTableScene
from game.net.client.connection import Connection
from game.net.client.home_server import program_server
from game.net.client.lobby import Seating
from game.net.client.servers import FindsAgain, say_hello
from game.net.codes import parse_code
from game.screens.scene_network import NetworkScene

from .netserver import Client, create, join
from .test_client import wait_for
from .test_lobby_scene import click, play_both, run_until


@pytest.fixture(autouse=True)
def named(home: Path) -> None:
    """The player has a name already: the lobby does not ask for it (tests/net/test_lobby_home.py does)."""
    settings.change("player_name", "Tester")


def test_claim_hands_out_free_seats_with_new_tokens(real_server: str) -> None:
    host = Client(real_server)
    created = create(host, ["remote", "remote", "remote", "greedy"], seed=1)
    table = created["table"]
    join(host, table, 0, created["tokens"]["0"])  # the host holds seat 0
    claims = []
    for _ in range(2):
        c = Client(real_server)
        claimed = c.ask({"type": "claim", "table": table})
        assert claimed["type"] == "claimed" and claimed["room"] == "artischocken", claimed
        assert claimed["token"] not in created["tokens"].values()  # a new token, the host's copy is void
        claims.append((c, claimed))
    assert sorted(claimed["seat"] for _, claimed in claims) == [1, 2]
    c, claimed = claims[0]
    state = join(c, table, claimed["seat"], claimed["token"])
    assert state["view"]["seat"] == claimed["seat"]
    late = Client(real_server)
    assert late.ask({"type": "claim", "table": table})["code"] == "table_full"
    assert late.ask({"type": "claim", "table": table.lower()})["code"] == "table_full"  # found, typed lower
    assert re.fullmatch(r"[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}", table)  # a code people can read out
    assert late.ask({"type": "claim", "table": "nosuchtbl"})["code"] == "no_table"
    stale = late.ask({"type": "join", "table": table, "seat": 2, "token": created["tokens"]["2"]})
    assert stale["code"] == "bad_token"
    for client in (host, late, *(c for c, _ in claims)):
        client.close()


def test_a_refused_create_is_said_in_the_servers_words(real_server: str) -> None:
    link = Connection(real_server)
    try:
        seating = Seating.host(link, "chess", ["remote", "remote"])
        wait_for(lambda: (seating.step(), seating.done)[-1])
        assert seating.phase == "failed" and seating.problem == "refused" and "artischocken" in seating.detail
    finally:
        link.close()


def test_hosted_in_the_lobby_and_played_through_the_scene(make_app: Callable[..., Any], home: Path) -> None:
    """The lobby starts the real server itself (``python -m game serve --port 0``), hosts, shows the code; a
    second player claims a seat by that code; both play card turns, the host through the table scene."""
    app = make_app(size=(1280, 800))
    lobby = NetworkScene(data=home / "server", discover=False)
    app.push(lobby)
    app.frame()
    try:
        click(app, lobby.host_button.rect)
        hosted = run_until(app, lambda: lobby.hosted, timeout=20)
        code = parse_code(hosted.code)
        assert code.table == hosted.table and hosted.free == 1
        assert lobby.server is not None and lobby.server.port == code.port
        run_until(app, lambda: lobby.seat_names().get(0) == "Tester", timeout=15)  # the server told the names
        assert lobby.seats_free() == 1  # the friend's seat; the host's own, not sat at yet, is not free
        guest_link = Connection(f"ws://127.0.0.1:{code.port}")
        guest = Seating.join(guest_link, "artischocken", code.table)
        wait_for(lambda: (guest.step(), guest.done)[-1])
        assert guest.phase == "ready" and guest.seat == 1 and guest.remote is not None
        other = guest.remote
        wait_for(lambda: (other.pump(), other.session.presence.get(0) is not None)[-1])
        host_seat = other.session.presence.get(0)
        assert host_seat is not None and host_seat.name == "Tester"
        assert host_seat.state == "waiting"  # the host has not opened the table yet: the friend is told so
        click(app, lobby.open_button.rect)
        scene = run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None)
        assert scene.remote.seat == 0
        find = getattr(scene.remote.link, "find", None)  # the server back elsewhere is looked for by its id, where
        assert isinstance(find, FindsAgain) and find.places == lobby.places  # the lobby looks
        hello = say_hello(f"ws://127.0.0.1:{code.port}")
        assert hello is not None and find.server == hello.server
        wait_for(lambda: (app.frame(), other.pump(), getattr(other.session.presence.get(0), "state", ""))[-1]
                 == "here")
        assert play_both(app, scene, other, 8) >= 8
        wait_for(lambda: (app.frame(), other.pump(), other.session.log_size == scene.remote.session.log_size
                          and not scene.remote.session.waiting and not other.session.waiting)[-1])  # none in flight
        mine, theirs = scene.remote.session.log(0), other.session.log(0)
        assert [e for e in mine if e["public"]] == [e for e in theirs if e["public"]]
        # the host leaves the table and comes back: the seat is taken again with its token, the game as it was
        app.pop()
        assert app.scene is lobby and scene.remote.link.status == "closed"
        click(app, lobby.open_button.rect)
        again = run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None)
        assert again is not scene and again.remote.session.log(0) == mine
        other.close()
    finally:
        while len(app.stack) > 0 and app.scene is not None:
            app.pop()
        server = program_server(app)  # the program's server outlives the lobby: ended here by hand
        if server is not None:
            server.end()


def test_a_seat_joined_elsewhere_is_not_fought_over(real_server: str) -> None:
    """The server closes the first connection with 4000 when the seat is joined from a second one: the first
    does not reconnect (that would take the seat back and forth) but fails with the server's reason."""
    host = Client(real_server)
    created = create(host, ["remote", "greedy"], seed=2)
    host.close()
    token = created["tokens"]["0"]
    first = Connection(real_server, backoff=(0.1,))
    first.send({"type": "join", "table": created["table"], "seat": 0, "token": token})
    wait_for(lambda: any(m["type"] == "state" for m in first.poll()))
    second = Connection(real_server, backoff=(0.1,))
    second.send({"type": "join", "table": created["table"], "seat": 0, "token": token})
    try:
        wait_for(lambda: first.status == "failed")
        assert first.close_code == 4000 and "another connection" in (first.error or "")
        time.sleep(0.3)
        assert second.status == "open" and first.reconnects == 0
    finally:
        first.close()
        second.close()
