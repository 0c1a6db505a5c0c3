"""The lobby when the program's own server died and the same server (by its id) answers on another port (a
``serve`` started by hand with the same data folder, say): no second server is started on that data folder (two
processes serving one table split the game: each friend sat at a copy of their own), and a click on a row of
"Your tables" takes the seat where that server answers. And the found list is drawn as soon as the network is
heard: the lobby's look-out wakes the idle window. Headless, with synthetic events."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import settings
from game.net.client.home_server import set_program_server
from game.net.client.seats import FILE_NAME as SEATS_FILE
from game.net.client.seats import SeatBook
from game.screens import scene_network
from game.screens.launcher import LauncherScene
from game.screens.scene_network import NetworkScene
from game.ui.wake import post_wake

from .test_lobby_home import answering
from .test_lobby_scene import click

HOME = "ws://127.0.0.1:33553"  # where the program started its own server
MOVED = "ws://192.0.2.2:34111"  # where the same server answers now


class KilledServer:
    """The program's own server after a kill -9: its port answers nothing; ``revive`` counts the restarts."""

    status = "failed"
    down = True
    port = 33553
    url = HOME
    error = None
    kept = False

    def __init__(self) -> None:
        self.revived = 0

    def revive(self) -> None:
        self.revived += 1

    def step(self) -> None:
        pass

    def note_id(self, server: str) -> None:
        pass

    def end(self) -> None:
        pass


def lobby_with_moved_server(make_app: Callable[..., Any], home: Path) -> tuple[Any, NetworkScene, KilledServer]:
    settings.change("player_name", "Ann")
    SeatBook(home / SEATS_FILE).keep(HOME, "TABL-0001", 0, "token", "artischocken", server="annsrv")
    app = make_app(size=(1280, 800))
    app.push(LauncherScene())
    killed = KilledServer()
    set_program_server(app, killed)
    lobby = NetworkScene(discover=False)
    lobby.home_id = "annsrv"
    lobby.servers = answering({MOVED: "annsrv"})
    app.push(lobby)
    app.frame()
    return app, lobby, killed


def test_own_server_answering_on_another_port_is_not_started_a_second_time(
        make_app: Callable[..., Any], home: Path) -> None:
    app, lobby, killed = lobby_with_moved_server(make_app, home)
    taken: list[str] = []
    lobby._take = lambda url, table, room: taken.append(url)  # type: ignore[method-assign]
    row = next(r for r in lobby.tables if r.key == "annsrv/TABL-0001")
    click(app, row.button.rect)
    assert killed.revived == 0  # opening the lobby and the click: no second process on the same data folder
    assert taken == [MOVED]  # the seat is taken where the server answers now


def test_own_server_down_and_answering_nowhere_is_started_again(make_app: Callable[..., Any], home: Path) -> None:
    app, lobby, killed = lobby_with_moved_server(make_app, home)
    lobby.servers = answering({})
    row = next(r for r in lobby.tables if r.key == "annsrv/TABL-0001")
    click(app, row.button.rect)
    assert killed.revived == 1


def test_the_lobbys_look_out_wakes_the_idle_window(make_app: Callable[..., Any], home: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A server heard (or gone, or its tables changed) while nobody touches the window is drawn at once."""
    made: list[dict[str, Any]] = []

    class Heard:
        available, note = True, None

        def __init__(self, **options: Any) -> None:
            made.append(options)

        def found(self) -> list[Any]:
            return []

        heard = found

        def close(self) -> None:
            pass

    monkeypatch.setattr(scene_network, "Browser", Heard)
    settings.change("player_name", "Ben")
    app = make_app(size=(1280, 800))
    app.push(LauncherScene())
    app.push(NetworkScene(discover=True))
    app.frame()
    assert made and made[0].get("wake") is post_wake


def test_hosting_while_the_own_server_answers_on_another_port_sets_the_table_there(
        make_app: Callable[..., Any], home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second server on the own data folder would be refused (one server per folder): the table is set at the one
    that serves it now, and nothing is started."""
    app, lobby, killed = lobby_with_moved_server(make_app, home)
    created: list[str] = []
    lobby._create = lambda url, host, port: created.append(url)  # type: ignore[method-assign]
    started: list[object] = []
    monkeypatch.setattr(scene_network, "HomeServer", lambda *a, **k: started.append(a))
    click(app, lobby.host_button.rect)
    assert created == [MOVED] and started == [] and killed.revived == 0
