"""``python -m game bench net --abuse KIND``: the flags, one short run beside an abuser, and an abuser the server
refuses and closes (its fate is reported; the bench neither crashes nor hangs).

Never the figures themselves (a benchmark's output, not a test): only the shape of what is printed and that the
abuser's fate is what the server did to it."""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest

from game.lab import net_abuse, net_bench


@pytest.mark.parametrize("argv", [["--abuse", "flood"], ["--abuse", "stream", "--seconds", "0"],
                                  ["--abuse", "stream", "--idle", "3"], ["--seconds", "soon"]])
def test_bad_abuse_flags_are_one_usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        net_bench.main(argv)
    assert exc.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_every_abuse_kind_has_an_abuser() -> None:
    assert set(net_abuse.ABUSERS) == set(net_bench.ABUSE_KINDS) == set(net_abuse.KINDS)


def test_a_short_run_beside_the_stream_abuser_prints_the_load_the_fate_and_the_memory(
        capsys: pytest.CaptureFixture[str]) -> None:
    start = time.perf_counter()
    assert net_bench.main(["--abuse", "stream", "--seconds", "3", "--tables", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert time.perf_counter() - start < 40
    assert {"tables", "seconds", "games_finished", "messages_per_s", "p50_ms", "p95_ms", "server_peak_rss_mb",
            "server_log_lines", "abuser"} <= set(out)
    assert out["tables"] == 4 and out["games_finished"] >= 1 and 0 < out["p50_ms"] <= out["p95_ms"]
    assert out["server_peak_rss_mb"] > 10  # a Python server and whatever it started: tens of MB at least
    fate = out["abuser"]
    assert fate["kind"] == "stream" and "failure" not in fate and "stuck" not in fate
    assert fate["sent"]["messages"] > 50 and fate["sent"]["bytes"] > 256 * fate["sent"]["messages"]
    assert fate["entries_sent"] > 0 and fate["connections"] == 2
    assert isinstance(fate["errors"], dict) and isinstance(fate["closed"], list)
    assert fate["open_at_end"] + sum(c["count"] for c in fate["closed"]) == 2  # every connection's end is told


def test_an_abuser_the_server_refuses_and_closes_has_that_as_its_fate() -> None:
    """A message the server refuses is counted by its error code; a frame far over the size limit makes the server
    close the connection, and that close (its code, when) is the fate, not an error of the bench."""
    async def run() -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as data:
            proc, url = await net_bench.start_server(Path(data))
            try:
                fate = net_abuse.Fate("test")
                link = await net_abuse.Link.open(url, fate)
                assert link is not None
                assert await link.ask({"type": "no such thing"}, "never") == {"type": "error", "code": "bad_message",
                                                                              "message": ANY}
                await link.ws.send("x" * (4 << 20))
                async with asyncio.timeout(10):
                    while not link.closed:
                        await asyncio.sleep(0.05)
                assert not await link.send({"type": "peek", "table": "AAAA-AAAA"})  # gone: no exception either
                return fate.report()
            finally:
                await net_bench.stop_server(proc)

    fate = asyncio.run(run())
    assert fate["errors"] == {"bad_message": 1} and fate["connections"] == 1 and fate["open_at_end"] == 0
    [closed] = fate["closed"]
    assert closed["code"] in (1008, 1009) and closed["count"] == 1 and 0 <= closed["first_after_s"] < 10


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/status").exists(), reason="needs Linux /proc")
def test_the_memory_of_a_process_tree_counts_its_children() -> None:
    async def run() -> tuple[float | None, float | None]:
        alone = net_abuse.tree_rss_mb(os.getpid())
        child = await asyncio.create_subprocess_exec("python3", "-c", "import time; b = bytearray(60 << 20); "
                                                     "b[::4096] = b'x' * len(b[::4096]); time.sleep(3)")
        try:
            await asyncio.sleep(1.0)
            stop = asyncio.Event()
            stop.set()
            return alone, await net_abuse.peak_rss(os.getpid(), stop)
        finally:
            child.kill()
            await child.wait()

    alone, with_child = asyncio.run(run())
    assert alone is not None and with_child is not None
    assert with_child >= alone + 50  # the child's 60 MB are counted
