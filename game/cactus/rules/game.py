"""The Cactus game state and its turn (all C-* rules; the rules are in docs/rules.md).

Pure: no pygame, no pymunk, no physics import, no files, no clock. The only randomness is the seeded
``random.Random`` that :class:`CactusGame` carries and saves. The physics world reports *facts* (who
touches whom, who lies on a base, who fell, which cactus carries whom); this module turns them into
rule decisions, penalties, awards and the end of the game.

The contract of docs/design.md ("game.cactus.rules") is kept exactly:
:func:`score_placement`, :class:`Award`, :class:`FlowerBank`.

The package's modules (all pure):
:mod:`~game.cactus.rules.pieces` (colours, forms, the catalogue, the die, the PieceLike/FactsLike protocols),
:mod:`~game.cactus.rules.bank` (the flower tokens), :mod:`~game.cactus.rules.scoring` (awards),
:mod:`~game.cactus.rules.events` (violations, events, end reasons), :mod:`~game.cactus.rules.turn` (phases,
variants, the running turn, which pieces may be taken), :mod:`~game.cactus.rules.save_checks` (the save field
checks) and :mod:`~game.cactus.rules.load` (reading a saved state). This module keeps the game itself
(:class:`CactusGame`), :func:`judge` and :func:`winners`; the package re-exports what the program uses.

A turn (C-T1, C-T2, C-X4)
------------------------
``phase`` runs ``choose -> place -> roll -> choose -> place -> ...`` (the first turn has no roll):

1. ``roll()`` (not in the first turn) draws a die face with the game's generator. If the face asks for
   a basic piece and none fits, the game ends (C-E2).
2. ``allowed_pieces()`` lists the piece ids that may be taken; ``take(piece_id)`` moves one into the
   hand (out of the supply or off the row) and the phase becomes ``place``.
3. While placing, the match reports ``touch_hand()`` (C-R1, 1 flower at once) and ``record_fallen(ids)``
   for pieces the world removed (C-X3): a knocked-off piece costs 1 flower at once and voids this turn's
   awards (C-R5), and leaves the game or goes back (C-R6); the placed piece itself falling costs nothing.
4. ``judge(facts)`` lists the violations of the settled world (C-R2..C-R5, C-X5); while any remains
   the turn cannot end.
5. ``end_turn(facts, claims=...)`` confirms the placement: awards (C-P1..C-P4; C-T3 in the strict-claim
   variant), then the end conditions (C-E1, C-E3) and the next seat (clockwise = next seat index).

Every change is an :class:`Event` with a rule id, kept in ``log`` so that a scene can explain it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.cactus.rules.bank import FlowerBank, tokens_for
from game.cactus.rules.events import END_REASONS, EVENT_KINDS, VIOLATION_KINDS, Event, Violation
from game.cactus.rules.load import read_game
from game.cactus.rules.pieces import (
    BASIC,
    COLOURS,
    DEFAULT_SPECIALS,
    FORMS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_CACTI,
    SPECIAL,
    START_FLOWERS,
    START_SUPPLY,
    TOTAL_FLOWERS,
    Die,
    Face,
    FactsLike,
    IllegalMove,
    Piece,
    PieceLike,
    PlacementFacts,
    default_pieces,
    validate_pieces,
)
from game.cactus.rules.save_checks import SAVE_INT_LIMIT, SaveError, kind_of, short
from game.cactus.rules.scoring import AWARD_KINDS, AWARD_RULES, Award, AwardKind, score_placement
from game.cactus.rules.turn import Options, Phase, TurnRecord, allowed_pieces, wanted
from game.rngstate import rng_to_json

SAVE_FORMAT = "cactus-rules/1"


class CactusGame:
    """One game of Cactus as pure state (also exported as ``RulesState``). Build with :meth:`new`."""

    def __init__(self) -> None:  # use new() or from_dict()
        self.names: list[str] = []
        self.options = Options()
        self.pieces: dict[str, Piece] = {}
        self.rng = random.Random(0)
        self.seed: int = 0
        self.supply: list[str] = []  # basic pieces in the heap, catalogue order (C-S2)
        self.row: list[str] = []  # specials, leftmost first (C-S2)
        self.out: list[str] = []  # pieces that left the game (C-R6)
        self.in_world: list[str] = []  # placed pieces still on the table, in placing order
        self.placed_log: list[str] = []  # every confirmed placement, in order
        self.bank = FlowerBank(2)
        self.start_player = 0
        self.current = 0
        self.turn_number = 1
        self.phase = Phase.CHOOSE
        self.last_placed: str | None = None
        self.last_basic: str | None = None
        self.last_cactus: int | None = None
        self.turn = TurnRecord()
        self.end_reason: str | None = None
        self.winners: list[int] = []
        self.log: list[Event] = []

    # ------------------------------------------------------------------ setup (C-S1..C-S3, C-T1)
    @classmethod
    def new(
        cls,
        players: int = 2,
        *,
        names: Sequence[str] | None = None,
        seed: int = 0,
        options: Options | None = None,
        pieces: Iterable[PieceLike] | None = None,
        start_player: int | None = None,
    ) -> CactusGame:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Cactus is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players!r}")
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        if len(names) != players:
            raise ValueError(f"need {players} player names, got {len(names)}")
        if start_player is not None and not (isinstance(start_player, int) and 0 <= start_player < players):
            raise ValueError(f"start player must be a seat 0..{players - 1}, got {start_player!r}")
        catalogue = validate_pieces(default_pieces() if pieces is None else pieces)
        g = cls()
        g.names = [str(n) for n in names]
        g.options = options or Options()
        g.pieces = {p.id: p for p in catalogue}
        g.seed = seed
        g.rng = random.Random(seed)
        g.supply = [p.id for p in catalogue if p.kind == BASIC]
        row = [p.id for p in catalogue if p.kind == SPECIAL]
        g.rng.shuffle(row)  # C-S2
        g.row = row
        g.bank = FlowerBank(players)  # C-S1
        g.start_player = g.rng.randrange(players) if start_player is None else start_player  # C-S3
        g.current = g.start_player
        g.phase = Phase.CHOOSE  # C-T1: no roll in the first turn
        g._emit("start", "C-S3", player=g.current)
        if not g.allowed_pieces():
            g._finish("no_basic")
        return g

    # ------------------------------------------------------------------ reading
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def current_player(self) -> int | None:
        return None if self.phase == Phase.OVER else self.current

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def first_turn(self) -> bool:
        return self.last_placed is None

    @property
    def end_rule(self) -> str | None:
        return None if self.end_reason is None else END_REASONS[self.end_reason]

    def piece(self, piece_id: str) -> Piece:
        try:
            return self.pieces[piece_id]
        except KeyError:
            raise IllegalMove(f"unknown piece {piece_id!r}") from None

    def target_cactus(self) -> int | None:
        """The cactus this turn's piece must hang on: clockwise after the last (C-T2); None = any (C-T1)."""
        if self.last_cactus is None:
            return None
        return (self.last_cactus + 1) % N_CACTI

    def wanted(self, roll: Face | None = None) -> tuple[str, str | None]:
        """What the roll asks for: ("any", None), ("colour", c), ("form", f) or ("special", id|None)."""
        return wanted(self, self.turn.roll if roll is None else roll)

    def allowed_pieces(self, roll: Face | None = None) -> list[str]:
        """Piece ids that may be taken now (C-T1, C-T2); ``roll`` defaults to this turn's roll."""
        return allowed_pieces(self, self.turn.roll if roll is None else roll)

    def hanging(self, facts: FactsLike, extra: Iterable[str] = ()) -> list[list[Piece]]:
        """Pieces per cactus 0..4: the pieces on the table (plus ``extra``) the facts say a cactus carries."""
        fallen = set(facts.fallen)
        result: list[list[Piece]] = [[] for _ in range(N_CACTI)]
        for pid in [*self.in_world, *extra]:
            c = facts.carried_by.get(pid)
            if pid not in fallen and c is not None and 0 <= c < N_CACTI:
                result[c].append(self.pieces[pid])
        return result

    def standings(self) -> list[tuple[int, int]]:
        """(seat, flower value), best first; ties keep seat order."""
        return sorted(((p, self.bank.value(p)) for p in range(self.players)), key=lambda x: (-x[1], x[0]))

    # ------------------------------------------------------------------ actions
    def _require(self, *phases: Phase) -> None:
        if self.phase not in phases:
            wanted = " or ".join(p.value for p in phases)
            raise IllegalMove(f"not possible now: the game is in phase {self.phase.value!r}, needs {wanted}")

    def roll(self, told: Face | None = None) -> Face:
        """C-T2: roll the die with the game's generator, or take ``told``, a face rolled elsewhere (a table
        server's die: its generator is its own), which leaves this generator as it is. A basic roll nothing fits
        ends the game (C-E2)."""
        self._require(Phase.ROLL)
        face = self.options.die.roll(self.rng) if told is None else Face(told)
        self.turn.roll = face
        self.phase = Phase.CHOOSE
        self._emit("roll", "C-T2", player=self.current, detail=face.value)
        if not self.allowed_pieces():
            self._finish("no_basic" if face != Face.SPECIAL else "no_specials")
        return face

    def take(self, piece_id: str) -> None:
        """Take one of allowed_pieces() into the hand (from the supply or the row's left end)."""
        self._require(Phase.CHOOSE)
        allowed = self.allowed_pieces()
        if piece_id not in allowed:
            raise IllegalMove(f"piece {piece_id!r} may not be taken now; allowed: {', '.join(allowed) or 'none'}")
        if piece_id in self.supply:
            self.supply.remove(piece_id)
        else:
            self.row.remove(piece_id)
        self.turn.piece = piece_id
        self.phase = Phase.PLACE
        rule = "C-T1" if self.first_turn else "C-T2"
        self._emit("take", rule, player=self.current, pieces=(piece_id,), cactus=self.target_cactus())

    def touch_hand(self, count: int = 1, what: str | None = None) -> list[Event]:
        """C-R1: the hand touched a cactus or a hanging piece ``count`` times: 1 flower each, at once. ``what``:
        "cactus" or "piece" when known (the event's detail, so its words name what was touched)."""
        self._require(Phase.PLACE)
        if not isinstance(count, int) or count < 0:
            raise ValueError(f"touch count must be a whole number >= 0, got {count!r}")
        if what not in (None, "cactus", "piece"):
            raise ValueError(f"a hand touches a cactus or a piece, not {what!r}")
        events = []
        for _ in range(count):
            self.turn.hand_touches += 1
            paid = self.bank.pay(self.current, 1)
            events.append(self._emit("hand_touch", "C-R1", player=self.current, flowers=-paid, nominal=1,
                                     detail=what))
        return events

    def record_fallen(self, piece_ids: Iterable[str]) -> list[Event]:
        """Pieces the world removed as fallen (C-X3); ids no longer on the table are ignored, so passing
        physics' cumulative ``facts.fallen`` is safe for knocked pieces. The placed piece's fall is
        recorded each time its id is passed: pass it once per drop (e.g. only ids new since the last
        call). Call it also between turns, so that a piece falling then is not charged to the next seat.

        The piece being placed: no penalty, it must be placed again (C-R5). Any other piece in the
        place phase: knocked off, 1 flower (C-R5), no awards this turn, and it leaves the game or
        goes back (C-R6). Outside the place phase a piece that falls leaves without a penalty.
        """
        if self.phase == Phase.OVER:
            return []
        events: list[Event] = []
        for pid in sorted(set(piece_ids)):
            if pid == self.turn.piece and self.phase == Phase.PLACE:
                self.turn.placed_fell += 1
                events.append(self._emit("placed_fell", "C-R5", player=self.current, pieces=(pid,)))
                continue
            if pid not in self.in_world:
                continue
            self.in_world.remove(pid)
            if self.phase == Phase.PLACE:
                self.turn.knocked.append(pid)
                paid = self.bank.pay(self.current, 1)
                events.append(
                    self._emit("knocked", "C-R5", player=self.current, flowers=-paid, nominal=1, pieces=(pid,))
                )
            events.append(self._leave(pid))
        return events

    def _leave(self, pid: str) -> Event:
        """C-R6: a fallen piece leaves the game; long game: back to its supply or the row's right end."""
        if not self.options.long_game:
            self.out.append(pid)
            return self._emit("piece_out", "C-R6", pieces=(pid,))
        if self.pieces[pid].kind == BASIC:
            order = list(self.pieces)
            self.supply.append(pid)
            self.supply.sort(key=order.index)
            return self._emit("piece_returned", "C-R6", pieces=(pid,), detail="supply")
        self.row.append(pid)
        return self._emit("piece_returned", "C-R6", pieces=(pid,), detail="row")

    def judge(self, facts: FactsLike) -> list[Violation]:
        """The violations of the settled world for the piece being placed (C-R2..C-R5, C-X5)."""
        self._require(Phase.PLACE)
        return judge(self, facts)

    def preview_awards(self, facts: FactsLike) -> list[Award]:
        """The awards a confirmed placement would earn now (empty after a knock-off, C-R5)."""
        self._require(Phase.PLACE)
        if self.turn.knocked:
            return []
        placed = self.piece(str(self.turn.piece))
        return score_placement(placed, self.hanging(facts, extra=[placed.id]))

    def end_turn(self, facts: FactsLike, claims: Iterable[str] | None = None, hand_touches: int = 0) -> list[Event]:
        """Confirm a valid placement and end the turn.

        ``hand_touches``: C-R1 touches not yet reported with touch_hand(). Pieces in ``facts.fallen``
        not yet reported are recorded (C-R5, C-R6). Raises IllegalMove, changing nothing, while
        judge() finds a violation. Then the awards (C-P1..C-P4) are given, or in the
        strict-claim variant only those named in ``claims`` (award kinds, C-T3); then C-E3, C-E1 and
        the next seat.
        """
        self._require(Phase.PLACE)
        placed = self.piece(str(self.turn.piece))
        if not isinstance(hand_touches, int) or hand_touches < 0:
            raise ValueError(f"touch count must be a whole number >= 0, got {hand_touches!r}")
        violations = judge(self, facts)
        if violations:
            listing = "; ".join(f"{v.rule} {v.kind} ({', '.join(v.pieces)})" for v in violations)
            raise IllegalMove(f"the placement breaks a rule and cannot be confirmed: {listing}")
        events = self.touch_hand(hand_touches) if hand_touches else []
        events += self.record_fallen(pid for pid in facts.fallen if pid != placed.id)
        cactus = facts.carried_by[placed.id]
        assert cactus is not None  # judge() guarantees it
        awards = score_placement(placed, self.hanging(facts, extra=[placed.id]))
        self.in_world.append(placed.id)
        self.placed_log.append(placed.id)
        self.last_placed = placed.id
        if placed.kind == BASIC:
            self.last_basic = placed.id
        self.last_cactus = cactus
        rule = "C-T1" if len(self.placed_log) == 1 else "C-T2"
        events.append(self._emit("placed", rule, player=self.current, pieces=(placed.id,), cactus=cactus))
        events += self._give_awards(awards, claims)
        self.turn = TurnRecord()
        if not self.row:
            self._finish("no_specials")  # C-E3
        elif self.bank.all_on_three_side() and self.bank.supply == 0:
            self._finish("no_flowers")  # C-E1
        elif self.options.turn_limit is not None and self.turn_number >= self.options.turn_limit:
            self._finish("turn_limit")
        else:
            self.current = (self.current + 1) % self.players  # C-S3: clockwise
            self.turn_number += 1
            self.phase = Phase.ROLL
        if self.phase == Phase.OVER:
            events.append(self.log[-1])
        return events

    def _give_awards(self, awards: list[Award], claims: Iterable[str] | None) -> list[Event]:
        p = self.current
        events: list[Event] = []
        if self.turn.knocked:
            if awards:
                lost = ",".join(a.kind for a in awards)
                events.append(
                    self._emit("awards_void", "C-R5", player=p, nominal=sum(a.flowers for a in awards), detail=lost)
                )
            return events
        claimed = None
        if self.options.strict_claim:
            claimed = set(claims or ())
            earned = {a.kind for a in awards}
            for kind in sorted(claimed - earned):
                events.append(self._emit("claim_rejected", "C-T3", player=p, detail=kind))
        for a in awards:
            if claimed is not None and a.kind not in claimed:
                events.append(
                    self._emit("award_lost", "C-T3", player=p, nominal=a.flowers, detail=a.kind, subject=a.detail)
                )
                continue
            given = self.bank.award(p, a.flowers)
            events.append(
                self._emit(
                    "award",
                    a.rule,
                    player=p,
                    flowers=given,
                    nominal=a.flowers,
                    detail=a.kind,
                    subject=a.detail,
                )
            )
        return events

    def _finish(self, reason: str) -> None:
        self.end_reason = reason
        self.phase = Phase.OVER
        self.winners = winners(self.bank)
        self._emit("game_over", END_REASONS[reason], detail=reason, pieces=())

    def _emit(self, kind: str, rule: str, **kw: Any) -> Event:
        event = Event(kind=kind, rule=rule, turn=self.turn_number, **kw)
        self.log.append(event)
        return event

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """JSON-safe, complete: from_dict(to_dict()) resumes exactly, the generator included."""
        return {
            "format": SAVE_FORMAT,
            "names": list(self.names),
            "options": self.options.to_dict(),
            "pieces": [p.to_dict() for p in self.pieces.values()],
            "seed": self.seed,
            "rng": rng_to_json(self.rng),
            "supply": list(self.supply),
            "row": list(self.row),
            "out": list(self.out),
            "in_world": list(self.in_world),
            "placed_log": list(self.placed_log),
            "bank": self.bank.to_dict(),
            "start_player": self.start_player,
            "current": self.current,
            "turn_number": self.turn_number,
            "phase": self.phase.value,
            "last_placed": self.last_placed,
            "last_basic": self.last_basic,
            "last_cactus": self.last_cactus,
            "turn": self.turn.to_dict(),
            "end_reason": self.end_reason,
            "winners": list(self.winners),
            "log": [e.to_dict() for e in self.log],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CactusGame:
        """Rebuild a game from :meth:`to_dict`. Any malformed save (wrong types, nulls, numbers out of
        range, pieces that do not exist or lie in two places, a phase that does not fit the turn) raises
        ValueError naming the field; nothing else escapes."""
        if not isinstance(d, Mapping):
            raise ValueError(f"broken Cactus rules save: the rules must be an object, got {kind_of(d)}")
        if d.get("format") != SAVE_FORMAT:
            raise ValueError(f"not a Cactus rules save (format {short(d.get('format'))}, expected {SAVE_FORMAT!r})")
        try:
            return read_game(cls(), d)
        except SaveError as exc:
            raise ValueError(f"broken Cactus rules save: {exc}") from None
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError, RecursionError) as exc:
            raise ValueError(f"broken Cactus rules save: {exc!r}") from None

    def clone(self) -> CactusGame:
        return copy.deepcopy(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CactusGame) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"CactusGame(players={self.players}, turn={self.turn_number}, phase={self.phase.value})"


