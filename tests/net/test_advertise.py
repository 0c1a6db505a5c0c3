"""The server's own announcement (``python -m game serve --advertise NAME``): its open tables with the seats a
claim could really hand out, kept up to date, the host player's name in the TXT record; withdrawn when the server
stops (one live test, where multicast on loopback works here)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from game.net.discovery import Browser, OpenTable, decode_name, decode_tables, encode_tables, reachable_address
from game.net.server.announce import Announcer
from game.net.server.presence import claimable
from game.net.server.serve import build_parser

from .inprocess import Peer, running
from .netserver import Client, ServerProcess


def test_a_claim_could_hand_out_only_a_person_s_seat_nobody_took_or_holds() -> None:
    kinds = ["remote", "remote", "greedy", "remote", "remote"]
    remote = [0, 1, 3, 4]
    assert claimable(kinds, remote, taken=set(), held=set(), kept=None, over=False) == [0, 1, 3, 4]
    assert claimable(kinds, remote, taken={1}, held={3}, kept=0, over=False) == [4]
    assert claimable(["remote", "greedy"], [0, 1], taken=set(), held=set(), kept=None, over=False) == [0]
    assert claimable(["bot", "remote"], [0, 1], taken=set(), held=set(), kept=None, over=False) == [1]  # taken over
    assert claimable(kinds, remote, taken=set(), held=set(), kept=None, over=True) == []


def test_the_open_tables_count_the_seats_a_joiner_can_take(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        tom = Peer(server.url)
        cards = tom.ask({"type": "create", "room": "artischocken", "seats": ["remote", "remote", "remote"],
                         "hold": True}, "created")
        cactus = tom.ask({"type": "create", "room": "cactus", "seats": ["remote", "remote", "bot"]}, "created")
        tom.ask({"type": "create", "room": "artischocken", "seats": ["greedy", "random"]}, "created")
        assert server.call(lambda s: s.open_tables()) == [OpenTable(cards["table"], "artischocken", 2),
                                                          OpenTable(cactus["table"], "cactus", 2)]
        tom.ask({"type": "join", "table": cards["table"], "seat": 0, "token": cards["tokens"]["0"]}, "joined")
        tom.ask({"type": "claim", "table": cards["table"]}, "claimed")
        joined = Peer(server.url)
        joined.ask({"type": "join", "table": cactus["table"], "seat": 0, "token": cactus["tokens"]["0"]}, "joined")
        assert server.call(lambda s: s.open_tables()) == [OpenTable(cards["table"], "artischocken", 1),
                                                          OpenTable(cactus["table"], "cactus", 1)]
        joined.close()  # a seat that was sat at stays its player's
        tom.ask({"type": "claim", "table": cards["table"]}, "claimed")
        assert server.call(lambda s: s.open_tables()) == [OpenTable(cactus["table"], "cactus", 1)]


class FakeAdvertiser:
    """An advertiser without a network: what it was asked to announce."""

    def __init__(self) -> None:
        self.stands = False
        self.note: str | None = None
        self.updates: list[list[OpenTable]] = []

    def ready(self) -> bool:
        return self.stands

    def update(self, tables: list[OpenTable]) -> None:
        self.updates.append(tables)

    def close(self) -> None:
        self.stands = False


def test_the_announcement_is_updated_when_the_open_tables_change_and_only_then(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        advertiser = FakeAdvertiser()
        announcer = server.call(lambda s: Announcer(s, advertiser, s.open_tables()))
        assert server.call(lambda s: announcer.due()) is None
        peer = Peer(server.url)
        created = peer.ask({"type": "create", "room": "artischocken", "seats": ["remote", "remote"]}, "created")
        assert server.call(lambda s: announcer.due()) is None  # the advertiser does not stand yet: kept for later
        advertiser.stands = True
        assert server.call(lambda s: announcer.due()) == [OpenTable(created["table"], "artischocken", 2)]
        assert server.call(lambda s: announcer.due()) is None  # nothing changed
        peer.ask({"type": "watch", "table": created["table"]}, "watching")
        peer.ask({"type": "peek", "table": created["table"]}, "table")
        assert server.call(lambda s: announcer.due()) is None  # changes, but not to what is announced
        peer.ask({"type": "claim", "table": created["table"]}, "claimed")
        assert server.call(lambda s: announcer.due()) == [OpenTable(created["table"], "artischocken", 1)]
        peer.ask({"type": "claim", "table": created["table"]}, "claimed")
        assert server.call(lambda s: announcer.due()) == []


def test_the_announcer_sends_off_the_loop_and_withdraws_at_the_end(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        advertiser = FakeAdvertiser()
        advertiser.stands = True
        announcer = server.call(lambda s: Announcer(s, advertiser, []))
        task = server.call(lambda s: asyncio.get_running_loop().create_task(announcer.run()))
        peer = Peer(server.url)
        created = peer.ask({"type": "create", "room": "cactus", "seats": ["remote", "bot"]}, "created")
        end = time.monotonic() + 10
        while not advertiser.updates and time.monotonic() < end:
            time.sleep(0.05)
        assert advertiser.updates == [[OpenTable(created["table"], "cactus", 1)]]
        server.call(lambda s: task.cancel())
        while advertiser.stands and time.monotonic() < end:
            time.sleep(0.05)
        assert not advertiser.stands  # withdrawn


def test_a_server_where_multicast_is_not_possible_says_so_once_and_serves_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with running(tmp_path) as server:
        advertiser = FakeAdvertiser()
        advertiser.note = "tables cannot be announced on this network (No such device)"
        announcer = server.call(lambda s: Announcer(s, advertiser, []))
        task = server.call(lambda s: asyncio.get_running_loop().create_task(announcer.run()))
        peer = Peer(server.url)
        created = peer.ask({"type": "create", "room": "cactus", "seats": ["remote", "bot"]}, "created")
        end = time.monotonic() + 10
        while "No such device" not in caplog.text and time.monotonic() < end:
            time.sleep(0.05)
        assert caplog.text.count("No such device") == 1 and advertiser.updates == []
        assert peer.ask({"type": "peek", "table": created["table"]}, "table")["room"] == "cactus"
        server.call(lambda s: task.cancel())


def test_the_host_player_s_name_travels_in_the_txt_record() -> None:
    props = encode_tables([OpenTable("K7QX-2M9P", "cactus", 1)], "Tom")
    raw = {k.encode(): v.encode() for k, v in props.items()}
    assert decode_name(raw) == "Tom" and decode_tables(raw) == (OpenTable("K7QX-2M9P", "cactus", 1),)
    assert decode_name({b"v": b"1"}) is None
    assert decode_name({b"name": b"x" * 25}) is None and decode_name({b"name": b"Tom\x07"}) is None
    assert "name" not in encode_tables([], None)


def test_serve_advertise_is_heard_with_its_name_and_tables_and_leaves_when_it_stops(tmp_path: Path) -> None:
    browser = Browser(interfaces=["127.0.0.1"])
    if not browser.available:
        pytest.skip(f"multicast DNS is not possible on loopback here: {browser.note}")
    server = ServerProcess(tmp_path, "--advertise", "Tom")
    try:
        created = Client(server.url).ask({"type": "create", "room": "cactus", "seats": ["remote", "remote"],
                                          "hold": True, "name": "Tom"})
        want = (OpenTable(created["table"], "cactus", 1),)
        end = time.monotonic() + 8
        while time.monotonic() < end and not any(f.tables == want for f in browser.found()):
            time.sleep(0.05)
        if "cannot be announced" in server.stderr():
            pytest.skip("multicast DNS is not possible on loopback here")
        found = [f for f in browser.found() if f.tables == want]
        assert found, f"the announcement was not heard: {browser.found()}"
        assert found[0].name == "Tom" and found[0].host == "127.0.0.1" and f"{found[0].port}" in server.url
        assert Client(server.url).ask({"type": "claim", "table": created["table"]})["type"] == "claimed"
        end = time.monotonic() + 8
        while time.monotonic() < end and any(f.tables == want for f in browser.found()):
            time.sleep(0.05)
        assert not any(f.tables == want for f in browser.found()), "the full table is still announced"
    finally:
        assert server.stop() == 0
    try:
        end = time.monotonic() + 8
        while time.monotonic() < end and any(f.tables == want for f in browser.found()):
            time.sleep(0.05)
        assert not any(f.tables == want for f in browser.found()), "the stopped server is still listed"
    finally:
        browser.close()


def test_serve_takes_a_player_s_name_to_advertise_under_and_refuses_what_is_none(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert build_parser().parse_args(["--advertise", "  Tom "]).advertise == "Tom"
    assert build_parser().parse_args([]).advertise is None
    for bad in ("", "   ", "x" * 25, "Tom\tAnn"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["--advertise", bad])
        assert "expected a name of 1 to 24 characters" in capsys.readouterr().err


def test_the_announced_address_is_one_others_can_reach() -> None:
    assert reachable_address("192.168.1.20") == "192.168.1.20"
    assert reachable_address("localhost") == "127.0.0.1"
    for everywhere in ("0.0.0.0", "::", ""):
        address = reachable_address(everywhere)
        assert address.count(".") == 3 and address != "0.0.0.0"  # this machine's own, or loopback without a network
