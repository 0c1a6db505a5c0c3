"""Bots think off the frame (game.artischocken.bots.thinker): the table goes on drawing while a bot decides, and the
decision is the one the bot makes in the frame (same seed from the position: same game)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from table_helpers import Driver, position, table

from game.artischocken import bots
from game.artischocken.bots.thinker import Thinker
from game.artischocken.engine import Action, Game, new_game
from game.artischocken.seats import Seat
from game.artischocken.turns import BotJob, LocalTable


def _poll(thinker: Thinker, source: Any, seconds: float = 20.0) -> Action | None:
    deadline = time.monotonic() + seconds
    while True:
        action = thinker.take(source)
        if action is not None or not thinker.thinking:
            return action
        assert time.monotonic() < deadline, "the decision never came"
        time.sleep(0.001)


def test_thread_decision_is_the_frame_decision() -> None:
    """A whole bot game: at every position the worker thread's choice equals LocalTable.bot_move's."""
    seats = [Seat("A", "search-easy"), Seat("B", "greedy"), Seat("C", "expert")]
    live = LocalTable(new_game(3, seed=11), seats, seed=5)
    thinker = Thinker(wait=False)
    decisions = 0
    try:
        while not live.game.is_over and decisions < 400:
            expected = live.bot_move()
            got = _poll(thinker, live)
            assert got == expected
            assert got is not None
            live.apply(got)
            decisions += 1
    finally:
        thinker.close()
    assert live.game.is_over and decisions > 10


class _Gate:
    """A bot that waits for a signal before it chooses (the slow search the frame must not wait for)."""

    def __init__(self, gate: threading.Event, fail: bool = False) -> None:
        self.gate = gate
        self.fail = fail
        self.calls = 0

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.calls += 1
        assert self.gate.wait(20), "never released"
        if self.fail:
            raise RuntimeError("a bot fault")
        return legal[-1]


class _Source:
    """A table stand-in: one job per key."""

    def __init__(self, game: Game, bot: Any) -> None:
        self.game, self.bot, self.key = game, bot, (0, 0)

    def bot_key(self) -> tuple[int, int] | None:
        return self.key

    def bot_job(self) -> BotJob | None:
        legal = self.game.legal_actions()
        return BotJob(self.key, self.bot, self.game.view(self.game.current_player or 0, log=False), legal)


def _harvest_game() -> Game:
    game = new_game(2, seed=3)
    assert len(game.legal_actions()) > 1
    return game


def test_take_does_not_wait_while_the_bot_thinks() -> None:
    gate = threading.Event()
    source = _Source(_harvest_game(), _Gate(gate))
    thinker = Thinker(wait=False)
    try:
        assert thinker.take(source) is None
        assert thinker.thinking
        assert thinker.take(source) is None  # still the same decision: not started twice
        gate.set()
        assert _poll(thinker, source) == source.game.legal_actions()[-1]
        assert source.bot.calls == 1
    finally:
        thinker.close()


def test_a_passed_position_drops_its_decision() -> None:
    gate = threading.Event()
    source = _Source(_harvest_game(), _Gate(gate))
    thinker = Thinker(wait=False)
    try:
        thinker.prepare(source)
        source.key = (0, 1)  # the position moved on (e.g. an undo): the old answer is not for it
        gate.set()
        assert _poll(thinker, source) is not None
        assert source.bot.calls == 2  # a fresh decision for the new key
    finally:
        thinker.close()


def test_a_failing_bot_gives_no_action_and_no_hang() -> None:
    gate = threading.Event()
    gate.set()
    source = _Source(_harvest_game(), _Gate(gate, fail=True))
    thinker = Thinker(wait=True)
    assert thinker.take(source) is None
    assert not thinker.thinking
    thinker.close()


def test_wait_mode_is_frame_exact() -> None:
    """Headless runs wait for the decision when it is needed: the answer is there on the first take."""
    gate = threading.Event()
    gate.set()
    source = _Source(_harvest_game(), _Gate(gate))
    thinker = Thinker(wait=True)
    assert thinker.take(source) == source.game.legal_actions()[-1]
    thinker.close()


def test_table_draws_on_while_a_bot_thinks(drv: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table scene in a window (not waiting): frames keep coming while the bot decides, nothing is applied,
    and once the decision is ready the bot's move is made."""
    gate = threading.Event()
    slow = _Gate(gate)
    monkeypatch.setitem(bots.BOTS, "greedy", lambda seed=0: slow)
    pos = position([["artichoke"] * 4 + ["onion"], ["artichoke"] * 5], decks=[["artichoke"] * 6, ["artichoke"] * 5],
                   stack=["peas", "corn", "leek", "beet", "carrot", "potato"], row=["peas", "corn"],
                   phase="harvest", player=1)
    scene = table(drv.app, pos, ["human", "greedy"], fast=False)
    scene.thinker.wait = False  # as in a window
    before = scene.table.game.log_size
    drv.frame(120)  # two seconds of frames: the pause is long over, the bot still thinks
    assert scene.thinker.thinking
    assert scene.table.game.log_size == before
    assert scene.frame is not None
    gate.set()
    deadline = time.monotonic() + 20
    while scene.table.game.log_size == before:
        assert time.monotonic() < deadline
        drv.frame()
    assert slow.calls == 1
    assert scene.table.game.log[before][0] == "harvest"  # the bot's choice: the last legal harvest
    scene.on_exit()


def test_a_process_worker_makes_the_same_decisions() -> None:
    """The window's worker is a process: its decisions are the frame's (the job travels pickled and back)."""
    seats = [Seat("A", "search-easy"), Seat("B", "greedy")]
    live = LocalTable(new_game(2, seed=4), seats, seed=9)
    thinker = Thinker(wait=False, processes=True)
    thinker.warm()
    try:
        for _ in range(12):
            if live.game.is_over:
                break
            expected = live.bot_move()
            got = _poll(thinker, live, seconds=60)
            assert got == expected and got is not None
            live.apply(got)
        assert thinker.processes  # it did not fall back on a thread
    finally:
        thinker.close()


def test_configure_for_a_window_and_for_headless_runs() -> None:
    window = Thinker(wait=True)
    window.configure(window=True, bots=True)
    headless = Thinker(wait=True)
    headless.configure(window=False, bots=True)
    try:
        assert not window.wait and window.processes
        assert headless.wait and not headless.processes
    finally:
        window.close()
        headless.close()
