"""Card bots deciding in another process: ``serve --redis URL --bot-worker`` serves the cluster's bot queue.

A bot's decision is a function of its table (A-S1..A-S4 deal it, A-T1..A-T6 play it), so a worker decides as the
table's own bot would (a searching bot's CPU time cap aside: on a busy machine a capped search may choose
otherwise, at its table as in a worker); a worker that does not answer costs a pause, never the game.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import redis

from game.net.server import registry
from game.net.server.room_table import DecidesElsewhere, TableError
from game.net.server.table_runner import bot_decision

from .netserver import Client, ServerProcess

pytestmark = pytest.mark.slow

#: A searching bot (about 50 ms a decision: it goes to a worker) beside a random one (it decides at its table).
BOTS = {"type": "create", "room": "artischocken", "seats": ["search", "random"], "seed": 77}
#: Bots whose decisions depend on the table alone (no time cap).
STEADY = {"type": "create", "room": "artischocken", "seats": ["expert", "greedy", "random"], "seed": 78}


def watch_to_the_end(url: str, code: str) -> dict[str, Any]:
    """Watch table ``code`` until its game is over: the last public view (without its log, sent in parts) and
    the number of log entries."""
    spectator = Client(url)
    assert spectator.ask({"type": "watch", "table": code})["type"] == "watching"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        message = spectator.recv(timeout=30)
        if message.get("type") == "state" and message["view"]["is_over"]:
            view = message["view"]
            return {"view": {k: v for k, v in view.items() if k != "log"}, "log_size": view["log_size"]}
    raise AssertionError("the game did not end")


def decided(redis_url: str) -> int:
    client = redis.Redis.from_url(redis_url)
    try:
        return int(client.get("gt:bots:decided") or 0)
    finally:
        client.close()


class BotWorker:
    def __init__(self, redis_url: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--redis", redis_url, "--bot-worker"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()
        assert line == f"serving bots of {redis_url}", line

    def stop(self) -> int:
        self.proc.terminate()
        code = self.proc.wait(10)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        return code


def test_a_decision_made_from_the_tables_save_is_the_one_its_own_bot_makes() -> None:
    """A-T1..A-T6: for every move of a seeded game of bots, the decision a worker makes from the table's save,
    made on the table, leaves it exactly where its own bot's move leaves it."""
    own = registry.create(STEADY)
    elsewhere = registry.create(STEADY)
    assert isinstance(elsewhere, DecidesElsewhere)
    moves = 0
    while own.bot_due() and moves < 400:
        decision = bot_decision({"room": "artischocken", "state": elsewhere.to_dict()})
        elsewhere.bot_apply(decision)
        own.bot_move()
        assert elsewhere.to_dict() == own.to_dict()
        moves += 1
    assert moves > 10 and own.is_over
    with pytest.raises(TableError):  # nothing decides now: the table refuses a decision
        elsewhere.bot_apply(decision)


def test_a_table_of_bots_plays_the_same_game_with_its_bots_in_a_worker(tmp_path: Path, redis_url: str) -> None:
    """The searching bot of a table in a cluster decides in a bot worker (counted in Redis) after its first
    decision showed it costly, the cheap bot at its table; every decision the worker sent was made on the table,
    and the game ends (A-T1..A-T6, A-W1)."""
    worker = BotWorker(redis_url)
    server = ServerProcess(tmp_path / "cluster", "--redis", redis_url, "--workers", "0")
    try:
        time.sleep(1.2)  # the server has seen the worker
        created = Client(server.url).ask(BOTS)
        ended = watch_to_the_end(server.url, created["table"])
        made = decided(redis_url)
        assert 5 <= made < ended["log_size"]  # the searching bot's decisions, not the random one's
        assert not any("could not be made" in line for line in server.log), server.stderr()
    finally:
        server.stop()
        assert worker.stop() == 0


def test_a_worker_that_does_not_answer_costs_a_pause_not_the_game(tmp_path: Path, redis_url: str) -> None:
    """A worker that says it is alive but takes no job: the table's own bots decide after a few seconds, and
    the game ends (A-T1..A-T6)."""
    client = redis.Redis.from_url(redis_url)
    client.set("gt:bots:worker:stuck", "1", ex=60)  # alive, but nobody takes the jobs
    client.close()
    server = ServerProcess(tmp_path / "cluster", "--redis", redis_url, "--workers", "0")
    try:
        time.sleep(1.2)
        created = Client(server.url).ask(BOTS)
        assert watch_to_the_end(server.url, created["table"])["view"]["is_over"]
        assert decided(redis_url) == 0
        assert any("no bot worker answered" in line for line in server.log), server.stderr()
    finally:
        server.stop()
