"""Engine benchmark: ``python -m game bench artischocken [--json]`` (``--against REV``: see bench_against).

Random-bot games through the public API only (``new_game``, ``legal_actions``, ``apply``, ``is_over``), one
core, for 2, 3 and 4 players. Each player count runs for ``--seconds`` (default 4 s) in blocks of games;
``games_per_s`` is the overall rate, ``games_per_s_best`` the fastest block (less sensitive to a busy machine).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from game.artischocken.engine import new_game

#: Safety net only: random games end long before this (median about 20 turns for 2 players).
BENCH_ROUND_LIMIT = 1000


def play_random_games(players: int, games: int, seed: int = 0) -> tuple[int, int]:
    """Play ``games`` random games; returns (games, decisions)."""
    rand = random.Random(seed).random
    decisions = 0
    for i in range(games):
        g = new_game(players, seed=seed + i, round_limit=BENCH_ROUND_LIMIT)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[int(rand() * len(legal))])
            decisions += 1
    return games, decisions


def measure(players: int, seconds: float, block: int = 100, seed: int = 0) -> dict[str, float]:
    play_random_games(players, 20, seed=seed + 10_000_000)  # warm-up (caches, allocator)
    total_games = total_decisions = 0
    best = 0.0
    spent = 0.0
    i = 0
    while spent < seconds or total_games == 0:
        start = time.perf_counter()
        games, decisions = play_random_games(players, block, seed=seed + i * block)
        dt = time.perf_counter() - start
        spent += dt
        total_games += games
        total_decisions += decisions
        best = max(best, games / dt)
        i += 1
    return {"games_per_s": total_games / spent, "games_per_s_best": best,
            "decisions_per_game": total_decisions / total_games, "games": total_games, "seconds": spent}


def run(seconds: float, players: tuple[int, ...] = (2, 3, 4)) -> dict[str, Any]:
    per = {str(n): measure(n, seconds) for n in players}
    return {
        "games_per_s": {k: round(v["games_per_s"], 1) for k, v in per.items()},
        "games_per_s_best": {k: round(v["games_per_s_best"], 1) for k, v in per.items()},
        "decisions_per_game": {k: round(v["decisions_per_game"], 2) for k, v in per.items()},
        "decisions_per_s": {k: round(v["games_per_s"] * v["decisions_per_game"]) for k, v in per.items()},
        "games": {k: int(v["games"]) for k, v in per.items()},
        "seconds_per_count": seconds,
    }


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 < value <= 600:
        raise argparse.ArgumentTypeError(f"must be between 0 and 600 seconds, got {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench artischocken",
                                     description="Random-bot games per second through the engine's public API.")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=_seconds, default=4.0,
                        help="time per player count (default 4 s; 2, 3 and 4 players are measured)")
    parser.add_argument("--against", metavar="REV",
                        help="compare with git revision REV side by side: alternating fixed-work rounds, each a "
                             "fresh subprocess, CPU seconds (see game/lab/artischocken/bench_against.py)")
    parser.add_argument("--rounds", type=_positive, default=5, help="with --against: rounds per side (default 5)")
    parser.add_argument("--games", type=_positive, default=1000,
                        help="with --against: seeded games per round and player count (default 1000)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.against is not None:
        from game.lab.artischocken import bench_against

        return bench_against.main(args.against, args.rounds, args.games, args.json)
    result = run(args.seconds)
    if args.json:
        print(json.dumps(result))
        return 0
    print("Artischocken engine: random-bot games through the public API, one core")
    for n in ("2", "3", "4"):
        print(f"  {n} players: {result['games_per_s'][n]:8.1f} games/s (best block "
              f"{result['games_per_s_best'][n]:.1f}), {result['decisions_per_game'][n]:.1f} decisions/game, "
              f"{result['decisions_per_s'][n]} decisions/s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
