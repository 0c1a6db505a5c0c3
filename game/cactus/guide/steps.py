"""The guided first game as a pure model: the steps, what each waits for, and what went wrong when it fails.

The scene reports what the table showed each frame as a :class:`Seen` (facts only: the stage, how far the piece was
turned, the ring's warning, the flowers the hand cost, a refused press, whether the held piece rests on the target
cactus, the broken rules, falls, whether the turn ended); :meth:`Guide.observe` moves on when the step's condition
holds, or names the problem (an i18n key) when the player did something that undoes it. No pygame, no physics, no
clock: the same reports give the same guide.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The steps in order (each has ``cactus.guide.<step>`` words for the player).
STEPS = ("choose", "take", "turn", "ring", "hang", "let_go", "confirm")
#: How far (rad) the piece must be turned for the turn step.
TURN_NEEDED = math.radians(20)
#: How far (mm) the held piece must be carried, the ring kept clear, for the ring step (or the ring warned and came
#: away in time: that counts as well).
CARRY_NEEDED = 120.0


@dataclass(frozen=True)
class Seen:
    """What the table showed this frame. ``stage``: the match's stage ("roll", "choose", "in_hand", "holding",
    "settling", "judged", "over"); ``angle``: the piece's angle (in the hand or held; None otherwise); ``ring``:
    "near" or "touch" while the hand's ring warns; ``paid``: flowers the hand cost this turn; ``refused``: the
    reason of a press refused this frame; ``on_target``: the held piece rests on the target cactus; ``broken``:
    the broken rules' kinds once judged; ``fell``: times the placed piece fell this turn; ``turn_over``: the
    player's turn ended; ``held_at``: where the hand holds the piece (world mm; None when nothing is held)."""

    stage: str
    angle: float | None = None
    ring: str | None = None
    paid: int = 0
    refused: str | None = None
    on_target: bool = False
    broken: tuple[str, ...] = ()
    fell: int = 0
    turn_over: bool = False
    held_at: tuple[float, float] | None = None


class Guide:
    """Where the player is in the guide: :attr:`step` (None once done), :attr:`problem` (what went wrong last, an
    i18n key, or None)."""

    def __init__(self) -> None:
        self.index = 0
        self.problem: str | None = None
        self.turned = 0.0
        self.angle: float | None = None
        self.warned = False
        self.paid = 0
        self.fell = 0
        self.carried = 0.0
        self.held_at: tuple[float, float] | None = None

    @property
    def step(self) -> str | None:
        return STEPS[self.index] if self.index < len(STEPS) else None

    @property
    def done(self) -> bool:
        return self.step is None

    def text_key(self) -> str:
        """The words of the step now (or of the end)."""
        return f"cactus.guide.{self.step or 'done'}"

    def _advance(self) -> None:
        self.index += 1
        self.problem = None
        self.turned = 0.0
        self.warned = False
        self.carried = 0.0

    def _back_to(self, step: str, problem: str) -> None:
        self.index = STEPS.index(step)
        self.problem = problem
        self.turned = 0.0
        self.warned = False

    def observe(self, seen: Seen) -> None:
        """Take one frame's facts: move on, go back, or name the problem."""
        if seen.angle is not None and self.angle is not None:
            self.turned += abs(math.remainder(seen.angle - self.angle, math.tau))
        self.angle = seen.angle
        if seen.held_at is not None and self.held_at is not None:
            self.carried += math.dist(seen.held_at, self.held_at)
        self.held_at = seen.held_at
        paid_now, self.paid = seen.paid > self.paid, seen.paid
        fell_now, self.fell = seen.fell > self.fell, seen.fell
        step = self.step
        if step is None:
            return
        if seen.refused is not None and step in ("choose", "take"):
            self.problem = f"cactus.refuse.{seen.refused}"
        if fell_now and step in ("turn", "ring", "hang", "let_go", "confirm"):
            self._back_to("take", "cactus.guide.problem.fell")
            return
        if paid_now and step != "ring":
            self.problem = "cactus.guide.problem.paid"
        holding = seen.stage == "holding"
        if step == "choose":
            if seen.stage in ("in_hand", "holding"):
                self._advance()
        elif step == "take":
            if holding:
                self._advance()
        elif step == "turn":
            if self.turned >= TURN_NEEDED and seen.stage in ("holding", "in_hand"):
                self._advance()
            elif seen.stage in ("settling", "judged"):
                self.problem = "cactus.guide.problem.let_go_early"
        elif step == "ring":
            if paid_now:
                self.warned = False
                self.problem = "cactus.guide.problem.ring_paid"
            elif seen.ring is not None:
                self.warned = True
            elif holding and (self.warned or self.carried >= CARRY_NEEDED):
                self._advance()  # carried with the ring clear, or it warned and the hand came away in time
            elif seen.stage in ("settling", "judged"):
                self.problem = "cactus.guide.problem.let_go_early"
        elif step == "hang":
            if holding and seen.on_target or seen.stage == "judged" and not seen.broken:
                self._advance()
            elif seen.stage == "judged":
                self.problem = f"cactus.guide.problem.{seen.broken[0]}"
        elif step == "let_go":
            if seen.stage == "judged":
                if seen.broken:
                    self.problem = f"cactus.guide.problem.{seen.broken[0]}"
                else:
                    self._advance()
        elif step == "confirm":
            if seen.turn_over:
                self._advance()
            elif seen.stage == "holding":
                self._back_to("let_go", "cactus.guide.problem.taken_again")
            elif seen.stage == "judged" and seen.broken:
                self._back_to("let_go", f"cactus.guide.problem.{seen.broken[0]}")


__all__ = ["CARRY_NEEDED", "STEPS", "TURN_NEEDED", "Guide", "Seen"]
