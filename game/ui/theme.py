"""The house palette and sizes: warm desert sand, terracotta, sage and cactus greens, ink-brown text."""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    sand_light: Color = (250, 240, 222)
    sand: Color = (242, 226, 196)
    sand_dark: Color = (226, 201, 160)
    dune: Color = (214, 180, 132)
    ink: Color = (58, 44, 38)
    ink_soft: Color = (112, 92, 80)
    ink_faint: Color = (160, 140, 120)
    paper: Color = (255, 250, 240)
    terracotta: Color = (200, 85, 61)
    terracotta_dark: Color = (160, 62, 44)
    sage: Color = (131, 163, 112)
    cactus: Color = (62, 124, 71)
    cactus_dark: Color = (38, 86, 50)
    artichoke: Color = (96, 138, 82)
    artichoke_dark: Color = (58, 96, 60)
    sky: Color = (135, 180, 200)
    sun: Color = (240, 180, 70)
    berry: Color = (150, 60, 110)
    focus: Color = (240, 160, 40)
    shadow: Color = (90, 60, 30)
    ok: Color = (70, 140, 80)
    warn: Color = (220, 140, 40)
    error: Color = (190, 50, 45)
    felt: Color = (46, 98, 74)
    felt_dark: Color = (32, 72, 55)


PALETTE = Palette()


@dataclass(frozen=True)
class Sizes:
    radius: int = 14
    radius_small: int = 8
    pad: int = 16
    gap: int = 12
    text: int = 20
    text_small: int = 16
    text_large: int = 28
    title: int = 64
    button_height: int = 44
    shadow_offset: int = 5


SIZES = Sizes()


def hex_colour(value: str, fallback: Color = (136, 136, 136)) -> Color:
    """``"#rrggbb"`` (the leading ``#`` optional) as an RGB triple; ``fallback`` for anything else."""
    digits = value.lstrip("#") if isinstance(value, str) else ""
    if len(digits) != 6:
        return fallback
    try:
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    except ValueError:
        return fallback


def lerp(a: Color, b: Color, t: float) -> Color:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    t = min(1.0, max(0.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def shade(c: Color, amount: float) -> Color:
    """Darken (amount < 0) or lighten (amount > 0) a colour by a fraction."""
    return lerp(c, (0, 0, 0), -amount) if amount < 0 else lerp(c, (255, 255, 255), amount)
