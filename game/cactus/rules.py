"""The pure rules of Cactus (RULES.md, all C-* rules).

Pure: no pygame, no pymunk, no physics import, no files, no clock. The only randomness is the seeded
``random.Random`` that :class:`CactusGame` carries and saves. The physics world reports *facts* (who
touches whom, who lies on a base, who fell, which cactus carries whom); this module turns them into
rule decisions, penalties, awards and the end of the game.

The contract of DESIGN.md ("game.cactus.rules") is kept exactly:
:func:`score_placement`, :class:`Award`, :class:`FlowerBank`.

Flower tokens (C-K4, C-S1, C-R7, C-R8)
--------------------------------------
25 tokens exist; each lies in the general supply, in the box, or with a player on its 1-side or
3-side (supply and box tokens have no side). Each player starts with three tokens on the 1-side
(C-S1). Whenever a player's value changes, their tokens are exchanged into the *fewest-token form* of
the new value: ``threes = v // 3``, ``ones = v % 3`` (three 1s become one token turned to 3, two tokens
back to the supply, C-R8), so after the first change a player never holds three 1s.

* ``award(p, n)`` gives the largest value ``x <= n`` that the player's tokens plus the supply can
  represent: the player needs ``tokens(v + x) - tokens(v)`` tokens from the supply (a negative need is
  tokens going back to the supply). So an award of 2 adds two 1-tokens and a 1-token held turned to 3
  gives +2 with no token at all. Awards never take from the box ("an award the supply cannot cover is
  paid as far as it reaches"). Returns the value given.
* ``pay(p, n)`` takes ``min(n, v)`` (never below 0, C-R7). A token turned from 3 to 1 takes its change
  (one 1-token) from the supply, else from the box. When neither has a token the turned token pays what
  it must: the player ends on the largest value below the target that needs no extra token (a 3 turned
  to 1 pays 2 instead of 1). Returns the value actually paid (which can then exceed ``n`` by 1).
  Paid tokens go to the supply.
* ``all_on_three_side()`` (C-E1): every token held by a player lies on its 3-side, i.e. every player's
  value is a multiple of 3. A player without tokens holds nothing on a 1-side, so counts as true
  (vacuous truth).
* supply + players' tokens + box == 25 at every moment.

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
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, Protocol, runtime_checkable

# ----------------------------------------------------------------------------------------------
# Components (C-K1..C-K5)

#: The five colours (ids), in the order used for display and for the default catalogue.
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
#: The five forms of the basic pieces (ids).
FORMS: tuple[str, ...] = ("arch", "hook", "crescent", "fork", "zigzag")
#: Number of cacti (C-K1); cactus ``i`` is followed clockwise by ``(i + 1) % N_CACTI``.
N_CACTI = 5
#: Flower tokens in the game (C-K4).
TOTAL_FLOWERS = 25
#: Tokens each player starts with (on the 1-side) and tokens in the general supply (C-S1).
START_FLOWERS = 3
START_SUPPLY = 10
MIN_PLAYERS = 2
MAX_PLAYERS = 5
BASIC = "basic"
SPECIAL = "special"
#: The ten special desert pieces (two per colour, C-K3), as in assets/pieces.json; used when the match
#: passes no catalogue (the rules never read the file).
DEFAULT_SPECIALS: tuple[tuple[str, str], ...] = (
    ("cactus_flower", "red"),
    ("cowboy_boot", "red"),
    ("sun", "yellow"),
    ("scorpion", "yellow"),
    ("lizard", "green"),
    ("snake", "green"),
    ("pot", "blue"),
    ("horseshoe", "blue"),
    ("cow_skull", "purple"),
    ("feather", "purple"),
)
SAVE_FORMAT = "cactus-rules/1"


class IllegalMove(ValueError):
    """An action the rules do not allow now; the state is left unchanged."""


@runtime_checkable
class PieceLike(Protocol):
    """What the rules need to know of a piece; ``physics.PieceSpec`` satisfies it."""

    @property
    def id(self) -> str: ...

    @property
    def kind(self) -> str: ...  # "basic" | "special"

    @property
    def colour(self) -> str: ...

    @property
    def form(self) -> str | None: ...  # None for specials


class FactsLike(Protocol):
    """The physics facts of a settled world (``physics.Facts`` satisfies it, C-X2..C-X5)."""

    @property
    def touching(self) -> Collection[frozenset[str]]: ...

    @property
    def on_base(self) -> Collection[str]: ...

    @property
    def fallen(self) -> Collection[str]: ...

    @property
    def carried_by(self) -> Mapping[str, int | None]: ...



# ----------------------------------------------------------------------------------------------
# Reading saves: every field is checked for its shape, so a malformed save is a ValueError naming the field

#: The largest whole number a save may hold in a counter (turns, touches, seeds are checked against it).
SAVE_INT_LIMIT = 2**63


class SaveError(ValueError):
    """A save (or part of one) has the wrong shape; the message names the field."""


def _need_map(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SaveError(f"{where} must be an object, got {_kind_of(value)}")
    return value


def _need_list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise SaveError(f"{where} must be a list, got {_kind_of(value)}")
    return list(value)


def _need_str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SaveError(f"{where} must be text, got {_kind_of(value)}")
    return value


def _opt_str(value: Any, where: str) -> str | None:
    return None if value is None else _need_str(value, where)


def _need_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise SaveError(f"{where} must be true or false, got {_kind_of(value)}")
    return value


def _need_int(value: Any, where: str, lo: int = -SAVE_INT_LIMIT, hi: int = SAVE_INT_LIMIT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"{where} must be a whole number, got {_kind_of(value)}")
    if not lo <= value <= hi:
        raise SaveError(f"{where} must be between {lo} and {hi}, got {_short(value)}")
    return value


def _opt_int(value: Any, where: str, lo: int = -SAVE_INT_LIMIT, hi: int = SAVE_INT_LIMIT) -> int | None:
    return None if value is None else _need_int(value, where, lo, hi)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind_of(value: Any) -> str:
    names = {type(None): "null", bool: "true/false", int: "a number", float: "a number", str: "text",
             list: "a list", tuple: "a list", dict: "an object"}
    return f"{names.get(type(value), type(value).__name__)} ({_short(value)})"


@dataclass(frozen=True)
class Piece:
    """The rules' own record of a piece (a :class:`PieceLike`)."""

    id: str
    kind: str
    colour: str
    form: str | None

    @property
    def is_basic(self) -> bool:
        return self.kind == BASIC

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "colour": self.colour, "form": self.form}

    @classmethod
    def of(cls, piece: PieceLike) -> Piece:
        return cls(str(piece.id), str(piece.kind), str(piece.colour), piece.form)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "piece") -> Piece:
        d = _need_map(d, where)
        return cls(_need_str(d.get("id"), f"{where}.id"), _need_str(d.get("kind"), f"{where}.kind"),
                   _need_str(d.get("colour"), f"{where}.colour"), _opt_str(d.get("form"), f"{where}.form"))


