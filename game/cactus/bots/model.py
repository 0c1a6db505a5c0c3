"""The planner's count model of the next turns: what a placement is worth once the next seats have rolled.

The physics decides whether a placement holds; what it is worth is a matter of counts (C-P1..C-P3 look at the
colours and forms hanging, C-T2 at the last placed piece and the cactus it hangs on, C-E2 / C-E3 at the supply
and the row). A :class:`Table` is those counts; :func:`place` puts one piece on the next target cactus and pays
its awards by the rules' own scoring (:func:`~game.cactus.rules.scoring.score_placement`); :func:`outlook` plays
the next ``plies`` seats by the die's faces (each face's share of the die; a face that asks for a basic piece
none fits ends the game, C-E2) and by how each seat chooses among the fitting pieces:

* a ``simple`` bot seat takes, uniformly, one of the fitting pieces whose colour and form the target cactus
  carries least (that is what :meth:`game.cactus.bots.simple.Bot.choose` does; it never looks at awards);
* any other seat (a human, a planner) takes the piece that earns it most now.

The value of a table for ``seat`` (:func:`worth`) is in *pairs*: for each other seat, the chance that ``seat``
ends with strictly more flower value than it (a tie is no win, C-E4). At the end of the game (C-E1..C-E3) that
is 1 or 0; otherwise the lead (plus ``DRIFT`` per turn left against a simple bot seat) is the mean of a normal
spread whose width grows with the turns that may be left (about one round per special in the row, C-E3, and
fewer when the supply runs low, C-E2). So a flower counts most in a close race, ending the game is good while
ahead and bad while behind, and every flower another seat may take from the next rolls counts against
``seat`` in that pair.

Pure: no pygame, no physics, no clock; nothing random (expectations, not samples).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from game.cactus.rules import CactusGame, Phase
from game.cactus.rules.pieces import BASIC, COLOURS, N_CACTI, Die, Face, Piece
from game.cactus.rules.scoring import score_placement

#: Variance of one pair's flower difference per turn still to come (fitted on bench games).
TURN_VARIANCE = 0.6
#: Share of the turns the row of specials allows (about 3 per special) that a game really lasts (C-E2 ends many
#: games earlier).
TURNS_SHARE = 0.7
#: Flowers on the table are worth this much besides the pairs (so a far lead still prefers more flowers).
FLOWER_TIE_BREAK = 0.03
#: Flowers per turn left the seat gains on a simple bot seat (the planner earns more; fitted on bench games).
DRIFT = 0.08


@dataclass(frozen=True)
class Table:
    """What the count model knows of a game: pieces per cactus (ids), supply and row, the last placed piece,
    the seats' flower values, the seat to roll, and how each seat chooses (``simple`` or not)."""

    pieces: Mapping[str, Piece]
    hanging: tuple[tuple[str, ...], ...]
    supply: tuple[str, ...]
    row: tuple[str, ...]
    last: str | None
    last_basic: str | None
    last_cactus: int | None
    values: tuple[int, ...]
    current: int
    simple: tuple[bool, ...]
    die: Die = Die()
    over: bool = False

    @classmethod
    def of(cls, rules: CactusGame, hanging: Sequence[Sequence[str]], simple: Sequence[bool]) -> Table:
        """The table of ``rules`` with ``hanging[c]`` the pieces cactus ``c`` carries."""
        return cls(rules.pieces, tuple(tuple(h) for h in hanging), tuple(rules.supply), tuple(rules.row),
                   rules.last_placed, rules.last_basic, rules.last_cactus,
                   tuple(rules.bank.value(p) for p in range(rules.players)), rules.current, tuple(simple),
                   rules.options.die, rules.is_over)

    @property
    def players(self) -> int:
        return len(self.values)

    @property
    def target(self) -> int:
        return 0 if self.last_cactus is None else (self.last_cactus + 1) % N_CACTI

    def fits(self, face: Face) -> list[str]:
        """The pieces the roll ``face`` allows (C-T2)."""
        if face == Face.SPECIAL:
            return list(self.row[:1])
        last = self.pieces.get(self.last or "")
        if last is None:
            return list(self.supply)
        if face == Face.COLOUR:
            return [p for p in self.supply if self.pieces[p].colour == last.colour]
        basic = last if last.kind == BASIC else self.pieces.get(self.last_basic or "")
        if basic is None:
            return []
        return [p for p in self.supply if self.pieces[p].form == basic.form]

    def turns_left(self) -> float:
        """About how many turns the game has left (C-E3: a special per three turns; C-E2: the supply)."""
        return TURNS_SHARE * min(3.0 * len(self.row), 1.5 * len(self.supply))


