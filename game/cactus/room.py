"""The Cactus room: its CLI flags and its first scene, and the navigator of its screens.

This module imports the scenes (setup, play, end, remote play), so that each has registered itself with
:mod:`game.cactus.screens.navigation`, and registers the guided first game (the play scene with a guide beside it);
the scenes reach each other only through that registry, never by import.

``python -m game cactus`` opens the setup screen; with ``--players`` or ``--bots`` the game starts at
once. ``--fast`` lets bots act without pauses and settle at once; ``--until-over`` (with bots in every
seat) plays to the end and quits on the end screen (use with ``--screenshot``).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

from game.app import BaseScene
from game.argtypes import int_in_range
from game.cactus.bots.simple import BOT_NAMES
from game.cactus.guide.coach import GuideCoach, guide_match
from game.cactus.match import BOT_KINDS, Match
from game.cactus.rules import MAX_PLAYERS, MIN_PLAYERS, Die, Options
from game.cactus.screens import scene_end  # noqa: F401  (registers the end screen with navigation)
from game.cactus.screens.navigation import register as register_screen
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.scene_remote import ConnectingScene, Connection
from game.cactus.screens.scene_rules import rules_scene
from game.cactus.screens.scene_setup import SetupScene
from game.i18n import t
from game.seeds import game_seed

_players = int_in_range(MIN_PLAYERS, MAX_PLAYERS, "a number of players",
                        f"Cactus is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {{n}}")
_bots = int_in_range(0, MAX_PLAYERS, "a number of bot seats", f"bots must be 0 to {MAX_PLAYERS}, got {{n}}")


def _die(text: str) -> Die:
    m = re.fullmatch(r"\s*(\d)\s*/\s*(\d)\s*/\s*(\d)\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"expected die faces as COLOUR/FORM/SPECIAL such as 2/2/2, got {text!r}")
    try:
        return Die(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _kinds(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if not kinds or unknown:
        raise argparse.ArgumentTypeError(f"bot kinds must be some of {', '.join(BOT_KINDS)}, got {text!r:.60}")
    return kinds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("cactus")
    group.add_argument("--players", type=_players, default=None, metavar="N",
                       help=f"start a game of N players ({MIN_PLAYERS}-{MAX_PLAYERS}) at once, skipping the setup")
    group.add_argument("--bots", type=_bots, default=None, metavar="K",
                       help="the last K seats are played by the bot (default 0; implies a game start)")
    group.add_argument("--bot-kinds", type=_kinds, default=None, metavar="K,K,..",
                       help=f"the kind of each bot seat, comma-separated ({', '.join(BOT_KINDS)}; the last one "
                            "repeats; default simple)")
    group.add_argument("--names", default=None, metavar="A,B,..", help="player names, comma-separated")
    group.add_argument("--long-game", action="store_true", help="variant: fallen pieces come back")
    group.add_argument("--strict-claim", action="store_true", help="variant: claim awards or lose them")
    group.add_argument("--die", type=_die, default=None, metavar="C/F/S",
                       help="die faces COLOUR/FORM/!! (sum 6, default 2/2/2)")
    group.add_argument("--resume", nargs="?", const="", default=None, metavar="ID",
                       help="resume the saved game ID (python -m game saves lists them; no ID: the newest)")
    group.add_argument("--fast", action="store_true",
                       help="bots act without pauses and settle at once (no autosave)")
    group.add_argument("--until-over", action="store_true",
                       help="with --fast: play to the end, show the end screen and quit")
    group.add_argument("--record", type=Path, default=None, metavar="PATH",
                       help="write the game's replay to PATH when it ends (default: the user data dir's replays/)")


def _options(args: argparse.Namespace) -> Options:
    return Options(long_game=bool(getattr(args, "long_game", False)),
                   strict_claim=bool(getattr(args, "strict_claim", False)),
                   die=getattr(args, "die", None) or Die())


def _names(args: argparse.Namespace) -> list[str] | None:
    names_arg = getattr(args, "names", None)
    return [n.strip() for n in names_arg.split(",")] if names_arg else None


def start_match(args: argparse.Namespace) -> Match | None:
    """The match that ``--players`` / ``--bots`` start (with ``--names``, the variants, ``--die``, ``--bot-kinds``
    and ``--seed``); None without either of them. Missing attributes of ``args`` take the flags' defaults."""
    players = getattr(args, "players", None)
    bots = getattr(args, "bots", None)
    if players is None and bots is None:
        return None
    names = _names(args)
    n = players if players is not None else max(MIN_PLAYERS, bots or 0)
    k = min(n, bots or 0)
    if names is None or len(names) != n:
        base = names or []
        names = [base[i] if i < len(base) and base[i] else
                 (BOT_NAMES[i] if i >= n - k else t("cactus.setup.default_name", n=i + 1))
                 for i in range(n)]
    seed = game_seed(getattr(args, "seed", None))
    chosen = list(getattr(args, "bot_kinds", None) or ["simple"])
    chosen += [chosen[-1]] * n
    kinds = ["simple"] * (n - k) + chosen[:k]
    return Match.new(n, names=names, seed=seed, options=_options(args), bots=[i >= n - k for i in range(n)],
                     bot_kinds=kinds)


