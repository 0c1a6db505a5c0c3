"""Batch simulation of Cactus bot games: ``python -m game simulate cactus --games N --seats planner,simple,simple``.

What the card lab does for Artischocken, for the Cactus bots (:data:`game.cactus.match.BOT_KINDS`): whole games on
the real physics, every seat a bot of the lineup. Seats rotate between games (game g puts lineup entry
(s - g) mod n on seat s) unless ``--fixed-seats``; every game has its own seed from ``--seed`` and its number, so
the result does not depend on ``--workers``. Every bot game ends (the bots' retry caps), but for a rare
stuck one (two same-colour pieces wedged together that no push of the bots parts, C-R2): it counts with no winner
and the end reason ``stuck``.

Reported per bot kind: wins (a shared win counts for each winner, C-E4) with 95 % Wilson intervals, flower value
at the end, awards earned, and the penalties: hand touches (C-R1), pieces knocked off (C-R5), own pieces that
fell (C-R5, placed again; no flowers); per seat: wins and flowers; and the game length (turns) and end reasons
(C-E1..C-E3). ``--plot OUT.png`` draws them (:mod:`game.cactus.plots`, needs the ``lab`` extra).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.argtypes import add_simulate_flags, kind_lineup
from game.balance import wilson
from game.batch import run_jobs
from game.cactus.bots.kinds import play_seats
from game.cactus.match import BOT_KINDS, Match
from game.cactus.rules import MAX_PLAYERS, MIN_PLAYERS

#: Per-seat counts taken from the rules' log: event kind -> the name reported.
COUNTED = {"award": "awards", "hand_touch": "hand_touches", "knocked": "knocked", "placed_fell": "fell"}


@dataclass(frozen=True)
class SimConfig:
    games: int
    lineup: tuple[str, ...]
    seed: int = 0
    fixed_seats: bool = False

    @property
    def players(self) -> int:
        return len(self.lineup)

    def seats_for(self, game: int) -> tuple[str, ...]:
        n = self.players
        shift = 0 if self.fixed_seats else game % n
        return tuple(self.lineup[(s - shift) % n] for s in range(n))

    def game_seed(self, game: int) -> int:
        return (self.seed * 1_000_003 + game * 7919) % (2**31)


@dataclass
class GameResult:
    index: int
    kinds: tuple[str, ...]
    values: list[int]
    winners: list[int]
    turns: int
    end_reason: str | None
    counts: list[dict[str, int]] = field(default_factory=list)  # per seat: COUNTED names -> number
    award_flowers: list[int] = field(default_factory=list)  # per seat


def play_game(cfg: SimConfig, index: int) -> GameResult:
    kinds = cfg.seats_for(index)
    m = Match.new(cfg.players, seed=cfg.game_seed(index), bots=[True] * cfg.players, bot_kinds=list(kinds))
    try:
        play_seats(m)
    except RuntimeError:  # a stuck game (see the module doc): no winner
        return _result(index, kinds, m, "stuck")
    return _result(index, kinds, m, m.rules.end_reason)


def _result(index: int, kinds: tuple[str, ...], m: Match, end: str | None) -> GameResult:
    counts = [dict.fromkeys(COUNTED.values(), 0) for _ in kinds]
    flowers = [0] * len(kinds)
    for e in m.rules.log:
        if e.player is None or e.kind not in COUNTED:
            continue
        counts[e.player][COUNTED[e.kind]] += 1
        if e.kind == "award":
            flowers[e.player] += e.flowers
    r = m.rules
    winners = list(r.winners) if end != "stuck" else []
    return GameResult(index, kinds, [r.bank.value(p) for p in range(r.players)], winners, r.turn_number, end, counts,
                      flowers)


def _chunk(args: tuple[SimConfig, int]) -> list[GameResult]:
    return [play_game(*args)]


def run(cfg: SimConfig, workers: int = 1, progress: bool = True) -> list[GameResult]:
    """All games of the batch, in game order (a tqdm bar on stderr unless ``progress`` is False)."""
    jobs = [(cfg, i) for i in range(cfg.games)]
    out = run_jobs(_chunk, jobs, total=cfg.games, workers=workers, progress=sys.stderr if progress else None)
    return sorted(out, key=lambda r: r.index)


def _p95(values: list[int]) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]) if ordered else 0.0


def summarize(cfg: SimConfig, results: list[GameResult]) -> dict[str, Any]:
    kinds = list(dict.fromkeys(cfg.lineup))
    games = len(results)
    by_kind: dict[str, dict[str, Any]] = {}
    for kind in kinds:
        seats = [(r, s) for r in results for s, k in enumerate(r.kinds) if k == kind]
        n = len(seats)
        wins = sum(1 for r, s in seats if s in r.winners)
        entry: dict[str, Any] = {
            "seat_games": n,
            "wins": wins,
            "win_rate": wins / n if n else 0.0,
            "win_rate_ci95": list(wilson(wins, n)),
            "flowers_mean": statistics.fmean(r.values[s] for r, s in seats) if n else 0.0,
            "award_flowers_mean": statistics.fmean(r.award_flowers[s] for r, s in seats) if n else 0.0,
        }
        for name in COUNTED.values():
            entry[f"{name}_mean"] = statistics.fmean(r.counts[s][name] for r, s in seats) if n else 0.0
        by_kind[kind] = entry
    seat_wins = {str(s): sum(1 for r in results if s in r.winners) for s in range(cfg.players)}
    turns = [r.turns for r in results]
    return {
        "games": games,
        "players": cfg.players,
        "seats": list(cfg.lineup),
        "fixed_seats": cfg.fixed_seats,
        "seed": cfg.seed,
        "by_bot": by_kind,
        "wins_by_seat": seat_wins,
        "flowers_by_seat": {str(s): statistics.fmean(r.values[s] for r in results) if results else 0.0
                            for s in range(cfg.players)},
        "turns_median": float(statistics.median(turns)) if turns else 0.0,
        "turns_p95": _p95(turns),
        "end_reasons": dict(Counter(str(r.end_reason) for r in results)),
    }


def format_text(s: dict[str, Any], seconds: float) -> str:
    lines = [f"Cactus: {s['games']} games, seats {','.join(s['seats'])} "
             f"({'fixed' if s['fixed_seats'] else 'rotating'}), seed {s['seed']}",
             "By bot: wins (95% CI), flowers at the end, award flowers, hand touches, knocked off, own falls "
             "(per seat and game)"]
    for k, e in s["by_bot"].items():
        lo, hi = e["win_rate_ci95"]
        lines.append(f"  {k:<13} {e['wins']:>4}/{e['seat_games']:<4} {100 * e['win_rate']:5.1f}% "
                     f"[{100 * lo:5.1f}%, {100 * hi:5.1f}%]  {e['flowers_mean']:5.2f}  {e['award_flowers_mean']:5.2f}  "
                     f"{e['hand_touches_mean']:5.2f}  {e['knocked_mean']:5.2f}  {e['fell_mean']:5.2f}")
    lines.append("By seat: " + ", ".join(f"seat {seat} {w} wins, {s['flowers_by_seat'][seat]:.2f} flowers"
                                         for seat, w in s["wins_by_seat"].items()))
    lines.append(f"Game length: median {s['turns_median']:g} turns (p95 {s['turns_p95']:g}); ends: "
                 + ", ".join(f"{k} {v}" for k, v in sorted(s["end_reasons"].items())))
    lines.append(f"Time: {seconds:.1f} s ({s['games'] / max(seconds, 1e-9):.2f} games/s)")
    return "\n".join(lines)


_lineup = kind_lineup(BOT_KINDS, MIN_PLAYERS, MAX_PLAYERS)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game simulate cactus",
                                     description="Play many Cactus bot games on the physics and report statistics.")
    add_simulate_flags(parser, games=30, seats=("planner", "simple", "simple"), kinds=BOT_KINDS, lineup=_lineup)
    parser.add_argument("--plot", type=Path, default=None, metavar="OUT.png",
                        help="also draw the statistics into a PNG (needs matplotlib: the 'lab' extra)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.plot is not None:
        from game.cactus.plots import plot_problem  # only when plotting: matplotlib stays optional

        problem = plot_problem(args.plot)
        if problem is not None:
            print(f"python -m game simulate cactus: {problem}", file=sys.stderr)
            return 2
    cfg = SimConfig(games=args.games, lineup=args.seats, seed=args.seed, fixed_seats=args.fixed_seats)
    began = time.perf_counter()
    results = run(cfg, workers=args.workers, progress=not args.no_progress)
    seconds = time.perf_counter() - began
    summary = summarize(cfg, results)
    if args.plot is not None:
        from game.cactus.plots import plot

        plot(summary, [r.turns for r in results], args.plot)
        summary["plot"] = str(args.plot)
    print(json.dumps(summary) if args.json else format_text(summary, seconds))
    return 0


__all__ = ["COUNTED", "GameResult", "SimConfig", "build_parser", "main", "play_game", "run", "summarize"]
