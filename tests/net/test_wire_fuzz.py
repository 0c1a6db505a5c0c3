"""A structure-aware fuzzer of the wire (game/lab/wire_fuzz.py, hypothesis choosing): messages of every type of both
rooms, mutated in shape, type, size, depth, numbers, unicode and order, sent by several clients at once to a real
``serve`` with worker processes. Contract (docs/design.md "Transport and limits"): a bad message is refused and
changes nothing - after each round every seat of every table still answers, the fuzzed table's state equals its
mirror's (sent only what the fuzzed table took) and the server's log holds no traceback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.lab.wire_fuzz import RandomDice, Report, Server, play_round


class HypothesisDice:
    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def int(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(Path(tmp_path_factory.mktemp("fuzz")), workers=2)
    yield running
    assert running.stop() == 0, "".join(running.log)[-3000:]
    assert running.breaks() == []


@settings(max_examples=12, deadline=None, derandomize=False,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(data=st.data())
def test_mutated_messages_of_every_type_change_nothing_and_stop_no_table(server: Server,
                                                                         data: st.DataObject) -> None:
    report = Report()
    strangers = RandomDice(data.draw(st.integers(0, 2**32), label="the strangers' seed"))
    play_round(server.url, HypothesisDice(data), report, steps=30, strangers=3, frames=120, stranger_dice=strangers)
    assert report.breaks == []
    assert server.breaks() == []
    assert report.stats["sent"] > 0
