"""A table's connection whose server came back on another port (killed, started again on the same data folder: the
same server, by its id) finds it there as the lobby does (the addresses it is handed: the network's announcements,
the program's own server, the addresses the server last said), never at a stranger's server, and takes its seat back
with its token. Real servers (in-process) on 127.0.0.1."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.net.client.connection import Connection
from game.net.client.servers import FindsAgain, Hello, say_hello

from .inprocess import Peer, ServerThread

LIMIT = 30.0


def wait_for(done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + LIMIT
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.02)


def received(link: Connection, kinds: set[str], got: list[dict[str, Any]]) -> Callable[[], bool]:
    def done() -> bool:
        got.extend(link.poll())
        return kinds <= {m.get("type") for m in got}

    return done


def test_a_table_connection_finds_its_server_back_on_another_port_and_takes_the_seat_back(tmp_path: Path) -> None:
    first = ServerThread(tmp_path / "home")
    stranger = ServerThread(tmp_path / "stranger")  # another server: never taken for this one
    tom = Peer(first.url)
    server_id = tom.ask({"type": "hello"}, "hello")["server"]
    created = tom.ask({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"], "hold": True,
                       "player": "tom"}, "created")
    tom.close()
    places = [stranger.url, first.url]
    asked: list[str] = []

    def ask(url: str) -> Hello | None:
        asked.append(url)
        return say_hello(url, 2.0)

    link = Connection(first.url, backoff=(0.05,))
    link.find = FindsAgain(server_id, lambda: list(places), ask=ask)
    got: list[dict[str, Any]] = []
    try:
        link.send({"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"],
                   "player": "tom"})
        wait_for(received(link, {"joined", "state"}, got), "the first join")
        first.stop()  # as a kill would: nobody answers at its port any more
        second = ServerThread(tmp_path / "home")  # the same data folder, another port
        try:
            assert second.url != first.url
            places.append(second.url)
            got.clear()
            wait_for(received(link, {"joined", "state"}, got), "the seat taken back where the server is now")
            assert link.url == second.url and link.status == "open"
            assert stranger.url in asked  # asked, and passed over: another server's id
            joined = next(m for m in got if m.get("type") == "joined")
            assert joined == {"type": "joined", "table": created["table"], "seat": 0}
        finally:
            link.close()
            second.stop()
    finally:
        link.close()
        stranger.stop()


def test_finding_again_passes_over_the_address_it_was_reached_at_and_other_servers() -> None:
    said = {"ws://a:1": Hello("other", None, ()), "ws://b:2": Hello("mine", None, ()),
            "ws://c:3": Hello("mine", None, ())}
    asked: list[str] = []

    def ask(url: str) -> Hello | None:
        asked.append(url)
        return said.get(url)

    find = FindsAgain("mine", lambda: ["ws://c:3/", "ws://a:1", "ws://a:1", "ws://b:2"], ask=ask)
    assert find("ws://c:3") == "ws://b:2"
    assert asked == ["ws://a:1", "ws://b:2"]  # each once, not the address that failed
    assert FindsAgain("mine", lambda: ["ws://a:1"], ask=ask)("ws://c:3") is None