@dataclass(frozen=True)
class PlacementFacts:
    """A plain :class:`FactsLike` for tests, bots and saves."""

    touching: frozenset[frozenset[str]] = frozenset()
    on_base: frozenset[str] = frozenset()
    fallen: frozenset[str] = frozenset()
    carried_by: Mapping[str, int | None] = field(default_factory=dict)

    @classmethod
    def make(
        cls,
        carried_by: Mapping[str, int | None] | None = None,
        *,
        touching: Iterable[Iterable[str]] = (),
        on_base: Iterable[str] = (),
        fallen: Iterable[str] = (),
    ) -> PlacementFacts:
        return cls(
            touching=frozenset(frozenset(pair) for pair in touching),
            on_base=frozenset(on_base),
            fallen=frozenset(fallen),
            carried_by=dict(carried_by or {}),
        )


def default_pieces() -> list[Piece]:
    """The default catalogue (the ids and order of assets/pieces.json): 25 basic pieces
    ``<colour>_<form>`` (C-K2) and 10 specials (C-K3)."""
    basics = [Piece(f"{c}_{f}", BASIC, c, f) for c in COLOURS for f in FORMS]
    specials = [Piece(name, SPECIAL, colour, None) for name, colour in DEFAULT_SPECIALS]
    return basics + specials


