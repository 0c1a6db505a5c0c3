"""``python -m game bench web --json`` measures the browser seat in headless Chromium: the page's weight (within its
200 kB bound), the first state on screen and each click to the state answering it."""

from __future__ import annotations

import json

import pytest

from game.lab import web_bench

from .browser import chromium_path

pytestmark = pytest.mark.slow


def test_bench_web_reports_the_pages_weight_and_the_times_of_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    chromium_path()  # skips (or fails in CI) without chromium
    assert web_bench.main(["--games", "1", "--others", "0", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["bench"] == "web" and result["page_bytes"] <= result["page_bytes_bound"] == 200_000
    assert 0 < result["table_page_bytes"] <= result["page_bytes"]
    assert result["first_state_ms"]["median"] > 0 and result["act_ms"]["acts"] > 10
    assert result["act_ms"]["p50"] <= result["act_ms"]["p95"] <= result["act_ms"]["max"]
