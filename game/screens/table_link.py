"""The hosted table's link beside its code: ``http://HOST:PORT/t/TABLE``, the table's page on its server, for a
friend with only a browser, and its QR code for a phone (segno). Reads the code, assigns nothing to the scene."""

from __future__ import annotations

from functools import lru_cache

import pygame
import segno

from game.i18n import t
from game.net.codes import CodeError, parse_code
from game.ui import draw
from game.ui.theme import PALETTE, SIZES

#: The quiet zone around the QR code, in modules (a phone's camera finds the code by it).
QUIET = 2


def page_link(code: str) -> str | None:
    """The link to the table of ``code`` in a browser, or None for a code that cannot be read."""
    try:
        return parse_code(code).page
    except CodeError:
        return None


@lru_cache(maxsize=8)
def qr_surface(text: str, side: int) -> pygame.Surface:
    """The QR code of ``text`` as a square surface at most ``side`` pixels wide, whole pixels per module (a
    blurred module is harder to read), dark on white."""
    matrix = [list(row) for row in segno.make(text, error="m", micro=False).matrix_iter(border=QUIET)]
    modules = len(matrix)
    scale = max(1, side // modules)
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (x * scale, y * scale, scale, scale))
    return surface


def qr_side(height: int) -> int:
    """How wide the QR code is drawn beside a column ``height`` pixels high (0: no room for a readable one)."""
    side = min(132, height)
    return side if side >= 72 else 0


def draw_link(surface: pygame.Surface, code: str, line: pygame.Rect, beside: pygame.Rect) -> None:
    """The link on ``line`` (one line of small type), and its QR code at the top right of ``beside``."""
    link = page_link(code)
    if link is None:
        return
    draw.fit_text(surface, t("net.host.link", link=link), (line.x, line.centery), line.width, size=SIZES.text_small,
                  color=PALETTE.ink_soft, anchor="midleft")
    side = qr_side(beside.height)
    if side:
        qr = qr_surface(link, side)
        surface.blit(qr, qr.get_rect(topright=beside.topright))


__all__ = ["draw_link", "page_link", "qr_side", "qr_surface"]
