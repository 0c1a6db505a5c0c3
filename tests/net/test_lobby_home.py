"""The lobby as two friends use it, headless with synthetic events: the player's name is asked once and goes with
every seat taken; the program's own server outlives the lobby, keeps its port and, on quitting with a hosted
table in play, asks whether it keeps running; "Your tables" lists the seats held with how each table stands and
takes one back with a click; the found list leaves out the player's own tables; a code typed after an error,
or with spaces in it, joins. Against the real table server (``python -m game serve``) where it matters."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import settings
from game.artischocken.table.scene_remote import RemoteTableScene
from game.i18n import t
from game.net.client.home_server import FILE_NAME, HomeServer, answers, program_server, read_saved
from game.net.client.lobby import Seating
from game.net.client.seats import FILE_NAME as SEATS_FILE
from game.net.client.seats import SeatBook
from game.net.client.server_watch import ServerWatch
from game.net.client.servers import Hello
from game.net.codes import make_code
from game.net.discovery import FoundServer, OpenTable
from game.screens.launcher import LauncherScene
from game.screens.scene_network import NetworkScene

from .fake_server import FakeServer
from .netserver import Client, create, join
from .test_client import wait_for
from .test_lobby_scene import click, run_until


def key(app: Any, k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    app.frame()


def type_text(app: Any, text: str) -> None:
    """Keys as a keyboard sends them: a key press, then the text it makes."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()) if ch.isalnum() else 0, mod=0,
                                             unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.frame()


class Link:
    """A link that keeps what it was sent."""

    status = "open"
    error = None

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def poll(self) -> list[dict[str, Any]]:
        return []

    def close(self) -> None:
        self.status = "closed"


class Found:
    """A look-out for tables on the network that heard ``servers``."""

    available = True
    note = None

    def __init__(self, servers: list[FoundServer]) -> None:
        self.servers = servers

    def found(self) -> list[FoundServer]:
        return [server for server in self.servers if server.tables]

    def heard(self) -> list[FoundServer]:
        return self.servers

    def close(self) -> None:
        pass


@pytest.fixture
def named(home: Path) -> str:
    settings.change("player_name", "Tom")
    return "Tom"


@pytest.fixture
def server() -> Iterator[FakeServer]:
    with FakeServer() as srv:
        yield srv


def lobby_app(make_app: Callable[..., Any], size: tuple[int, int] = (1280, 800), **options: Any) -> tuple[Any, Any]:
    app = make_app(size=size)
    launcher = LauncherScene()
    app.push(launcher)
    lobby = NetworkScene(discover=False, **options)
    app.push(lobby)
    app.frame()
    return app, lobby


def end_server(app: Any) -> None:
    server = program_server(app)
    if server is not None:
        server.end()


# -- the name ----------------------------------------------------------------------------------------------------
def test_every_create_claim_and_join_carries_the_name() -> None:
    host = Link()
    Seating.host(host, "artischocken", ["remote", "remote"], seed=1, name="Tom")
    claim = Link()
    Seating.join(claim, "artischocken", "K7QX-2M9P", name="Anna")
    back = Link()
    Seating.rejoin(back, "cactus", "K7QX-2M9P", 1, "token", name="Anna")
    nameless = Link()
    Seating.join(nameless, "artischocken", "K7QX-2M9P")
    assert host.sent[0]["type"] == "create" and host.sent[0]["name"] == "Tom"
    assert claim.sent[0]["type"] == "claim" and claim.sent[0]["name"] == "Anna"
    assert back.sent[0]["type"] == "join" and back.sent[0]["name"] == "Anna"
    assert "name" not in nameless.sent[0]


