"""``python -m game [SUBCOMMAND] [flags]``: the launcher, the rooms, simulations and benchmarks.

Global flags may stand before or after the subcommand. Bad input ends with a usage message and exit code 2,
never with a traceback.

This module builds the app and hands it the scenes it shows on its own behalf (:func:`app_scenes`), so that
the app itself imports no scene.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from game import i18n, scripted
from game.argtypes import parse_window, positive_int, whole_number
from game.rooms import create_room_scene, room_module
from game.rooms import replay_scene as create_replay_scene

if TYPE_CHECKING:
    from game.app import BaseScene

#: Rooms that `simulate` and `bench` serve: room -> module with ``main(argv) -> int``.
SIMULATIONS: dict[str, str] = {"artischocken": "game.artischocken.simulate", "cactus": "game.cactus.simulate"}
BENCHMARKS: dict[str, str] = {"artischocken": "game.lab.artischocken.bench", "cactus": "game.lab.cactus.bench",
                              "cactus-bot": "game.lab.cactus.botbench", "frames": "game.lab.framebench",
                              "net": "game.lab.net_bench"}
BENCHMARKS["reconnect"] = "game.lab.reconnect_bench"  # a silent server noticed; seats back after a kill -9
BENCHMARKS["crash"] = "game.lab.crash_bench"  # kill -9 under load: no answered move lost, what durability costs
BENCHMARKS["cactus-net"] = "game.lab.cactus_net_bench"  # Cactus over the wire (sizes, rates, server time)
BENCHMARKS["artischocken-bots"] = "game.lab.artischocken.thinkbench"  # the card table's frames while bots think
BENCHMARKS["artischocken-search"] = "game.lab.artischocken.search_bench"  # CPU per decision of the search levels
BENCHMARKS["cactus-counts"] = "game.lab.cactus.countbench"  # the planner's piece choice on the count model (no physics)
BENCHMARKS["cactus-hint"] = "game.lab.cactus.hintbench"  # the hint carried out by a scripted hand on the real match
BENCHMARKS["fuzz-wire"] = "game.lab.wire_fuzz"  # mutated messages of every type against a real serve: breaks
BENCHMARKS["web"] = "game.lab.web_bench"  # the browser seat: page weight, first state and act to state in Chromium
#: Tools with no window: subcommand -> module with ``main(argv) -> int`` (its own flags after the name).
TOOLS: dict[str, str] = {"serve": "game.net.server.serve"}


def add_global_flags(parser: argparse.ArgumentParser, *, in_subcommand: bool) -> None:
    """The flags every form of the command takes. In a subcommand they must not reset what came before."""
    default: Any = argparse.SUPPRESS if in_subcommand else None
    group = parser.add_argument_group("global flags")
    group.add_argument("--lang", choices=i18n.LANGUAGES, default=default,
                       help="language of the interface (default: from the locale, else en)")
    group.add_argument("--seed", type=whole_number, default=default,
                       help="seed of every random choice (default: a fresh one for every game)")
    group.add_argument("--headless", action="store_true",
                       default=argparse.SUPPRESS if in_subcommand else False,
                       help="run without a visible window (SDL dummy drivers)")
    group.add_argument("--frames", type=positive_int, default=default, metavar="N",
                       help="quit after N frames")
    group.add_argument("--screenshot", type=Path, default=default, metavar="PATH",
                       help="save the last frame as a PNG")
    group.add_argument("--window", type=parse_window, default=argparse.SUPPRESS if in_subcommand else (1280, 800),
                       metavar="WxH", help="window size (default 1280x800; the window is resizable)")
    group.add_argument("--mute", action="store_true", default=argparse.SUPPRESS if in_subcommand else False,
                       help="no sound this run (the saved setting is kept)")
    group.add_argument("--save", action="store_true", default=argparse.SUPPRESS if in_subcommand else False,
                       help="with --frames or --until-over: keep the game in the Continue list and its replay in the "
                            "Replays list (such a scripted run keeps nothing there otherwise)")
    group.add_argument("--colour-blind", action="store_true",
                       default=argparse.SUPPRESS if in_subcommand else False,
                       help="colour aids on every piece and colour cue this run (the saved setting is kept)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="garden-table: Cactus, Artischocken and the shape editor. No subcommand opens the launcher.",
    )
    add_global_flags(parser, in_subcommand=False)
    sub = parser.add_subparsers(dest="command", metavar="SUBCOMMAND")
    for name, help_text in (
        ("cactus", "open the Cactus room"),
        ("artischocken", "open the Artischocken room"),
        ("editor", "open the shape editor"),
    ):
        room_parser = sub.add_parser(name, help=help_text)
        add_global_flags(room_parser, in_subcommand=True)
        module = room_module(name)
        if module is not None and hasattr(module, "add_arguments"):
            module.add_arguments(room_parser)
    replay = sub.add_parser("replay", help="watch a replay (or check it with --verify)")
    add_global_flags(replay, in_subcommand=True)
    replay.add_argument("path", type=Path, metavar="PATH", help="a replay file (garden-table-replay/1)")
    replay.add_argument("--verify", action="store_true",
                        help="replay with no window and print {exact, room, turns} as JSON; exit 0 only when exact")
    replay.add_argument("--gif", type=Path, default=None, metavar="OUT.gif",
                        help="write one turn as an animated GIF (needs Pillow: the 'gif' extra); see --turn")
    replay.add_argument("--turn", type=positive_int, default=1, metavar="N",
                        help="open at turn N (and the turn --gif shows; default 1)")
    saved = sub.add_parser("saves", help="list the unfinished games (resume one with ROOM --resume ID)")
    saved.add_argument("--json", action="store_true", help="print them as a JSON list")
    simulate = sub.add_parser("simulate", help=f"batch simulation ({', '.join(SIMULATIONS)})")
    simulate.add_argument("room", choices=sorted(SIMULATIONS), help="the room to simulate")
    simulate.add_argument("args", nargs=argparse.REMAINDER, help="the room's own flags (see ROOM --help)")
    bench = sub.add_parser("bench", help=f"benchmarks printing JSON ({', '.join(BENCHMARKS)})")
    bench.add_argument("room", choices=sorted(BENCHMARKS), help="the room to measure")
    bench.add_argument("args", nargs=argparse.REMAINDER, help="the room's own flags (see ROOM --help)")
    serve = sub.add_parser("serve", help="run the table server for remote play (websockets; no window)",
                           add_help=False)
    serve.add_argument("args", nargs=argparse.REMAINDER, help="the server's own flags (see serve --help)")
    return parser


def _run_tool(table: dict[str, str], room: str, argv: list[str], parser: argparse.ArgumentParser) -> int:
    try:
        module = importlib.import_module(table[room])
    except ModuleNotFoundError:
        parser.exit(2, f"python -m game: '{room}' is not available in this build yet\n")
    main: Callable[[list[str]], int] = module.main
    try:
        return int(main(argv) or 0)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (| head): nothing left to say
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps Python's exit flush quiet
        return 0


class AppScenes(TypedDict):
    """The scene factories of :class:`game.app.AppOptions` that the CLI fills in."""

    error_scene: Callable[[str], BaseScene]
    placeholder_scene: Callable[[str], BaseScene]
    home_scene: Callable[[], BaseScene]
    settings_scene: Callable[[], BaseScene]


def app_scenes() -> AppScenes:
    """The scenes the app is handed (``AppOptions`` fields): the error message that replaces a failing scene,
    the placeholder of a room not built yet, and the launcher as the home screen."""
    from game.screens.launcher import ErrorScene, LauncherScene, PlaceholderScene
    from game.screens.scene_settings import SettingsScene

    return AppScenes(error_scene=ErrorScene, placeholder_scene=PlaceholderScene, home_scene=LauncherScene,
                     settings_scene=SettingsScene)


def run_app(args: argparse.Namespace, make_scene: Callable[[], Any]) -> int:
    import pygame

    from game.app import App, AppOptions
    from game.ui.sound import quit_pygame

    options = AppOptions(
        size=args.window,
        headless=args.headless,
        frames=args.frames,
        screenshot=args.screenshot,
        lang=i18n.get_language(),
        seed=args.seed,
        mute=getattr(args, "mute", False),
        colour_blind=getattr(args, "colour_blind", False),
        catch_errors=True,
        **app_scenes(),
    )
    try:
        app = App(options)
    except pygame.error as exc:
        print(f"python -m game: cannot open a window ({exc}); without a display, add --headless", file=sys.stderr)
        return 1
    try:
        try:
            app.push(make_scene())
        except Exception as exc:  # a room that cannot open says why on screen
            app.show_error(exc)
        return app.run()
    except (OSError, pygame.error) as exc:  # e.g. the screenshot path cannot be written
        print(f"python -m game: {exc}", file=sys.stderr)
        return 1
    finally:
        quit_pygame()


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    finally:
        scripted.keep_lists(True)  # what one run decided is not the next one's (the tests run many in a process)


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    args, extra = parser.parse_known_args(argv)
    if args.command in TOOLS:  # a tool parses its own flags: everything after its name, in order (argparse's
        # REMAINDER would split a leading "--flag value" into the flag and the rest)
        return _run_tool(TOOLS, args.command, argv[argv.index(args.command) + 1:], parser)
    args = parser.parse_args(argv)
    problem = flag_problem(args)
    if problem is not None:
        where = f"python -m game {args.command}" if args.command else "python -m game"
        sys.stderr.write(f"usage: {where} [flags] (see --help)\n{where}: error: {problem}\n")
        return 2
    scripted.keep_lists(bool(getattr(args, "save", False)) or not _scripted_run(args))
    if getattr(args, "headless", False):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        # an audio driver already set is kept (SDL's "disk" driver records a headless game's sound)
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    if args.command == "simulate":
        return _run_tool(SIMULATIONS, args.room, list(args.args), parser)
    if args.command == "bench":
        return _run_tool(BENCHMARKS, args.room, list(args.args), parser)
    if args.command == "saves":
        return _list_saves(args.json)
    if args.command == "replay" and args.verify:
        from game.replay.main import main as replay_main

        return replay_main([str(args.path), "--verify"])

    from game import settings

    prefs = settings.load_settings()
    lang = args.lang or prefs.lang or i18n.detect_language()
    i18n.set_language(lang if lang in i18n.LANGUAGES else i18n.DEFAULT_LANGUAGE)
    if prefs.window is not None and not _window_given(argv) and not args.headless:
        args.window = prefs.window  # the size chosen in the settings screen, unless --window says otherwise

    if args.command == "replay":
        return _watch_replay(args)
    problem = _resume_problem(args)
    if problem is not None:
        sys.stderr.write(f"python -m game {args.command}: error: {problem}\n")
        return 2

    def make_scene() -> Any:
        if args.command is None:
            from game.screens.launcher import LauncherScene

            return LauncherScene(problem=prefs.problem)
        return create_room_scene(args.command, args, placeholder=app_scenes()["placeholder_scene"])

    return run_app(args, make_scene)


def _scripted_run(args: argparse.Namespace) -> bool:
    """A run that ends by itself (``--frames``, ``--until-over``): a script's, whose games the player's lists do not
    keep unless ``--save`` asks (:mod:`game.scripted`)."""
    return getattr(args, "frames", None) is not None or bool(getattr(args, "until_over", False))


def flag_problem(args: argparse.Namespace) -> str | None:
    """Why the flags given cannot all be honoured together (one sentence, said before anything opens), else None.

    Every flag a run would silently ignore or contradict is refused: the player learns at once what was meant."""
    given = {k: v for k, v in vars(args).items() if v not in (None, False)}
    if given.get("save") and not _scripted_run(args):
        return "--save only matters with --frames or --until-over (a game played in the window is always kept)"
    if args.command == "cactus":
        return _cactus_flag_problem(args, given)
    if args.command == "artischocken":
        return _card_flag_problem(args, given)
    if args.command == "replay" and given.get("verify"):
        clashing = [f for f, on in (("--gif", "gif" in given), ("--turn", getattr(args, "turn", 1) != 1),
                                    ("--frames", "frames" in given), ("--screenshot", "screenshot" in given)) if on]
        if clashing:
            return f"--verify opens no window and checks the whole replay: {', '.join(clashing)} cannot go with it"
    return None


def _flags(given: dict[str, Any], *names: str) -> list[str]:
    return ["--" + n.replace("_", "-") for n in names if n in given and given[n] != ""]


def _cactus_flag_problem(args: argparse.Namespace, given: dict[str, Any]) -> str | None:
    from game.cactus.rules import MAX_PLAYERS, MIN_PLAYERS

    if args.resume is not None:
        ignored = _flags(given, "players", "bots", "bot_kinds", "names", "long_game", "strict_claim", "die", "fast",
                         "until_over", "record")
        if ignored:
            return f"--resume goes on with the saved game as it was: {', '.join(ignored)} cannot go with it"
        return None
    players, bots = args.players, args.bots
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    if players is not None and bots is not None and bots > players:
        return f"--bots {bots} is more bot seats than --players {players} gives (at most {players})"
    if names is not None and players is not None and len(names) != players:
        return f"--names gives {len(names)} names for --players {players}: give one name per seat"
    if names is not None and not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        return f"--names gives {len(names)} names; Cactus is for {MIN_PLAYERS} to {MAX_PLAYERS} players"
    if names is not None and players is None and bots is not None and len(names) < bots:
        return f"--names gives {len(names)} names but --bots {bots} asks for more seats: add --players"
    if args.bot_kinds and not bots:
        return "--bot-kinds needs --bots K (the kinds are those of the bot seats)"
    if args.bot_kinds and len(args.bot_kinds) > bots:
        return f"--bot-kinds names {len(args.bot_kinds)} kinds for {bots} bot seat{'s' if bots != 1 else ''}"
    if players is None and bots is None:
        waiting = _flags(given, "fast", "until_over", "record")
        if waiting:
            return f"{', '.join(waiting)} needs a game started at once: add --players N or --bots K"
    seats = players if players is not None else max(MIN_PLAYERS, bots or 0)
    if args.until_over and given.get("headless") and (bots or 0) < seats:
        return ("--headless --until-over needs every seat played by a bot (nobody can play without a window): "
                f"--bots {seats}")
    return None


def _card_flag_problem(args: argparse.Namespace, given: dict[str, Any]) -> str | None:
    if args.resume:
        ignored = _flags(given, "seats", "rhubarb", "start_player", "scenario")
        if ignored:
            return f"--resume goes on with the saved game as it was: {', '.join(ignored)} cannot go with it"
        return None
    if args.scenario is not None:
        ignored = _flags(given, "rhubarb", "start_player")
        if ignored:
            return f"--scenario brings its own game: {', '.join(ignored)} cannot go with it"
    elif args.start_player is not None and not args.seats:
        return "--start-player needs --seats (the setup screen chooses the start player itself)"
    seats = args.seats or []
    if args.until_over and given.get("headless") and not seats and args.scenario is None:
        return "--headless --until-over needs --seats with a bot in every seat (the setup screen waits for a player)"
    if args.until_over and given.get("headless") and "human" in seats:
        return "--headless --until-over needs every seat played by a bot (nobody can play without a window)"
    return None


def _list_saves(as_json: bool) -> int:
    """``python -m game saves``: every unfinished game, newest first, one line each (or a JSON list); a file that
    could not be read is said on stderr (it was kept aside)."""
    import json

    from game.artischocken.save import list_saves as card_saves
    from game.cactus.saves import list_saves as cactus_saves

    found, problems = [], []
    for listed in (cactus_saves, card_saves):
        some, bad = listed()
        found += some
        problems += bad
    found.sort(key=lambda s: (s.saved_at, s.id), reverse=True)
    for problem in problems:
        sys.stderr.write(f"python -m game saves: {problem}\n")
    if as_json:
        print(json.dumps([s.to_json() for s in found], ensure_ascii=False, indent=1))
    elif not found:
        print("no unfinished games")
    for s in found if not as_json else []:
        where = f"round {s.turn}" if s.room == "artischocken" else f"turn {s.turn}"
        print(f"{s.id}  {s.room}  {', '.join(s.seats)}  {where}  saved {s.when}")
    return 0


def _resume_problem(args: argparse.Namespace) -> str | None:
    """Why the room's ``--resume ID`` cannot open its game (said before a window opens), else None."""
    module = room_module(args.command) if args.command in ("cactus", "artischocken") else None
    check = getattr(module, "resume_problem", None)
    return check(args) if check is not None else None


