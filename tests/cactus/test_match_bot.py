"""The bot's search is bounded: no scene or test can hang on a placement it cannot make valid (C-X4)."""

from __future__ import annotations

import pytest

from game.cactus.bots.planner import RESCUE_TRIALS, RESCUES
from game.cactus.bots.simple import Bot
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options, Violation


@pytest.mark.slow  # a long property / bot / whole-game run, left out by `make quick` (`pytest -m "not slow"`)
def test_bot_search_has_a_hard_cap_then_drops_on_the_target_top(monkeypatch: pytest.MonkeyPatch) -> None:
    # C-R4 judged on every drop (forced): the bot can never place validly, yet each step stays bounded.
    match = Match.with_position({0: ["red_arch"]}, last="red_arch", options=Options(die=Die(6, 0, 0)))

    def always_on_base(self: Match) -> None:
        self.violations = [Violation("C-R4", "on_base", (str(self.piece),), "place_again")]
        self.stage = Stage.JUDGED

    monkeypatch.setattr(Match, "_judge", always_on_base)
    bot = Bot(trials=3, searches=2)
    trials = 0
    real = Bot._trial

    def counting(m: Match, pos: tuple[float, float], angle: float) -> tuple[int, int] | None:
        nonlocal trials
        trials += 1
        return real(m, pos, angle)

    monkeypatch.setattr(Bot, "_trial", staticmethod(counting))
    drops: list[tuple[float, float]] = []
    for _ in range(40):
        before = match.stage
        done = bot.act(match)
        if done == "drop" and match.world.has_piece(str(match.piece)):
            x, y, _ = match.world.pose(str(match.piece))
            drops.append((x, y))
        assert done != "confirm", before
    assert match.rules.turn_number == 2 and bot.attempts >= 8  # it kept trying, never confirmed
    assert 0 < trials <= bot.trials * bot.searches  # the cap holds: its own trials,
    # and its rescues': RESCUES a turn, as many again after its one clearing drop
    assert trials <= bot.simulated <= trials + 2 * RESCUES * RESCUE_TRIALS
    late = drops[bot.searches:]
    target = match.rules.target_cactus()
    assert target == 1 and late
    left, right = match.world.cactus(target).extent()
    assert all(left - 60 <= x <= right + 60 for x, _ in late)  # after the cap: on the target cactus


@pytest.mark.slow  # a long property / bot / whole-game run, left out by `make quick` (`pytest -m "not slow"`)
def test_bot_without_trouble_places_in_one_search() -> None:
    # C-T2: a normal turn needs one searching drop and ends with a confirmed placement.
    match = Match.with_position({0: ["red_arch"]}, last="red_arch", options=Options(die=Die(6, 0, 0)))
    bot = Bot()
    for _ in range(20):
        if bot.act(match) == "confirm":
            break
    assert match.rules.turn_number == 3 and bot.simulated <= bot.trials
