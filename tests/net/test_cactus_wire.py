"""Cactus over the wire, end to end: a real server process (``python -m game serve --port 0``),
two headless clients over websockets, each with a :class:`CactusLink`, several turns with real drags; both
clients and the server end every turn with the same world checksum; a forged verdict is corrected."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from websockets.sync.client import ClientConnection, connect

from game.cactus.bots.simple import Bot
from game.cactus.match import Stage
from game.net.client.cactus_link import CactusLink

from .helpers_cactus_net import DT, human_turn
from .netserver import ServerProcess

pytestmark = pytest.mark.slow
#: What a Cactus client should accept from the server in one message (a snapshot and a long turn's stream).
MAX_SIZE = 4 * 1024 * 1024


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    process = ServerProcess(tmp_path / "data", "--log-level", "warning")
    try:
        yield process.url
    finally:
        process.stop()


class Client:
    """A headless client: one connection, one link; :meth:`pump` sends what the link has and reads what came."""

    def __init__(self, url: str, seat: int | None) -> None:
        self.stack = contextlib.ExitStack()
        self.ws: ClientConnection = self.stack.enter_context(connect(url, max_size=MAX_SIZE))
        self.link = CactusLink(seat)
        self.replies: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message, separators=(",", ":")))

    def read(self, wait: float = 0.0) -> None:
        while True:
            try:
                raw = self.ws.recv(timeout=wait)
            except TimeoutError:
                return
            wait = 0.0
            message = json.loads(raw)
            if message["type"] in ("created", "joined", "watching"):
                self.replies.append(message)
            else:
                self.link.receive(message)

    def pump(self) -> None:
        for message in self.link.outgoing():
            self.send(message)
        self.read()

    def close(self) -> None:
        self.stack.close()


def open_table(url: str, seats: list[str], seed: int) -> tuple[list[Client], Client]:
    clients, host, _ = open_table_with_tokens(url, seats, seed)
    return clients, host


def join(url: str, table: str, seat: int, token: str) -> Client:
    c = Client(url, seat)
    c.send({"type": "join", "table": table, "seat": seat, "token": token})
    return c


def open_table_with_tokens(url: str, seats: list[str], seed: int) -> tuple[list[Client], Client, dict[str, Any]]:
    host = Client(url, None)
    host.send({"type": "create", "room": "cactus", "seats": seats, "seed": seed})
    host.read(5.0)
    created = host.replies[-1]
    assert created["type"] == "created", created
    clients = [join(url, created["table"], int(seat), token) for seat, token in sorted(created["tokens"].items())]
    host.send({"type": "watch", "table": created["table"]})  # the host stays on as a spectator
    for c in [*clients, host]:
        until(lambda c=c: c.link.match is not None, [c])  # type: ignore[misc]
    return clients, host, created


def until(done: Any, clients: list[Client], limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, "timed out waiting for the server"
        for c in clients:
            c.read(0.01)


def play(clients: list[Client], watcher: Client, turns: int, forge_turn: int | None = None) -> None:
    """``turns`` turns of the remote seats (the bots' turns in between play on the server)."""
    everyone = [*clients, watcher]
    for k in range(turns):
        until(lambda: any(c.link.active for c in clients) or watcher.link.status == "over", everyone)
        active = next((c for c in clients if c.link.active), None)
        if active is None:
            return
        ends = len(watcher.link.checks)
        human_turn(active.link, active.pump, forge=k == forge_turn)
        until(lambda: all(len(c.link.checks) > ends for c in everyone), everyone)  # noqa: B023


def test_two_headless_clients_and_the_server_agree_at_every_turn_end(server: str) -> None:
    clients, watcher = open_table(server, ["remote", "remote", "bot"], seed=3)
    try:
        play(clients, watcher, 4)
        everyone = [*clients, watcher]
        until(lambda: len({len(c.link.checks) for c in everyone}) == 1, everyone)
        checks = [c.link.checks for c in everyone]
        assert len(checks[0]) >= 6
        assert checks[0] == checks[1] == checks[2]  # the same ends, the same checksums
        assert all(own == server_sum for _, own, server_sum in checks[0])  # every copy = the server's
        assert all(c.link.resyncs == 0 and not c.link.errors for c in everyone)
    finally:
        for c in [*clients, watcher]:
            c.close()


def test_a_forged_verdict_over_the_wire_is_corrected(server: str) -> None:
    honest, honest_watch = open_table(server, ["remote", "remote"], seed=5)
    forged, forged_watch = open_table(server, ["remote", "remote"], seed=5)
    try:
        play(honest, honest_watch, 3)
        play(forged, forged_watch, 3, forge_turn=1)
        ends = [(t, s) for t, _, s in honest_watch.link.checks]
        assert [(t, s) for t, _, s in forged_watch.link.checks] == ends  # the server's game is the honest one
        cheat = next(c for c in forged if c.link.resyncs)
        assert [n["type"] for n in cheat.link.notices if n["type"] == "resync"] == ["resync"]
        assert cheat.link.match is not None and honest_watch.link.match is not None
        mine = [c.link.match.to_dict() for c in forged]  # type: ignore[union-attr]
        assert mine[0] == mine[1] == forged_watch.link.match.to_dict()  # type: ignore[union-attr]
    finally:
        for c in [*honest, honest_watch, *forged, forged_watch]:
            c.close()


def test_a_server_restarted_mid_drag_goes_on_with_the_same_game(tmp_path: Path) -> None:
    """The table is saved as its snapshot and the stream since; the restarted server resumes it exactly, the
    clients join again with their tokens, get the turn so far, and the game goes on in step."""
    first = ServerProcess(tmp_path / "data", "--log-level", "warning")
    clients, watcher, created = open_table_with_tokens(first.url, ["remote", "remote"], seed=6)
    try:
        play(clients, watcher, 1)
        until(lambda: any(c.link.active for c in clients), clients)
        active = next(c for c in clients if c.link.active)
        match = active.link.match
        assert match is not None
        bot = Bot()
        while match.stage in (Stage.ROLL, Stage.CHOOSE):
            bot.act(match)
            active.pump()  # a roll goes to the table's die
            until(lambda: not active.link.rolling, clients)
        x, y, _ = bot.plan(match)
        match.grab_new((x, y + 35.0))
        for k in range(20):
            match.move_hand((x, y + 35.0 - k))
            match.step(DT)
            if k % 2:
                active.pump()
        active.pump()
        time.sleep(0.3)  # the last input reaches the server before it stops
    finally:
        for c in [*clients, watcher]:
            c.close()
        assert first.stop() == 0
    second = ServerProcess(tmp_path / "data", "--log-level", "warning")
    seats = sorted(created["tokens"].items())
    again = [join(second.url, created["table"], int(seat), token) for seat, token in seats]
    try:
        until(lambda: all(c.link.match is not None for c in again), again)
        back = next(c for c in again if c.link.active)
        match = back.link.match
        assert match is not None and match.stage == Stage.HOLDING  # the turn so far, the drag included
        match.release()
        human_turn(back.link, back.pump)
        until(lambda: all(c.link.checks for c in again), again)
        for c in again:
            assert c.link.checks[-1][1] == c.link.checks[-1][2]
        spectator = Client(second.url, None)
        spectator.send({"type": "watch", "table": created["table"]})
        until(lambda: spectator.link.match is not None, [spectator])
        play(again, spectator, 2)
        assert all(own == srv for c in [*again, spectator] for _, own, srv in c.link.checks)
        spectator.close()
    finally:
        for c in again:
            c.close()
        assert second.stop() == 0


def test_the_remote_play_scene_over_a_real_connection(server: str, make_app: Any, tmp_path: Path) -> None:
    """The lobby's way in: ``game.net.client.connection.Connection`` + ``remote_play_scene``; the scene's seat plays its
    turn, a headless client plays the next, and both end each turn with the server's checksum."""
    from helpers_scene import Driver

    from game.app import BaseScene
    from game.cactus.room import remote_play_scene
    from game.cactus.screens.scene_remote import RemotePlayScene
    from game.net.client.connection import Connection

    host = Client(server, None)
    host.send({"type": "create", "room": "cactus", "seats": ["remote", "remote"], "seed": 8, "start_player": 0})
    host.read(5.0)
    created = host.replies[-1]
    connection = Connection(server)
    connection.send({"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]})
    other = join(server, created["table"], 1, created["tokens"]["1"])
    app = make_app()
    app.push(BaseScene())
    app.push(remote_play_scene(connection, 0, created["table"]))
    driver = Driver(app, 17)
    try:
        end = time.monotonic() + 20
        while not isinstance(app.scene, RemotePlayScene):
            assert time.monotonic() < end, "no snapshot came"
            driver.frames()
            time.sleep(0.01)
        scene = app.scene
        match = scene.match
        bot = Bot()
        while scene.link.active and time.monotonic() < end:
            if match.stage != Stage.SETTLING:
                bot.act(match)  # through the scene's match: made at once and sent by the scene's frames
            driver.frames()
            time.sleep(0.005)
        until(lambda: other.link.active, [other])
        human_turn(other.link, other.pump)
        while not scene.link.checks or len(scene.link.checks) < 2:
            assert time.monotonic() < end + 20, (scene.link.status, scene.link.errors)
            driver.frames()
            other.read(0.005)
        pygame.image.save(app.surface, str(tmp_path / "remote-scene.png"))
        assert all(own == srv for _, own, srv in scene.link.checks)
        assert [c[2] for c in scene.link.checks] == [c[2] for c in other.link.checks]
        assert scene.link.status == "playing" and not scene.link.errors
    finally:
        connection.close()
        other.close()
        host.close()
