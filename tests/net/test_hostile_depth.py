"""One message never stops a worker (contract: docs/design.md "Transport and limits", a bad message is refused
``bad_message`` and the table goes on): a Cactus ``input`` nested hundreds of levels deep (well under 64 KiB),
sent to a real ``serve`` with worker processes, is refused, and every seat of every table still answers."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from game.net import wire
from game.net.server.room_table import TableError
from game.net.server.table_host import ProcessHost
from game.net.server.table_runner import INTERNAL

from .netserver import Client, ServerProcess


def deep(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


def cactus_table(url: str) -> tuple[str, list[Client]]:
    """A seeded two-seat Cactus table and a connection joined at each seat (seat 0 moves first)."""
    maker = Client(url)
    made = maker.ask({"type": "create", "room": "cactus", "seats": ["remote", "remote"], "seed": 3,
                      "start_player": 0})
    assert made["type"] == "created", made
    seats = []
    for seat in (0, 1):
        client = Client(url)
        assert client.ask({"type": "join", "table": made["table"], "seat": seat,
                           "token": made["tokens"][str(seat)]})["type"] == "joined"
        assert client.recv()["type"] == "turn"
        seats.append(client)
    maker.close()
    return made["table"], seats


def answers_sync(client: Client) -> dict[str, Any]:
    reply = client.ask({"type": "sync"})
    assert reply["type"] == "turn" and reply["reason"] == "sync", reply
    return reply


@pytest.mark.parametrize("levels", [600, 900])
def test_a_deeply_nested_input_is_refused_and_every_table_of_the_worker_answers_on(tmp_path: Path,
                                                                                   levels: int) -> None:
    server = ServerProcess(tmp_path / "data", "--workers", "1")
    try:
        _, (first, second) = cactus_table(server.url)
        _, (other, _) = cactus_table(server.url)  # the same worker holds it (one worker)
        text = json.dumps({"type": "input", "turn": 0, "seq": 0, "items": [deep(levels)]})
        assert len(text) < wire.MAX_MESSAGE
        reply = first.ask(text)
        assert reply["type"] == "error" and reply["code"] == "bad_message", reply
        before = answers_sync(second)
        assert answers_sync(first)["checksum"] == before["checksum"]  # the table is unchanged
        answers_sync(other)
    finally:
        code = server.stop()
    assert code == 0, server.stderr()
    assert "Traceback" not in server.stderr()


def test_a_deep_message_of_any_type_is_refused_at_once(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", "--workers", "1")
    try:
        client = Client(server.url)
        for kind in ("create", "join", "claim", "watch", "peek", "replay", "act", "input", "hello"):
            reply = client.ask(json.dumps({"type": kind, "x": deep(200)}))
            assert reply["type"] == "error" and reply["code"] == "bad_message", (kind, reply)
            assert "deep" in reply["message"]
        _, (seat, _) = cactus_table(server.url)
        answers_sync(seat)
    finally:
        server.stop()
    assert "Traceback" not in server.stderr()


def test_a_call_that_cannot_cross_to_its_worker_fails_alone_and_the_worker_answers_on() -> None:
    async def main() -> None:
        host = ProcessHost(1)
        try:
            made = await host.call("T", "create", ({"type": "create", "room": "artischocken",
                                                    "seats": ["remote", "remote"], "seed": 1},))
            assert made.error is None
            lost = await host.call("T", "act", (0, {"type": "act", "x": deep(5000)}))  # past what pickle follows
            assert lost.error is not None and lost.error[0] == INTERNAL, lost
            again = await host.call("T", "join", (0,))
            assert again.error is None and again.sent
        finally:
            await host.close()

    asyncio.run(main())


@pytest.mark.parametrize("raw", [
    '{"type": "input", "items": [NaN]}', '{"type": "input", "items": [1e400]}', '{"type": "x", "a": -Infinity}',
    '{"type": "join", "token": "\\ud800"}', json.dumps({"type": "x", "a": deep(16)}),
])
def test_parse_refuses_what_is_not_plain_bounded_data(raw: str) -> None:
    with pytest.raises(TableError) as refused:
        wire.parse(raw)
    assert refused.value.code == "bad_message"


def test_parse_takes_sixteen_levels_and_paired_surrogates() -> None:
    assert wire.parse(json.dumps({"type": "x", "a": deep(15)}))["type"] == "x"
    assert wire.parse('{"type": "join", "name": "\\ud83c\\udf35"}')["name"] == "\U0001f335"
