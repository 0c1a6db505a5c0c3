"""``python -m game bench cactus-counts [--json] [--games N] [--policy P]``: the planner's piece choice without physics.

The Cactus planner's strength has two parts: which fitting piece it takes (a matter of counts: C-P1..C-P3 look at
the colours and forms hanging, C-T2 at the last placed piece, C-E2 / C-E3 at the supply and the row) and how well
its piece holds (physics). ``bench cactus-bot`` measures both on the real world, 45 games in about 5 minutes on
a core, and one 45-game seed moves by about +-0.07 from the dice alone. This bench plays the same 3-seat games
(one seat of ``--policy`` against two simple seats, rotated; ``--policy-seats 2``: two against one; the seeds of
``bench cactus-bot``) on the count model of :mod:`game.cactus.bots.model` only, so a few hundred games take a
minute or two and a choice policy is judged on the same dice as another:

* the die by its faces (C-T2; the first turn any basic piece, C-T1); a face that asks for a basic piece none fits
  ends the game (C-E2), so does an empty row (C-E3) or the flower bank (C-E1);
* a simple seat chooses as :meth:`game.cactus.bots.simple.Bot.choose` does (:func:`~game.cactus.bots.model.choices`);
* the policy seat chooses by ``--policy``: ``playouts`` is the planner's choice at ``--rollouts`` (the shortlist of
  :func:`game.cactus.bots.planner.shortlist` by the count model, then the piece with the best play-out value,
  :mod:`game.cactus.bots.rollout`), ``outlook`` the count model's two-seat outlook alone, ``greedy`` the
  best award now, ``simple`` the simple bot's choice (the baseline: below one half, ties being no win);
* physics enters as one number per seat kind (``--knock SIMPLE,POLICY``): the chance that a turn knocks a piece
  off, which costs 1 flower and the turn's awards (C-R5, never below 0, C-R7; the piece is taken to hang on and
  the knocked piece to stay, a simplification). The defaults are the physics bench's: in its 45 games of seed 0
  the simple seats knocked pieces off in 24 of their 603 turns, the planner in 6 of its 304.

Awards are paid through the real :class:`~game.cactus.rules.bank.FlowerBank` (C-R8: the supply's limit). It prints
``planner_beats_simple`` (the share of (game, simple seat) pairs the policy seat ended strictly ahead of; a tie
is no win, C-E4) with its 95 % interval, the ties, outright wins and game length. Seeded: the same flags give
the same figures, whatever ``--workers``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, replace
from typing import Any

from game.argtypes import positive_int, whole_number
from game.balance import wilson
from game.batch import run_jobs
from game.cactus.bots.model import Table, award, choices, place
from game.cactus.bots.planner import ROLLOUTS, ranked_on, shortlist
from game.cactus.bots.rollout import playout_values
from game.cactus.rules import CactusGame
from game.cactus.rules.bank import FlowerBank
from game.cactus.rules.pieces import N_CACTI
from game.lab.cactus.botbench import game_seed

POLICIES = ("playouts", "outlook", "greedy", "simple")
#: Games by default: enough for about +-0.04 of 95 % interval.
GAMES = 300
#: Chance per turn that a seat knocks a piece off: (simple seats, the policy seat), as ``bench cactus-bot`` measured.
KNOCK = (0.04, 0.02)
#: Pieces of the planner's shortlist (its normal level).
PIECES = 3


@dataclass(frozen=True)
class CountGame:
    index: int
    seats: tuple[int, ...]  # the policy's seats
    values: tuple[int, ...]
    turns: int
    end: str  # C-E1, C-E2 or C-E3
    held: int = 0  # the flower bank's tokens at the end: the players', the general supply's and the box's (C-R8)
    supply: int = 0
    box: int = 0


def choose(table: Table, fits: list[str], policy: str, rollouts: int, rng: random.Random) -> str:
    """The piece the seat on turn takes under ``policy`` (see the module doc)."""
    if policy == "simple" or table.simple[table.current]:
        options = [p for _, p in choices(replace(table, simple=(True,) * table.players), fits)]
        return options[rng.randrange(len(options))]
    if len(fits) == 1:
        return fits[0]
    if policy == "greedy":
        return max(fits, key=lambda p: award(table, p))
    seat = table.current
    ranked = ranked_on(table, fits, rng)  # as the planner ranks them (ranked_pieces)
    if policy == "outlook":
        return ranked[0][1]
    pieces, _ = shortlist(ranked, PIECES)
    if len(pieces) == 1:
        return pieces[0]
    values = playout_values(table, pieces, seat, rollouts, rng.randrange(1 << 30))
    return max(pieces, key=lambda p: values[p])  # the first of the shortlist on a tie


def play(index: int, seed: int, policy: str, rollouts: int, knock: tuple[float, float],
         policy_seats: int = 1) -> CountGame:
    """Count game ``index``: the policy on seat ``index mod 3`` and simple seats elsewhere, or with two policy
    seats the simple seat on ``index mod 3`` (see the module doc)."""
    gseed = game_seed(seed, index)
    dice = random.Random(gseed)  # the k-th roll is the same whatever the policy (paired comparisons)
    table_rng = random.Random(gseed + 1)  # simple seats' choices and knock-offs: one draw each per turn
    policy_rng = random.Random(gseed + 2)
    seats = (index % 3,) if policy_seats == 1 else tuple(s for s in range(3) if s != index % 3)
    rules = CactusGame.new(3, seed=gseed)
    table = Table.of(rules, [[] for _ in range(N_CACTI)], tuple(s not in seats for s in range(3)))
    bank = FlowerBank(3)
    faces = table.die.faces
    turns, end = 0, "C-E3"
    while True:
        fits = list(table.supply) if turns == 0 else table.fits(faces[dice.randrange(len(faces))])  # C-T1, C-T2
        if not fits:
            end = "C-E2"
            break
        current = table.current
        pid = choose(table, fits, policy, rollouts, policy_rng if current in seats else table_rng)
        gain = award(table, pid)
        knocked = table_rng.random() < knock[current in seats] and turns > 0
        table = place(table, pid)
        if knocked:
            bank.pay(current, 1)  # C-R5, C-R7
        else:
            bank.award(current, gain)  # C-R8: as far as the supply reaches
        table = replace(table, values=tuple(bank.value(s) for s in range(3)))
        turns += 1
        if table.over:
            break  # C-E3
        if bank.supply == 0 and bank.all_on_three_side():
            end = "C-E1"
            break
    return CountGame(index, seats, table.values, turns, end, bank.held(), bank.supply, bank.box)


def _one(args: tuple[int, int, str, int, tuple[float, float], int]) -> list[CountGame]:
    return [play(*args)]


def summarize(games: list[CountGame]) -> dict[str, Any]:
    pairs = wins = ties = outright = 0
    mine: list[int] = []
    simple: list[int] = []
    for g in games:
        others = [v for s, v in enumerate(g.values) if s not in g.seats]
        simple += others
        for seat in g.seats:
            v = g.values[seat]
            mine.append(v)
            pairs += len(others)
            wins += sum(v > o for o in others)
            ties += sum(v == o for o in others)
            outright += all(v > o for s, o in enumerate(g.values) if s != seat)
    ends: dict[str, int] = {}
    for g in games:
        ends[g.end] = ends.get(g.end, 0) + 1
    return {
        "planner_beats_simple": round(wins / max(pairs, 1), 3),
        "planner_beats_simple_95": [round(x, 3) for x in wilson(wins, pairs)],
        "planner_ties_simple": round(ties / max(pairs, 1), 3),
        "planner_wins_outright": round(outright / max(len(mine), 1), 3),  # ahead of every other seat
        "games": len(games),
        "turns_median": float(statistics.median(g.turns for g in games)) if games else 0.0,
        "ends": dict(sorted(ends.items())),
        "flowers_mean": {"planner": round(statistics.fmean(mine), 2) if mine else 0.0,
                         "simple": round(statistics.fmean(simple), 2) if simple else 0.0},
    }


def _knock(text: str) -> tuple[float, float]:
    try:
        parts = tuple(float(x) for x in text.split(","))
    except ValueError:
        parts = ()
    if len(parts) != 2 or not all(0.0 <= x <= 1.0 for x in parts):
        raise argparse.ArgumentTypeError(f"expected two chances between 0 and 1, SIMPLE,POLICY, got {text!r}")
    return parts[0], parts[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench cactus-counts",
                                     description="The Cactus planner's piece choice on the count model, against two "
                                                 "simple seats (no physics).")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=positive_int, default=GAMES, metavar="N", help=f"games ({GAMES})")
    parser.add_argument("--seed", type=whole_number, default=0, metavar="S",
                        help="base seed (default 0: the same games every run)")
    parser.add_argument("--policy", choices=POLICIES, default="playouts", help="the policy seat's choice (playouts)")
    parser.add_argument("--rollouts", type=positive_int, default=ROLLOUTS, metavar="R",
                        help=f"play-outs per shortlisted piece with --policy playouts ({ROLLOUTS}, the normal level)")
    parser.add_argument("--knock", type=_knock, default=KNOCK, metavar="SIMPLE,POLICY",
                        help=f"chance per turn of knocking a piece off ({KNOCK[0]},{KNOCK[1]})")
    parser.add_argument("--policy-seats", type=int, choices=(1, 2), default=1, metavar="N",
                        help="seats of the policy: 1 against two simple seats (the default), or 2 against one")
    parser.add_argument("--workers", type=positive_int, default=1, metavar="K", help="worker processes (1)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    began = time.perf_counter()
    jobs = [(i, args.seed, args.policy, args.rollouts, args.knock, args.policy_seats) for i in range(args.games)]
    games = sorted(run_jobs(_one, jobs, total=args.games, workers=args.workers,
                            progress=None if args.no_progress else sys.stderr), key=lambda g: g.index)
    result = summarize(games)
    result.update(policy=args.policy, policy_seats=args.policy_seats,
                  rollouts=args.rollouts if args.policy == "playouts" else 0, knock=list(args.knock), seed=args.seed,
                  workers=args.workers, seconds=round(time.perf_counter() - began, 1))
    if args.json:
        print(json.dumps(result))
    else:
        lo, hi = result["planner_beats_simple_95"]
        lineup = ", ".join([args.policy] * args.policy_seats + ["simple"] * (3 - args.policy_seats))
        print(f"cactus-counts bench: {result['games']} count games of 3 seats ({lineup}; rotated), seed {args.seed}, "
              f"knock-off chances {args.knock[0]} / {args.knock[1]}")
        print(f"  {args.policy} beats simple: {result['planner_beats_simple']:.1%} of pairs (95 % {lo:.1%}-{hi:.1%}), "
              f"ties {result['planner_ties_simple']:.1%}; flowers {result['flowers_mean']}; {result['seconds']} s")
    return 0


__all__ = ["GAMES", "KNOCK", "POLICIES", "CountGame", "choose", "main", "play", "summarize"]
