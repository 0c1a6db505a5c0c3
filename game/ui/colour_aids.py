"""Colour aids: with them on, every one of the five piece colours carries its own mark, and the
pieces take colour-blind-safe fills (the Okabe-Ito set), so colour is readable without telling colours apart.

The marks are shapes, not hues, so they stay apart in grey scale and under any colour blindness: red a dot,
yellow a triangle, green a plus, blue a ring, purple three bars. Each is drawn in ink or paper, whichever
stands out on the fill. A piece's mark sits at the point of its outline farthest from every edge (found once
per outline), so an arch or a hook carries it on its body, never in its gap.

Drawing code calls one function where it draws a piece or a colour cue: :func:`piece_fill` for its colour,
:func:`mark_piece` (a piece outline on screen) or :func:`draw_mark` (a colour cue: the die's dots). With the aids
off they return the usual colour and draw nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import pygame

from game import settings
from game.ui.theme import PALETTE, Color, hex_colour

COLOURS = ("red", "yellow", "green", "blue", "purple")
#: The fills with the aids on: Okabe & Ito's colour-blind-safe set (vermillion, yellow, bluish green, blue,
#: reddish purple).
SAFE: dict[str, Color] = {"red": (213, 94, 0), "yellow": (240, 228, 66), "green": (0, 158, 115),
                          "blue": (0, 114, 178), "purple": (204, 121, 167)}
#: The usual fills (assets/pieces.json) of the colour cues that are not pieces (the die's face).
USUAL: dict[str, Color] = {"red": (201, 72, 59), "yellow": (230, 181, 46), "green": (79, 154, 74),
                           "blue": (63, 111, 181), "purple": (138, 79, 163)}
MARKS: dict[str, str] = {"red": "dot", "yellow": "triangle", "green": "plus", "blue": "ring",
                         "purple": "bars"}
INK: Color = (34, 26, 22)


def enabled() -> bool:
    """The colour aids are on this run (the settings screen, or ``--colour-blind``)."""
    return settings.current().colour_aids


def piece_fill(colour: str, colour_hex: str) -> Color:
    """The fill of a piece (or cue) of ``colour``: the safe set with the aids on, else its own hex colour."""
    if enabled() and colour in SAFE:
        return SAFE[colour]
    return hex_colour(colour_hex)


def cue_colours() -> list[tuple[str, Color]]:
    """The five colours as the colour cues draw them now (name, fill)."""
    table = SAFE if enabled() else USUAL
    return [(c, table[c]) for c in COLOURS]


def colour_name(fill: Color) -> str | None:
    """The colour whose fill (usual or safe) is ``fill``."""
    for table in (SAFE, USUAL):
        for name, value in table.items():
            if value == fill:
                return name
    return None


def ink_for(fill: Color) -> Color:
    """Ink or paper, whichever stands out more on ``fill``."""
    lum = 0.2126 * fill[0] + 0.7152 * fill[1] + 0.0722 * fill[2]
    return INK if lum > 110 else PALETTE.paper


def draw_mark(surface: pygame.Surface, colour: str, centre: Sequence[float], size: float, fill: Color,
              *, force: bool = False) -> None:
    """The mark of ``colour`` centred at ``centre``, ``size`` px across, on a ``fill`` ground (only with the aids
    on, or ``force``)."""
    kind = MARKS.get(colour)
    if kind is None or not (force or enabled()):
        return
    ink = ink_for(fill)
    cx, cy = centre
    r = max(2.5, size / 2)
    if kind == "dot":
        pygame.draw.circle(surface, ink, (cx, cy), r * 0.6)
    elif kind == "triangle":
        pygame.draw.polygon(surface, ink, [(cx, cy - r), (cx + r * 0.95, cy + r * 0.7), (cx - r * 0.95, cy + r * 0.7)])
    elif kind == "plus":
        w = max(2, round(r * 0.55))
        pygame.draw.rect(surface, ink, pygame.Rect(round(cx - r), round(cy - w / 2), round(2 * r), w))
        pygame.draw.rect(surface, ink, pygame.Rect(round(cx - w / 2), round(cy - r), w, round(2 * r)))
    elif kind == "ring":
        pygame.draw.circle(surface, ink, (cx, cy), r, max(2, round(r * 0.32)))
    else:  # bars
        h = max(1, round(r * 0.36))
        for k in (-1, 0, 1):
            y = round(cy + k * r * 0.7 - h / 2)
            pygame.draw.rect(surface, ink, pygame.Rect(round(cx - r), y, round(2 * r), h))


@lru_cache(maxsize=256)
def _anchor(outline: tuple[tuple[float, float], ...]) -> tuple[tuple[int, int, int], tuple[float, float, float],
                                                                 float]:
    """Where a piece's mark goes, as an affine combination of three of its outline's vertices (so it follows
    any move, turn and scale of the outline), and the room there (the distance to the nearest edge, in the
    outline's units)."""
    pts = np.asarray(outline, dtype=float)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    xs, ys = np.meshgrid(np.linspace(lo[0], hi[0], 33)[1:-1], np.linspace(lo[1], hi[1], 33)[1:-1])
    grid = np.column_stack([xs.ravel(), ys.ravel()])
    a, b = pts, np.roll(pts, -1, axis=0)
    # inside (even-odd rule) and the distance to the nearest edge of every grid point
    inside = np.zeros(len(grid), dtype=bool)
    dist = np.full(len(grid), np.inf)
    for (x1, y1), (x2, y2) in zip(a, b, strict=True):
        crosses = ((y1 > grid[:, 1]) != (y2 > grid[:, 1])) & (
            grid[:, 0] < (x2 - x1) * (grid[:, 1] - y1) / ((y2 - y1) or 1e-12) + x1)
        inside ^= crosses
        seg = np.array([x2 - x1, y2 - y1])
        t = np.clip(((grid - (x1, y1)) @ seg) / max(float(seg @ seg), 1e-12), 0.0, 1.0)
        near = np.array([x1, y1]) + t[:, None] * seg
        dist = np.minimum(dist, np.hypot(*(grid - near).T))
    score = np.where(inside, dist, -1.0)
    best = int(np.argmax(score))
    point, room = grid[best], float(max(score[best], 0.0))
    # three vertices spanning the plane, and the weights that give the point
    n = len(pts)
    i, j = 0, max(range(n), key=lambda k: float(np.hypot(*(pts[k] - pts[0]))))
    def area2(m: int) -> float:
        u, v = pts[j] - pts[i], pts[m] - pts[i]
        return abs(float(u[0] * v[1] - u[1] * v[0]))

    k = max(range(n), key=area2)
    m = np.array([[pts[i][0], pts[j][0], pts[k][0]], [pts[i][1], pts[j][1], pts[k][1]], [1.0, 1.0, 1.0]])
    try:
        w = np.linalg.solve(m, np.array([point[0], point[1], 1.0]))
    except np.linalg.LinAlgError:
        return (0, 0, 0), (1.0, 0.0, 0.0), room
    return (i, j, k), (float(w[0]), float(w[1]), float(w[2])), room


def mark_spot(outline: Sequence[Sequence[float]], screen: Sequence[Sequence[float]]) -> tuple[float, float, float]:
    """Where a piece drawn at ``screen`` carries its mark, and how big it is: (x, y, size px); ``outline`` is the
    same vertices in the piece's own units."""
    (i, j, k), (wi, wj, wk), room = _anchor(tuple((float(p[0]), float(p[1])) for p in outline))
    cx = wi * screen[i][0] + wj * screen[j][0] + wk * screen[k][0]
    cy = wi * screen[i][1] + wj * screen[j][1] + wk * screen[k][1]
    own = math.dist(outline[i], outline[j])
    scale = math.dist(screen[i], screen[j]) / own if own > 0 else 1.0
    return cx, cy, min(18.0, max(9.0, room * scale * 1.5))


def mark_piece(surface: pygame.Surface, colour: str, outline: Sequence[Sequence[float]],
               screen: Sequence[Sequence[float]], fill: Color) -> None:
    """The mark of a piece drawn at ``screen`` (its outline on screen; ``outline`` the same vertices in the
    piece's own units), sized to the room inside it. Nothing with the aids off."""
    if not enabled() or len(screen) != len(outline) or len(outline) < 3:
        return
    cx, cy, size = mark_spot(outline, screen)
    draw_mark(surface, colour, (cx, cy), size, fill)


__all__ = ["COLOURS", "MARKS", "SAFE", "colour_name", "cue_colours", "draw_mark", "enabled", "ink_for",
           "mark_piece", "mark_spot", "piece_fill"]
