"""The components of Cactus (C-K1..C-K5), pure: colours, forms, the catalogue of pieces and the die.

Also the rules' two input protocols: :class:`PieceLike` (what the rules need to know of a piece;
``physics.PieceSpec`` satisfies it) and :class:`FactsLike` (the facts of a settled world), so the rules
never import physics.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from game.cactus.rules.save_checks import need_int, need_map, need_str, opt_str

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


@dataclass(frozen=True)
class Piece:
    """The rules' own record of a piece (a :class:`PieceLike`)."""

    id: str
    kind: str
    colour: str
    form: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "colour": self.colour, "form": self.form}

    @classmethod
    def of(cls, piece: PieceLike) -> Piece:
        return cls(str(piece.id), str(piece.kind), str(piece.colour), piece.form)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "piece") -> Piece:
        d = need_map(d, where)
        return cls(need_str(d.get("id"), f"{where}.id"), need_str(d.get("kind"), f"{where}.kind"),
                   need_str(d.get("colour"), f"{where}.colour"), opt_str(d.get("form"), f"{where}.form"))


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
            f"the basic pieces need {len(COLOURS)} colours and {len(FORMS)} forms, "
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
            f"need {len(wanted)} basic pieces, each colour in each form once; got {len(basics)}"
            + (f"; missing {missing[:5]}" if missing else "")
            + (f"; unexpected or repeated {extra[:5]}" if extra else "")
        )
    if len(specials) != 2 * len(colours):
        raise ValueError(f"need {2 * len(colours)} special pieces, got {len(specials)}")
    for p in specials:
        if p.form is not None:
            raise ValueError(f"special piece {p.id!r} must have no form (got {p.form!r})")
    for c in colours:
        n = sum(1 for p in specials if p.colour == c)
        if n != 2:
            raise ValueError(f"need 2 special pieces of colour {c!r}, got {n}")
    return result


# ----------------------------------------------------------------------------------------------
# The die (C-K5)


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
        d = need_map(d, where)
        faces = ("colour", "form", "special")
        return cls(*(need_int(d.get(face, 2), f"{where}.{face}", 0, cls.SIDES) for face in faces))


__all__ = ["BASIC", "COLOURS", "DEFAULT_SPECIALS", "FORMS", "MAX_PLAYERS", "MIN_PLAYERS", "N_CACTI", "SPECIAL",
           "START_FLOWERS", "START_SUPPLY", "TOTAL_FLOWERS", "Die", "Face", "FactsLike", "IllegalMove", "Piece",
           "PieceLike", "PlacementFacts", "default_pieces", "validate_pieces"]
