"""Who the lobby is and whom it talks to, without a window: the player id is made once and kept (a corrupt file is
set aside, never a crash); every create, claim and join carries it; a join by code says hello first and takes the
seat held at (server id, table) back; a claim refused as already seated is said and loses nothing; the seat book
moves an entry kept under an address to the server's id once that address answers hello; the known-servers
directory keeps what each hello said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from helpers_link import ScriptedLink
from hypothesis import given
from hypothesis import strategies as st

from game.net.client.identity import player_id
from game.net.client.lobby import Seating
from game.net.client.seats import SeatBook, book_key, take_seat
from game.net.client.servers import Hello, KnownServers, read_hello
from game.net.discovery import SERVER_ID

HELLO = {"type": "hello", "server": "srv-1", "name": None, "addresses": ["ws://192.168.1.20:8765"]}


def test_the_player_id_is_made_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "player.json"
    first = player_id(path)
    assert SERVER_ID.fullmatch(first)
    assert player_id(path) == first == json.loads(path.read_text("utf-8"))["id"]
    assert player_id(tmp_path / "other" / "player.json") != first  # random: another home, another player


def test_a_corrupt_player_file_is_set_aside_and_a_new_id_made(tmp_path: Path) -> None:
    path = tmp_path / "player.json"
    path.write_text("{ not json", encoding="utf-8")
    made = player_id(path)
    assert SERVER_ID.fullmatch(made) and player_id(path) == made
    assert (tmp_path / "player.corrupt-1.json").read_text("utf-8") == "{ not json"
    path.write_text(json.dumps({"id": "no spaces allowed"}), encoding="utf-8")
    assert player_id(path) not in ("no spaces allowed", made)  # not an id: set aside too, a new one


def test_every_create_claim_and_join_carries_the_player_id() -> None:
    host, claim, back = ScriptedLink(), ScriptedLink(), ScriptedLink()
    Seating.host(host, "artischocken", ["remote", "remote"], name="Tom", player="p-1")
    Seating.join(claim, "artischocken", "K7QX-2M9P", player="p-1")
    Seating.rejoin(back, "cactus", "K7QX-2M9P", 1, "token", player="p-1")
    assert [link.sent[0]["player"] for link in (host, claim, back)] == ["p-1"] * 3


def test_a_join_by_code_says_hello_first_and_takes_the_seat_held_under_the_servers_id(tmp_path: Path) -> None:
    book = SeatBook(tmp_path / "seats.json")
    book.keep("ws://10.0.0.9:9000", "K7QX-2M9P", 2, "tok2", "cactus", server="srv-1")  # reached elsewhere before
    link = ScriptedLink()
    seating = take_seat(book, link, "ws://127.0.0.1:8765", "artischocken", "k7qx-2m9p", player="p-1")
    assert link.sent == [{"type": "hello"}] and seating.phase == "greeting"
    link.inbox.append(HELLO)
    seating.step()
    assert link.sent[-1] == {"type": "join", "table": "K7QX-2M9P", "seat": 2, "token": "tok2", "player": "p-1"}
    assert seating.room == "cactus" and seating.hello == read_hello(HELLO)


def test_a_server_that_does_not_know_hello_is_joined_all_the_same(tmp_path: Path) -> None:
    link = ScriptedLink()
    seating = take_seat(SeatBook(tmp_path / "seats.json"), link, "ws://127.0.0.1:8765", "artischocken", "T1")
    link.inbox.append({"type": "error", "code": "bad_message", "message": "unknown type 'hello'"})
    seating.step()
    assert seating.phase == "claiming" and link.sent[-1]["type"] == "claim" and seating.hello is None


def test_already_seated_is_a_problem_of_its_own_and_loses_nothing(tmp_path: Path) -> None:
    book = SeatBook(tmp_path / "seats.json")
    book.keep("ws://127.0.0.1:8765", "OTHER", 0, "tok", "cactus", server="srv-1")
    link = ScriptedLink()
    seating = take_seat(book, link, "ws://127.0.0.1:8765", "artischocken", "T1", player="p-1")
    link.inbox.append(HELLO)
    seating.step()
    link.inbox.append({"type": "error", "code": "already_seated", "seat": 1, "message": "you sit at seat 1"})
    seating.step()
    assert seating.phase == "failed" and seating.problem == "already_seated" and seating.held_seat == 1
    assert [m["type"] for m in link.sent] == ["hello", "claim"]
    assert list(SeatBook(tmp_path / "seats.json").seats) == [book_key("srv-1", "", "OTHER")]


def test_an_entry_kept_under_an_address_moves_to_the_servers_id_once_it_answers(tmp_path: Path) -> None:
    path = tmp_path / "seats.json"
    path.write_text(json.dumps({"seats": {"ws://127.0.0.1:8765/ABCD": {"seat": 1, "token": "t", "room": "cactus",
                                                                       "joined": "2025-01-01T00:00:00+00:00"}}}))
    book = SeatBook(path)
    assert book.held("ws://127.0.0.1:8765", "abcd") is not None  # usable by its address until then
    assert book.adopt("ws://127.0.0.1:8765", "srv-1")
    again = SeatBook(path)
    assert list(again.seats) == ["srv-1/ABCD"]
    held = again.held("ws://127.0.0.1:9999", "ABCD", "srv-1")  # found by the id, whatever the address
    assert held is not None and held.seat == 1 and held.token == "t" and held.url == "ws://127.0.0.1:8765"


def test_the_known_servers_keep_what_each_hello_said(tmp_path: Path) -> None:
    known = KnownServers(tmp_path / "servers.json")
    hello = read_hello(HELLO)
    assert hello is not None
    known.note(hello, "ws://127.0.0.1:8765")
    assert KnownServers(tmp_path / "servers.json").addresses("srv-1") == ("ws://192.168.1.20:8765",
                                                                          "ws://127.0.0.1:8765")
    (tmp_path / "servers.json").write_text("[broken", encoding="utf-8")
    assert KnownServers(tmp_path / "servers.json").servers == {}  # set aside: starts empty


@given(st.dictionaries(st.sampled_from(["type", "server", "name", "addresses"]),
                       st.one_of(st.none(), st.text(max_size=80), st.integers(), st.lists(st.text(max_size=40)))))
def test_any_hello_answer_is_read_or_refused_never_raises(message: dict[str, Any]) -> None:
    hello = read_hello({**message, "type": "hello"})
    if hello is not None:  # the contract: an id of the wire's form, no address nobody can reach
        assert SERVER_ID.fullmatch(hello.server)
        assert all(a.startswith(("ws://", "wss://")) and "0.0.0.0" not in a for a in hello.addresses)
    assert read_hello({"type": "hello", "server": "bad id!", "addresses": []}) is None
    assert isinstance(read_hello({"type": "hello", "server": "ok", "addresses": ["ws://0.0.0.0:1"]}), Hello)
