"""The look-ahead bot's search across frames (so the screen stays responsive while it thinks): the resumable
search picks what the one-shot search picks for the same snapshot, runs a bounded number of trials per step, and
the play scene stays responsive."""

from __future__ import annotations

import json
from collections.abc import Callable

import pygame
import pytest
from helpers_scene import Driver

from game.app import App, BaseScene
from game.cactus.bots.kinds import SeatBots
from game.cactus.bots.planner import LEVELS, PlannerBot, Search, search
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens.scene_play import PlayScene
from game.i18n import t
from game.lab.cactus import botbench

COLOUR_DIE = Options(die=Die(6, 0, 0))


def choosing(bots: list[bool] | None = None) -> Match:
    m = Match.with_position({1: ["blue_arch", "green_hook"], 2: ["red_zigzag"]}, last="green_hook",
                            options=COLOUR_DIE, bots=bots)
    m.roll()
    assert m.stage == Stage.CHOOSE
    return m


def test_stepped_search_picks_what_the_one_shot_search_picks() -> None:
    # Determinism: the same snapshot, a piece of a trial per step, gives the same ranking and the same best
    # placement.
    m = choosing()
    level = LEVELS["normal"]
    at_once = search(m, level)
    stepped = Search(m, level)
    steps = 0
    while not stepped.step(0.0):
        steps += 1
        assert stepped.trials <= steps + 1  # a zero budget runs one piece of a trial per step, never a whole search
    report = stepped.report
    assert report is not None and report.trials == at_once.trials and steps > 2 * report.trials
    assert report.best is not None and at_once.best is not None
    assert report.best.placement == at_once.best.placement
    assert [(s.placement, s.score) for s in report.scored] == [(s.placement, s.score) for s in at_once.scored]
    assert stepped.step(0.0) and stepped.trials == report.trials  # done: stepping again runs nothing


def test_incremental_bot_thinks_outside_act_and_takes_the_same_piece_and_plan() -> None:
    # The scene's bot: act never searches (it answers "think"), think_some does, a frame's budget at a time; the
    # piece and placement are those of the one-shot bot on the same snapshot.
    m1 = choosing()
    m2 = Match.from_dict(m1.to_dict())
    once = PlannerBot(LEVELS["easy"])
    assert once.act(m1) == "take"
    steps = PlannerBot(LEVELS["easy"], incremental=True)
    assert steps.act(m2) == "think" and steps.thinking and steps.trials == 0
    assert steps.act(m2) == "think" and steps.pending is not None and steps.pending.trials == 0
    frames = 0
    while steps.think_some(m2, 0.0):
        frames += 1
        assert steps.act(m2) in ("think", "take")
        if m2.stage != Stage.CHOOSE:
            break
    assert frames > LEVELS["easy"].budget and m2.stage == Stage.IN_HAND  # several frames per trial
    assert m2.piece == m1.piece and steps.reports[0].best == once.reports[0].best
    assert not steps.thinking and not steps.think_some(m2, 0.0)


def test_a_stale_search_is_dropped_when_the_turn_moves_on() -> None:
    m = choosing()
    bot = PlannerBot(LEVELS["easy"], incremental=True)
    assert bot.act(m) == "think"
    m.take(m.allowed()[0])  # the stage changed under the bot
    assert not bot.think_some(m, 0.0) and bot.pending is None


def test_headless_tables_search_at_once() -> None:
    # simulate / botbench: SeatBots stepping the world themselves never answer "think".
    m = choosing(bots=[True, True])
    m.bot_kinds = ["planner-easy", "planner-easy"]
    assert SeatBots.of(m).act(m) == "take"


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app((1280, 800))


def test_scene_bot_thinks_across_frames_with_a_cue_and_plays_its_turn(app: App) -> None:
    # The play scene runs the planner's search from update, a budget per frame (not one long frame): the search
    # spans several frames, the seat's cue shows meanwhile, and the turn is played through the hand.
    m = choosing(bots=[True, True])
    m.bot_kinds = ["planner-easy", "planner-easy"]
    app.push(BaseScene())
    scene = PlayScene(m, autosave=False, record_replay=False)
    app.push(scene)
    d = Driver(app)
    cue = t("cactus.bot.thinking", player=m.rules.names[m.current])
    thinking_frames = 0
    seen_cue = False
    turn = m.rules.turn_number
    for _ in range(600):
        d.frames()
        bot = scene.bot.bot(m)
        if isinstance(bot, PlannerBot) and bot.thinking:
            thinking_frames += 1
        seen_cue = seen_cue or scene.message.text == cue
        if m.rules.turn_number > turn:
            break
    assert m.rules.turn_number == turn + 1
    assert thinking_frames >= 2 and seen_cue
    shot = pygame.Surface(app.size)
    scene.draw(shot)


@pytest.mark.slow
def test_frames_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    # `python -m game bench cactus-bot --frames --json`: the figures as JSON (speed itself is never asserted).
    assert botbench.main(["--frames", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["turns"] == 2 and figures["hint_found"] is True
    assert figures["bot_frames"] > 0 and figures["bot_max_ms"] >= figures["bot_p95_ms"] > 0
