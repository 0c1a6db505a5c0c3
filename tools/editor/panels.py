"""The editor's panels, drawn from the session: the top bar, what the canvas shows and its captions, the
material or cactus panel and the hang test. Drawing only reads (the widgets on top of the panels are
:mod:`tools.editor.forms`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import pygame

from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, Color, hex_colour, lerp
from game.ui.widgets import Button
from tools.editor.canvas import Subject, fault_text
from tools.editor.checks import MassProperties, mass_properties, outline_faults
from tools.editor.hangtest import DropResult, HangRunner
from tools.editor.labels import form_name, mm, part_label
from tools.editor.layers import Layers
from tools.editor.layout import EditorLayout
from tools.editor.model import PART_BASE, Document
from tools.editor.ranges import MATERIALS, RANGES
from tools.editor.session import EditingSession


def panel_head(surface: pygame.Surface, box: pygame.Rect, title: str, sub: str = "", frame: bool = True) -> None:
    """The panel (``frame`` False: drawn apart) and its title, with a note at the right."""
    if frame:
        draw.panel(surface, box, PALETTE.paper, PALETTE.sand_dark)
    draw.text(surface, title, (box.x + 16, box.y + 12), size=SIZES.text, bold=True, color=PALETTE.ink)
    if sub:
        draw.text(surface, draw.ellipsize(sub, box.width - 150, SIZES.text_small - 2), (box.right - 16, box.y + 16),
                  size=SIZES.text_small - 2, color=PALETTE.ink_soft, anchor="topright")


# -- the top bar -------------------------------------------------------------------------------------------
def draw_top(surface: pygame.Surface, bar: pygame.Rect, docs: Sequence[Document[Any]], buttons: list[Button]) -> None:
    """The title, a chip per file (dirty ones marked, broken ones red) and the buttons."""
    draw_top_bar(surface, bar, docs, buttons[0].rect.left)
    for button in buttons:
        button.draw(surface)


def top_signature(docs: Sequence[Document[Any]]) -> object:
    """What the top bar shows of the files (its cached layer's key, with the bar and the buttons' place)."""
    return tuple((doc.path.name, doc.dirty, bool(doc.error)) for doc in docs)


def draw_top_bar(surface: pygame.Surface, bar: pygame.Rect, docs: Sequence[Document[Any]], limit: int) -> None:
    """The bar, the title and a chip per file, the chips left of ``limit`` (where the buttons begin)."""
    pygame.draw.rect(surface, PALETTE.paper, bar)
    pygame.draw.line(surface, PALETTE.sand_dark, (0, bar.bottom - 1), (bar.width, bar.bottom - 1), 2)
    title = draw.text(surface, t("editor.title"), (18, bar.centery), size=26, display=True,
                      color=PALETTE.terracotta, anchor="midleft")
    x = title.right + 18
    for doc in docs:
        dirty = doc.dirty
        colour = PALETTE.error if doc.error else PALETTE.terracotta if dirty else PALETTE.ink_soft
        text = doc.path.name + (" •" if dirty else "")
        width = draw.font_width(text, SIZES.text_small - 1, bold=True) + 24
        if x + width > limit - 10:
            break
        chip = pygame.Rect(x, bar.centery - 14, width, 28)
        draw.rounded_rect(surface, chip, lerp(colour, PALETTE.paper, 0.88), 14, lerp(colour, PALETTE.paper, 0.4))
        draw.text(surface, text, chip.center, size=SIZES.text_small - 1, bold=True, color=colour, anchor="center")
        x = chip.right + 8


# -- captions on the canvas ------------------------------------------------------------------------------------
def canvas_head(session: EditingSession) -> str:
    """What the canvas edits: a shared form (and how many pieces use it), a piece's own outline, a cactus part."""
    if session.tab == "pieces":
        piece = session.current_piece()
        st = session.pieces.state
        if piece is not None and st.shares_form(piece):
            users = sum(1 for p in st.pieces if p.form == piece.form and p.outline is None)
            return t("editor.canvas.form", form=form_name(piece.form or ""), n=users)
        return t("editor.canvas.own", id=session.piece_id or "")
    cactus = session.current_cactus()
    return t("editor.canvas.cactus", name=cactus.name if cactus else "", part=part_label(session.cactus_part))