def _window_given(argv: Sequence[str]) -> bool:
    return any(a == "--window" or a.startswith("--window=") for a in argv)


def _watch_replay(args: argparse.Namespace) -> int:
    """``python -m game replay PATH``: the room's viewer; a file that is not a usable replay: one line, exit 2."""
    from game.replay.format import ReplayError
    from game.replay.main import UnreadableReplay, read_file

    try:
        scene = create_replay_scene(read_file(args.path))
    except (UnreadableReplay, ReplayError) as exc:
        sys.stderr.write(f"python -m game replay: error: {exc}\n")
        return 2
    if args.gif is not None:
        return _replay_gif(args, scene)
    if args.turn > 1 and hasattr(scene, "open_at"):
        scene.open_at(args.turn - 1)
    return run_app(args, lambda: scene)


def _replay_gif(args: argparse.Namespace, scene: Any) -> int:

    from game.app import App, AppOptions
    from game.replay.gif import GifError, record_turn
    from game.ui.sound import quit_pygame

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    app = App(AppOptions(size=args.window, headless=True, **app_scenes()))
    try:
        app.push(scene)
        pictures = record_turn(app, scene, args.turn, args.gif)
    except (GifError, ValueError, OSError) as exc:
        sys.stderr.write(f"python -m game replay: error: {exc}\n")
        return 2
    finally:
        quit_pygame()
    print(f"{args.gif}: turn {args.turn}, {pictures} pictures")
    return 0

