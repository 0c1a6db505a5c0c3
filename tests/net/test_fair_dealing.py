"""Fair dealing (docs/design.md, "Remote play"): with only what a client receives, nobody can foretell the next
Cactus roll (C-T2) or compute a card deal (A-S*) that the table drew itself. The table's generator and seed never
leave it: Cactus snapshots are blind, the die is rolled on the table and comes as ``["r", face]`` (to the roller
too), a client cannot tell the die, a save keeps the live generator, and a table whose ``create`` gave the seed
says so (``seeded``) in ``created``, ``claimed``, ``watching``, the peek and the LAN announcement;
the lobby never sends a seed."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from helpers_link import ScriptedLink
from hypothesis import given
from hypothesis import strategies as st

from game import settings
from game.cactus.match import Match, Stage
from game.cactus.rules import Face
from game.net import discovery
from game.net.cactus_stream import PUBLIC_RNG, blind, check_batch, noted
from game.net.client.cactus_link import CactusLink
from game.net.client.lobby import Seating
from game.net.client.your_tables import read_news
from game.net.discovery import OpenTable, decode_tables, encode_tables
from game.net.server import cactus_table, cards_table
from game.net.server.room_table import SPECTATORS, Delivery, TableError
from game.replay.cactus import CactusRecord, plain
from game.replay.format import ReplayError, checksum
from game.screens.scene_network import NetworkScene

from .fake_server import FakeServer
from .helpers_cactus_net import human_turn, wire
from .inprocess import Peer, ServerThread, running, until
from .test_client import wait_for

FACES = {f.value for f in Face}


# ---------------------------------------------------------------------- an in-process Cactus table and its clients
class Heard(CactusLink):
    """A client's link that keeps every message it receives (all that a client knows)."""

    def __init__(self, seat: int | None) -> None:
        super().__init__(seat)
        self.heard: list[dict[str, Any]] = []

    def receive(self, message: Any) -> None:
        self.heard.append(message)
        super().receive(message)


class Driver:
    """The server's part: routes a table's deliveries (through JSON) to one link per remote seat and a spectator."""

    def __init__(self, table: cactus_table.CactusTable) -> None:
        self.table = table
        self.seats = {s: Heard(s) for s, kind in enumerate(table.seats) if kind == "remote"}
        self.watcher = Heard(None)
        self.errors: list[dict[str, Any]] = []
        for seat, link in self.seats.items():
            self.route(table.join(seat), only=link)
        self.route(table.join(None), only=self.watcher)

    @property
    def links(self) -> list[Heard]:
        return [*self.seats.values(), self.watcher]

    def route(self, deliveries: list[Delivery], only: Heard | None = None) -> None:
        for audience, message in deliveries:
            message = wire(message)
            if only is not None:
                only.receive(message)
            elif audience == SPECTATORS:
                self.watcher.receive(message)
            elif audience in self.seats:
                self.seats[audience].receive(message)

    def pump(self) -> None:
        for _ in range(2000):
            moved = False
            for seat, link in self.seats.items():
                for message in link.outgoing():
                    moved = True
                    try:
                        self.route(self.table.act(seat, wire(message)))
                    except TableError as exc:
                        self.errors.append(exc.reply())
                        link.receive(exc.reply())
            if self.table.bot_due():
                self.route(self.table.bot_move())
                moved = True
            if not moved:
                return


def rolling_table(secret: int, seats: tuple[str, ...] = ("remote", "remote"),
                  seed: int = 5) -> cactus_table.CactusTable:
    """A table whose next call is a roll (C-T2: not the first turn), its public start fixed by ``seed`` and its
    die's generator by ``secret``."""
    match = Match.with_position({3: ["red_arch"], 2: ["red_hook"]}, last="red_hook", players=len(seats), seed=seed)
    match.rules.rng = random.Random(secret)
    table = cactus_table.CactusTable(list(seats), noted(plain(match)))
    table.begin()
    assert table.match.stage == Stage.ROLL
    return table


def walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    """Every (key, value) pair in a JSON value, nested ones too (key None for list items and the top)."""
    stack: list[tuple[str | None, Any]] = [(None, value)]
    while stack:
        key, v = stack.pop()
        yield key, v
        if isinstance(v, dict):
            stack.extend(v.items())
        elif isinstance(v, list):
            stack.extend((None, x) for x in v)


