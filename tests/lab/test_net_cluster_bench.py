"""``python -m game bench net --processes N --redis``: the flags that go together, and one short run over two
server processes of which one is killed while the games go on (every game still ends).

Never the figures themselves (a benchmark's output, not a test): only that the games ended, that the killed
process held tables and that they answered again."""

from __future__ import annotations

import json

import pytest

from game.lab import net_bench


@pytest.mark.parametrize("argv", [["--processes", "2"], ["--redis"], ["--processes", "1", "--redis"],
                                  ["--processes", "2", "--redis", "--idle", "3"],
                                  ["--processes", "2", "--redis", "--url", "ws://127.0.0.1:1"],
                                  ["--kill-after", "1"], ["--processes", "2", "--redis", "--kill-after", "0"]])
def test_cluster_flags_without_their_partners_are_one_usage_error(argv: list[str],
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        net_bench.main(argv)
    assert exc.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.slow
def test_every_game_ends_when_a_server_process_is_killed_mid_run(capsys: pytest.CaptureFixture[str]) -> None:
    # killed early, while the games of its tables are still going on: their seats must connect and join again
    assert net_bench.main(["--processes", "2", "--redis", "--tables", "4", "--kill-after", "0.3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"tables", "games_finished", "messages_per_s", "p50_ms", "p95_ms", "processes", "killed_tables",
            "takeover_s"} <= set(out)
    assert out["processes"] == 2 and out["tables"] == 4
    assert out["games_finished"] == out["tables"]
    assert out["killed_tables"] >= 1
    assert isinstance(out["takeover_s"], float) and out["takeover_s"] > 0
