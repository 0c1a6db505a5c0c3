"""Where the editor puts everything for a window size: the columns, the tool bar, the panel rows.

A top bar (title, files, undo/redo/reload/save/back), a left column (tabs, filters, the list, the file
check), the centre (tool row, outline canvas, live preview) and a right column (material or cactus panel,
hang test). The widgets (:mod:`tools.editor.forms`) and the drawing (:mod:`tools.editor.panels`) read the
same numbers from here, so what is drawn and what takes the clicks never drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import t
from game.ui import draw
from game.ui.theme import SIZES
from tools.editor.ranges import MATERIALS

PAD = 14
TOP_H = 60
STATUS_H = 58
#: The labels of the tool bar, in order: six shape tools, then snap, parts and fit.
SHAPE_TOOLS = ("↔", "↕", "−15°", "+15°", "−10%", "+10%")
TOP_BUTTONS = ("undo", "redo", "reload", "save", "back")


@dataclass(frozen=True)
class MaterialGeometry:
    """The rows of the material (or cactus) panel, in screen y."""

    head_y: int           # the scope switch
    row1: int             # id / kind (cactus: name / x)
    row2: int             # colour / form (cactus: part)
    mats: tuple[int, ...]  # one row per material field
    dy: int               # a widget sits this far below its row's label
    wh: int               # widget height
    derived: int          # the line above mass, moment, centre
    derived_row: int      # their row height
    height: int           # the whole panel


def material_geometry(top: int, compact: bool) -> MaterialGeometry:
    if compact:
        head, step1, step2, dy, wh, mat_step, derived_row = 40, 46, 46, 15, 28, 46, 17
    else:
        head, step1, step2, dy, wh, mat_step, derived_row = 46, 56, 60, 18, 30, 52, 20
    y1 = top + head
    y2 = y1 + step1
    mats = tuple(y2 + step2 + k * mat_step for k in range(len(MATERIALS)))
    derived = mats[-1] + mat_step
    height = derived - top + 8 + 3 * derived_row + 6
    return MaterialGeometry(head_y=top + 9, row1=y1, row2=y2, mats=mats, dy=dy, wh=wh, derived=derived,
                            derived_row=derived_row, height=height)


def tool_labels() -> list[str]:
    """The tool bar's labels as wide as they can get (the snap label at its widest)."""
    snap = max((t("editor.tool.snap", mm="0.5"), t("editor.tool.snap_off")),
               key=lambda s: draw.font_width(s, SIZES.text_small, True))
    return [*SHAPE_TOOLS, snap, t("editor.tool.parts"), t("editor.tool.fit")]