def validate_pieces(
    pieces: Iterable[PieceLike], colours: Sequence[str] | None = None, forms: Sequence[str] | None = None
) -> list[Piece]:
    """Check a catalogue against C-K2 and C-K3; returns it as :class:`Piece` records.

    C-K2: 25 basic pieces, each of the 5 forms x 5 colours exactly once.
    C-K3: 10 specials with unique ids, no form, 2 per colour.
    ``colours`` / ``forms`` default to those the basic pieces use (there must be 5 of each), so a
    catalogue with other ids than COLOURS / FORMS is fine. Raises ValueError naming what is wrong.
    """
    result = [Piece.of(p) for p in pieces]
    if colours is None:
        colours = list(dict.fromkeys(p.colour for p in result if p.kind == BASIC))
    if forms is None:
        forms = list(dict.fromkeys(str(p.form) for p in result if p.kind == BASIC))
    if len(colours) != len(COLOURS) or len(forms) != len(FORMS):
        raise ValueError(
            f"C-K2: need {len(COLOURS)} colours and {len(FORMS)} forms among the basic pieces, "
            f"got {len(colours)} colours and {len(forms)} forms"
        )
    ids = [p.id for p in result]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ValueError(f"piece ids must be unique; repeated: {', '.join(dupes)}")
    basics = [p for p in result if p.kind == BASIC]
    specials = [p for p in result if p.kind == SPECIAL]
    others = [p.id for p in result if p.kind not in (BASIC, SPECIAL)]
    if others:
        raise ValueError(f"piece kind must be 'basic' or 'special'; wrong: {', '.join(others)}")
    for p in result:
        if p.colour not in colours:
            raise ValueError(f"piece {p.id!r} has unknown colour {p.colour!r} (known: {', '.join(colours)})")
    combos = sorted((p.colour, str(p.form)) for p in basics)
    wanted = sorted((c, f) for c in colours for f in forms)
    if combos != wanted:
        missing = sorted(set(wanted) - set(combos))
        extra = sorted(set(combos) - set(wanted)) + sorted({c for c in combos if combos.count(c) > 1})
        raise ValueError(
            f"C-K2: need {len(wanted)} basic pieces, each colour x form once; got {len(basics)}"
            + (f"; missing {missing[:5]}" if missing else "")
            + (f"; unexpected or repeated {extra[:5]}" if extra else "")
        )
    if len(specials) != 2 * len(colours):
        raise ValueError(f"C-K3: need {2 * len(colours)} special pieces, got {len(specials)}")
    for p in specials:
        if p.form is not None:
            raise ValueError(f"C-K3: special piece {p.id!r} must have no form (got {p.form!r})")
    for c in colours:
        n = sum(1 for p in specials if p.colour == c)
        if n != 2:
            raise ValueError(f"C-K3: need 2 special pieces of colour {c!r}, got {n}")
    return result


# ----------------------------------------------------------------------------------------------
# Die (C-K5)


class Face(StrEnum):
    COLOUR = "colour"
    FORM = "form"
    SPECIAL = "special"  # shown as "!!"


@dataclass(frozen=True)
class Die:
    """A six-sided die; how many faces show COLOUR, FORM and !! is a setting (default 2/2/2, C-K5)."""

    colour: int = 2
    form: int = 2
    special: int = 2

    SIDES = 6

    def __post_init__(self) -> None:
        counts = (self.colour, self.form, self.special)
        if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in counts):
            raise ValueError(f"die face counts must be whole numbers >= 0, got {counts}")
        if sum(counts) != self.SIDES:
            raise ValueError(f"the die has {self.SIDES} faces: colour + form + special must be 6, got {counts}")

    @property
    def faces(self) -> tuple[Face, ...]:
        return (Face.COLOUR,) * self.colour + (Face.FORM,) * self.form + (Face.SPECIAL,) * self.special

    def roll(self, rng: random.Random) -> Face:
        return self.faces[rng.randrange(self.SIDES)]

    def to_dict(self) -> dict[str, int]:
        return {"colour": self.colour, "form": self.form, "special": self.special}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "die") -> Die:
        d = _need_map(d, where)
        faces = ("colour", "form", "special")
        return cls(*(_need_int(d.get(face, 2), f"{where}.{face}", 0, cls.SIDES) for face in faces))


