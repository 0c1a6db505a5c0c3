"""The text cache of game.ui.draw (texts are not rendered again every frame): cached texts draw the
very same pixels as a fresh rendering, are rendered once, stay bounded and are dropped with the fonts."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame

from game.app import App
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE

TEXTS = ["Garden table", "Spieler 3 würfelt…", "", "  spaced  out  ", "Wähle ein Feld → Enter", "0123456789",
         "A rather long line of text that a panel would wrap over several lines of its width"]
STYLES = [  # size, bold, display, colour, alpha
    (20, False, False, PALETTE.ink, 255), (16, True, False, PALETTE.terracotta, 255),
    (64, False, True, PALETTE.sage, 255), (28, True, False, PALETTE.paper, 140), (18, False, False, PALETTE.ok, 0)]
PARAGRAPH = "Roll the dice, then place a piece.\nA second paragraph with several words that wrap at the width."


def _canvas(size: tuple[int, int] = (900, 520)) -> pygame.Surface:
    surface = pygame.Surface(size)
    draw.backdrop(surface)
    return surface


def _uncached(surface: pygame.Surface) -> None:
    """What draw.text / text_block / fit_text drew before the cache: a fresh Font.render every call."""
    y = 4
    for size, bold, display, colour, alpha in STYLES:
        for content in TEXTS:
            image = font(size, bold=bold, display=display).render(content, True, colour)
            if alpha < 255:
                image.set_alpha(alpha)
            surface.blit(image, image.get_rect(topleft=(4 + y % 7, y)))
            y += 9
    fnt = font(20)
    yy = 300
    for line in _reference_wrap(PARAGRAPH, fnt, 260):
        image = fnt.render(line, True, PALETTE.ink_soft)
        surface.blit(image, (500 + 130 - image.get_width() // 2, yy))
        yy += fnt.get_linesize()


def _reference_wrap(content: str, fnt: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = word if not line else f"{line} {word}"
            if fnt.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _cached(surface: pygame.Surface) -> None:
    y = 4
    for size, bold, display, colour, alpha in STYLES:
        for content in TEXTS:
            draw.text(surface, content, (4 + y % 7, y), size=size, bold=bold, display=display, color=colour,
                      alpha=alpha)
            y += 9
    draw.text_block(surface, PARAGRAPH, pygame.Rect(500, 300, 260, 200), color=PALETTE.ink_soft, align="center")


def test_cached_texts_draw_the_same_pixels_as_fresh_renderings(make_app: Callable[..., App]) -> None:
    make_app((800, 600))
    reference, cached = _canvas(), _canvas()
    _uncached(reference)
    for _ in range(2):  # the first pass fills the caches, the second draws from them
        cached = _canvas()
        _cached(cached)
        assert np.array_equal(pygame.surfarray.pixels3d(reference), pygame.surfarray.pixels3d(cached))


def test_a_text_is_rendered_once_and_the_measures_are_the_fonts(make_app: Callable[..., App]) -> None:
    make_app((800, 600))
    surface = _canvas()
    before = draw.rendered_text.cache_info()
    for _ in range(30):  # thirty frames of the same label
        draw.text(surface, "Score 12", (10, 10), size=20, color=(1, 2, 3))
        draw.text(surface, "Score 12", (10, 10), size=20, color=pygame.Color(1, 2, 3))  # unhashable colours work
    after = draw.rendered_text.cache_info()
    assert after.misses - before.misses <= 2 and after.hits - before.hits >= 58
    assert draw.font_width("Score 12", 20) == font(20).size("Score 12")[0]
    assert draw.wrap_text(PARAGRAPH, font(20), 260) == _reference_wrap(PARAGRAPH, font(20), 260)
    lines = draw.wrap_text(PARAGRAPH, font(20), 260)
    lines[0] = "changed by a caller"
    assert draw.wrap_text(PARAGRAPH, font(20), 260)[0] != "changed by a caller"  # callers get their own list
    assert draw.text_height(PARAGRAPH, 260) == len(lines) * font(20).get_linesize()


def test_the_caches_are_bounded_and_dropped_with_the_fonts(make_app: Callable[..., App]) -> None:
    make_app((800, 600))
    surface = _canvas()
    for i in range(draw.TEXT_CACHE_SIZE + 50):  # a long game's log: every line new
        draw.text(surface, f"turn {i}: Ann places a piece", (0, 0), size=16)
        draw.fit_text(surface, f"turn {i}: Ann places a piece", (0, 40), 90, size=16)
    assert draw.rendered_text.cache_info().currsize <= draw.TEXT_CACHE_SIZE
    assert all(cached.cache_info().maxsize is not None for cached in draw.TEXT_CACHES)
    draw.clear_caches()
    assert all(cached.cache_info().currsize == 0 for cached in draw.TEXT_CACHES)
    assert font.cache_info().currsize == 0