def tool_rows(width: int) -> tuple[int, int, list[pygame.Rect]]:
    """The tool bar: (rows, text size, button rects relative to the bar). One row when everything fits,
    else the six shape tools on the first row and snap/parts/fit on the second, each row filling the bar."""
    labels = tool_labels()
    for size in range(SIZES.text_small, 12, -1):
        widths = [max(44, draw.font_width(text, size, True) + 18) for text in labels]
        if sum(widths) + 6 * (len(widths) - 1) <= width:
            gap = min(10, max(4, (width - sum(widths)) // (len(widths) - 1)))
            rects, x = [], 0
            for w in widths:
                rects.append(pygame.Rect(x, 2, w, 34))
                x += w + gap
            return 1, size, rects
    gap = 4
    for size in range(SIZES.text_small, 10, -1):
        need = [draw.font_width(text, size, True) + 10 for text in labels]
        first = (width - 5 * gap) // 6
        second = [n + 8 for n in need[6:]]
        if max(need[:6]) <= first and sum(second) + 2 * gap <= width:
            break
    rects = [pygame.Rect(k * (first + gap), 2, first, 34) for k in range(6)]
    extra = (width - sum(second) - 2 * gap) // 3
    x = 0
    for n in second:
        rects.append(pygame.Rect(x, 40, n + extra, 34))
        x += n + extra + gap
    return 2, size, rects


@dataclass(frozen=True)
class EditorLayout:
    size: tuple[int, int]
    compact: bool  # small windows: tighter material and hang panels
    top: pygame.Rect
    left: pygame.Rect
    right: pygame.Rect
    tools: pygame.Rect
    canvas: pygame.Rect
    preview: pygame.Rect
    material: pygame.Rect
    hang: pygame.Rect
    tool_size: int                 # text size of the tool buttons
    tool_rects: tuple[pygame.Rect, ...]  # on screen

    @property
    def geometry(self) -> MaterialGeometry:
        return material_geometry(self.material.y, self.compact)

    def list_area(self, with_filters: bool) -> pygame.Rect:
        """The list of pieces or cacti: below the tabs (and the three filters, when shown), above the check."""
        top = self.left.y + 44 + (104 if with_filters else 0)
        return pygame.Rect(self.left.x, top, self.left.width, self.left.bottom - top - STATUS_H - 8)

    def status_box(self, list_area: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(self.left.x, list_area.bottom + 8, self.left.width, STATUS_H)

    def filter_rect(self, k: int) -> pygame.Rect:
        return pygame.Rect(self.left.x, self.left.y + 42 + k * 34, self.left.width, 30)

    def tab_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        left = self.left
        half = (left.width - 6) // 2
        return (pygame.Rect(left.x, left.y, half, 34),
                pygame.Rect(left.x + half + 6, left.y, left.width - half - 6, 34))

    def hang_row(self) -> int:
        """The y of the drop count entry and the run button."""
        return self.hang.y + (40 if self.compact else 44)

    def hang_run(self) -> pygame.Rect:
        return pygame.Rect(self.hang.right - 16 - 110, self.hang_row() - 1, 110, 34)

    def hang_bar(self) -> pygame.Rect:
        return pygame.Rect(self.hang.x + 16, self.hang_row() + (40 if self.compact else 44), self.hang.width - 32, 14)

    def top_button_rects(self) -> list[pygame.Rect]:
        """Undo, redo, reload, save and back, right-aligned in the top bar, each wide enough for its label."""
        w = self.size[0]
        bw, bh = (96, 38) if w >= 1180 else (84, 36)
        gap = 8
        widths = [max(bw, draw.font_width(t(f"editor.button.{n}"), SIZES.text_small, True) + 26) for n in TOP_BUTTONS]
        x = w - PAD - sum(widths) - (len(widths) - 1) * gap
        rects = []
        for width in widths:
            rects.append(pygame.Rect(x, 11, width, bh))
            x += width + gap
        return rects

    def scope_rects(self) -> list[pygame.Rect]:
        """The piece/default switch at the top right of the material panel."""
        labels = [t("editor.material.scope_piece"), t("editor.material.scope_default")]
        widths = [draw.font_width(text, SIZES.text_small - 3, True) + 18 for text in labels]
        x = self.material.right - 14 - sum(widths) - 4
        rects = []
        for width in widths:
            rects.append(pygame.Rect(x, self.geometry.head_y, width, 26))
            x += width + 4
        return rects


def editor_layout(size: tuple[int, int]) -> EditorLayout:
    w, h = size
    left_w = max(186, min(270, int(w * 0.19)))
    right_w = max(282, min(340, int(w * 0.26)))
    body_y = TOP_H + 10
    body_h = h - body_y - PAD
    compact = body_h < 600
    left = pygame.Rect(PAD, body_y, left_w, body_h)
    right = pygame.Rect(w - PAD - right_w, body_y, right_w, body_h)
    cx = PAD + left_w + PAD
    cw = w - 2 * PAD - left_w - right_w - 2 * PAD
    preview_h = max(170 if compact else 200, min(300, int(body_h * 0.38)))
    rows, tool_size, rects = tool_rows(cw)
    tools_h = 40 if rows == 1 else 78
    tools = pygame.Rect(cx, body_y, cw, tools_h)
    canvas = pygame.Rect(cx, body_y + tools_h + 8, cw, body_h - tools_h - 8 - preview_h - PAD)
    preview = pygame.Rect(cx, canvas.bottom + PAD, cw, preview_h)
    material_h = min(body_h - (160 if compact else 196) - PAD, material_geometry(0, compact).height)
    material = pygame.Rect(right.x, right.y, right.width, material_h)
    hang = pygame.Rect(right.x, right.y + material_h + PAD, right.width, right.bottom - right.y - material_h - PAD)
    return EditorLayout(size=size, compact=compact, top=pygame.Rect(0, 0, w, TOP_H), left=left, right=right,
                        tools=tools, canvas=canvas, preview=preview, material=material, hang=hang,
                        tool_size=tool_size, tool_rects=tuple(r.move(tools.x, tools.y) for r in rects))
