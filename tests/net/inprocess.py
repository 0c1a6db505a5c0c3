"""The real table server in this process (its event loop in a thread of its own) and sync clients for it: for the
tests that want a small seat timeout and to look at the server's tables, besides speaking the wire format."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from websockets.sync.client import ClientConnection, connect

from game.net.client.cactus_link import CactusLink
from game.net.server.table_server import Server, ServerOptions

TIMEOUT = 10.0
T = TypeVar("T")


class ServerThread:
    """A :class:`Server` listening on a free port of 127.0.0.1; :meth:`stop` shuts it down as SIGTERM would."""

    def __init__(self, data: Path, **options: Any) -> None:
        self.server = Server(ServerOptions(data=data, **options))
        self.loop = asyncio.new_event_loop()
        self.port = 0
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            ws_server = self.loop.run_until_complete(self.server.start("127.0.0.1", 0))
            self.port = ws_server.sockets[0].getsockname()[1]
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, name="test server", daemon=True)
        self.thread.start()
        assert ready.wait(TIMEOUT), "the server did not start"
        self.url = f"ws://127.0.0.1:{self.port}"

    def call(self, fn: Callable[[Server], T]) -> T:
        """``fn(server)`` run on the server's loop (where its tables may be read safely)."""

        async def run() -> T:
            return fn(self.server)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(TIMEOUT)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.shutdown(), self.loop).result(3 * TIMEOUT)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(TIMEOUT)
        self.loop.close()


@contextlib.contextmanager
def running(data: Path, **options: Any) -> Iterator[ServerThread]:
    server = ServerThread(data, **options)
    try:
        yield server
    finally:
        server.stop()


class Peer:
    """One connection that keeps what it hears: the ``presence`` messages apart, Cactus messages fed to a
    :class:`CactusLink` (when it has one), everything else in :attr:`replies`."""

    def __init__(self, url: str, seat: int | None = None, *, cactus: bool = False) -> None:
        self.ws: ClientConnection = connect(url, max_size=None, compression=None, legacy=True)
        self.link = CactusLink(seat) if cactus else None
        self.replies: list[dict[str, Any]] = []
        self.presences: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message, separators=(",", ":")))

    def read(self, wait: float = 0.0) -> None:
        """Take in what came (waiting up to ``wait`` seconds for the first message)."""
        while True:
            try:
                raw = self.ws.recv(timeout=wait)
            except TimeoutError:
                return
            wait = 0.0
            message = json.loads(raw)
            if message.get("type") == "presence":
                self.presences.append(message)
            elif self.link is not None and message.get("type") in ("turn", "input", "resync", "seats"):
                self.link.receive(message)
            else:
                self.replies.append(message)

    def pump(self) -> None:
        """Send what the link has to send, and read."""
        if self.link is not None:
            for message in self.link.outgoing():
                self.send(message)
        self.read()

    def reply(self, kind: str, limit: float = TIMEOUT) -> dict[str, Any]:
        """The first reply of type ``kind`` (waiting for it), taken out of :attr:`replies`."""
        end = time.monotonic() + limit
        while True:
            for i, message in enumerate(self.replies):
                if message.get("type") == kind:
                    return self.replies.pop(i)
            assert time.monotonic() < end, f"no {kind!r} came; got {self.replies[-3:]}"
            self.read(0.05)

    def ask(self, message: dict[str, Any], kind: str) -> dict[str, Any]:
        """Send ``message`` and wait for the reply of type ``kind`` (or an error)."""
        self.send(message)
        end = time.monotonic() + TIMEOUT
        while True:
            for i, got in enumerate(self.replies):
                if got.get("type") in (kind, "error"):
                    return self.replies.pop(i)
            assert time.monotonic() < end, f"no answer to {message.get('type')!r}"
            self.read(0.05)

    def states(self) -> dict[int, str]:
        """Seat -> state, of the last presence heard (empty before the first)."""
        return {e["seat"]: e["state"] for e in self.presences[-1]["seats"]} if self.presences else {}

    def heard(self, seat: int, state: str) -> dict[str, Any] | None:
        """The last entry of ``seat`` in ``state`` of any presence heard (a state may pass between two reads)."""
        found = [e for p in self.presences for e in p["seats"] if e["seat"] == seat and e["state"] == state]
        return found[-1] if found else None

    def close(self) -> None:
        self.ws.close()


def until(done: Callable[[], bool], peers: list[Peer], limit: float = 30.0, what: str = "the server") -> None:
    """Read the peers' messages until ``done()``."""
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        for peer in peers:
            peer.read(0.01)
