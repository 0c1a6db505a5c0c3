"""Nothing lost: every unfinished game has its own save from its start to its end, listed by ``python -m game
saves`` and in each room's Continue list, resumed by id or by a click, deleted only after asking; a game played
over two sittings is one replay, counted in turns as its viewer counts them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from helpers_scene import Driver
from hypothesis import given, settings
from hypothesis import strategies as st

from game import saves
from game.app import App, BaseScene
from game.artischocken import save as savemod
from game.artischocken.room import setup_scene
from game.artischocken.seats import Seat
from game.artischocken.table import table_base
from game.artischocken.table.scene_table import Options, TableScene
from game.cactus.bots.kinds import SeatBots
from game.cactus.match import Match
from game.cactus.saves import legacy_path, load_save
from game.cactus.screens.scene_end import EndScene
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.scene_setup import SetupScene
from game.cli import build_parser, main
from game.i18n import plural, t
from game.lab.cactus.autopilot import play_to_turn
from game.replay import cactus, cards, store
from game.replay.session import ReplaySession
from game.rooms import create_room_scene
from game.screens.scene_replays import entries


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    application = make_app((800, 600))  # the smallest window: the list must work there
    application.push(BaseScene())
    return application


def listed(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    assert main(["saves", "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def start_cactus(app: App, d: Driver, names: list[str]) -> Match:
    setup = SetupScene(names=names, bots=[False] * len(names))
    app.push(setup)
    d.frames()
    d.click_px(setup.start.rect.center)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene.match


def test_two_cactus_games_are_both_kept_listed_and_resumed(app: App, capsys: pytest.CaptureFixture[str]) -> None:
    d = Driver(app)
    start_cactus(app, d, ["Ana", "Bo"])
    app.pop()  # left at once: the game is kept from its start
    start_cactus(app, d, ["Cy", "Di", "Ed"])  # starting another never overwrites the first
    app.pop()
    found = listed(capsys)
    assert sorted(s["seats"] for s in found) == [["Ana", "Bo"], ["Cy", "Di", "Ed"]]
    assert all(s["room"] == "cactus" and s["turn"] == 1 and s["saved_at"] for s in found)
    assert len({s["id"] for s in found}) == 2
    for save in found:  # --resume ID opens that one
        scene = create_room_scene("cactus", build_parser().parse_args(["cactus", "--resume", save["id"]]))
        app.push(scene)
        d.frames(2)
        assert isinstance(app.scene, PlayScene) and list(app.scene.match.rules.names) == save["seats"]
        app.pop()
    for save in found:  # and so does a click in the Continue list
        setup = SetupScene()
        app.push(setup)
        d.frames()
        d.click_px(setup.resume.rect.center)
        assert setup.continue_list.open and len(setup.continue_list.rows) == 2
        row = next(r for r, info, _x in setup.continue_list.rows if info.id == save["id"])
        d.click_px(row.center)
        assert isinstance(app.scene, PlayScene) and list(app.scene.match.rules.names) == save["seats"]
        app.pop()
    assert len(listed(capsys)) == 2  # resuming and leaving again wrote over the same two saves


def start_cards(app: App, d: Driver, name: str) -> TableScene:
    setup = setup_scene()
    app.push(setup)
    d.frames()
    if setup.continue_list.open:
        d.key(pygame.K_ESCAPE)  # a new game instead
    setup.entries[0].set_text(name)
    d.click_px(setup.play_button.rect.center)
    table = app.scene
    assert isinstance(table, TableScene)
    return table


def test_two_card_games_are_both_kept_listed_and_resumed(app: App, capsys: pytest.CaptureFixture[str]) -> None:
    d = Driver(app)
    start_cards(app, d, "Anna")
    app.pop()
    start_cards(app, d, "Ben")
    app.pop()
    found = listed(capsys)
    assert sorted(s["seats"][0] for s in found) == ["Anna", "Ben"]
    assert all(s["room"] == "artischocken" and s["turn"] == 1 for s in found)
    for save in found:
        scene = create_room_scene("artischocken",
                                  build_parser().parse_args(["artischocken", "--resume", save["id"]]))
        app.push(scene)
        d.frames()
        assert isinstance(app.scene, TableScene) and [s.name for s in app.scene.seats] == save["seats"]
        app.pop()
    for save in found:
        setup = setup_scene()
        app.push(setup)
        d.frames()
        assert setup.continue_list.open  # offered first
        row = next(r for r, info, _x in setup.continue_list.rows if info.id == save["id"])
        d.click_px(row.center)
        assert isinstance(app.scene, TableScene) and [s.name for s in app.scene.seats] == save["seats"]
        app.pop()
    assert len(listed(capsys)) == 2


def test_deleting_asks_first_then_removes_only_that_game(app: App) -> None:
    d = Driver(app)
    start_cactus(app, d, ["Ana", "Bo"])
    app.pop()
    start_cactus(app, d, ["Cy", "Di"])
    app.pop()
    setup = SetupScene()
    app.push(setup)
    d.frames()
    d.click_px(setup.resume.rect.center)
    _row, doomed, delete = setup.continue_list.rows[0]
    d.click_px(delete.rect.center)
    assert setup.dialog is not None and setup.dialog.open
    d.key(pygame.K_RETURN)  # Enter chooses the safe answer: keep it
    assert saves.path_of(doomed.id).exists() and len(setup.continue_list.rows) == 2
    d.click_px(delete.rect.center)
    assert setup.dialog is not None
    yes = next(w for w in setup.dialog.widgets if w.label == t("saves.delete.yes"))
    d.click_px(yes.rect.center)
    assert not saves.path_of(doomed.id).exists()
    left = [info for _r, info, _x in setup.continue_list.rows]
    assert len(left) == 1 and left[0].id != doomed.id and saves.path_of(left[0].id).exists()


def play_cards(d: Driver, scene: TableScene, frames: int) -> None:
    for _ in range(frames):
        d.frames()
        if scene.table.game.is_over:
            return


def test_a_finished_game_removes_its_save(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_base, "FAST_STEPS", 7)
    scene = TableScene.new([Seat("Anna", "greedy"), Seat("Ben", "random")], Options(fast=True, seed=4))
    app.push(scene)
    d = Driver(app)
    play_cards(d, scene, 1)
    assert scene.save_id is not None and saves.path_of(scene.save_id).exists()
    play_cards(d, scene, 600)
    assert scene.table.game.is_over
    assert not saves.path_of(scene.save_id).exists() and savemod.list_saves() == ([], [])


def test_a_card_game_over_two_sittings_is_one_replay_counted_as_the_viewer_counts(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_base, "FAST_STEPS", 7)
    first = TableScene.new([Seat("Anna", "greedy"), Seat("Ben", "random")], Options(fast=True, seed=6))
    app.push(first)
    d = Driver(app)
    play_cards(d, first, 3)
    assert not first.table.game.is_over
    app.pop()  # the first sitting ends: its replay so far is written
    (entry,) = entries()
    turns = first.table.game.turn_number + 1
    assert entry.summary[3] == t("replays.unfinished", turns=plural("replays.turns", turns, n=turns))
    setup = setup_scene(fast=True)
    app.push(setup)
    d.frames()
    d.click_px(setup.continue_list.rows[0][0].center)
    second = app.scene
    assert isinstance(second, TableScene)
    play_cards(d, second, 600)
    assert second.table.game.is_over
    (entry,) = entries()  # the same one file, written over
    assert entry.data is not None
    _checked, record = cards.load(entry.data)
    begun = len(ReplaySession(record).turn_starts)
    assert begun == entry.data["result"]["begun"] and str(begun) in entry.summary[3]
    assert t("replays.unfinished", turns=begun) != entry.summary[3]


def test_a_cactus_game_over_two_sittings_is_one_replay_counted_as_the_viewer_counts(app: App) -> None:
    match = Match.new(2, names=["Ana", "Bo"], seed=2, bots=[True, True])
    d = Driver(app)
    first = PlayScene(match, fast=True)  # recording from here on
    play_to_turn(match, SeatBots.of(match), 3)  # the first sitting's turns, played at once
    assert not match.is_over
    app.push(first)
    app.pop()  # left before a frame went by (its fast bots would play on)
    (saved,) = saves.listing("cactus")[0]
    resumed = load_save(saved.id).match
    assert resumed is not None
    app.push(PlayScene(resumed, fast=True))
    for _ in range(200):
        d.frames()
        if isinstance(app.scene, EndScene):
            break
    assert resumed.is_over and saves.listing("cactus")[0] == []
    files = list(store.replay_dir().glob("*.json"))
    assert len(files) == 1
    data = store.read(files[0])
    session = cactus.CactusSession(cactus.load(data)[1])
    assert session.turns == data["result"]["begun"]
    (entry,) = entries()
    assert plural("replays.turns", session.turns, n=session.turns) in entry.summary[3]


def test_an_unknown_or_corrupt_save_says_so_in_one_line_and_is_kept(home: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cactus", "--resume", "cactus-20260101-000000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no saved game" in err
    bad = saves.path_of("artischocken-20260101-000000")
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text("{ not json", encoding="utf-8")
    assert main(["artischocken", "--resume", bad.stem]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "could not be read" in err and "corrupt-1" in err
    assert not bad.exists() and bad.with_name(f"{bad.stem}.corrupt-1.json").read_text() == "{ not json"
    assert main(["saves"]) == 0 and "no unfinished games" in capsys.readouterr().out


def test_the_old_single_autosave_is_moved_into_the_list(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = legacy_path()
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(json.dumps(Match.new(2, names=["Old", "Timer"], seed=1).to_dict()), encoding="utf-8")
    assert main(["saves"]) == 0
    line = capsys.readouterr().out
    assert "cactus" in line and "Old, Timer" in line and "turn 1" in line
    assert not old.exists()
    (info,) = saves.listing("cactus")[0]
    assert load_save(info.id).match is not None


def test_the_continue_list_works_by_keyboard(app: App) -> None:
    d = Driver(app)
    start_cactus(app, d, ["Ana", "Bo"])
    app.pop()
    start_cactus(app, d, ["Cy", "Di"])
    app.pop()
    setup = SetupScene()
    app.push(setup)
    d.frames()
    d.click_px(setup.resume.rect.center)
    second = setup.continue_list.items[1]
    d.key(pygame.K_DELETE)  # asks about the chosen (first) row; Esc keeps it
    assert setup.dialog is not None and setup.dialog.open
    d.key(pygame.K_ESCAPE)
    assert len(setup.continue_list.items) == 2 and setup.continue_list.open
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene) and list(app.scene.match.rules.names) == second.seats


@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(["cactus", "artischocken"]), min_size=1, max_size=12))
def test_ids_handed_out_together_never_meet_and_name_their_replay_by_time(rooms: list[str]) -> None:
    ids = [saves.new_id(room) for room in rooms]
    assert len(set(ids)) == len(ids)
    for room, save_id in zip(rooms, ids, strict=True):
        assert saves.ID_PATTERN.fullmatch(save_id) and save_id.startswith(room + "-")
        name = saves.replay_name(save_id)
        assert name[:8].isdigit() and name.endswith("-" + room)  # replays sort by name: by time
