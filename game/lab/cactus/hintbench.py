"""``python -m game bench cactus-hint [--json] [--positions N] [--seed S]``: the hint carried out on the real match.

Seeded two-seat games, both seats played by the simple bot, give mid-game positions: from turn ``FIRST_TURN`` on, at
seat 0's turns a seeded number of turns apart (at most ``PER_GAME`` per game), the bench rolls and takes a piece for
seat 0 (a seeded choice among the fitting ones), asks for the hint (:func:`game.cactus.bots.hint.suggest`) and
carries it out with a scripted hand on *that* match, the one the game was played on (never a copy): it turns the
piece to the hint's angle as the T key does, takes it where the hint's way starts, moves the pointer along the way
one frame at a time, lets go at the release point, lets the table settle frame by frame as the play screen does,
and confirms. A valid hint ends the turn and the game goes on (and so does a position with no hint: the bot plays
that turn); a failed one ends that game (the next position comes from a new game).

It prints ``hint_valid_rate`` (the share of the hints given whose carrying out was judged valid and confirmed),
``hint_found_rate`` (the share of positions with a hint), the failure kinds counted (``no_hint``, ``grab_refused``,
``fell``, ``violation:<kind>``, ``touched``, ``knocked``, ``confirm_refused``, ``not_judged``), the largest lag of
the piece behind the pointer along the way (mm, p95 and max: a way that crossed something would show here), and
how far the piece came to rest from the hint's ghost (mm, p95 and max).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.argtypes import positive_int, whole_number
from game.cactus.bots.drive import FRAME
from game.cactus.bots.hint import suggest
from game.cactus.bots.kinds import SeatBots
from game.cactus.match import SETTLE_CAP, Match, MatchError, Stage

POSITIONS = 200
#: The first turn a position may come from (turn 1 has no roll; turn 2 leaves an empty table).
FIRST_TURN = 3
#: Positions taken from one game at most (the rest come from other seeds).
PER_GAME = 5
#: Bot steps a game may take between two positions before it is given up.
STEPS = 20_000
#: The seat the hint is carried out for.
SEAT = 0


@dataclass(frozen=True)
class Carried:
    """One position: the turn, what carrying the hint out gave ("valid" or a failure kind), the largest lag of the
    piece behind the pointer along the way (mm) and how far from the ghost it came to rest (mm, None: not at rest)."""

    turn: int
    result: str
    lag: float
    off_ghost: float | None


def carry_out(m: Match) -> Carried:
    """Ask for the hint for the piece in seat 0's hand and carry it out on ``m`` itself (see the module doc)."""
    turn = m.turn_key
    hint = suggest(m)
    if hint is None:
        return Carried(turn, "no_hint", 0.0, None)
    m.rotate(hint.turn_from(m.hand_angle))  # the T key: the piece turned to the hint's angle in the hand
    try:
        m.grab_new(hint.start)
    except MatchError:
        return Carried(turn, "grab_refused", 0.0, None)
    lag = 0.0
    for point in hint.path[1:]:
        m.move_hand(point)
        m.step(FRAME)
        lag = max(lag, m.world.hand.lag)
    if m.stage == Stage.HOLDING:
        m.release()
    for _ in range(round((SETTLE_CAP + 1.0) / FRAME)):
        if m.stage != Stage.SETTLING:
            break
        m.step(FRAME)
    off = None
    if m.world.has_piece(hint.piece) and m.stage == Stage.JUDGED:
        x, y, _ = m.world.pose(hint.piece)
        off = math.dist((x, y), hint.rest[:2])
    return Carried(turn, judge(m), lag, off)


def judge(m: Match) -> str:
    """What the carried-out hint gave on ``m``: "valid" (judged without a broken rule, no touch, nothing knocked
    off, confirmed) or the first failure kind."""
    turn = m.rules.turn
    if m.stage == Stage.IN_HAND:
        return "fell"
    if m.stage != Stage.JUDGED:
        return "not_judged"
    if m.violations:
        return "violation:" + ",".join(sorted({v.kind for v in m.violations}))
    if turn.hand_touches:
        return "touched"
    if turn.knocked:
        return "knocked"
    try:
        m.confirm(claims=[a.kind for a in m.preview_awards()])
    except MatchError:
        return "confirm_refused"
    return "valid"


