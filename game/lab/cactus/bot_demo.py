"""Demo positions of the look-ahead bot and the hint for README screenshots, driven like the CLI does.

``python -m game.lab.cactus.bot_demo drag --screenshot assets/screenshots/cactus-bot-drag.png``: the planner's hand
drags its piece down onto the target cactus (mid-path, the hand zone shown); ``hint`` : the human seat has a
piece in hand and pressed H: the ghost of a good placement and the release ring.
"""

from __future__ import annotations

import sys

import pygame

from game.app import App, BaseScene
from game.cactus.bots.planner import PlannerBot
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens import navigation
from game.cactus.screens.scene_play import PlayScene
from game.lab.cactus.play_demo import PlayDriver, run_demo

HANGING = {0: ["yellow_hook", "green_arch"], 1: ["red_zigzag", "blue_crescent"]}


def _open(app: App, bots: list[bool]) -> PlayDriver:
    match = Match.with_position(HANGING, last="blue_crescent", options=Options(die=Die(6, 0, 0)),
                                names=["Ana", "Saguaro"], bots=bots, seed=3)
    match.bot_kinds = ["planner", "planner"]
    app.push(BaseScene())
    app.push(navigation.play_screen(match, autosave=False))
    return PlayDriver(app)


def bot_drag(app: App) -> PlayScene:
    """Seat 1 is the planner: run its turn at the scene's pace until its hand is half way down its path."""
    p = _open(app, [True, False])
    scene = p.scene
    for _ in range(900):
        p.frames()
        bot = scene.bot.bot(scene.match) if scene.match.is_bot_turn else None
        drive = bot.drive if isinstance(bot, PlannerBot) else None
        if scene.match.stage == Stage.HOLDING and drive is not None and drive.index >= len(drive.path) * 0.55:
            return scene
    raise RuntimeError(f"the bot's hand was not seen dragging (stage {scene.match.stage.value})")


def hint(app: App) -> PlayScene:
    """Seat 1 is human: roll, take the piece, press H."""
    p = _open(app, [False, True])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    p.frames(50)
    m = p.scene.match
    if m.stage == Stage.CHOOSE:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p.scene.heap_cells[m.allowed()[0]].center,
                                             button=1))
        p.frames(40)
    if m.stage != Stage.IN_HAND:
        raise RuntimeError(f"the demo could not take a piece (stage {m.stage.value})")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode=""))
    p.frames(2)
    for _ in range(120):  # the hint's search runs a frame's budget at a time
        if not p.scene.hints.busy:
            break
        p.frames()
    if p.scene.hints.hint is None:
        raise RuntimeError("no hint was found")
    return p.scene


def main(argv: list[str]) -> int:
    return run_demo("python -m game.lab.cactus.bot_demo", {"drag": bot_drag, "hint": hint}, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
