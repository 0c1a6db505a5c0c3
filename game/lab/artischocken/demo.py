"""Demo positions for the README screenshots and for trying the table.

``python -m game.lab.artischocken.demo NAME --out FILE`` writes the position as a scenario file (the
``artischocken/1`` format that ``python -m game artischocken --scenario FILE`` opens);
``python -m game.lab.artischocken.demo NAME [ROOM FLAGS...]`` opens the table there at once, the other flags going
to ``python -m game artischocken`` (e.g. ``--seats human,greedy,random --lang de``).

Each demo is a real game played from ``new_game`` by a fixed, seeded policy until a moment worth showing, so
the log, the piles and the compost look like a game in progress.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from game.artischocken import Action, Game, new_game

DEMOS = ("table", "eggplant", "leek")


def _policy(game: Game, rng: random.Random) -> Action:
    legal = game.legal_actions()
    plays = [a for a in legal if a.kind != "end_play"]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    return legal[0]


def _hand(game: Game, seat: int) -> list[str]:
    return list(game.view(seat, log=False)["hand"])


def _playable(game: Game) -> set[str]:
    return {a.card for a in game.legal_actions() if a.kind == "play" and a.card}


def _table_moment(game: Game) -> bool:
    """Some cards playable (highlighted), some not (dimmed), a few rounds into the game."""
    hand = _hand(game, 0)
    vegetables = {c for c in hand if c != "artichoke"}
    playable = _playable(game)
    return game.round >= 3 and len(playable) >= 2 and bool(vegetables - playable) and len(hand) >= 5


def _eggplant_moment(game: Game) -> bool:
    return game.round >= 2 and "eggplant" in _playable(game) and len(_hand(game, 0)) >= 5


def _leek_moment(game: Game) -> bool:
    return game.round >= 2 and "leek" in _playable(game)


MOMENTS: dict[str, tuple[Callable[[Game], bool], str | None]] = {
    "table": (_table_moment, None),
    "eggplant": (_eggplant_moment, "eggplant"),
    "leek": (_leek_moment, "leek"),
}


def demo(name: str, players: int = 3) -> Game:
    """The demo position ``name`` (seat 0 to act in its play phase, or in the decision its card opens)."""
    if name not in MOMENTS:
        raise ValueError(f"unknown demo {name!r}; choose one of {', '.join(DEMOS)}")
    moment, card = MOMENTS[name]
    for seed in range(200):
        game = new_game(players, seed=seed, start_player=0)
        rng = random.Random(seed)
        while not game.is_over and game.round < 12:
            if game.current_player == 0 and game.phase == "play" and game.pending is None and moment(game):
                if card is not None:
                    game.apply(next(a for a in game.legal_actions() if a.kind == "play" and a.card == card))
                return game
            game.apply(_policy(game, rng))
    raise ValueError(f"no position found for demo {name!r}")


def write_scenario(name: str, path: Path) -> Path:
    """Write the demo position ``name`` to ``path`` as a scenario file (``artischocken/1``); returns ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(demo(name).to_dict()), encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.lab.artischocken.demo",
        description="a demo position of the card table: written as a scenario file, or the table opened there "
                    "(flags not listed here go to python -m game artischocken)")
    parser.add_argument("name", choices=DEMOS, help="the demo position")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help="write the position to FILE (artischocken/1) instead of opening the table")
    args, room_flags = parser.parse_known_args(argv)
    if args.out is not None:
        if room_flags:
            parser.error(f"with --out, no flags for the room: {' '.join(room_flags)}")
        print(write_scenario(args.name, args.out))
        return 0
    from game import cli

    with tempfile.TemporaryDirectory(prefix="artischocken-demo-") as folder:
        scenario = write_scenario(args.name, Path(folder) / f"{args.name}.json")
        return cli.main(["artischocken", "--scenario", str(scenario), *room_flags])


if __name__ == "__main__":
    sys.exit(main())
