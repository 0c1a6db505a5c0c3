"""One table cannot delay another (game/net/server/table_host.py): the calls of a worker run in threads of their own,
so a table of strong bots thinking beside a table of people holds up no act of theirs; and a table's CPU budget
(:class:`CpuBudget`) makes a table that spent more than its share wait before its next move, and nobody else.

The round-trip bound here is generous (a 2-core machine runs other tests beside it); the figures the issue asks for
are measured by ``bench net --abuse``."""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path
from typing import Any

import pytest

from game.net.server.table_host import BUDGETED, CPU_BURST, CPU_RATE, CpuBudget, TableHandle
from game.net.server.table_runner import Facts, Reply

from .inprocess import running
from .netserver import Client, create, join

#: The median act -> state round trip allowed beside a thinking table (seconds; measured around 10 ms).
ROUND_TRIP = 0.3


def test_a_table_of_people_is_not_delayed_by_a_table_of_thinking_bots_in_the_same_worker(tmp_path: Path) -> None:
    with running(tmp_path, workers=1) as server:
        host = Client(server.url)
        thinking = create(host, ["search-hard"] * 4)
        made = create(host, ["remote", "remote"], seed=5, start_player=0)
        seats = [Client(server.url), Client(server.url)]
        states = [join(seats[s], made["table"], s, made["tokens"][str(s)]) for s in (0, 1)]
        time.sleep(0.3)  # the bots are well into their thinking
        cpu_before = server.call(lambda s: s.tables[thinking["table"]].table.cpu)
        begun = time.monotonic()
        trips = []
        for _ in range(30):
            if states[0]["view"]["is_over"]:
                break
            actor = next(s for s, state in enumerate(states) if state["legal"])
            start = time.monotonic()
            seats[actor].send({"type": "act", "action": states[actor]["legal"][0]})
            states[actor] = seats[actor].recv()
            trips.append(time.monotonic() - start)
            other = 1 - actor
            states[other] = seats[other].recv()
            time.sleep(0.04)  # a person's pace, spread over the bots' thinking
        took = time.monotonic() - begun
        time.sleep(1.0)  # a table's CPU is counted when its call comes back: the decision under way is counted too
        cpu_after = server.call(lambda s: s.tables[thinking["table"]].table.cpu)
        assert len(trips) >= 20
        # the bots thought most of the time meanwhile (its CPU budget holds back a table only past two seconds)
        assert cpu_after - cpu_before > 0.5 * (took + 1.0), "the bots' table was not thinking meanwhile"
        assert statistics.median(trips) < ROUND_TRIP, sorted(trips)


# -- the CPU budget ------------------------------------------------------------------------------------------


def test_a_budget_spent_within_its_burst_asks_for_no_wait() -> None:
    budget = CpuBudget(rate=1.0, burst=2.0)
    budget.spend(1.5)
    assert budget.delay() == 0.0


def test_a_budget_spent_beyond_its_burst_asks_for_a_wait_that_shrinks_as_it_refills() -> None:
    budget = CpuBudget(rate=2.0, burst=1.0)
    budget.spend(1.0)
    budget.spend(1.0)  # one CPU second in debt, refilled at two a second: half a second to wait
    first = budget.delay()
    assert 0.4 < first <= 0.5
    time.sleep(0.2)
    second = budget.delay()
    assert 0 < second < first - 0.15
    time.sleep(second + 0.05)
    assert budget.delay() == 0.0


def test_a_budget_refills_no_further_than_its_burst() -> None:
    budget = CpuBudget(rate=100.0, burst=1.0)
    time.sleep(0.05)  # five seconds' worth of refill, kept to one
    budget.spend(1.5)
    assert budget.delay() > 0


def test_the_default_budget_lets_a_strong_bot_decide_once_and_holds_back_a_table_that_keeps_thinking() -> None:
    budget = CpuBudget()
    assert (budget.rate, budget.burst) == (CPU_RATE, CPU_BURST)
    budget.spend(1.0)  # one decision of a strong card bot
    assert budget.delay() == 0.0
    budget.spend(2.0)
    assert budget.delay() == pytest.approx(1.0 / CPU_RATE, rel=0.05)


class CostlyHost:
    """A host whose every call costs ``cpu`` seconds of CPU (as a worker would report it) and takes no time."""

    def __init__(self, cpu: float) -> None:
        self.cpu = cpu
        self.calls: list[tuple[str, float]] = []

    async def call(self, code: str, op: str, args: tuple[Any, ...]) -> Reply:
        self.calls.append((op, time.monotonic()))
        return Reply(cpu=self.cpu)

    async def close(self) -> None:
        pass


FACTS = Facts(room="artischocken", seats=("remote", "remote"), over=False, turn=0, bot_due=False,
              bot_names=(None, None))


def test_a_table_over_its_budget_waits_before_its_next_move_but_not_before_a_save_or_join() -> None:
    assert {"act", "bot_move"} <= BUDGETED and "save" not in BUDGETED and "join" not in BUDGETED

    async def run() -> tuple[float, float, float]:
        host = CostlyHost(cpu=0.5)
        handle = TableHandle("TEST-CODE", host, FACTS)
        handle.budget = CpuBudget(rate=2.0, burst=0.5)
        await handle.bot_move()  # within the burst: at once
        await handle.bot_move()  # now half a CPU second in debt: a quarter second to wait first
        start = time.monotonic()
        await handle.save_text()
        saved = time.monotonic() - start
        start = time.monotonic()
        await handle.join(0)
        joined = time.monotonic() - start
        start = time.monotonic()
        await handle.act(0, {"type": "act", "action": {"kind": "end_play"}})
        acted = time.monotonic() - start
        assert handle.cpu == pytest.approx(2.5)
        return saved, joined, acted

    saved, joined, acted = asyncio.run(run())
    assert saved < 0.1 and joined < 0.1
    assert acted >= 0.2  # debt 0.5 + 0.5 + 0.5 (save, join) = 1.5 CPU s over, less what refilled


def test_one_table_over_its_budget_does_not_hold_back_another_table() -> None:
    async def run() -> float:
        host = CostlyHost(cpu=1.0)
        greedy = TableHandle("GRDY-TABL", host, FACTS)
        greedy.budget = CpuBudget(rate=1.0, burst=0.5)
        other = TableHandle("OTHR-TABL", host, FACTS)
        await greedy.bot_move()
        waiting = asyncio.create_task(greedy.bot_move())  # in debt: waits about half a second
        await asyncio.sleep(0.05)
        start = time.monotonic()
        await other.bot_move()
        took = time.monotonic() - start
        assert not waiting.done()
        await waiting
        return took

    assert asyncio.run(run()) < 0.1
