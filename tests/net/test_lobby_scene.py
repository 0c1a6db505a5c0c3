"""The lobby of remote play and the card table on a remote session, headless with synthetic events:
the launcher's button opens it; hosting shows the code; a bad code, an unreachable server and a full table are
said in words; two remote seats play card turns through the table scene; a lost connection shows its
countdown; a server that is gone ends in a dialog back to the lobby."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import settings
from game.artischocken.seats import default_bot_name
from game.artischocken.table.scene_remote import RemoteTableScene
from game.i18n import t
from game.net.client.connection import Connection
from game.net.client.home_server import program_server
from game.net.client.remote_cards import RemoteTable
from game.net.codes import parse_code
from game.screens.launcher import LauncherScene
from game.screens.scene_network import MAX_SEATS, NetworkScene
from game.ui import draw
from game.ui.theme import SIZES

from .fake_server import FakeServer
from .test_client import collect, free_port, wait_for

FAKE_SERVE = [sys.executable, str(Path(__file__).with_name("fake_serve.py"))]


@pytest.fixture(autouse=True)
def named(home: Path) -> None:
    """The player has a name already: the lobby does not ask for it (tests/net/test_lobby_home.py does)."""
    settings.change("player_name", "Tester")


def click(app: Any, rect: pygame.Rect) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=rect.center, button=1))
    app.frame()


def play_both(app: Any, scene: RemoteTableScene, other: RemoteTable, want: int, timeout: float = 60) -> int:
    """Play card decisions for the scene's seat (through the scene) and the ``other`` remote seat until ``want``
    were made or the game ended; the decisions made. By time, not frames: a loaded machine runs fewer frames a
    second."""
    played = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and played < want and not scene.remote.session.is_over:
        app.frame()
        other.pump()
        if scene.my_decision() and not scene.flights and scene.reveal is None:
            legal = scene.table.session.legal_actions()
            plays = [a for a in legal if a.kind != "end_play"]
            assert scene.apply(plays[0] if plays else legal[0])
            played += 1
        elif other.my_decision():
            other.apply(other.session.legal_actions()[0])
            played += 1
        time.sleep(0.002)
    return played


def run_until(app: Any, check: Callable[[], Any], timeout: float = 8.0) -> Any:
    def step() -> Any:
        app.frame()
        return check()
    return wait_for(step, timeout)


@pytest.fixture
def server() -> Iterator[FakeServer]:
    with FakeServer() as srv:
        yield srv


def test_launcher_button_opens_the_lobby(make_app: Callable[..., Any]) -> None:
    app = make_app(size=(800, 600))
    launcher = LauncherScene()
    app.push(launcher)
    app.frame()
    button = launcher.network_button.rect
    assert app.surface.get_rect().contains(button)
    assert not any(button.colliderect(tile.rect) for tile in launcher.tiles)
    assert not button.colliderect(launcher.lang_button.rect)
    click(app, button)
    lobby = app.scene
    assert isinstance(lobby, NetworkScene)
    app.frame()
    app.pop()  # leaving closes the look-out for tables on the network
    assert lobby.browser is None and app.scene is launcher


def test_host_shows_the_code_and_opens_the_table(make_app: Callable[..., Any], tmp_path: Path) -> None:
    app = make_app(size=(1280, 800))
    lobby = NetworkScene(server_command=FAKE_SERVE, discover=False)
    app.push(lobby)
    app.frame()
    lobby.cycle_seat(1)  # seat 2: a greedy bot
    assert lobby.kinds[1] != "remote"
    lobby.add_seat()  # seat 3: over the network
    try:
        click(app, lobby.host_button.rect)
        assert lobby.host_status == (t("net.host.starting"), "info")
        hosted = run_until(app, lambda: lobby.hosted)
        code = parse_code(hosted.code)
        assert code.table == hosted.table and hosted.free == 1 and hosted.kinds == lobby.kinds
        pygame.image.save(app.surface, str(tmp_path / "hosted.png"))
        assert lobby.open_button in lobby.focus.items and lobby.host_button not in lobby.focus.items
        click(app, lobby.open_button.rect)
        table = run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None)
        assert table.remote.session.players == 3 and table.remote.seat == 0
        assert table.seats[0].name == t("net.table.seat", n=1) and not table.seats[1].human
        assert table.seats[1].name == default_bot_name(0)  # named as a local game names its bots
        app.frame()
    finally:
        app.pop() if isinstance(app.scene, RemoteTableScene) else None
        app.pop()  # the lobby goes; the program's server serves on
    server = program_server(app)
    assert server is not None and server.status == "running"
    server.end()


def test_bad_code_says_what_is_wrong(make_app: Callable[..., Any]) -> None:
    app = make_app(size=(800, 600))
    lobby = NetworkScene(discover=False)
    app.push(lobby)
    app.frame()
    assert lobby.code_entry is not None
    lobby.code_entry.set_text("192.168.1.20:8765")
    click(app, lobby.join_button.rect)
    assert lobby.join_status == (t("net.code.no_table"), "error") and lobby.joining is None
    lobby.code_entry.set_text("")
    lobby.code_entry.focus()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.frame()
    assert lobby.join_status == (t("net.code.empty"), "error")


def test_unreachable_server_is_said_in_words(make_app: Callable[..., Any]) -> None:
    app = make_app(size=(800, 600), lang="de")
    lobby = NetworkScene(discover=False)
    app.push(lobby)
    lobby.join_code(f"127.0.0.1:{free_port()}/ABC")
    status = run_until(app, lambda: lobby.join_status if lobby.join_status[1] == "error" else None)
    assert status[0] == t("net.problem.no_answer", address=f"127.0.0.1:{lobby.down[0].rpartition(':')[2]}")
    assert "ws://" not in status[0] and "refused" not in status[0]


def test_full_table_and_missing_table(make_app: Callable[..., Any], server: FakeServer) -> None:
    conn = Connection(server.url)
    conn.send({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"], "seed": 3})
    created = wait_for(collect(conn, [], "created"))
    conn.send({"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]})
    wait_for(lambda: server.tables[created["table"]].conns)
    app = make_app(size=(800, 600))
    lobby = NetworkScene(discover=False)
    app.push(lobby)
    host = server.url.removeprefix("ws://")
    lobby.join_code(f"{host}/{created['table']}")
    run_until(app, lambda: lobby.joining is None)
    assert lobby.join_status == (t("net.problem.full"), "error")
    lobby.join_code(f"{host}/NOSUCH")
    run_until(app, lambda: lobby.joining is None)
    assert lobby.join_status == (t("net.problem.no_table"), "error")
    conn.close()


@pytest.mark.slow  # test_lobby_real_server plays the same through the real server
def test_two_remote_seats_play_card_turns_through_the_scene(make_app: Callable[..., Any],
                                                           server: FakeServer) -> None:
    """One seat in the table scene (joined by code from the lobby), the other through its own remote table."""
    creator = Connection(server.url)
    creator.send({"type": "create", "room": "artischocken", "seats": ["remote", "remote", "greedy"], "seed": 9,
                  "start_player": 0})
    created = wait_for(collect(creator, [], "created"))
    creator.close()
    other = RemoteTable.join(Connection(server.url), created["table"], 1, created["tokens"]["1"])
    app = make_app(size=(1280, 800))
    lobby = NetworkScene(discover=False)
    app.push(lobby)
    lobby.join_code(f"{server.url.removeprefix('ws://')}/{created['table']}")  # claims seat 0 (seat 1 is free
    # too, but the claim hands out the first free one)
    scene = run_until(app, lambda: app.scene if isinstance(app.scene, RemoteTableScene) else None)
    try:
        assert play_both(app, scene, other, 10) >= 10
        wait_for(lambda: (app.frame(), other.pump(), not scene.remote.session.waiting)[-1])
        mine, theirs = scene.remote.session.log(0), other.session.log(0)
        assert len(mine) == len(theirs) > 10
        assert [e for e in mine if e["public"]] == [e for e in theirs if e["public"]]
        assert mine[0]["cards"] and theirs[0]["cards"] is None  # seat 0's own draw: hidden from seat 1 (A-G2)
        assert scene.actions_applied > 0
        # a move the server refuses is a message, the game unchanged (sent while a person decides: the server's
        # bot could move in between otherwise)
        wait_for(lambda: (app.frame(), other.pump(), scene.my_decision() or other.my_decision())[-1])
        before = scene.remote.session.log_size
        scene.remote.link.send({"type": "act", "action": {"kind": "nonsense"}})
        run_until(app, lambda: scene.message.visible and scene.message.kind == "error")
        assert scene.remote.session.log_size == before
    finally:
        other.close()
        app.pop()
    assert scene.remote.link.status == "closed"


def test_lost_connection_counts_down_and_a_gone_server_ends_in_a_dialog(make_app: Callable[..., Any]) -> None:
    server = FakeServer().__enter__()
    conn = Connection(server.url, backoff=(0.4,), attempts=1)
    conn.send({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"], "seed": 4})
    created = wait_for(collect(conn, [], "created"))
    remote = RemoteTable.join(conn, created["table"], 0, created["tokens"]["0"])
    wait_for(lambda: (remote.pump(), remote.session.ready)[-1])
    app = make_app(size=(800, 600))
    app.push(NetworkScene(discover=False))
    scene = RemoteTableScene(remote)
    app.push(scene)
    app.frame()
    server.drop_all()
    banner = run_until(app, lambda: scene.banner if conn.status == "reconnecting" else None)
    assert banner.startswith(t("presence.link.lost", seconds=1)[:10]) and not scene.still()
    run_until(app, lambda: conn.status == "open")  # back, the seat taken again by itself
    run_until(app, lambda: scene.banner is None)
    server.stop()
    run_until(app, lambda: scene.dialog is not None)
    assert scene.dialog.title == t("presence.link.gone.title")
    click(app, scene.dialog.widgets[0].rect)
    assert isinstance(app.scene, NetworkScene)


def key(app: Any, k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    app.frame()


def test_the_lobby_works_by_keyboard(make_app: Callable[..., Any]) -> None:
    """Tab moves the focus over every control; Enter on the code field puts the cursor in, typing and Enter join
    (here: a code without a table, said so); Enter on a seat cycles its kind."""
    app = make_app(size=(800, 600))
    lobby = NetworkScene(discover=False)
    app.push(lobby)
    app.frame()
    key(app, pygame.K_TAB)
    assert lobby.focus.current is lobby.room_button
    key(app, pygame.K_TAB)
    assert lobby.focus.current is lobby.seat_buttons[1]
    before = lobby.kinds[1]
    key(app, pygame.K_RETURN)
    assert lobby.kinds[1] != before
    while lobby.focus.current is not lobby.field:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert lobby.code_entry is not None and lobby.code_entry.is_focused
    for ch in "host:1":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.frame()
    assert lobby.code_entry.get_text() == "host:1"
    key(app, pygame.K_RETURN, "\r")
    assert lobby.join_status == (t("net.code.no_table"), "error")
    assert not lobby.code_entry.is_focused


def test_leaving_a_remote_card_table_asks_with_words_true_of_a_network_table(
        make_app: Callable[..., Any], server: FakeServer) -> None:
    """Nothing is saved at a remote seat: the dialog says the server keeps the game and, for a while, the seat
    (never "offered again next time", which only a local autosave does). Enter right after Esc stays."""
    conn = Connection(server.url)
    conn.send({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"], "seed": 4})
    created = wait_for(collect(conn, [], "created"))
    remote = RemoteTable.join(conn, created["table"], 0, created["tokens"]["0"])
    wait_for(lambda: (remote.pump(), remote.session.ready)[-1])
    app = make_app(size=(1280, 800))
    app.push(NetworkScene(discover=False))
    scene = RemoteTableScene(remote)
    app.push(scene)
    app.frame()
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is not None and scene.dialog.title == t("presence.leave.title")
    assert scene.dialog.body == t("presence.leave.body") != t("table.menu.body")
    key(app, pygame.K_RETURN)  # the focused "Keep playing"
    assert scene.dialog is None and app.scene is scene
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # Leave: sent, and once this fake server answers it (it does not know it), gone
    wait_for(lambda: (app.frame(), app.scene is not scene)[-1])
    assert remote.link.status == "closed"


def test_the_rules_open_at_a_remote_card_table_while_the_other_seat_plays_on(
        make_app: Callable[..., Any], server: FakeServer) -> None:
    """F1 and the "Rules" button open the card rules over a remote table; the other seat's move made meanwhile
    arrives (the connection stays open) and shows on the table after Esc."""
    from game.artischocken.room import remote_table_scene
    from game.ui.rules_book import RulesBook

    conn = Connection(server.url)
    conn.send({"type": "create", "room": "artischocken", "seats": ["remote", "remote"], "seed": 4,
               "start_player": 1})
    created = wait_for(collect(conn, [], "created"))
    remote = RemoteTable.join(conn, created["table"], 0, created["tokens"]["0"])
    other = RemoteTable.join(Connection(server.url), created["table"], 1, created["tokens"]["1"])
    try:
        wait_for(lambda: (remote.pump(), other.pump(), remote.session.ready and other.my_decision())[-1])
        app = make_app(size=(1280, 800))
        app.push(NetworkScene(discover=False))
        scene = remote_table_scene(remote)
        assert isinstance(scene, RemoteTableScene)
        app.push(scene)
        run_until(app, lambda: not scene.remote.session.waiting)
        click(app, scene.rules_button.rect)
        assert isinstance(app.scene, RulesBook) and app.stack[-2] is scene
        key(app, pygame.K_ESCAPE)
        assert app.scene is scene
        key(app, pygame.K_F1)
        book = app.scene
        assert isinstance(book, RulesBook) and book.title() == t("artischocken.title")
        before = scene.remote.session.log_size
        other_before = other.session.log_size
        assert other.apply(other.session.legal_actions()[0])
        wait_for(lambda: (other.pump(), other.session.log_size > other_before)[-1])
        for _ in range(20):  # the rules stay open a while; the move is made at the server meanwhile
            app.frame()
            time.sleep(0.01)
        assert app.scene is book and remote.link.status == "open"
        key(app, pygame.K_ESCAPE)
        assert app.scene is scene
        run_until(app, lambda: scene.remote.session.log_size > before)
        assert remote.link.status == "open"
        assert [e for e in scene.remote.session.log(0) if e["public"]] == \
            [e for e in other.session.log(0) if e["public"]]
    finally:
        other.close()
        remote.close()


@pytest.mark.parametrize(("size", "seats"), [((800, 600), 2), ((1024, 700), MAX_SEATS), ((1280, 800), MAX_SEATS)])
def test_a_long_problem_of_the_server_fits_between_its_field_and_the_host_button(
        make_app: Callable[..., Any], size: tuple[int, int], seats: int, tmp_path: Path) -> None:
    """The words saying why the server cannot be reached stand whole above *Host the table* (with the most seats
    from 1024 x 700 up); nothing covers them."""
    app = make_app(size=size)
    lobby = NetworkScene(discover=False)
    app.push(lobby)
    lobby.toggle_server()  # one already running: the address field beside the server's button
    for _ in range(seats - 2):
        lobby.add_seat()
    app.frame()
    words = t("net.problem.server", detail="no table server answers at ws://127.0.0.1:8765 (connection refused)")
    lobby.host_status = (words, "error")
    app.frame()
    below = lobby.server_button.rect.bottom + 8
    height = draw.text_height(words, lobby.host_card.width - 48, size=SIZES.text_small)
    assert height > draw.text_height("x", 400, size=SIZES.text_small)  # it takes two lines or more
    assert below + height <= lobby.host_button.rect.top, (below, height, lobby.host_button.rect.top)
    assert lobby.server_button.rect.top >= lobby.add_button.rect.bottom
    pygame.image.save(app.surface, str(tmp_path / f"lobby-problem-{size[0]}.png"))
