"""What the Cactus screens draw once and show again (draw less: an idle window costs next to nothing).

* :class:`Layer`: one cached picture of the whole window, painted again only when its key changes (the play
  screen's panels, the table's backdrop and cacti per camera shot). Painting on a copy of the window surface
  (same size, same pixel format, same clip) gives exactly the pixels that painting on the window would.
* :func:`wrapped` / :func:`text_block` / :func:`text_height`: wrapped paragraphs, broken into lines once per
  (text, size, width) instead of every frame; the lines are drawn with :func:`game.ui.draw.text`, so they look
  exactly as :func:`game.ui.draw.text_block` draws them.

A cache is a memo of what the state looks like: filling it changes nothing in the game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache

import pygame

from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, Color


class Layer:
    """A window-sized picture painted by ``paint(surface)`` when the key changes (or the window's size)."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.image: pygame.Surface | None = None

    def get(self, like: pygame.Surface, key: Hashable, paint: Callable[[pygame.Surface], None]) -> pygame.Surface:
        image = self.image
        if image is None or image.get_size() != like.get_size():
            image = self.image = like.copy()
        elif key == self.key:
            return image
        image.set_clip(None)
        paint(image)
        image.set_clip(None)
        self.key = key
        return image

    def clear(self) -> None:
        self.key = None
        self.image = None


def around(outer: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """``outer`` without ``hole``: up to four rectangles (above, below, left and right of it)."""
    hole = hole.clip(outer)
    parts = [pygame.Rect(outer.x, outer.y, outer.width, hole.top - outer.y),
             pygame.Rect(outer.x, hole.bottom, outer.width, outer.bottom - hole.bottom),
             pygame.Rect(outer.x, hole.top, hole.left - outer.x, hole.height),
             pygame.Rect(hole.right, hole.top, outer.right - hole.right, hole.height)]
    return [p for p in parts if p.width > 0 and p.height > 0]


@lru_cache(maxsize=512)
def wrapped(content: str, size: int, bold: bool, width: int) -> tuple[tuple[str, int], ...]:
    """``content`` broken into lines no wider than ``width`` (as :func:`game.ui.draw.wrap_text`), each with
    its width in pixels."""
    fnt = font(size, bold=bold)
    return tuple((line, fnt.size(line)[0]) for line in draw.wrap_text(content, fnt, width))


@lru_cache(maxsize=64)
def _line_height(size: int, bold: bool) -> int:
    return font(size, bold=bold).get_linesize()


def text_height(content: str, width: int, *, size: int = SIZES.text, bold: bool = False, line_gap: int = 4) -> int:
    """The height :func:`text_block` uses (as :func:`game.ui.draw.text_height`)."""
    return len(wrapped(content, size, bold, width)) * (_line_height(size, bold) + line_gap - 4)


def text_block(surface: pygame.Surface, content: str, rect: pygame.Rect, *, size: int = SIZES.text,
               color: Color = PALETTE.ink, bold: bool = False, align: str = "left", line_gap: int = 4) -> int:
    """Wrapped text inside ``rect``, pixel for pixel as :func:`game.ui.draw.text_block`; returns the height."""
    y = rect.top
    step = _line_height(size, bold) + line_gap - 4
    for line, width in wrapped(content, size, bold, rect.width):
        if align == "center":
            x = rect.centerx - width // 2
        elif align == "right":
            x = rect.right - width
        else:
            x = rect.left
        draw.text(surface, line, (x, y), size=size, color=color, bold=bold)
        y += step
    return y - rect.top


__all__ = ["Layer", "around", "text_block", "text_height", "wrapped"]
