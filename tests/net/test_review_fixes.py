"""Review of remote play (DESIGN.md, "Remote play"): the holes found, each pinned by a test that failed before
its fix."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from game.net import wire
from game.net.client import Connection
from game.net.table import TableError


@pytest.mark.parametrize("raw", ['{"type": "act", "seed": ' + "1" * 5000 + "}",
                                 '{"type": "create", "seats": [' + "9" * 4400 + "]}"])
def test_contract_remote_a_number_too_long_to_read_is_a_bad_message(raw: str) -> None:
    """Remote play: "A malformed message gets bad_message" - also a number of more than Python's 4300 digits
    (json raises a plain ValueError for it, which used to reach the server's catch-all as a traceback)."""
    with pytest.raises(TableError) as info:
        wire.parse(raw)
    assert info.value.code == "bad_message"


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
