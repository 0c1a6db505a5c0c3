"""The frame benchmark's minute at the Cactus table (``python -m game bench frames --rooms cactus``; the harness is
:mod:`game.lab.framebench`): a scripted, seeded stretch of play posted as the player's input."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pygame

from game.app import App, BaseScene
from game.cactus.bots.simple import BOT_NAMES, Bot
from game.cactus.match import Match, Stage
from game.cactus.screens.scene_play import PlayScene

#: The benchmark's table: pieces already hanging (cactus -> pieces, in order); the last one placed.
BENCH_HANGING: dict[int, Sequence[str]] = {
    0: ["yellow_hook", "green_arch", "scorpion"], 1: ["red_zigzag", "blue_crescent"],
    2: ["purple_fork", "yellow_crescent"], 3: ["green_zigzag"], 4: ["blue_arch", "red_crescent"]}
BENCH_LAST = "red_crescent"
#: Frames of the benchmark's drag (50 s at 60 fps).
BENCH_DRAG_FRAMES = 3000


def frame_bench(app: App, seed: int = 0) -> Iterator[str]:
    """The frame benchmark's minute at the Cactus table (see the module doc): mid-game, the human rolls,
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


__all__ = ["BENCH_DRAG_FRAMES", "BENCH_HANGING", "BENCH_LAST", "frame_bench"]
