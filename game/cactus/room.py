"""The Cactus room: its CLI flags and its first scene, and the navigator of its screens.

This module imports the three scenes (setup, play, end), so that each has registered itself with
:mod:`game.cactus.screens.navigation`; the scenes reach each other only through that registry, never by import.

``python -m game cactus`` opens the setup screen; with ``--players`` or ``--bots`` the game starts at
once. ``--fast`` lets bots act without pauses and settle at once; ``--until-over`` (with bots in every
seat) plays to the end and quits on the end screen (use with ``--screenshot``); ``--until-turn N`` lets
the bots play up to turn N; ``--violation`` then has that seat drop its piece where a rule breaks.
"""

from __future__ import annotations

import argparse
import math
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.app import App, BaseScene
from game.argtypes import int_in_range
from game.cactus.bots.simple import BOT_NAMES, Bot
from game.cactus.match import BOT_KINDS, Match, Stage
from game.cactus.rules import MAX_PLAYERS, MIN_PLAYERS, Die, Options
from game.cactus.screens import scene_end  # noqa: F401  (registers the end screen with game.cactus.screens.navigation)
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.scene_remote import ConnectingScene, Connection, RemoteControls
from game.cactus.screens.scene_setup import SetupScene
from game.i18n import t
from game.net.client.cactus_link import CactusLink

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
    group.add_argument("--record", type=Path, default=None, metavar="PATH",
                       help="write the game's replay to PATH when it ends (default: the user data dir's replays/)")


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
    chosen = list(getattr(args, "bot_kinds", None) or ["simple"])
    chosen += [chosen[-1]] * n
    kinds = ["simple"] * (n - k) + chosen[:k]
    match = Match.new(n, names=names, seed=seed, options=options, bots=[i >= n - k for i in range(n)],
                      bot_kinds=kinds)
    fast = bool(getattr(args, "fast", False))
    until_over = bool(getattr(args, "until_over", False))
    return PlayScene(match, fast=fast or until_over, autosave=not (fast or until_over),
                     until_turn=getattr(args, "until_turn", None),
                     stage_violation=bool(getattr(args, "violation", False)), quit_when_over=until_over,
                     replay_to=getattr(args, "record", None))


def replay_scene(data: object) -> BaseScene:
    """The replay viewer for a checked Cactus replay (``ReplayError`` naming the field otherwise; issue 13)."""
    from game.cactus.screens.scene_replay import ReplayScene
    from game.replay import cactus

    checked, record = cactus.load(data)
    return ReplayScene(cactus.CactusSession(record), [seat["name"] for seat in checked["seats"]])


class RemotePlayScene(RemoteControls, PlayScene):
    """The play scene at a remote table (issue 14; see :mod:`game.cactus.screens.scene_remote`)."""

    def __init__(self, link: CactusLink, connection: Connection, table_id: str = "") -> None:
        if link.match is None:
            raise ValueError("the link needs the table's first snapshot")
        PlayScene.__init__(self, link.match, autosave=False, record_replay=False)
        self.attach_link(link, connection, table_id)


def remote_play_scene(connection: Connection, seat: int | None, table_id: str = "") -> BaseScene:
    """Cactus at the remote table ``table_id`` as seat ``seat`` (None: watching) over ``connection``, joined
    already (``send(message)``, non-blocking ``poll() -> list[message]``): a short wait for the table's
    snapshot, then the play scene."""
    return ConnectingScene(connection, seat, table_id, RemotePlayScene)


class _Resume(BaseScene):
    """Opens the setup screen and resumes the autosave at once (its messages show on the setup screen)."""

    def __init__(self, setup: BaseScene) -> None:
        self.setup = setup

    def on_enter(self) -> None:
        self.app.replace(self.setup)
        resume = getattr(self.setup, "resume_game", None)
        if resume is not None:
            resume()


#: The frame benchmark's table: pieces already hanging (cactus -> pieces, in order); the last one placed.
BENCH_HANGING: dict[int, Sequence[str]] = {
    0: ["yellow_hook", "green_arch", "scorpion"], 1: ["red_zigzag", "blue_crescent"],
    2: ["purple_fork", "yellow_crescent"], 3: ["green_zigzag"], 4: ["blue_arch", "red_crescent"]}
