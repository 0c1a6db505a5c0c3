"""``bench reconnect``: its flags, and one short round whose figures are there and plausible (no speed asserted)."""

from __future__ import annotations

import json

import pytest

from game.lab import reconnect_bench


def test_a_round_count_below_one_is_refused_with_a_usage_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        reconnect_bench.main(["--rounds", "0"])
    assert exit_.value.code == 2 and "--rounds" in capsys.readouterr().err


def test_one_round_reports_the_notice_and_the_way_back(capsys: pytest.CaptureFixture[str]) -> None:
    assert reconnect_bench.main(["--rounds", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert len(result["notice_s"]) == len(result["resumed_s"]) == len(result["restarts"]) == 1
    back = result["restarts"][0]
    assert 0 < back["restart_s"] <= back["back_s"]
    assert back["back_s"] >= back["restart_s"] + back["found_s"] - 0.001
    assert result["notice_s_max"] == result["notice_s"][0] > 0
