"""The outline canvas: a millimetre grid, the outline with its vertices, faults and convex parts; drag to edit.

Mouse: drag a vertex to move it; press on an edge to insert a vertex there (and drag it); right-click a
vertex to delete it; drag the empty paper (or with the middle button) to pan; the wheel zooms around the
pointer. Keys (while the pointer is over the canvas or a vertex is selected): Delete removes the selected
vertex, the arrows nudge it by one grid step.

The canvas never edits a document itself: it reports new outlines to the scene through three callables
(``live`` during a drag, ``commit`` at its end, ``apply`` for one-shot edits). Drawing changes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, Color, lerp, shade
from physics.geometry import Outline, Point
from tools.editor import ops
from tools.editor.checks import Fault, MassProperties
from tools.editor.layers import Layers

VERTEX_HIT = 10  # px
EDGE_HIT = 7  # px
ZOOM_RANGE = (0.4, 40.0)  # px per mm


@dataclass
class Subject:
    """What the canvas shows: the outline being edited and what is known about it."""

    key: object  # changes when another outline is selected (the view fits itself again)
    outline: Outline
    colour: Color
    faults: list[Fault] = field(default_factory=list)
    mass: MassProperties | None = None
    context: list[tuple[Outline, Color]] = field(default_factory=list)  # drawn behind, not editable


def aa_polyline(surface: pygame.Surface, color: Color, points: Sequence[Point], closed: bool,
                width: float = 1.0) -> None:
    """An anti-aliased polyline of any width: filled quads with anti-aliased edges and round joints."""
    if len(points) < 2:
        return
    if width <= 1.5:
        pygame.draw.aalines(surface, color, closed, points)
        return
    half = width / 2
    pairs = list(zip(points, points[1:]))
    if closed:
        pairs.append((points[-1], points[0]))
    for a, b in pairs:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        if length < 1e-6:
            continue
        nx, ny = -dy / length * half, dx / length * half
        quad = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
        pygame.draw.polygon(surface, color, quad)
        pygame.draw.aalines(surface, color, True, quad)
    for p in points if closed else points[1:-1]:
        pygame.draw.aacircle(surface, color, (round(p[0]), round(p[1])), max(1, round(half)))


def dashed(surface: pygame.Surface, color: Color, points: Sequence[Point], dash: float = 6.0) -> None:
    """A closed dashed outline (anti-aliased dashes)."""
    n = len(points)
    for k in range(n):
        a, b = points[k], points[(k + 1) % n]
        length = math.dist(a, b)
        steps = max(1, int(length // dash))
        for s in range(0, steps, 2):
            t0, t1 = s / steps, min(1.0, (s + 1) / steps)
            pygame.draw.aaline(surface, color, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                               (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1))


def fault_text(fault: Fault) -> str:
    """The fault in words, from the catalogue."""
    values: dict[str, Any] = dict(fault.values)
    return t(f"editor.fault.{fault.code}", **values)


class OutlineCanvas:
    def __init__(self, live: Callable[[Outline], None], commit: Callable[[str], None],
                 apply: Callable[[str, Outline], None]) -> None:
        self._live = live
        self.commit = commit
        self._apply = apply
        self.rect = pygame.Rect(0, 0, 400, 400)
        self.zoom = 6.0  # px per mm
        self.centre: Point = (0.0, 0.0)  # mm at the middle of the rect
        self.snap = True
        self.grid = 1.0  # mm
        self.show_parts = True
        self.subject: Subject | None = None
        self.selected: int | None = None
        self.hover_vertex: int | None = None
        self.hover_edge: tuple[int, Point] | None = None
        self.dragging: int | None = None
        self.drag_label = "move"
        self.panning = False
        self.mouse: tuple[int, int] = (0, 0)
        self._fitted_key: object = None
        self.layers = Layers()  # the grid, drawn again only when the view moves

    def live(self, outline: Outline) -> None:
        """Report a drag in progress; the canvas edits on from this outline until the scene says otherwise."""
        self._live(outline)
        if self.subject is not None:
            self.subject.outline = outline

    def apply(self, label: str, outline: Outline) -> None:
        self._apply(label, outline)
        if self.subject is not None:
            self.subject.outline = outline

    # -- view --------------------------------------------------------------------------------------
    def set_subject(self, subject: Subject | None) -> None:
        self.subject = subject
        if subject is None:
            self.selected = None
            return
        if subject.key != self._fitted_key:
            self._fitted_key = subject.key
            self.selected = None
            self.fit()
        if self.selected is not None and self.selected >= len(subject.outline):
            self.selected = None

    def fit(self) -> None:
        if self.subject is None or not self.subject.outline:
            return
        pts = list(self.subject.outline)
        for o, _ in self.subject.context:
            pts.extend(o)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        w, h = max(1.0, max(xs) - min(xs)), max(1.0, max(ys) - min(ys))
        margin = 70
        self.zoom = max(ZOOM_RANGE[0], min(ZOOM_RANGE[1], min((self.rect.width - 2 * margin) / w,
                                                              (self.rect.height - 2 * margin) / h)))
        self.centre = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)

    def to_screen(self, p: Point) -> Point:
        return (self.rect.centerx + (p[0] - self.centre[0]) * self.zoom,
                self.rect.centery - (p[1] - self.centre[1]) * self.zoom)

    def to_world(self, pos: Sequence[float]) -> Point:
        return (self.centre[0] + (pos[0] - self.rect.centerx) / self.zoom,
                self.centre[1] - (pos[1] - self.rect.centery) / self.zoom)

    def zoom_at(self, pos: Sequence[float], factor: float) -> None:
        before = self.to_world(pos)
        self.zoom = max(ZOOM_RANGE[0], min(ZOOM_RANGE[1], self.zoom * factor))
        after = self.to_world(pos)
        self.centre = (self.centre[0] + before[0] - after[0], self.centre[1] + before[1] - after[1])

    def _snap(self, p: Point) -> Point:
        return ops.snap(p, self.grid) if self.snap else (round(p[0], 2), round(p[1], 2))

    # -- picking -----------------------------------------------------------------------------------
    def vertex_at(self, pos: Sequence[float]) -> int | None:
        if self.subject is None:
            return None
        best, best_d = None, float(VERTEX_HIT)
        for k, p in enumerate(self.subject.outline):
            d = math.dist(self.to_screen(p), pos)
            if d <= best_d:
                best, best_d = k, d
        return best

    def edge_at(self, pos: Sequence[float]) -> tuple[int, Point] | None:
        if self.subject is None or len(self.subject.outline) < 2:
            return None
        edge, q, d = ops.nearest_on_edge(self.subject.outline, self.to_world(pos))
        return (edge, q) if d * self.zoom <= EDGE_HIT else None

    # -- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was the canvas's."""
        subject = self.subject
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging is not None and subject is not None:
                p = self._snap(self.to_world(event.pos))
                self.live(ops.move_vertex(subject.outline, self.dragging, p))
                return True
            if self.panning:
                self.centre = (self.centre[0] - event.rel[0] / self.zoom, self.centre[1] + event.rel[1] / self.zoom)
                return True
            inside = self.rect.collidepoint(event.pos)
            self.hover_vertex = self.vertex_at(event.pos) if inside else None
            self.hover_edge = self.edge_at(event.pos) if inside and self.hover_vertex is None else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            self.mouse = event.pos
            if event.button == 1 and subject is not None:
                k = self.vertex_at(event.pos)
                if k is not None:
                    self.selected = self.dragging = k
                    self.drag_label = "move"
                    return True
                hit = self.edge_at(event.pos)
                if hit is not None:
                    edge, q = hit
                    self.live(ops.insert_vertex(subject.outline, edge, self._snap(q)))
                    self.selected = self.dragging = edge + 1
                    self.drag_label = "insert"
                    return True
                self.selected = None
            if event.button == 3 and subject is not None:
                k = self.vertex_at(event.pos)
                if k is not None:
                    self.delete_vertex(k)
                    return True
            if event.button in (1, 2):
                self.panning = True
                return True
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            if self.dragging is not None and event.button == 1:
                self.dragging = None
                self.commit(self.drag_label)
                return True
            if self.panning and event.button in (1, 2):
                self.panning = False
                return True
            return False
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.mouse):
            self.zoom_at(self.mouse, 1.15 ** event.y)
            return True
        if event.type == pygame.KEYDOWN and subject is not None and self.selected is not None:
            if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                self.delete_vertex(self.selected)
                return True
            step = self.grid if self.snap else 0.5
            moves = {pygame.K_LEFT: (-step, 0.0), pygame.K_RIGHT: (step, 0.0), pygame.K_UP: (0.0, step),
                     pygame.K_DOWN: (0.0, -step)}
            if event.key in moves and self.selected < len(subject.outline):
                dx, dy = moves[event.key]
                x, y = subject.outline[self.selected]
                self.apply("nudge", ops.move_vertex(subject.outline, self.selected, self._snap((x + dx, y + dy))))
                return True
        return False

    def delete_vertex(self, index: int) -> None:
        if self.subject is None:
            return
        new = ops.delete_vertex(self.subject.outline, index)
        if new != self.subject.outline:
            self.apply("delete", new)
            self.selected = None

    def cancel_drag(self) -> None:
        if self.dragging is not None:
            self.dragging = None
            self.commit(self.drag_label)
        self.panning = False

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, overlay: tuple[object, Callable[[pygame.Surface], None]] | None = None
             ) -> None:
        """The panel, and inside it a cached picture of everything else, painted again only when what it shows
        changes (a drag, a hover, the view). ``overlay``: (its key, its paint) of what the scene draws on top
        inside the canvas (the captions), kept in the same picture."""
        inner = self.rect.inflate(-6, -6)
        subject = self.subject
        key = (tuple(self.rect), self.zoom, self.centre, self.show_parts, self.selected, self.hover_vertex,
               self.hover_edge if self.dragging is None else None, self.grid, self.snap,
               None if subject is None else (subject.outline, subject.colour, tuple(subject.faults), subject.mass,
                                             tuple(subject.context)),
               None if overlay is None else overlay[0])

        def paint(s: pygame.Surface) -> None:
            self._paint(s)
            if overlay is not None:
                overlay[1](s)

        self.layers.draw(surface, "canvas", inner, key, paint,
                         under=lambda s: draw.panel(s, self.rect, PALETTE.paper, PALETTE.sand_dark, SIZES.radius))

    def _paint(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        inner = self.rect.inflate(-6, -6)
        surface.set_clip(inner)
        self.layers.draw(surface, "grid", inner, (tuple(inner), self.zoom, self.centre),
                         lambda s: self._draw_grid(s, inner))
        subject = self.subject
        if subject is None or not subject.outline:
            surface.set_clip(clip)
            return
        for outline, colour in subject.context:
            pts = [self.to_screen(p) for p in outline]
            if len(pts) >= 3:
                layer_fill(surface, lerp(colour, PALETTE.paper, 0.55), pts, 255)
                pygame.draw.aalines(surface, shade(colour, -0.2), True, pts)
        pts = [self.to_screen(p) for p in subject.outline]
        bad = bool(subject.faults)
        if len(pts) >= 3:
            layer_fill(surface, subject.colour, pts, 150 if not bad else 90)
        mass = subject.mass
        if mass is not None and self.show_parts and len(mass.parts) > 1:
            for k, part in enumerate(mass.parts):
                ppts = [self.to_screen(p) for p in part]
                tint = shade(subject.colour, 0.35 if k % 2 else 0.15)
                layer_fill(surface, tint, ppts, 90)
                dashed(surface, shade(subject.colour, -0.45), ppts)
        edge_colour = PALETTE.error if bad else shade(subject.colour, -0.45)
        aa_polyline(surface, edge_colour, pts, True, 2.4)
        self._draw_faults(surface, subject, pts)
        if mass is not None:
            self._draw_centre(surface, self.to_screen(mass.centre))
        if self.hover_edge is not None and self.dragging is None:
            _, q = self.hover_edge
            sq = self.to_screen(self._snap(q))
            pygame.draw.aacircle(surface, PALETTE.paper, (round(sq[0]), round(sq[1])), 7)
            pygame.draw.aacircle(surface, PALETTE.cactus, (round(sq[0]), round(sq[1])), 7, 2)
            pygame.draw.line(surface, PALETTE.cactus, (sq[0] - 3, sq[1]), (sq[0] + 3, sq[1]), 2)
            pygame.draw.line(surface, PALETTE.cactus, (sq[0], sq[1] - 3), (sq[0], sq[1] + 3), 2)
        for k, p in enumerate(pts):
            c = (round(p[0]), round(p[1]))
            if k == self.selected:
                pygame.draw.aacircle(surface, PALETTE.terracotta, c, 8)
                pygame.draw.aacircle(surface, PALETTE.paper, c, 3)
            elif k == self.hover_vertex:
                pygame.draw.aacircle(surface, PALETTE.terracotta, c, 6)
            else:
                pygame.draw.aacircle(surface, PALETTE.paper, c, 4)
                pygame.draw.aacircle(surface, PALETTE.ink, c, 4, 1)
        self._draw_scale(surface)
        surface.set_clip(clip)

    def _draw_grid(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        minor = next((g for g in (0.5, 1, 2, 5, 10, 20, 50, 100) if g * self.zoom >= 9), 100)
        major = minor * (5 if minor in (1, 10, 100) else 2 if minor in (0.5, 5, 50) else 5)
        left, top = self.to_world(inner.topleft)
        right, bottom = self.to_world(inner.bottomright)
        faint, strong = lerp(PALETTE.paper, PALETTE.sand_dark, 0.35), lerp(PALETTE.paper, PALETTE.sand_dark, 0.8)
        k0, k1 = math.floor(left / minor), math.ceil(right / minor)
        for k in range(k0, k1 + 1):
            x = k * minor
            sx = round(self.to_screen((x, 0))[0])
            is_major = abs(x / major - round(x / major)) < 1e-6
            pygame.draw.line(surface, strong if is_major else faint, (sx, inner.top), (sx, inner.bottom))
        k0, k1 = math.floor(bottom / minor), math.ceil(top / minor)
        for k in range(k0, k1 + 1):
            y = k * minor
            sy = round(self.to_screen((0, y))[1])
            is_major = abs(y / major - round(y / major)) < 1e-6
            pygame.draw.line(surface, strong if is_major else faint, (inner.left, sy), (inner.right, sy))
        ox, oy = self.to_screen((0, 0))
        pygame.draw.line(surface, PALETTE.dune, (round(ox), inner.top), (round(ox), inner.bottom), 1)
        pygame.draw.line(surface, PALETTE.dune, (inner.left, round(oy)), (inner.right, round(oy)), 1)

    def _draw_faults(self, surface: pygame.Surface, subject: Subject, pts: list[Point]) -> None:
        n = len(pts)
        for fault in subject.faults:
            for e in fault.edges:
                if n:
                    aa_polyline(surface, PALETTE.error, [pts[e % n], pts[(e + 1) % n]], False, 5)
            for k in fault.points:
                if k < n:
                    c = (round(pts[k][0]), round(pts[k][1]))
                    pygame.draw.aacircle(surface, PALETTE.error, c, 12, 3)
            if fault.segment is not None:
                a, b = (self.to_screen(p) for p in fault.segment)
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                pygame.draw.aacircle(surface, PALETTE.error, (round(mid[0]), round(mid[1])), 14, 3)
                aa_polyline(surface, PALETTE.error, [a, b], False, 3)
            if fault.code == "crossing" and len(fault.edges) == 2 and n:
                x = _intersection(pts[fault.edges[0] % n], pts[(fault.edges[0] + 1) % n],
                                  pts[fault.edges[1] % n], pts[(fault.edges[1] + 1) % n])
                if x is not None:
                    pygame.draw.aacircle(surface, PALETTE.error, (round(x[0]), round(x[1])), 11, 3)

    def _draw_centre(self, surface: pygame.Surface, p: Point) -> None:
        c = (round(p[0]), round(p[1]))
        pygame.draw.aacircle(surface, PALETTE.paper, c, 8)
        pygame.draw.aacircle(surface, PALETTE.ink, c, 8, 2)
        pygame.draw.line(surface, PALETTE.ink, (c[0] - 12, c[1]), (c[0] + 12, c[1]), 1)
        pygame.draw.line(surface, PALETTE.ink, (c[0], c[1] - 12), (c[0], c[1] + 12), 1)
        pygame.draw.circle(surface, PALETTE.ink, c, 8, draw_top_right=True, draw_bottom_left=True)

    def _draw_scale(self, surface: pygame.Surface) -> None:
        mm = next((g for g in (1, 2, 5, 10, 20, 50, 100, 200) if g * self.zoom >= 60), 200)
        length = round(mm * self.zoom)
        x0, y0 = self.rect.left + 20, self.rect.top + 50
        pygame.draw.line(surface, PALETTE.ink_soft, (x0, y0), (x0 + length, y0), 2)
        pygame.draw.line(surface, PALETTE.ink_soft, (x0, y0 - 5), (x0, y0 + 1), 2)
        pygame.draw.line(surface, PALETTE.ink_soft, (x0 + length, y0 - 5), (x0 + length, y0 + 1), 2)
        draw.text(surface, t("editor.canvas.scale", mm=mm), (x0 + length + 8, y0), size=SIZES.text_small - 2,
                  color=PALETTE.ink_soft, anchor="midleft")


def layer_fill(surface: pygame.Surface, colour: Color, pts: Sequence[Point], alpha: int) -> None:
    """A translucent filled polygon (only the polygon's bounding box is blended)."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 2,
                      math.ceil(max(ys) - min(ys)) + 2).clip(surface.get_clip() or surface.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*colour, alpha), [(x - box.x, y - box.y) for x, y in pts])
    surface.blit(layer, box.topleft)


def _intersection(a: Point, b: Point, c: Point, d: Point) -> Point | None:
    den = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0])
    if abs(den) < 1e-12:
        return None
    u = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / den
    return (a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1]))
