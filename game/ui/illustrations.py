"""The launcher's drawn illustrations, painted supersampled so every edge is smooth.

Each painter takes a surface and the scale factor of the supersampling, and paints a picture designed on a
300 x 200 canvas.
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.ui import paint
from game.ui.draw import supersampled
from game.ui.theme import PALETTE, shade

Canvas = tuple[int, int]


def crescent(cx: float, cy: float, r: float, angle: float, n: int = 18) -> list[tuple[float, float]]:
    """A crescent (moon) outline, the classic hanging piece."""
    pts = []
    for i in range(n + 1):
        a = math.pi * i / n
        pts.append((cx + r * math.cos(a + angle), cy + r * math.sin(a + angle)))
    for i in range(n, -1, -1):
        a = math.pi * i / n
        pts.append((cx + 0.55 * r * math.cos(a + angle), cy + 0.55 * r * math.sin(a + angle) + 0.0))
    return pts


def paint_cactus(surf: pygame.Surface, s: float) -> None:
    sky_top, sky_bottom = (150, 196, 214), (246, 214, 170)
    h = surf.get_height()
    for y in range(h):
        t = y / max(1, h - 1)
        pygame.draw.line(surf, tuple(round(a + (b - a) * t) for a, b in zip(sky_top, sky_bottom, strict=True)),
                         (0, y), (surf.get_width(), y))
    paint.circle(surf, PALETTE.sun, 238, 48, 24, s)
    paint.circle(surf, shade(PALETTE.sun, 0.35), 238, 48, 30, s, 3)
    paint.poly(surf, PALETTE.dune, [(0, 170), (70, 150), (160, 165), (240, 148), (300, 160), (300, 200), (0, 200)], s)
    paint.poly(surf, PALETTE.sand_dark, [(0, 185), (90, 172), (200, 182), (300, 175), (300, 200), (0, 200)], s)
    # stand (base)
    paint.poly(surf, PALETTE.terracotta, [(112, 170), (188, 170), (180, 192), (120, 192)], s,
               PALETTE.terracotta_dark, 2)
    # trunk and arms
    green, dark = PALETTE.cactus, PALETTE.cactus_dark
    paint.rrect(surf, green, (134, 40, 32, 134), 16, s, dark)
    paint.rrect(surf, green, (96, 96, 44, 22), 11, s, dark)
    paint.rrect(surf, green, (96, 62, 22, 52), 11, s, dark)
    paint.rrect(surf, green, (160, 112, 48, 20), 10, s, dark)
    paint.rrect(surf, green, (188, 78, 20, 52), 10, s, dark)
    paint.rrect(surf, shade(green, 0.15), (143, 48, 6, 110), 3, s)
    # hanging pieces: a red crescent on the left arm, a blue hook on the right, a yellow one on top
    paint.poly(surf, (214, 72, 60), crescent(107, 66, 17, math.pi), s, (140, 40, 36), 1.5)
    hook = [(184, 70), (212, 70), (212, 98), (204, 98), (204, 78), (192, 78), (192, 88), (184, 88)]
    paint.poly(surf, (70, 120, 200), hook, s, (40, 72, 130), 1.5)
    fork = [(136, 30), (164, 30), (164, 44), (158, 44), (158, 36), (153, 36), (153, 44), (147, 44), (147, 36),
            (142, 36), (142, 44), (136, 44)]
    paint.poly(surf, (236, 190, 60), fork, s, (170, 120, 30), 1.5)


def _petal(cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    """An artichoke bract: a pointed oval, tip up, centred at (cx, cy)."""
    pts = []
    for i in range(25):
        a = 2 * math.pi * i / 24
        x = math.sin(a) * w / 2
        y = -math.cos(a) * h / 2
        if y < 0:  # the upper half tapers to a point
            x *= 1 - 0.55 * (-y / (h / 2)) ** 1.5
        pts.append((cx + x, cy + y))
    return pts


def artichoke_painter(surf: pygame.Surface, cx: float, cy: float, size: float, s: float) -> None:
    """An artichoke head: an egg of overlapping bracts with purple-tinted tips, on a short stem."""
    dark, mid, light = PALETTE.artichoke_dark, PALETTE.artichoke, shade(PALETTE.artichoke, 0.3)
    tip = (128, 90, 130)
    pygame.draw.line(surf, dark, (cx * s, (cy + size * 0.5) * s), (cx * s, (cy + size * 1.05) * s),
                     max(1, round(size * 0.14 * s)))
    body = pygame.Rect(0, 0, round(size * 1.1 * s), round(size * 1.2 * s))
    body.center = (round(cx * s), round(cy * s))
    pygame.draw.ellipse(surf, dark, body)
    rows = 5
    for r in range(rows):  # top row first: the lower, outer bracts overlap the ones above
        t = r / (rows - 1)
        y = cy - size * 0.42 + t * size * 0.78
        half = size * 0.55 * math.sqrt(max(0.08, 1 - ((y - cy) / (size * 0.62)) ** 2))
        n = 1 + r
        pw = min(size * 0.42, 2 * half / max(1, n) * 1.35)
        color = [light, light, mid, mid, dark][r]
        for i in range(n):
            x = cx if n == 1 else cx - half + pw * 0.5 + i * (2 * half - pw) / (n - 1)
            petal = _petal(x, y, pw, size * 0.46)
            paint.poly(surf, shade(color, 0.05 * (i % 2)), petal, s, shade(color, -0.4), 1.0)
            paint.poly(surf, tip, _petal(x, y - size * 0.17, pw * 0.25, size * 0.1), s)


def _artichoke(surf: pygame.Surface, cx: float, cy: float, size: float, s: float) -> None:
    artichoke_painter(surf, cx, cy, size, s)


def _card(surf: pygame.Surface, x: float, y: float, angle: float, s: float, face: bool) -> None:
    w, h = 84, 120
    card = pygame.Surface((round(w * s), round(h * s)), pygame.SRCALPHA)
    if face:
        paint.rrect(card, PALETTE.paper, (0, 0, w, h), 8, s, PALETTE.sand_dark, 2)
        paint.rrect(card, (232, 242, 222), (6, 6, w - 12, h - 40), 6, s)
        _artichoke(card, w / 2, 42, 40, s)
        paint.rrect(card, PALETTE.sand, (10, h - 28, w - 20, 6), 3, s)
        paint.rrect(card, PALETTE.sand, (16, h - 18, w - 32, 6), 3, s)
    else:
        paint.rrect(card, PALETTE.artichoke_dark, (0, 0, w, h), 8, s, shade(PALETTE.artichoke_dark, -0.3), 2)
        paint.rrect(card, PALETTE.artichoke, (8, 8, w - 16, h - 16), 6, s, shade(PALETTE.artichoke, 0.3), 2)
        paint.circle(card, shade(PALETTE.artichoke, 0.3), w / 2, h / 2, 16, s, 2)
    rotated = pygame.transform.rotate(card, angle)
    rect = rotated.get_rect(center=(x * s, y * s))
    surf.blit(rotated, rect)


def paint_artischocken(surf: pygame.Surface, s: float) -> None:
    surf.fill(PALETTE.felt)
    for i in range(0, 320, 16):
        pygame.draw.line(surf, shade(PALETTE.felt, 0.04), (i * s, 0), ((i - 200) * s, 200 * s), max(1, round(s)))
    _card(surf, 104, 108, 16, s, False)
    _card(surf, 196, 108, -16, s, False)
    _card(surf, 150, 98, 0, s, True)


def paint_editor(surf: pygame.Surface, s: float) -> None:
    surf.fill((246, 242, 232))
    for i in range(0, 301, 12):
        color = (220, 212, 196) if i % 60 else (200, 188, 168)
        pygame.draw.line(surf, color, (i * s, 0), (i * s, 200 * s), max(1, round(s * (1 if i % 60 else 1.5))))
    for j in range(0, 201, 12):
        color = (220, 212, 196) if j % 60 else (200, 188, 168)
        pygame.draw.line(surf, color, (0, j * s), (300 * s, j * s), max(1, round(s * (1 if j % 60 else 1.5))))
    hook = [(96, 48), (204, 48), (204, 156), (168, 156), (168, 84), (132, 84), (132, 120), (96, 120)]
    paint.poly(surf, (120, 170, 220), hook, s)
    pygame.draw.line(surf, (70, 110, 170), (168 * s, 84 * s), (168 * s, 48 * s), max(1, round(1.5 * s)))
    pygame.draw.line(surf, (70, 110, 170), (132 * s, 84 * s), (132 * s, 48 * s), max(1, round(1.5 * s)))
    pygame.draw.polygon(surf, (40, 72, 130), paint.scaled(hook, s), max(1, round(2.5 * s)))
    for i, (x, y) in enumerate(hook):
        chosen = i == 2
        r = 7 if chosen else 5
        paint.circle(surf, PALETTE.terracotta if chosen else PALETTE.paper, x, y, r, s)
        paint.circle(surf, PALETTE.terracotta_dark if chosen else (40, 72, 130), x, y, r, s, 2)
    # the drag arrow of the chosen vertex
    pygame.draw.line(surf, PALETTE.terracotta, (204 * s, 156 * s), (236 * s, 176 * s), round(2.5 * s))
    paint.poly(surf, PALETTE.terracotta, [(240, 179), (228, 178), (234, 169)], s)
    # a slider
    paint.rrect(surf, PALETTE.sand_dark, (20, 178, 120, 8), 4, s)
    paint.rrect(surf, PALETTE.cactus, (20, 178, 78, 8), 4, s)
    paint.circle(surf, PALETTE.paper, 98, 182, 8, s)
    paint.circle(surf, PALETTE.cactus_dark, 98, 182, 8, s, 2)


PAINTERS = {"cactus": paint_cactus, "artischocken": paint_artischocken, "editor": paint_editor}


@cache
def illustration(name: str, size: tuple[int, int]) -> pygame.Surface:
    """The illustration of a room at ``size`` (drawn on a 300 x 200 design canvas, then fitted)."""
    painter = PAINTERS[name]
    base = (300, 200)

    def paint(big: pygame.Surface, factor: float) -> None:
        scale = factor * min(size[0] / base[0], size[1] / base[1])
        canvas = pygame.Surface((round(base[0] * scale), round(base[1] * scale)), pygame.SRCALPHA)
        painter(canvas, scale)
        big.blit(pygame.transform.smoothscale(canvas, big.get_size()), (0, 0))

    return supersampled(size, paint, factor=2)
