"""Every new game is a new game: the setup screens, the rooms' command lines and the table server draw a fresh
seed unless ``--seed N`` gives one (docs/design.md, "Determinism, saves and user data"); the seed lives in the
save and the replay, so a fresh game resumes and replays exactly."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers_cactus import play_turns
from helpers_scene import Driver

from game.app import App, BaseScene
from game.artischocken import save as cards_save
from game.artischocken.room import setup_scene as cards_setup
from game.artischocken.table.scene_table import TableScene
from game.cactus.bots.simple import BOT_NAMES
from game.cactus.match import Match
from game.cactus.record import Recorder, adopt, saved_form
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.scene_setup import SetupScene
from game.cli import build_parser
from game.net.cactus_stream import blind
from game.net.client.lobby import Seating
from game.net.server import cactus_table, cards_table
from game.replay import cactus as cactus_replay
from game.replay import cards as cards_replay
from game.replay.cactus import plain
from game.replay.format import checksum
from game.rooms import create_room_scene
from game.seeds import game_seed

# -- Cactus ------------------------------------------------------------------------------------------------------


def _cactus_from_setup(make_app: Callable[..., App], seed: int | None) -> Match:
    """A Cactus game of three people started from the setup screen, the app run with ``--seed seed``."""
    app = make_app((1024, 700), seed=seed)
    app.push(BaseScene())
    setup = SetupScene(bots=[False] * 5)
    app.push(setup)
    d = Driver(app)
    d.click_px(setup.start.rect.center)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene.match


def test_two_cactus_games_from_the_setup_without_a_seed_differ(make_app: Callable[..., App]) -> None:
    first, second = _cactus_from_setup(make_app, None), _cactus_from_setup(make_app, None)
    assert first.rules.seed != second.rules.seed


def test_two_cactus_games_from_the_setup_with_the_same_seed_are_the_same(make_app: Callable[..., App]) -> None:
    first, second = _cactus_from_setup(make_app, 5), _cactus_from_setup(make_app, 5)
    assert first.rules.seed == second.rules.seed == 5
    # the same start: the special pieces' row, the start player and the die's generator (the first turn has no roll)
    assert checksum(plain(first)) == checksum(plain(second))




def test_a_fresh_cactus_game_resumes_from_its_save_and_replays_exactly(make_app: Callable[..., App]) -> None:
    app = make_app((1024, 700), seed=None)
    app.push(BaseScene())
    setup = SetupScene(bots=[True, True, True])
    app.push(setup)
    Driver(app).click_px(setup.start.rect.center)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.recorder is not None
    match = scene.match
    play_turns(match, 3)
    saved = json.loads(json.dumps(saved_form(match)))
    assert saved["rules"]["seed"] == match.rules.seed
    replay = json.loads(json.dumps(scene.recorder.replay()))
    assert replay["seed"] == match.rules.seed
    assert cactus_replay.verify(replay) == {"exact": True, "room": "cactus", "turns": match.rules.turn_number}
    resumed, again = Match.from_dict(saved), Match.from_dict(saved)
    assert checksum(plain(resumed)) == checksum(plain(match))
    adopt(resumed, saved)
    recorder = Recorder.begin(resumed)  # the resumed game records on from the saved recording
    play_turns(resumed, 5)
    play_turns(again, 5)  # every resume of the save has the same future
    assert checksum(plain(resumed)) == checksum(plain(again))
    replay = json.loads(json.dumps(recorder.replay()))
    assert replay["seed"] == match.rules.seed
    assert cactus_replay.verify(replay) == {"exact": True, "room": "cactus", "turns": resumed.rules.turn_number}


@pytest.mark.parametrize(("flags", "same"), [([], False), (["--seed", "5"], True)])
def test_the_cactus_command_line_draws_a_fresh_seed_unless_given_one(make_app: Callable[..., App],
                                                                      flags: list[str], same: bool) -> None:
    make_app((1024, 700))
    seeds = []
    for _ in range(2):
        args = build_parser().parse_args(["cactus", "--players", "2", "--bots", "1", *flags])
        scene = create_room_scene("cactus", args)
        assert isinstance(scene, PlayScene)
        seeds.append(scene.match.rules.seed)
    assert (seeds[0] == seeds[1]) is same
    if same:
        assert seeds == [5, 5]


# -- Artischocken ------------------------------------------------------------------------------------------------


def _cards_from_setup(make_app: Callable[..., App], seed: int | None) -> TableScene:
    """An Artischocken table started from the setup screen with its defaults, the app run with ``--seed``."""
    app = make_app((1280, 800), seed=seed)
    app.push(BaseScene())
    setup = cards_setup(offer_resume=False)
    app.push(setup)
    app.frame(0)
    setup.play_button.activate()
    app.frame(16)
    scene = app.scene
    assert isinstance(scene, TableScene)
    return scene


def _garden_row(scene: TableScene) -> list[str]:
    return list(scene.table.game.row)


def test_two_artischocken_games_from_the_setup_without_a_seed_differ(make_app: Callable[..., App]) -> None:
    first, second = _cards_from_setup(make_app, None), _cards_from_setup(make_app, None)
    assert first.table.seed != second.table.seed
    assert first.table.game.to_dict() != second.table.game.to_dict()


def test_two_artischocken_games_from_the_setup_with_the_same_seed_are_the_same(
        make_app: Callable[..., App]) -> None:
    first, second = _cards_from_setup(make_app, 5), _cards_from_setup(make_app, 5)
    assert first.table.seed == second.table.seed == 5
    assert _garden_row(first) == _garden_row(second)
    assert first.table.game.to_dict() == second.table.game.to_dict()


def test_a_fresh_artischocken_game_resumes_from_its_save_and_replays_exactly(make_app: Callable[..., App],
                                                                           tmp_path: Path) -> None:
    scene = _cards_from_setup(make_app, None)
    table = scene.table
    for _ in range(6):
        actions = table.game.legal_actions()
        if not actions:
            break
        table.apply(actions[0])
    path = cards_save.save_table(table, table.seed, tmp_path / "table.json")
    saved = cards_save.load(path)
    assert saved is not None and saved.seed == table.seed
    assert saved.game.to_dict() == table.game.to_dict()
    replay: dict[str, Any] = json.loads(json.dumps(table.replay()))
    assert replay["seed"] == table.seed
    assert cards_replay.verify(replay)["exact"]


@pytest.mark.parametrize(("flags", "same"), [([], False), (["--seed", "5"], True)])
def test_the_artischocken_command_line_draws_a_fresh_seed_unless_given_one(make_app: Callable[..., App],
                                                                            flags: list[str], same: bool) -> None:
    make_app((1280, 800))
    games = []
    for _ in range(2):
        args = build_parser().parse_args(["artischocken", "--seats", "human,greedy", *flags])
        scene = create_room_scene("artischocken", args)
        assert isinstance(scene, TableScene)
        games.append(scene.table.game.to_dict())
    assert (games[0] == games[1]) is same


# -- the table server --------------------------------------------------------------------------------------------


def test_a_cactus_create_without_a_seed_gives_different_tables() -> None:
    message = {"type": "create", "room": "cactus", "seats": ["remote", "bot"]}
    first, second = cactus_table.create(message), cactus_table.create(message)
    assert first.match.rules.seed != second.match.rules.seed


def test_a_cactus_create_with_a_seed_starts_that_very_game() -> None:
    table = cactus_table.create({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "seed": 7,
                                 "start_player": 0})
    expected = Match.new(2, names=["Player 1", BOT_NAMES[0]], seed=7, bots=[False, True], start_player=0)
    assert table.match.rules.seed == 7
    assert table.checksum == checksum(blind(plain(expected)))  # what is sent is blind: no generator, no seed


def test_a_card_create_without_a_seed_gives_different_tables() -> None:
    message = {"type": "create", "room": "artischocken", "seats": ["remote", "greedy"]}
    first, second = cards_table.create(message), cards_table.create(message)
    assert first.game.to_dict() != second.game.to_dict()


def test_a_given_seed_is_kept_and_none_draws_a_fresh_one() -> None:
    assert game_seed(5) == 5 and game_seed(0) == 0
    assert len({game_seed(None) for _ in range(5)}) > 1


class _RecordingLink:
    """A link that only keeps what the lobby sends."""

    status = "open"
    error: str | None = None
    reconnect_in = 0.0

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def poll(self) -> list[dict[str, Any]]:
        return []


@pytest.mark.parametrize("room", ["cactus", "artischocken"])
def test_the_lobby_asks_for_a_fresh_table_unless_given_a_seed(room: str) -> None:
    fresh, seeded = _RecordingLink(), _RecordingLink()
    Seating.host(fresh, room, ["remote", "remote"])
    Seating.host(seeded, room, ["remote", "remote"], seed=3)
    assert "seed" not in fresh.sent[-1] and seeded.sent[-1]["seed"] == 3