def create_scene(args: argparse.Namespace | None) -> BaseScene:
    if args is None:
        return SetupScene()
    options = _options(args)
    resume = getattr(args, "resume", None)
    if resume is not None and resume is not False:
        return _Resume(SetupScene(options=options), resume if isinstance(resume, str) and resume else None)
    match = start_match(args)
    if match is None:
        names = _names(args)
        return SetupScene(names=names, options=options, players=len(names) if names else 3)
    fast = bool(getattr(args, "fast", False))
    until_over = bool(getattr(args, "until_over", False))
    return PlayScene(match, fast=fast or until_over, autosave=not (fast or until_over), quit_when_over=until_over,
                     replay_to=getattr(args, "record", None))


def guide_scene() -> BaseScene:
    """The guided first game: a fresh table against one bot, neither saved nor recorded, the guide beside it."""
    return PlayScene(guide_match(), autosave=False, record_replay=False, coach=GuideCoach())


register_screen("guide", guide_scene)


def replay_scene(data: object) -> BaseScene:
    """The replay viewer for a checked Cactus replay (``ReplayError`` naming the field otherwise)."""
    from game.cactus.screens.scene_replay import ReplayScene
    from game.replay import cactus

    checked, record = cactus.load(data)
    return ReplayScene(cactus.CactusSession(record), [seat["name"] for seat in checked["seats"]])


def remote_play_scene(connection: Connection, seat: int | None, table_id: str = "", *,
                      on_resign: Callable[[], None] | None = None, seeded: bool = False) -> BaseScene:
    """Cactus at the remote table ``table_id`` as seat ``seat`` (None: watching) over ``connection``, joined
    already (``send(message)``, non-blocking ``poll() -> list[message]``): a short wait for the table's
    snapshot, then the remote play scene. ``on_resign``: called once the server confirmed that the player gave
    the seat up (and before the table is left); ``seeded``: its creator chose the seed (the table says so as it
    opens)."""
    return ConnectingScene(connection, seat, table_id, on_resign=on_resign, seeded=seeded)


def resume_problem(args: argparse.Namespace) -> str | None:
    """Why ``--resume ID`` cannot open its game (no such save, or one that cannot be read: kept aside), else None."""
    from game.cactus.saves import load_save

    save_id = getattr(args, "resume", None)
    if not isinstance(save_id, str) or not save_id:
        return None
    return load_save(save_id).problem


class _Resume(BaseScene):
    """Opens the setup screen and resumes a save at once, ``save_id`` or the newest (its messages show on the
    setup screen)."""

    def __init__(self, setup: BaseScene, save_id: str | None = None) -> None:
        self.setup = setup
        self.save_id = save_id

    def on_enter(self) -> None:
        self.app.replace(self.setup)
        resume = getattr(self.setup, "resume_game", None)
        if resume is not None:
            resume(self.save_id)


__all__ = ["add_arguments", "create_scene", "guide_scene", "remote_play_scene", "replay_scene", "resume_problem",
           "rules_scene", "start_match"]