BENCH_LAST = "red_crescent"
#: Frames of the benchmark's drag (50 s at 60 fps).
BENCH_DRAG_FRAMES = 3000


def frame_bench(app: App, seed: int = 0) -> Iterator[str]:
    """The frame benchmark's minute at the Cactus table (see ``game.lab.framebench``): mid-game, the human rolls,
    takes the piece, drags it around above the target cactus for half a minute, lets go where the bot would
    have dropped it and confirms; then the bot plays its turn at its normal pace, and the table waits for the
    human's next roll with the world at rest."""
    match = Match.with_position(BENCH_HANGING, last=BENCH_LAST, names=["Ana", BOT_NAMES[0]], bots=[False, True],
                                seed=seed)
    app.push(BaseScene())
    scene = PlayScene(match, autosave=False, record_replay=False)
    app.push(scene)
    rng = random.Random(seed)

    def post(kind: int, **fields: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))

    def mouse_to(world: tuple[float, float], buttons: tuple[int, int, int]) -> tuple[int, int]:
        pos = scene.screen_of(world)
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
        return pos

    def key(k: int) -> None:
        post(pygame.KEYDOWN, key=k, mod=0, unicode="")

    def until(done: object, limit: int) -> Iterator[str]:
        for _ in range(limit):
            if callable(done) and done():
                return
            yield "play"

    yield from until(None, 30)
    key(pygame.K_SPACE)
    yield from until(lambda: scene.roll_anim <= 0 and match.stage != Stage.ROLL, 120)
    if match.stage == Stage.CHOOSE:
        pid = match.allowed()[0]
        cell = scene.heap_cells.get(pid) if pid in match.rules.supply else None
        if cell is None:
            scene.choose(pid)  # a special off the row
        else:
            post(pygame.MOUSEBUTTONDOWN, pos=cell.center, button=1)
            post(pygame.MOUSEBUTTONUP, pos=cell.center, button=1)
        yield "play"
    yield from until(lambda: not scene.camera.moving, 120)
    bot = Bot()
    if match.stage == Stage.IN_HAND:
        x, y, angle = bot.plan(match)
        match.rotate(angle - match.hand_angle)
        top = min(match.world.bounds[3], scene.view.to_world((0, scene.view.visible.top + 20))[1]) - 10.0
        low = min(top, y + 60.0)
        here = (x, top)
        mouse_to(here, (0, 0, 0))
        yield "play"
        post(pygame.MOUSEBUTTONDOWN, pos=scene.screen_of(here), button=1)
        yield "play"
        goal = here
        for frame in range(BENCH_DRAG_FRAMES):  # wander in the air above the cacti, then come down onto the spot
            if match.stage != Stage.HOLDING:
                break
            left = BENCH_DRAG_FRAMES - frame
            if left > 240 and frame % 70 == 0:
                goal = (x + rng.uniform(-160.0, 160.0), rng.uniform(low, top))
            elif left == 240:
                goal = (x, top)
            elif left == 120:
                goal = (x, y)
            here = (here[0] + (goal[0] - here[0]) * 0.08 + (math.sin(frame / 9) * 0.8 if left > 240 else 0.0),
                    here[1] + (goal[1] - here[1]) * 0.08)
            mouse_to(here, (1, 0, 0))
            yield "play"
        if match.stage == Stage.HOLDING:
            post(pygame.MOUSEBUTTONUP, pos=scene.screen_of(here), button=1)
            yield "play"
    for _ in range(12):  # until the placement is confirmed: a fallen or broken placement is placed anew as the
        yield from until(lambda: match.stage not in (Stage.SETTLING, Stage.HOLDING), 600)  # bot would
        if not scene.human_turn or match.stage == Stage.ROLL:
            break
        if match.can_confirm:
            key(pygame.K_RETURN)
        else:
            bot.act(match)
        yield from until(None, 20)
    yield from until(lambda: match.is_bot_turn, 5)
    yield from until(lambda: not match.is_bot_turn, 1800)  # the bot's turn at its normal pace
    yield from until(scene.still, 900)
    yield "idle"


__all__ = ["RemotePlayScene", "add_arguments", "create_scene", "frame_bench", "remote_play_scene", "replay_scene"]
