"""The planner's play-outs: what taking a piece is worth once the game has been played to its end many times.

The two-ply outlook of :mod:`game.cactus.bots.model` sees the next two seats; a flower set up for a later
seat (a colour or form count left at 2 or 4 for the seat whose COLOUR or FORM roll asks for it, C-T2, C-P1,
C-P2), the rainbow a cactus is growing towards (C-P3) and the end of the game (C-E2, C-E3) lie further out.
:func:`playout_values` plays the count model's table to its end ``rollouts`` times after each fitting piece:
the die by its faces (C-T2), a ``simple`` bot seat choosing as :meth:`game.cactus.bots.simple.Bot.choose` does (one of
the fitting pieces whose colour and form the target cactus carries least, uniformly), every other seat taking
the piece that earns it most now (C-P1..C-P4), until a face asks for a basic piece none fits (C-E2) or the row
of specials is empty (C-E3). The value of a play-out is the pairs ``seat`` wins (strictly more flower value
than each other seat, a tie is no win, C-E4), plus ``FLOWER_TIE_BREAK`` per flower it ends ahead of the others'
mean.

Every piece gets the same ``rollouts`` random streams (common random numbers: the same die rolls and the same
choices of the other seats wherever they can be the same), so the difference between two pieces is measured
with far less noise than their values. The streams come from ``seed`` alone (the caller derives it from the
game's seed and the turn), so a play-out is a pure function of its inputs.

Pure: no pygame, no physics, no clock. The flower supply's limit (C-R8) and knock-offs (C-R5) are left out.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from game.cactus.bots.model import FLOWER_TIE_BREAK, Table, outlook
from game.cactus.bots.model import place as model_place
from game.cactus.rules.pieces import BASIC, COLOURS, N_CACTI, Face


@dataclass
class _State:
    """A table's counts in a form cheap to copy and step (see :class:`~game.cactus.bots.model.Table`)."""

    supply: list[str]
    row: list[str]
    colours: dict[str, int]  # pieces hanging per colour (C-P1)
    forms: dict[str, int]  # basic pieces hanging per form (C-P2)
    cactus_colours: list[list[str]]  # the colours each cactus carries (C-P3)
    cactus_forms: list[list[str]]
    last: str | None
    last_basic: str | None
    last_cactus: int
    values: list[int]
    current: int

    def copy(self) -> _State:
        return _State(list(self.supply), list(self.row), dict(self.colours), dict(self.forms),
                      [list(c) for c in self.cactus_colours], [list(f) for f in self.cactus_forms], self.last,
                      self.last_basic, self.last_cactus, list(self.values), self.current)


def _state(table: Table) -> _State:
    colours: dict[str, int] = {}
    forms: dict[str, int] = {}
    cactus_colours: list[list[str]] = []
    cactus_forms: list[list[str]] = []
    for h in table.hanging:
        cc: list[str] = []
        cf: list[str] = []
        for pid in h:
            p = table.pieces[pid]
            colours[p.colour] = colours.get(p.colour, 0) + 1
            cc.append(p.colour)
            if p.kind == BASIC and p.form is not None:
                forms[p.form] = forms.get(p.form, 0) + 1
                cf.append(p.form)
        cactus_colours.append(cc)
        cactus_forms.append(cf)
    last_cactus = table.last_cactus if table.last_cactus is not None else N_CACTI - 1
    return _State(list(table.supply), list(table.row), colours, forms, cactus_colours, cactus_forms, table.last,
                  table.last_basic, last_cactus, list(table.values), table.current)


def _award(table: Table, s: _State, pid: str, target: int) -> int:
    p = table.pieces[pid]
    gain = {3: 1, 5: 2}.get(s.colours.get(p.colour, 0) + 1, 0)
    if p.kind == BASIC and p.form is not None:
        gain += {3: 1, 5: 2}.get(s.forms.get(p.form, 0) + 1, 0)
    here = s.cactus_colours[target]
    if len(here) == len(COLOURS) - 1 and p.colour not in here and len(set(here)) == len(here):
        gain += 2
    return gain


def _fits(table: Table, s: _State, face: Face) -> list[str]:
    if face == Face.SPECIAL:
        return s.row[:1]
    last = table.pieces[s.last] if s.last is not None else None
    if last is None:
        return list(s.supply)
    if face == Face.COLOUR:
        return [p for p in s.supply if table.pieces[p].colour == last.colour]
    basic = last if last.kind == BASIC else (table.pieces[s.last_basic] if s.last_basic else None)
    if basic is None:
        return []
    return [p for p in s.supply if table.pieces[p].form == basic.form]


