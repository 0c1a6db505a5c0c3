"""game.net.client.connection.Connection: non-blocking send/poll, statuses, reconnect with the last join, clear
texts for an unreachable server. Runs against the in-test fake server (the wire format of docs/design.md)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.net.client.connection import Connection

from .fake_server import FakeServer


def wait_for(check: Callable[[], Any], timeout: float = 5.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError("timed out")


@pytest.fixture
def server() -> Iterator[FakeServer]:
    with FakeServer() as srv:
        yield srv


def collect(conn: Connection, into: list[dict[str, Any]], kind: str) -> Callable[[], dict[str, Any] | None]:
    def check() -> dict[str, Any] | None:
        into.extend(conn.poll())
        return next((m for m in into if m.get("type") == kind), None)
    return check


def test_send_and_poll_speak_the_wire_format(server: FakeServer) -> None:
    conn = Connection(server.url)
    try:
        assert conn.poll() == []  # never blocks, even before the connection is open
        conn.send({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"], "seed": 7})
        got: list[dict[str, Any]] = []
        created = wait_for(collect(conn, got, "created"))
        assert conn.status == "open" and set(created["tokens"]) == {"0"}
        conn.send({"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]})
        state = wait_for(collect(conn, got, "state"))
        assert state["log_from"] == 0 and state["view"]["seat"] == 0
    finally:
        conn.close()
    assert conn.status == "closed"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_server_fails_with_a_clear_text() -> None:
    url = f"ws://127.0.0.1:{free_port()}"
    conn = Connection(url)
    wait_for(lambda: conn.status == "failed")
    assert conn.error is not None and url in conn.error and "refused" in conn.error
    conn.close()
    assert conn.status == "failed"


def test_bad_address_fails_softly() -> None:
    conn = Connection("not a url")
    wait_for(lambda: conn.status == "failed")
    assert conn.error and "not a server address" in conn.error


def test_a_drop_reconnects_with_a_countdown_and_joins_again(server: FakeServer) -> None:
    conn = Connection(server.url, backoff=(0.3,))
    try:
        got: list[dict[str, Any]] = []
        conn.send({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"], "seed": 1})
        created = wait_for(collect(conn, got, "created"))
        join = {"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]}
        conn.send(join)
        wait_for(collect(conn, got, "state"))
        got.clear()
        server.drop_all()
        wait_for(lambda: conn.status == "reconnecting")
        assert 0 < conn.reconnect_in <= 0.3 and conn.error
        wait_for(lambda: conn.status == "open" and conn.reconnects == 1)
        state = wait_for(collect(conn, got, "state"))  # the last join went again by itself
        assert state["log_from"] == 0
        assert server.received.count(join) == 2
    finally:
        conn.close()


def test_reconnect_gives_up_after_its_attempts() -> None:
    with FakeServer() as server:
        conn = Connection(server.url, backoff=(0.05,), attempts=2)
        wait_for(lambda: conn.status == "open")
    wait_for(lambda: conn.status == "failed")  # the server is gone: two attempts, then failed
    assert conn.error
    conn.close()


def test_wake_is_called_when_something_arrives(server: FakeServer) -> None:
    calls: list[int] = []
    conn = Connection(server.url, wake=lambda: calls.append(1))
    try:
        conn.send({"type": "nonsense"})
        got: list[dict[str, Any]] = []
        wait_for(collect(conn, got, "error"))
        assert calls and got[-1]["code"] == "bad_message"
    finally:
        conn.close()


def test_client_close_while_connecting_ends_the_thread_at_once() -> None:
    """Connection.close(): no thread left running after it, even while the server never answers the
    handshake (it used to wait the whole open_timeout, past close()'s own two seconds)."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)  # takes the TCP connection, never answers the websocket handshake
        url = f"ws://127.0.0.1:{silent.getsockname()[1]}"
        conn = Connection(url, open_timeout=8.0)
        time.sleep(0.3)
        assert conn.status == "connecting"
        started = time.monotonic()
        conn.close()
        took = time.monotonic() - started
        assert not [t for t in threading.enumerate() if url in t.name], "the connection's thread outlived close()"
        assert took < 1.0
        assert conn.status == "closed"


class FreezingProxy:
    """A TCP relay to ``target`` that can freeze: it keeps every connection open but passes nothing on any more,
    as a server process that was stopped (SIGSTOP) or a network that went dead would."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.frozen = threading.Event()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.url = f"ws://127.0.0.1:{self.listener.getsockname()[1]}"
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        while True:
            try:
                data = src.recv(65536)
            except OSError:
                return
            if not data:
                return
            if self.frozen.is_set():
                continue  # swallowed: the other side hears nothing
            try:
                dst.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        self.listener.close()
        for s in self.sockets:
            with contextlib.suppress(OSError):
                s.close()


def test_a_server_that_goes_silent_is_noticed_while_the_socket_stays_open_and_reconnecting_goes_on(
        server: FakeServer) -> None:
    """The keepalive: an unanswered ping drops the connection (the socket itself never closed), and the reconnect
    attempts go on (none give up: the link's waits are capped instead)."""
    port = int(server.url.rsplit(":", 1)[1])
    proxy = FreezingProxy(port)
    conn = Connection(proxy.url, ping_interval=0.1, ping_timeout=0.3, open_timeout=0.5)
    try:
        wait_for(lambda: conn.status == "open" and conn.contacts > 0)  # answered pings are contact
        proxy.frozen.set()
        wait_for(lambda: conn.status == "reconnecting")
        assert conn.error is not None and "stopped answering" in conn.error
        proxy.frozen.clear()
        wait_for(lambda: conn.status == "open" and conn.reconnects == 1, timeout=15.0)
    finally:
        conn.close()
        proxy.close()


def test_the_reconnect_waits_never_pass_five_seconds() -> None:
    with FakeServer() as server:
        conn = Connection(server.url)
        wait_for(lambda: conn.status == "open")
    try:
        wait_for(lambda: conn.status == "reconnecting")
        for _ in range(5):  # whatever attempt it is at, the wait shown is within the cap
            assert 0.0 <= conn.reconnect_in <= 5.0
            assert conn.status in ("reconnecting",)
            time.sleep(0.05)
    finally:
        conn.close()