def test_the_name_is_asked_once_and_sent(make_app: Callable[..., Any], home: Path, server: FakeServer) -> None:
    app, lobby = lobby_app(make_app)
    assert lobby.asking_name and lobby.name_entry is not None and lobby.name_entry.is_focused
    assert lobby.name_entry.get_text()  # a name offered (the login name), to keep with Enter
    lobby.name_entry.set_text("")
    key(app, pygame.K_RETURN, "\r")
    assert lobby.asking_name  # no name, no table
    type_text(app, "  Anna \x07 ")
    click(app, lobby.name_button.rect)
    assert not lobby.asking_name and settings.current().player_name == "Anna"
    pygame.image.save(app.surface, str(home / "named.png"))
    app.pop()
    again = NetworkScene(discover=False)
    app.push(again)
    app.frame()
    assert not again.asking_name  # asked once
    created = Client(server.url)
    table = create(created, ["remote", "remote"], seed=2)["table"]
    again.join_code(f"{server.url.removeprefix('ws://')}/{table}")
    run_until(app, lambda: isinstance(app.scene, RemoteTableScene))
    claim = next(m for m in server.received if m.get("type") == "claim")
    joined = next(m for m in server.received if m.get("type") == "join")
    assert claim["name"] == joined["name"] == "Anna"
    created.close()
    while len(app.stack) > 1:
        app.pop()


# -- the code field ----------------------------------------------------------------------------------------------
def test_a_code_typed_after_an_error_joins(make_app: Callable[..., Any], named: str, server: FakeServer) -> None:
    created = Client(server.url)
    table = create(created, ["remote", "remote"], seed=3)["table"]
    app, lobby = lobby_app(make_app)
    click(app, lobby.field.rect)
    type_text(app, "nonsense")
    key(app, pygame.K_RETURN, "\r")
    assert lobby.join_status == (t("net.code.no_table"), "error")
    click(app, lobby.field.rect)  # the field takes typing again (the letters do not move the focus about)
    assert lobby.code_entry is not None and lobby.code_entry.is_focused
    lobby.code_entry.set_text("")
    type_text(app, f"{server.url.removeprefix('ws://')}/{table}")
    assert lobby.join_status is None  # said of another code: gone once the code changed
    key(app, pygame.K_RETURN, "\r")
    scene = run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None)
    assert scene.remote.table_id == table
    app.pop()
    app.frame()
    assert lobby.join_status is None  # no stale "Connecting to ..."
    created.close()


def test_a_code_with_spaces_joins(make_app: Callable[..., Any], named: str, real_server: str) -> None:
    host = Client(real_server)
    created = create(host, ["remote", "remote"], seed=4)
    join(host, created["table"], 0, created["tokens"]["0"])
    first, second = created["table"].split("-")
    port = real_server.rsplit(":", 1)[1]
    app, lobby = lobby_app(make_app)
    click(app, lobby.field.rect)
    type_text(app, f" 127.0.0.1 : {port} / {first.lower()} {second} ")
    key(app, pygame.K_RETURN, "\r")
    scene = run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None, timeout=15)
    assert scene.remote.seat == 1
    app.pop()
    host.close()


# -- the found list ----------------------------------------------------------------------------------------------
def answering(answers: dict[str, str]) -> ServerWatch:
    """A server watch whose addresses answer hello as ``answers`` says (address -> server id), one round asked."""
    watch = ServerWatch(ask=lambda url: Hello(answers[url], None, (url,)) if url in answers else None, start=False)
    watch.look(answers)
    watch.run_round()
    return watch


