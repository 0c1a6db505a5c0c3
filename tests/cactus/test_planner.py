"""The look-ahead Cactus bot: trials on one snapshot, a bounded search, the hand at work, games that end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_scene import COLOUR_DIE, rolled_and_taken

from game.cactus.bots import drive as planner_drive
from game.cactus.bots.drive import Placement, trial
from game.cactus.bots.kinds import SeatBots, make_bot, play_seats
from game.cactus.bots.planner import LEVELS, PlannerBot, next_seat_expectation, search
from game.cactus.match import BOT_KINDS, Match, Stage

DATA = Path(__file__).parent / "data"


def in_hand() -> Match:
    return rolled_and_taken()


def test_a_trial_on_one_snapshot_is_deterministic() -> None:
    # Two matches from one dict have identical futures: the same candidate gives the same outcome twice.
    m = in_hand()
    snap = m.to_dict()
    p = Placement(str(m.piece), m.world.cactus(2).x, 0.0)
    assert trial(snap, p) == trial(snap, p)
    assert Match.from_dict(snap).to_dict() == snap  # the snapshot itself is not changed by trials


def test_search_stays_within_its_budget_and_finds_a_valid_placement() -> None:
    m = in_hand()
    level = LEVELS["normal"]
    report = search(m, level)
    assert 0 < report.trials <= level.budget
    assert report.best is not None and report.best.valid
    assert report.best.outcome.violations == ()


def test_planner_turn_goes_through_the_hand_never_a_drop(monkeypatch: pytest.MonkeyPatch) -> None:
    # C-X1: the bot's piece is taken into free air, dragged over several frames, let go; Match.drop is never used.
    def no_drop(self: Match, *args: object, **kwargs: object) -> None:
        raise AssertionError("the planner must not drop a piece in place")

    monkeypatch.setattr(Match, "drop", no_drop)
    m = Match.with_position({1: ["blue_arch"]}, last="blue_arch", options=COLOUR_DIE, bots=[True, True])
    bot = PlannerBot(LEVELS["easy"])
    done: list[str] = []
    for _ in range(400):
        done.append(bot.act(m))
        if done[-1] == "confirm":
            break
    assert done[-1] == "confirm" and m.rules.turn_number == 3
    assert "grab" in done and "release" in done and done.count("move") >= 10
    assert bot.trials <= LEVELS["easy"].budget * LEVELS["easy"].searches


def test_a_drive_that_leaves_the_world_to_its_caller_only_moves_the_pointer() -> None:
    # steps_world off: the bot moves the pointer and whoever drives the match steps the world.
    m = Match.with_position({1: ["blue_arch"]}, last="blue_arch", options=COLOUR_DIE, bots=[True, True])
    bot = PlannerBot(LEVELS["easy"], steps_world=False)
    while m.stage != Stage.HOLDING:
        bot.act(m)
    t0 = m.world.time
    assert bot.act(m) == "move" and m.world.time == t0  # the bot itself did not step the world
    m.step(1 / 60)
    assert m.world.time > t0


def test_what_a_placement_leaves_counts_the_next_roll() -> None:
    # C-T2 / C-P1: with two red pieces hanging, a COLOUR roll after a red piece lets the next seat make three reds.
    m = Match.with_position({1: ["red_arch"], 2: ["red_hook"]}, last="red_hook", options=COLOUR_DIE)
    assert next_seat_expectation(m.rules) == pytest.approx(1.0)
    m2 = Match.with_position({1: ["red_arch"]}, last="red_arch", options=COLOUR_DIE)
    assert next_seat_expectation(m2.rules) == 0.0  # one red + one more = 2: nothing for the next seat


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 4)])
@pytest.mark.parametrize("kind", ["simple", "planner-easy"])
def test_bot_games_that_looped_now_end(players: int, seed: int, kind: str) -> None:
    # these seeds once looped forever (a piece kept falling); the retry caps and the clearing push end them.
    m = Match.new(players, seed=seed, bots=[True] * players, bot_kinds=[kind] * players)
    play_seats(m, max_actions=40_000)
    assert m.is_over and m.rules.end_reason is not None


@pytest.mark.slow
def test_a_rocking_same_colour_pair_is_cleared_and_the_turn_ends() -> None:
    # C-R2: two purple pieces that never fell asleep touch on the target cactus before the turn; no drop can be
    # valid until the bot pushes one away (knocking it off costs a flower, C-R5). This looped simulate cactus.
    snap = json.loads((DATA / "planner_rocking_pair.json").read_text(encoding="utf-8"))
    m = Match.from_dict(snap)
    turn = m.turn_key
    bot = PlannerBot(LEVELS["normal"])
    for _ in range(20_000):
        if bot.act(m) == "confirm":
            break
    assert m.turn_key == turn + 1 or m.is_over


def test_every_kind_is_made_and_kinds_are_saved_per_seat() -> None:
    for kind in BOT_KINDS:
        assert callable(make_bot(kind).act)
    with pytest.raises(ValueError, match="unknown bot kind"):
        make_bot("genius")
    m = Match.new(3, seed=1, bots=[False, True, True], bot_kinds=["simple", "planner-hard", "simple"])
    again = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert again.bot_kinds == ["simple", "planner-hard", "simple"]
    seats = SeatBots.of(again)
    again.rules.current = 1
    assert isinstance(seats.bot(again), PlannerBot) and seats.bot(again).level.name == "hard"  # type: ignore[attr-defined]
    bad = m.to_dict()
    bad["bot_kinds"] = ["simple", "oracle", "simple"]
    with pytest.raises(ValueError, match="bot kind"):
        Match.from_dict(bad)
    old = m.to_dict()
    del old["bot_kinds"]  # a save from before the bot kinds were saved
    assert Match.from_dict(old).bot_kinds == ["simple"] * 3


def test_the_turn_ends_exactly_where_its_best_trial_ended() -> None:
    # C-X1 / C-X4: every trial makes the hand's way in from above as the real turn does (the world steps while the
    # hand comes down), so on a copy of the same snapshot the real turn (take, grab high above, come down, drag,
    # let go, settle) ends with the piece where the search's best trial left it. Trials that skipped the way in met
    # a table the real turn had moved on from: a placement judged clean could knock pieces off (C-R5).
    snap = in_hand().to_dict()
    report = search(Match.from_dict(snap), LEVELS["normal"])
    best = report.best
    assert best is not None and best.valid and best.outcome.pose is not None
    m = Match.from_dict(snap)
    bot = PlannerBot(LEVELS["normal"])
    done: list[str] = []
    for _ in range(600):
        done.append(bot.act(m))
        if m.stage == Stage.JUDGED:
            break
    assert m.stage == Stage.JUDGED and not m.violations and not m.rules.turn.knocked
    assert "grab" in done and done.count("move") > planner_drive.APPROACH_FRAMES
    assert m.world.pose(best.placement.piece) == pytest.approx(best.outcome.pose, abs=1e-6)
