"""The room's command line: an unreadable scenario or a bad --start-player is a usage error (exit 2, one line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import cli
from game.artischocken import room


def _create(argv: list[str]) -> None:
    room.create_scene(cli.build_parser().parse_args(["artischocken", *argv]))


def _usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        _create(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert "Traceback" not in err and err.count("\n") <= 1 or "usage:" in err, err
    return err


def test_scenario_that_is_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _usage_error(["--scenario", str(tmp_path)], capsys)
    assert str(tmp_path) in err and "folder" in err


def test_scenario_takes_a_file_only_demo_positions_are_the_labs(capsys: pytest.CaptureFixture[str]) -> None:
    # the demo positions are lab code: ``python -m game.lab.artischocken.demo NAME --out FILE`` writes one
    err = _usage_error(["--scenario", "demo:table"], capsys)
    assert "demo:table: no such file" in err


def test_scenario_inside_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.json").write_text("{}", encoding="utf-8")
    err = _usage_error(["--scenario", str(tmp_path / "a.json" / "b.json")], capsys)
    assert "cannot be read" in err


def test_scenario_without_permission(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.json"
    path.write_text("{}", encoding="utf-8")

    def denied(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", denied)  # chmod does not stop root, so deny it here
    err = _usage_error(["--scenario", str(path)], capsys)
    assert "permission denied" in err


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"format": "artischocken/1", "players": [1]}',
                                     "[" * 50_000 + "]" * 50_000, '"text"', "null"])
def test_scenario_not_json_or_wrong_shape(tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.json"
    path.write_text(content, encoding="utf-8")
    err = _usage_error(["--scenario", str(path)], capsys)
    assert str(path) in err


@pytest.mark.parametrize("value", ["x", "0", "5", "1.5"])
def test_start_player_must_be_a_seat_number(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        _create(["--seats", "human,greedy", "--start-player", value])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "--start-player" in err and "seat number" in err
    assert "invalid int value" not in err


def test_start_player_beyond_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    err = _usage_error(["--seats", "human,greedy", "--start-player", "3"], capsys)
    assert "--start-player" in err and "1 to 2" in err
