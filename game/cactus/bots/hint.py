"""Hints for human Cactus players: a good placement for the piece in hand, from the planner's search.

:func:`suggest` runs the look-ahead bot's search (:func:`game.cactus.bots.planner.search`) at the ``HINT`` level for
the piece in the hand (stage IN_HAND) and returns a :class:`Hint`: the placement, the hand's path that carries it
out (:func:`~game.cactus.bots.drive.turn_path`, the way in from above included, as the trial walked it: take
the piece into free air at the first point, drag along the path, let go at the last) and where the piece came to
rest in the trial (the ghost the play scene draws). The hint also says how to get there: the turn to apply
(:meth:`Hint.turn_from`, to :attr:`Hint.angle`), where the hand takes the piece high above (:attr:`Hint.start`)
and lets go (:attr:`Hint.release`); the way down between them crosses no cactus (:func:`path_is_clear`). Only a
placement that was valid in its trial is suggested; None when the search finds none. Carrying the hint out on a
match built from the same snapshot gives that same valid placement (tests/cactus/test_hint.py); carrying it out
on the real match is measured by ``python -m game bench cactus-hint``.

:class:`HintSearch` is the same search run a frame's budget at a time (the play screen stays fluid while it
looks); it ends with the hint :func:`suggest` gives for the same snapshot.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.cactus.bots.drive import CLEAR, Placement, turn_path
from game.cactus.bots.planner import THINK_SECONDS, Level, Search, SearchReport
from game.cactus.match import Match, Stage
from physics.geometry import rotational_symmetry
from physics.scenes import drop_position

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
    symmetry: int = 1  # the piece looks the same turned by a full turn / symmetry (a Z piece: 2)

    @property
    def piece(self) -> str:
        return self.placement.piece

    @property
    def release(self) -> tuple[float, float]:
        """Where the hand lets go."""
        return self.path[-1]

    @property
    def start(self) -> tuple[float, float]:
        """Where the hand takes the piece (high above, in free air): the path goes down from here."""
        return self.path[0]

    @property
    def angle(self) -> float:
        """The angle (rad, counter-clockwise) the piece is turned to before the hand takes it."""
        return self.placement.angle

    def turn_from(self, angle: float) -> float:
        """The smallest turn (rad; > 0 counter-clockwise) from ``angle`` to an angle at which the piece has the
        hint's outline: at most half of 360°/``symmetry`` either way (a Z piece, the same turned 180°, is never
        asked to turn more than 90°)."""
        return math.remainder(self.angle - angle, math.tau / max(1, self.symmetry))


def suggest(match: Match, level: Level = HINT) -> Hint | None:
    """A good placement for the piece in hand (stage IN_HAND), or None (not in hand, or nothing valid found)."""
    if match.stage != Stage.IN_HAND or match.piece is None:
        return None
    return _hint(match, Search(match, level).run())


class HintSearch:
    """The hint's search for the piece in hand (stage IN_HAND), run across frames: :meth:`step` until it is done,
    then :attr:`hint` is what :func:`suggest` gives (None: nothing valid found). ``turn``: the turn it is for."""

    def __init__(self, match: Match, level: Level = HINT) -> None:
        if match.stage != Stage.IN_HAND or match.piece is None:
            raise ValueError("a hint needs a piece in the hand (stage in_hand)")
        self.turn = match.turn_key
        self.search = Search(match, level)
        self.hint: Hint | None = None

    @property
    def done(self) -> bool:
        return self.search.done

    def step(self, match: Match, seconds: float = THINK_SECONDS) -> bool:
        """Run trials for about ``seconds`` (at least one); whether the search is done (then :attr:`hint` is set
        from ``match``, the match it was started on)."""
        if not self.search.done and self.search.step(seconds):
            assert self.search.report is not None
            self.hint = _hint(match, self.search.report)
        return self.search.done


def descent(match: Match, placement: Placement, path: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The part of ``path`` that comes down from above in free air: up to the spot where the piece is let go over
    what lies below (the short press or push after it, if any, is meant to meet what is there)."""
    spot = drop_position(match.world, placement.piece, placement.x, placement.angle, clearance=CLEAR)
    for k, point in enumerate(path):
        if math.dist(point, spot) < 1e-6:
            return list(path[:k + 1])
    return list(path)


def path_is_clear(match: Match, placement: Placement, path: Sequence[tuple[float, float]]) -> bool:
    """Whether the piece, at the placement's angle, crosses no cactus, base or piece on the way down (the table
    as it is now): every point of :func:`descent` leaves it free."""
    return all(match.is_free(placement.piece, point, placement.angle, clearance=0.0)
               for point in descent(match, placement, path))


def _hint(match: Match, report: SearchReport) -> Hint | None:
    best = report.best
    if best is None or not best.valid or best.outcome.pose is None:
        return None
    path = turn_path(match, best.placement)
    if path is None or not path_is_clear(match, best.placement, path):
        return None
    x, y, angle = best.outcome.pose
    outline = tuple((float(px), float(py)) for px, py in match.outline_at(best.placement.piece, (x, y), angle))
    return Hint(match.turn_key, best.placement, tuple(path), (x, y, angle), outline, best.outcome.gain,
                report.trials, symmetry_of(match, best.placement.piece))


def symmetry_of(match: Match, piece: str) -> int:
    """How many times per full turn the piece's outline looks the same (its polygon's rotational symmetry)."""
    return _symmetry(tuple(tuple(p) for p in match.world.pieces[piece].outline))


@functools.lru_cache(maxsize=64)
def _symmetry(outline: tuple[tuple[float, float], ...]) -> int:
    return rotational_symmetry(outline)


__all__ = ["HINT", "Hint", "HintSearch", "descent", "path_is_clear", "suggest", "symmetry_of"]
