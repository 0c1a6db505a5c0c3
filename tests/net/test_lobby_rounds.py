"""The lobby's look-outs (servers that answer hello, the tables of "Your tables") ask in rounds in a thread of
their own, through one helper (game.net.client.rounds): a round whose news changed wakes the window, a round
asked for starts at once (also one asked for while a round runs), and close ends them. The waits below are
generous upper bounds for a busy machine, never a speed asserted."""

from __future__ import annotations

import threading

from game.net.client.rounds import Rounds
from game.net.client.server_watch import ServerWatch
from game.net.client.your_tables import TableWatch

from .test_client import wait_for

LONG = 600.0  # no round comes by the clock in these tests: only when asked


class Counted:
    def __init__(self, changed: bool = True) -> None:
        self.changed = changed
        self.n = 0
        self.ran = threading.Event()
        self.hold = threading.Event()
        self.hold.set()
        self.inside = threading.Event()

    def round(self) -> bool:
        self.inside.set()
        self.hold.wait(30)
        self.n += 1
        self.ran.set()
        return self.changed


def test_a_round_whose_news_changed_wakes_the_window() -> None:
    woken = threading.Event()
    counted = Counted(changed=True)
    rounds = Rounds("test", counted.round, LONG, wake=woken.set)
    try:
        assert woken.wait(30) and counted.n == 1
    finally:
        rounds.close()


def test_a_round_with_nothing_new_does_not_wake() -> None:
    woken = threading.Event()
    counted = Counted(changed=False)
    rounds = Rounds("test", counted.round, LONG, wake=woken.set)
    try:
        assert counted.ran.wait(30)
        counted.ran.clear()
        rounds.ask_now()
        assert counted.ran.wait(30) and not woken.is_set()
    finally:
        rounds.close()


def test_a_round_asked_for_while_one_runs_follows_it() -> None:
    counted = Counted()
    counted.hold.clear()  # the first round waits inside
    rounds = Rounds("test", counted.round, LONG)
    try:
        assert counted.inside.wait(30)
        rounds.ask_now()  # asked while the first round runs
        counted.hold.set()
        wait_for(lambda: counted.n == 2, timeout=30)  # the request was not lost: a second round, unasked by the clock
    finally:
        rounds.close()


def test_close_ends_the_rounds() -> None:
    counted = Counted()
    rounds = Rounds("test", counted.round, LONG)
    assert counted.ran.wait(30)
    rounds.close()
    assert rounds.stopping
    rounds.ask_now()  # closed: asking again starts nothing
    assert counted.n == 1


def test_both_look_outs_ask_through_rounds_and_stop_on_close() -> None:
    servers = ServerWatch(ask=lambda url: None, start=False)
    tables = TableWatch(start=False)
    for watch in (servers, tables):
        watch.active = False
        assert not watch.rounds.active
        watch.close()
        assert watch.rounds.stopping
    servers.look(["ws://192.0.2.9:8765"])  # a new address to ask: asking is on again
    assert servers.active
