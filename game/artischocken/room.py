"""The Artischocken room: CLI flags and the first scene (setup screen, or the table at once with --seats)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from game.app import App, BaseScene
from game.argtypes import int_in_range, screenshots_main

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
                       help="start from a position: a JSON file in the artischocken/1 save format, or demo:table, "
                            "demo:eggplant, demo:leek")
    group.add_argument("--record", type=Path, default=None, metavar="PATH",
                       help="write the game's replay to PATH when it ends (default: the user data dir's replays/)")


def table_scene(game: Game | None, seats: list[Seat], options: Options, record: CardRecord | None = None) -> BaseScene:
    """The table for ``seats``: a new game (``game`` None, from the options) or ``game`` played on (``record``:
    the replay recorded before, when a saved game is resumed)."""
    from game.artischocken.table.scene_table import TableScene

    return TableScene.new(seats, options) if game is None else TableScene(game, seats, options, record)


def remote_table_scene(remote: RemoteTable, names: list[str] | None = None) -> BaseScene:
    """The table for one seat of a game on a table server (``remote``: joined, its first state in; see
    ``game.net.client.lobby``); ``names``: the seats' names where known."""
    from game.artischocken.table.scene_remote import RemoteTableScene

    return RemoteTableScene(remote, names)


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

    return SetupScene(open_table=table_scene, **options)


def create_scene(args: argparse.Namespace | None) -> BaseScene:
    from game.artischocken.seats import Seat, default_bot_name
    from game.artischocken.turns import Options
    from game.i18n import t

    if args is None:
        return setup_scene()
    seed = int(getattr(args, "seed", 0) or 0)
    fast = bool(getattr(args, "fast", False))
    until_over = bool(getattr(args, "until_over", False))
    rhubarb = bool(getattr(args, "rhubarb", False))
    record: Path | None = getattr(args, "record", None)
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


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"python -m game artischocken: error: {message}\n")
    raise SystemExit(2)


def _load_scenario(path: Path) -> Game:
    from game.artischocken import Game
    from game.userdata import CorruptFileError, read_json

    if str(path).startswith("demo:"):
        from game.lab.artischocken.demo import demo

        try:
            return demo(str(path)[5:])
        except ValueError as exc:
            _fail(str(exc))
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


def screenshots(folder: str, size: tuple[int, int] = (1280, 800), lang: str = "en") -> list[str]:
    """Render the README screenshots (setup, mid-game table, eggplant pass, end screen) into ``folder``."""
    import os
    from pathlib import Path

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game import i18n
    from game.app import App, AppOptions
    from game.artischocken.seats import Seat
    from game.artischocken.table.scene_setup import SetupScene
    from game.artischocken.table.scene_table import TableScene
    from game.artischocken.turns import Options
    from game.lab.artischocken.demo import demo

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
        setup = SetupScene(open_table=table_scene, offer_resume=False)
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
        table = TableScene(demo("table"), seats, Options(seed=7, autosave=False, record_replays=False))
        app.replace(table)
        frames(2)
        view = table.table.session.table_view()
        hand = table.hand()
        blocked = next(i for i, c in enumerate(hand) if c != "artichoke" and not table.playable(c))
        assert table.lay is not None and view["hand"]
        rect = table.lay.hand_rects(len(hand))[blocked]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.centerx, rect.top + 40), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        frames(45)
        shot("table")
        egg = TableScene(demo("eggplant"), seats, Options(seed=7, autosave=False, record_replays=False))
        app.replace(egg)
        frames(2)
        egg.select_hand(0)
        egg.select_hand(1)
        frames(3)
        shot("eggplant")
        end = TableScene.new([Seat("Anna", "greedy"), Seat("Basil", "greedy"), Seat("Cleo", "random")],
                             Options(seed=3, fast=True, autosave=False, record_replays=False))
        app.replace(end)
        for _ in range(400):
            frames(1)
            if end.table.session.is_over:
                break
        frames(3)
        shot("end")
        # the replay viewer: that game again, halfway, with every card face up
        viewer = replay_scene(end.table.replay())
        app.replace(viewer)
        session = viewer.session  # type: ignore[attr-defined]
        session.turn_start(len(session.turn_starts) // 2)
        session.open = True
        frames(3)
        shot("replay")
    finally:
        pygame.quit()
    return saved


def main(argv: list[str]) -> int:
    """``python -m game.artischocken.room [FOLDER] [WxH] [LANG]``: the README screenshots."""
    return screenshots_main(argv, screenshots)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))


def frame_bench(app: App, seed: int = 0) -> Iterator[str]:
    """The frame benchmark's minute at the card table (see ``game.lab.framebench``): three seats, a human and two
    bots at their normal pace, mid-game; the mouse wanders over the human's hand (the detail panel follows it)
    and the human plays now and then, so cards fly and reveals are held up. It ends at the human's decision
    with nothing moving."""
    import random

    import pygame

    from game.artischocken import Action
    from game.artischocken.seats import Seat
    from game.artischocken.table.scene_table import TableScene
    from game.artischocken.turns import Options
    from game.lab.artischocken.demo import demo

    rng = random.Random(seed)
    seats = [Seat("Anna", "human"), Seat("Basil", "greedy"), Seat("Cleo", "random")]
    scene = TableScene(demo("table"), seats, Options(seed=seed, autosave=False, record_replays=False))
    app.push(scene)
    calm = 0
    for frame in range(3600):
        if app.scene is not scene:  # a finished game: play the next one
            scene = app.scene  # type: ignore[assignment]
        if scene.table.session.is_over:
            if frame % 120 == 119:
                scene = TableScene.new(seats, Options(seed=seed + frame, autosave=False, record_replays=False))
                app.replace(scene)
            yield "play"
            continue
        lay = scene.lay
        if lay is not None:
            hand = lay.seats[lay.bottom].hand
            x = hand.x + (frame * 7) % max(1, hand.width)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, hand.centery), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        mine = scene.my_decision() and not scene.flights and scene.reveal is None
        calm = calm + 1 if mine else 0
        if calm > 45:  # the human thinks for a moment, then acts
            legal = scene.table.session.legal_actions()
            plays = [a for a in legal if a.kind != "end_play"]
            scene.apply(rng.choice(plays) if plays and rng.random() < 0.7 else (legal[0] if legal else
                                                                                  Action("end_play")))
            calm = 0
        yield "play"
    # wait for the human's next decision, then rest the mouse off the cards
    for _ in range(1200):
        if scene.my_decision() and not scene.flights and scene.reveal is None:
            break
        yield "play"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(400):
        yield "play"
        if scene.still():
            break
    yield "idle"
