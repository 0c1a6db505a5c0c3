"""Batch simulation of bot games: ``python -m game simulate artischocken --games N --seats greedy,random``.

Seats rotate between games (game g puts lineup entry (s + g) mod n on seat s) so the first-seat advantage
cancels, unless ``--fixed-seats``. Every game has its own seed derived from ``--seed`` and the game number,
so the result does not depend on ``--workers``. A round limit (A-W2) makes every game end.
The end-of-game statistics of every seat (:func:`game.artischocken.stats.seat_stats`) are averaged per bot
kind in ``seat_stats_by_bot`` (turns, artichokes composted by card, cards harvested, passed, stolen, given).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TextIO

from game.argtypes import add_simulate_flags, kind_lineup, positive_int
from game.artischocken.bots import BOTS, make_bot
from game.artischocken.engine import MAX_PLAYERS, MIN_PLAYERS, new_game
from game.artischocken.plots import check_plot_path, plot
from game.artischocken.session import sessions_for
from game.artischocken.stats import seat_stats
from game.artischocken.turns import bot_decision
from game.balance import wilson
from game.batch import run_jobs

DEFAULT_ROUND_LIMIT = 200


@dataclass(frozen=True)
class SimConfig:
    games: int
    lineup: tuple[str, ...]
    seed: int = 0
    rhubarb: bool = False
    round_limit: int = DEFAULT_ROUND_LIMIT
    fixed_seats: bool = False

    @property
    def players(self) -> int:
        return len(self.lineup)

    def seats_for(self, game: int) -> tuple[str, ...]:
        """The bot kind on each seat in game number ``game``."""
        n = self.players
        shift = 0 if self.fixed_seats else game % n
        return tuple(self.lineup[(s + shift) % n] for s in range(n))

    def game_seed(self, game: int) -> int:
        return (self.seed * 1_000_003 + game * 7919) % (2**63)


@dataclass
class GameResult:
    index: int
    winner_seat: int | None
    winner_kind: str | None
    turns: int
    rounds: int
    decisions: int
    composted: dict[str, int] = field(default_factory=dict)  # artichokes composted, by the card that did it
    kinds: tuple[str, ...] = ()  # the bot kind on each seat
    stats: list[dict[str, Any]] = field(default_factory=list)  # stats.seat_stats of the game, per seat


def play_game(cfg: SimConfig, index: int) -> GameResult:
    """Play game number ``index`` of the batch with bots that see only their views."""
    kinds = cfg.seats_for(index)
    seed = cfg.game_seed(index)
    bots = [make_bot(kind, seed + 101 * (s + 1)) for s, kind in enumerate(kinds)]
    g = new_game(cfg.players, seed=seed, rhubarb=cfg.rhubarb, round_limit=cfg.round_limit)
    sessions = sessions_for(g)  # each bot sees its own seat's window, as at the table
    decisions = 0
    while not g.is_over:
        p = g.current_player
        assert p is not None
        session = sessions[p]
        session.apply(bot_decision(bots[p], session))
        decisions += 1
    per_seat = seat_stats(g.events(), cfg.players)
    composted: Counter[str] = Counter()
    for st in per_seat:
        composted.update(st["composted"])
    w = g.winner
    return GameResult(index, w, None if w is None else kinds[w], g.turn_number, g.round, decisions,
                      dict(sorted(composted.items())), kinds, per_seat)


def _run_chunk(args: tuple[SimConfig, int, int]) -> list[GameResult]:
    cfg, start, stop = args
    return [play_game(cfg, i) for i in range(start, stop)]


def run(cfg: SimConfig, workers: int = 1, progress: TextIO | None = None, desc: str | None = None) -> list[GameResult]:
    """All games of the batch, in game order."""
    chunk = max(1, min(200, cfg.games // max(1, workers * 20)))
    jobs = [(cfg, s, min(cfg.games, s + chunk)) for s in range(0, cfg.games, chunk)]
    results = run_jobs(_run_chunk, jobs, total=cfg.games, workers=workers, progress=progress, desc=desc,
                       mininterval=0.1)
    results.sort(key=lambda r: r.index)
    return results


def _percentile(values: Sequence[int], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))
    return float(ordered[k])


def summarize(cfg: SimConfig, results: list[GameResult]) -> dict[str, Any]:
    games = len(results)
    kinds = list(dict.fromkeys(cfg.lineup))
    wins = {k: sum(1 for r in results if r.winner_kind == k) for k in kinds}
    seat_wins = {str(s): sum(1 for r in results if r.winner_seat == s) for s in range(cfg.players)}
    draws = sum(1 for r in results if r.winner_seat is None)
    turns = [r.turns for r in results]
    composted: Counter[str] = Counter()
    for r in results:
        composted.update(r.composted)
    return {
        "games": games,
        "players": cfg.players,
        "seats": list(cfg.lineup),
        "fixed_seats": cfg.fixed_seats,
        "seed": cfg.seed,
        "rhubarb": cfg.rhubarb,
        "round_limit": cfg.round_limit,
        "draws": draws,
        "wins": wins,
        "win_rate": {k: (wins[k] / games if games else 0.0) for k in kinds},
        "win_rate_ci95": {k: list(wilson(wins[k], games)) for k in kinds},
        "wins_by_seat": seat_wins,
        "win_rate_by_seat": {s: (w / games if games else 0.0) for s, w in seat_wins.items()},
        "win_rate_by_seat_ci95": {s: list(wilson(w, games)) for s, w in seat_wins.items()},
        "turns_median": float(statistics.median(turns)) if turns else 0.0,
        "turns_p95": _percentile(turns, 0.95),
        "rounds_median": float(statistics.median(r.rounds for r in results)) if results else 0.0,
        "decisions_per_game": (sum(r.decisions for r in results) / games) if games else 0.0,
        "artichokes_composted": dict(sorted(composted.items())),
        "artichokes_composted_per_game": {k: v / games for k, v in sorted(composted.items())} if games else {},
        "seat_stats_by_bot": stats_by_kind(kinds, results),
    }


#: The per-seat counts of stats.seat_stats that are averaged per bot kind.
_MEANS = ("turns", "artichokes_composted", "harvested", "passed", "stolen", "given")


def stats_by_kind(kinds: list[str], results: list[GameResult]) -> dict[str, dict[str, Any]]:
    """Per bot kind, the end-of-game statistics averaged over every seat that kind played (a seat-game)."""
    out: dict[str, dict[str, Any]] = {}
    for kind in kinds:
        rows = [st for r in results for k, st in zip(r.kinds, r.stats, strict=True) if k == kind]
        n = len(rows)
        composted: Counter[str] = Counter()
        played: Counter[str] = Counter()
        for st in rows:
            composted.update(st["composted"])
            played.update(st["played"])
        entry: dict[str, Any] = {"seat_games": n}
        for key in _MEANS:
            entry[f"{key}_mean"] = sum(st[key] for st in rows) / n if n else 0.0
        entry["composted_by_card_mean"] = {c: v / n for c, v in sorted(composted.items())} if n else {}
        entry["played_by_card_mean"] = {c: v / n for c, v in sorted(played.items())} if n else {}
        out[kind] = entry
    return out


def format_text(s: dict[str, Any], seconds: float) -> str:
    lines = [
        f"Artischocken: {s['games']} games, seats {','.join(s['seats'])} "
        f"({'fixed' if s['fixed_seats'] else 'rotating'}), seed {s['seed']}, round limit {s['round_limit']}, "
        f"rhubarb {'on' if s['rhubarb'] else 'off'}",
        "Wins by bot (95% CI):",
    ]
    for k, w in s["wins"].items():
        lo, hi = s["win_rate_ci95"][k]
        lines.append(f"  {k:<11} {w:>7}  {100 * s['win_rate'][k]:5.1f}%  [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
    lines.append("Wins by seat (95% CI):")
    for seat, w in s["wins_by_seat"].items():
        lo, hi = s["win_rate_by_seat_ci95"][seat]
        lines.append(f"  seat {seat:<6} {w:>7}  {100 * s['win_rate_by_seat'][seat]:5.1f}%  "
                     f"[{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
    games = max(1, s["games"])
    lines.append(f"Draws (round limit reached): {s['draws']} ({100 * s['draws'] / games:.1f}%)")
    lines.append(f"Game length: median {s['turns_median']:g} turns (p95 {s['turns_p95']:g}), "
                 f"median {s['rounds_median']:g} rounds, {s['decisions_per_game']:.1f} decisions per game")
    comp = s["artichokes_composted"]
    if comp:
        parts = ", ".join(f"{k} {v} ({v / games:.2f}/game)" for k, v in sorted(comp.items(), key=lambda kv: -kv[1]))
        lines.append(f"Artichokes composted by card: {parts}")
    by_kind = s.get("seat_stats_by_bot", {})
    if by_kind:
        lines.append("Per seat and game, by bot: turns, artichokes composted, cards harvested, passed, stolen, given")
        for k, st in by_kind.items():
            lines.append(f"  {k:<11} {st['turns_mean']:6.1f} {st['artichokes_composted_mean']:6.2f} "
                         f"{st['harvested_mean']:6.2f} {st['passed_mean']:6.2f} {st['stolen_mean']:6.2f} "
                         f"{st['given_mean']:6.2f}")
    lines.append(f"Time: {seconds:.1f} s ({s['games'] / max(seconds, 1e-9):.0f} games/s)")
    return "\n".join(lines)


_lineup = kind_lineup(BOTS, MIN_PLAYERS, MAX_PLAYERS)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game simulate artischocken",
                                     description="Play many bot games of Artischocken and report statistics.")
    add_simulate_flags(parser, games=1000, seats=("greedy", "random"), kinds=BOTS, lineup=_lineup)
    parser.add_argument("--rhubarb", action="store_true", help="play with the rhubarb variant")
    parser.add_argument("--round-limit", type=positive_int, default=DEFAULT_ROUND_LIMIT, metavar="R",
                        help=f"end a game without winner after R rounds (default {DEFAULT_ROUND_LIMIT})")
    parser.add_argument("--plot", metavar="OUT.png", default=None,
                        help="also draw the balance lab's figure to OUT.png (needs the 'lab' extra: matplotlib)")
    parser.add_argument("--compare-rhubarb", action="store_true",
                        help="also play the same seats with the rhubarb variant toggled and compare (in the plot; "
                             "the JSON gets 'compare_rhubarb')")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.plot is not None:
        problem = check_plot_path(args.plot)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    cfg = SimConfig(games=args.games, lineup=args.seats, seed=args.seed, rhubarb=args.rhubarb,
                    round_limit=args.round_limit, fixed_seats=args.fixed_seats)
    start = time.perf_counter()
    results = run(cfg, workers=args.workers, progress=sys.stderr,
                  desc=f"rhubarb {'on' if cfg.rhubarb else 'off'}" if args.compare_rhubarb else None)
    summary = summarize(cfg, results)
    other: tuple[dict[str, Any], list[int]] | None = None
    if args.compare_rhubarb:
        other_cfg = replace(cfg, rhubarb=not cfg.rhubarb)
        other_results = run(other_cfg, workers=args.workers, progress=sys.stderr,
                            desc=f"rhubarb {'on' if other_cfg.rhubarb else 'off'}")
        other = (summarize(other_cfg, other_results), [r.turns for r in other_results])
        off, on = (summary, other[0]) if not cfg.rhubarb else (other[0], summary)
        summary["compare_rhubarb"] = {"off": _brief(off), "on": _brief(on)}
    seconds = time.perf_counter() - start
    if args.plot is not None:
        plot(summary, [r.turns for r in results], args.plot, other)
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_text(summary, seconds))
        if other is not None:
            print("\nThe same seats with rhubarb " + ("on" if other[0]["rhubarb"] else "off") + ":")
            print(format_text(other[0], seconds))
        if args.plot is not None:
            print(f"Plot: {args.plot}")
    return 0


def _brief(s: dict[str, Any]) -> dict[str, Any]:
    """The headline numbers of a summary (for ``compare_rhubarb``)."""
    keys = ("games", "rhubarb", "draws", "wins", "win_rate", "win_rate_ci95", "wins_by_seat", "win_rate_by_seat",
            "win_rate_by_seat_ci95", "turns_median", "turns_p95", "artichokes_composted_per_game")
    return {k: s[k] for k in keys}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
