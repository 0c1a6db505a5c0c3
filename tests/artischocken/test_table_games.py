"""Whole games through the table scene: bots at every seat, hot-seat secrecy, autosave and exact resume, CLI."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from table_helpers import Driver, position, table

from game.app import BaseScene
from game.artischocken import Game, new_game
from game.artischocken import save as savemod
from game.artischocken.room import setup_scene
from game.artischocken.seats import Seat
from game.artischocken.table import cards as cardsmod
from game.artischocken.table import scene_table, table_base
from game.artischocken.table.scene_table import Options, TableScene

A = "artichoke"


@pytest.mark.parametrize(("kinds", "seed"), [(["greedy", "random"], 1), (["random", "greedy", "greedy"], 2),
                                             (["greedy", "random", "greedy", "random"], 3)])
def test_A_W1_bot_games_for_2_3_4_players_through_the_scene(drv: Driver, kinds: list[str], seed: int) -> None:
    seats = [Seat(f"Bot {i}", k) for i, k in enumerate(kinds)]
    scene = TableScene.new(seats, Options(fast=True, until_over=True, seed=seed))
    drv.app.push(scene)
    for _ in range(300):
        drv.frame()
        if not drv.app.running:
            break
    game = scene.table.game
    assert game.is_over and not drv.app.running and drv.app.exit_code == 0
    assert scene.actions_applied > len(kinds) * 3
    if game.winner is not None:  # A-W1: the winner drew a hand without artichokes
        assert A not in game.view(game.winner)["hand"]
    assert not savemod.exists()  # a finished game is not offered again
    # A-G3 across the whole game: every card still exists somewhere
    assert sum(game.card_counts().values()) == 10 * len(kinds) + 60


def _human_move(scene: TableScene, rng: random.Random) -> None:
    """A human seat's decision, by the scene's own interaction methods (like clicks would call them)."""
    game = scene.table.game
    legal = game.legal_actions()
    plays = [a for a in legal if a.kind != "end_play"]
    action = rng.choice(plays) if plays and rng.random() < 0.8 else legal[0]
    scene.apply(action)


def test_A_G2_no_other_seat_hand_card_is_ever_drawn_face_up(drv: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hot seat with three humans and a bot, with animations: every face-up card drawn is recorded with its
    zone; a hand (or a private card in flight) is only ever drawn for the seat that looks at the screen, never
    while a hand-over screen stands, and the cards drawn in a hand are really in that hand."""
    monkeypatch.setattr(table_base, "OPENING_PAUSE", 0.05)
    monkeypatch.setattr(scene_table, "BOT_PAUSE", 0.05)
    monkeypatch.setattr(table_base, "REVEAL_HOLD", 0.1)
    monkeypatch.setattr(table_base, "AUTO_PAUSE", 0.05)
    seats = [Seat("Anna", "human"), Seat("Ben", "human"), Seat("Cleo", "greedy"), Seat("Dana", "human")]
    game = new_game(4, seed=11, round_limit=3)
    scene = TableScene(game, seats, Options(seed=11))
    drv.app.push(scene)
    rng = random.Random(5)
    record: list[tuple[str, cardsmod.Zone]] = []
    cardsmod.RECORDER = record
    handovers = 0
    hand_frames = 0
    for _ in range(6000):
        record.clear()
        drv.frame(step_ms=50)
        looking = scene.looking
        for card, (zone, seat) in record:
            if zone in ("hand", "private", "deck_known"):
                assert seat == looking and looking is not None, (card, zone, seat, looking)
            assert zone != "winning_hand" or scene.table.game.is_over
        hands = Counter(c for c, (zone, _) in record if zone == "hand")
        if hands:
            hand_frames += 1
            assert looking is not None and not hands - Counter(scene.table.game.view(looking)["hand"])
        if scene.handover is not None:
            assert not hands
            handovers += 1
            drv.key(pygame.K_RETURN)
            continue
        if scene.table.game.is_over:
            break
        if scene.my_decision() and not scene.flights:
            _human_move(scene, rng)
    assert scene.table.game.is_over
    assert handovers >= 6 and hand_frames > 20


