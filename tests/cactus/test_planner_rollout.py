"""The planner's play-outs to the game's end: pure count-model games, the end rules, ties, and the
search that runs them only when it has a piece to choose."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cactus.bots.model import FLOWER_TIE_BREAK, Table, outlook, place
from game.cactus.bots.planner import LEVELS, Search
from game.cactus.bots.rollout import playout, playout_shift, playout_values
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.rules.pieces import BASIC, N_CACTI, default_pieces

PIECES = {p.id: p for p in default_pieces()}
BASICS = tuple(pid for pid, p in PIECES.items() if p.kind == BASIC)
SPECIALS = tuple(pid for pid, p in PIECES.items() if p.kind != BASIC)


def table(hanging: dict[int, Sequence[str]], *, last: str, values: Sequence[int], die: Die,
          supply: Sequence[str] | None = None, row: Sequence[str] = SPECIALS, simple: Sequence[bool] | None = None,
          current: int = 0, over: bool = False) -> Table:
    """A count-model table: ``hanging[c]`` on cactus ``c``, ``last`` placed last on the cactus before the target
    (cactus 0 is the target); the supply defaults to every basic piece not hanging."""
    placed = {p for h in hanging.values() for p in h}
    basic_last = last if PIECES[last].kind == BASIC else next(p for h in hanging.values() for p in h
                                                              if PIECES[p].kind == BASIC)
    return Table(PIECES, tuple(tuple(hanging.get(c, ())) for c in range(N_CACTI)),
                 tuple(supply if supply is not None else [p for p in BASICS if p not in placed]),
                 tuple(p for p in row if p not in placed), last, basic_last, N_CACTI - 1, tuple(values), current,
                 tuple(simple if simple is not None else [False] * len(values)), die, over)


def test_a_finished_game_is_worth_its_pairs_and_a_tie_is_no_win() -> None:
    # C-E4: seat 0 ends level with seat 1 (no win) and ahead of seat 2 (a win).
    t = table({4: ["red_arch"]}, last="red_arch", values=(3, 3, 1), die=Die(), over=True)
    assert playout(t, 0, random.Random(1)) == pytest.approx(1.0 + FLOWER_TIE_BREAK * (3 - 2))


def test_a_face_that_nothing_fits_ends_the_play_out() -> None:
    # C-E2 / C-T2: the die shows only COLOUR, the last piece is red and no red basic piece is left: the game ends
    # at the first roll, with the flowers as they are.
    supply = [p for p in BASICS if PIECES[p].colour != "red"]
    t = table({4: ["red_arch"]}, last="red_arch", values=(2, 1), die=Die(6, 0, 0), supply=supply)
    assert playout(t, 0, random.Random(7)) == pytest.approx(1.0 + FLOWER_TIE_BREAK * 1)
    assert playout(t, 1, random.Random(7)) == pytest.approx(0.0 - FLOWER_TIE_BREAK * 1)


def test_the_last_special_ends_the_play_out_and_counts_for_its_colour() -> None:
    # C-E3 / C-P1 (specials count for colours) / C-T2 (!! takes the leftmost special): two reds hang, the die
    # shows only !!, the row holds cactus_flower (red). The next seat hangs it, makes the reds 3 (+1) and the
    # empty row ends the game: seat 0 was level with it and loses the pair.
    t = table({4: ["red_arch"], 3: ["red_hook", "blue_fork"]}, last="red_arch", values=(3, 3), die=Die(0, 0, 6),
              row=("cactus_flower",), current=1)
    assert playout(t, 0, random.Random(3)) == pytest.approx(0.0 + FLOWER_TIE_BREAK * (3 - 4))
    assert playout(t, 1, random.Random(3)) == pytest.approx(1.0 + FLOWER_TIE_BREAK * (4 - 3))


def test_a_rainbow_waiting_for_the_next_seat_counts_against_the_piece_that_leaves_it() -> None:
    # C-P3 / C-T2: after a FORM roll seat 0 hangs an arch on cactus 0, which carries red, yellow, green and
    # purple: blue_arch is the fifth colour and earns the rainbow (+2), no other arch earns anything (C-P1, C-P2:
    # no count reaches 3). The play-outs rank blue_arch first.
    t = table({0: ["red_hook", "yellow_fork", "green_crescent", "purple_zigzag"], 4: ["green_arch"]},
              last="green_arch", values=(3, 3), die=Die(0, 6, 0))
    arches = [p for p in t.supply if PIECES[p].form == "arch"]
    values = playout_values(t, arches, 0, 200, seed=11)
    assert max(values, key=lambda p: values[p]) == "blue_arch"


def test_play_outs_are_a_pure_function_of_their_seed() -> None:
    # Same table, pieces and seed: the same values (the search spread over frames ends as the one run at once).
    t = table({4: ["blue_arch"], 2: ["red_fork"]}, last="blue_arch", values=(3, 3, 3), die=Die(),
              simple=(False, True, True))
    pieces = [p for p in t.supply if PIECES[p].form == "arch"]
    assert playout_values(t, pieces, 0, 40, seed=5) == playout_values(t, pieces, 0, 40, seed=5)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**20), lead=st.integers(-4, 4), players=st.integers(2, 5))
def test_a_play_out_is_worth_between_no_pair_and_every_pair(seed: int, lead: int, players: int) -> None:
    # C-E4: a play-out wins at most one pair per other seat; its tie-break is at most FLOWER_TIE_BREAK per flower
    # of lead (and no game hands out more than the 25 flowers there are, C-K4).
    rng = random.Random(seed)
    hang = rng.sample(BASICS, 6)
    hanging = {c: hang[c::N_CACTI] for c in range(N_CACTI)}
    values = [5 + lead] + [5] * (players - 1)
    t = table(hanging, last=hang[-1], values=values, die=Die(), simple=[k > 0 for k in range(players)])
    v = playout(t, 0, random.Random(seed + 1))
    assert -FLOWER_TIE_BREAK * 30 <= v <= players - 1 + FLOWER_TIE_BREAK * 30


def test_the_shift_makes_a_clean_trial_worth_its_play_outs() -> None:
    # A trial's outlook plus the shift of its piece is the piece's play-out value (the search adds the shift).
    t = table({4: ["blue_arch"], 2: ["red_fork"]}, last="blue_arch", values=(3, 3, 3), die=Die())
    pieces = [p for p in t.supply if PIECES[p].form == "arch"]
    values = playout_values(t, pieces, 0, 20, seed=2)
    shift = playout_shift(t, values, 0, 2)
    for p in pieces:
        assert outlook(place(t, p), 0, 2) + shift[p] == pytest.approx(values[p])


def test_the_search_plays_out_only_when_it_chooses_and_within_its_budget() -> None:
    # C-T2: after a FORM roll every arch fits; the normal level plays each shortlisted piece out ROLLOUTS times
    # (Level.playouts bounds it). With the piece in hand there is nothing to choose: no play-outs.
    m = Match.with_position({1: ["red_fork"], 2: ["blue_arch"]}, last="blue_arch", options=Options(die=Die(0, 6, 0)))
    m.roll()
    assert m.stage == Stage.CHOOSE and len(m.allowed()) > 1
    level = LEVELS["normal"]
    s = Search(m, level)
    s.run()
    assert 0 < s.playouts <= level.playouts
    assert s.playouts % level.rollouts == 0
    m.take(m.allowed()[0])
    held = Search(m, level)
    held.run()
    assert held.playouts == 0


def test_the_play_outs_and_the_count_model_are_pure() -> None:
    # No pygame, no pymunk, no physics: the count model and its play-outs run without a world.
    code = ("import sys, game.cactus.bots.rollout; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pymunk', 'physics')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
