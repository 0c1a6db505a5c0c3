"""The server process around the games: restart, saves, spectators, dropped seats, rate limit, log.

Each test runs a real ``python -m game serve --port 0`` (tests/net/netserver.py) and speaks the wire format of
docs/design.md to it with websockets' sync client.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from game.artischocken import Action, new_game

from .netserver import Client, ServerProcess, create, join


def test_restart_resumes_every_table_and_its_tokens(tmp_path: Path) -> None:
    """A table survives a server restart: SIGTERM saves it, the next server on the same data folder resumes it,
    the seat joins again with its token and sees the same state."""
    server = ServerProcess(tmp_path)
    try:
        c = Client(server.url)
        created = create(c, ["remote", "remote"], seed=12, start_player=0)
        seats = [Client(server.url), Client(server.url)]
        states = [join(seats[s], created["table"], s, created["tokens"][str(s)]) for s in (0, 1)]
        game = new_game(2, seed=12, start_player=0)
        rng = random.Random(12)
        for _ in range(15):
            actor = game.current_player
            assert actor is not None
            action = rng.choice(game.legal_actions())
            seats[actor].send({"type": "act", "action": {"kind": action.kind, "card": action.card,
                                                         "target": action.target, "cards": list(action.cards),
                                                         "option": action.option}})
            game.apply(action)
            states = [seats[s].recv() for s in (0, 1)]
        assert states[0]["view"]["log_size"] == game.log_size
    finally:
        assert server.stop() == 0
    assert (tmp_path / f"{created['table']}.json").exists()
    saved = (tmp_path / f"{created['table']}.json").read_text()
    assert created["tokens"]["0"] not in saved and created["tokens"]["1"] not in saved  # only their hashes

    again = ServerProcess(tmp_path)
    try:
        for s in (0, 1):
            state = join(Client(again.url), created["table"], s, created["tokens"][str(s)])
            assert state["view"] == game.view(s)
            legal = [Action(a["kind"], a["card"], a["target"], tuple(a["cards"]), a["option"]) for a in state["legal"]]
            assert legal == (game.legal_actions() if game.current_player == s else [])
        bad = Client(again.url).ask({"type": "join", "table": created["table"], "seat": 0, "token": "nope"})
        assert bad["code"] == "bad_token"
    finally:
        assert again.stop() == 0


def test_a_corrupt_save_is_set_aside_and_the_server_starts(tmp_path: Path) -> None:
    (tmp_path / "broken1.json").write_text("{not json")
    (tmp_path / "broken2.json").write_text(json.dumps({"format": "garden-table-server/1", "room": "artischocken",
                                                       "tokens": {}, "state": {"format": "nonsense"}}))
    server = ServerProcess(tmp_path)
    try:
        c = Client(server.url)
        create(c, ["remote", "greedy"], seed=1)
        reply = c.ask({"type": "join", "table": "broken2", "seat": 0, "token": "x"})
        assert reply["code"] == "no_table"
    finally:
        assert server.stop() == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "broken1.corrupt-1.json" in names and "broken2.corrupt-1.json" in names
    assert "broken1.json" not in names and "broken2.json" not in names
    assert "broken1" in server.stderr() and "broken2" in server.stderr()


def test_spectators_watch_a_game_and_a_dropped_seat_is_taken_over_by_a_bot(tmp_path: Path) -> None:
    """watch: spectators get the public state after every change. A seat whose player dropped waits
    --seat-timeout seconds, then a bot plays it (bot_takeover, the default), until the token joins again - while
    another person is at the table (a table nobody is at stands still)."""
    server = ServerProcess(tmp_path, "--seat-timeout", "0.3")
    try:
        c = Client(server.url)
        created = create(c, ["remote", "remote"], seed=6, start_player=1)
        watcher = Client(server.url)
        assert watcher.ask({"type": "watch", "table": created["table"]}) == {
            "type": "watching", "table": created["table"], "seeded": True}  # made with a seed: said to all
        first = watcher.recv()
        assert first["type"] == "state" and first["view"]["seat"] is None and first["view"]["hand"] == []
        friend = Client(server.url)
        joined = join(friend, created["table"], 1, created["tokens"]["1"])
        me = Client(server.url)
        join(me, created["table"], 0, created["tokens"]["0"])
        me.close()  # dropped: after 0.3 s the takeover bot plays seat 0, and the friend plays on to the end
        stop = threading.Event()

        def play_on() -> None:  # the friend takes its first legal action whenever it decides
            with contextlib.suppress(ConnectionClosed):
                state = joined
                while not stop.is_set():
                    if state.get("type") == "state" and state["legal"]:
                        friend.send({"type": "act", "action": state["legal"][0]})
                    try:
                        state = friend.recv(timeout=1)
                    except TimeoutError:
                        state = {}

        player = threading.Thread(target=play_on, daemon=True)
        player.start()
        deadline = time.monotonic() + 30
        state = first
        while not state["view"]["is_over"]:
            assert time.monotonic() < deadline
            state = watcher.recv()
            assert state["type"] == "state" and state["legal"] == [] and state["view"]["hand"] == []
        stop.set()
        player.join(5)
        again = join(Client(server.url), created["table"], 0, created["tokens"]["0"])
        assert again["view"]["is_over"]
        assert watcher.ask({"type": "act", "action": {"kind": "end_play"}})["code"] == "bad_message"
    finally:
        assert server.stop() == 0
    assert "bot plays it" in server.stderr()


def test_a_second_connection_with_the_token_takes_the_seat(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path)
    try:
        created = create(Client(server.url), ["remote", "remote"], seed=2, start_player=0)
        old, new = Client(server.url), Client(server.url)
        join(old, created["table"], 0, created["tokens"]["0"])
        state = join(new, created["table"], 0, created["tokens"]["0"])
        with pytest.raises(ConnectionClosed) as info:
            old.recv(timeout=5)
        assert info.value.rcvd is not None and info.value.rcvd.code == 4000
        new.send({"type": "act", "action": state["legal"][0]})
        assert new.recv()["type"] == "state"
    finally:
        assert server.stop() == 0


def test_a_flood_is_rate_limited_then_closed_and_the_log_holds_no_token(tmp_path: Path) -> None:
    """A rate limit per connection: beyond it, rate_limited errors (the message dropped); a sustained flood
    closes the connection (1008). The log names connects, joins and errors, never a token."""
    server = ServerProcess(tmp_path)
    try:
        c = Client(server.url)
        created = create(c, ["remote", "remote"], seed=3, start_player=0)
        me = Client(server.url)
        join(me, created["table"], 1, created["tokens"]["1"])
        # the table answers a move out of turn (its worker process is up before the flood: a worker started
        # while the flood comes may answer nothing before the close, which drops what waits)
        assert me.ask({"type": "act", "action": {"kind": "end_play"}})["code"] == "not_your_turn"
        codes: list[str] = []
        # the server may close while the flood is still being sent: what it answered before is read all the same
        with contextlib.suppress(ConnectionClosed):
            for _ in range(5000):
                me.send({"type": "act", "action": {"kind": "end_play"}})
        with pytest.raises(ConnectionClosed) as info:
            while True:
                codes.append(me.recv(timeout=5)["code"])
        assert info.value.rcvd is not None and info.value.rcvd.code == 1008
        assert "rate_limited" in codes
        # the table is fine and answers a fresh connection
        assert join(Client(server.url), created["table"], 0, created["tokens"]["0"])["legal"]
    finally:
        assert server.stop() == 0
    log = server.stderr()
    assert "connected" in log and "joined table" in log and "rate_limited" in log
    assert created["tokens"]["0"] not in log and created["tokens"]["1"] not in log


def test_a_table_of_bots_plays_to_its_end_and_is_dropped_once_over(tmp_path: Path) -> None:
    """Bot seats play on the server with nobody connected; a finished table nobody holds is dropped after
    --keep-finished seconds (memory and save)."""
    server = ServerProcess(tmp_path, "--keep-finished", "0.3")
    try:
        c = Client(server.url)
        created = create(c, ["greedy", "random"], seed=5)
        assert created["tokens"] == {}
        deadline = time.monotonic() + 20
        while (tmp_path / f"{created['table']}.json").exists() or time.monotonic() < deadline - 19:
            assert time.monotonic() < deadline, "the table was not dropped"
            time.sleep(0.1)
        assert c.ask({"type": "watch", "table": created["table"]})["code"] == "no_table"
    finally:
        assert server.stop() == 0
    assert "dropped" in server.stderr()


def test_a_second_server_on_the_same_data_folder_refuses_in_one_line_and_a_killed_one_leaves_no_lock(
        tmp_path: Path) -> None:
    """Two processes on one data folder would each resume its tables (each friend at a copy of their own): the
    second refuses with one plain line and exit 2, the first serves on; once the first is killed with SIGKILL, the
    next start takes the folder at once (the lock went with the process)."""
    first = ServerProcess(tmp_path)
    try:
        second = subprocess.run([sys.executable, "-m", "game", "serve", "--port", "0", "--data", str(tmp_path)],
                                capture_output=True, text=True, timeout=60, check=False)
        assert second.returncode == 2
        assert second.stdout == ""
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "in use" in lines[0] and str(first.proc.pid) in lines[0], second.stderr
        client = Client(first.url)
        assert client.ask({"type": "hello"})["type"] == "hello"  # the first serves on
        client.close()
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(10)
    finally:
        first.stop()
    again = ServerProcess(tmp_path)
    try:
        client = Client(again.url)
        assert client.ask({"type": "hello"})["type"] == "hello"
        client.close()
    finally:
        assert again.stop() == 0
