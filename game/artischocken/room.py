"""The Artischocken room: CLI flags and the first scene (setup screen, or the table at once with --seats)."""

from __future__ import annotations

import argparse

from game.app import BaseScene

MIN_SEATS, MAX_SEATS = 2, 4


def parse_seats(text: str) -> list[str]:
    """``human,greedy,random`` -> seat kinds; a clear argparse error for anything else."""
    from game.artischocken.scene_common import HUMAN, bot_kinds

    kinds = [part.strip().lower() for part in text.split(",") if part.strip()]
    allowed = [HUMAN, *bot_kinds()]
    if not MIN_SEATS <= len(kinds) <= MAX_SEATS:
        raise argparse.ArgumentTypeError(f"expected {MIN_SEATS} to {MAX_SEATS} seats, got {len(kinds)}")
    for kind in kinds:
        if kind not in allowed:
            raise argparse.ArgumentTypeError(f"unknown seat kind {kind!r}; choose from {', '.join(allowed)}")
    return kinds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("artischocken")
    group.add_argument("--seats", type=parse_seats, default=None, metavar="KIND,KIND,...",
                       help="2-4 seats, each 'human' or a bot kind (e.g. human,greedy); starts at once")
    group.add_argument("--rhubarb", action="store_true", help="play with the rhubarb variant (+6 cards)")
    group.add_argument("--fast", action="store_true", help="no bot pauses and no animations")
    group.add_argument("--until-over", action="store_true", help="quit when the game ends")
    group.add_argument("--start-player", type=int, default=None, metavar="SEAT",
                       help="seat number (1-4) that starts; default random")


def create_scene(args: argparse.Namespace | None) -> BaseScene:
    from game.artischocken.scene_common import Seat, default_bot_name
    from game.artischocken.scene_setup import SetupScene
    from game.artischocken.scene_table import Options, TableScene
    from game.i18n import t

    if args is None:
        return SetupScene()
    seed = int(getattr(args, "seed", 0) or 0)
    fast = bool(getattr(args, "fast", False))
    until_over = bool(getattr(args, "until_over", False))
    rhubarb = bool(getattr(args, "rhubarb", False))
    kinds: list[str] | None = getattr(args, "seats", None)
    start = getattr(args, "start_player", None)
    if not kinds:
        return SetupScene(rhubarb=rhubarb, fast=fast, until_over=until_over)
    if start is not None and not 1 <= start <= len(kinds):
        raise SystemExit(f"python -m game artischocken: --start-player must be 1 to {len(kinds)}")
    seats = []
    bots = 0
    for i, kind in enumerate(kinds):
        if kind == "human":
            seats.append(Seat(t("table.setup.default_name", n=i + 1), kind))
        else:
            seats.append(Seat(default_bot_name(bots), kind))
            bots += 1
    options = Options(fast=fast, until_over=until_over, seed=seed, rhubarb=rhubarb,
                      start_player=None if start is None else start - 1)
    return TableScene.new(seats, options)
