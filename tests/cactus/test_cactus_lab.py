"""``python -m game simulate cactus``: statistics per bot kind, seats rotated, --plot, clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cactus import simulate
from game.cactus.simulate import SimConfig, summarize


def test_seats_rotate_and_seeds_do_not_depend_on_the_order() -> None:
    cfg = SimConfig(games=3, lineup=("planner", "simple", "simple"))
    assert [cfg.seats_for(g).index("planner") for g in range(3)] == [0, 1, 2]
    assert len({cfg.game_seed(g) for g in range(3)}) == 3
    fixed = SimConfig(games=3, lineup=("planner", "simple"), fixed_seats=True)
    assert {fixed.seats_for(g) for g in range(3)} == {("planner", "simple")}


@pytest.mark.slow
def test_simulate_reports_per_kind_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "lab.png"
    code = simulate.main(["--games", "2", "--seats", "planner-easy,simple", "--json", "--no-progress",
                          "--plot", str(out)])
    assert code == 0
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 2 and set(s["by_bot"]) == {"planner-easy", "simple"}
    for entry in s["by_bot"].values():
        assert entry["seat_games"] == 2 and 0 <= entry["win_rate"] <= 1
        assert {"flowers_mean", "hand_touches_mean", "knocked_mean", "fell_mean"} <= set(entry)
    assert s["turns_median"] >= 2 and sum(s["end_reasons"].values()) == 2  # C-E1..C-E3: every game ended
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_summary_counts_a_shared_win_for_each_winner() -> None:
    # C-E4: equal values share the win.
    cfg = SimConfig(games=1, lineup=("planner", "simple"))
    r = simulate.GameResult(0, ("planner", "simple"), [5, 5], [0, 1], 12, "no_specials",
                            [dict.fromkeys(simulate.COUNTED.values(), 0) for _ in range(2)], [2, 2])
    s = summarize(cfg, [r])
    assert s["by_bot"]["planner"]["wins"] == 1 and s["by_bot"]["simple"]["wins"] == 1


@pytest.mark.parametrize("argv", [["--seats", "planner"], ["--seats", "planner,oracle"], ["--games", "0"]])
def test_bad_arguments_are_refused_with_a_message(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        simulate.main(argv)
    assert exc.value.code == 2 and "error" in capsys.readouterr().err


def test_a_plot_into_a_missing_folder_is_refused_before_playing(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    code = simulate.main(["--games", "1", "--plot", str(tmp_path / "nowhere" / "lab.png")])
    assert code == 2 and "does not exist" in capsys.readouterr().err


def test_a_stuck_game_counts_with_no_winner_and_its_own_end_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    # A game the bots cannot end (a wedged same-colour pair no push parts, C-R2) is not a crash of the batch.
    def stuck(match: object, **kwargs: object) -> int:
        raise RuntimeError("the bots made 50000 moves without finishing")

    monkeypatch.setattr(simulate, "play_seats", stuck)
    cfg = SimConfig(games=1, lineup=("planner", "simple"), seed=0)
    result = simulate.play_game(cfg, 0)
    assert result.end_reason == "stuck" and result.winners == []
    out = summarize(cfg, [result])
    assert out["end_reasons"] == {"stuck": 1} and out["by_bot"]["planner"]["wins"] == 0
