"""The frame benchmark's minute at the launcher (``python -m game bench frames --rooms launcher``; the harness is
:mod:`game.lab.framebench`): the mouse of a player choosing a room, posted as input."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pygame

from game.app import App
from game.screens.launcher import LauncherScene


def frame_bench(app: App, seed: int = 0) -> Iterator[str]:
    """The mouse wanders over the tiles and the buttons, as a player choosing a room does; then it rests outside
    them."""
    scene = LauncherScene()
    app.push(scene)
    rng = random.Random(seed)
    w, h = app.size
    x, y = w / 2, h / 2
    for frame in range(3600):
        if frame % 90 == 0:
            tx, ty = rng.uniform(0, w), rng.uniform(0, h)
        x += (tx - x) * 0.08 + math.sin(frame / 7) * 2
        y += (ty - y) * 0.08
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        yield "play"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(40):
        yield "play"
    yield "idle"