def game_positions(seed: int, game: int, wanted: int) -> list[Carried]:
    """Up to ``wanted`` positions of one seeded game (see the module doc)."""
    rng = random.Random(seed * 1_000_003 + game * 7919)
    m = Match.new(2, seed=rng.randrange(2**31), bots=[True, True], bot_kinds=["simple", "simple"])
    bots = SeatBots.of(m)
    found: list[Carried] = []
    due = FIRST_TURN + rng.randrange(6)
    steps = 0
    while not m.is_over and len(found) < wanted and steps < STEPS:
        if m.current == SEAT and m.stage == Stage.ROLL and m.turn_key >= due:
            m.roll()
            if m.stage == Stage.CHOOSE:
                m.take(rng.choice(m.allowed()))
            if m.stage != Stage.IN_HAND:
                continue
            carried = carry_out(m)
            found.append(carried)
            if carried.result == "no_hint":  # nothing to carry out: the bot plays this turn, the game goes on
                due = m.turn_key + 2
                continue
            if carried.result != "valid":
                break
            due = m.turn_key + 1 + 2 * rng.randrange(3)
            steps = 0
            continue
        steps += 1
        try:
            bots.act(m)
        except MatchError:
            continue  # refused (the world changed under the bot): the next step looks again, as the scene does
    return found


def run(positions: int, seed: int, progress: bool = False) -> tuple[list[Carried], int]:
    """``positions`` carried-out hints from as many seeded games as it takes; and the number of games."""
    done: list[Carried] = []
    game = 0
    while len(done) < positions:
        done += game_positions(seed, game, min(PER_GAME, positions - len(done)))
        game += 1
        if progress:
            print(f"\rcactus-hint: {len(done)}/{positions} positions, {game} games", end="", file=sys.stderr)
    if progress:
        print(file=sys.stderr)
    return done, game


def _p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def summarize(done: list[Carried], games: int) -> dict[str, Any]:
    given = [c for c in done if c.result != "no_hint"]
    valid = sum(1 for c in given if c.result == "valid")
    lags = [c.lag for c in given]
    offs = [c.off_ghost for c in given if c.off_ghost is not None]
    turns = [c.turn for c in done]
    return {
        "positions": len(done),
        "games": games,
        "hints_given": len(given),
        "hint_valid_rate": round(valid / len(given), 4) if given else 0.0,
        "hint_found_rate": round(len(given) / len(done), 4) if done else 0.0,
        "failures": dict(sorted(Counter(c.result for c in done if c.result != "valid").items())),
        "turns": {"min": min(turns, default=0), "max": max(turns, default=0),
                  "mean": round(statistics.fmean(turns), 1) if turns else 0.0},
        "path_lag_mm_p95": round(_p95(lags), 2),
        "path_lag_mm_max": round(max(lags, default=0.0), 2),
        "off_ghost_mm_p95": round(_p95(offs), 2),
        "off_ghost_mm_max": round(max(offs, default=0.0), 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench cactus-hint",
                                     description="The Cactus hint carried out by a scripted hand on the real match.")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--positions", type=positive_int, default=POSITIONS, metavar="N",
                        help=f"positions ({POSITIONS})")
    parser.add_argument("--seed", type=whole_number, default=0, metavar="S",
                        help="base seed (default 0: the same positions every run)")
    parser.add_argument("--no-progress", action="store_true", help="no progress line on stderr")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    began = time.perf_counter()
    done, games = run(args.positions, args.seed, not args.no_progress and not args.json)
    result = summarize(done, games)
    result["seed"] = args.seed
    result["seconds"] = round(time.perf_counter() - began, 1)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"cactus-hint bench: {result['positions']} positions from {games} games, seed {args.seed}")
        print(f"  hints valid when carried out: {result['hint_valid_rate']:.1%} of {result['hints_given']} "
              f"(found in {result['hint_found_rate']:.1%} of positions)")
        print(f"  failures: {result['failures'] or 'none'}")
        print(f"  lag along the way: p95 {result['path_lag_mm_p95']} mm, max {result['path_lag_mm_max']} mm; "
              f"rest off the ghost: p95 {result['off_ghost_mm_p95']} mm, max {result['off_ghost_mm_max']} mm")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
