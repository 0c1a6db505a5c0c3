"""The bounds of one connection and of the server's connections (game/net/server/limits.py): a client that does not
read is dropped once the bytes waiting for it pass ``outbox_bytes`` (1013) or once a frame cannot leave within
``send_timeout``, and may join its seat again with its token; a connection past ``connections`` is closed at once
with 1013, and served again once there is room.

The non-reader is a Cactus seat that asks for ``sync`` (its whole turn, about 10 kB) many times and reads nothing:
its socket's receive buffer is made small and its client queues one message, so the bytes pile up at the server."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.net.server.limits import Limits
from game.net.server.table_server import SLOW_READER

from .inprocess import Peer, ServerThread, running

LOG = "game.net.server.table_server"
#: Seconds between two of its syncs: a client that reads keeps up with this pace.
PACE = 0.002
#: Messages per second the non-reader may send (it sends its syncs far faster than the default allows).
FAST = {"rate": 5000.0, "burst": 5000.0}


def non_reader(server: ServerThread) -> ClientConnection:
    """A connection that will stop reading: a small receive buffer, one queued message."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    return connect(server.url, sock=sock, max_size=None, compression=None, max_queue=1, legacy=True)


def send(ws: ClientConnection, message: dict[str, Any]) -> None:
    ws.send(json.dumps(message))


