"""Seats that survive: a seat taken by code is written to the user folder (``remote_seats.json``) and taken back
with its token when the same player joins with the code again, after leaving the table or restarting the
program; a stranger is never handed it. Against the real table server (``python -m game serve``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import settings
from game.i18n import t
from game.net.client.connection import Connection
from game.net.client.lobby import Seating
from game.net.client.seats import FILE_NAME, SeatBook, note_seating, take_seat
from game.net.client.servers import say_hello
from game.net.codes import make_code, parse_code
from game.screens.scene_network import NetworkScene

from .netserver import Client, create, join
from .test_client import wait_for
from .test_lobby_scene import run_until


@pytest.fixture(autouse=True)
def named(home: Path) -> None:
    """The player has a name already: the lobby does not ask for it (tests/net/test_lobby_home.py does)."""
    settings.change("player_name", "Tester")


@pytest.fixture
def full_table(real_server: str) -> Any:
    """A two-seat card table whose host sits at seat 0: one seat left for a friend. Yields (table, host)."""
    host = Client(real_server)
    created = create(host, ["remote", "remote"], seed=11)
    join(host, created["table"], 0, created["tokens"]["0"])
    yield created["table"]
    host.close()


def sit(book: SeatBook, url: str, table: str) -> Seating:
    """One client joining by code (the way the lobby does), until its seat is taken or refused."""
    seating = take_seat(book, Connection(url), url, "artischocken", table)
    wait_for(lambda: (seating.step(), seating.done)[-1])
    note_seating(book, url, seating)
    return seating


def server_id(url: str) -> str:
    """The id the server at ``url`` says it has."""
    hello = say_hello(url)
    assert hello is not None
    return hello.server


def hand_of(seating: Seating) -> Any:
    assert seating.remote is not None
    return seating.remote.session.view()["hand"]


def test_a_friend_takes_the_same_seat_back_after_leaving_and_after_a_restart(
        real_server: str, full_table: str, tmp_path: Path) -> None:
    friend_home = tmp_path / "friend"
    first = sit(SeatBook(friend_home / FILE_NAME), real_server, full_table.lower())  # typed in lower case
    assert first.phase == "ready" and first.seat == 1
    hand = hand_of(first)
    first.link.close()  # "Leave the table"
    saved = json.loads((friend_home / FILE_NAME).read_text("utf-8"))["seats"]
    key = f"{server_id(real_server)}/{full_table}"  # kept by the server's id, not by its address
    assert list(saved) == [key] and saved[key]["seat"] == 1 and saved[key]["url"] == real_server

    book = SeatBook(friend_home / FILE_NAME)
    again = sit(book, real_server, full_table)  # the table is full: only the token gets the seat back
    assert again.phase == "ready" and again.seat == 1 and hand_of(again) == hand
    again.link.close()

    restarted = sit(SeatBook(friend_home / FILE_NAME), real_server, full_table)  # a fresh program, same folder
    assert restarted.phase == "ready" and restarted.seat == 1 and hand_of(restarted) == hand

    stranger_book = SeatBook(tmp_path / "stranger" / FILE_NAME)
    stranger = sit(stranger_book, real_server, full_table)
    assert stranger.phase == "failed" and stranger.problem == "full"
    assert stranger.remote is None and stranger.token is None and stranger_book.seats == {}
    stranger.link.close()
    assert restarted.link.status == "open"  # the friend still sits: nobody took the seat
    restarted.link.close()


def test_a_table_that_is_gone_is_forgotten(real_server: str, tmp_path: Path) -> None:
    book = SeatBook(tmp_path / FILE_NAME)
    book.keep(real_server, "ABCD-EFGH", 1, "not-a-real-token", "artischocken")
    gone = sit(book, real_server, "ABCD-EFGH")
    gone.link.close()
    assert gone.problem == "no_table" and book.held(real_server, "ABCD-EFGH") is None
    assert SeatBook(tmp_path / FILE_NAME).seats == {}


def test_the_lobby_joins_by_code_again_into_the_same_seat(
        make_app: Callable[..., Any], home: Path, real_server: str, full_table: str) -> None:
    app = make_app(size=(1280, 800))
    port = int(real_server.rsplit(":", 1)[1])
    code = make_code("127.0.0.1", port, full_table)
    assert parse_code(code).url == real_server
    hands = []
    lobbies = []
    sid = server_id(real_server)
    for _ in range(2):
        lobby = NetworkScene(discover=False)  # a new lobby each time: it reads the seats from the user folder
        lobbies.append(lobby)
        app.push(lobby)
        app.frame()
        lobby.join_code(code)
        scene = run_until(app, lambda lobby=lobby: app.scene if app.scene is not lobby else None, timeout=15)
        assert scene.remote.seat == 1
        hands.append(scene.remote.session.view()["hand"])
        app.pop()  # leave the table
        app.frame()
        assert app.scene is lobby and SeatBook(home / FILE_NAME).held(real_server, full_table, sid) is not None
    assert hands[0] == hands[1]
    # a table over stays (with its result, until dismissed); one the server says is gone is forgotten
    lobby = lobbies[-1]
    for ended, kept in (("table_over", True), ("no_table", False)):
        lobby.join_code(code)
        scene = run_until(app, lambda: app.scene if app.scene is not lobby else None, timeout=15)
        scene.remote.ended = ended
        app.pop()
        app.frame()
        assert (SeatBook(home / FILE_NAME).held(real_server, full_table, sid) is not None) is kept
    while app.stack:
        app.pop()


def test_a_corrupt_seat_file_is_said_and_kept_aside(make_app: Callable[..., Any], home: Path) -> None:
    (home / FILE_NAME).write_text("{ not json", encoding="utf-8")
    app = make_app(size=(1280, 800))
    lobby = NetworkScene(discover=False)
    app.push(lobby)
    app.frame()
    assert lobby.join_status is not None and lobby.join_status[1] == "error"
    kept = home / "remote_seats.corrupt-1.json"
    assert kept.read_text("utf-8") == "{ not json" and not (home / FILE_NAME).exists()
    assert kept.name in lobby.join_status[0]
    assert lobby.join_status[0].startswith(t("net.join.seats_corrupt", reason="", kept="")[:20])


def test_a_seat_whose_token_is_refused_is_claimed_anew(
        make_app: Callable[..., Any], home: Path, real_server: str, full_table: str) -> None:
    """A saved token the server does not take (bad_token) is dropped, and a free seat is asked for instead
    (here seat 1, which nobody claimed yet): the new token is what the file holds then."""
    wrong = "a-token-that-is-not-seat-1s"
    SeatBook(home / FILE_NAME).keep(real_server, full_table, 1, wrong, "artischocken")
    app = make_app(size=(1280, 800))
    lobby = NetworkScene(discover=False)
    app.push(lobby)
    app.frame()
    lobby.join_code(make_code("127.0.0.1", int(real_server.rsplit(":", 1)[1]), full_table))
    scene = run_until(app, lambda: app.scene if app.scene is not lobby else None, timeout=15)
    assert scene.remote.seat == 1
    held = SeatBook(home / FILE_NAME).held(real_server, full_table, server_id(real_server))
    assert held is not None and held.seat == 1 and held.token != wrong
    while app.stack:
        app.pop()


def test_hosting_and_opening_the_table_keeps_exactly_one_entry_under_the_servers_id(
        make_app: Callable[..., Any], home: Path) -> None:
    """Every seat is kept under (server id, table): "Open the table" says hello too, so the host's seat is not
    written a second time under the address it was reached at (Your tables listed the table twice)."""
    from game.artischocken.table.scene_remote import RemoteTableScene
    from game.net.client.home_server import program_server

    from .test_lobby_scene import click

    app = make_app(size=(1280, 800))
    lobby = NetworkScene(discover=False, data=home / "server")
    app.push(lobby)
    app.frame()
    try:
        click(app, lobby.host_button.rect)
        hosted = run_until(app, lambda: lobby.hosted, timeout=30)
        click(app, lobby.open_button.rect)
        run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None, timeout=30)
        seats = json.loads((home / FILE_NAME).read_text(encoding="utf-8"))["seats"]
        assert len(seats) == 1, seats
        [(key, entry)] = seats.items()
        assert entry.get("server") and key == f"{entry['server']}/{hosted.table}"
    finally:
        app.pop() if isinstance(app.scene, RemoteTableScene) else None
        app.pop()
        server = program_server(app)
        if server is not None:
            server.end()
