"""CPU time per decision of the card search bot: ``python -m game bench artischocken-search [--json]``.

Plays ``--games`` two-player games of each search level against the expert bot (seats rotating, one core) and
times every decision of the search seat that has a real choice (more than one legal action) in process CPU time
(less sensitive to a busy machine than the wall clock): median, 95th percentile and maximum in milliseconds. The
time includes making the seat's view with its event log (the bot's memory, as at the table and in ``simulate``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from game.argtypes import positive_int, whole_number
from game.artischocken.bots import make_bot, wants_log
from game.artischocken.bots.search import LEVELS
from game.artischocken.engine import new_game


def measure(level: str, games: int = 4, seed: int = 1, opponent: str = "expert") -> dict[str, Any]:
    """The CPU figures of one level (see the module doc)."""
    cpu: list[float] = []
    iterations: list[int] = []
    for i in range(games):
        me = i % 2
        bots = [make_bot(level if s == me else opponent, seed * 1000 + 10 * i + s) for s in range(2)]
        g = new_game(2, seed=seed * 1000 + i, round_limit=200)
        while not g.is_over:
            p = g.current_player
            assert p is not None
            legal = g.legal_actions()
            if len(legal) == 1:
                g.apply(legal[0])
                continue
            c0 = time.process_time()  # the view counts too: with its event log, it is the search bot's memory
            view = g.view(p, log=wants_log(bots[p]))
            act = bots[p].choose(view, legal)
            if p == me:
                cpu.append((time.process_time() - c0) * 1000)
                iterations.append(getattr(bots[p], "last_iterations", 0))
            g.apply(act)
    cpu.sort()
    return {"decisions": len(cpu), "cpu_ms_median": round(statistics.median(cpu), 1),
            "cpu_ms_p95": round(cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))], 1), "cpu_ms_max": round(cpu[-1], 1),
            "capped": sum(1 for n in iterations if n < LEVELS[level].iterations)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench artischocken-search",
                                     description="CPU time per decision of the search bot levels.")
    parser.add_argument("--games", type=positive_int, default=4, metavar="N", help="games per level (4)")
    parser.add_argument("--seed", type=whole_number, default=1, metavar="S",
                        help="base seed (default 1: the same games every run)")
    parser.add_argument("--levels", default=",".join(LEVELS), help=f"comma-separated ({','.join(LEVELS)})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    levels = args.levels.split(",")
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        parser.error(f"unknown level(s) {', '.join(unknown)} (known: {', '.join(LEVELS)})")
    result = {lv: measure(lv, args.games, args.seed) for lv in levels}
    if args.json:
        print(json.dumps(result))
    else:
        for lv, r in result.items():
            print(f"{lv:<12} {r['decisions']:5} decisions: CPU per decision median {r['cpu_ms_median']} ms, "
                  f"p95 {r['cpu_ms_p95']} ms, max {r['cpu_ms_max']} ms ({r['capped']} stopped by the time cap)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
