"""Side-by-side engine benchmark: ``python -m game bench artischocken --against REV [--json] [--rounds K]``.

The revision ``REV`` of this git checkout is materialised in a temporary directory (``git archive REV game``,
unpacked; removed afterwards). Then fixed-work rounds alternate between this checkout and ``REV``: each round
and side is a fresh subprocess (``sys.executable``, with the side's root first on ``sys.path``) that plays the
same seeded random games with *that side's own* ``game.lab.artischocken.bench.play_random_games(players, games,
seed)`` after a short warm-up, and reports the CPU time (``time.process_time``) of the games alone. The order of
the two sides swaps every round, so a neighbour's load hits both alike.

Per player count the result gives the least and the median CPU seconds of each side, ``ratio`` = REV's least /
this checkout's least (above 1: this checkout is faster; ``ratio_median`` likewise for the medians) and the
decisions per game of each side: with identical games they must be equal (``same_games``).
"""

from __future__ import annotations

import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

#: This checkout's root (the directory holding the ``game`` package that runs this module).
ROOT = Path(__file__).resolve().parents[3]

#: The child: plays the games with the root's own engine and prints one JSON object.
_CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
import game
from game.lab.artischocken.bench import play_random_games
players, games, seed = {players}, {games}, {seed}
play_random_games(players, {warmup}, seed + 10_000_000)
start = time.process_time()
played, decisions = play_random_games(players, games, seed)
cpu = time.process_time() - start
print(json.dumps({{"file": game.__file__, "cpu": cpu, "games": played, "decisions": decisions}}))
"""


class AgainstError(Exception):
    """The other revision cannot be measured (not a git checkout, unknown revision, a failing child)."""


def _git(args: list[str], *, text: bool = True) -> subprocess.CompletedProcess[Any]:
    try:
        return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=text, check=False)
    except OSError as exc:  # no git on this machine
        raise AgainstError(f"cannot run git: {exc}") from None


def materialise(rev: str, into: Path) -> str:
    """Unpack ``rev``'s ``game`` package under ``into``; returns the full commit id."""
    if not (ROOT / ".git").exists():
        raise AgainstError(f"{ROOT} is not a git checkout (no .git): --against needs one")
    found = _git(["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"])
    if found.returncode != 0:
        raise AgainstError(f"unknown revision {rev!r} in {ROOT}")
    commit = found.stdout.strip()
    archive = _git(["archive", "--format=tar", commit, "game"], text=False)
    if archive.returncode != 0:
        raise AgainstError(f"git archive {commit[:12]} failed: {archive.stderr.decode(errors='replace').strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return commit


def run_child(root: Path, players: int, games: int, seed: int, warmup: int) -> dict[str, Any]:
    """One fresh interpreter playing ``games`` seeded random games with ``root``'s engine."""
    code = _CHILD.format(root=str(root), players=players, games=games, seed=seed, warmup=warmup)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=root)
    if done.returncode != 0:
        raise AgainstError(f"the benchmark child for {root} failed:\n{done.stderr.strip()}")
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(out["file"]).resolve().is_relative_to(root.resolve()):
        raise AgainstError(f"the child for {root} imported the game package from {out['file']}")
    return out


def compare(rev: str, rounds: int, games: int, players: tuple[int, ...] = (2, 3, 4), seed: int = 0,
            warmup: int = 10) -> dict[str, Any]:
    """Alternate ``rounds`` fixed-work rounds of this checkout and ``rev``; the figures per player count."""
    with tempfile.TemporaryDirectory(prefix="bench-against-") as tmp:
        other = Path(tmp)
        commit = materialise(rev, other)
        cpu: dict[int, dict[str, list[float]]] = {n: {"this": [], "rev": []} for n in players}
        decisions: dict[int, dict[str, set[int]]] = {n: {"this": set(), "rev": set()} for n in players}
        for r in range(rounds):
            for n in players:
                sides = [("this", ROOT), ("rev", other)]
                if r % 2:
                    sides.reverse()
                for side, root in sides:
                    out = run_child(root, n, games, seed, warmup)
                    cpu[n][side].append(out["cpu"])
                    decisions[n][side].add(out["decisions"])
    per: dict[str, Any] = {}
    for n in players:
        this, other_cpu = cpu[n]["this"], cpu[n]["rev"]
        d_this, d_rev = sorted(decisions[n]["this"]), sorted(decisions[n]["rev"])
        per[str(n)] = {
            "this_least_s": round(min(this), 4), "this_median_s": round(statistics.median(this), 4),
            "rev_least_s": round(min(other_cpu), 4), "rev_median_s": round(statistics.median(other_cpu), 4),
            "ratio": round(min(other_cpu) / min(this), 3),
            "ratio_median": round(statistics.median(other_cpu) / statistics.median(this), 3),
            "decisions_per_game_this": round(d_this[0] / games, 2),
            "decisions_per_game_rev": round(d_rev[0] / games, 2),
            "same_games": d_this == d_rev and len(d_this) == 1,
        }
    return {"against": rev, "commit": commit, "this": str(ROOT), "rounds": rounds, "games_per_round": games,
            "seed": seed, "players": per}


def main(rev: str, rounds: int, games: int, as_json: bool) -> int:
    try:
        result = compare(rev, rounds, games)
    except AgainstError as exc:
        print(f"bench artischocken --against: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(result))
        return 0
    print(f"Artischocken engine: this checkout against {rev} ({result['commit'][:12]}), {rounds} alternating "
          f"rounds of {games} seeded random games, CPU seconds")
    for n, row in result["players"].items():
        check = "same games" if row["same_games"] else "GAMES DIFFER"
        print(f"  {n} players: this {row['this_least_s']:.3f} s (median {row['this_median_s']:.3f}), "
              f"{rev} {row['rev_least_s']:.3f} s (median {row['rev_median_s']:.3f}); ratio {row['ratio']:.3f}x "
              f"(medians {row['ratio_median']:.3f}x); {row['decisions_per_game_this']:.2f} / "
              f"{row['decisions_per_game_rev']:.2f} decisions/game, {check}")
    return 0
