"""The turn of Cactus (pure): its phases, the variants a game is played with, what happened so far in the
running turn, and which pieces a turn may take (C-T1, C-T2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from game.cactus.rules.pieces import BASIC, Die, Face, IllegalMove
from game.cactus.rules.save_checks import (
    SaveError,
    need_bool,
    need_int,
    need_list,
    need_map,
    need_str,
    opt_int,
    opt_str,
    short,
)

if TYPE_CHECKING:
    from game.cactus.rules.game import CactusGame


class Phase(StrEnum):
    ROLL = "roll"  # the seat must roll the die (C-T2)
    CHOOSE = "choose"  # the seat takes one of allowed_pieces() (C-T1, C-T2)
    PLACE = "place"  # the piece is in the hand until end_turn() (C-X4)
    OVER = "over"


@dataclass(frozen=True)
class Options:
    """Variants: long game (C-R6), strict claim (C-T3), the die's faces (C-K5), a turn limit [software]."""

    long_game: bool = False
    strict_claim: bool = False
    die: Die = field(default_factory=Die)
    turn_limit: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "long_game": self.long_game,
            "strict_claim": self.strict_claim,
            "die": self.die.to_dict(),
            "turn_limit": self.turn_limit,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "options") -> Options:
        d = need_map(d, where)
        return cls(
            long_game=need_bool(d.get("long_game", False), f"{where}.long_game"),
            strict_claim=need_bool(d.get("strict_claim", False), f"{where}.strict_claim"),
            die=Die.from_dict(d.get("die", {}), f"{where}.die"),
            turn_limit=opt_int(d.get("turn_limit"), f"{where}.turn_limit", 1),
        )


@dataclass
class TurnRecord:
    """What happened so far in the running turn."""

    roll: Face | None = None
    piece: str | None = None  # the piece taken (in the hand / being placed)
    hand_touches: int = 0
    knocked: list[str] = field(default_factory=list)
    placed_fell: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "roll": None if self.roll is None else self.roll.value,
            "piece": self.piece,
            "hand_touches": self.hand_touches,
            "knocked": list(self.knocked),
            "placed_fell": self.placed_fell,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "turn") -> TurnRecord:
        d = need_map(d, where)
        roll = opt_str(d.get("roll"), f"{where}.roll")
        if roll is not None and roll not in {f.value for f in Face}:
            raise SaveError(f"{where}.roll: unknown die face {short(roll)}")
        return cls(
            roll=None if roll is None else Face(roll),
            piece=opt_str(d.get("piece"), f"{where}.piece"),
            hand_touches=need_int(d.get("hand_touches", 0), f"{where}.hand_touches", 0),
            knocked=[need_str(x, f"{where}.knocked") for x in need_list(d.get("knocked", []), f"{where}.knocked")],
            placed_fell=need_int(d.get("placed_fell", 0), f"{where}.placed_fell", 0),
        )


def wanted(state: CactusGame, roll: Face | None) -> tuple[str, str | None]:
    if state.first_turn:
        return "any", None  # C-T1
    last = state.pieces.get(state.last_placed or "")
    if roll is None:
        raise IllegalMove("roll the die first")  # C-T2
    if roll == Face.SPECIAL:
        return "special", (state.row[0] if state.row else None)
    if last is None:
        return roll.value, None
    if roll == Face.COLOUR:
        return "colour", last.colour
    # FORM: after a special, the form of the last basic piece placed before it (C-T2)
    if last.kind == BASIC:
        return "form", last.form
    basic = state.pieces.get(state.last_basic or "")
    return "form", (basic.form if basic is not None else None)


def allowed_pieces(state: CactusGame, roll: Face | None) -> list[str]:
    """Piece ids a turn may take (C-T1: any basic, no roll; C-T2: by the die face)."""
    what, value = wanted(state, roll)
    if what == "any":
        return list(state.supply)
    if what == "special":
        return [] if value is None else [value]
    if value is None:
        return []
    attr = "colour" if what == "colour" else "form"
    return [pid for pid in state.supply if getattr(state.pieces[pid], attr) == value]


__all__ = ["Options", "Phase", "TurnRecord", "allowed_pieces", "wanted"]