# ----------------------------------------------------------------------------------------------
# Flowers (C-K4, C-S1, C-R7, C-R8, C-E1)


def tokens_for(value: int) -> int:
    """Fewest tokens that show ``value``: as many 3-sides as fit, the rest 1-sides."""
    return value // 3 + value % 3


class FlowerBank:
    """The 25 flower tokens: players' holdings, the general supply and the box (see module doc)."""

    def __init__(self, players: int) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Cactus is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players!r}")
        self._ones = [START_FLOWERS] * players  # 3 tokens on the 1-side each (C-S1)
        self._threes = [0] * players
        self._supply = START_SUPPLY
        self._box = TOTAL_FLOWERS - START_FLOWERS * players - START_SUPPLY

    # --- reading
    @property
    def players(self) -> int:
        return len(self._ones)

    @property
    def supply(self) -> int:
        return self._supply

    @property
    def box(self) -> int:
        return self._box

    def _check(self, p: int) -> None:
        if not isinstance(p, int) or not 0 <= p < len(self._ones):
            raise ValueError(f"no player {p!r}; seats are 0..{len(self._ones) - 1}")

    def value(self, p: int) -> int:
        self._check(p)
        return self._ones[p] + 3 * self._threes[p]

    def tokens(self, p: int) -> tuple[int, int]:
        """(ones, threes): tokens on the 1-side and on the 3-side."""
        self._check(p)
        return self._ones[p], self._threes[p]

    def held(self) -> int:
        """Tokens held by all players together."""
        return sum(self._ones) + sum(self._threes)

    def total(self) -> int:
        return self._supply + self._box + self.held()

    def all_on_three_side(self) -> bool:
        """C-E1: every token held by a player shows its 3-side (players without tokens: vacuously)."""
        return not any(self._ones)

    # --- changing
    def _set(self, p: int, value: int) -> None:
        self._ones[p], self._threes[p] = value % 3, value // 3

    def award(self, p: int, n: int) -> int:
        """Give player ``p`` value ``n`` from the supply, as far as it reaches; returns the value given."""
        self._check(p)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"an award must be a whole number >= 0, got {n!r}")
        v, have = self.value(p), self._ones[p] + self._threes[p]
        for x in range(n, 0, -1):
            need = tokens_for(v + x) - have  # < 0: tokens go back to the supply
            if need <= self._supply:
                self._supply -= need
                self._set(p, v + x)
                return x
        return 0

    def pay(self, p: int, n: int) -> int:
        """Player ``p`` pays value ``n`` into the supply (never below 0); returns the value paid."""
        self._check(p)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"a payment must be a whole number >= 0, got {n!r}")
        if n == 0:
            return 0
        v, have = self.value(p), self._ones[p] + self._threes[p]
        for target in range(max(0, v - n), -1, -1):
            need = tokens_for(target) - have
            if need <= self._supply + self._box:
                if need <= 0:
                    self._supply -= need  # paid tokens go back to the supply
                else:  # change: from the supply, else from the box
                    from_supply = min(need, self._supply)
                    self._supply -= from_supply
                    self._box -= need - from_supply
                self._set(p, target)
                return v - target
        raise AssertionError("unreachable: value 0 never needs a token")  # pragma: no cover

    # --- saving
    def to_dict(self) -> dict[str, Any]:
        return {"ones": list(self._ones), "threes": list(self._threes), "supply": self._supply, "box": self._box}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "bank") -> FlowerBank:
        d = _need_map(d, where)
        ones = [_need_int(v, f"{where}.ones", 0, TOTAL_FLOWERS) for v in _need_list(d.get("ones"), f"{where}.ones")]
        threes = [_need_int(v, f"{where}.threes", 0, TOTAL_FLOWERS)
                  for v in _need_list(d.get("threes"), f"{where}.threes")]
        if len(ones) != len(threes):
            raise ValueError("flower bank: 'ones' and 'threes' must list the same players")
        if not ones:
            raise SaveError(f"{where}: no players")
        bank = cls(len(ones))
        bank._ones, bank._threes = ones, threes
        bank._supply = _need_int(d.get("supply"), f"{where}.supply", 0, TOTAL_FLOWERS)
        bank._box = _need_int(d.get("box"), f"{where}.box", 0, TOTAL_FLOWERS)
        if min(ones + threes) < 0 or bank._supply < 0 or bank._box < 0 or bank.total() != TOTAL_FLOWERS:
            raise ValueError(
                f"flower bank does not add up to {TOTAL_FLOWERS} tokens: ones {ones}, threes {threes}, "
                f"supply {bank._supply}, box {bank._box}"
            )
        return bank

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FlowerBank) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"FlowerBank({self.to_dict()})"


