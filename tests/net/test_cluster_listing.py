"""The open tables of a cluster: every process lists the tables of every other one (the announcement on the
network, ``serve --advertise``), each with its true free seats, and what another process wrote to Redis is read
with care."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from game.net.discovery import OpenTable
from game.net.server.cluster.directory import open_tables

from .inprocess import Peer, running

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner,
                                                                                  max_size=4), max_leaves=20)


@given(JSON)
def test_a_listing_of_any_shape_gives_only_open_tables(value: Any) -> None:
    """Whatever another process (or anyone with the Redis) wrote, reading it gives open tables with a free
    seat, or nothing; never an exception."""
    tables = open_tables(json.dumps(value))
    assert all(isinstance(t, OpenTable) and t.free > 0 for t in tables)


def test_a_listing_row_is_read_as_written() -> None:
    assert open_tables('[["K7QX-2M9P", "cactus", 2, true], ["x", "y", 0, false], "junk"]') == \
        [OpenTable("K7QX-2M9P", "cactus", 2, True)]
    assert open_tables("not json") == [] and open_tables(None) == []


def test_each_process_lists_the_open_tables_of_the_others(tmp_path: Path, redis_url: str) -> None:
    """A table made on process A is in B's list of open tables with its free seats, and leaves it once its last
    seat is claimed (through B)."""
    with running(tmp_path / "a", redis=redis_url) as a, running(tmp_path / "b", redis=redis_url) as b:
        made = Peer(a.url).ask({"type": "create", "room": "artischocken", "seats": ["remote", "remote"],
                                "hold": True}, "created")
        code = made["table"]

        def listed() -> list[OpenTable]:
            return [t for t in b.call(lambda s: s.open_tables()) if t.table == code]

        deadline = time.monotonic() + 10
        while not listed() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert listed() == [OpenTable(code, "artischocken", 1, False)]
        claimed = Peer(b.url).ask({"type": "claim", "table": code}, "claimed")
        assert claimed["type"] == "claimed" and claimed["seat"] == 1, claimed
        deadline = time.monotonic() + 10
        while listed() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert listed() == []
