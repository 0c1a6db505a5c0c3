"""The bundled fonts (Lato for text, Comfortaa for display), loaded once per size."""

from __future__ import annotations

from functools import cache

import pygame

from game.paths import asset

REGULAR = "Lato-Regular.ttf"
BOLD = "Lato-Bold.ttf"
DISPLAY = "Comfortaa-Bold.ttf"


@cache
def font(size: int, *, bold: bool = False, display: bool = False) -> pygame.font.Font:
    """A font of the house at ``size`` pixels; pygame's default font if the file is missing."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = DISPLAY if display else BOLD if bold else REGULAR
    path = asset("fonts", name)
    try:
        return pygame.font.Font(str(path), size)
    except (FileNotFoundError, OSError):
        return pygame.font.Font(None, size)