def test_own_tables_are_not_in_the_found_list(make_app: Callable[..., Any], named: str, home: Path) -> None:
    SeatBook(home / SEATS_FILE).keep("ws://192.168.1.20:8765", "MINE-0001", 1, "token", "artischocken")
    app, lobby = lobby_app(make_app)
    lobby.servers = answering({"ws://192.168.1.20:8765": "anna", "ws://192.168.1.30:8765": "ben"})
    lobby.browser = Found([FoundServer("Anna", "192.168.1.20", 8765, (OpenTable("MINE-0001", "cactus", 1),
                                                                      OpenTable("FREE-0002", "cactus", 2))),
                           FoundServer("Ben", "192.168.1.30", 8765, (OpenTable("FULL-0003", "artischocken", 0),
                                                                     OpenTable("ONE-0004", "artischocken", 1)))])
    app.frame()
    labels = [button.label for _, button in lobby.found_buttons]
    assert labels == [t("net.found.entry_many", host="Anna", room=t("launcher.cactus.name"), free=2),
                      t("net.found.entry_one", host="Ben", room=t("launcher.artischocken.name"))]
    assert labels[0] == "Anna · Cactus · 2 seats free"
    assert [code for code, _ in lobby.found_buttons] == [make_code("192.168.1.20", 8765, "FREE-0002"),
                                                          make_code("192.168.1.30", 8765, "ONE-0004")]
    assert [row.key for row in lobby.tables] == ["anna/MINE-0001"]  # moved under the id that answers there


def host_one(app: Any, lobby: NetworkScene) -> tuple[Any, int | None]:
    """Host the table as set, on the program's own server: the hosted table and the server's port."""
    click(app, lobby.host_button.rect)
    hosted = run_until(app, lambda: lobby.hosted, timeout=30)
    return hosted, program_server(app).port


# -- the program's server and your tables ------------------------------------------------------------------------
def test_the_host_leaves_for_the_launcher_and_back_and_the_table_plays_on(
        make_app: Callable[..., Any], named: str, home: Path) -> None:
    app, lobby = lobby_app(make_app, data=home / "server")
    try:
        hosted, port = host_one(app, lobby)
        assert read_saved(home / FILE_NAME)["port"] == port  # remembered for the next start
        click(app, lobby.new_button.rect)  # "Host another": the table stays on the screen, in Your tables
        server_id = Client(f"ws://127.0.0.1:{port}").ask({"type": "hello"})["server"]
        assert lobby.hosted is None and [row.key for row in lobby.tables] == [f"{server_id}/{hosted.table}"]
        key(app, pygame.K_ESCAPE)  # to the launcher
        assert isinstance(app.scene, LauncherScene)
        assert program_server(app).status == "running" and answers(port)
        guest = Client(f"ws://127.0.0.1:{port}")  # a friend sits down meanwhile
        claimed = guest.ask({"type": "claim", "table": hosted.table, "name": "Anna"})
        join(guest, hosted.table, claimed["seat"], claimed["token"])
        back = NetworkScene(discover=False)
        app.push(back)
        row = run_until(app, lambda: next((r for r in back.tables if r.kind != "info"
                                           or r.state != t("net.yours.asking")), None), timeout=15)
        assert row.title == t("net.yours.with", game=t("launcher.artischocken.name"), names="Anna")
        pygame.image.save(app.surface, str(home / "your-tables.png"))
        click(app, row.button.rect)
        scene = run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None, timeout=15)
        assert scene.remote.seat == 0 and scene.remote.table_id == hosted.table
        app.pop()
        guest.close()
    finally:
        end_server(app)


def test_a_host_back_after_ending_the_server_finds_the_table_served_again(
        make_app: Callable[..., Any], named: str, home: Path) -> None:
    """The program's server was ended (quit with "End it", or the program closed): opening the lobby again starts
    it on the same port, because "Your tables" holds a table of it, and the table's state is told, not "server
    not running"; a click sits the host down at the saved game."""
    app, lobby = lobby_app(make_app, data=home / "server")
    app2 = None
    try:
        hosted, port = host_one(app, lobby)
        end_server(app)
        wait_for(lambda: not answers(port), timeout=15)
        app2, again = lobby_app(make_app, data=home / "server")
        server = program_server(app2)
        assert server is not None  # started by the lobby, with nothing hosted yet
        row = run_until(app2, lambda: next((r for r in again.tables if r.state not in (
            t("net.yours.asking"), t("net.yours.unreachable"))), None), timeout=30)
        assert server.port == port and row.key.endswith(f"/{hosted.table}")
        click(app2, row.button.rect)
        scene = run_until(app2, lambda: app2.scene if isinstance(app2.scene, RemoteTableScene) else None, timeout=15)
        assert scene.remote.seat == hosted.seat and scene.remote.table_id == hosted.table
        app2.pop()
    finally:
        end_server(app)
        if app2 is not None:
            end_server(app2)


