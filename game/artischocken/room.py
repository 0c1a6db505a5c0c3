"""The Artischocken room: CLI flags and the first scene (setup screen, or the table at once with --seats)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from game.app import BaseScene
from game.argtypes import int_in_range
from game.seeds import game_seed

if TYPE_CHECKING:
    from game.artischocken import Game
    from game.artischocken.seats import Seat
    from game.artischocken.turns import Options
    from game.net.client.remote_cards import RemoteTable
    from game.replay.cards import CardRecord

MIN_SEATS, MAX_SEATS = 2, 4


def parse_seats(text: str) -> list[str]:
    """``human,greedy,random`` -> seat kinds; a clear argparse error for anything else."""
    from game.artischocken.seats import HUMAN, bot_kinds

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
    group.add_argument("--start-player", default=None, metavar="SEAT",
                       type=int_in_range(1, MAX_SEATS, what="a seat number from 1 to 4",
                                         message="expected a seat number from {low} to {high}, got {n}"),
                       help="seat number (1-4) that starts; default random")
    group.add_argument("--scenario", type=Path, default=None, metavar="FILE",
                       help="start from a position: a JSON file in the artischocken/1 save format")
    group.add_argument("--record", type=Path, default=None, metavar="PATH",
                       help="write the game's replay to PATH when it ends (default: the user data dir's replays/)")
    group.add_argument("--resume", default=None, metavar="ID",
                       help="resume the saved game ID (python -m game saves lists them)")


def table_scene(game: Game | None, seats: list[Seat], options: Options, record: CardRecord | None = None) -> BaseScene:
    """The table for ``seats``: a new game (``game`` None, from the options) or ``game`` played on (``record``:
    the replay recorded before, when a saved game is resumed)."""
    from game.artischocken.table.scene_table import TableScene

    scene = TableScene.new(seats, options) if game is None else TableScene(game, seats, options, record)
    scene.open_rules = rules_scene
    return scene


def rules_scene() -> BaseScene:
    """The rules screen, opened over the setup screen or the table (F1, their Rules button)."""
    from game.artischocken.table.scene_rules import rules_scene as book

    return book()


def remote_table_scene(remote: RemoteTable, names: list[str] | None = None, *,
                       on_resign: Callable[[], None] | None = None, seeded: bool = False) -> BaseScene:
    """The table for one seat of a game on a table server (``remote``: joined, its first state in; see
    ``game.net.client.lobby``); ``names``: the seats' names where known (the server's presence names them too);
    ``on_resign``: called once the server confirmed that the player gave the seat up (and before the table is
    left); ``seeded``: its creator chose the seed (the table says so as it opens)."""
    from game.artischocken.table.scene_remote import RemoteTableScene

    scene = RemoteTableScene(remote, names, on_resign=on_resign, seeded=seeded)
    scene.open_rules = rules_scene
    return scene


def replay_scene(data: object) -> BaseScene:
    """The replay viewer for a checked Artischocken replay (``ReplayError`` naming the field otherwise)."""
    from game.artischocken.table.scene_replay import ReplayScene
    from game.replay import cards
    from game.replay.session import ReplaySession

    checked, record = cards.load(data)
    return ReplayScene(ReplaySession(record), [seat["name"] for seat in checked["seats"]])


def setup_scene(**options: Any) -> BaseScene:
    """The setup screen; it opens the table through :func:`table_scene`."""
    from game.artischocken.table.scene_setup import SetupScene

    scene = SetupScene(open_table=table_scene, **options)
    scene.open_rules = rules_scene
    return scene


def resume_problem(args: argparse.Namespace) -> str | None:
    """Why ``--resume ID`` cannot open its game (no such save, or one that cannot be read: kept aside), else None."""
    from game.artischocken import save as savemod

    save_id = getattr(args, "resume", None)
    if not save_id:
        return None
    try:
        savemod.load(save_id=save_id)
    except savemod.SaveError as exc:
        return str(exc)
    return None


def create_scene(args: argparse.Namespace | None) -> BaseScene:
    from game.artischocken.seats import Seat, default_bot_name
    from game.artischocken.turns import Options
    from game.i18n import t

    if args is None:
        return setup_scene()
    seed = game_seed(getattr(args, "seed", None))
    fast = bool(getattr(args, "fast", False))
    until_over = bool(getattr(args, "until_over", False))
    rhubarb = bool(getattr(args, "rhubarb", False))
    record: Path | None = getattr(args, "record", None)
    if getattr(args, "resume", None):
        return _resumed(args.resume, fast, until_over, record)
    kinds: list[str] | None = getattr(args, "seats", None)
    start = getattr(args, "start_player", None)
    scenario: Path | None = getattr(args, "scenario", None)
    game = None
    if scenario is not None:
        game = _load_scenario(scenario)
        if kinds and len(kinds) != game.players:
            _fail(f"--seats names {len(kinds)} seats but the scenario has {game.players} players")
        kinds = kinds or ["human"] + ["greedy"] * (game.players - 1)
    if not kinds:
        return setup_scene(rhubarb=rhubarb, fast=fast, until_over=until_over, record_path=record)
    if start is not None and not 1 <= start <= len(kinds):
        _fail(f"--start-player: expected a seat number from 1 to {len(kinds)} (the game has {len(kinds)} seats), "
              f"got {start}")
    seats = []
    bots = 0
    for i, kind in enumerate(kinds):
        if kind == "human":
            seats.append(Seat(t("table.setup.default_name", n=i + 1), kind))
        else:
            seats.append(Seat(default_bot_name(bots), kind))
            bots += 1
    options = Options(fast=fast, until_over=until_over, seed=seed, rhubarb=rhubarb,
                      start_player=None if start is None else start - 1, record_path=record)
    return table_scene(game, seats, options)


def _resumed(save_id: str, fast: bool, until_over: bool, record: Path | None) -> BaseScene:
    """The table of the saved game ``save_id`` (``--resume``); a save that cannot be used ends with a message."""
    from game.artischocken import save as savemod
    from game.artischocken.turns import Options

    try:
        saved = savemod.load(save_id=save_id)
    except savemod.SaveError as exc:
        _fail(str(exc))
    if saved is None:
        _fail(f"there is no saved game {save_id!r}")
    options = Options(fast=fast, until_over=until_over, seed=saved.seed, record_path=record, save_id=save_id)
    return table_scene(saved.game, saved.seats, options, saved.record)


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"python -m game artischocken: error: {message}\n")
    raise SystemExit(2)


def _load_scenario(path: Path) -> Game:
    from game.artischocken import Game
    from game.userdata import CorruptFileError, read_json

    if path.is_dir():
        _fail(f"{path}: is a folder, not a scenario file")
    try:
        data = read_json(path, default=None, keep_aside=False)
    except CorruptFileError as exc:
        _fail(f"{path}: {exc.reason}")
    except PermissionError:
        _fail(f"{path}: permission denied")
    except (OSError, RecursionError) as exc:
        # OSError: a folder, a broken link, a device...; RecursionError: JSON nested too deeply to read.
        _fail(f"{path}: cannot be read ({getattr(exc, 'strerror', None) or type(exc).__name__})")
    if data is None:
        _fail(f"{path}: no such file")
    try:
        return Game.from_dict(data)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as exc:
        _fail(f"{path}: not a usable artischocken/1 position ({exc})")

