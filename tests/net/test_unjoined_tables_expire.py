"""Tables nobody ever sat down at are dropped after ``ServerOptions.keep_unjoined`` seconds (in memory and on disk), so
tables made and left do not pile up; a table someone joined is kept, and a dropped table no longer counts for its
maker's address."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from game.net.server.limits import Limits
from game.net.server.table_server import Server

from .inprocess import Peer, running


def wait_for(done: Callable[[], bool], limit: float, what: str) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.02)


CREATE = {"type": "create", "room": "artischocken", "seats": ["remote", "remote"]}


def test_a_table_nobody_sat_at_is_dropped_and_a_joined_one_is_kept(tmp_path: Path) -> None:
    with running(tmp_path, keep_unjoined=0.3) as server:
        peer = Peer(server.url)
        left = peer.ask(CREATE, "created")
        kept = peer.ask(CREATE, "created")
        seat = Peer(server.url)
        assert seat.ask({"type": "join", "table": kept["table"], "seat": 0, "token": kept["tokens"]["0"]},
                        "joined")["type"] == "joined"
        seat.close()  # left again: it was sat at once, that is enough
        wait_for(lambda: (tmp_path / f"{left['table']}.json").exists(), 5, "the unjoined table's save")
        wait_for(lambda: left["table"] not in server.call(lambda s: set(s.tables)), 5, "the unjoined table to go")
        assert not (tmp_path / f"{left['table']}.json").exists()
        assert peer.ask({"type": "peek", "table": left["table"]}, "table")["code"] == "no_table"
        reply = peer.ask({"type": "join", "table": left["table"], "seat": 0, "token": left["tokens"]["0"]}, "joined")
        assert reply["code"] == "no_table"
        time.sleep(0.6)  # twice the bound more: the joined table stays
        assert peer.ask({"type": "peek", "table": kept["table"]}, "table")["type"] == "table"
        assert (tmp_path / f"{kept['table']}.json").exists()
        again = Peer(server.url).ask({"type": "join", "table": kept["table"], "seat": 0, "token": kept["tokens"]["0"]},
                                     "joined")
        assert again["type"] == "joined"


def test_a_watched_table_is_not_dropped_while_someone_watches_it(tmp_path: Path) -> None:
    with running(tmp_path, keep_unjoined=0.3) as server:
        peer = Peer(server.url)
        made = peer.ask(CREATE, "created")
        watcher = Peer(server.url)
        assert watcher.ask({"type": "watch", "table": made["table"]}, "watching")["type"] == "watching"
        time.sleep(0.8)
        assert made["table"] in server.call(lambda s: set(s.tables))
        watcher.close()
        wait_for(lambda: made["table"] not in server.call(lambda s: set(s.tables)), 5, "the table to go")


def test_a_dropped_unjoined_table_no_longer_counts_for_its_address(tmp_path: Path) -> None:
    with running(tmp_path, keep_unjoined=0.3, limits=Limits(loopback=True, address_tables=1, create_burst=5)) as server:
        peer = Peer(server.url)
        made = peer.ask(CREATE, "created")
        assert peer.ask(CREATE, "created")["code"] == "address_tables"
        wait_for(lambda: made["table"] not in server.call(lambda s: set(s.tables)), 5, "the table to go")
        assert peer.ask(CREATE, "created")["type"] == "created"


def test_a_dropped_table_stays_dropped_when_its_save_was_on_the_way(tmp_path: Path) -> None:
    with running(tmp_path, keep_unjoined=0.3) as server:
        def slow_disk(s: Server) -> None:
            write = s.store.write

            def slow(code: str, text: str) -> None:
                time.sleep(0.6)  # a slow disk: the write is still on its way when the reaper drops the table
                write(code, text)

            s.store.write = slow  # type: ignore[method-assign]

        server.call(slow_disk)
        made = Peer(server.url).ask(CREATE, "created")
        wait_for(lambda: made["table"] not in server.call(lambda s: set(s.tables)), 5, "the table to go")
        time.sleep(1.0)  # the write taken before the drop has landed
        assert not (tmp_path / f"{made['table']}.json").exists()
