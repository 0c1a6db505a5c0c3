"""Demo play for screenshots (``--until-turn N`` and ``--violation``): the bots play every seat up to turn N
and stop at its roll; with ``stage_violation`` that seat then turns human and drops its piece where a rule
breaks, so the screen shows a broken placement (C-R2..C-R5, C-X5)."""

from __future__ import annotations

from game.cactus.bots.kinds import CactusBot
from game.cactus.bots.simple import find_violation_drop
from game.cactus.match import Match, Stage


class Autopilot:
    """Where the bots of a demo stop (see the module doc)."""

    def __init__(self, until_turn: int, *, stage_violation: bool = False) -> None:
        self.until_turn = until_turn
        self.stage_violation = stage_violation
        self.staged = False

    def due(self, m: Match) -> bool:
        """Turn N is reached, at its roll: the bots stop here."""
        return m.rules.turn_number >= self.until_turn and m.stage == Stage.ROLL

    def halts(self, m: Match, bot: CactusBot) -> bool:
        """Whether the bots stop now; stages the violation first when it is wanted and not staged yet."""
        if self.due(m):
            if self.stage_violation and not self.staged:
                self.stage(m, bot)
            return True
        return self.staged

    def stage(self, m: Match, bot: CactusBot) -> None:
        """The current seat turns human and drops its piece where a rule breaks."""
        self.staged = True
        m.bots[m.rules.current] = False
        if m.stage == Stage.ROLL:
            m.roll()
        if m.stage == Stage.CHOOSE:
            m.take(bot.choose(m))
        if m.stage != Stage.IN_HAND:
            return
        spot = find_violation_drop(m)
        if spot is not None:
            m.drop((spot[0], spot[1]), spot[2])
            m.settle_now()


__all__ = ["Autopilot"]