def assert_no_secret(messages: list[dict[str, Any]], *secrets_: int, words: list[int] | None = None) -> None:
    """No message carries a generator state but the public placeholder, a seed but 0, one of ``secrets_`` (as a
    number anywhere in the text) or a run of the generator's ``words``."""
    text = json.dumps(messages)
    for key, value in walk(messages):
        if key == "rng":
            assert value == PUBLIC_RNG, "a generator state was sent"
        if key in ("seed", "bot_seed"):
            assert value == 0, f"a {key} was sent: {value}"
        assert key != "secret"
    for secret in secrets_:
        assert str(secret) not in text
    if words is not None:
        assert ", ".join(map(str, words[:3])) not in text


# ---------------------------------------------------------------------- Cactus: the roll (C-T2)
def test_c_t2_what_the_clients_receive_before_a_roll_does_not_tell_the_roll() -> None:
    """Tables alike in all but their secret generator: every seat and the spectator receive the same messages,
    byte for byte, up to the roll, and yet the rolls differ; nothing sent carries a generator or a seed."""
    before: list[str] = []
    faces: list[str] = []
    for secret in range(12):
        d = Driver(rolling_table(1000 + secret))
        before.append(json.dumps([link.heard for link in d.links]))
        roller = d.seats[d.table.match.current]
        assert roller.match is not None
        roller.match.roll()
        assert roller.rolling and roller.match.stage == Stage.ROLL  # not made here: the die is the table's
        d.pump()
        assert not roller.rolling and not d.errors
        face = d.table.match.rules.turn.roll
        assert face is not None
        faces.append(face.value)
        for link in d.links:  # everyone made the table's roll, the roller too
            assert link.match is not None and link.match.rules.turn.roll == face
            assert checksum(link.match.to_dict()) == checksum(blind(d.table.match.to_dict()))
        words = list(d.table.match.rules.rng.getstate()[1])
        assert_no_secret([m for link in d.links for m in link.heard], words=words)
    assert len(set(before)) == 1  # what a client knows before the roll is one and the same
    assert len(set(faces)) > 1  # ... and the roll is not


def test_c_t2_a_roll_travels_without_its_face_and_comes_back_with_it() -> None:
    d = Driver(rolling_table(7))
    seat = d.table.match.current
    roller = d.seats[seat]
    assert roller.match is not None
    roller.match.roll()
    roller.match.roll()  # a second roll while the first is on its way does nothing
    sent = roller.outgoing()
    assert [m["items"] for m in sent] == [[["r"]]]
    d.route(d.table.act(seat, wire(sent[0])))
    relays = [m for m in roller.heard if m.get("type") == "input"]
    assert len(relays) == 1 and relays[0]["seat"] == seat and relays[0]["items"][0][0] == "r"
    assert relays[0]["items"][0][1] in FACES
    assert d.table.record.stream == [relays[0]["items"][0]]


def test_c_t2_a_remote_roll_ends_the_turn_in_step_for_everyone() -> None:
    """The roller, the other seat and the spectator play the turn with the roll through their links and end it
    with the table's checksum: no resync, no refusal."""
    d = Driver(rolling_table(11))
    for _ in range(2):
        if d.table.is_over:
            break
        human_turn(d.seats[d.table.match.current], d.pump)
    for link in d.links:
        assert link.checks and all(own == server for _, own, server in link.checks)
        assert link.resyncs == 0
    assert not d.errors
    rolls = [e for e in d.table.record.stream if isinstance(e, list) and e[:1] == ["r"]]
    heard_rolls = [e for m in d.watcher.heard if m.get("type") == "input" for e in m["items"]
                   if isinstance(e, list) and e[:1] == ["r"]]
    assert heard_rolls and all(len(e) == 2 and e[1] in FACES for e in heard_rolls + rolls)


def test_c_t2_a_bots_roll_is_relayed_with_its_face() -> None:
    d = Driver(rolling_table(3, seats=("bot", "remote")))
    assert d.table.match.current == 0
    d.pump()  # the bot's turn, on the table
    rolls = [e for link in d.links for m in link.heard if m.get("type") == "input" and m["seat"] == 0
             for e in m["items"] if isinstance(e, list) and e[:1] == ["r"]]
    assert len(rolls) == 2 and rolls[0] == rolls[1] and rolls[0][1] in FACES  # the seat and the spectator
    for link in d.links:
        assert link.checks and all(own == server for _, own, server in link.checks) and link.resyncs == 0