def _choose(table: Table, s: _State, fits: Sequence[str], target: int, rng: random.Random) -> str:
    if table.simple[s.current]:
        colours = set(s.cactus_colours[target])
        forms = set(s.cactus_forms[target])
        risks = [(table.pieces[p].colour in colours) + (table.pieces[p].form in forms) for p in fits]
        least = min(risks)
        chosen = [p for p, r in zip(fits, risks, strict=True) if r == least]
        return chosen[rng.randrange(len(chosen))] if len(chosen) > 1 else chosen[0]
    gains = [_award(table, s, p, target) for p in fits]
    return fits[gains.index(max(gains))]


def _step(table: Table, s: _State, pid: str, target: int) -> None:
    p = table.pieces[pid]
    s.values[s.current] += _award(table, s, pid, target)
    s.colours[p.colour] = s.colours.get(p.colour, 0) + 1
    s.cactus_colours[target].append(p.colour)
    if p.kind == BASIC and p.form is not None:
        s.forms[p.form] = s.forms.get(p.form, 0) + 1
        s.cactus_forms[target].append(p.form)
        s.last_basic = pid
        s.supply.remove(pid)
    else:
        s.row.remove(pid)
    s.last, s.last_cactus = pid, target
    s.current = (s.current + 1) % len(s.values)


def playout(table: Table, seat: int, rng: random.Random, start: _State | None = None) -> float:
    """One play-out of ``table`` to the end of the game (see the module doc): the pairs ``seat`` wins, plus
    ``FLOWER_TIE_BREAK`` per flower it ends ahead of the others' mean (its own end value would favour long
    games: every game gives flowers)."""
    s = (start or _state(table)).copy()
    faces = table.die.faces
    over = table.over
    while not over:
        fits = _fits(table, s, faces[rng.randrange(len(faces))])
        if not fits:
            break  # C-E2 (the row is never empty while the game runs, C-E3)
        target = (s.last_cactus + 1) % N_CACTI
        _step(table, s, _choose(table, s, fits, target, rng), target)
        over = not s.row
    mine = s.values[seat]
    others = [v for k, v in enumerate(s.values) if k != seat]
    return sum(mine > v for v in others) + FLOWER_TIE_BREAK * (mine - sum(others) / max(1, len(others)))


def playout_steps(table: Table, pieces: Sequence[str], seat: int, rollouts: int, seed: int,
                  values: dict[str, float]) -> Iterator[None]:
    """:func:`playout_values` in pieces: fills ``values`` (piece -> mean play-out value for ``seat`` after the
    seat on turn took it), pausing (``yield``) after each play-out."""
    starts = {pid: (model_place(table, pid), _state(model_place(table, pid))) for pid in pieces}
    totals = dict.fromkeys(pieces, 0.0)
    for k in range(rollouts):
        for pid in pieces:
            after, start = starts[pid]
            totals[pid] += playout(after, seat, random.Random(seed * 1_000_003 + k), start)
            yield
    for pid in pieces:
        values[pid] = totals[pid] / rollouts if rollouts else 0.0


def playout_values(table: Table, pieces: Sequence[str], seat: int, rollouts: int, seed: int) -> dict[str, float]:
    """Each piece's mean play-out value for ``seat`` (pairs won at the end, see the module doc) after the seat
    on turn took it from ``table``, over ``rollouts`` play-outs with the same random streams for every piece."""
    values: dict[str, float] = {}
    for _ in playout_steps(table, pieces, seat, rollouts, seed, values):
        pass
    return values


def playout_shift(table: Table, values: Mapping[str, float], seat: int, plies: int) -> dict[str, float]:
    """Per piece, how much its play-out value (``values``, :func:`playout_values`) exceeds what the count model's
    ``plies``-seat outlook (:func:`~game.cactus.bots.model.outlook`) makes of taking it, in pairs: added to a
    trial's outlook, a clean trial of the piece is worth its play-out value, and one that cost flowers (C-R1,
    C-R5) keeps what the outlook makes of that cost."""
    return {pid: v - outlook(model_place(table, pid), seat, plies) for pid, v in values.items()}


__all__ = ["playout", "playout_shift", "playout_steps", "playout_values"]
