"""``python -m game bench artischocken --against REV``: the side-by-side measurement.

Checks the JSON shape, the equal decision counts of identical games and the error for an unknown revision;
never the speed itself (a figure, not a test: the ratio of HEAD against itself is only printed).
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from game.lab.artischocken import bench, bench_against

needs_git = pytest.mark.skipif(
    shutil.which("git") is None or not (bench_against.ROOT / ".git").exists()
    or subprocess.run(["git", "-C", str(bench_against.ROOT), "rev-parse", "HEAD"],
                      capture_output=True, check=False).returncode != 0,
    reason="needs git and a git checkout (not a source tarball)")


@needs_git
def test_against_head_itself_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--against", "HEAD", "--json", "--rounds", "2", "--games", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["against"] == "HEAD" and len(out["commit"]) == 40 and out["rounds"] == 2
    assert out["games_per_round"] == 3
    assert sorted(out["players"]) == ["2", "3", "4"]
    for row in out["players"].values():
        assert set(row) == {"this_least_s", "this_median_s", "rev_least_s", "rev_median_s", "ratio",
                            "ratio_median", "decisions_per_game_this", "decisions_per_game_rev", "same_games"}
        assert row["same_games"] is True
        assert row["decisions_per_game_this"] == row["decisions_per_game_rev"] > 0
        assert row["this_least_s"] <= row["this_median_s"] and row["rev_least_s"] <= row["rev_median_s"]
        assert row["ratio"] > 0  # near 1 (the same code), but a busy machine may say anything: not asserted
    print("ratio of HEAD against itself:", {n: r["ratio"] for n, r in out["players"].items()})


@needs_git
def test_unknown_revision_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--against", "no-such-rev-1234567", "--rounds", "1", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "unknown revision" in err and "no-such-rev-1234567" in err
    assert len(err.splitlines()) == 1


def test_not_a_checkout_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch, tmp_path: object,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench_against, "ROOT", tmp_path)
    assert bench.main(["--against", "HEAD", "--json"]) == 2
    err = capsys.readouterr().err.strip()
    assert "not a git checkout" in err and len(err.splitlines()) == 1


def test_default_output_is_unchanged_without_against(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--json", "--seconds", "0.05"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"games_per_s", "games_per_s_best", "decisions_per_game", "decisions_per_s", "games",
                        "seconds_per_count"}
