"""Black-box contract tests of remote play (docs/design.md, "Remote play: python -m game serve").

Written from docs/design.md only, against a real server process (``python -m game serve --port 0``) spoken to with
websockets' sync client. A table created with a seed must give, for every seat, exactly
``Game.view(seat, log_since=K)`` of the local game ``new_game(len(seats), seed=..., rhubarb=...,
start_player=...)`` after the same actions, its legal actions (``[]`` while another seat decides) and
``log_from`` = K (0 after a join, then the previous state's ``log_size``). Refused messages get an ``error``
and change nothing. Each state's whole message is compared with the local view, so a state can carry nothing
the seat may not know (A-G2); error texts are checked to name no card the seat could not have named.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.artischocken import Action, Game, new_game

CARD_IDS = ("artichoke", "eggplant", "broccoli", "peas", "carrot", "potato", "leek", "corn", "pepper", "beet",
            "onion", "rhubarb")
TIMEOUT = 10.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data = tmp_path_factory.mktemp("server-data")
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--data", str(data),
                             "--log-level", "warning"], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    try:
        assert line.startswith("serving ws://127.0.0.1:"), line  # the one line, with the port it got
        assert int(line.rsplit(":", 1)[1]) > 0
        yield line.split()[1]
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(TIMEOUT) == 0  # SIGTERM: save and exit 0
        proc.stdout.close()


class Seat:
    """One connection that holds one seat."""

    def __init__(self, url: str) -> None:
        self.ws: ClientConnection = connect(url, compression=None, legacy=True)
        self.texts: list[str] = []
        self.log: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self) -> dict[str, Any]:
        """The next message but ``presence`` (who sits where: told after joins and drops, read here only for its
        form; its texts are kept with the others, for the checks of what a seat may know)."""
        while True:
            text = self.ws.recv(timeout=TIMEOUT)
            assert isinstance(text, str)
            self.texts.append(text)
            message: dict[str, Any] = json.loads(text)
            if message.get("type") != "presence":
                break
            assert set(message) == {"type", "table", "state", "seats"}, sorted(message)
            assert message["state"] in ("waiting", "playing", "paused", "over")  # the table's life
            assert all(set(e) == {"seat", "name", "kind", "state", "bot_in"} for e in message["seats"])
        if message.get("type") == "state":
            if message["log_from"] == 0:
                self.log = []
            self.log.extend(message["view"]["log"])
        return message

    def ask(self, message: dict[str, Any] | str) -> dict[str, Any]:
        self.send(message)
        return self.recv()

    def join(self, table: str, seat: int, token: str) -> dict[str, Any]:
        assert self.ask({"type": "join", "table": table, "seat": seat, "token": token}) == {
            "type": "joined", "table": table, "seat": seat}
        state = self.recv()
        assert state["type"] == "state" and state["log_from"] == 0
        return state


def wire_action(action: Action) -> dict[str, Any]:
    """Action's fields; absent = default (only the fields that differ from the default are sent)."""
    out: dict[str, Any] = {"kind": action.kind}
    if action.card is not None:
        out["card"] = action.card
    if action.target is not None:
        out["target"] = action.target
    if action.cards:
        out["cards"] = list(action.cards)
    if action.option is not None:
        out["option"] = action.option
    return out


def from_wire(d: dict[str, Any]) -> Action:
    return Action(d["kind"], d.get("card"), d.get("target"), tuple(d.get("cards") or ()), d.get("option"))


def expect_state(message: dict[str, Any], game: Game, seat: int, since: int) -> None:
    """The whole state message is what the local game shows this seat: nothing more, nothing less."""
    assert set(message) == {"type", "view", "legal", "log_from"}, sorted(message)
    assert message["type"] == "state"
    assert message["log_from"] == since
    assert message["view"] == game.view(seat, log_since=since)
    legal = game.legal_actions() if game.current_player == seat else []
    assert [from_wire(a) for a in message["legal"]] == legal


def new_table(url: str, seats: list[str], **options: Any) -> tuple[Seat, dict[str, Any]]:
    creator = Seat(url)
    created = creator.ask({"type": "create", "room": "artischocken", "seats": seats, **options})
    assert created["type"] == "created" and isinstance(created["table"], str)
    assert sorted(created["tokens"]) == [str(i) for i, s in enumerate(seats) if s == "remote"]
    return creator, created


def two_seat_table(url: str, seed: int) -> tuple[Game, str, dict[str, str], list[Seat], list[int]]:
    _, created = new_table(url, ["remote", "remote"], seed=seed, rhubarb=seed % 2 == 1, start_player=0)
    game = new_game(2, seed=seed, rhubarb=seed % 2 == 1, start_player=0)
    seats = [Seat(url), Seat(url)]
    marks = []
    for s in (0, 1):
        state = seats[s].join(created["table"], s, created["tokens"][str(s)])
        expect_state(state, game, s, 0)
        marks.append(state["view"]["log_size"])
    return game, created["table"], created["tokens"], seats, marks