def award(table: Table, pid: str) -> int:
    """The flowers ``pid`` earns hung on the target cactus (C-P1..C-P4, by counts)."""
    hanging = [[table.pieces[p] for p in h] for h in table.hanging]
    hanging[table.target].append(table.pieces[pid])
    return sum(a.flowers for a in score_placement(table.pieces[pid], hanging))


def place(table: Table, pid: str) -> Table:
    """The table after the seat on turn hung ``pid`` on the target cactus and took its awards (C-E3 when the
    row is then empty)."""
    gain = award(table, pid)
    target = table.target
    hanging = tuple(h + (pid,) if c == target else h for c, h in enumerate(table.hanging))
    values = tuple(v + gain if s == table.current else v for s, v in enumerate(table.values))
    basic = table.pieces[pid].kind == BASIC
    row = tuple(p for p in table.row if p != pid)
    return replace(table, hanging=hanging, supply=tuple(p for p in table.supply if p != pid), row=row, last=pid,
                   last_basic=pid if basic else table.last_basic, last_cactus=target, values=values,
                   current=(table.current + 1) % table.players, over=not row)


def carried(table: Table) -> tuple[set[str], set[str]]:
    """The colours and the forms the target cactus carries."""
    there = [table.pieces[p] for p in table.hanging[table.target]]
    return {p.colour for p in there}, {p.form for p in there if p.form is not None}


def risk(table: Table, pid: str, there: tuple[set[str], set[str]] | None = None) -> int:
    """How many of its colour and form ``pid`` shares with the target cactus (0-2; C-R2, C-R3), ``there`` being
    :func:`carried` when the caller has it."""
    colours, forms = there if there is not None else carried(table)
    p = table.pieces[pid]
    return (p.colour in colours) + (p.form in forms)


def choices(table: Table, pids: Sequence[str]) -> list[tuple[float, str]]:
    """How the seat on turn chooses among ``pids``: (chance, piece) pairs (see the module doc)."""
    if not pids:
        return []
    if table.simple[table.current]:
        there = carried(table)
        risks = [risk(table, p, there) for p in pids]
        least = min(risks)
        chosen = [p for p, r in zip(pids, risks, strict=True) if r == least]
        return [(1.0 / len(chosen), p) for p in chosen]
    best = max(pids, key=lambda p: award(table, p))
    return [(1.0, best)]


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def worth(table: Table, seat: int) -> float:
    """The pairs ``seat`` can expect to win from ``table`` (see the module doc), plus a little per flower."""
    mine = table.values[seat]
    others = [(v, table.simple[s]) for s, v in enumerate(table.values) if s != seat]
    if table.over:
        pairs = float(sum(mine > v for v, _ in others))
    else:
        left = table.turns_left()
        spread = math.sqrt(TURN_VARIANCE * left + 0.25)
        pairs = sum(_phi((mine - v - 0.5 + (DRIFT * left if simple else 0.0)) / spread) for v, simple in others)
    return pairs + FLOWER_TIE_BREAK * mine


def outlook(table: Table, seat: int, plies: int) -> float:
    """:func:`worth` for ``seat`` expected after the next ``plies`` seats' turns (by the die and how each seat
    chooses; C-E2 ends the game when a face asks for a basic piece none fits)."""
    if plies <= 0 or table.over:
        return worth(table, seat)
    die = table.die
    total = 0.0
    for face, share in ((Face.COLOUR, die.colour), (Face.FORM, die.form), (Face.SPECIAL, die.special)):
        if not share:
            continue
        fits = table.fits(face)
        if not fits:
            value = worth(replace(table, over=True), seat) if face != Face.SPECIAL else worth(table, seat)
        else:
            value = sum(chance * outlook(place(table, p), seat, plies - 1) for chance, p in choices(table, fits))
        total += share / die.SIDES * value
    return total


# ------------------------------------------------------------------ the earlier one-roll estimate (kept: public API)

