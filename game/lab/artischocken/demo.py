"""Demo positions for the README screenshots and for trying the table: ``--scenario demo:NAME``.

Each demo is a real game played from ``new_game`` by a fixed, seeded policy until a moment worth showing, so
the log, the piles and the compost look like a game in progress.
"""

from __future__ import annotations

import random
from collections.abc import Callable

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
