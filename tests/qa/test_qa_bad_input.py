"""QA: broken files and bad command lines give a clear message, never a traceback or a dead process."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from qa_common import copy_assets, run_frames

from game import cli
from game.paths import asset

REPO = Path(__file__).resolve().parents[2]


# -- command lines -----------------------------------------------------------------------------------------------
BAD_COMMAND_LINES = [
    ["--bogus"], ["cactus", "--bogus"], ["cactus", "--players", "1"], ["cactus", "--players", "x"],
    ["cactus", "--bots", "-1"], ["cactus", "--die", "1/1/1"], ["cactus", "--die", "abc"],
    ["cactus", "--bot-kinds", "dragon"], ["artischocken", "--seats", "human"],
    ["artischocken", "--seats", "human,dragon"],
    ["artischocken", "--start-player", "x"], ["editor", "--cacti"], ["--window", "10x10"], ["--window", "abc"],
    ["--seed", "x"], ["--frames", "0"], ["--lang", "fr"], ["simulate", "nope"], ["bench", "nope"],
]


@pytest.mark.parametrize("argv", BAD_COMMAND_LINES, ids=" ".join)
def test_qa_bad_flags_exit_2_with_usage(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main([*argv, "--headless", "--frames", "1"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert "usage:" in err or "error:" in err
    assert "Traceback" not in err


def test_qa_start_player_out_of_range_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["artischocken", "--seats", "human,greedy", "--start-player", "9", "--headless", "--frames", "1"])
    assert stop.value.code == 2 and "--start-player" in capsys.readouterr().err


@pytest.mark.parametrize("content", ["[1,2", '{"format": "artischocken/1"}', '{"players": "many"}'])
def test_qa_bad_scenario_file_exits_2(tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        cli.main(["artischocken", "--scenario", str(path), "--headless", "--frames", "1"])
    assert stop.value.code == 2 and str(path) in capsys.readouterr().err


def test_qa_scenario_that_is_a_directory_exits_2(tmp_path: Path) -> None:
    from game.artischocken import room

    with pytest.raises(SystemExit) as stop:
        room.create_scene(cli.build_parser().parse_args(["artischocken", "--scenario", str(tmp_path)]))
    assert stop.value.code == 2


# -- settings ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"lang": 5}', '{"lang": "xx"}', ""])
def test_qa_bad_settings_open_the_launcher(qa_home: Path, make_app, content: str) -> None:
    from game import i18n, settings
    from game.screens.launcher import LauncherScene

    qa_home.mkdir(parents=True, exist_ok=True)
    (qa_home / "settings.json").write_text(content, encoding="utf-8")
    prefs = settings.load_settings()
    assert prefs.lang in (None, "xx")
    app = make_app()
    app.push(LauncherScene(problem=prefs.problem))
    run_frames(app, 3)
    assert i18n.get_language() in i18n.LANGUAGES
    scene = app.scene
    assert isinstance(scene, LauncherScene)
    if prefs.problem:  # a file that could not be read is said so once
        assert scene.dialog is not None and scene.dialog.open


# -- cactus autosave ---------------------------------------------------------------------------------------------
def cactus_save() -> dict:
    from game.cactus.match import Match

    return Match.new(3, names=["A", "B", "C"], seed=1, bots=[False, True, True]).to_dict()


def open_on_autosave(make_app, path: Path, content: str, make_scene, frames: int):
    """``content`` as the autosave at ``path``, then a headless app with ``make_scene()`` on top, run a little."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    app = make_app()
    scene = make_scene()
    app.push(scene)
    run_frames(app, frames)
    return app, scene


def resume_cactus(make_app, qa_home: Path, content: str):
    from game.cactus.screens.scene_setup import SetupScene

    app, scene = open_on_autosave(make_app, qa_home / "cactus" / "autosave.json", content, SetupScene, 2)
    scene.resume_game()
    run_frames(app, 3)
    return app, scene


@pytest.mark.parametrize("content", ["garbage{", "[]", "{}", '{"format": "cactus-match/1"}', '"x"', "123",
                                     '{"format": "cactus-match/1", "rules": {}, "world": {}}'])
def test_qa_cactus_corrupt_autosave_says_so(qa_home: Path, make_app, content: str) -> None:
    app, scene = resume_cactus(make_app, qa_home, content)
    assert app.scene is scene and scene.dialog is not None and scene.dialog.open


def test_qa_cactus_save_with_unknown_piece_is_refused(qa_home: Path, make_app) -> None:
    data = cactus_save()
    data["rules"]["supply"] = ["no_such_piece", *data["rules"]["supply"]]
    app, scene = resume_cactus(make_app, qa_home, json.dumps(data))
    assert app.scene is scene and scene.dialog is not None and scene.dialog.open


@pytest.mark.parametrize("field", ["rules", "options", "turn"])
def test_qa_cactus_save_with_null_section(qa_home: Path, make_app, field: str) -> None:
    data = cactus_save()
    if field == "rules":
        data["rules"] = None
    else:
        data["rules"][field] = None
    app, scene = resume_cactus(make_app, qa_home, json.dumps(data))
    assert app.scene is scene and scene.dialog is not None and scene.dialog.open


