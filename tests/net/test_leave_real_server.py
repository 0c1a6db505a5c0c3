"""A consented leave over the real server (tests/net/inprocess.py) from the card table's remote screen: Leave sends
``leave``, the server answers ``left`` and the screen goes back to the lobby; the other player sees the seat as
"left" at once (a bot plays it; no wait counts down), and the seat's token takes it back with a join."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.app import BaseScene
from game.artischocken.room import remote_table_scene
from game.i18n import t
from game.net.client.connection import Connection
from game.net.client.remote_cards import RemoteTable

from .inprocess import TIMEOUT, Peer, running, until

CARDS = {"type": "create", "room": "artischocken", "seed": 4, "start_player": 0}


def test_leave_at_the_card_table_is_answered_left_and_the_seat_is_taken_back_later(
        make_app: Callable[..., Any], tmp_path: Path) -> None:
    with running(tmp_path) as server:
        tom = Peer(server.url)
        created = tom.ask({**CARDS, "seats": ["remote", "remote"], "hold": True, "name": "Tom"}, "created")
        code = created["table"]
        tom.ask({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"]}, "joined")
        claimed = Peer(server.url).ask({"type": "claim", "table": code, "name": "Ann"}, "claimed")
        connection = Connection(server.url)
        remote = RemoteTable.join(connection, code, claimed["seat"], claimed["token"])
        end = time.monotonic() + TIMEOUT
        while not remote.session.ready:
            assert time.monotonic() < end, "no state came"
            remote.pump()
            time.sleep(0.02)
        until(lambda: tom.states().get(1) == "here", [tom])
        app = make_app((1280, 800))
        app.push(BaseScene())
        scene = remote_table_scene(remote, on_resign=lambda: None)
        app.push(scene)
        clock = 0

        def frame() -> None:
            nonlocal clock
            clock += 50
            app.frame(clock)
            time.sleep(0.01)

        frame()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        frame()
        dialog = scene.dialog
        assert dialog is not None
        labels = [b.label() if callable(b.label) else b.label for b in dialog.widgets]
        dialog.widgets[labels.index(t("presence.leave.go"))].activate()
        end = time.monotonic() + TIMEOUT
        while app.scene is scene:
            assert time.monotonic() < end, "the screen did not go after the leave"
            frame()
        assert remote.left  # it went on the server's word, not on a timeout or a drop
        until(lambda: tom.states().get(1) == "left", [tom], what="the seat shown as left")
        assert tom.presences[-1]["seats"][1]["bot_in"] is None  # no wait: a bot plays it at once
        again = Peer(server.url)
        again.ask({"type": "join", "table": code, "seat": 1, "token": claimed["token"]}, "joined")
        until(lambda: tom.states().get(1) == "here", [tom, again], what="the seat taken back by its token")
        for peer in (tom, again):
            peer.close()
