"""Who is at a remote table, as a small panel beside it: one row per seat, its name (this player's marked) and its
state in plain words (:func:`game.net.client.presence.seat_lines`), a coloured dot for the state at a glance.

The two remote scenes (the card table and Cactus) carve it off the top of their side column with :func:`split`,
so it covers nothing, and paint it with :func:`paint`. A row takes two lines (name, then state; three in a narrow
column, where the state may need two); where the column is short, one (name and the state in a few words).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import t
from game.net.client.presence import SeatLine
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, Color

TITLE_H = 34
ROW_H = 40
ROW_H_TALL = 54
ROW_H_COMPACT = 22
#: A column narrower than this gives the state two lines.
NARROW = 250
#: What the column under the strip keeps at least for its own content before the strip turns compact.
KEEP = 110
GAP = 10
TONES: dict[str, Color] = {"ok": PALETTE.ok, "away": PALETTE.warn, "bot": PALETTE.ink_faint,
                           "wait": PALETTE.sky}


def row_height(width: int, compact: bool) -> int:
    return ROW_H_COMPACT if compact else ROW_H_TALL if width < NARROW else ROW_H


def height(players: int, width: int, compact: bool = False) -> int:
    return TITLE_H + players * row_height(width, compact) + 8


def split(column: pygame.Rect, players: int, keep: int = KEEP) -> tuple[pygame.Rect, pygame.Rect, bool]:
    """The strip off the top of ``column`` and what is left of the column under it, and whether the strip is
    compact (one line a seat: the column could not keep ``keep`` px under the full strip)."""
    compact = column.height - height(players, column.width) - GAP < keep
    h = min(height(players, column.width, compact), column.height)
    strip = pygame.Rect(column.x, column.y, column.width, h)
    rest = pygame.Rect(column.x, strip.bottom + GAP, column.width, max(0, column.bottom - strip.bottom - GAP))
    return strip, rest, compact


def row_text(line: SeatLine) -> tuple[str, str]:
    """A row's two texts: the name (with "you" for this player's seat) and the state's words."""
    name = f"{line.name} · {t('presence.you')}" if line.you else line.name
    return name, line.text


def paint(surface: pygame.Surface, rect: pygame.Rect, title: str, lines: Sequence[SeatLine], compact: bool, *,
          fill: Color = PALETTE.paper, border: Color = PALETTE.sand_dark, title_size: int = 15) -> None:
    """The strip in ``rect``: a panel, ``title``, and a row per seat of ``lines``."""
    draw.panel(surface, rect, fill, border, 14)
    draw.fit_text(surface, title, (rect.x + 14, rect.y + TITLE_H // 2), rect.width - 28, size=title_size, bold=True,
                  color=PALETTE.ink_soft)
    row_h = row_height(rect.width, compact)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    x = rect.x + 14
    width = rect.width - 28 - 16
    for i, line in enumerate(lines):
        top = rect.y + TITLE_H + i * row_h
        name, words = row_text(line)
        tone = TONES.get(line.tone, PALETTE.ink_faint)
        text_colour = PALETTE.terracotta_dark if line.tone == "away" else PALETTE.ink_soft
        if compact:
            pygame.draw.circle(surface, tone, (x + 5, top + row_h // 2), 5)
            used = draw.fit_text(surface, name, (x + 16, top + row_h // 2), width * 3 // 5, size=14, bold=True,
                                 color=PALETTE.ink)
            if line.short:
                draw.fit_text(surface, line.short, (used.right + 8, top + row_h // 2),
                              x + 16 + width - used.right - 8, size=13, color=text_colour)
            continue
        pygame.draw.circle(surface, tone, (x + 5, top + 10), 5)
        draw.fit_text(surface, name, (x + 16, top + 10), width, size=15, bold=True, color=PALETTE.ink)
        parts = draw.wrap_text(words, font(13), width) if words else []
        if row_h < ROW_H_TALL or len(parts) > 2:
            parts = [words] if words else []  # one line (made to fit)
        for k, part in enumerate(parts):
            draw.fit_text(surface, part, (x + 16, top + 28 + 15 * k), width, size=13, color=text_colour)
    surface.set_clip(clip)


__all__ = ["GAP", "KEEP", "NARROW", "ROW_H", "ROW_H_COMPACT", "ROW_H_TALL", "TITLE_H", "height", "paint",
           "row_height", "row_text", "split"]