#: How much of the next seat's expected flowers counts against a placement (the one-roll estimate).
LEAVE_WEIGHT = 0.5
#: Flowers that ending the game is worth at a standing of 1 (ahead of every other seat), one-roll estimate.
END_WEIGHT = 1.5



def _counts(rules: CactusGame, extra: str | None = None) -> tuple[dict[str, int], dict[str, int]]:
    """Pieces on the table per colour and basic pieces per form (with ``extra`` as if it hung too)."""
    ids = list(rules.in_world) + ([extra] if extra is not None and extra not in rules.in_world else [])
    colours: dict[str, int] = {}
    forms: dict[str, int] = {}
    for pid in ids:
        p = rules.pieces[pid]
        colours[p.colour] = colours.get(p.colour, 0) + 1
        if p.kind == BASIC and p.form is not None:
            forms[p.form] = forms.get(p.form, 0) + 1
    return colours, forms


def _award(piece: Piece, colours: Mapping[str, int], forms: Mapping[str, int]) -> int:
    """C-P1 / C-P2 by counts: the flowers ``piece`` earns when it makes a count exactly 3 or 5."""
    gain = {3: 1, 5: 2}.get(colours.get(piece.colour, 0) + 1, 0)
    if piece.kind == BASIC and piece.form is not None:
        gain += {3: 1, 5: 2}.get(forms.get(piece.form, 0) + 1, 0)
    return gain


def _standing(rules: CactusGame, seat: int) -> float:
    """-1..1: the share of the other seats ``seat`` is ahead of minus the share it is behind (flower value)."""
    mine = rules.bank.value(seat)
    others = [rules.bank.value(p) for p in range(rules.players) if p != seat]
    return (sum(mine > v for v in others) - sum(mine < v for v in others)) / max(1, len(others))


def next_seat_expectation(rules: CactusGame, placed: str | None = None, next_colours: Sequence[str] = (),
                          seat: int | None = None) -> float:
    """What ``placed`` (default: the last placed piece) leaves, in flowers against ``seat``: the flowers the next
    seat can expect from its roll (C-T2: per die face, the best award a fitting piece could earn by counts alone,
    C-P1 / C-P2, and the rainbow C-P3 when ``next_colours``, the colours hanging on the next cactus, miss only its
    colour), weighted by the face's share of the die; minus, when a face would end the game (C-E2: nothing fits),
    ``END_WEIGHT`` times that chance times ``seat``'s standing (ending while ahead is good). ``rules`` is either
    after the confirmed turn (ROLL) or before it (``placed`` given)."""
    if rules.phase == Phase.OVER:
        return 0.0
    last = placed if placed is not None else rules.last_placed
    if last is None:
        return 0.0
    colours, forms = _counts(rules, last)
    piece = rules.pieces[last]
    supply = [pid for pid in rules.supply if pid != last]
    row = [pid for pid in rules.row if pid != last]
    if piece.kind == BASIC:
        form = piece.form
    else:
        form = rules.pieces[rules.last_basic].form if rules.last_basic else None
    fits = {
        Face.COLOUR: [p for p in supply if rules.pieces[p].colour == piece.colour],
        Face.FORM: [p for p in supply if form is not None and rules.pieces[p].form == form],
        Face.SPECIAL: row[:1],
    }
    missing = set(COLOURS) - set(next_colours) if len(next_colours) == len(set(next_colours)) == 4 else set()
    die = rules.options.die
    expect = 0.0
    ends = 0.0
    for face, share in ((Face.COLOUR, die.colour), (Face.FORM, die.form), (Face.SPECIAL, die.special)):
        if not fits[face] and face != Face.SPECIAL:
            ends += share / die.SIDES
        best = max((_award(rules.pieces[p], colours, forms) + 2 * (rules.pieces[p].colour in missing)
                    for p in fits[face]), default=0)
        expect += share / die.SIDES * best
    if seat is not None and ends:
        expect -= END_WEIGHT * ends * _standing(rules, seat)
    return expect


__all__ = ["DRIFT", "END_WEIGHT", "FLOWER_TIE_BREAK", "LEAVE_WEIGHT", "TURNS_SHARE", "TURN_VARIANCE", "Table", "award",
           "carried", "choices", "next_seat_expectation", "outlook", "place", "risk", "worth"]