@pytest.mark.parametrize("items", [[["r", "colour"]], [["r", "special"]], [["r"], 3], [["r"], [5, 5]]])
def test_c_t2_a_client_cannot_tell_the_die(items: list[Any]) -> None:
    """A roll with a face, or a roll with more in its message, is refused as bad_message and changes nothing."""
    table = rolling_table(5)
    seat = table.match.current
    before = json.dumps(table.to_dict(), sort_keys=True)
    with pytest.raises(TableError) as caught:
        table.act(seat, {"type": "input", "turn": table.turn, "seq": 0, "items": items})
    assert caught.value.code == "bad_message"
    assert json.dumps(table.to_dict(), sort_keys=True) == before


def test_c_t2_a_save_mid_turn_after_the_roll_keeps_the_live_generator() -> None:
    """Saved and resumed just after a roll, the table rolls on as it would have: the next turn's roll is the same
    as without the restart (the rolls in the stream are told: the saved live generator is put back)."""
    plain_run, resumed_run = Driver(rolling_table(21)), Driver(rolling_table(21))
    for d in (plain_run, resumed_run):
        roller = d.seats[d.table.match.current]
        assert roller.match is not None
        roller.match.roll()
        d.pump()
    saved = json.loads(json.dumps(resumed_run.table.to_dict()))
    assert saved["start"] == blind(saved["start"]) and "secret" in saved
    resumed_run.table = cactus_table.resume(saved)
    assert plain(resumed_run.table.match) == plain(plain_run.table.match)  # the generator and the seeds too
    for d in (plain_run, resumed_run):
        human_turn(d.seats[d.table.match.current], d.pump)  # the rolled turn ends
        roller = d.seats[d.table.match.current]
        assert roller.match is not None and roller.match.stage == Stage.ROLL
        roller.match.roll()
        d.pump()
    assert plain_run.table.match.rules.turn.roll == resumed_run.table.match.rules.turn.roll
    assert plain(resumed_run.table.match) == plain(plain_run.table.match)


def test_c_t2_a_save_of_the_older_form_still_resumes() -> None:
    """A save from before blind snapshots (the generator in its start, rolls without faces) resumes to the same
    game, and what it sends from then on is blind."""
    d = Driver(rolling_table(33))
    roller = d.seats[d.table.match.current]
    assert roller.match is not None
    roller.match.roll()
    d.pump()
    new = json.loads(json.dumps(d.table.to_dict()))
    old = {k: v for k, v in new.items() if k not in ("secret", "seeded")}
    full = json.loads(json.dumps(rolling_table(33).to_dict()))  # the same turn start, unplayed
    table = rolling_table(33)
    old["start"] = plain(table.match)
    old["stream"] = [["r"] if isinstance(e, list) and e[:1] == ["r"] else e for e in new["stream"]]
    assert full["start"] == new["start"]
    back = cactus_table.resume(old)
    assert plain(back.match) == plain(d.table.match)
    assert back.record.start == new["start"] and back.record.stream == new["stream"]
    assert back.seeded is False


def test_c_t2_a_told_roll_is_that_face_and_leaves_the_generator() -> None:
    for face in Face:
        match = rolling_table(9).match
        state = match.rules.rng.getstate()
        assert match.roll(face) == face and match.rules.turn.roll == face
        assert match.rules.rng.getstate() == state
        assert [e.detail for e in match.rules.log if e.kind == "roll"][-1] == face.value  # the same event


@given(st.one_of(st.text(max_size=10), st.sampled_from(sorted(FACES)), st.integers(), st.none(), st.booleans(),
                 st.lists(st.integers(), max_size=2)))