def test_resume_from_the_autosave_continues_exactly(drv: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_base, "FAST_STEPS", 7)
    seats = [Seat("Anna", "greedy"), Seat("Ben", "random"), Seat("Cleo", "greedy")]
    first = TableScene.new(seats, Options(fast=True, seed=21))
    drv.app.push(first)
    drv.frame(4)
    assert not first.table.game.is_over
    saved = savemod.load()
    assert saved is not None and saved.game.to_dict() == first.table.game.to_dict()
    assert [s.to_dict() for s in saved.seats] == [s.to_dict() for s in seats] and saved.seed == 21
    for _ in range(400):
        drv.frame()
        if first.table.game.is_over:
            break
    assert first.table.game.is_over
    # resume through the setup screen's offer, as on the next start
    savemod.save(saved.game, saved.seats, saved.seed)
    setup = setup_scene(fast=True)
    drv.app.replace(setup)
    assert setup.continue_list.open  # offered first, in the Continue list
    row, _info, _delete = setup.continue_list.rows[0]
    drv.click(row.center)
    resumed = drv.app.scene
    assert isinstance(resumed, TableScene) and resumed is not first
    for _ in range(400):
        drv.frame()
        if resumed.table.game.is_over:
            break
    assert resumed.table.game.to_dict() == first.table.game.to_dict()


def test_a_corrupt_autosave_is_explained_not_a_crash(drv: Driver) -> None:
    path = savemod.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken")
    setup = setup_scene()
    drv.app.push(setup)
    drv.frame()
    assert setup.dialog is not None and "autosave" in setup.dialog.body
    assert not path.exists()  # kept aside, never overwritten
    bad = {"format": "artischocken-table/1", "seats": [], "game": {"format": "nope"}}
    from game.userdata import write_json_atomic

    write_json_atomic(path, bad)
    with pytest.raises(savemod.SaveError):
        savemod.load()
    # a seat played by a bot kind this version does not know: explained, never a crash later at the table
    savemod.save(new_game(2, seed=1), [Seat("Anna", "human"), Seat("Ben", "wizard")], 1)
    with pytest.raises(savemod.SaveError, match="'wizard'"):
        savemod.load()


def test_cli_plays_a_whole_bot_game_and_saves_the_end_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GARDEN_TABLE_HOME", str(tmp_path))
    from game.cli import main

    shot = tmp_path / "end.png"
    code = main(["artischocken", "--seats", "greedy,random,greedy", "--headless", "--fast", "--until-over",
                 "--screenshot", str(shot), "--seed", "4"])
    assert code == 0 and shot.exists() and shot.stat().st_size > 10_000


def test_cli_rejects_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["artischocken", "--seats", "human", "--headless"])
    assert exc.value.code == 2 and "2 to 4 seats" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["artischocken", "--seats", "human,wizard", "--headless"])


def test_play_again_starts_a_new_game_with_the_same_seats(drv: Driver) -> None:
    game = Game.from_dict({"format": "artischocken/1", "options": {"players": 2},
                           "players": [{"hand": ["corn"], "deck": ["leek"] * 5, "discard": []},
                                       {"hand": [A], "deck": [A], "discard": []}],
                           "garden_stack": [], "garden_row": [], "compost": [],
                           "turn": {"player": 0, "phase": "play", "played": []}, "seed": 0})
    seats = [Seat("Anna", "human"), Seat("Ben", "greedy")]
    scene = TableScene(game, seats, Options(fast=True, seed=3))
    drv.app.push(scene)
    drv.frame()
    drv.key(pygame.K_RETURN)  # end the turn: Anna draws five leeks and wins (A-W1)
    assert scene.table.game.is_over and scene.table.game.winner == 0
    drv.frame(round(table_base.END_GUARD * 1000 / 16) + 2)  # the end screen shown a moment (it takes keys then)
    drv.key(pygame.K_RETURN)  # "Play again"
    again = drv.app.scene
    assert isinstance(again, TableScene) and again is not scene and not again.table.game.is_over
    assert [s.name for s in again.seats] == ["Anna", "Ben"]


def test_a_key_meant_for_the_last_move_does_not_skip_who_won(make_app: Callable[..., Any]) -> None:
    # Enter pressed on in the moment the game ends (A-W1) started a new game before the end screen could be read
    app = make_app((1280, 800))
    app.push(BaseScene())
    scene = table(app, position([[], ["artichoke"] * 5], decks=[["peas"] * 5, ["artichoke"] * 5],
                                row=["beet"] * 5, stack=["beet"] * 10), ["human", "greedy"], fast=False)
    drv = Driver(app)
    drv.frame(3)
    drv.key(pygame.K_RETURN)  # ends the turn: a new hand of five peas and no artichoke wins
    drv.frame(2)
    assert scene.table.game.is_over and app.scene is scene
    drv.key(pygame.K_RETURN)  # the next Enter, meant for the game, comes as the end screen appears
    drv.click(scene.end_buttons[0].rect.center)
    assert app.scene is scene and scene.end_buttons  # the end screen stays
    drv.frame(round(table_base.END_GUARD * 1000 / 16) + 2)
    drv.key(pygame.K_RETURN)
    assert app.scene is not scene  # now Enter plays again
