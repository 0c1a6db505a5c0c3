"""An opaque panel hides what lies beneath it: a modal picker or a dialog never lets the table show through."""

from __future__ import annotations

import pygame

from game.ui import draw


def test_an_opaque_rounded_panel_covers_a_striped_ground_completely() -> None:
    surface = pygame.Surface((400, 300))
    for x in range(0, 400, 2):  # black and white stripes: any see-through would differ between neighbours
        pygame.draw.line(surface, (255, 255, 255) if x % 4 else (0, 0, 0), (x, 0), (x, 299), 2)
    body = pygame.Rect(40, 40, 320, 220)
    draw.rounded_rect(surface, body, (250, 240, 222), 14, (120, 100, 80), 2)
    inside = body.inflate(-40, -40)
    colours = {tuple(surface.get_at((x, y))) for x in range(inside.left, inside.right, 3)
               for y in range(inside.top, inside.bottom, 7)}
    assert len(colours) == 1, colours
