"""The table's backdrop: the green felt with a soft light and a faint weave, and the log's paper panel.

Rendered once per window and layout (it never changes while a game is played) and shared by every frame.
"""

from __future__ import annotations

import pygame

from game.artischocken.table.layout import TableLayout
from game.ui import draw
from game.ui.theme import PALETTE, shade

_FELT: dict[tuple[object, ...], pygame.Surface] = {}
_GLOW: dict[tuple[int, int], pygame.Surface] = {}


def felt_glow(size: tuple[int, int]) -> pygame.Surface:
    """A soft light in the middle of the felt and a faint weave, cached per size."""
    cached = _GLOW.get(size)
    if cached is not None:
        return cached
    w, h = size
    small = pygame.Surface((max(1, w // 8), max(1, h // 8)), pygame.SRCALPHA)
    sw, sh = small.get_size()
    for y in range(sh):
        for x in range(sw):
            dx, dy = (x - sw / 2) / (sw / 2), (y - sh / 2) / (sh / 2)
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            small.set_at((x, y), (255, 250, 220, round(34 * (1 - d) ** 2)))
    glow = pygame.transform.smoothscale(small, (w, h))
    weave = shade(PALETTE.felt, 0.03)
    for i in range(-h, w, 14):
        pygame.draw.line(glow, (*weave, 40), (i, 0), (i + h, h), 1)
    _GLOW.clear()
    _GLOW[size] = glow
    return glow


def felt(lay: TableLayout) -> pygame.Surface:
    """The whole window's backdrop for layout ``lay`` (felt, its light, the log panel), cached."""
    key = (lay.size, lay.table.size, tuple(lay.log))
    cached = _FELT.get(key)
    if cached is not None:
        return cached
    w, h = lay.size
    surface = pygame.Surface((w, h))
    surface.blit(draw.vertical_gradient((w, h), shade(PALETTE.felt, 0.06), PALETTE.felt_dark), (0, 0))
    surface.blit(felt_glow(lay.table.size), lay.table.topleft)
    draw.panel(surface, lay.log, PALETTE.sand_light, PALETTE.dune)
    if pygame.display.get_surface() is not None:
        surface = surface.convert()
    _FELT.clear()
    _FELT[key] = surface
    return surface