# ----------------------------------------------------------------------------------------------
# Awards (C-P1..C-P4)

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


# ----------------------------------------------------------------------------------------------
# Violations and events


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
    kinds joined by "," (awards_void), "supply" / "row" (piece_returned), the end reason (game_over).
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
        d = _need_map(d, where)
        kind = _need_str(d.get("kind"), f"{where}.kind")
        if kind not in EVENT_KINDS:
            raise SaveError(f"{where}.kind: unknown event {_short(kind)}")
        return cls(
            kind=kind,
            rule=_need_str(d.get("rule"), f"{where}.rule"),
            turn=_need_int(d.get("turn"), f"{where}.turn", 0),
            player=_opt_int(d.get("player"), f"{where}.player", 0, MAX_PLAYERS - 1),
            flowers=_need_int(d.get("flowers", 0), f"{where}.flowers", -TOTAL_FLOWERS, TOTAL_FLOWERS),
            nominal=_need_int(d.get("nominal", 0), f"{where}.nominal", -TOTAL_FLOWERS, TOTAL_FLOWERS),
            pieces=tuple(_need_str(x, f"{where}.pieces") for x in _need_list(d.get("pieces", []), f"{where}.pieces")),
            detail=_opt_str(d.get("detail"), f"{where}.detail"),
            cactus=_opt_int(d.get("cactus"), f"{where}.cactus", 0, N_CACTI - 1),
            subject=_opt_str(d.get("subject"), f"{where}.subject"),
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


# ----------------------------------------------------------------------------------------------
# The game state


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
        d = _need_map(d, where)
        return cls(
            long_game=_need_bool(d.get("long_game", False), f"{where}.long_game"),
            strict_claim=_need_bool(d.get("strict_claim", False), f"{where}.strict_claim"),
            die=Die.from_dict(d.get("die", {}), f"{where}.die"),
            turn_limit=_opt_int(d.get("turn_limit"), f"{where}.turn_limit", 1),
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
        d = _need_map(d, where)
        roll = _opt_str(d.get("roll"), f"{where}.roll")
        if roll is not None and roll not in {f.value for f in Face}:
            raise SaveError(f"{where}.roll: unknown die face {_short(roll)}")
        return cls(
            roll=None if roll is None else Face(roll),
            piece=_opt_str(d.get("piece"), f"{where}.piece"),
            hand_touches=_need_int(d.get("hand_touches", 0), f"{where}.hand_touches", 0),
            knocked=[_need_str(x, f"{where}.knocked") for x in _need_list(d.get("knocked", []), f"{where}.knocked")],
            placed_fell=_need_int(d.get("placed_fell", 0), f"{where}.placed_fell", 0),
        )


def _rng_to_json(rng: random.Random) -> dict[str, Any]:
    version, internal, gauss = rng.getstate()
    return {"version": version, "state": list(internal), "gauss": gauss}


#: random.Random's state: 624 words of 32 bits and a position 0..624.
_RNG_WORDS = 624


def _rng_from_json(d: Mapping[str, Any], where: str = "rng") -> random.Random:
    d = _need_map(d, where)
    version = _need_int(d.get("version"), f"{where}.version")
    state = _need_list(d.get("state"), f"{where}.state")
    if len(state) != _RNG_WORDS + 1:
        raise SaveError(f"{where}.state must hold {_RNG_WORDS + 1} numbers, got {len(state)}")
    words = tuple(_need_int(x, f"{where}.state", 0, 2**32 - 1) for x in state[:-1])
    position = _need_int(state[-1], f"{where}.state position", 0, _RNG_WORDS)
    gauss = d.get("gauss")
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, int | float)):
        raise SaveError(f"{where}.gauss must be a number or null, got {_kind_of(gauss)}")
    rng = random.Random()
    try:
        rng.setstate((version, (*words, position), gauss))
    except (ValueError, TypeError, OverflowError) as exc:
        raise SaveError(f"{where}: not a generator state ({exc})") from None
    return rng


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
        return _wanted(self, self.turn.roll if roll is None else roll)

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

    def roll(self) -> Face:
        """C-T2: roll the die with the game's generator. A basic roll nothing fits ends the game (C-E2)."""
        self._require(Phase.ROLL)
        face = self.options.die.roll(self.rng)
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

    def touch_hand(self, count: int = 1) -> list[Event]:
        """C-R1: the hand touched a cactus or a hanging piece ``count`` times: 1 flower each, at once."""
        self._require(Phase.PLACE)
        if not isinstance(count, int) or count < 0:
            raise ValueError(f"touch count must be a whole number >= 0, got {count!r}")
        events = []
        for _ in range(count):
            self.turn.hand_touches += 1
            paid = self.bank.pay(self.current, 1)
            events.append(self._emit("hand_touch", "C-R1", player=self.current, flowers=-paid, nominal=1))
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
            "rng": _rng_to_json(self.rng),
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
            raise ValueError(f"broken Cactus rules save: the rules must be an object, got {_kind_of(d)}")
        if d.get("format") != SAVE_FORMAT:
            raise ValueError(f"not a Cactus rules save (format {_short(d.get('format'))}, expected {SAVE_FORMAT!r})")
        try:
            return cls._read(d)
        except SaveError as exc:
            raise ValueError(f"broken Cactus rules save: {exc}") from None
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError, RecursionError) as exc:
            raise ValueError(f"broken Cactus rules save: {exc!r}") from None

    @classmethod
    def _read(cls, d: Mapping[str, Any]) -> CactusGame:
        def ids(key: str, default: Any = None) -> list[str]:
            value = d.get(key, default)
            if value is None and default is None:
                raise SaveError(f"{key} is missing")
            return [_need_str(x, key) for x in _need_list(value, key)]

        def known(pid: str | None, where: str, kind: str | None = None) -> str | None:
            if pid is not None and pid not in g.pieces:
                raise ValueError(f"broken Cactus rules save: unknown pieces [{_short(pid)}] in {where}")
            if pid is not None and kind is not None and g.pieces[pid].kind != kind:
                raise SaveError(f"{where}: {pid!r} is not a {kind} piece")
            return pid

        g = cls()
        names = d.get("names")
        g.names = [_need_str(n, "names") for n in _need_list(names, "names")] if names is not None else []
        if not MIN_PLAYERS <= len(g.names) <= MAX_PLAYERS:
            raise SaveError(f"names: Cactus is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(g.names)}")
        players = len(g.names)
        g.options = Options.from_dict(d.get("options", {}))
        g.pieces = {p.id: p for p in validate_pieces(
            Piece.from_dict(x, f"pieces[{i}]") for i, x in enumerate(_need_list(d.get("pieces"), "pieces")))}
        g.seed = _need_int(d.get("seed", 0), "seed")
        if "rng" not in d:
            raise SaveError("rng is missing")
        g.rng = _rng_from_json(d["rng"])
        g.supply, g.row = ids("supply"), ids("row")
        g.out, g.in_world, g.placed_log = ids("out", []), ids("in_world", []), ids("placed_log", [])
        if "bank" not in d:
            raise SaveError("bank is missing")
        g.bank = FlowerBank.from_dict(d["bank"])
        g.start_player = _need_int(d.get("start_player", 0), "start_player", 0, players - 1)
        g.current = _need_int(d.get("current"), "current", 0, players - 1)
        g.turn_number = _need_int(d.get("turn_number", 1), "turn_number", 1)
        phase = _need_str(d.get("phase"), "phase")
        if phase not in {p.value for p in Phase}:
            raise SaveError(f"phase: unknown phase {_short(phase)}")
        g.phase = Phase(phase)
        g.turn = TurnRecord.from_dict(d.get("turn", {}))
        end_reason = _opt_str(d.get("end_reason"), "end_reason")
        if end_reason is not None and end_reason not in END_REASONS:
            raise SaveError(f"end_reason: unknown reason {_short(end_reason)}")
        g.end_reason = end_reason
        g.winners = [_need_int(x, "winners", 0, players - 1) for x in _need_list(d.get("winners", []), "winners")]
        g.log = [Event.from_dict(e, f"log[{i}]") for i, e in enumerate(_need_list(d.get("log", []), "log"))]
        if g.bank.players != players:
            raise ValueError("broken Cactus rules save: bank and names disagree on the number of players")
        unknown = [x for x in [*g.supply, *g.row, *g.out, *g.in_world, *g.placed_log] if x not in g.pieces]
        if unknown:
            raise ValueError(f"broken Cactus rules save: unknown pieces {unknown[:5]}")
        for pid in g.supply:
            known(pid, "supply", BASIC)
        for pid in g.row:
            known(pid, "row", SPECIAL)
        places = [*g.supply, *g.row, *g.out, *g.in_world]
        g.turn.piece = known(_opt_str(g.turn.piece, "turn.piece"), "turn.piece")
        if g.turn.piece is not None:
            places.append(g.turn.piece)
        twice = sorted({x for x in places if places.count(x) > 1})
        if twice:
            raise SaveError(f"pieces lie in two places at once: {twice[:5]}")
        for pid in g.turn.knocked:
            known(pid, "turn.knocked")
        g.last_placed = known(_opt_str(d.get("last_placed"), "last_placed"), "last_placed")
        g.last_basic = known(_opt_str(d.get("last_basic"), "last_basic"), "last_basic", BASIC)
        g.last_cactus = _opt_int(d.get("last_cactus"), "last_cactus", 0, N_CACTI - 1)
        if g.last_placed is not None and g.last_cactus is None:
            raise SaveError("last_cactus is missing although a piece was placed")
        if g.phase == Phase.PLACE and g.turn.piece is None:
            raise SaveError("phase 'place' without a piece in turn.piece")
        if g.phase in (Phase.ROLL, Phase.CHOOSE) and g.turn.piece is not None:
            raise SaveError(f"phase {g.phase.value!r} with a piece already taken ({g.turn.piece!r})")
        if g.phase in (Phase.CHOOSE, Phase.PLACE) and not g.first_turn and g.turn.roll is None:
            raise SaveError(f"phase {g.phase.value!r} after the first turn without a roll")
        if g.phase == Phase.OVER and g.end_reason is None:
            raise SaveError("phase 'over' without an end_reason")
        return g

    def clone(self) -> CactusGame:
        return copy.deepcopy(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CactusGame) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"CactusGame(players={self.players}, turn={self.turn_number}, phase={self.phase.value})"


