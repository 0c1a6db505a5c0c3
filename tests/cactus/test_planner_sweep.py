"""The planner's last resort in a turn it cannot finish (C-R2 traps): after SWEEP_AFTER attempts each attempt is a
fallback carried out by the hand in one step, as the simple bot's sweep, so the turn goes on trying."""

from __future__ import annotations

from helpers_scene import rolled_and_taken

from game.cactus.bots.planner import LEVELS, SWEEP_AFTER, PlannerBot
from game.cactus.match import Stage


def test_after_sweep_after_attempts_the_planner_lets_the_piece_go_in_one_step() -> None:
    m = rolled_and_taken()
    assert m.stage == Stage.IN_HAND
    bot = PlannerBot(LEVELS["normal"])
    bot.turn, bot.attempts = m.turn_key, SWEEP_AFTER  # a turn that has used up its attempts
    drops, placed = m.drops, len(m.rules.placed_log)
    assert bot.act(m) == "sweep"
    assert m.stage != Stage.HOLDING and m.drops == drops + 1  # the piece was let go within the one step
    assert bot.attempts == SWEEP_AFTER + 1 and bot.trials == 0  # no search
    for _ in range(500):  # and the turn still ends (C-X4: a valid placement is confirmed)
        if bot.act(m) == "confirm":
            break
    assert len(m.rules.placed_log) == placed + 1
