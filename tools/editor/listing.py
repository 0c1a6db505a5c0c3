"""The left column's list: one row per piece (or cactus) with a thumbnail, and the file check below it.

:func:`list_rows` works out the rows for the current scroll (in the scene's update); the draw functions
only read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, Color, hex_colour, lerp, shade
from physics.geometry import Outline
from tools.editor.checks import outline_faults
from tools.editor.labels import colour_name, form_name
from tools.editor.model import PART_BASE
from tools.editor.preview import outline_thumbnail
from tools.editor.session import EditingSession

ROW_H = 56


@dataclass
class ListRow:
    key: str  # the piece id, or the cactus index as text
    title: str
    detail: str
    thumb: pygame.Surface
    swatch: Color
    bad: bool
    rect: pygame.Rect


def list_rows(session: EditingSession, area: pygame.Rect, scroll: int) -> tuple[list[ListRow], int]:
    """The rows of the current tab laid out in ``area`` from ``scroll``, and the scroll kept in range."""
    rows: list[ListRow] = []
    y = area.y + 4 - scroll
    if session.tab == "pieces":
        st = session.pieces.state
        for piece in session.visible_pieces():
            outline = st.outline(piece)
            colour = hex_colour(st.colour_hex(piece.colour), PALETTE.ink_faint)
            bad = bool(outline_faults(outline))
            detail = t("editor.kind.special") if piece.kind == "special" else form_name(piece.form or "")
            rows.append(ListRow(piece.id, piece.id, f"{colour_name(piece.colour)} · {detail}",
                                outline_thumbnail(outline, colour, (44, 44), bad), colour, bad,
                                pygame.Rect(area.x + 2, y, area.width - 4, ROW_H)))
            y += ROW_H
    else:
        for k, cactus in enumerate(session.cacti.state.cacti):
            merged = cactus_silhouette(cactus.base, cactus.trunk, cactus.arms)
            bad = any(outline_faults(cactus.part(p), thin_check=p != PART_BASE) for p in cactus.part_indices)
            rows.append(ListRow(str(k), cactus.name, t("editor.cactus.detail", arms=len(cactus.arms),
                                                       x=f"{cactus.x:g}"),
                                merged, PALETTE.cactus, bad, pygame.Rect(area.x + 2, y, area.width - 4, ROW_H)))
            y += ROW_H
    limit = max(0, len(rows) * ROW_H - area.height + 8)
    if scroll > limit:
        shift = scroll - limit
        scroll = limit
        for row in rows:
            row.rect.move_ip(0, shift)
    return rows, scroll


def draw_list(surface: pygame.Surface, area: pygame.Rect, rows: list[ListRow], selected: str | None, scroll: int,
              empty: str, frame: bool = True) -> None:
    """The rows inside their panel (the ``selected`` key highlighted), a scroll bar when they overflow.
    ``frame`` False: the rows and the bar only, all inside ``area.inflate(-4, -4)`` (the panel is drawn apart)."""
    if frame:
        draw.panel(surface, area, PALETTE.paper, PALETTE.sand_dark, SIZES.radius_small)
    clip = surface.get_clip()
    surface.set_clip(area.inflate(-4, -4))
    for row in rows:
        if row.rect.bottom < area.top or row.rect.top > area.bottom:
            continue
        if row.key == selected:
            draw.rounded_rect(surface, row.rect.inflate(-6, -4), lerp(PALETTE.terracotta, PALETTE.paper, 0.82),
                              SIZES.radius_small, PALETTE.terracotta, 2)
        surface.blit(row.thumb, (row.rect.x + 10, row.rect.y + (row.rect.height - row.thumb.get_height()) // 2))
        tx = row.rect.x + 10 + row.thumb.get_width() + 10
        title = draw.ellipsize(row.title, row.rect.right - tx - 12, SIZES.text_small, True)
        draw.text(surface, title, (tx, row.rect.y + 10), size=SIZES.text_small, bold=True,
                  color=PALETTE.error if row.bad else PALETTE.ink)
        pygame.draw.circle(surface, row.swatch, (tx + 5, row.rect.y + 37), 5)
        pygame.draw.aacircle(surface, shade(row.swatch, -0.3), (tx + 5, row.rect.y + 37), 5, 1)
        draw.text(surface, draw.ellipsize(row.detail, row.rect.right - tx - 28, SIZES.text_small - 3),
                  (tx + 15, row.rect.y + 37), size=SIZES.text_small - 3, color=PALETTE.ink_soft, anchor="midleft")
    surface.set_clip(clip)
    if not rows:
        draw.text_block(surface, empty, area.inflate(-30, -40).move(0, 10), size=SIZES.text_small,
                        color=PALETTE.ink_soft, align="center")
    content = len(rows) * ROW_H
    if content > area.height:
        track = pygame.Rect(area.right - 9, area.y + 8, 4, area.height - 16)
        thumb_h = max(24, track.height * area.height // content)
        y = track.y + (track.height - thumb_h) * scroll // max(1, content - area.height + 8)
        draw.rounded_rect(surface, pygame.Rect(track.x, y, 4, thumb_h), PALETTE.dune, 2)


def draw_file_check(surface: pygame.Surface, status: pygame.Rect, problem: str | None, file_name: str) -> None:
    """Physics' verdict on the file as it would be saved: passed, or the first reason it is refused."""
    colour = PALETTE.ok if problem is None else PALETTE.error
    draw.rounded_rect(surface, status, lerp(colour, PALETTE.paper, 0.88), SIZES.radius_small,
                      lerp(colour, PALETTE.paper, 0.45))
    head = t("editor.check.ok") if problem is None else t("editor.check.bad")
    draw.text(surface, draw.ellipsize(head, status.width - 24, SIZES.text_small - 1, True),
              (status.x + 12, status.y + 8), size=SIZES.text_small - 1, bold=True, color=colour)
    detail = t("editor.check.ok_detail", file=file_name) if problem is None else problem
    lines = draw.wrap_text(detail, draw.font(SIZES.text_small - 4), status.width - 24)
    if len(lines) > 2:
        lines = [lines[0], draw.ellipsize(lines[1] + " " + " ".join(lines[2:]), status.width - 24,
                                          SIZES.text_small - 4)]
    for k, line in enumerate(lines[:2]):
        draw.text(surface, line, (status.x + 12, status.y + 28 + k * 14), size=SIZES.text_small - 4,
                  color=PALETTE.ink_soft)


def list_signature(rows: list[ListRow], selected: str | None, scroll: int, empty: str) -> object:
    """Everything :func:`draw_list` shows, for its cached layer (the thumbnails by identity: they are cached)."""
    return (tuple((r.key, r.title, r.detail, r.thumb, r.swatch, r.bad, tuple(r.rect)) for r in rows), selected,
            scroll, empty)


@lru_cache(maxsize=64)
def cactus_silhouette(base: Outline, trunk: Outline, arms: tuple[Outline, ...],
                      size: tuple[int, int] = (44, 44)) -> pygame.Surface:
    """A small anti-aliased picture of a cactus on its base (cached)."""
    w, h = size
    outlines = [base, trunk, *arms]
    pts = [p for o in outlines for p in o]

    def painter(surf: pygame.Surface, s: float) -> None:
        if not pts:
            return
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-6)
        k = (min(w, h) - 4) * s / span
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        for j, o in enumerate(outlines):
            if len(o) >= 3:
                poly = [(w * s / 2 + (x - cx) * k, h * s / 2 - (y - cy) * k) for x, y in o]
                pygame.draw.polygon(surf, PALETTE.terracotta if j == 0 else PALETTE.cactus, poly)

    return draw.supersampled(size, painter)
