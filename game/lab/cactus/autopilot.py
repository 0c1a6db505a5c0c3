"""Demo play for screenshots: the bots play every seat up to turn N and stop at its roll; with ``violation`` that
seat then turns human and drops its piece where a rule breaks, so the table shows a broken placement (C-R2..C-R5,
C-X5). The play scene is opened on that position as the game opens it; nothing is saved or recorded.

``python -m game.lab.cactus.autopilot --players 3 --bots 2 --seed 0 --until-turn 13 --violation
--screenshot assets/screenshots/cactus-violation.png`` makes the README's picture of a broken rule. Without
``--violation`` the table opens at turn N's roll and the bots go on from there at their normal pace.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game import i18n
from game.app import App, AppOptions
from game.argtypes import int_in_range, parse_window
from game.cactus.bots.kinds import SeatBots
from game.cactus.bots.simple import find_violation_drop
from game.cactus.match import Match, MatchError, Stage
from game.cactus.room import start_match
from game.cactus.rules import MAX_PLAYERS, MIN_PLAYERS
from game.cactus.screens.scene_play import PlayScene

#: Bot steps the demo allows itself to reach turn N (a whole game takes a few hundred).
MAX_STEPS = 20_000


def play_to_turn(match: Match, bots: SeatBots, until_turn: int) -> None:
    """The ``bots`` play every seat, a human's too, the world settling at once (as a ``fast`` table's bots do),
    until turn ``until_turn`` stands at its roll (or the game is over). What happened on the way is not shown."""
    for _ in range(MAX_STEPS):
        if match.is_over or (match.rules.turn_number >= until_turn and match.stage == Stage.ROLL):
            match.drain_events()
            return
        try:
            bots.act(match)
        except MatchError as exc:
            raise RuntimeError(f"the bots could not play on (turn {match.rules.turn_number}, "
                               f"stage {match.stage.value}): {exc}") from exc
        match.drain_events()
    raise RuntimeError(f"turn {until_turn} was not reached in {MAX_STEPS} bot steps")


def stage_violation(match: Match, bots: SeatBots) -> bool:
    """The seat on turn turns human, rolls, takes the piece its bot would take and drops it where a rule breaks
    (settled at once); whether such a spot was found."""
    match.bots[match.rules.current] = False
    if match.stage == Stage.ROLL:
        match.roll()
    if match.stage == Stage.CHOOSE:
        match.take(bots.choose(match))
    if match.stage != Stage.IN_HAND:
        return False
    spot = find_violation_drop(match)
    if spot is None:
        return False
    match.drop((spot[0], spot[1]), spot[2])
    match.settle_now()
    return True


def open_table(app: App, match: Match, until_turn: int, *, violation: bool = False) -> PlayScene:
    """The play scene of ``match`` on ``app`` once the bots reached turn ``until_turn`` (see the module doc); the
    staged placement's events are left for the scene to show."""
    scene = PlayScene(match, fast=violation, autosave=False, record_replay=False)
    app.push(scene)
    bots = SeatBots.of(match)
    play_to_turn(match, bots, until_turn)
    if violation:
        stage_violation(match, bots)
    return scene


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.lab.cactus.autopilot",
                                     description="a Cactus table played by the bots up to a turn, as a screenshot")
    parser.add_argument("--players", type=int_in_range(MIN_PLAYERS, MAX_PLAYERS, "a number of players"), default=3,
                        metavar="N", help="players (default 3)")
    parser.add_argument("--bots", type=int_in_range(0, MAX_PLAYERS, "a number of bot seats"), default=2,
                        metavar="K", help="the last K seats are bots (default 2)")
    parser.add_argument("--names", default=None, metavar="A,B,..", help="player names, comma-separated")
    parser.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    parser.add_argument("--until-turn", type=int_in_range(1, None, "a turn number"), required=True, metavar="N",
                        help="the bots play every seat up to turn N")
    parser.add_argument("--violation", action="store_true",
                        help="that seat then drops its piece where a rule breaks")
    parser.add_argument("--window", type=parse_window, default=(1280, 800), metavar="WxH")
    parser.add_argument("--lang", choices=["en", "de"], default="en")
    parser.add_argument("--frames", type=int_in_range(1, None, "a number of frames"), default=60, metavar="N",
                        help="frames drawn before the screenshot (default 60: the camera has settled)")
    parser.add_argument("--screenshot", type=Path, required=True, metavar="PATH")
    args = parser.parse_args(argv)
    i18n.set_language(args.lang)
    match = start_match(args)
    assert match is not None  # --players has a default
    app = App(AppOptions(size=args.window, headless=True, frames=args.frames, screenshot=args.screenshot,
                         lang=args.lang, seed=args.seed))
    try:
        open_table(app, match, args.until_turn, violation=args.violation)
    except RuntimeError as exc:
        print(f"demo failed: {exc}", file=sys.stderr)
        return 1
    app.run()
    print(args.screenshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