def play(game: Game, seats: list[Seat], marks: list[int], rng: random.Random, moves: int | None = None) -> None:
    """The seat to move sends a random legal action; every seat's next state equals the local view."""
    done = 0
    while not game.is_over and (moves is None or done < moves):
        actor = game.current_player
        assert actor is not None
        action = rng.choice(game.legal_actions())
        seats[actor].send({"type": "act", "action": wire_action(action)})
        game.apply(action)
        for s, seat in enumerate(seats):
            state = seat.recv()
            expect_state(state, game, s, marks[s])
            marks[s] = state["view"]["log_size"]
        done += 1


# --------------------------------------------------------------------------- a whole game


@pytest.mark.parametrize("seed", [3, 8])
def test_whole_two_seat_game_every_view_equals_the_local_engine(server: str, seed: int) -> None:
    """Remote play: a whole 2-seat game; every state = the local view(seat, log_since=K) (A-G2 over the wire)."""
    game, _, _, seats, marks = two_seat_table(server, seed)
    play(game, seats, marks, random.Random(seed))
    assert game.is_over
    for s, seat in enumerate(seats):  # appending each state's log gives the whole log
        assert seat.log == game.view(s)["log"]


def test_nothing_hidden_in_any_message_of_a_whole_game(server: str) -> None:
    """A-G2 over the wire: no message a seat receives holds another hand, the deck order or a hidden card."""
    game, _, _, seats, marks = two_seat_table(server, 11)
    rng = random.Random(11)
    while not game.is_over:
        actor = game.current_player
        assert actor is not None
        other = 1 - actor
        # an out-of-turn and an illegal try on the way: their errors may name nothing hidden either
        seats[other].send({"type": "act", "action": {"kind": "end_play"}})
        assert seats[other].recv()["code"] == "not_your_turn"
        seats[actor].send({"type": "act", "action": {"kind": "play", "card": "broccoli", "target": other}})
        if any(a == Action("play", "broccoli") for a in game.legal_actions()):
            pass  # a target is not how broccoli is played: refused all the same
        assert seats[actor].recv()["code"] == "illegal"
        action = rng.choice(game.legal_actions())
        seats[actor].send({"type": "act", "action": wire_action(action)})
        game.apply(action)
        for s, seat in enumerate(seats):
            state = seat.recv()
            expect_state(state, game, s, marks[s])  # the whole message, exactly: nothing extra anywhere
            marks[s] = state["view"]["log_size"]
    everything = json.dumps(game.to_dict())
    assert "garden_stack" in everything
    for seat in seats:
        seen = ""
        for text in seat.texts:
            message = json.loads(text)
            assert not {"garden_stack", "rng", "hands", "decks", "deck"} & keys_of(message)
            if message["type"] == "state":
                seen = json.dumps(message["view"])
            elif message["type"] == "error":  # it names only the card sent and what the seat's view shows
                named = {c for c in CARD_IDS if c in message["message"]}
                assert named <= {"broccoli"} | {c for c in CARD_IDS if c in seen}, message


