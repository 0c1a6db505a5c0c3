"""What the rules report (pure): broken placement rules (:class:`Violation`), the events of the turn log
(:class:`Event`, each with the rule behind it) and why a game ended."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.cactus.rules.pieces import MAX_PLAYERS, N_CACTI, TOTAL_FLOWERS
from game.cactus.rules.save_checks import SaveError, need_int, need_list, need_map, need_str, opt_int, opt_str, short


@dataclass(frozen=True)
class Violation:
    """A broken placement rule (C-X4). ``action``: "place_again" (C-R4, C-R5, C-X5) or "fix" (C-R2, C-R3)."""

    rule: str
    kind: str  # same_colour | same_form | on_base | placed_fell | wrong_cactus | not_hanging
    pieces: tuple[str, ...]
    action: str

    @property
    def text_key(self) -> str:
        return f"cactus.violation.{self.kind}"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "kind": self.kind, "pieces": list(self.pieces), "action": self.action}


VIOLATION_KINDS: tuple[str, ...] = (
    "placed_fell",
    "on_base",
    "not_hanging",
    "wrong_cactus",
    "same_colour",
    "same_form",
)


@dataclass(frozen=True)
class Event:
    """Something that happened, with the rule behind it, for the scene's explanation and turn log.

    kind: start, roll, take, hand_touch, knocked, placed_fell, piece_out, piece_returned, placed,
    award, award_lost, claim_rejected, awards_void, game_over.
    ``flowers``: value actually given (+) or paid (-); ``nominal``: what the rule asked for.
    ``detail``: the die face (roll), the award kind (award, award_lost, claim_rejected), the award
    kinds joined by "," (awards_void), "supply" / "row" (piece_returned), the end reason (game_over),
    "cactus" / "piece" (hand_touch: what the hand touched, None when not known).
    ``subject``: the colour or form an award counts.
    """

    kind: str
    rule: str
    turn: int
    player: int | None = None
    flowers: int = 0
    nominal: int = 0
    pieces: tuple[str, ...] = ()
    detail: str | None = None
    cactus: int | None = None
    subject: str | None = None

    @property
    def text_key(self) -> str:
        return f"cactus.event.{self.kind}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "turn": self.turn,
            "player": self.player,
            "flowers": self.flowers,
            "nominal": self.nominal,
            "pieces": list(self.pieces),
            "detail": self.detail,
            "cactus": self.cactus,
            "subject": self.subject,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "event") -> Event:
        d = need_map(d, where)
        kind = need_str(d.get("kind"), f"{where}.kind")
        if kind not in EVENT_KINDS:
            raise SaveError(f"{where}.kind: unknown event {short(kind)}")
        return cls(
            kind=kind,
            rule=need_str(d.get("rule"), f"{where}.rule"),
            turn=need_int(d.get("turn"), f"{where}.turn", 0),
            player=opt_int(d.get("player"), f"{where}.player", 0, MAX_PLAYERS - 1),
            flowers=need_int(d.get("flowers", 0), f"{where}.flowers", -TOTAL_FLOWERS, TOTAL_FLOWERS),
            nominal=need_int(d.get("nominal", 0), f"{where}.nominal", -TOTAL_FLOWERS, TOTAL_FLOWERS),
            pieces=tuple(need_str(x, f"{where}.pieces") for x in need_list(d.get("pieces", []), f"{where}.pieces")),
            detail=opt_str(d.get("detail"), f"{where}.detail"),
            cactus=opt_int(d.get("cactus"), f"{where}.cactus", 0, N_CACTI - 1),
            subject=opt_str(d.get("subject"), f"{where}.subject"),
        )


EVENT_KINDS: tuple[str, ...] = (
    "start",
    "roll",
    "take",
    "hand_touch",
    "knocked",
    "placed_fell",
    "piece_out",
    "piece_returned",
    "placed",
    "award",
    "award_lost",
    "claim_rejected",
    "awards_void",
    "game_over",
)

#: Why a game ended -> the rule that says so.
END_REASONS: dict[str, str] = {
    "no_flowers": "C-E1",
    "no_basic": "C-E2",
    "no_specials": "C-E3",
    "turn_limit": "software",
}


__all__ = ["END_REASONS", "EVENT_KINDS", "VIOLATION_KINDS", "Event", "Violation"]
