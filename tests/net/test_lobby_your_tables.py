"""Your tables keep every game (docs/remote-play.md, "Your tables"): a finished table stays listed with who won
until the player dismisses it with the small control on its row (a click on the row loses nothing); its replay is
fetched once, written once into the Replays list, and ``python -m game replay FILE --verify`` holds it exact; a
table whose server came back on another port is found again by the server's id and taken back; the found list
offers the program's own server as the player's, once. Headless, with synthetic events; the real table server
(``python -m game serve``) where the wire matters."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import settings
from game.artischocken.seats import default_bot_name
from game.artischocken.table.scene_remote import RemoteTableScene
from game.i18n import t
from game.net.client.connection import Connection
from game.net.client.remote_cards import RemoteTable
from game.net.client.seats import FILE_NAME as SEATS_FILE
from game.net.client.seats import SeatBook
from game.net.client.servers import say_hello
from game.net.client.your_tables import SeatNews, TableNews, read_news
from game.net.discovery import FoundServer, OpenTable
from game.replay.store import replay_dir
from game.screens.table_words import over_words

from .netserver import Client, ServerProcess, create
from .test_lobby_home import Found, News, answering, lobby_app
from .test_lobby_scene import click, run_until


@pytest.fixture
def named(home: Path) -> str:
    settings.change("player_name", "Tom")
    return "Tom"


RESULT = {"winners": [1], "seats": [{"seat": 0, "name": "Tom", "score": 4}, {"seat": 1, "name": "Ann", "score": 0}]}


def test_a_finished_table_says_who_won_and_leaves_only_by_its_dismiss_control(
        make_app: Callable[..., Any], named: str, home: Path) -> None:
    url = "ws://192.168.1.20:8765"
    SeatBook(home / SEATS_FILE).keep(url, "DONE-0001", 0, "tok", "cactus")
    app, lobby = lobby_app(make_app, size=(1024, 700))
    lobby.watch = News({(url, "DONE-0001"): TableNews("cactus", True, None, (SeatNews(0, "Tom", "away"),),
                                                      state="over", result=RESULT)})
    app.frame()
    (row,) = lobby.tables
    assert row.state == "Over: Ann won" == over_words(RESULT, 0) and row.dismiss is not None
    assert not row.button.rect.colliderect(row.dismiss.rect)  # the control is its own, beside the row
    pygame.image.save(app.surface, str(home / "over-1024x700.png"))
    click(app, row.button.rect)  # the row itself: who won is said, nothing is lost
    assert lobby.join_status is not None and "Ann" in lobby.join_status[0]
    assert SeatBook(home / SEATS_FILE).held(url, "DONE-0001") is not None and len(lobby.tables) == 1
    click(app, row.dismiss.rect)
    assert SeatBook(home / SEATS_FILE).seats == {}
    app.frame()
    assert lobby.tables == []


def test_a_table_whose_server_stops_answering_keeps_the_names_it_said_last(
        make_app: Callable[..., Any], named: str, home: Path) -> None:
    """The row keeps "with Ann" (what the server said last) and says the server does not answer; the names are
    kept in the seat book, so a lobby opened again while the server is still down says them too."""
    from game.net.client.your_tables import UNREACHABLE

    url = "ws://192.168.1.20:8765"
    SeatBook(home / SEATS_FILE).keep(url, "PLAY-0001", 0, "tok", "cactus", server="srv")
    app, lobby = lobby_app(make_app, size=(1024, 700))
    news = News({(url, "PLAY-0001"): TableNews("cactus", False, 1, (SeatNews(0, "Tom", "here"),
                                                                   SeatNews(1, "Ann", "here")), state="playing")})
    lobby.watch = news
    app.frame()
    (row,) = lobby.tables
    with_ann = t("net.yours.with", game=t("launcher.cactus.name"), names="Ann")
    assert row.title == with_ann
    news.said = {(url, "PLAY-0001"): UNREACHABLE}
    news.version += 1
    app.frame()
    (row,) = lobby.tables
    assert (row.title, row.state, row.kind) == (with_ann, t("net.yours.unreachable"), "error")
    app2, lobby2 = lobby_app(make_app, size=(1024, 700))  # the program started again, the server still down
    lobby2.watch = News({(url, "PLAY-0001"): UNREACHABLE})
    app2.frame()
    (row,) = lobby2.tables
    assert (row.title, row.state) == (with_ann, t("net.yours.unreachable"))


def test_a_card_tables_bots_are_named_as_the_table_names_them_and_its_result_too() -> None:
    """The card table's server names no bot (they go by their kind): the news names each as the table screen does,
    and a nameless seat of the result takes its seat's name (never "Player 3" beside "Ada wins!")."""
    news = read_news({"type": "table", "room": "artischocken", "over": True, "turn": None, "state": "over",
                      "seats": [{"seat": 0, "name": "Tom", "kind": "remote", "state": "here"},
                                {"seat": 1, "name": None, "kind": "bot", "state": "bot"},
                                {"seat": 2, "name": None, "kind": "bot", "state": "bot"}],
                      "result": {"winners": [2], "seats": [{"seat": 0, "name": "Tom", "score": 3},
                                                           {"seat": 1, "name": None, "score": 2},
                                                           {"seat": 2, "name": None, "score": 0}]}})
    assert news is not None and news.result is not None
    assert [s.name for s in news.seats] == ["Tom", default_bot_name(0), default_bot_name(1)]
    assert over_words(news.result, 0) == t("net.yours.over_one", name=default_bot_name(1))
    cactus = read_news({"type": "table", "room": "cactus", "over": False, "turn": 0,
                        "seats": [{"seat": 0, "name": "Saguaro", "kind": "bot", "state": "bot"}]})
    assert cactus is not None and cactus.seats[0].name == "Saguaro"  # a Cactus table names its bots itself


