"""Flags that cannot all be honoured together are refused before anything opens (exit 2, one plain line, no
traceback), and a scripted run (``--frames``, ``--until-over``) leaves the player's lists as they were."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import cli, saves, scripted
from game.replay import store

REFUSED = [
    (["cactus", "--bots", "3", "--players", "2"], "--bots 3"),
    (["cactus", "--players", "3", "--names", "a,b"], "--names"),
    (["cactus", "--names", "a,b,c,d,e,f"], "--names"),
    (["cactus", "--bot-kinds", "simple"], "--bot-kinds"),
    (["cactus", "--players", "3", "--bots", "1", "--bot-kinds", "simple,simple"], "--bot-kinds"),
    (["cactus", "--resume", "--players", "3"], "--resume"),
    (["cactus", "--fast"], "--fast"),
    (["cactus", "--until-over", "--headless"], "--until-over"),
    (["cactus", "--players", "3", "--bots", "2", "--until-over", "--headless"], "--bots 3"),
    (["artischocken", "--start-player", "2"], "--start-player"),
    (["artischocken", "--resume", "artischocken-20260101-000000", "--rhubarb"], "--rhubarb"),
    (["artischocken", "--seats", "human,greedy", "--until-over", "--headless"], "bot"),
    (["artischocken", "--until-over", "--headless"], "--seats"),
    (["--save"], "--save"),
    (["replay", "x.json", "--verify", "--turn", "3"], "--turn"),
]


@pytest.mark.parametrize(("argv", "named"), REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_impossible_flag_combinations_are_refused_with_exit_2(home: Path, capsys: pytest.CaptureFixture[str],
                                                              argv: list[str], named: str) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "error:" in err and named in err and "Traceback" not in err
    assert not saves.saves_dir().exists() or not any(saves.saves_dir().iterdir())


def test_flag_problem_lets_sound_combinations_through() -> None:
    parser = cli.build_parser()
    for argv in (["cactus", "--players", "3", "--bots", "3", "--until-over", "--headless"],
                 ["cactus", "--players", "2", "--names", "Ann,Bo", "--bots", "1", "--bot-kinds", "simple"],
                 ["artischocken", "--seats", "greedy,random", "--until-over", "--headless", "--save"],
                 ["--frames", "3", "--save"], ["replay", "x.json", "--verify"]):
        assert cli.flag_problem(parser.parse_args(argv)) is None, argv


@pytest.mark.parametrize("argv", [
    ["artischocken", "--seats", "human,greedy", "--headless", "--frames", "30"],
    ["artischocken", "--seats", "greedy,greedy", "--headless", "--fast", "--until-over"],
    ["cactus", "--players", "2", "--bots", "1", "--headless", "--frames", "20"],
])
def test_a_scripted_run_writes_no_save_and_no_replay_into_the_lists(home: Path, argv: list[str]) -> None:
    assert cli.main(argv) == 0
    assert saves.listing()[0] == []
    assert not store.replay_dir().exists() or not any(store.replay_dir().iterdir())
    assert scripted.lists_kept()  # the next run (the next test) decides for itself


def test_save_asks_a_scripted_run_to_keep_its_game(home: Path) -> None:
    assert cli.main(["artischocken", "--seats", "human,greedy", "--headless", "--frames", "30", "--save"]) == 0
    (kept,) = saves.listing("artischocken")[0]
    assert kept.room == "artischocken"


def test_record_path_is_written_by_a_scripted_run(home: Path, tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    argv = ["artischocken", "--seats", "greedy,greedy", "--headless", "--fast", "--until-over", "--record", str(out)]
    assert cli.main(argv) == 0
    assert out.is_file() and (not store.replay_dir().exists() or not any(store.replay_dir().iterdir()))