def canvas_subject(session: EditingSession) -> Subject | None:
    """What the canvas shows: the current outline, its colour, its faults and mass, and (for a cactus part)
    the cactus's other parts behind it."""
    outline = session.current_outline()
    if outline is None:
        return None
    if session.tab == "pieces":
        piece = session.current_piece()
        assert piece is not None
        st = session.pieces.state
        colour = hex_colour(st.colour_hex(piece.colour), PALETTE.ink_faint)
        mat = st.material(piece)
        key: object = ("piece", piece.form if st.shares_form(piece) else piece.id, id(session.pieces))
        density = mat.density if session.density_usable(mat.density) else 0.0
        return Subject(key, outline, colour, outline_faults(outline), mass_properties(outline, density))
    cactus = session.current_cactus()
    assert cactus is not None
    part = session.cactus_part
    context = [(cactus.part(k), PALETTE.terracotta if k == PART_BASE else PALETTE.cactus)
               for k in cactus.part_indices if k != part]
    colour = PALETTE.terracotta if part == PART_BASE else PALETTE.cactus
    return Subject(("cactus", session.cactus_index, id(session.cacti)), outline, colour,
                   outline_faults(outline, thin_check=part != PART_BASE), mass_properties(outline, 1.0), context)


def draw_canvas_overlay(surface: pygame.Surface, rect: pygame.Rect, subject: Subject | None, head: str) -> None:
    """The caption at the top left and the verdict chip at the bottom right of the canvas."""
    if subject is None:
        return
    head_rect = draw.text(surface, draw.ellipsize(head, rect.width - 36, SIZES.text_small, True),
                          (rect.x + 18, rect.y + 14), size=SIZES.text_small, bold=True, color=PALETTE.ink)
    hint = t("editor.canvas.hint")
    if head_rect.right + 24 + draw.font_width(hint, SIZES.text_small - 3) < rect.right - 18:
        draw.text(surface, hint, (rect.right - 18, rect.y + 16), size=SIZES.text_small - 3,
                  color=PALETTE.ink_faint, anchor="topright")
    faults = subject.faults
    if faults:
        text = fault_text(faults[0])
        colour = PALETTE.error
    else:
        parts = len(subject.mass.parts) if subject.mass else 1
        text = t("editor.canvas.valid", points=len(subject.outline), parts=parts)
        colour = PALETTE.ok
    room = rect.width - 28
    if not faults and draw.font_width(text, SIZES.text_small - 1, bold=True) + 40 > room:
        text = t("editor.canvas.valid_short", points=len(subject.outline))
    width = min(room, draw.font_width(text, SIZES.text_small - 1, bold=True) + 40)
    chip = pygame.Rect(rect.right - width - 14, rect.bottom - 44, width, 32)
    draw.rounded_rect(surface, chip, lerp(colour, PALETTE.paper, 0.88), 16, colour, 2)
    pygame.draw.aacircle(surface, colour, (chip.x + 16, chip.centery), 5)
    draw.text(surface, draw.ellipsize(text, chip.width - 40, SIZES.text_small - 1, True),
              (chip.x + 28, chip.centery), size=SIZES.text_small - 1, bold=True, color=colour, anchor="midleft")