def test_a_table_found_gone_is_forgotten(make_app: Callable[..., Any], named: str, home: Path,
                                         real_server: str) -> None:
    SeatBook(home / SEATS_FILE).keep(real_server, "GONE-GONE", 1, "token", "cactus")
    app, lobby = lobby_app(make_app)
    assert [row.key for row in lobby.tables] == [f"{real_server}/GONE-GONE"]
    run_until(app, lambda: not lobby.tables, timeout=15)
    assert SeatBook(home / SEATS_FILE).seats == {}


def test_quitting_with_a_hosted_table_in_play_asks_and_a_kept_server_is_found_again(
        make_app: Callable[..., Any], named: str, home: Path) -> None:
    app, lobby = lobby_app(make_app, data=home / "server")
    kept_pid = None
    try:
        hosted, port = host_one(app, lobby)
        key(app, pygame.K_ESCAPE)
        launcher = app.scene
        key(app, pygame.K_ESCAPE)  # Esc on the launcher asks whether to quit ...
        assert launcher.dialog is not None and launcher.dialog.title == t("launcher.quit_question.title")
        click(app, launcher.dialog.widgets[0].rect)  # ... Quit: the hosted table is asked about too
        assert app.running and launcher.dialog is not None and launcher.dialog.title == t("net.quit.title")
        key(app, pygame.K_RETURN)  # the focused one: Cancel
        assert app.running and app.scene is launcher and launcher.dialog is None
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app.frame()
        assert app.running and launcher.dialog is not None and launcher.dialog.title == t("net.quit.title")
        assert [b.label() for b in launcher.dialog.widgets] == [t("net.quit.keep"), t("net.quit.end"),
                                                                 t("common.cancel")]
        click(app, launcher.dialog.widgets[0].rect)  # keep it running
        assert not app.running
        saved = read_saved(home / FILE_NAME)
        assert saved.pop("server", None) == lobby.home_id  # the server's id, learnt by hello, kept with its port
        kept_pid = saved["pid"]
        assert saved == {"port": port, "pid": kept_pid, "kept": True} and kept_pid and answers(port)
        # the next start of the program finds it (its lobby), and the table plays on under the same code
        app2, _ = lobby_app(make_app)
        again = program_server(app2)
        assert again is not None and again.kept and again.port == port and again.local is None
        assert again.status == "running" and HomeServer.find_kept(home / "server") is not None
        guest = Client(f"ws://127.0.0.1:{port}")
        assert guest.ask({"type": "claim", "table": hosted.table})["type"] == "claimed"
        guest.close()
        again.end()
        wait_for(lambda: not answers(port), timeout=15)
        assert read_saved(home / FILE_NAME) == {"port": port, "pid": None, "kept": False, "server": lobby.home_id}
        kept_pid = None
        # started once more: the same port, and the saved table is served again
        third = HomeServer(home / "server")
        wait_for(lambda: (third.step(), third.status == "running")[-1], timeout=30)
        assert third.port == port
        peek = Client(third.url or "")
        assert peek.ask({"type": "peek", "table": hosted.table})["type"] == "table"
        peek.close()
        third.end()
    finally:
        end_server(app)
        if kept_pid is not None:  # never leave a server behind, whatever the test says
            os.kill(kept_pid, signal.SIGTERM)


