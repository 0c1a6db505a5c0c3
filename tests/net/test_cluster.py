"""Several server processes share their tables through a real Redis (``serve --redis``).

Each test starts its own ``redis-server`` (tests/net/redis_server.py) and real ``python -m game serve`` processes
on it, and plays Artischocken over the wire with a game of its own beside it (A-T1 to A-T6: every turn the
server deals is the one the rules deal; A-G2: each seat sees its own hand only, whichever process it came in by),
or Cactus with headless clients (C-T1, C-T2).
"""

from __future__ import annotations

import contextlib
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import redis
from websockets.exceptions import ConnectionClosed

from game.artischocken import Game, new_game

from .netserver import Client, ServerProcess, create, join
from .redis_server import RedisServer
from .test_cactus_wire import Client as CactusClient
from .test_cactus_wire import join as cactus_join
from .test_cactus_wire import play as cactus_play
from .test_cactus_wire import until

pytestmark = pytest.mark.slow

CLUSTER = ("--workers", "0", "--seat-timeout", "600")


def start(tmp_path: Path, name: str, redis_url: str) -> ServerProcess:
    return ServerProcess(tmp_path / name, "--redis", redis_url, *CLUSTER)


def wire_action(game: Game, rng: random.Random) -> tuple[int, dict[str, Any]]:
    actor = game.current_player
    assert actor is not None
    action = rng.choice(game.legal_actions())
    game.apply(action)
    return actor, {"type": "act", "action": {"kind": action.kind, "card": action.card, "target": action.target,
                                             "cards": list(action.cards), "option": action.option}}


def play(game: Game, seats: list[Client], rng: random.Random, moves: int) -> None:
    """``moves`` actions, each sent by the seat whose turn it is; every seat's next state is the local game's."""
    for _ in range(moves):
        if game.is_over:
            return
        actor, message = wire_action(game, rng)
        seats[actor].send(message)
        for s, seat in enumerate(seats):
            state = seat.recv()
            assert state["type"] == "state", state
            assert same_view(state["view"], game.view(s))


def same_view(sent: dict[str, Any], expected: dict[str, Any]) -> bool:
    """The view a seat was sent is the local game's (its log comes in parts: only the new entries)."""
    return {k: v for k, v in sent.items() if k != "log"} == {k: v for k, v in expected.items() if k != "log"}


def seated(owner: str, through: list[str], seed: int, start_player: int,
           moves: int) -> tuple[dict[str, Any], list[Client], Game, random.Random]:
    """A table of ``len(through)`` remote seats made on the process at ``owner``, seat ``s`` joined through
    ``through[s]``, and ``moves`` actions played; then a second and a half, so that the last one is saved. The
    ``created`` answer, the seats, the local game beside it and its choices."""
    created = create(Client(owner), ["remote"] * len(through), seed=seed, start_player=start_player)
    seats = [Client(url) for url in through]
    for s, seat in enumerate(seats):
        join(seat, created["table"], s, created["tokens"][str(s)])
    game = new_game(len(through), seed=seed, start_player=start_player)
    rng = random.Random(seed)
    play(game, seats, rng, moves)
    time.sleep(1.5)  # the last change is saved (at most a second after it)
    return created, seats, game, rng


def owner_of(redis_url: str, code: str) -> str | None:
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        value = client.get(f"gt:owner:{code}")
        return None if value is None else str(value)
    finally:
        client.close()


def stop_all(*servers: ServerProcess) -> None:
    for server in servers:
        with contextlib.suppress(Exception):
            server.stop()


def test_a_join_through_a_process_that_does_not_hold_the_table_plays_normally(tmp_path: Path, redis_url: str) -> None:
    """A-T1..A-T6, A-G2: a table made on process A is joined by one seat through A and by the other through B;
    B passes every message on, and both seats play the game the rules deal. Peek and claim through B work too."""
    a, b = start(tmp_path, "a", redis_url), start(tmp_path, "b", redis_url)
    try:
        created = create(Client(a.url), ["remote", "remote", "remote"], seed=30, start_player=0)
        code = created["table"]
        seats = [Client(a.url), Client(b.url)]
        for s in (0, 1):
            state = join(seats[s], code, s, created["tokens"][str(s)])
        game = new_game(3, seed=30, start_player=0)
        assert state["view"] == game.view(1)
        peeked = Client(b.url).ask({"type": "peek", "table": code.lower()})
        assert peeked["type"] == "table" and peeked["room"] == "artischocken" and peeked["turn"] == 0
        third = Client(b.url)
        claimed = third.ask({"type": "claim", "table": code})
        assert claimed["type"] == "claimed" and claimed["seat"] == 2, claimed
        seats.append(third)
        join(third, code, 2, claimed["token"])
        play(game, seats, random.Random(30), 40)
        assert not any(line for line in b.log if "Traceback" in line), b.stderr()
        missing = Client(b.url).ask({"type": "join", "table": "ZZZZ-ZZZZ", "seat": 0, "token": "x"})
        assert missing["code"] == "no_table"
    finally:
        stop_all(a, b)


