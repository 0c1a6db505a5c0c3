"""The found list the lobby draws follows the server watch (docs/remote-play.md, "Joining a table"): a found
server whose hello stops answering leaves the drawn list, and the watch reports it (it wakes the window: an idle
window shows a new picture only when something wakes it), on a clock of the test's own, no timing asserted."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import settings
from game.net.client.server_watch import EVERY, KEEP, ServerWatch
from game.net.client.servers import Hello
from game.net.discovery import FoundServer, OpenTable

from .test_lobby_found import Clock
from .test_lobby_home import Found, lobby_app


def test_a_found_server_that_stops_answering_leaves_the_drawn_list_and_wakes_the_window(
        make_app: Callable[..., Any], home: Path) -> None:
    settings.change("player_name", "Tom")
    clock = Clock()
    answers = {"ws://192.168.1.30:8801": "srv"}
    woken: list[int] = []
    watch = ServerWatch(ask=lambda url: Hello(answers[url], None, (url,)) if url in answers else None,
                        clock=clock, start=False)
    app, lobby = lobby_app(make_app)
    lobby.servers = watch
    lobby.browser = Found([FoundServer("Srv", "192.168.1.30", 8801, (OpenTable("ARTI-0001", "artischocken", 1),),
                                       "srv")])
    app.frame()  # the lobby hands the watch the found address
    watch.run_round()
    app.frame()
    assert [button.label for _, button in lobby.found_buttons] == ["Srv · Artischocken · 1 seat free"]
    answers.clear()  # killed -9: mDNS still announces it
    start = clock.now
    while lobby.found_buttons and clock.now - start < 10:
        clock.now += EVERY  # the watch's rounds, as its thread runs them
        if watch.run_round():
            woken.append(watch.version)
            app.frame()  # the window woken draws again
    assert lobby.found_buttons == [] and clock.now - start <= KEEP + EVERY < 10
    assert woken, "the window was never woken: an idle window keeps drawing the dead server"