def test_quitting_with_nothing_in_play_quits(make_app: Callable[..., Any], named: str, home: Path) -> None:
    app, _ = lobby_app(make_app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame()
    assert not app.running
    assert not (home / FILE_NAME).exists() or not json.loads((home / FILE_NAME).read_text("utf-8"))["kept"]


class News:
    """A table watch that was told ``said`` by the servers."""

    #: Far from any version the lobby's own watch reached before this one took its place (equal versions would
    #: look like news already read, and the lobby would skip them).
    version = 1_000_000
    active = True

    def __init__(self, said: dict[tuple[str, str], Any]) -> None:
        self.said = said

    def news(self) -> dict[tuple[str, str], Any]:
        return dict(self.said)

    def watch(self, tables: list[tuple[str, str]]) -> None:
        pass

    def want_replays(self, tables: set[tuple[str, str]]) -> None:
        pass

    def replays(self) -> dict[tuple[str, str], Any]:
        return {}

    def close(self) -> None:
        pass


def test_your_tables_say_how_each_table_stands_in_presences_words(
        make_app: Callable[..., Any], named: str, home: Path) -> None:
    """The seat words of "Your tables" are presence's (one function for every screen); a paused table waits for
    the players; a table found over stays, saying who won."""
    from game.net.client.presence import seat_words
    from game.net.client.your_tables import UNREACHABLE, SeatNews, TableNews

    url = "ws://192.168.1.20:8765"
    book = SeatBook(home / SEATS_FILE)
    for n, table in enumerate(("MINE-TURN", "WAIT-ANNA", "BOTS-TURN", "OVER-OVER", "FAR-AWAY", "PAUSED")):
        book.keep(url, table, 0, f"token{n}", "cactus")
    me = SeatNews(0, "Tom", "away")
    result = {"winners": [1], "seats": [{"seat": 0, "name": "Tom", "score": 3}, {"seat": 1, "name": "Anna",
                                                                                "score": 0}]}
    said = {
        (url, "MINE-TURN"): TableNews("cactus", False, 0, (me, SeatNews(1, "Anna", "away")), state="playing"),
        (url, "WAIT-ANNA"): TableNews("artischocken", False, 1, (me, SeatNews(1, "Anna", "waiting"))),
        (url, "BOTS-TURN"): TableNews("cactus", False, 1, (me, SeatNews(1, None, "bot", "bot"))),
        (url, "OVER-OVER"): TableNews("cactus", True, None, (me,), state="over", result=result),
        (url, "FAR-AWAY"): UNREACHABLE,
        (url, "PAUSED"): TableNews("cactus", False, 1, (me, SeatNews(1, "Anna", "away")), state="paused"),
    }
    app, lobby = lobby_app(make_app)
    lobby.watch = News(said)
    app.frame()
    assert lobby.tables  # as many rows as fit; the words of every table:
    rows = {key.rpartition("/")[2]: (title, state) for key, title, state, _ in lobby.table_entries()}
    cactus = t("launcher.cactus.name")
    assert rows == {
        "MINE-TURN": (t("net.yours.with", game=cactus, names="Anna"),
                      seat_words("away", "Tom", you=True, turn=True).line),
        "WAIT-ANNA": (t("net.yours.with", game=t("launcher.artischocken.name"), names="Anna"),
                      seat_words("waiting", "Anna").line),
        "BOTS-TURN": (cactus, seat_words("bot", t("presence.player", n=2), turn=True, kind="bot").line),
        "OVER-OVER": (t("net.yours.with", game=cactus, names="Anna"), t("net.yours.over_one", name="Anna")),
        "FAR-AWAY": (cactus, t("net.yours.unreachable")),
        "PAUSED": (t("net.yours.with", game=cactus, names="Anna"), t("net.yours.paused")),
    }
    assert rows["OVER-OVER"][1] == "Over: Anna won" and rows["PAUSED"][1] == "waiting for the players"
    assert rows["MINE-TURN"][1] != t("net.yours.your_turn")  # never "your turn" while nobody sits there
    held = SeatBook(home / SEATS_FILE).held(url, "OVER-OVER")
    assert held is not None and held.result == result  # kept, with the result, until dismissed


def test_a_seat_given_up_at_the_table_leaves_the_book(make_app: Callable[..., Any], named: str, home: Path,
                                                      server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.artischocken import room

    given: list[Callable[[], None]] = []
    opened = room.remote_table_scene

    def table_scene(remote: Any, names: Any = None, *, on_resign: Callable[[], None] | None = None,
                    seeded: bool = False) -> Any:
        assert on_resign is not None
        given.append(on_resign)
        return opened(remote, names, on_resign=on_resign, seeded=seeded)

    monkeypatch.setattr(room, "remote_table_scene", table_scene)
    created = Client(server.url)
    table = create(created, ["remote", "remote"], seed=5)["table"]
    app, lobby = lobby_app(make_app)
    lobby.join_code(f"{server.url.removeprefix('ws://')}/{table}")
    run_until(app, lambda: isinstance(app.scene, RemoteTableScene))
    assert SeatBook(home / SEATS_FILE).held(server.url, table) is not None
    given[0]()  # the server confirmed "resigned"
    assert SeatBook(home / SEATS_FILE).held(server.url, table) is None
    app.pop()
    app.frame()
    assert lobby.tables == []
    created.close()


def saved(data: Path, table: str) -> bool:
    """The server wrote the table into its data folder."""
    return any(table in path.read_text(encoding="utf-8", errors="replace") for path in data.rglob("*")
               if path.is_file())


def host_and_kill(app: Any, lobby: NetworkScene, home: Path) -> tuple[Any, HomeServer, int | None]:
    """Host a table on the program's own server, then kill -9 that server once the table is saved: the hosted
    table, the server and the port it served on."""
    hosted, port = host_one(app, lobby)
    server = program_server(app)
    assert server is not None and server.local is not None and server.local.pid is not None
    wait_for(lambda: saved(home / "server", hosted.table), timeout=30)  # a kill -9 loses nothing saved
    os.kill(server.local.pid, signal.SIGKILL)
    wait_for(lambda: not answers(port), timeout=15)
    return hosted, server, port


def sits_down_from_its_row(app: Any, lobby: NetworkScene, hosted: Any) -> None:
    """A click on the hosted table's row of Your tables opens the table at the host's seat."""
    row = run_until(app, lambda: next((r for r in lobby.tables if r.key.endswith(f"/{hosted.table}")), None))
    click(app, row.button.rect)
    scene = run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None, timeout=30)
    assert scene.remote.seat == hosted.seat and scene.remote.table_id == hosted.table
    app.pop()


def test_the_programs_own_server_killed_is_started_again_when_the_lobby_needs_it(
        make_app: Callable[..., Any], named: str, home: Path) -> None:
    """After a kill -9 of the program's own server, "Your tables" holding a table of it: reopening the lobby
    starts it again on the same port, and a click on the row sits the host down (not "server does not answer")."""
    app, lobby = lobby_app(make_app, data=home / "server")
    try:
        hosted, server, port = host_and_kill(app, lobby, home)
        app.pop()  # the lobby closed ...
        app.push(lobby := NetworkScene(discover=False, data=home / "server"))  # ... and opened again
        assert program_server(app) is server
        run_until(app, lambda: server.status == "running" or None, timeout=30)
        assert server.port == port
        sits_down_from_its_row(app, lobby, hosted)
    finally:
        end_server(app)


def test_a_click_on_a_row_of_the_programs_own_server_killed_starts_it_again(
        make_app: Callable[..., Any], named: str, home: Path) -> None:
    app, lobby = lobby_app(make_app, data=home / "server")
    try:
        hosted, _, _ = host_and_kill(app, lobby, home)
        sits_down_from_its_row(app, lobby, hosted)  # the click starts it again first
    finally:
        end_server(app)