def keys_of(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_of(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_of(v)}
    return set()


# --------------------------------------------------------------------------- refusals


BAD_MESSAGES: list[Any] = [
    "not json at all",
    "[1, 2, 3]",
    json.dumps({"no": "type"}),
    json.dumps({"type": 5}),
    {"type": "act"},
    {"type": "act", "action": "harvest"},
    {"type": "act", "action": {"kind": "fly"}},
    {"type": "act", "action": {"kind": "harvest", "card": "diamond"}},
    {"type": "act", "action": {"kind": "harvest", "card": 7}},
    {"type": "act", "action": {"kind": "play", "card": "leek", "target": "one"}},
    {"type": "act", "action": {"kind": "choose", "cards": "peas"}},
    {"type": "act", "action": {"kind": "harvest", "colour": "red"}},
    {"type": "join", "table": 5, "seat": 0, "token": "x"},
    {"type": "create", "room": "artischocken", "seats": "remote"},
    {"type": "create", "room": "artischocken", "seats": ["remote", "wizard"]},
    {"type": "create", "room": "artischocken", "seats": ["remote", "remote"], "seed": "seven"},
    {"type": "create", "room": "chess", "seats": ["remote", "remote"]},
]


def test_refused_messages_change_nothing(server: str) -> None:
    """Wrong token, out-of-turn, illegal, malformed, oversized: an error each; the game is unchanged."""
    game, table, tokens, seats, marks = two_seat_table(server, 5)
    intruder = Seat(server)
    for seat, token in ((0, tokens["1"]), (1, tokens["0"]), (0, "x" * 32), (1, "")):
        reply = intruder.ask({"type": "join", "table": table, "seat": seat, "token": token})
        assert reply["type"] == "error" and reply["code"] in ("bad_token", "bad_message"), reply
        assert tokens["0"] not in reply["message"] and tokens["1"] not in reply["message"]
    assert intruder.ask({"type": "join", "table": table, "seat": 0})["code"] == "bad_message"
    assert intruder.ask({"type": "join", "table": "nosuchtable", "seat": 0, "token": tokens["0"]})["code"] == \
        "no_table"
    assert intruder.ask({"type": "act", "action": {"kind": "end_play"}})["type"] == "error"  # holds no seat

    row_card = game.view(1)["garden_row"][0]
    reply = seats[1].ask({"type": "act", "action": {"kind": "harvest", "card": row_card}})
    assert reply["type"] == "error" and reply["code"] == "not_your_turn"
    for bad in ({"kind": "play", "card": "carrot"}, {"kind": "end_play"}, {"kind": "choose", "option": "take"}):
        reply = seats[0].ask({"type": "act", "action": bad})
        assert reply["type"] == "error" and reply["code"] == "illegal", (bad, reply)
    for message in BAD_MESSAGES:
        reply = seats[0].ask(message)
        assert reply["type"] == "error" and reply["code"] in ("bad_message", "no_table"), (message, reply)
        assert isinstance(reply["message"], str) and reply["message"]
    big = json.dumps({"type": "act", "action": {"kind": "end_play"}, "pad": "x" * (65 * 1024)})
    seats[0].send(big)
    try:
        reply = seats[0].recv()
        assert reply["type"] == "error" and reply["code"] in ("too_big", "bad_message")
    except ConnectionClosed as exc:  # closing with 1009 (message too big) is a refusal too
        assert exc.rcvd is not None and exc.rcvd.code == 1009
        seats[0] = Seat(server)
        seats[0].join(table, 0, tokens["0"])
        marks[0] = game.log_size

    # nothing changed: fresh joins see the untouched new game, and play goes on from it
    # (a join from another connection takes the seat over)
    for s in (0, 1):
        seats[s] = Seat(server)
        state = seats[s].join(table, s, tokens[str(s)])
        expect_state(state, game, s, 0)
        marks[s] = state["view"]["log_size"]
    play(game, seats, marks, random.Random(5), moves=6)


def test_rejoin_with_the_token_takes_the_seat_back(server: str) -> None:
    """A dropped connection: joining again with the seat's token gets the current state and plays on."""
    game, table, tokens, seats, marks = two_seat_table(server, 21)
    rng = random.Random(21)
    play(game, seats, marks, rng, moves=9)
    seats[0].ws.close()
    play_actor = game.current_player
    if play_actor == 1 and not game.is_over:  # the other seat plays on while seat 0 is away
        action = rng.choice(game.legal_actions())
        seats[1].send({"type": "act", "action": wire_action(action)})
        game.apply(action)
        state = seats[1].recv()
        expect_state(state, game, 1, marks[1])
        marks[1] = state["view"]["log_size"]
    seats[0] = Seat(server)
    state = seats[0].join(table, 0, tokens["0"])
    expect_state(state, game, 0, 0)
    marks[0] = state["view"]["log_size"]
    play(game, seats, marks, rng)
    assert game.is_over
    assert seats[0].log == game.view(0)["log"]


# --------------------------------------------------------------------------- bot seats


@pytest.mark.parametrize("bots", [["greedy"], ["random", "greedy"]])
def test_bot_seats_play_on_the_server(server: str, bots: list[str]) -> None:
    """Seats named by a bot kind are played by the server; the remote seat gets [] while they decide."""
    _, created = new_table(server, ["remote", *bots], seed=4, start_player=len(bots))
    assert list(created["tokens"]) == ["0"]
    me = Seat(server)
    state = me.join(created["table"], 0, created["tokens"]["0"])
    rng = random.Random(4)
    moves = 0
    while not state["view"]["is_over"]:
        view = state["view"]
        if view["current_player"] == 0:
            assert state["legal"]
            me.send({"type": "act", "action": rng.choice(state["legal"])})
            moves += 1
        else:
            assert state["legal"] == []
        state = me.recv()
        assert state["type"] == "state", state
        assert moves < 2000
    assert moves > 0
    final = Seat(server).join(created["table"], 0, created["tokens"]["0"])
    assert final["view"]["log"] == me.log  # the states' logs add up to the whole log
    assert final["view"]["players"] == 1 + len(bots)


def test_a_table_starts_as_new_game_with_its_options(server: str) -> None:
    """create with seed/rhubarb/start_player: new_game(len(seats), seed=..., rhubarb=..., start_player=...)."""
    _, created = new_table(server, ["remote", "remote", "remote"], seed=99, rhubarb=True, start_player=2)
    game = new_game(3, seed=99, rhubarb=True, start_player=2)
    for s in (0, 1, 2):
        expect_state(Seat(server).join(created["table"], s, created["tokens"][str(s)]), game, s, 0)


def test_the_serving_line_and_a_port_in_use(server: str, tmp_path: Path) -> None:
    """`serve --port P` with P taken: one clear line on stderr and exit 1."""
    port = server.rsplit(":", 1)[1]
    proc = subprocess.run([sys.executable, "-m", "game", "serve", "--port", port, "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and port in proc.stderr
