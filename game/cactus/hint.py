"""Hints for human Cactus players (issue 16): a good placement for the piece in hand, from the planner's search.

:func:`suggest` runs the look-ahead bot's search (:func:`game.cactus.planner.search`) at the ``HINT`` level for
the piece in the hand (stage IN_HAND) and returns a :class:`Hint`: the placement, the hand's path that carries it
out (:func:`~game.cactus.planner_drive.hand_path`: take the piece into free air at the first point, drag along
the path, let go at the last) and where the piece came to rest in the trial (the ghost the play scene draws).
Only a placement that was valid in its trial is suggested; None when the search finds none. Carrying the hint
out on a match built from the same snapshot gives that same valid placement (tests/cactus/test_hint.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cactus.match import Match, Stage
from game.cactus.planner import Level, search
from game.cactus.planner_drive import Placement, hand_path

#: The hint's search: one piece (the one in hand), 10 candidates, the best 2 checked twice: 14 trials.
HINT = Level("hint", candidates=10, finalists=2, checks=2, searches=1, pieces=1)


@dataclass(frozen=True)
class Hint:
    """A suggested placement for turn ``turn``: carry ``placement`` out along ``path``; the piece rests at
    ``rest`` (x, y, angle) and then has the ``outline`` the ghost shows."""

    turn: int
    placement: Placement
    path: tuple[tuple[float, float], ...]
    rest: tuple[float, float, float]
    outline: tuple[tuple[float, float], ...]
    gain: int  # the flowers the trial earned (awards minus penalties)
    trials: int

    @property
    def piece(self) -> str:
        return self.placement.piece

    @property
    def release(self) -> tuple[float, float]:
        """Where the hand lets go."""
        return self.path[-1]


def suggest(match: Match, level: Level = HINT) -> Hint | None:
    """A good placement for the piece in hand (stage IN_HAND), or None (not in hand, or nothing valid found)."""
    if match.stage != Stage.IN_HAND or match.piece is None:
        return None
    report = search(match, level)
    best = report.best
    if best is None or not best.valid or best.outcome.pose is None:
        return None
    path = hand_path(match, best.placement)
    if path is None:
        return None
    x, y, angle = best.outcome.pose
    outline = tuple((float(px), float(py)) for px, py in match.outline_at(best.placement.piece, (x, y), angle))
    return Hint(match.turn_key, best.placement, tuple(path), (x, y, angle), outline, best.outcome.gain,
                report.trials)


__all__ = ["HINT", "Hint", "suggest"]