def test_the_same_tokens_continue_on_another_process_after_the_owner_is_killed(tmp_path: Path,
                                                                            redis_url: str) -> None:
    """A-T1..A-T6: kill -9 of the process that holds a table; the seats join again with the same tokens through
    another process, which took the table over from its last save, and play on from where it was (how long the
    takeover takes is measured by ``bench net --processes``, not here)."""
    a, b = start(tmp_path, "a", redis_url), start(tmp_path, "b", redis_url)
    try:
        created, seats, game, rng = seated(a.url, [a.url, b.url], 31, 1, 12)
        code = created["table"]
        a.proc.send_signal(signal.SIGKILL)
        a.proc.wait(10)
        with pytest.raises(ConnectionClosed):  # B closes the relayed seat with "join again"
            seats[1].recv(timeout=10)
        for s in (0, 1):
            with contextlib.suppress(Exception):
                seats[s].close()
        again = [Client(b.url), Client(b.url)]
        for s in (0, 1):
            state = join(again[s], code, s, created["tokens"][str(s)])
            assert state["view"] == game.view(s)
        assert owner_of(redis_url, code) is not None
        play(game, again, rng, 12)
    finally:
        stop_all(a, b)


def test_a_paused_owner_loses_its_table_and_never_acts_for_it_again(tmp_path: Path, redis_url: str) -> None:
    """Two processes never both hold a table: A is paused (SIGSTOP) past its lease, B takes the table over and
    plays a move on it; once A runs again it lets the table go without acting for it or writing its save, and
    its seat's connection is sent on to join again, which then reaches B's table (A-T1..A-T6)."""
    a, b = start(tmp_path, "a", redis_url), start(tmp_path, "b", redis_url)
    try:
        created, on_a, game, rng = seated(a.url, [a.url, a.url], 32, 0, 6)
        code = created["table"]
        owner_a = owner_of(redis_url, code)
        mirror, again = new_game(2, seed=32, start_player=0), random.Random(32)
        for _ in range(6):  # the game as A holds it
            wire_action(mirror, again)
        actor, stale_move = wire_action(mirror, random.Random(5))
        a.proc.send_signal(signal.SIGSTOP)
        try:
            on_b = [Client(b.url), Client(b.url)]
            for s in (0, 1):
                state = join(on_b[s], code, s, created["tokens"][str(s)])
                assert state["view"] == game.view(s)
            assert owner_of(redis_url, code) not in (None, owner_a)
            play(game, on_b, rng, 4)  # B acts for the table
            on_a[actor].send(stale_move)  # a move A's seat sent while A slept: A must not make it once it wakes
        finally:
            a.proc.send_signal(signal.SIGCONT)
        with pytest.raises(ConnectionClosed):  # A lets go and asks its connections to join again
            while True:
                message = on_a[actor].recv(timeout=10)
                assert message.get("type") != "state", message  # nothing A made reaches anyone
        time.sleep(2.0)  # A's saver and lease loop have run since it woke
        assert owner_of(redis_url, code) not in (None, owner_a)
        assert any("let go" in line for line in a.log), a.stderr()
        play(game, on_b, rng, 4)  # B's table is the one that goes on: the game nobody else touched
        back = Client(a.url)  # a join through A now reaches B's table
        state = join(back, code, actor, created["tokens"][str(actor)])
        assert state["view"] == game.view(actor)
    finally:
        stop_all(a, b)


def test_a_client_that_claims_to_be_a_relay_is_bounded_by_its_own_address(tmp_path: Path, redis_url: str) -> None:
    """Only a process of the cluster (it knows the shared secret) may tell the address of the client it relays: a
    client that sends the relay's headers with a made-up secret is still bounded as itself (``slow_down`` after
    its failed lookups)."""
    server = ServerProcess(tmp_path / "a", "--redis", redis_url, "--limit-loopback", *CLUSTER)
    try:
        plain = Client(server.url)
        answers = [plain.ask({"type": "peek", "table": f"ZZZZ-ZZ{n:02d}"})["code"] for n in range(25)]
        assert answers[0] == "no_table" and answers[-1] == "slow_down", answers
        for secret in ("guessed", "g\u00e9ss\u00e9"):  # not ASCII either: compared as bytes, never an error
            forged = Client(server.url, headers={"X-Garden-Relay": secret, "X-Garden-Client": "198.51.100.7"})
            assert forged.ask({"type": "peek", "table": "ZZZZ-ZZZZ"})["code"] == "slow_down"
        assert "Traceback" not in server.stderr()
    finally:
        stop_all(server)


