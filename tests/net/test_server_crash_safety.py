"""The table server's crash safety (docs/design.md, "Remote play"), in process: saves that cannot be read are set
aside, shutdown saves at once even while a peer never answers, and a save that cannot be removed does not stop
the reaper."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from game.net.server.keeping.store import TableStore
from game.net.server.table_server import Server, ServerOptions

TIMEOUT = 5.0
loop_time = time.monotonic


async def ask(ws: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    await ws.send(json.dumps(message))
    reply = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
    assert isinstance(reply, dict)
    return reply


def test_contract_remote_a_save_json_cannot_read_is_set_aside_and_the_server_starts(tmp_path: Path) -> None:
    """Remote play, crash safety: "a file that cannot be read is ... set aside, never a reason for the server
    not to start" - also one nested deeper than json's recursion limit or holding a number of over 4300 digits
    (both used to stop the server's start with a traceback)."""
    (tmp_path / "AAAA-AAAA.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "BBBB-BBBB.json").write_text('{"format": "garden-table-server/1", "n": ' + "7" * 5000 + "}")

    async def run() -> dict[str, Any]:
        server = Server(ServerOptions(data=tmp_path))
        ws_server = await server.start("127.0.0.1", 0)
        try:
            port = ws_server.sockets[0].getsockname()[1]
            async with connect(f"ws://127.0.0.1:{port}") as ws:
                return await ask(ws, {"type": "create", "room": "artischocken", "seats": ["remote", "greedy"],
                                      "seed": 1})
        finally:
            await server.shutdown()

    assert asyncio.run(run())["type"] == "created"
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "AAAA-AAAA.corrupt-1.json" in names and "BBBB-BBBB.corrupt-1.json" in names
    assert "AAAA-AAAA.json" not in names and "BBBB-BBBB.json" not in names


def test_contract_remote_shutdown_saves_at_once_while_a_peer_does_not_answer(tmp_path: Path) -> None:
    """`serve`: SIGTERM saves every table and exits - also while a peer has vanished without a word (it
    never answers the closing handshake). The lobby's own server is killed two seconds after it is asked to
    stop, so the save must not wait for such a peer: it used to take 5 s to save and 10 s to end."""

    async def run() -> str:
        server = Server(ServerOptions(data=tmp_path))
        ws_server = await server.start("127.0.0.1", 0)
        port = ws_server.sockets[0].getsockname()[1]
        async with connect(f"ws://127.0.0.1:{port}") as ws:
            created = await ask(ws, {"type": "create", "room": "artischocken", "seats": ["remote", "greedy"],
                                     "seed": 1, "start_player": 0})
            assert (await ask(ws, {"type": "join", "table": created["table"], "seat": 0,
                                   "token": created["tokens"]["0"]}))["type"] == "joined"
        reader, writer = await asyncio.open_connection("127.0.0.1", port)  # the silent peer
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        assert (await asyncio.wait_for(reader.read(12), TIMEOUT)).startswith(b"HTTP/1.1 101")
        started = loop_time()
        await server.shutdown()
        assert loop_time() - started < 3.0
        writer.close()
        return str(created["table"])

    began = loop_time()
    code = asyncio.run(run())
    assert loop_time() - began < 5.0  # before: 10 s, the default closing handshake timeout
    saved = json.loads((tmp_path / f"{code}.json").read_text())
    assert saved["joined"] == [0]


def test_a_save_that_cannot_be_removed_is_logged_and_the_reaper_goes_on(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    """The reaper drops finished tables through TableStore.remove: an OSError there (a read-only folder, say)
    used to end the reaper's task for good, so no finished table was dropped again."""
    store = TableStore(tmp_path)
    store.write("AAAA-AAAA", "{}")

    def refuse(self: Path, *_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "unlink", refuse)
    store.remove("AAAA-AAAA")
    assert "AAAA-AAAA.json could not be removed" in caplog.text
