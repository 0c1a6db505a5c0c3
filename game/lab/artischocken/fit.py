"""Fit the search bot's end-of-turn model (:mod:`~game.artischocken.bots.model`) on self-play positions.

``python -m game.lab.artischocken.fit --games 3000 --seats expert,expert --seed 1``
plays two-player games with the given bots (seats rotating, one core unless ``--workers``), records every
position a turn leaves (right after the draw, A-T6) with the features of :func:`bots_model.features` for the seat
that just moved, labels it with whether that seat won the game (stalemates are left out), fits a logistic model
by Newton's method (IRLS, a small ridge) and prints the coefficients as the ``COEF`` constant of ``bots_model``
together with the log loss on a held-out tenth of the games. ``--data FILE.jsonl.gz`` keeps the positions (and reuses
them when the file exists, so that a refit needs no new games).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
from typing import Any

import numpy as np

from game.argtypes import positive_int, whole_number
from game.artischocken.bots import make_bot, wants_log
from game.artischocken.bots.model import FEATURES, features
from game.artischocken.engine import new_game
from game.batch import run_jobs

ROUND_LIMIT = 200


def game_positions(lineup: tuple[str, str], seed: int, index: int) -> list[dict[str, Any]]:
    """The positions of one game that a turn leaves (right after the draw, A-T6): the zones the features read,
    ``me`` (the seat that just ended its turn), ``won`` (1.0 if ``me`` won the game) and the game index; empty
    for a stalemate. Seats rotate with the game index, as in ``simulate``."""
    kinds = lineup if index % 2 == 0 else (lineup[1], lineup[0])
    gseed = (seed * 1_000_003 + index * 7919) % (2**63)
    bots = [make_bot(kind, gseed + 101 * (s + 1)) for s, kind in enumerate(kinds)]
    g = new_game(2, seed=gseed, round_limit=ROUND_LIMIT)
    rows: list[dict[str, Any]] = []
    while not g.is_over:
        p = g.current_player
        assert p is not None
        legal = g.legal_actions()
        turn = g.turn_number
        if len(legal) == 1:
            g.apply(legal[0])
        else:  # a bot that asks for it gets the view with the event log (its memory)
            g.apply(bots[p].choose(g.view(p, log=wants_log(bots[p])), legal))
        if g.turn_number != turn and not g.is_over:
            rows.append({"me": (g.player - 1) % g.players, "hands": [list(h) for h in g.hands],
                         "decks": [list(d) for d in g.decks], "discards": [list(d) for d in g.discards],
                         "known": list(g.known), "row": list(g.row), "game": index})
    if g.winner is None:
        return []
    for r in rows:
        r["won"] = 1.0 if r["me"] == g.winner else 0.0
    return rows


def _chunk(args: tuple[tuple[str, str], int, int, int]) -> list[list[dict[str, Any]]]:
    lineup, seed, start, stop = args
    return [game_positions(lineup, seed, i) for i in range(start, stop)]


def collect(lineup: tuple[str, str], games: int, seed: int, workers: int = 1,
            progress: Any = None) -> list[dict[str, Any]]:
    """Play ``games`` games; every position of :func:`game_positions`, in game order."""
    chunk = max(1, min(50, games // max(1, workers * 20)))
    jobs = [(lineup, seed, s, min(games, s + chunk)) for s in range(0, games, chunk)]
    per_game = run_jobs(_chunk, jobs, total=games, workers=workers, progress=progress)
    rows = [r for game in per_game for r in game]
    rows.sort(key=lambda r: r["game"])
    return rows


def matrix(rows: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The feature matrix, the labels and the game index of recorded positions."""
    x = np.array([features(_Position(r), r["me"]) for r in rows], dtype=np.float64).reshape(-1, len(FEATURES))
    y = np.array([r["won"] for r in rows], dtype=np.float64)
    gi = np.array([r["game"] for r in rows], dtype=int)
    return x, y, gi


class _Position:
    """A recorded position with the attributes :func:`bots_model.features` reads (duck-typed as a Game)."""

    def __init__(self, r: dict[str, Any]) -> None:
        self.hands: list[list[str]] = r["hands"]
        self.decks: list[list[str]] = r["decks"]
        self.discards: list[list[str]] = r["discards"]
        self.known: list[int] = r["known"]
        self.row: list[str] = r["row"]


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 50) -> np.ndarray:
    """Logistic regression by Newton's method (IRLS) with an L2 penalty ``ridge`` per position (bias free)."""
    n, k = x.shape
    w = np.zeros(k)
    pen = np.full(k, ridge * n)
    pen[0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + pen * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(pen) + 1e-9 * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30))), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _base_loss(train: np.ndarray, test: np.ndarray) -> float:
    """The held-out log loss of always answering the training win rate (what the features must beat)."""
    p = float(np.clip(train.mean(), 1e-6, 1 - 1e-6))
    return float(-np.mean(test * np.log(p) + (1 - test) * np.log(1 - p)))


def format_coef(w: np.ndarray) -> str:
    """The ``COEF`` constant of ``bots_model`` as Python source, one feature per line."""
    lines = ["COEF: tuple[float, ...] = ("]
    lines += [f"    {v:.6g},  # {name}" for name, v in zip(FEATURES, w, strict=True)]
    lines.append(")")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.lab.artischocken.fit", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=positive_int, default=3000, metavar="N", help="games to play (3000)")
    parser.add_argument("--seats", default="expert,expert", metavar="A,B", help="the two bot kinds (expert,expert)")
    parser.add_argument("--seed", type=whole_number, default=1, metavar="S", help="base seed (1)")
    parser.add_argument("--workers", type=positive_int, default=1, metavar="K", help="worker processes (1)")
    parser.add_argument("--ridge", type=float, default=1e-3, help="L2 penalty per position (1e-3)")
    parser.add_argument("--data", metavar="FILE.jsonl.gz", default=None,
                        help="keep the positions in FILE; an existing file is reused (no games played)")
    parser.add_argument("--out", metavar="FILE.json", default=None, help="also write coefficients and metrics")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    rows: list[dict[str, Any]] = []
    if args.data and os.path.exists(args.data):
        with gzip.open(args.data, "rt", encoding="utf-8") as f:
            rows = [json.loads(line) for line in f]
    else:
        kinds = tuple(args.seats.split(","))
        if len(kinds) != 2:
            parser.error("--seats needs exactly two bot kinds")
        rows = collect((kinds[0], kinds[1]), args.games, args.seed, args.workers, progress=sys.stderr)
        if args.data:
            with gzip.open(args.data, "wt", encoding="utf-8") as f:
                f.writelines(json.dumps(r) + "\n" for r in rows)
    x, y, gi = matrix(rows)
    held = gi % 10 == 9
    w_train = fit(x[~held], y[~held], args.ridge)
    w = fit(x, y, args.ridge)
    metrics = {"positions": int(len(y)), "games": int(len(set(gi.tolist()))),
               "held_out_log_loss": log_loss(x[held], y[held], w_train),
               "held_out_base_log_loss": _base_loss(y[~held], y[held]),
               "train_log_loss": log_loss(x, y, w)}
    print(format_coef(w))
    print(json.dumps(metrics), file=sys.stderr)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"features": list(FEATURES), "coef": w.tolist(), **metrics}, f, indent=1)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
