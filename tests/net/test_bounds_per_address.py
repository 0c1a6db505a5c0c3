"""The bounds of one client address (game/net/server/limits.py, docs/design.md "Transport and limits"): tables made
recently (``create_rate``), unfinished tables (``address_tables``), all-bot tables (``address_bots``) and failed
lookups of codes and tokens (``slow_down``). Each refusal makes nothing, and another address is not affected.

A second client address is had by binding the client's socket to another loopback address (127.0.0.5)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from game.net.server.limits import AddressBook, Limits

from .inprocess import Peer, ServerThread, running

OTHER_ADDRESS = "127.0.0.5"


class PeerFrom(Peer):
    """A :class:`Peer` whose connection comes from ``source`` (another client address on loopback)."""

    def __init__(self, url: str, source: str) -> None:
        self.ws = connect(url, max_size=None, compression=None, legacy=True, source_address=(source, 0))
        self.link = None
        self.replies: list[dict[str, Any]] = []
        self.presences: list[dict[str, Any]] = []


def cards(seats: list[str], **extra: Any) -> dict[str, Any]:
    return {"type": "create", "room": "artischocken", "seats": seats, **extra}


def table_count(server: ServerThread) -> int:
    return server.call(lambda s: len(s.tables))


def test_a_create_past_the_burst_is_refused_with_create_rate_and_makes_nothing(tmp_path: Path) -> None:
    limits = Limits(loopback=True, create_burst=3, create_every=60, address_tables=5, address_bots=1)
    with running(tmp_path, limits=limits) as server:
        peer = Peer(server.url)
        for _ in range(3):
            assert peer.ask(cards(["remote", "remote"]), "created")["type"] == "created"
        before = server.call(lambda s: sorted(s.tables))
        refused = peer.ask(cards(["remote", "remote"]), "created")
        assert refused["type"] == "error" and refused["code"] == "create_rate", refused
        assert server.call(lambda s: sorted(s.tables)) == before
        assert len(before) == 3
        # a second connection of the same address is the same client
        again = Peer(server.url).ask(cards(["remote", "remote"]), "created")
        assert again["type"] == "error" and again["code"] == "create_rate", again
        assert table_count(server) == 3


def test_the_create_rate_refills_one_table_per_create_every(tmp_path: Path) -> None:
    with running(tmp_path, limits=Limits(loopback=True, create_burst=1, create_every=1.0, address_tables=5)) as server:
        peer = Peer(server.url)
        assert peer.ask(cards(["remote", "remote"]), "created")["type"] == "created"
        assert peer.ask(cards(["remote", "remote"]), "created")["code"] == "create_rate"
        time.sleep(1.1)
        assert peer.ask(cards(["remote", "remote"]), "created")["type"] == "created"
        assert table_count(server) == 2


def test_an_address_holding_its_unfinished_tables_is_refused_with_address_tables(tmp_path: Path) -> None:
    with running(tmp_path, limits=Limits(loopback=True, create_burst=10, create_every=60, address_tables=2)) as server:
        peer = Peer(server.url)
        for _ in range(2):
            assert peer.ask(cards(["remote", "remote"]), "created")["type"] == "created"
        refused = peer.ask(cards(["remote", "remote"]), "created")
        assert refused["type"] == "error" and refused["code"] == "address_tables", refused
        assert table_count(server) == 2


def test_a_second_all_bot_table_is_refused_while_the_first_plays_and_allowed_once_it_is_over(tmp_path: Path) -> None:
    limits = Limits(loopback=True, create_burst=3, create_every=60, address_tables=5, address_bots=1)
    with running(tmp_path, limits=limits) as server:
        peer = Peer(server.url)
        # both at once: the second is handled before the first table's bots could have finished its game
        peer.send(cards(["random"] * 4))
        peer.send(cards(["random"] * 4))
        first = peer.reply("created")
        refused = peer.reply("error")
        assert refused["code"] == "address_bots", refused
        assert server.call(lambda s: sorted(s.tables)) == [first["table"]]
        # a table with a remote seat is not an all-bot table
        assert peer.ask(cards(["remote", "random"]), "created")["type"] == "created"
        end = time.monotonic() + 20
        while not server.call(lambda s: s.tables[first["table"]].table.is_over):
            assert time.monotonic() < end, "the random bots did not finish their game"
            time.sleep(0.05)
        assert peer.ask(cards(["random", "random"]), "created")["type"] == "created"


def test_another_address_is_not_affected_by_an_address_at_its_bounds(tmp_path: Path) -> None:
    limits = Limits(loopback=True, create_burst=2, create_every=60, address_tables=5, address_bots=1,
                    lookup_burst=2, lookup_every=60)
    with running(tmp_path, limits=limits) as server:
        peer = Peer(server.url)
        for _ in range(2):
            assert peer.ask(cards(["remote", "remote"]), "created")["type"] == "created"
        assert peer.ask(cards(["remote", "remote"]), "created")["code"] == "create_rate"
        for _ in range(3):
            peer.ask({"type": "peek", "table": "NONE-NONE"}, "table")
        assert peer.ask({"type": "peek", "table": "NONE-NONE"}, "table")["code"] == "slow_down"

        other = PeerFrom(server.url, OTHER_ADDRESS)
        made = other.ask(cards(["remote", "remote"]), "created")
        assert made["type"] == "created", made
        assert other.ask({"type": "peek", "table": made["table"]}, "table")["type"] == "table"
        assert other.ask({"type": "peek", "table": "NONE-NONE"}, "table")["code"] == "no_table"
        addresses = server.call(lambda s: sorted(s.book.addresses))
        assert addresses == ["127.0.0.1", OTHER_ADDRESS]


def test_wrong_codes_past_the_lookup_burst_get_slow_down_even_for_a_right_code_until_the_bucket_refills(
        tmp_path: Path) -> None:
    with running(tmp_path, limits=Limits(loopback=True, lookup_burst=4, lookup_every=1.0)) as server:
        peer = Peer(server.url)
        made = peer.ask(cards(["remote", "remote"]), "created")
        code, token = made["table"], made["tokens"]["0"]
        # every kind of lookup counts
        wrong: list[dict[str, Any]] = [{"type": "join", "table": "NONE-NONE", "seat": 0, "token": "x"},
                 {"type": "claim", "table": "NONE-NONE"},
                 {"type": "watch", "table": "NONE-NONE"},
                 {"type": "peek", "table": "NONE-NONE"}]
        for message in wrong:
            reply = peer.ask(message, "never")
            assert reply["code"] == "no_table", reply
        assert peer.ask({"type": "peek", "table": "NONE-NONE"}, "table")["code"] == "slow_down"
        assert peer.ask({"type": "peek", "table": code}, "table")["code"] == "slow_down"
        refused = peer.ask({"type": "join", "table": code, "seat": 0, "token": token}, "joined")
        assert refused["code"] == "slow_down", refused
        time.sleep(1.1)  # one lookup back
        assert peer.ask({"type": "peek", "table": code}, "table")["type"] == "table"
        assert peer.ask({"type": "join", "table": code, "seat": 0, "token": token}, "joined")["type"] == "joined"


def test_wrong_tokens_count_as_failed_lookups(tmp_path: Path) -> None:
    with running(tmp_path, limits=Limits(loopback=True, lookup_burst=3, lookup_every=60)) as server:
        peer = Peer(server.url)
        made = peer.ask(cards(["remote", "remote"]), "created")
        code, token = made["table"], made["tokens"]["1"]
        for _ in range(3):
            reply = peer.ask({"type": "join", "table": code, "seat": 1, "token": "not-the-token"}, "joined")
            assert reply["code"] == "bad_token", reply
        refused = peer.ask({"type": "join", "table": code, "seat": 1, "token": token}, "joined")
        assert refused["code"] == "slow_down", refused
        assert server.call(lambda s: sorted(s.tables[code].seats)) == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["create", "create_bots", "end"]), st.integers(0, 2), st.integers(0, 9)),
                max_size=60))
def test_an_address_book_never_lets_an_address_past_its_tables_or_bots(steps: list[tuple[str, int, int]]) -> None:
    """Whatever the order of creates and ends, an address that makes a table only when the book allows holds at most
    ``address_tables`` unfinished tables and ``address_bots`` all-bot ones; a table that ends counts no more."""
    limits = Limits(loopback=True, create_burst=1000, create_every=1.0, address_tables=4, address_bots=2)
    book = AddressBook(limits)
    held: dict[str, dict[str, bool]] = {}  # address -> its tables (code -> all bots)
    made = 0
    for kind, who, pick in steps:
        address = f"10.0.0.{who}"
        tables = held.setdefault(address, {})
        if kind == "end":
            if tables:
                code = sorted(tables)[pick % len(tables)]
                del tables[code]
                book.ended(code)
            continue
        bots = kind == "create_bots"
        refusal = book.may_create(address, all_bots=bots)
        if len(tables) >= limits.address_tables:
            assert refusal == "address_tables"
        elif bots and sum(tables.values()) >= limits.address_bots:
            assert refusal == "address_bots"
        else:
            assert refusal is None
            made += 1
            code = f"T{made}"
            book.created(address, code, all_bots=bots)
            tables[code] = bots
        entry = book.get(address)
        assert entry.tables == set(tables) and entry.bots == {c for c, b in tables.items() if b}


class PeerVia(Peer):
    """A :class:`Peer` whose connection says it forwards ``client`` (a proxy's ``X-Forwarded-For``)."""

    def __init__(self, url: str, client: str) -> None:
        self.ws = connect(url, max_size=None, compression=None, legacy=True,
                          additional_headers={"X-Forwarded-For": f"203.0.113.9, {client}"})
        self.link = None
        self.replies: list[dict[str, Any]] = []
        self.presences: list[dict[str, Any]] = []


def test_a_trusted_proxy_bounds_each_client_by_the_address_it_forwards(tmp_path: Path) -> None:
    """Behind ``--trust-proxy`` the clients of one proxy are bounded each by its own address (the proxy's own
    entry, the last one, counts: what the client wrote before it is not believed); without it, the header is not
    read and they are one address."""
    limits = Limits(loopback=True, create_burst=1, create_every=60, address_tables=5, proxies=frozenset({"127.0.0.1"}))
    with running(tmp_path, limits=limits) as server:
        assert PeerVia(server.url, "198.51.100.1").ask(cards(["remote", "remote"]), "created")["type"] == "created"
        again = PeerVia(server.url, "198.51.100.1").ask(cards(["remote", "remote"]), "created")
        assert again["type"] == "error" and again["code"] == "create_rate", again
        other = PeerVia(server.url, "198.51.100.2").ask(cards(["remote", "remote"]), "created")
        assert other["type"] == "created", other
    limits = Limits(loopback=True, create_burst=1, create_every=60, address_tables=5)
    with running(tmp_path / "untrusted", limits=limits) as server:
        assert PeerVia(server.url, "198.51.100.1").ask(cards(["remote", "remote"]), "created")["type"] == "created"
        other = PeerVia(server.url, "198.51.100.2").ask(cards(["remote", "remote"]), "created")
        assert other["type"] == "error" and other["code"] == "create_rate", other