def cactus_seat(server: ServerThread) -> tuple[dict[str, Any], ClientConnection]:
    """A Cactus table of two remote seats, and seat 0 joined by a connection that reads nothing after its join."""
    creator = Peer(server.url)
    created = creator.ask({"type": "create", "room": "cactus", "seats": ["remote", "remote"]}, "created")
    creator.close()
    ws = non_reader(server)
    send(ws, {"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]})
    assert json.loads(ws.recv(timeout=10))["type"] == "joined"
    return created, ws


def flood_syncs(ws: ClientConnection, count: int, pace: float = 0.0) -> None:
    """Ask for ``count`` whole turns, one every ``pace`` seconds; stops when the server has closed the connection."""
    for _ in range(count):
        try:
            send(ws, {"type": "sync"})
        except (ConnectionClosed, OSError):
            return
        if pace:
            time.sleep(pace)


def wait_for(done: Any, limit: float, what: str) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.02)


def waiting_when_dropped(caplog: pytest.LogCaptureFixture) -> int:
    """The bytes waiting for the connection when the server dropped it for its outbox (from the log line)."""
    line = next(r.getMessage() for r in caplog.records if "reads too slowly" in r.getMessage())
    return int(line.split("(")[1].split()[0])


def rejoin_gets_the_whole_turn(server: ServerThread, created: dict[str, Any]) -> None:
    fresh = Peer(server.url)
    joined = fresh.ask({"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]},
                       "joined")
    assert joined["type"] == "joined", joined
    turn = fresh.reply("turn")
    assert turn["reason"] == "join" and "stream" in turn, sorted(turn)
    assert server.call(lambda s: s.tables[created["table"]].seats[0].number) > 0
    fresh.close()


def test_answers_piling_past_the_outbox_bound_close_the_connection_with_1013_and_the_seat_joins_again(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Syncs sent all at once are answered faster than the answers can leave: the bytes waiting pass
    ``outbox_bytes`` while the buffers on the way are still nearly empty, so the close frame reaches the client."""
    caplog.set_level(logging.INFO, logger=LOG)
    with running(tmp_path, limits=Limits(outbox_bytes=64 * 1024), **FAST) as server:
        created, ws = cactus_seat(server)
        flood_syncs(ws, 900)
        wait_for(lambda: "reads too slowly" in caplog.text, 10, "the server to drop the connection")
        assert waiting_when_dropped(caplog) <= 64 * 1024
        with pytest.raises(ConnectionClosed) as info:
            while True:
                ws.recv(timeout=10)
        assert info.value.rcvd is not None and info.value.rcvd.code == SLOW_READER, info.value
        wait_for(lambda: server.call(lambda s: 0 not in s.tables[created["table"]].seats), 5, "the seat to be let go")
        wait_for(lambda: server.call(lambda s: s.open_connections) == 0, 5, "the connection to go")
        rejoin_gets_the_whole_turn(server, created)


def test_a_client_that_stopped_reading_is_dropped_soon_after_its_outbox_passes_the_bound(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=LOG)
    with running(tmp_path, limits=Limits(outbox_bytes=64 * 1024), **FAST) as server:
        created, ws = cactus_seat(server)
        try:
            # about 9 MB of answers, more than every buffer on the way can hold, asked for at a pace a reader keeps
            # up with (test_a_client_that_reads_what_it_asks_for_is_not_dropped)
            flood_syncs(ws, 900, PACE)
            wait_for(lambda: "reads too slowly" in caplog.text, 10, "the server to drop the non-reader")
            assert waiting_when_dropped(caplog) <= 64 * 1024

            def held() -> tuple[bool, int]:
                conn = server.call(lambda s: s.tables[created["table"]].seats.get(0))
                return (conn is None or conn.closing), (0 if conn is None else conn.outbox.bytes)

            closing, waiting = held()
            assert closing and waiting <= 64 * 1024  # nothing more is queued for it
            # gone from the server and from its seat within the close timeout (1 s) and some slack, whatever
            # send_timeout says
            wait_for(lambda: server.call(lambda s: 0 not in s.tables[created["table"]].seats), 4,
                     "the seat to be let go")
            wait_for(lambda: server.call(lambda s: s.open_connections) == 0, 2, "the connection to go")
            rejoin_gets_the_whole_turn(server, created)
        finally:
            with contextlib.suppress(OSError):
                ws.socket.shutdown(socket.SHUT_RDWR)  # the server is not held up by it at shutdown either
            ws.close()


def test_a_client_that_reads_what_it_asks_for_is_not_dropped(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The control of the test of the reader that stopped: the same requests, read as they come, keep the connection."""
    caplog.set_level(logging.INFO, logger=LOG)
    with running(tmp_path, limits=Limits(outbox_bytes=64 * 1024), **FAST) as server:
        created = Peer(server.url).ask({"type": "create", "room": "cactus", "seats": ["remote", "remote"]}, "created")
        ws = connect(server.url, max_size=None, compression=None, legacy=True)
        send(ws, {"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]})
        turns: list[int] = []

        def read() -> None:
            with contextlib.suppress(ConnectionClosed):
                while True:
                    if json.loads(ws.recv(timeout=30)).get("type") == "turn":
                        turns.append(1)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        flood_syncs(ws, 300, PACE)
        wait_for(lambda: len(turns) == 301, 15, "every answer")  # the join's turn and one per sync
        assert "reads too slowly" not in caplog.text
        assert server.call(lambda s: 0 in s.tables[created["table"]].seats)
        ws.close()
        reader.join(5)


def test_a_client_whose_frame_cannot_leave_within_the_send_timeout_is_dropped(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=LOG)
    with running(tmp_path, limits=Limits(send_timeout=0.5, outbox_bytes=64 * 1024 * 1024), **FAST) as server:
        created, ws = cactus_seat(server)
        flood_syncs(ws, 900, PACE)
        wait_for(lambda: "has read nothing for" in caplog.text, 15, "the send timeout to drop the non-reader")
        wait_for(lambda: server.call(lambda s: 0 not in s.tables[created["table"]].seats), 10, "the seat to be let go")
        assert "reads too slowly" not in caplog.text  # the outbox bound was not what dropped it
        with pytest.raises(ConnectionClosed) as info:
            while True:
                ws.recv(timeout=10)
        assert info.value.rcvd is None  # aborted: no close frame could reach it
        ws.close()
        rejoin_gets_the_whole_turn(server, created)


def test_a_connection_past_the_server_bound_is_closed_with_1013_and_one_is_served_once_there_is_room(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=LOG)
    with running(tmp_path, limits=Limits(connections=3)) as server:
        peers = [Peer(server.url) for _ in range(3)]
        made = peers[0].ask({"type": "create", "room": "artischocken", "seats": ["remote", "remote"]}, "created")
        for peer in peers:
            assert peer.ask({"type": "peek", "table": made["table"]}, "table")["type"] == "table"
        assert server.call(lambda s: s.open_connections) == 3
        for _ in range(2):
            extra = Peer(server.url)
            with pytest.raises(ConnectionClosed) as info:
                extra.ws.recv(timeout=5)
            assert info.value.rcvd is not None and info.value.rcvd.code == SLOW_READER
        assert caplog.text.count("refusing new ones") == 1  # one line, not one per refused connection
        for peer in peers:  # the served ones go on
            assert peer.ask({"type": "peek", "table": made["table"]}, "table")["type"] == "table"
        peers[2].close()
        wait_for(lambda: server.call(lambda s: s.open_connections) == 2, 10, "the closed connection to go")
        late = Peer(server.url)
        assert late.ask({"type": "peek", "table": made["table"]}, "table")["type"] == "table"