# -- artischocken autosave ---------------------------------------------------------------------------------------
def art_save(kind: str = "greedy") -> dict:
    from game.artischocken import new_game

    game = new_game(2, seed=3)
    return {"format": "artischocken-table/1", "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": kind}],
            "seed": 3, "game": game.to_dict()}


@pytest.mark.parametrize("case", ["garbage", "list", "empty", "unknown_card", "unknown_bot", "seat_count", "null_game"])
def test_qa_art_corrupt_autosave_says_so(qa_home: Path, make_app, case: str) -> None:
    from game.artischocken.room import setup_scene

    data = art_save()
    content = json.dumps(data)
    if case == "garbage":
        content = "\x00\x01garbage{"
    elif case == "list":
        content = "[]"
    elif case == "empty":
        content = "{}"
    elif case == "unknown_card":
        data["game"]["players"][0]["hand"][0] = "dragonfruit"
        content = json.dumps(data)
    elif case == "unknown_bot":
        content = json.dumps(art_save("skynet"))
    elif case == "seat_count":
        data["seats"] = data["seats"][:1]
        content = json.dumps(data)
    elif case == "null_game":
        data["game"] = None
        content = json.dumps(data)
    path = qa_home / "artischocken" / "autosave.json"
    app, scene = open_on_autosave(make_app, path, content, setup_scene, 3)
    assert app.scene is scene and scene.dialog is not None
    assert not path.exists()  # set aside, so the next start is clean


# -- the editor with a broken pieces file ------------------------------------------------------------------------
def open_editor_on(make_app, tmp_path: Path, content: str):
    from tools.editor.scene import EditorScene

    pieces, cacti = copy_assets(tmp_path)
    pieces.write_text(content, encoding="utf-8")
    app = make_app((1024, 700))
    scene = EditorScene(pieces, cacti)
    app.push(scene)
    run_frames(app, 5)
    return app, scene


def pieces_with(change) -> str:
    data = json.loads(asset("pieces.json").read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


STRING_POINTS = pieces_with(lambda d: d["forms"].__setitem__("arch", [["a", "b"], [1, 1], [2, 0]]))


@pytest.mark.parametrize("content", ['{"forms": [', "[1, 2, 3]", "null", STRING_POINTS])
def test_qa_editor_unreadable_pieces_file_is_explained(tmp_path: Path, make_app, content: str) -> None:
    app, scene = open_editor_on(make_app, tmp_path, content)
    assert scene.pieces.error is not None
    assert scene.dialog is not None and scene.dialog.open


@pytest.mark.parametrize("change", [
    lambda d: d["forms"].__setitem__("arch", [[0, 0], [10, 10], [10, 0], [0, 10]]),  # self-crossing bow tie
    lambda d: d["forms"].__setitem__("arch", [[0, 0], [1, 1]]),  # two points
    lambda d: d["forms"].__setitem__("arch", []),
    lambda d: d["pieces"][0].pop("form"),
    lambda d: d["pieces"][0].__setitem__("form", "nope"),
], ids=["bowtie", "two_points", "empty_outline", "missing_form", "unknown_form"])
def test_qa_editor_broken_outline_is_refused_not_crashed(tmp_path: Path, make_app, change) -> None:
    app, scene = open_editor_on(make_app, tmp_path, pieces_with(change))
    problem = scene.pieces.error or scene.pieces.verdict()
    assert problem, "a broken pieces file must not pass the editor's check"
    before = scene.pieces.path.read_bytes()
    scene._save_clicked() if hasattr(scene, "_save_clicked") else None
    run_frames(app, 2)
    assert scene.pieces.path.read_bytes() == before


def test_qa_editor_absurd_coordinates(tmp_path: Path, make_app) -> None:
    pts = [[0.0, 0.0], [1e308, 0.0], [0.0, 1e308]]
    content = pieces_with(lambda d: d["forms"].__setitem__("arch", copy.deepcopy(pts)))
    app, scene = open_editor_on(make_app, tmp_path, content)
    assert scene.pieces.error or scene.pieces.verdict()


EDITOR_SNIPPET = """
import sys
from pathlib import Path
from game.app import App, AppOptions
from tools.editor.scene import EditorScene
app = App(AppOptions(size=(1024, 700), headless=True))
app.push(EditorScene(Path(sys.argv[1]), Path(sys.argv[2])))
for f in range(6):
    app.frame(f * 16)
print("alive")
"""


@pytest.mark.parametrize(("field", "value"), [("density", -1.0), ("friction", -5.0), ("density", 0.0)])
def test_qa_editor_negative_material_does_not_kill_the_process(tmp_path: Path, field: str, value: float) -> None:
    pieces, cacti = copy_assets(tmp_path)
    pieces.write_text(pieces_with(lambda d: d["default"].__setitem__(field, value)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", EDITOR_SNIPPET, str(pieces), str(cacti)], cwd=REPO,
                          capture_output=True, text=True, timeout=120,
                          env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(REPO),
                               "GARDEN_TABLE_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and "alive" in done.stdout, done.stderr[-400:]
