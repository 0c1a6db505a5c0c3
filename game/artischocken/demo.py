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


def screenshots(folder: str, size: tuple[int, int] = (1280, 800), lang: str = "en") -> list[str]:
    """Render the README screenshots (setup, mid-game table, eggplant pass, end screen) into ``folder``."""
    import os
    from pathlib import Path

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game import i18n
    from game.app import App, AppOptions
    from game.artischocken.seats import Seat
    from game.artischocken.scene_setup import SetupScene
    from game.artischocken.scene_table import Options, TableScene

    i18n.set_language(lang)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[str] = []
    app = App(AppOptions(size=size, headless=True, seed=7))
    clock = [0]

    def frames(n: int) -> None:
        for _ in range(n):
            app.frame(clock[0])
            clock[0] += 16

    def shot(name: str) -> None:
        path = out / f"artischocken-{name}.png"
        pygame.image.save(app.surface, str(path))
        saved.append(str(path))

    try:
        setup = SetupScene(offer_resume=False)
        app.push(setup)
        frames(2)
        setup.add_button.activate()
        setup.entries[0].set_text("Anna")
        setup.kinds[1] = "greedy"
        setup.entries[1].set_text("Basil")
        setup.entries[2].set_text("Cleo")
        setup.rhubarb = True
        frames(3)
        shot("setup")
        seats = [Seat("Anna", "human"), Seat("Basil", "greedy"), Seat("Cleo", "random")]
        table = TableScene(demo("table"), seats, Options(seed=7, autosave=False))
        app.replace(table)
        frames(2)
        view = table.game.view(0, log=False)
        hand = table._hand(0)
        blocked = next(i for i, c in enumerate(hand) if c != "artichoke" and not table.playable(c))
        assert table.lay is not None and view["hand"]
        rect = table.lay.hand_rects(len(hand))[blocked]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.centerx, rect.top + 40), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        frames(45)
        shot("table")
        egg = TableScene(demo("eggplant"), seats, Options(seed=7, autosave=False))
        app.replace(egg)
        frames(2)
        egg.select_hand(0)
        egg.select_hand(1)
        frames(3)
        shot("eggplant")
        end = TableScene.new([Seat("Anna", "greedy"), Seat("Basil", "greedy"), Seat("Cleo", "random")],
                             Options(seed=3, fast=True, autosave=False))
        app.replace(end)
        for _ in range(400):
            frames(1)
            if end.game.is_over:
                break
        frames(3)
        shot("end")
    finally:
        pygame.quit()
    return saved


def main(argv: list[str]) -> int:
    """``python -m game.artischocken.demo [FOLDER] [WxH] [LANG]``."""
    folder = argv[0] if argv else "assets/screenshots"
    width, height = (int(v) for v in (argv[1] if len(argv) > 1 else "1280x800").lower().split("x"))
    for written in screenshots(folder, (width, height), argv[2] if len(argv) > 2 else "en"):
        print(written)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