def draw_load_error(surface: pygame.Surface, rect: pygame.Rect, error: str) -> None:
    card = rect.inflate(-min(120, rect.width // 6), -min(160, rect.height // 3))
    draw.panel(surface, card, PALETTE.paper, PALETTE.error)
    draw.text(surface, t("editor.load.failed"), (card.x + 24, card.y + 22), size=SIZES.text_large - 4,
              bold=True, color=PALETTE.error)
    draw.text_block(surface, t("editor.load.body", reason=error),
                    pygame.Rect(card.x + 24, card.y + 66, card.width - 48, card.height - 80),
                    size=SIZES.text_small, color=PALETTE.ink_soft)


# -- the material panel (pieces) and the cactus panel ---------------------------------------------------------------
def draw_material_panel(surface: pygame.Surface, layout: EditorLayout, session: EditingSession,
                        scope_buttons: list[Button], entries: dict[str, pygame.Rect],
                        mass: MassProperties | None, frame: bool = True) -> None:
    """Labels, ranges and derived values around the material widgets; fields physics refuses in red.
    ``entries``: the screen rect of each material's text entry (to ring the refused ones). ``frame`` False:
    the panel and the scope buttons are drawn apart (what is left lies inside ``material.inflate(-4, -4)``)."""
    box, geo = layout.material, layout.geometry
    x, w = box.x + 16, box.width - 32
    y = geo.row1
    small = SIZES.text_small - 3
    half = (w - 8) // 2
    piece = session.current_piece()
    panel_head(surface, box, t("editor.material.title"), frame=frame)
    if piece is None or session.pieces.error is not None:
        draw.text_block(surface, t("editor.material.nothing"), pygame.Rect(x, y, w, 80),
                        size=SIZES.text_small - 1, color=PALETTE.ink_faint)
        return
    if frame:
        for button in scope_buttons:
            button.draw(surface)
    st = session.pieces.state
    draw.text(surface, t("editor.material.id"), (x, y), size=small, color=PALETTE.ink_soft)
    draw.text(surface, t("editor.material.kind"), (x + half + 8, y), size=small, color=PALETTE.ink_soft)
    y = geo.row2
    draw.text(surface, t("editor.material.colour"), (x, y), size=small, color=PALETTE.ink_soft)
    draw.text(surface, t("editor.material.form"), (x + half + 8, y), size=small, color=PALETTE.ink_soft)
    default_scope = session.material_scope == "default"
    bad = session.material_faults_shown()
    for name, y in zip(MATERIALS, geo.mats):
        r = RANGES[name]
        label = t(f"editor.material.{name}")
        if default_scope:
            label = t("editor.material.default_of", what=label)
        elif getattr(piece, name) is None:
            label = t("editor.material.inherited", what=label)
        colour = PALETTE.error if name in bad else PALETTE.ink_soft
        note = (t("editor.material.out_of_range") if name in bad
                else t("editor.material.range_short", lo=f"{r.lo:g}", hi=f"{r.hi:g}"))
        note_w = draw.font_width(note, small, name in bad)
        draw.text(surface, draw.ellipsize(label, w - note_w - 10, small), (x, y), size=small, color=colour)
        draw.text(surface, note, (x + w, y), size=small, bold=name in bad,
                  color=PALETTE.error if name in bad else PALETTE.ink_faint, anchor="topright")
        entry = entries.get(name)
        if name in bad and entry is not None:
            draw.rounded_rect(surface, entry.inflate(6, 6), PALETTE.error, 6)
    y = geo.derived
    mat = st.material(piece)
    line = pygame.Rect(x, y + 4, w, box.bottom - y - 10)
    pygame.draw.line(surface, PALETTE.sand, (x, y), (x + w, y), 2)
    if mass is None:
        draw.text_block(surface, t("editor.derived.none"), line, size=SIZES.text_small - 2, color=PALETTE.error)
        return
    rows = [
        (t("editor.derived.mass"), t("editor.derived.mass_value", g=f"{mass.mass:.2f}", area=f"{mass.area:.0f}")),
        (t("editor.derived.moment"), t("editor.derived.moment_value", m=f"{mass.moment:,.0f}")),
        (t("editor.derived.centre"), t("editor.derived.centre_value", x=mm(mass.centre[0]), y=mm(mass.centre[1]))),
    ]
    if not session.density_usable(mat.density):
        rows = rows[2:]  # no mass and moment from a density physics refuses
    for k, (label, value) in enumerate(rows):
        yy = y + 8 + k * geo.derived_row
        if yy + 18 > box.bottom - 4:
            break
        draw.text(surface, label, (x, yy), size=SIZES.text_small - 2, color=PALETTE.ink_soft)
        draw.text(surface, value, (x + w, yy), size=SIZES.text_small - 2, bold=True, color=PALETTE.ink,
                  anchor="topright")


def draw_cactus_panel(surface: pygame.Surface, layout: EditorLayout, session: EditingSession,
                      mass: MassProperties | None, frame: bool = True) -> None:
    """The cactus's name, x and parts around their widgets, its area and convex parts, a note (``frame`` False:
    the panel is drawn apart)."""
    box, geo = layout.material, layout.geometry
    x, w = box.x + 16, box.width - 32
    half = (w - 8) // 2
    y = geo.row1
    small = SIZES.text_small - 3
    cactus = session.current_cactus()
    panel_head(surface, box, t("editor.cactus.title"), cactus.name if cactus else "", frame=frame)
    if cactus is None:
        return
    draw.text(surface, t("editor.cactus.name"), (x, y), size=small, color=PALETTE.ink_soft)
    draw.text(surface, t("editor.cactus.x"), (x + half + 8, y), size=small, color=PALETTE.ink_soft)
    draw.text(surface, t("editor.cactus.part"), (x, geo.row2), size=small, color=PALETTE.ink_soft)
    y = geo.mats[0] + 4
    info = [(t("editor.cactus.parts"), str(len(cactus.arms) + 2))]
    if mass is not None:
        info.append((t("editor.cactus.area"), f"{mass.area:.0f} mm²"))
        info.append((t("editor.cactus.convex"), str(len(mass.parts))))
    for k, (label, value) in enumerate(info):
        draw.text(surface, label, (x, y + k * 22), size=SIZES.text_small - 2, color=PALETTE.ink_soft)
        draw.text(surface, value, (x + w, y + k * 22), size=SIZES.text_small - 2, bold=True, anchor="topright")
    note_rect = pygame.Rect(x, y + len(info) * 22 + 10, w, box.bottom - y - len(info) * 22 - 16)
    draw.text_block(surface, t("editor.cactus.note"), note_rect, size=SIZES.text_small - 3, color=PALETTE.ink_faint)


# -- the hang test ---------------------------------------------------------------------------------------------------
def draw_hang_panel(surface: pygame.Surface, layout: EditorLayout, session: EditingSession, runner: HangRunner,
                    subject_key: object, seed: int, layers: Layers | None = None) -> None:
    """Progress, the hang rate (grey when the piece changed since), the change against the run before and a
    dot per drop. Long texts never leave the panel. With ``layers`` the panel and its head are a cached
    picture (a running test paints the rest again every frame)."""
    clip = surface.get_clip()
    surface.set_clip(layout.hang.inflate(-4, -4).clip(clip))
    try:
        _hang_panel(surface, layout, session, runner, subject_key, seed, layers)
    finally:
        surface.set_clip(clip)


def _hang_panel(surface: pygame.Surface, layout: EditorLayout, session: EditingSession, runner: HangRunner,
                subject_key: object, seed: int, layers: Layers | None) -> None:
    box = layout.hang
    cactus = session.current_cactus()
    sub = (t("editor.hang.subject", piece=session.piece_id, cactus=cactus.name)
           if session.piece_id is not None and cactus is not None else "")
    title = t("editor.hang.title")
    if layers is None:
        panel_head(surface, box, title, sub)
    else:
        layers.draw(surface, "hang_head", box.inflate(-4, -4), (tuple(box), title, sub),
                    lambda s: panel_head(s, box, title, sub))
    x, w = box.x + 16, box.width - 32
    test = runner.test
    bar = layout.hang_bar()
    progress = test.progress if test is not None else (1.0 if runner.stats is not None else 0.0)
    draw.rounded_rect(surface, bar, PALETTE.sand, 7)
    if progress > 0:
        draw.rounded_rect(surface, pygame.Rect(bar.x, bar.y, max(14, round(bar.width * progress)), bar.height),
                          PALETTE.cactus, 7)
    y = bar.bottom + 12
    stats = runner.stats
    if test is not None:
        draw.text(surface, t("editor.hang.running", done=len(test.results), n=len(test.drops)),
                  (x, y), size=SIZES.text_small - 1, color=PALETTE.ink_soft)
        y += 24
    elif stats is None:
        explain = t("editor.hang.explain", seed=seed)
        if draw.text_height(explain, w, size=SIZES.text_small - 2) > box.bottom - y - 8:
            explain = t("editor.hang.explain_short", seed=seed)
        used = draw.text_block(surface, explain, pygame.Rect(x, y, w, box.bottom - y - 8),
                               size=SIZES.text_small - 2, color=PALETTE.ink_soft)
        draw_legend(surface, x, y + used + 14, w, box.bottom - 10)
        return
    else:
        stale = runner.stale(subject_key)
        rate = f"{100 * stats.rate:.0f}%"
        draw.text(surface, rate, (x, y - 4), size=34, bold=True, color=PALETTE.ink_faint if stale else PALETTE.cactus)
        rx = x + draw.font_width(rate, 34, bold=True) + 10
        draw.text(surface, t("editor.hang.rate", hung=stats.hung, n=stats.drops), (rx, y),
                  size=SIZES.text_small - 2, color=PALETTE.ink_soft)
        draw.text(surface, t("editor.hang.settle", s=f"{stats.mean_settle:.2f}"), (rx, y + 18),
                  size=SIZES.text_small - 2, color=PALETTE.ink_soft)
        y += 44
        before = runner.before
        if before is not None:
            delta = 100 * (stats.rate - before.rate)
            colour = PALETTE.ok if delta > 0.5 else PALETTE.error if delta < -0.5 else PALETTE.ink_soft
            draw.text(surface, t("editor.hang.before", rate=f"{100 * before.rate:.0f}", delta=f"{delta:+.0f}"),
                      (x, y), size=SIZES.text_small - 2, color=colour)
            y += 20
        if stale:
            draw.text(surface, t("editor.hang.stale"), (x, y), size=SIZES.text_small - 3, color=PALETTE.warn)
            y += 20
    used = draw_drop_dots(surface, runner.shown_results(), pygame.Rect(x, y + 4, w, box.bottom - y - 12))
    draw_legend(surface, x, y + 4 + used + 10, w, box.bottom - 10)


LEGEND = ((PALETTE.ok, "editor.hang.legend.hung"), (PALETTE.error, "editor.hang.legend.fell"),
          (PALETTE.warn, "editor.hang.legend.other"))


def draw_legend(surface: pygame.Surface, x: int, y: int, w: int, bottom: int) -> None:
    """What the dots mean: hangs, fell, came to rest elsewhere (one picture on the panel's paper, made once)."""
    if y + 16 > bottom:
        return
    paper = tuple(surface.get_at((x, y)))[:3]
    surface.blit(legend_tile(w, tuple(t(key) for _, key in LEGEND), paper), (x, y - LEGEND_PAD))


#: The legend's picture reaches this far above and below its line of text.
LEGEND_PAD = 2


@lru_cache(maxsize=8)
def legend_tile(w: int, labels: tuple[str, ...], paper: tuple[int, ...]) -> pygame.Surface:
    tile = pygame.Surface((w, 16 + 2 * LEGEND_PAD + 2))
    tile.fill(paper)
    size = SIZES.text_small - 3
    x, y = 0, LEGEND_PAD
    for (colour, _), label in zip(LEGEND, labels):
        if x + 13 + draw.font_width(label, size) > w:
            break
        pygame.draw.aacircle(tile, colour, (x + 4, y + 8), 4)
        rect = draw.text(tile, label, (x + 13, y + 8), size=size, color=PALETTE.ink_soft, anchor="midleft")
        x = rect.right + 14
    return tile


def draw_drop_dots(surface: pygame.Surface, results: list[DropResult], area: pygame.Rect) -> int:
    """One dot per drop: green hung, red fell, amber neither (rested on the base or never rested).
    Returns the height used."""
    if not results or area.height < 10:
        return 0
    cell = 12
    per_row = max(1, area.width // cell)
    rows = max(1, area.height // cell)
    paper = tuple(surface.get_at(area.topleft))[:3]  # the panel's body as drawn (a shade off the palette's)
    for k, result in enumerate(results[: per_row * rows]):
        cx = area.x + (k % per_row) * cell + cell // 2
        cy = area.y + (k // per_row) * cell + cell // 2
        colour = PALETTE.ok if result.hung else PALETTE.error if result.fell else PALETTE.warn
        surface.blit(dot_tile(colour, paper), (cx - DOT_TILE // 2, cy - DOT_TILE // 2))
    return min(rows, (len(results) + per_row - 1) // per_row) * cell


#: The side of a drop dot's tile: the dot (radius 4, anti-aliased) on the panel's paper, less than a cell.
DOT_TILE = 11


@lru_cache(maxsize=16)
def dot_tile(colour: Color, paper: tuple[int, ...]) -> pygame.Surface:
    """One drop dot drawn on ``paper`` (blitting it where the panel is that colour gives the pixels drawing the
    dot there gives)."""
    tile = pygame.Surface((DOT_TILE, DOT_TILE))
    tile.fill(paper)
    pygame.draw.aacircle(tile, colour, (DOT_TILE // 2, DOT_TILE // 2), 4)
    return tile
