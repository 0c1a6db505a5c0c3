"""Remote play, crash safety: "a player who saw their move accepted finds it there after any crash" - a real
``serve`` killed with SIGKILL right after it answered, alone and with ``--redis``, and at random moments of a
small load (every act a client saw answered is in the resumed game, whose views equal a mirror game's)."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path
from typing import Any

import pytest

from game.artischocken.engine import new_game
from game.lab.crash_bench import crash_run
from game.net import wire

from .netserver import Client, ServerProcess, create, join
from .test_cactus_wire import open_table_with_tokens, play

pytestmark = pytest.mark.slow


def killed(server: ServerProcess) -> None:
    """SIGKILL: no goodbye, no last save."""
    server.proc.send_signal(signal.SIGKILL)
    server.proc.wait()
    server.stop()


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def answered_act_then_kill(tmp_path: Path, *extra: str) -> None:
    server = ServerProcess(tmp_path / "data", *extra)
    seat0 = Client(server.url)
    created = create(seat0, ["remote", "remote"], seed=7, start_player=0)
    table = created["table"]
    state = join(seat0, table, 0, created["tokens"]["0"])
    action = state["legal"][0]
    answer = seat0.ask({"type": "act", "action": action})
    assert answer["type"] == "state" and answer["view"]["log_size"] > state["view"]["log_size"], answer
    killed(server)  # at once: the answer is all the player saw

    mirror = new_game(2, seed=7, start_player=0)
    mirror.apply(wire.action_from_json(action))
    again = ServerProcess(tmp_path / "data", *extra)
    try:
        back = join(Client(again.url), table, 0, created["tokens"]["0"])
        assert back["view"] == plain(mirror.view(0, log_since=0))
    finally:
        again.stop()


def test_contract_remote_a_card_act_answered_is_there_after_a_kill_9_at_once(tmp_path: Path) -> None:
    """The act answered 0 ms before the kill (the save used to follow the answer by up to a second) - with the
    server's worker processes."""
    answered_act_then_kill(tmp_path, "--workers", "2")


def test_contract_remote_a_card_act_answered_is_there_after_a_kill_9_of_a_redis_process(tmp_path: Path,
                                                                                       redis_url: str) -> None:
    """With --redis the process that answered is killed; the next process takes the table over with the act."""
    answered_act_then_kill(tmp_path, "--redis", redis_url, "--workers", "0")


def test_contract_remote_a_cactus_turn_end_answered_is_there_after_a_kill_9(tmp_path: Path) -> None:
    """Cactus: a turn whose end every seat was told (its verdict and the next snapshot) is ended after any crash,
    with that verdict (the pointer moves of a running turn may be lost; a confirmed placement may not)."""
    server = ServerProcess(tmp_path / "data", "--workers", "1")
    clients, watcher, created = open_table_with_tokens(server.url, ["remote", "remote"], seed=3)
    try:
        play(clients, watcher, 1)
        ended_turn, _, checksum = watcher.link.checks[-1]
    finally:
        killed(server)
        for c in [*clients, watcher]:
            c.close()

    again = ServerProcess(tmp_path / "data", "--workers", "1")
    try:
        back = Client(again.url)
        assert back.ask({"type": "join", "table": created["table"], "seat": 0,
                         "token": created["tokens"]["0"]})["type"] == "joined"
        resumed = back.recv()
        assert resumed["type"] == "turn" and resumed["turn"] > ended_turn, resumed
        assert resumed["ended"]["turn"] == ended_turn and resumed["ended"]["checksum"] == checksum
    finally:
        again.stop()


def test_contract_remote_random_kill_9_moments_during_a_load_lose_no_answered_act(tmp_path: Path) -> None:
    """A small load killed at four random moments: every act a client saw answered is in the resumed game and every
    seat's view equals the mirror's (the acts sent, in order, from the table's seed)."""
    figures = asyncio.run(crash_run(tmp_path, kills=4, tables=4, seats=2, seed=11))
    assert figures["kills"] == 4 and figures["acts_checked"] > 0
    assert (figures["losses"], figures["mismatches"]) == (0, 0), figures


def test_contract_remote_random_kill_9_moments_of_a_redis_process_lose_no_answered_act(tmp_path: Path,
                                                                                       redis_url: str) -> None:
    """The same with ``serve --redis``: the killed process's tables are taken over by the next one."""
    figures = asyncio.run(crash_run(tmp_path, kills=3, tables=3, seats=2, seed=5,
                                    extra=["--redis", redis_url, "--workers", "0"]))
    assert figures["kills"] == 3 and figures["acts_checked"] > 0
    assert (figures["losses"], figures["mismatches"]) == (0, 0), figures
