"""Explaining a placement on the table: the banner in the prompt's strip over the table (what to do now, or the
broken rule at length), the speech bubble at the placed piece (what is broken and what to do, or the awards it
earns), the marks on the pieces a broken rule is about, and the long explanation in the side panel when the
strip is too small for it (C-R2..C-R5, C-X5).

The banner stands off the table; the bubble takes a free place beside what it is about
(:mod:`~game.cactus.screens.placing`). Everything is computed from the match, the view and the layout; the
``draw_*`` functions draw what was computed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

import pygame

from game.cactus.match import Match, Stage
from game.cactus.screens import layers, placing
from game.cactus.screens import texts as txt
from game.cactus.screens.view import TableView
from game.i18n import t
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, Color, lerp, shade
from game.ui.widgets import Button
from physics.geometry import Point

#: The banner's text shrinks down to this size (px) before a broken rule's long text gives way to the short one.
MIN_BANNER_SIZE = SIZES.text_small - 2
#: A bubble's tip is a triangle this long (px); farther from what it is about, a thin line goes on from it.
TIP_LENGTH = 10
#: The side panel explains a broken rule at length only when it is at least this tall (px).
EXPLAIN_MIN_HEIGHT = 100


class Banner(NamedTuple):
    """The banner in the prompt's strip over the table: its text, its rectangle, whether it says only the short
    sentence of a broken rule, and its text size."""

    text: str
    rect: pygame.Rect
    short: bool
    size: int = SIZES.text_small + 1


class Callout(NamedTuple):
    """A speech bubble: text, colour, rectangle, the side that faces what it is about, and the point its tip
    reaches (just off what it is about)."""

    text: str
    colour: Color
    rect: pygame.Rect
    where: str
    anchor: Point


def explain_room(log: pygame.Rect) -> bool:
    """Whether the side panel under the die has room for the long explanation (it takes the log's place)."""
    return log.height >= EXPLAIN_MIN_HEIGHT


def contact_point(m: Match, view: TableView) -> Point | None:
    """The screen point between the two touching pieces of the first broken rule (if it is a touch)."""
    world = m.world
    v = m.violations[0] if m.violations else None
    if v is None or v.kind not in ("same_colour", "same_form"):
        return None
    centres = [view.to_screen(world.pose(pid)[:2]) for pid in v.pieces if world.has_piece(pid)]
    if len(centres) != 2:
        return None
    return (centres[0][0] + centres[1][0]) / 2, (centres[0][1] + centres[1][1]) / 2


def _violation_pieces(m: Match) -> list[str]:
    world = m.world
    pids = [pid for pid in m.violations[0].pieces if world.has_piece(pid)]
    if not pids and m.piece and world.has_piece(m.piece):
        pids = [m.piece]
    return pids


def violation_spot(m: Match, view: TableView, table: pygame.Rect) -> pygame.Rect | None:
    """Where the broken rule is on screen: the box of the pieces it is about (the touching pair, the piece
    on the base) on the table. The banner and the callout never cover it (C-R2..C-R4, C-X5)."""
    if m.stage != Stage.JUDGED or not m.violations:
        return None
    boxes = [box for pid in _violation_pieces(m) if (box := placing.piece_box(view, m.world, pid)) is not None]
    if not boxes:
        return None
    spot = boxes[0].unionall(boxes[1:]).inflate(6, 6)
    spot = spot.clip(table)
    return spot if spot.width and spot.height else None


def subjects(m: Match, view: TableView) -> list[pygame.Rect]:
    """What the callout at the placed piece talks about and never covers: the pieces of the broken rule (and the
    pot a piece touches), or the placed piece (its bubble says it is valid, or names the awards it earns)."""
    world = m.world
    if m.stage != Stage.JUDGED or not (m.piece and world.has_piece(m.piece)):
        return []
    pids = _violation_pieces(m) if m.violations else [m.piece]
    boxes = [box.inflate(6, 6) for pid in pids if (box := placing.piece_box(view, world, pid)) is not None]
    if m.violations and m.violations[0].kind == "on_base":
        pots = [placing.pot_box(view, world, i) for i in range(len(world.cacti.cacti))]
        boxes.extend(pot for pot in pots if pot.collidelist([b.inflate(8, 8) for b in boxes]) >= 0)
    return boxes


def fitting_size(content: str, rect: pygame.Rect) -> int | None:
    """The largest banner text size (down to ``MIN_BANNER_SIZE``) at which ``content`` fits ``rect``."""
    inner = rect.inflate(-24, -10)
    for size in range(SIZES.text_small + 1, MIN_BANNER_SIZE - 1, -1):
        if layers.text_height(content, inner.width, size=size) <= inner.height:
            return size
    return None


def banner(m: Match, rects: dict[str, pygame.Rect]) -> Banner:
    """The banner: the prompt's strip over the table (off every piece and cactus), saying what to do now. Over a
    broken rule whose long text does not fit there, it says the short sentence and the side panel explains."""
    strip = rects["prompt"]
    long_text = txt.stage_prompt(m)
    size = fitting_size(long_text, strip)
    if size is None and m.stage == Stage.JUDGED and m.violations and explain_room(rects["log"]):
        short_text = txt.violation_text(m, m.violations[0])
        return Banner(short_text, strip, True, fitting_size(short_text, strip) or MIN_BANNER_SIZE)
    return Banner(long_text, strip, False, size or MIN_BANNER_SIZE)


def bubble_size(content: str, area: pygame.Rect) -> tuple[int, int]:
    """A speech bubble's size for ``content`` (wrapped to the width of ``area`` at most)."""
    fnt = font(SIZES.text_small, bold=True)
    width = min(fnt.size(content)[0] + 24, area.width - 20)
    lines = layers.wrapped(content, SIZES.text_small, True, width - 24)
    return width, len(lines) * fnt.get_linesize() + 14


def tip_point(where: str, subject: pygame.Rect, aim: Point) -> Point:
    """Where the tip of a bubble whose ``where`` side faces ``subject`` ends: just off it, in line with ``aim``."""
    x = min(max(aim[0], subject.left), subject.right)
    y = min(max(aim[1], subject.top), subject.bottom)
    return {"midbottom": (x, subject.top - 3), "midtop": (x, subject.bottom + 3),
            "midleft": (subject.right + 3, y), "midright": (subject.left - 3, y)}[where]


def placed_callout(m: Match, view: TableView, table: pygame.Rect,
                   keep: list[pygame.Rect]) -> Callout | None:
    """The callout at the placed piece: what is broken and what to do, or the awards it earns (or that the
    placement is valid). It goes to the first free place around its subjects (:mod:`placing`), off them and off
    ``keep`` (the prompt, the buttons); None when no piece is judged or no place is left."""
    boxes = subjects(m, view)
    if not boxes:
        return None
    world = m.world
    if m.violations:
        content, colour = txt.violation_text(m, m.violations[0]), PALETTE.error
    else:
        awards = m.preview_awards()
        content, colour = t("cactus.callout.valid"), PALETTE.ok
        if awards:
            content = " + ".join(t("cactus.float.award", flowers=a.flowers, award=txt.award_name(a.kind))
                                 for a in awards)
    group = boxes[0].unionall(boxes[1:])
    scenery = placing.scenery(view, world)
    cactus = group.unionall([box for box in scenery[:len(world.cacti.cacti)] if box.colliderect(group)])
    area = table.inflate(-12, -12)
    placed = placing.first_free(bubble_size(content, area), [*placing.around(group), *placing.around(cactus)],
                                [*boxes, *keep], scenery, area)
    if placed is None:
        return None
    aim = contact_point(m, view) or group.center
    return Callout(content, colour, placed.rect, placed.where, tip_point(placed.where, group, aim))


def draw_bubble(surface: pygame.Surface, callout: Callout) -> None:
    """A speech bubble in ``callout.rect`` whose tip points from its ``where`` side at ``anchor``."""
    content, colour, rect, where, tip = callout
    fnt = font(SIZES.text_small, bold=True)
    lines = [line for line, _w in layers.wrapped(content, SIZES.text_small, True, rect.width - 24)]
    if where == "midbottom":
        base, out = [(rect.centerx - 7, rect.bottom - 1), (rect.centerx + 7, rect.bottom - 1)], (0, 1)
    elif where == "midtop":
        base, out = [(rect.centerx - 7, rect.top + 1), (rect.centerx + 7, rect.top + 1)], (0, -1)
    elif where == "midleft":
        base, out = [(rect.left + 1, rect.centery - 7), (rect.left + 1, rect.centery + 7)], (-1, 0)
    else:
        base, out = [(rect.right - 1, rect.centery - 7), (rect.right - 1, rect.centery + 7)], (1, 0)
    mid = ((base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2)
    if math.dist(mid, tip) <= TIP_LENGTH + 4:
        pygame.draw.polygon(surface, colour, [*base, tip])
    else:  # far from what it is about (over a cactus top): a short tip, then a thin line to it
        near = (mid[0] + out[0] * TIP_LENGTH, mid[1] + out[1] * TIP_LENGTH)
        pygame.draw.polygon(surface, colour, [*base, near])
        pygame.draw.line(surface, colour, near, tip, 2)
        pygame.draw.circle(surface, colour, tip, 3)
    draw.rounded_rect(surface, rect, PALETTE.paper, 10, colour, 2)
    for i, line in enumerate(lines):
        draw.text(surface, line, (rect.x + 12, rect.y + 7 + i * fnt.get_linesize()), size=SIZES.text_small,
                  bold=True, color=shade(colour, -0.25))


def draw_marks_under(surface: pygame.Surface, m: Match, view: TableView, pulse: float) -> None:
    """Under the pieces: a glow around a piece that must be placed again (C-R4, C-X5)."""
    world = m.world
    if m.stage != Stage.JUDGED:
        return
    for v in m.violations:
        if v.kind in ("on_base", "wrong_cactus", "not_hanging"):
            for pid in v.pieces:
                if world.has_piece(pid):
                    glow = lerp(PALETTE.warn, PALETTE.sun, pulse)
                    pts = view.pts(world.outline_world(pid))
                    pygame.draw.polygon(surface, glow, pts, 9)
                    pygame.draw.aalines(surface, glow, True, pts)


def draw_marks_over(surface: pygame.Surface, m: Match, view: TableView, pulse: float,
                    callout: Callout | None) -> None:
    """Over the pieces: the outline of the piece in the hand, the touching pairs of C-R2/C-R3, the callout."""
    world = m.world
    if m.stage == Stage.HOLDING or m.stage == Stage.SETTLING:
        pid = m.piece
        if pid and world.has_piece(pid):
            pts = view.pts(world.outline_world(pid))
            pygame.draw.aalines(surface, PALETTE.paper, True, pts)
    if m.stage != Stage.JUDGED:
        return
    for v in m.violations:
        if v.kind in ("same_colour", "same_form"):
            colour = lerp(PALETTE.error, PALETTE.paper, pulse * 0.6)
            centres = []
            for pid in v.pieces:
                if world.has_piece(pid):
                    pts = view.pts(world.outline_world(pid))
                    pygame.draw.lines(surface, colour, True, pts, 3)
                    x, y, _ = world.pose(pid)
                    centres.append(view.to_screen((x, y)))
            if len(centres) == 2:
                mid = ((centres[0][0] + centres[1][0]) / 2, (centres[0][1] + centres[1][1]) / 2)
                pygame.draw.circle(surface, colour, mid, 5 + 3 * pulse, 2)
    if callout is not None:
        draw_bubble(surface, callout)


def draw_banner(surface: pygame.Surface, m: Match, shown: Banner, claims: Iterable[Button]) -> None:
    """The banner in the prompt's strip and the claim buttons."""
    colour = PALETTE.error if (m.stage == Stage.JUDGED and m.violations) else PALETTE.ink
    draw.panel(surface, shown.rect, PALETTE.paper, PALETTE.dune if colour == PALETTE.ink else PALETTE.error, 12,
               alpha=235)
    inner = shown.rect.inflate(-24, -10)
    clip = surface.get_clip()
    surface.set_clip(inner.clip(clip) if clip else inner)  # the smallest size still too long: cut, never spilled
    height = layers.text_height(shown.text, inner.width, size=shown.size)
    layers.text_block(surface, shown.text, inner.move(0, max(0, (inner.height - height) // 2)), size=shown.size,
                      color=colour)
    surface.set_clip(clip)
    for b in claims:
        b.draw(surface)


def draw_explanation(surface: pygame.Surface, m: Match, rect: pygame.Rect) -> None:
    """The long explanation of the broken rule in the side panel (while the banner is shortened)."""
    draw.panel(surface, rect, PALETTE.paper, PALETTE.error, 14)
    draw.text(surface, t("cactus.explain.title"), (rect.x + 14, rect.y + 16), size=SIZES.text_small,
              bold=True, color=PALETTE.error, anchor="midleft")
    inner = pygame.Rect(rect.x + 14, rect.y + 32, rect.width - 28, rect.height - 40)
    content = txt.stage_prompt(m)
    size = SIZES.text_small
    while size > SIZES.text_small - 4 and layers.text_height(content, inner.width, size=size) > inner.height:
        size -= 1
    layers.text_block(surface, content, inner, size=size, color=PALETTE.ink)


__all__ = ["EXPLAIN_MIN_HEIGHT", "MIN_BANNER_SIZE", "TIP_LENGTH", "Banner", "Callout", "banner", "bubble_size",
           "contact_point", "draw_banner", "draw_bubble", "draw_explanation", "draw_marks_over", "draw_marks_under",
           "explain_room", "fitting_size", "placed_callout", "subjects", "tip_point", "violation_spot"]
