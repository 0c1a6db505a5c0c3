"""The command line: flags, errors (exit 2, no traceback), the launcher's screenshot."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.cli import build_parser, main, parse_window

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, GARDEN_TABLE_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize(
    "argv",
    [
        ["--bogus"],
        ["--lang", "fr"],
        ["--frames", "zero"],
        ["--frames", "0"],
        ["--window", "big"],
        ["--window", "10x10"],
        ["--seed", "x"],
        ["nosuchroom"],
        ["cactus", "--bogus"],
        ["bench", "nosuchroom"],
    ],
)
def test_bad_input_is_usage_error_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "Traceback" not in err


def test_bad_flag_in_a_real_process_has_no_traceback(tmp_path: Path) -> None:
    result = run_cli("--window", "huge", home=tmp_path)
    assert result.returncode == 2
    assert "usage:" in result.stderr and "Traceback" not in result.stderr


def test_global_flags_before_or_after_the_subcommand() -> None:
    parser = build_parser()
    before = parser.parse_args(["--lang", "de", "--seed", "7", "--headless", "editor"])
    after = parser.parse_args(["editor", "--lang", "de", "--seed", "7", "--headless", "--window", "800x600"])
    assert (before.lang, before.seed, before.headless) == ("de", 7, True)
    assert (after.lang, after.seed, after.headless, after.window) == ("de", 7, True, (800, 600))
    plain = parser.parse_args([])
    assert plain.command is None and plain.window == (1280, 800) and plain.seed is None


def test_parse_window() -> None:
    assert parse_window("1024x768") == (1024, 768)
    assert parse_window("1920X1080") == (1920, 1080)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_launcher_screenshot_1280x800(tmp_path: Path, lang: str) -> None:
    shot = tmp_path / f"launcher-{lang}.png"
    result = run_cli("--headless", "--frames", "3", "--screenshot", str(shot), "--lang", lang, home=tmp_path)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
    # not a blank frame: the three tiles and the title give many different colours
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 37) for y in range(0, 800, 29)}
    assert len(colours) > 50


def test_a_failing_scene_becomes_a_message_not_a_traceback(home: Path, make_app) -> None:
    from game.app import BaseScene
    from game.screens.launcher import ErrorScene
    from physics import PiecesError

    class Broken(BaseScene):
        def update(self, dt: float) -> None:
            raise PiecesError("piece 'red_hook': outline crosses itself")

    app = make_app((800, 600), catch_errors=True)
    app.push(BaseScene())
    app.push(Broken())
    app.frame(0)
    assert isinstance(app.scene, ErrorScene) and app.running
    assert "red_hook" in app.scene.body
    assert len(app.stack) == 2  # the broken scene is gone, the one below it is kept
    assert "PiecesError" in (home / "crash.log").read_text()
    app.frame(16)  # the message itself draws fine
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.frame(32)
    assert app.scene is not None and not isinstance(app.scene, ErrorScene)


def test_unexpected_error_names_the_crash_log(make_app) -> None:
    from game.app import BaseScene
    from game.screens.launcher import ErrorScene

    class Buggy(BaseScene):
        def draw(self, surface: pygame.Surface) -> None:
            raise ZeroDivisionError("division by zero")

    app = make_app((800, 600), catch_errors=True)
    app.push(Buggy())
    app.frame(0)
    assert isinstance(app.scene, ErrorScene)
    assert "crash.log" in app.scene.body and "ZeroDivisionError" in app.scene.body


def test_errors_propagate_when_not_caught(make_app) -> None:
    from game.app import BaseScene

    class Buggy(BaseScene):
        def update(self, dt: float) -> None:
            raise RuntimeError("boom")

    app = make_app((800, 600))
    app.push(Buggy())
    with pytest.raises(RuntimeError):
        app.frame(0)
