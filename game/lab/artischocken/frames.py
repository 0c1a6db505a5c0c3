"""The frame benchmark's minute at the card table (``python -m game bench frames --rooms artischocken``; the harness
is :mod:`game.lab.framebench`): a scripted, seeded stretch of play posted as the player's input."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame

from game.app import App
from game.artischocken import Action
from game.artischocken.seats import Seat
from game.artischocken.table.scene_table import TableScene
from game.artischocken.turns import Options
from game.lab.artischocken.demo import demo


def frame_bench(app: App, seed: int = 0) -> Iterator[str]:
    """Three seats, a human and two bots at their normal pace, mid-game; the mouse wanders over the human's hand
    (the detail panel follows it) and the human plays now and then, so cards fly and reveals are held up. It ends
    at the human's decision with nothing moving."""
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
