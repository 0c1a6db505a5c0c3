"""A bot's turn takes a bounded number of drops: where no ordinary placement is valid (two red pieces already touch
on the target cactus, so every placement breaks C-R2), each bot ends its turn within ``DROP_CAP`` drops by a
rescue that clears the way with the hand, paying for what it knocks off (C-R5); the simulated clock of a bot turn
adds up as the play screen paces it; and on screen the planner's hand does what its trial did."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.app import App, BaseScene
from game.cactus.bots.kinds import make_bot
from game.cactus.bots.pace import BOT_PAUSE, DRAG_FRAME, FIXED_STEP, FRAME, ROLL_TIME, TurnClock, think_seconds
from game.cactus.bots.planner import DROP_CAP, THINK_SECONDS, PlannerBot, blockers
from game.cactus.match import Match, MatchError, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens.scene_play import PlayScene
from game.i18n import t

COLOUR_DIE = Options(die=Die(6, 0, 0))


def trapped() -> Match:
    """Cactus 1 (the target after blue_arch on cactus 0) carries red_arch and red_crescent touching: a broken
    colour rule no placement of a blue piece mends by itself."""
    m = Match.with_position({1: ["red_arch", "blue_fork", "green_zigzag", "red_crescent"], 0: ["blue_arch"]},
                            last="blue_arch", options=COLOUR_DIE, bots=[True, True])
    assert frozenset(("red_arch", "red_crescent")) in m.facts().touching
    assert m.rules.target_cactus() == 1
    return m


def play_turn(m: Match, kind: str) -> tuple[int, list[str]]:
    """One bot turn to its confirm: the drops it took and the kinds of the turn's rule events."""
    bot = make_bot(kind)
    turn = m.turn_key
    seen = len(m.rules.log)
    drops = 0
    for _ in range(5000):
        if m.turn_key != turn:
            return drops, [e.kind for e in m.rules.log[seen:]]
        drops = m.drops if m.stage != Stage.ROLL else drops
        try:
            bot.act(m)
        except MatchError:
            continue
    raise AssertionError(f"the {kind} bot did not end its turn")


def test_the_trap_breaks_the_colour_rule_for_every_ordinary_placement() -> None:
    m = trapped()
    assert set(blockers(m)) == {"red_arch", "red_crescent"}


@pytest.mark.parametrize("kind", ["simple", "planner"])
def test_a_bot_that_cannot_place_ends_its_turn_within_the_drop_cap(kind: str) -> None:
    m = trapped()
    drops, events = play_turn(m, kind)
    assert 1 <= drops <= DROP_CAP, drops
    assert "placed" in events
    assert "knocked" in events, "the way was cleared by knocking a piece off (C-R5)"
    assert not any(frozenset(("red_arch", "red_crescent")) == pair for pair in m.facts().touching)


def test_a_turn_on_the_clock_waits_before_each_step_a_player_sees() -> None:
    clock = TurnClock()
    clock.add("roll")
    clock.add("take", searched=0.5)
    clock.add("grab")
    for _ in range(30):
        clock.add("move")
    clock.add("release")
    clock.add("settle", settled=1.25)
    clock.add("confirm")
    thinking = think_seconds(0.5)
    assert thinking == pytest.approx(round(0.5 / THINK_SECONDS) * FRAME)
    assert clock.thinking == pytest.approx(thinking)
    assert clock.settling == pytest.approx(1.25)
    assert clock.seconds == pytest.approx(4 * BOT_PAUSE + ROLL_TIME + thinking + 31 * DRAG_FRAME + FIXED_STEP + 1.25)


def test_the_clock_steps_as_the_app_does() -> None:
    from game import app

    assert pytest.approx(app.FIXED_STEP_MS / 1000) == FIXED_STEP
    assert pytest.approx(1 / app.ACTIVE_FPS) == FRAME


def test_the_planner_on_screen_puts_its_piece_where_its_trial_did(make_app: Callable[..., App]) -> None:
    # The play scene lets the bot's hand step the world one drive frame per point, as its trial did: the same
    # turn start, the same input, the same rest pose to the last bit.
    app = make_app((1280, 800))
    m = Match.with_position({1: ["blue_arch", "green_hook"], 2: ["red_zigzag"]}, last="green_hook",
                            options=COLOUR_DIE, bots=[True, False])
    m.bot_kinds = ["planner", "simple"]
    app.push(BaseScene())
    scene = PlayScene(m, autosave=False, record_replay=False)
    app.push(scene)
    turn, now = m.turn_key, 0
    app.frame(now)
    for _ in range(3000):
        now += 17
        app.frame(now)
        if m.turn_key != turn:
            break
    bot = scene.bot.by_kind["planner"]
    assert isinstance(bot, PlannerBot)
    best = bot.reports[-1].best
    assert best is not None and best.outcome.pose is not None
    placed = m.rules.last_placed
    assert placed == best.placement.piece and m.drops == 1
    assert m.world.pose(placed) == best.outcome.pose


def test_on_screen_the_simple_bot_thinks_its_rescue_across_frames_and_ends_within_the_cap(
        make_app: Callable[..., App]) -> None:
    app = make_app((1280, 800))
    m = trapped()
    m.bot_kinds = ["simple", "simple"]
    app.push(BaseScene())
    scene = PlayScene(m, autosave=False, record_replay=False)
    app.push(scene)
    turn, now, seen = m.turn_key, 0, len(m.rules.log)
    thinking = t("cactus.bot.thinking", player=m.rules.names[m.current])
    cues = 0
    app.frame(now)
    for _ in range(3000):
        now += 17
        app.frame(now)
        cues += scene.message.visible and scene.message.text == thinking
        if m.turn_key != turn:
            break
    events = [e.kind for e in m.rules.log[seen:]]
    assert m.turn_key != turn and "placed" in events and "knocked" in events
    assert 1 <= m.drops <= DROP_CAP  # the turn's drops (counted anew when the next seat takes a piece)
    assert cues > 1, "the rescue was thought over several frames, the cue showing meanwhile"
