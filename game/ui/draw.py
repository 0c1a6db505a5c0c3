"""Drawing helpers with clean edges: supersampled rounded panels, anti-aliased polygons, gradients, text.

Shapes (rounded panels, rings, shadows, gradients) are rendered once per size and colour; texts are rendered,
measured and wrapped once and kept in bounded LRU caches (:func:`clear_caches` drops them).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, Color, lerp

if TYPE_CHECKING:  # the one Point alias; a type only, so drawing never loads pymunk (Artischocken uses this)
    from physics.geometry import Point

SUPERSAMPLE = 3


def aa_polygon(surface: pygame.Surface, fill: Color | None, points: Sequence[Point],
               outline: Color | None = None, width: int = 1) -> None:
    """A filled polygon with an anti-aliased outline (pygame-ce has no aapolygon)."""
    if len(points) < 3:
        return
    if fill is not None:
        pygame.draw.polygon(surface, fill, points)
        if outline is None:
            pygame.draw.aalines(surface, fill, True, points)
    if outline is not None:
        if width > 1:
            pygame.draw.lines(surface, outline, True, points, width)
        pygame.draw.aalines(surface, outline, True, points)


@lru_cache(maxsize=512)
def _rounded(size: tuple[int, int], color: Color, radius: int, border: Color | None, border_width: int,
             alpha: int) -> pygame.Surface:
    w, h = size
    big = pygame.Surface((w * SUPERSAMPLE, h * SUPERSAMPLE), pygame.SRCALPHA)
    r = radius * SUPERSAMPLE
    if border is not None and border_width > 0:
        pygame.draw.rect(big, (*border, alpha), big.get_rect(), border_radius=r)
        inset = border_width * SUPERSAMPLE
        pygame.draw.rect(big, (*color, alpha), big.get_rect().inflate(-2 * inset, -2 * inset),
                         border_radius=max(0, r - inset))
    else:
        pygame.draw.rect(big, (*color, alpha), big.get_rect(), border_radius=r)
    out = pygame.transform.smoothscale(big, size)
    if alpha == 255:
        # smoothscale leaves an opaque body at alpha 253, so a panel over the table (a modal picker, a dialog)
        # would let what lies beneath show through; only the anti-aliased rim stays translucent
        body = pygame.surfarray.pixels_alpha(out)
        body[body >= 250] = 255
        del body
    return out


def rounded_rect(surface: pygame.Surface, rect: pygame.Rect, color: Color, radius: int = SIZES.radius,
                 border: Color | None = None, border_width: int = 2, alpha: int = 255) -> None:
    """An anti-aliased rounded rectangle (rendered supersampled once per size and cached)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    radius = min(radius, rect.width // 2, rect.height // 2)
    surface.blit(_rounded((rect.width, rect.height), color, radius, border, border_width, alpha), rect.topleft)


@lru_cache(maxsize=256)
def _ring(size: tuple[int, int], color: Color, radius: int, width: int) -> pygame.Surface:
    w, h = size
    big = pygame.Surface((w * SUPERSAMPLE, h * SUPERSAMPLE), pygame.SRCALPHA)
    pygame.draw.rect(big, color, big.get_rect(), width * SUPERSAMPLE, border_radius=radius * SUPERSAMPLE)
    return pygame.transform.smoothscale(big, size)


def rounded_ring(surface: pygame.Surface, rect: pygame.Rect, color: Color, radius: int = SIZES.radius,
                 width: int = 3) -> None:
    """An anti-aliased rounded outline (focus rings, highlights)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    radius = min(radius, rect.width // 2, rect.height // 2)
    surface.blit(_ring((rect.width, rect.height), color, radius, width), rect.topleft)


@lru_cache(maxsize=256)  # keyed by alpha too: a caller fading a shadow should step its alpha coarsely
def _shadow(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    w, h = size
    pad = 12
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*PALETTE.shadow, alpha), pygame.Rect(pad, pad, w, h), border_radius=radius)
    return pygame.transform.gaussian_blur(surf, 6)


def drop_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = SIZES.radius,
                offset: int = SIZES.shadow_offset, alpha: int = 70) -> None:
    """A soft shadow under ``rect``."""
    if rect.width <= 0 or rect.height <= 0:
        return
    shadow = _shadow((rect.width, rect.height), radius, alpha)
    surface.blit(shadow, (rect.x - 12 + offset // 2, rect.y - 12 + offset))


def panel(surface: pygame.Surface, rect: pygame.Rect, color: Color = PALETTE.paper,
          border: Color | None = PALETTE.sand_dark, radius: int = SIZES.radius, shadow: bool = True,
          alpha: int = 255) -> None:
    """A card-like panel: soft shadow, rounded body, thin border."""
    if shadow:
        drop_shadow(surface, rect, radius)
    rounded_rect(surface, rect, color, radius, border, 2, alpha)


@lru_cache(maxsize=32)
def vertical_gradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    w, h = size
    strip = pygame.Surface((1, max(1, h)))
    for y in range(max(1, h)):
        strip.set_at((0, y), lerp(top, bottom, y / max(1, h - 1)))
    return pygame.transform.scale(strip, (max(1, w), max(1, h)))


@lru_cache(maxsize=4)
def veil(size: tuple[int, int], color: Color, alpha: int) -> pygame.Surface:
    """A translucent sheet of ``color`` the size of the window (a dialog dims the scene with it; shared)."""
    sheet = pygame.Surface(size, pygame.SRCALPHA)
    sheet.fill((*color, alpha))
    return sheet


def backdrop(surface: pygame.Surface, top: Color = PALETTE.sand_light, bottom: Color = PALETTE.sand_dark) -> None:
    """The house background: a warm vertical gradient."""
    surface.blit(vertical_gradient(surface.get_size(), top, bottom), (0, 0))


# -- text: every string is rendered and measured once, then blitted (bounded LRU caches) ------------------
#: How many rendered lines (surfaces), measured widths and wrapped paragraphs are kept.
TEXT_CACHE_SIZE = 1024
FADED_CACHE_SIZE = 256
WIDTH_CACHE_SIZE = 4096
WRAP_CACHE_SIZE = 512

ColourKey = tuple[int, ...]


def _colour_key(color: Color | pygame.Color | Sequence[int]) -> ColourKey:
    """A hashable colour (pygame.Color and lists are not); rendering with it gives the same pixels."""
    return color if isinstance(color, tuple) else tuple(color)


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def rendered_text(content: str, size: int, bold: bool, display: bool, color: ColourKey) -> pygame.Surface:
    """One line rendered anti-aliased (shared: blit it, never draw on it)."""
    return font(size, bold=bold, display=display).render(content, True, color)


@lru_cache(maxsize=FADED_CACHE_SIZE)
def _faded_text(content: str, size: int, bold: bool, display: bool, color: ColourKey, alpha: int) -> pygame.Surface:
    image = rendered_text(content, size, bold, display, color).copy()
    image.set_alpha(alpha)
    return image


def text_image(content: str, size: int, bold: bool = False, display: bool = False,
               color: Color | pygame.Color | Sequence[int] = PALETTE.ink, alpha: int = 255) -> pygame.Surface:
    """The cached rendering of one line, keyed by (text, size, bold, display, colour, alpha)."""
    key = _colour_key(color)
    if alpha < 255:
        return _faded_text(content, size, bold, display, key, alpha)
    return rendered_text(content, size, bold, display, key)


def text(surface: pygame.Surface, content: str, pos: Point, *, size: int = SIZES.text,
         color: Color | pygame.Color = PALETTE.ink, bold: bool = False, display: bool = False,
         anchor: str = "topleft", alpha: int = 255) -> pygame.Rect:
    """Render one line of text; ``anchor`` is a pygame.Rect attribute such as "center" or "midtop"."""
    image = text_image(content, size, bold, display, color, alpha)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=WIDTH_CACHE_SIZE)
def font_width(content: str, size: int = SIZES.text, bold: bool = False) -> int:
    return font(size, bold=bold).size(content)[0]


@lru_cache(maxsize=WIDTH_CACHE_SIZE)
def ellipsize(content: str, width: int, size: int = SIZES.text, bold: bool = False) -> str:
    """``content`` shortened with an ellipsis so that it fits ``width`` pixels (unchanged when it fits)."""
    if width <= 0 or font_width(content, size, bold) <= width:
        return content
    while content and font_width(content + "…", size, bold) > width:
        content = content[:-1]
    return content + "…"


@lru_cache(maxsize=WIDTH_CACHE_SIZE)
def fitted(content: str, width: int, size: int, bold: bool = False) -> tuple[str, int]:
    """What :func:`fit_text` draws: (the text, its size) no wider than ``width``."""
    smallest = size - 3
    while size > smallest and font_width(content, size, bold) > width:
        size -= 1
    while len(content) > 2 and font_width(content, size, bold) > width:
        content = content[:-2].rstrip() + "…"
    return content, size


def fit_text(surface: pygame.Surface, content: str, pos: Point, width: int, *, size: int,
             bold: bool = False, color: Color = PALETTE.ink, anchor: str = "midleft") -> pygame.Rect:
    """One line of text no wider than ``width``: a little smaller first (down to size - 3), then cut."""
    content, size = fitted(content, width, size, bold)
    return text(surface, content, pos, size=size, bold=bold, color=color, anchor=anchor)


@lru_cache(maxsize=WRAP_CACHE_SIZE)
def _wrapped(content: str, fnt: pygame.font.Font, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in content.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if fnt.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def wrap_text(content: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Break ``content`` into lines no wider than ``width`` pixels (explicit newlines are kept)."""
    return list(_wrapped(content, fnt, width))


def text_block(surface: pygame.Surface, content: str, rect: pygame.Rect, *, size: int = SIZES.text,
               color: Color = PALETTE.ink, bold: bool = False, align: str = "left",
               line_gap: int = 4) -> int:
    """Wrapped text inside ``rect``; returns the height used."""
    fnt = font(size, bold=bold)
    step = fnt.get_linesize() + line_gap - 4
    y = rect.top
    for line in _wrapped(content, fnt, rect.width):
        image = text_image(line, size, bold, False, color)
        if align == "center":
            x = rect.centerx - image.get_width() // 2
        elif align == "right":
            x = rect.right - image.get_width()
        else:
            x = rect.left
        surface.blit(image, (x, y))
        y += step
    return y - rect.top


def text_height(content: str, width: int, *, size: int = SIZES.text, bold: bool = False, line_gap: int = 4) -> int:
    fnt = font(size, bold=bold)
    return len(_wrapped(content, fnt, width)) * (fnt.get_linesize() + line_gap - 4)


TEXT_CACHES = (rendered_text, _faded_text, font_width, ellipsize, fitted, _wrapped)


def clear_caches() -> None:
    """Drop the fonts and every cached text (after ``pygame.quit()`` fonts are dead; the App calls this when
    it starts)."""
    font.cache_clear()
    for cached in TEXT_CACHES:
        cached.cache_clear()


def supersampled(size: tuple[int, int], painter: object, factor: int = SUPERSAMPLE) -> pygame.Surface:
    """Paint at ``factor`` times the size with ``painter(surface, scale)`` and scale down smoothly.

    The cheap way to anti-alias filled shapes of any kind (illustrations, icons): cache the result.
    """
    w, h = size
    big = pygame.Surface((w * factor, h * factor), pygame.SRCALPHA)
    painter(big, float(factor))  # type: ignore[operator]
    return pygame.transform.smoothscale(big, size)
