"""Scaled painting primitives for illustrations drawn on a design canvas (cards, launcher art, icons).

Every function takes design-unit coordinates and the scale ``s`` of the surface it paints on (usually a
supersampled one, see :func:`game.ui.draw.supersampled`), so one drawing serves every size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui.theme import Color

if TYPE_CHECKING:  # the one Point alias; a type only, so painting never loads pymunk (Artischocken uses this)
    from physics.geometry import Point


def scaled(points: Sequence[Point], s: float, dx: float = 0.0, dy: float = 0.0) -> list[Point]:
    """``points`` moved by (dx, dy) and scaled by ``s``."""
    return [((x + dx) * s, (y + dy) * s) for x, y in points]


def poly(surf: pygame.Surface, color: Color, points: Sequence[Point], s: float, outline: Color | None = None,
         width: float = 1.6) -> None:
    pts = scaled(points, s)
    pygame.draw.polygon(surf, color, pts)
    if outline is not None:
        pygame.draw.polygon(surf, outline, pts, max(1, round(width * s)))


def ellipse(surf: pygame.Surface, color: Color, cx: float, cy: float, rx: float, ry: float, s: float,
            outline: Color | None = None, width: float = 1.6) -> None:
    rect = pygame.Rect(0, 0, round(2 * rx * s), round(2 * ry * s))
    rect.center = (round(cx * s), round(cy * s))
    pygame.draw.ellipse(surf, color, rect)
    if outline is not None:
        pygame.draw.ellipse(surf, outline, rect, max(1, round(width * s)))


def circle(surf: pygame.Surface, color: Color, cx: float, cy: float, r: float, s: float, width: float = 0) -> None:
    pygame.draw.circle(surf, color, (cx * s, cy * s), r * s, max(0, round(width * s)))


def line(surf: pygame.Surface, color: Color, a: Point, b: Point, s: float, width: float = 1.5) -> None:
    pygame.draw.line(surf, color, (a[0] * s, a[1] * s), (b[0] * s, b[1] * s), max(1, round(width * s)))


def rrect(surf: pygame.Surface, color: Color, rect: tuple[float, float, float, float], r: float, s: float,
          outline: Color | None = None, width: float = 2) -> None:
    """A rounded rectangle (x, y, w, h) with corner radius ``r``."""
    x, y, w, h = rect
    box = pygame.Rect(round(x * s), round(y * s), round(w * s), round(h * s))
    pygame.draw.rect(surf, color, box, border_radius=round(r * s))
    if outline is not None:
        pygame.draw.rect(surf, outline, box, max(1, round(width * s)), border_radius=round(r * s))