RulesState = CactusGame


# ----------------------------------------------------------------------------------------------
# Pure functions over a state


def judge(state: CactusGame, facts: FactsLike) -> list[Violation]:
    """The placement's violations, most urgent first (C-R5, C-R4, C-X5, then C-R2, C-R3).

    C-R5/C-R4/C-X5 (the placed piece fell, touches a base, hangs on no cactus or on the wrong one):
    place it again. C-R2/C-R3: every touching pair of pieces on the table after the placement with the
    same colour, or (basic pieces) the same form, must be fixed by moving the placed piece.
    """
    if state.turn.piece is None:
        raise IllegalMove("no piece is being placed")
    placed = state.pieces[state.turn.piece]
    fallen = set(facts.fallen)
    if placed.id in fallen:
        return [Violation("C-R5", "placed_fell", (placed.id,), "place_again")]
    result: list[Violation] = []
    on_base = placed.id in set(facts.on_base)
    if on_base:
        result.append(Violation("C-R4", "on_base", (placed.id,), "place_again"))
    cactus = facts.carried_by.get(placed.id)
    target = state.target_cactus()
    if cactus is None or not 0 <= cactus < N_CACTI:
        if not on_base:
            result.append(Violation("C-X5", "not_hanging", (placed.id,), "place_again"))
    elif target is not None and cactus != target:
        result.append(Violation("C-X5", "wrong_cactus", (placed.id,), "place_again"))
    table = (set(state.in_world) | {placed.id}) - fallen
    pairs = sorted(tuple(sorted(pair)) for pair in facts.touching)
    for pair in pairs:
        if len(pair) != 2 or not set(pair) <= table:
            continue
        a, b = (state.pieces[x] for x in pair)
        if a.colour == b.colour:
            result.append(Violation("C-R2", "same_colour", pair, "fix"))
        if a.kind == BASIC and b.kind == BASIC and a.form == b.form:
            result.append(Violation("C-R3", "same_form", pair, "fix"))
    return result


def winners(bank: FlowerBank) -> list[int]:
    """C-E4: the seats with the most flower value (ties share the win)."""
    values = [bank.value(p) for p in range(bank.players)]
    best = max(values)
    return [p for p, v in enumerate(values) if v == best]


__all__ = [
    "AWARD_KINDS", "AWARD_RULES", "BASIC", "COLOURS", "DEFAULT_SPECIALS", "END_REASONS", "EVENT_KINDS", "FORMS",
    "MAX_PLAYERS", "MIN_PLAYERS", "N_CACTI", "SAVE_FORMAT", "SAVE_INT_LIMIT", "SPECIAL", "START_FLOWERS",
    "START_SUPPLY", "TOTAL_FLOWERS", "VIOLATION_KINDS", "Award", "AwardKind", "CactusGame", "Die", "Event", "Face",
    "FactsLike", "FlowerBank", "IllegalMove", "Options", "Phase", "Piece", "PieceLike", "PlacementFacts",
    "RulesState", "SaveError", "TurnRecord", "Violation", "allowed_pieces", "default_pieces", "judge",
    "score_placement", "tokens_for", "validate_pieces", "wanted", "winners",
]
