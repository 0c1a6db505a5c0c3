"""Cached pictures of screen regions that change rarely (draw less: an idle window costs next to nothing).

A layer is one region of the screen, its paint function and a key naming everything that paint reads. The
first time (and whenever the key changes) the paint draws on the screen as before and the region is copied
out; as long as the key stays the same, blitting that copy replaces the paint. The result is the same pixels
when two rules hold, which every user of a layer keeps:

- the paint draws nothing outside its region;
- what lies under the region before the paint (the backdrop, the panel body) does not change while the key
  stays the same (layers are dropped on every layout).

The cache is a drawing aid, not state: nothing in the game reads it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame


class Layers:
    def __init__(self) -> None:
        self._store: dict[str, tuple[object, pygame.Rect, pygame.Surface]] = {}
        self.painted = 0  # how many times a paint ran (tests, profiling)

    def clear(self) -> None:
        self._store.clear()

    def draw(self, surface: pygame.Surface, name: str, region: pygame.Rect, key: object,
             paint: Callable[[pygame.Surface], None], under: Callable[[pygame.Surface], None] | None = None) -> None:
        """Blit the cached picture of ``region`` when ``key`` is the one it was painted for, else paint (and
        keep a copy; ``key`` None: paint every time, keep nothing). ``under``: what is drawn before the paint
        (a panel); on a hit only its part outside ``region`` is drawn (the picture holds the rest)."""
        region = region.clip(surface.get_rect())
        hit = self._store.get(name) if key is not None else None
        if hit is not None and hit[0] == key and hit[1] == region:
            if under is not None:
                around(surface, region, under)
            surface.blit(hit[2], region)
            return
        if under is not None:
            under(surface)
        paint(surface)
        self.painted += 1
        if key is not None and region.width > 0 and region.height > 0:
            self._store[name] = (key, region, surface.subsurface(region).copy())


#: How far around a region :func:`around` draws (panel shadows reach 12 px beyond the panel).
MARGIN = 32


def around(surface: pygame.Surface, region: pygame.Rect, paint: Callable[[pygame.Surface], None]) -> None:
    """Run ``paint`` clipped to the four strips around ``region`` (out to ``MARGIN``): the same pixels there,
    none inside, and blits cost by the clipped area, so a large panel behind a cached picture is cheap."""
    clip = surface.get_clip()
    outer = region.inflate(2 * MARGIN, 2 * MARGIN)
    strips = (pygame.Rect(outer.x, outer.y, outer.width, region.y - outer.y),
              pygame.Rect(outer.x, region.bottom, outer.width, outer.bottom - region.bottom),
              pygame.Rect(outer.x, region.y, region.x - outer.x, region.height),
              pygame.Rect(region.right, region.y, outer.right - region.right, region.height))
    try:
        for strip in strips:
            part = strip.clip(clip)
            if part.width > 0 and part.height > 0:
                surface.set_clip(part)
                paint(surface)
    finally:
        surface.set_clip(clip)
