"""Scoring a placement (C-P1..C-P4), pure: :func:`score_placement` and the :class:`Award` it gives."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from game.cactus.rules.pieces import BASIC, COLOURS, PieceLike

AwardKind = Literal["colour3", "colour5", "form3", "form5", "rainbow"]
AWARD_KINDS: tuple[str, ...] = ("colour3", "colour5", "form3", "form5", "rainbow")
AWARD_RULES: dict[str, str] = {
    "colour3": "C-P1",
    "colour5": "C-P1",
    "form3": "C-P2",
    "form5": "C-P2",
    "rainbow": "C-P3",
}


@dataclass(frozen=True)
class Award:
    """Flowers one placement earns. ``detail`` (the colour or form, not compared) is for the text."""

    kind: str
    flowers: int
    detail: str | None = field(default=None, compare=False)

    @property
    def rule(self) -> str:
        return AWARD_RULES[self.kind]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "flowers": self.flowers, "detail": self.detail}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Award:
        return cls(str(d["kind"]), int(d["flowers"]), d.get("detail"))


def score_placement(placed: PieceLike, hanging: Sequence[Sequence[PieceLike]]) -> list[Award]:
    """The flowers ``placed`` earns (C-P1..C-P4); ``hanging[c]`` = pieces on cactus ``c`` after it.

    C-P1 its colour now hangs exactly 3 times over all cacti: +1, exactly 5 times: +2 (specials count).
    C-P2 (basic pieces only) its form now hangs exactly 3 / 5 times among basic pieces: +1 / +2.
    C-P3 the cactus it hangs on carries each of the 5 colours exactly once: +2.
    C-P4 the awards add up. Pieces are matched by id.
    """
    everything = [p for cactus in hanging for p in cactus]
    home = [cactus for cactus in hanging if any(p.id == placed.id for p in cactus)]
    if not home:
        raise ValueError(f"score_placement: the placed piece {placed.id!r} must be in `hanging`")
    awards: list[Award] = []
    colour_count = sum(1 for p in everything if p.colour == placed.colour)
    if colour_count == 3:
        awards.append(Award("colour3", 1, placed.colour))
    elif colour_count == 5:
        awards.append(Award("colour5", 2, placed.colour))
    if placed.kind == BASIC and placed.form is not None:
        form_count = sum(1 for p in everything if p.kind == BASIC and p.form == placed.form)
        if form_count == 3:
            awards.append(Award("form3", 1, placed.form))
        elif form_count == 5:
            awards.append(Award("form5", 2, placed.form))
    colours_here = [p.colour for p in home[0]]
    if len(colours_here) == len(COLOURS) == len(set(colours_here)):  # each of the 5 exactly once
        awards.append(Award("rainbow", 2, None))
    return awards


__all__ = ["AWARD_KINDS", "AWARD_RULES", "Award", "AwardKind", "score_placement"]
