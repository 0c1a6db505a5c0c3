"""The lab's demo positions of the card table: written as a scenario file the room opens, or the table opened there
(``python -m game.lab.artischocken.demo NAME [--out FILE] [ROOM FLAGS...]``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import cli
from game.artischocken import save as savemod
from game.artischocken.room import create_scene
from game.lab.artischocken import demo


@pytest.mark.parametrize("name", demo.DEMOS)
def test_a_demo_written_with_out_opens_in_the_room_at_exactly_that_position(
        name: str, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = home / "positions" / f"{name}.json"
    assert demo.main([name, "--out", str(path)]) == 0
    assert capsys.readouterr().out.strip() == str(path)
    scene = create_scene(cli.build_parser().parse_args(["artischocken", "--scenario", str(path)]))
    game = scene.table.game  # type: ignore[attr-defined]
    assert game.to_dict() == demo.demo(name).to_dict()
    assert game.legal_actions() == demo.demo(name).legal_actions()


def test_without_out_the_demo_opens_the_table_there_with_the_rooms_flags(home: Path) -> None:
    shot = home / "leek.png"
    argv = ["leek", "--seats", "human,greedy,random", "--headless", "--frames", "3", "--screenshot", str(shot),
            "--lang", "en", "--save"]
    assert demo.main(argv) == 0
    assert shot.stat().st_size > 0
    saved = savemod.load()  # --save: the table saved the position it opened on (seat 0 decides: nothing moved)
    assert saved is not None and saved.game.to_dict() == demo.demo("leek").to_dict()
    assert [s.kind for s in saved.seats] == ["human", "greedy", "random"]


def test_an_unknown_demo_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        demo.main(["nope", "--out", "x.json"])
    assert stop.value.code == 2 and "invalid choice" in capsys.readouterr().err