def test_c_t2_a_roll_entry_tells_a_face_or_nothing(value: Any) -> None:
    """The replay format reads ``["r", face]`` only with a face of the die; a client may send none at all."""
    record = CactusRecord({})
    if isinstance(value, str) and value in FACES:
        record.extend([["r", value]])
        assert record.stream == [["r", value]]
    else:
        with pytest.raises(ReplayError):
            record.extend([["r", value]])
        assert record.stream == []
    with pytest.raises(TableError) as caught:
        check_batch([["r", value]], CactusRecord({}))
    assert caught.value.code == "bad_message"
    assert check_batch([["r"]], CactusRecord({})) == [["r"]]


# ---------------------------------------------------------------------- Cactus: a table made without a seed
def test_c_s2_c_s3_a_cactus_table_made_without_a_seed_sends_no_seed_or_generator() -> None:
    made = [cactus_table.create({"type": "create", "room": "cactus", "seats": ["remote", "remote"]})
            for _ in range(4)]
    assert all(not t.seeded for t in made)
    assert any(t.match.rules.seed.bit_length() > 31 for t in made)  # far beyond a search of 31 bits
    for table in made:
        d = Driver(table)
        if table.match.current in d.seats:
            human_turn(d.seats[table.match.current], d.pump)
        words = list(table.match.rules.rng.getstate()[1])
        assert_no_secret([m for link in d.links for m in link.heard], table.match.rules.seed, words=words)
    seeded = cactus_table.create({"type": "create", "room": "cactus", "seats": ["remote", "remote"], "seed": 4})
    assert seeded.seeded and cactus_table.resume(json.loads(json.dumps(seeded.to_dict()))).seeded


# ---------------------------------------------------------------------- Artischocken over the real server
def card_messages(peers: list[Peer]) -> list[dict[str, Any]]:
    return [m for p in peers for m in (*p.replies, *p.presences)]


def saved_text(srv: ServerThread, code: str) -> str:
    """The save of table ``code`` of the running server (wherever the table runs)."""
    handle = srv.call(lambda s: s.tables[code].table)
    return asyncio.run_coroutine_threadsafe(handle.save_text(), srv.loop).result(10)


def latest_state(peer: Peer) -> dict[str, Any] | None:
    return next((m for m in reversed(peer.replies) if m.get("type") == "state"), None)


def deciding(peer: Peer) -> bool:
    state = latest_state(peer)
    return state is not None and bool(state["legal"])


def answered(peer: Peer, count: int) -> bool:
    return any(m.get("type") in ("state", "error") for m in peer.replies[count:])


def play_cards(peers: dict[int, Peer], actions: int) -> None:
    """``actions`` decisions of the seats, each its first legal action (of the last state the seat received)."""
    for _ in range(actions):
        until(lambda: any(deciding(p) for p in peers.values()), list(peers.values()), what="a decision")
        peer = next(p for p in peers.values() if deciding(p))
        state = latest_state(peer)
        assert state is not None
        count = len(peer.replies)
        peer.send({"type": "act", "action": state["legal"][0]})
        until(partial(answered, peer, count), [peer], what="the answer to an action")
        assert not any(m.get("type") == "error" for m in peer.replies[count:])


def test_a_card_table_made_without_a_seed_reveals_nothing_of_its_deal(tmp_path: Path) -> None:
    """A-S: no message to a seat or a spectator carries the deal's seed, the bots' seed base or a generator
    state; the table says it is not seeded in created and watching; the seed is far beyond 31 bits."""
    with running(tmp_path / "data") as srv:
        host, other, spectator = Peer(srv.url), Peer(srv.url), Peer(srv.url)
        created = host.ask({"type": "create", "room": "artischocken", "seats": ["remote", "remote", "greedy"]},
                           "created")
        assert created["type"] == "created" and created["seeded"] is False
        code = created["table"]
        peers = {0: host, 1: other}
        for seat, peer in peers.items():
            joined = peer.ask({"type": "join", "table": code, "seat": seat, "token": created["tokens"][str(seat)]},
                              "joined")
            assert "seeded" not in joined  # the contract's joined; every seat heard it with its token
        assert spectator.ask({"type": "watch", "table": code}, "watching")["seeded"] is False
        assert spectator.ask({"type": "peek", "table": code}, "table")["seeded"] is False
        play_cards(peers, 6)
        spectator.read(0.2)
        saved = json.loads(saved_text(srv, code))
        assert saved["seeded"] is False
        seed, bots = saved["game"]["seed"], saved["bot_seed"]
        assert seed.bit_length() > 31 and bots != seed
        messages = card_messages([host, other, spectator])
        assert any(m.get("type") == "state" for m in spectator.replies)
        assert_no_secret(messages, seed, bots, seed & 0x7FFFFFFF)
        for key, _ in walk(messages):
            assert key not in ("seed", "rng", "bot_seed")
        for peer in (host, other, spectator):
            peer.close()


