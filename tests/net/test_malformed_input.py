"""Malformed input anywhere in remote play (docs/design.md, "Remote play") - from the wire, from another machine's
announcement or from a person typing a code - gets a clear refusal or is skipped, never a traceback: numbers too
long for json, digits that are not ASCII, frames nested too deep, seat keys that are not numbers."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from typing import Any

import pytest
from helpers_link import ScriptedLink
from websockets.sync.server import ServerConnection, serve

from game.net import wire
from game.net.client.connection import Connection
from game.net.client.lobby import Seating
from game.net.codes import CodeError, parse_code
from game.net.discovery import OpenTable, decode_tables
from game.net.server.room_table import TableError


@pytest.mark.parametrize("raw", ['{"type": "act", "seed": ' + "1" * 5000 + "}",
                                 '{"type": "create", "seats": [' + "9" * 4400 + "]}"])
def test_contract_remote_a_number_too_long_to_read_is_a_bad_message(raw: str) -> None:
    """Remote play: "A malformed message gets bad_message" - also a number of more than Python's 4300 digits
    (json raises a plain ValueError for it, which used to reach the server's catch-all as a traceback)."""
    with pytest.raises(TableError) as info:
        wire.parse(raw)
    assert info.value.code == "bad_message"


@pytest.mark.parametrize("text", ["192.168.1.20:\u00b2/K7QX-2M9P", "myhost:8\u00b9/K7QX", "[::1]:\u00b3/AB"])
def test_code_with_a_digit_that_is_no_ascii_digit_is_a_code_error(text: str) -> None:
    """A table code typed by a person: bad input gets a clear message (CodeError, which the lobby shows), never
    the bare ValueError of int("\u00b2") ("\u00b2".isdigit() is True)."""
    with pytest.raises(CodeError) as info:
        parse_code(text)
    assert info.value.reason == "bad_port"


def test_discovery_skips_a_free_count_that_is_no_ascii_number() -> None:
    """What another machine announces is input too: a malformed entry is skipped (it used to raise ValueError
    from int("\u00b2") in zeroconf's handler thread, so the whole server went unlisted)."""
    props = {b"v": b"1", b"tables": "AAAA-BBBB/cactus/\u00b2;CCCC-DDDD/artischocken/2".encode()}
    assert decode_tables(props) == (OpenTable("CCCC-DDDD", "artischocken", 2),)




def test_lobby_host_takes_a_created_reply_with_a_strange_seat_key_softly() -> None:
    """Bad input of any kind gets a clear message: a ``created`` whose token keys are not seat numbers ("\u00b2"
    passes str.isdigit) is read for its real seats; it used to raise ValueError in the lobby's frame."""
    link = ScriptedLink()
    seating = Seating.host(link, "artischocken", ["remote", "remote"], seed=1)
    link.inbox.append({"type": "created", "table": "AAAA-BBBB", "tokens": {"\u00b2": "x", "1": "tok1"}})
    seating.step()
    assert seating.tokens == {1: "tok1"}
    assert link.sent[-1] == {"type": "join", "table": "AAAA-BBBB", "seat": 1, "token": "tok1"}


def test_client_drops_a_frame_nested_too_deep_and_stays_connected() -> None:
    """Connection: "Messages that are not JSON objects are dropped" - also one nested deeper than json reads
    (RecursionError used to end the reader: the connection was dropped and made again)."""
    def handler(ws: ServerConnection) -> None:
        ws.send("[" * 100_000 + "]" * 100_000)
        ws.send(json.dumps({"type": "hello"}))
        with contextlib.suppress(Exception):
            ws.recv(timeout=5)

    with serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        conn = Connection(f"ws://127.0.0.1:{server.socket.getsockname()[1]}")
        try:
            got: list[dict[str, Any]] = []
            end = time.monotonic() + 5
            while not got and time.monotonic() < end:
                got = conn.poll()
                time.sleep(0.01)
            assert got == [{"type": "hello"}]
            assert conn.status == "open" and conn.reconnects == 0
        finally:
            conn.close()
            server.shutdown()
