"""The Cactus room: its CLI flags and its first scene, and the navigator of its screens.

This module imports the three scenes (setup, play, end), so that each has registered itself with
:mod:`game.cactus.navigation`; the scenes reach each other only through that registry, never by import.

``python -m game cactus`` opens the setup screen; with ``--players`` or ``--bots`` the game starts at
once. ``--fast`` lets bots act without pauses and settle at once; ``--until-over`` (with bots in every
seat) plays to the end and quits on the end screen (use with ``--screenshot``); ``--until-turn N`` lets
the bots play up to turn N; ``--violation`` then has that seat drop its piece where a rule breaks.
"""

from __future__ import annotations

import argparse
import re

from game.app import BaseScene
from game.argtypes import int_in_range
from game.cactus import scene_end  # noqa: F401  (registers the end screen with game.cactus.navigation)
from game.cactus.bot import BOT_NAMES
from game.cactus.match import Match
from game.cactus.rules import MAX_PLAYERS, MIN_PLAYERS, Die, Options
from game.cactus.scene_play import PlayScene
from game.cactus.scene_setup import SetupScene
from game.i18n import t

_players = int_in_range(MIN_PLAYERS, MAX_PLAYERS, "a number of players",
                        f"Cactus is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {{n}}")
_bots = int_in_range(0, MAX_PLAYERS, "a number of bot seats", f"bots must be 0 to {MAX_PLAYERS}, got {{n}}")
_turn = int_in_range(1, None, "a turn number", "the turn must be at least 1, got {n}")


def _die(text: str) -> Die:
    m = re.fullmatch(r"\s*(\d)\s*/\s*(\d)\s*/\s*(\d)\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"expected die faces as COLOUR/FORM/SPECIAL such as 2/2/2, got {text!r}")
    try:
        return Die(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("cactus")
    group.add_argument("--players", type=_players, default=None, metavar="N",
                       help=f"start a game of N players ({MIN_PLAYERS}-{MAX_PLAYERS}) at once, skipping the setup")
    group.add_argument("--bots", type=_bots, default=None, metavar="K",
                       help="the last K seats are played by the bot (default 0; implies a game start)")
    group.add_argument("--names", default=None, metavar="A,B,..", help="player names, comma-separated")
    group.add_argument("--long-game", action="store_true", help="variant: fallen pieces go back (C-R6)")
    group.add_argument("--strict-claim", action="store_true", help="variant: claim awards or lose them (C-T3)")
    group.add_argument("--die", type=_die, default=None, metavar="C/F/S",
                       help="die faces COLOUR/FORM/!! (sum 6, default 2/2/2)")
    group.add_argument("--resume", action="store_true", help="resume the autosaved game")
    group.add_argument("--fast", action="store_true",
                       help="bots act without pauses and settle at once (no autosave)")
    group.add_argument("--until-over", action="store_true",
                       help="with --fast: play to the end, show the end screen and quit")
    group.add_argument("--until-turn", type=_turn, default=None, metavar="N",
                       help="bots play up to turn N, then stop")
    group.add_argument("--violation", action="store_true",
                       help="with --until-turn: that seat drops its piece where a rule breaks (screenshots)")


def create_scene(args: argparse.Namespace | None) -> BaseScene:
    if args is None:
        return SetupScene()
    players = getattr(args, "players", None)
    bots = getattr(args, "bots", None)
    names_arg = getattr(args, "names", None)
    options = Options(long_game=bool(getattr(args, "long_game", False)),
                      strict_claim=bool(getattr(args, "strict_claim", False)),
                      die=getattr(args, "die", None) or Die())
    names = [n.strip() for n in names_arg.split(",")] if names_arg else None
    if getattr(args, "resume", False):
        setup = SetupScene(options=options)
        return _Resume(setup)
    if players is None and bots is None:
        return SetupScene(names=names, options=options, players=len(names) if names else 3)
    n = players if players is not None else max(MIN_PLAYERS, bots or 0)
    k = min(n, bots or 0)
    if names is None or len(names) != n:
        base = names or []
        names = [base[i] if i < len(base) and base[i] else
                 (BOT_NAMES[i] if i >= n - k else t("cactus.setup.default_name", n=i + 1))
                 for i in range(n)]
    seed = int(getattr(args, "seed", 0) or 0)
    match = Match.new(n, names=names, seed=seed, options=options, bots=[i >= n - k for i in range(n)])
    fast = bool(getattr(args, "fast", False))
    until_over = bool(getattr(args, "until_over", False))
    return PlayScene(match, fast=fast or until_over, autosave=not (fast or until_over),
                     until_turn=getattr(args, "until_turn", None),
                     stage_violation=bool(getattr(args, "violation", False)), quit_when_over=until_over)


class _Resume(BaseScene):
    """Opens the setup screen and resumes the autosave at once (its messages show on the setup screen)."""

    def __init__(self, setup: BaseScene) -> None:
        self.setup = setup

    def on_enter(self) -> None:
        self.app.replace(self.setup)
        resume = getattr(self.setup, "resume_game", None)
        if resume is not None:
            resume()


__all__ = ["add_arguments", "create_scene"]