RulesState = CactusGame


# ----------------------------------------------------------------------------------------------
# Pure functions over a state


def _wanted(state: CactusGame, roll: Face | None) -> tuple[str, str | None]:
    if state.first_turn:
        return "any", None  # C-T1
    last = state.pieces.get(state.last_placed or "")
    if roll is None:
        raise IllegalMove("roll the die first (C-T2)")
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
    what, value = _wanted(state, roll)
    if what == "any":
        return list(state.supply)
    if what == "special":
        return [] if value is None else [value]
    if value is None:
        return []
    attr = "colour" if what == "colour" else "form"
    return [pid for pid in state.supply if getattr(state.pieces[pid], attr) == value]


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
    "AWARD_KINDS",
    "BASIC",
    "COLOURS",
    "END_REASONS",
    "EVENT_KINDS",
    "FORMS",
    "N_CACTI",
    "SPECIAL",
    "TOTAL_FLOWERS",
    "VIOLATION_KINDS",
    "Award",
    "AwardKind",
    "CactusGame",
    "Die",
    "Event",
    "Face",
    "FactsLike",
    "FlowerBank",
    "IllegalMove",
    "Options",
    "Phase",
    "Piece",
    "PieceLike",
    "PlacementFacts",
    "RulesState",
    "SaveError",
    "TurnRecord",
    "Violation",
    "allowed_pieces",
    "default_pieces",
    "judge",
    "score_placement",
    "tokens_for",
    "validate_pieces",
    "winners",
]