def test_who_won_in_plain_words() -> None:
    both = {**RESULT, "winners": [0, 1]}
    assert over_words(RESULT, 1) == t("net.yours.over_you") == "Over: you won"
    assert over_words(both, 0) == "Over: you and Ann won"
    assert over_words({"winners": [], "seats": []}, 0) == "Over"
    nameless = {"winners": [2], "seats": []}
    assert over_words(nameless, 0) == t("net.yours.over_one", name=t("presence.player", n=3))


def test_the_own_server_is_offered_as_the_players_once(make_app: Callable[..., Any], named: str, home: Path) -> None:
    app, lobby = lobby_app(make_app)
    lobby.servers = answering({"ws://192.168.1.20:8765": "mine", "ws://127.0.0.1:8765": "mine"})
    lobby.home_id = "mine"
    lobby.browser = Found([FoundServer("Tom", "127.0.0.1", 8765, (OpenTable("OPEN-0001", "cactus", 1),), "mine"),
                           FoundServer("Tom", "192.168.1.20", 8765, (OpenTable("OPEN-0001", "cactus", 1),), "mine")])
    app.frame()
    assert [button.label for _, button in lobby.found_buttons] == [
        t("net.found.entry_one", host=t("net.found.yours"), room=t("launcher.cactus.name"))]
    assert [code for code, _ in lobby.found_buttons] == ["192.168.1.20:8765/OPEN-0001"]


def play_out(url: str) -> tuple[str, str]:
    """A card table of one person and a bot, played to its end by this test: (table, the server's id)."""
    conn = Connection(url)
    created = create(Client(url), ["remote", "greedy"], hold=True, player="p-test")
    remote = RemoteTable.join(conn, created["table"], 0, created["tokens"]["0"])
    deadline = time.monotonic() + 120
    while not remote.session.is_over and time.monotonic() < deadline:
        remote.pump()
        if remote.my_decision():
            remote.apply(remote.session.legal_actions()[0])
        time.sleep(0.002)
    assert remote.session.is_over
    conn.close()
    hello = say_hello(url)
    assert hello is not None
    return created["table"], hello.server


def test_a_finished_tables_replay_is_written_once_and_verifies_exact(
        make_app: Callable[..., Any], named: str, home: Path, tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "server")
    try:
        table, server_id = play_out(server.url)
        SeatBook(home / SEATS_FILE).keep(server.url, table, 0, "tok", "artischocken", server_id)
        app, lobby = lobby_app(make_app)
        row = run_until(app, lambda: next((r for r in lobby.tables if r.kind == "over"), None), timeout=20)
        assert row.state.startswith(t("net.yours.over"))
        bot = default_bot_name(0)  # the bot as the card table names it: the same name on every screen
        assert row.title == t("net.yours.with", game=t("launcher.artischocken.name"), names=bot)
        assert "greedy" not in row.state and t("presence.player", n=2) not in row.state
        run_until(app, lambda: SeatBook(home / SEATS_FILE).held(server.url, table, server_id).replay, timeout=20)
        written = list(replay_dir().glob("*.json"))
        assert len(written) == 1 and table in written[0].name
        assert [seat["name"] for seat in json.loads(written[0].read_text())["seats"]][1] == bot
        verified = subprocess.run([sys.executable, "-m", "game", "replay", str(written[0]), "--verify"],
                                  capture_output=True, text=True, timeout=120)
        assert verified.returncode == 0, verified.stdout + verified.stderr
        stamp = written[0].stat().st_mtime_ns
        app.pop()
        app2, again = lobby_app(make_app)  # the lobby again: the replay is not asked for, nor written, again
        run_until(app2, lambda: next((r for r in again.tables if r.kind == "over"), None), timeout=20)
        assert [p.stat().st_mtime_ns for p in replay_dir().glob("*.json")] == [stamp]
    finally:
        assert server.stop() == 0


def test_a_table_is_found_again_by_its_servers_id_after_a_restart_on_another_port(
        make_app: Callable[..., Any], named: str, home: Path, tmp_path: Path) -> None:
    first = ServerProcess(tmp_path / "server")
    host = Client(first.url)
    created = create(host, ["remote", "remote"], hold=True, player="p-host")
    host.close()
    hello = say_hello(first.url)
    assert hello is not None
    SeatBook(home / SEATS_FILE).keep(first.url, created["table"], 0, created["tokens"]["0"], "artischocken",
                                     hello.server)
    assert first.stop() == 0
    second = ServerProcess(tmp_path / "server")  # the same data folder: the same id, another port
    try:
        assert second.url != first.url
        app, lobby = lobby_app(make_app)
        port = int(second.url.rsplit(":", 1)[1])
        # heard on the network under its new address (the announcement carries the id)
        lobby.browser = Found([FoundServer("Host", "127.0.0.1", port, (OpenTable("X", "artischocken", 1),),
                                           hello.server)])
        row = run_until(app, lambda: next((r for r in lobby.tables if r.state not in (
            t("net.yours.asking"), t("net.yours.unreachable"))), None), timeout=30)
        assert row.key == f"{hello.server}/{created['table']}"
        click(app, row.button.rect)
        scene = run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None, timeout=20)
        assert scene.remote.seat == 0 and scene.remote.table_id == created["table"]
        app.pop()
        held = SeatBook(home / SEATS_FILE).held("", created["table"], hello.server)
        assert held is not None and held.url == second.url  # asked there first next time
    finally:
        assert second.stop() == 0
