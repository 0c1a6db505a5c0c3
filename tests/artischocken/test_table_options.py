"""The table options (auto-end, the open-artichokes table rule) and the end-of-game statistics."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import Driver, position, table

from game.artischocken import Action, Game, new_game
from game.artischocken.describe import plural
from game.artischocken.room import setup_scene
from game.artischocken.seats import Seat
from game.artischocken.stats import seat_stats
from game.artischocken.table import scene_table, table_base
from game.artischocken.table.panels import stats_lines
from game.artischocken.table.scene_table import Options, TableScene
from game.artischocken.turns import new_table_game
from game.i18n import t

A = "artichoke"


def _texts(scene: TableScene) -> list[str]:
    """Every text the last planned frame draws."""
    assert scene.frame is not None
    return [args[0] for fn, args, _ in scene.frame.canvas.ops
            if getattr(fn, "__name__", "") in ("text", "fit_text") and args]


def _nothing_playable() -> dict:
    return position([[A] * 5, [A] * 5], decks=[[A] * 5, [A] * 5], stack=["peas"] * 10, row=["leek"] * 4)


def test_A_T4_without_auto_end_the_play_phase_waits_for_the_player(drv: Driver) -> None:
    scene = table(drv.app, _nothing_playable(), ["human", "greedy"], fast=False)
    drv.frame(200)  # 3.2 s
    assert scene.table.game.current_player == 0 and scene.decision() == "play"
    assert t("table.prompt.none_playable") in _texts(scene)  # it says why, but never ends the turn itself


def test_A_T4_auto_end_ends_a_play_phase_with_nothing_playable_after_a_pause(drv: Driver,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # the bot waits: only the human's turn is watched
    monkeypatch.setattr(table_base, "OPENING_PAUSE", 30.0)
    monkeypatch.setattr(scene_table, "BOT_PAUSE", 30.0)
    scene = table(drv.app, _nothing_playable(), ["human", "greedy"], fast=False, auto_end=True)
    drv.frame(20)  # 0.3 s: the player still sees why
    assert scene.table.game.current_player == 0
    assert t("table.prompt.auto_end") in _texts(scene)
    drv.frame(80)  # past AUTO_END_PAUSE
    assert scene.table.game.current_player == 1 and scene.table.game.view(0)["turn"]["player"] == 1


def test_A_C_CARROT_auto_end_after_a_carrot(drv: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_base, "OPENING_PAUSE", 30.0)
    monkeypatch.setattr(scene_table, "BOT_PAUSE", 30.0)
    pos = position([["carrot", "leek", A, A, A], [A] * 5], decks=[[A] * 5, [A] * 5], stack=["peas"] * 10)
    scene = table(drv.app, pos, ["human", "greedy"], fast=False, auto_end=True)
    drv.frame()
    assert scene.playable("leek")
    drv.frame(120)
    assert scene.table.game.current_player == 0  # a card is still playable: no auto-end
    scene.apply(Action("play", "carrot"))
    drv.frame(120)
    assert scene.table.game.current_player == 1  # nothing may follow a carrot: the phase ended by itself


def test_A_G2_artichokes_left_are_hidden_unless_the_table_rule_opens_them() -> None:
    hidden = new_game(3, seed=4)
    assert all("artichokes" not in s for s in hidden.view(0)["seats"])
    game = new_table_game(3, Options(seed=4, open_artichokes=True))
    for seat in range(3):
        view = game.view(seat)
        assert view["open_artichokes"] is True
        assert [s["artichokes"] for s in view["seats"]] == [10, 10, 10]
    again = Game.from_dict(game.to_dict())
    assert again.open_artichokes and again.view(1)["seats"][0]["artichokes"] == 10


def test_the_open_artichokes_rule_shows_each_seats_count_at_the_table(drv: Driver) -> None:
    game = new_table_game(2, Options(seed=6, open_artichokes=True, start_player=0))
    scene = TableScene(game, [Seat("Anna", "human"), Seat("Ben", "greedy")], Options(fast=True))
    drv.app.push(scene)
    drv.frame()
    count = plural("table.artichokes_left", 10, n=10)
    texts = _texts(scene)
    assert sum(count in text for text in texts) == 2, texts


def test_setup_offers_both_options(drv: Driver) -> None:
    setup = setup_scene()
    drv.app.push(setup)
    drv.frame()
    drv.click(setup.auto_end_button.rect.center)
    drv.click(setup.open_button.rect.center)
    drv.click(setup.play_button.rect.center)
    scene = drv.app.scene
    assert isinstance(scene, TableScene)
    assert scene.options.auto_end and scene.table.game.open_artichokes


def test_A_W1_end_screen_shows_the_winners_hand_and_every_seats_statistics(drv: Driver) -> None:
    scene = table(drv.app, position([["corn"], [A]], decks=[["leek"] * 5, [A] * 5], stack=["peas"] * 6),
                  ["human", "greedy"])
    drv.frame()
    drv.key(pygame.K_RETURN)  # Anna ends the turn, draws five leeks and wins
    drv.frame(2)
    game = scene.table.game
    assert game.is_over and game.winner == 0
    for seat in range(2):  # once over, the winning hand is public (A-W1): every seat's view shows it
        assert game.view(seat)["winner_hand"] == ["leek"] * 5
    # the statistics come from the looking seat's log and equal the all-seeing log's
    assert scene.stats == seat_stats(game.events(), 2)
    texts = _texts(scene)
    for seat in range(2):
        assert set(stats_lines(scene.stats[seat])) <= set(texts)
    # the winner's chip says why it won (never a count of artichokes beside a win); the loser's what it still had
    assert t("table.end.won") in texts and plural("table.end.artichokes", 6, n=6) in texts
    assert t("table.end.why", name="Anna") + "  ·  " + plural("table.end.rounds", 1, n=1) in texts
    assert not any(text.startswith(plural("table.end.artichokes", 0, n=0)) for text in texts)