def test_a_card_table_made_with_a_seed_says_so_to_every_seat(tmp_path: Path) -> None:
    with running(tmp_path / "data") as srv:
        host, claimer, spectator = Peer(srv.url), Peer(srv.url), Peer(srv.url)
        created = host.ask({"type": "create", "room": "artischocken", "seats": ["remote", "remote", "remote"],
                            "seed": 8, "hold": True}, "created")
        assert created["seeded"] is True
        code = created["table"]
        joined = host.ask({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"]}, "joined")
        assert joined == {"type": "joined", "table": code, "seat": 0}  # the contract's form: said with the token
        claimed = claimer.ask({"type": "claim", "table": code}, "claimed")
        assert claimed["seeded"] is True
        assert spectator.ask({"type": "watch", "table": code}, "watching")["seeded"] is True
        assert spectator.ask({"type": "peek", "table": code}, "table")["seeded"] is True
        found = srv.call(lambda s: s.open_tables())
        assert found == [OpenTable(code, "artischocken", 1, True)]
        assert cards_table.resume(json.loads(saved_text(srv, code))).seeded
        for peer in (host, claimer, spectator):
            peer.close()


def test_a_saved_card_table_of_the_older_form_is_not_seeded() -> None:
    table = cards_table.create({"type": "create", "room": "artischocken", "seats": ["remote", "remote"], "seed": 3})
    saved = json.loads(json.dumps(table.to_dict()))
    del saved["seeded"]
    assert cards_table.resume(saved).seeded is False


# ---------------------------------------------------------------------- the LAN announcement and the lobby
def test_a_seeded_table_is_announced_as_such_and_old_announcements_read_as_not_seeded() -> None:
    tables = [OpenTable("AB12", "cactus", 1, True), OpenTable("CD34", "artischocken", 2)]
    props = encode_tables(tables)
    assert props["tables"] == "AB12/cactus/1/s;CD34/artischocken/2"
    assert decode_tables({k.encode(): v.encode() for k, v in props.items()}) == tuple(tables)
    assert decode_tables({b"v": discovery.FORMAT_VERSION.encode(), b"tables": b"EF56/cactus/3"}) == (
        OpenTable("EF56", "cactus", 3, False),)
    assert decode_tables({"v": "1", "tables": "GH/cactus/1/x;IJ/cactus/1/s/s"}) == ()


@pytest.mark.parametrize("said", [True, False, None])
def test_the_lobby_hears_whether_a_table_joined_by_code_is_seeded(said: bool | None) -> None:
    link = ScriptedLink()
    seating = Seating.join(link, "cactus", "AB12")
    seeded = {} if said is None else {"seeded": said}
    link.inbox.append({"type": "claimed", "table": "AB12", "room": "cactus", "seat": 1, "token": "t", **seeded})
    seating.step()
    link.inbox.append({"type": "joined", "table": "AB12", "seat": 1, **seeded})
    seating.step()
    assert seating.phase == "ready" and seating.seeded is (said is True)
    news = read_news({"type": "table", "room": "cactus", "over": False, "turn": 0, "seats": [], **seeded})
    assert news is not None and news.seeded is (said is True)


def test_the_lobby_creates_its_tables_without_a_seed(make_app: Callable[..., Any], home: Path) -> None:
    settings.change("player_name", "Tester")
    app = make_app(size=(1280, 800))
    with FakeServer() as server:
        lobby = NetworkScene(discover=False)
        app.push(lobby)
        app.frame()
        lobby.toggle_server()  # a server already running at an address
        assert lobby.address_entry is not None
        lobby.address_entry.set_text(server.url.removeprefix("ws://"))
        lobby.host()
        wait_for(lambda: (app.frame(), lobby.hosted)[1], 8.0)
        creates = [m for m in server.received if m.get("type") == "create"]
        assert creates and all("seed" not in m for m in creates)
        app.pop()