def test_cactus_through_a_process_that_does_not_hold_the_table_agrees_at_every_turn_end(tmp_path: Path,
                                                                                        redis_url: str) -> None:
    """C-T1, C-T2: a Cactus table made on A, one seat and the spectator coming in through B: every turn end has
    the same world checksum at both seats, the spectator and the table (the big snapshot and the turn streams
    pass the relay whole)."""
    a, b = start(tmp_path, "a", redis_url), start(tmp_path, "b", redis_url)
    try:
        host = CactusClient(a.url, None)
        host.send({"type": "create", "room": "cactus", "seats": ["remote", "remote", "bot"], "seed": 3})
        host.read(5.0)
        created = host.replies[-1]
        assert created["type"] == "created", created
        code, tokens = created["table"], created["tokens"]
        clients = [cactus_join(a.url, code, 0, tokens["0"]), cactus_join(b.url, code, 1, tokens["1"])]
        watcher = CactusClient(b.url, None)
        watcher.send({"type": "watch", "table": code})
        everyone = [*clients, watcher]
        for c in everyone:
            until(lambda c=c: c.link.match is not None, [c])  # type: ignore[misc]
        cactus_play(clients, watcher, 4)
        until(lambda: len({len(c.link.checks) for c in everyone}) == 1, everyone)
        checks = [c.link.checks for c in everyone]
        assert len(checks[0]) >= 6
        assert checks[0] == checks[1] == checks[2]
        assert all(own == server_sum for _, own, server_sum in checks[0])
        assert all(c.link.resyncs == 0 and not c.link.errors for c in everyone)
        for c in [*everyone, host]:
            c.close()
    finally:
        stop_all(a, b)


def test_a_redis_that_cannot_be_reached_is_one_line_and_exit_1(tmp_path: Path) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    done = subprocess.run([sys.executable, "-m", "game", "serve", "--port", "0", "--data", str(tmp_path),
                           "--redis", f"redis://127.0.0.1:{port}/0", "--workers", "0"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("python -m game serve: cannot reach Redis at redis://127.0.0.1:")
    assert "Traceback" not in done.stderr


def test_flags_of_the_cluster_are_checked(tmp_path: Path) -> None:
    for args, words in ((["--bot-worker"], "--bot-worker needs --redis"),
                        (["--redis", "http://x"], "expected a Redis address"),
                        (["--redis", "redis://127.0.0.1:6379/0", "--peer", "10.0.0.5:8801"],
                         "expected a websocket address")):
        done = subprocess.run([sys.executable, "-m", "game", "serve", "--data", str(tmp_path), *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_save_in_redis_that_cannot_be_resumed_is_set_aside_and_the_others_play_on(tmp_path: Path,
                                                                                 redis_url: str) -> None:
    """A broken save (hand-edited, or written by a newer version) is kept aside under its own key, and the server
    takes the good tables over and serves them."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        client.set("gt:save:BADD-SAVE", '{"format": "garden-table-server/1", "room": "cactus", "tokens": {}}')
        client.set("gt:save:NOTT-JSON", "{")
        client.sadd("gt:tables", "BADD-SAVE", "NOTT-JSON")
        a = start(tmp_path, "a", redis_url)
        try:
            created = create(Client(a.url), ["remote", "remote"], seed=33)
            deadline = time.monotonic() + 10
            while client.smembers("gt:tables") != {created["table"]} and time.monotonic() < deadline:
                time.sleep(0.1)
            assert client.smembers("gt:tables") == {created["table"]}
            asides = sorted(client.scan_iter("gt:aside:*"))
            assert [k.split(":")[2] for k in asides] == ["BADD-SAVE", "NOTT-JSON"]
            assert client.get(asides[1]) == "{"  # kept as it was
            join(Client(a.url), created["table"], 0, created["tokens"]["0"])
            assert "Traceback" not in a.stderr()
        finally:
            stop_all(a)
    finally:
        client.close()


def test_a_redis_that_stops_answering_pauses_the_tables_and_they_go_on_once_it_answers(
        tmp_path: Path, redis_server: RedisServer) -> None:
    """While Redis does not answer, nobody can prove they hold a table: the process lets its tables go (its
    seats are asked to join again), and a join meanwhile is asked to try again later (1013) instead of waiting
    for ever. Once Redis answers again, the same tokens join the same game (A-T1..A-T6)."""
    a = start(tmp_path, "a", redis_server.url)
    try:
        created, seats, game, rng = seated(a.url, [a.url, a.url], 34, 0, 6)
        code = created["table"]
        redis_server.proc.send_signal(signal.SIGSTOP)
        try:
            for seat in seats:
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        seat.recv(timeout=15)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
            late = Client(a.url)
            late.send({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"]})
            with pytest.raises(ConnectionClosed) as closed:
                late.recv(timeout=15)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        finally:
            redis_server.proc.send_signal(signal.SIGCONT)
        again = [Client(a.url), Client(a.url)]
        for s in (0, 1):
            state = join(again[s], code, s, created["tokens"][str(s)])
            assert same_view(state["view"], game.view(s))
        play(game, again, rng, 4)
        assert "Traceback" not in a.stderr()
    finally:
        stop_all(a)
