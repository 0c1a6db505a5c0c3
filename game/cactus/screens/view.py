"""Drawing the Cactus table: world mm -> screen px (y flipped here only), cacti, pieces, die, flowers.

Everything here reads the match and the world and draws; nothing changes the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.cactus.match import Match
from game.cactus.rules import Face
from game.cactus.screens.layers import Layer
from game.ui import colour_aids, draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, Color, lerp, shade
from physics import PieceSpec, World
from physics.geometry import Point
from physics.hand import ZONE_RADIUS

#: The camera's close view of the target cactus: at most this many times the overview scale.
FOCUS_ZOOM = 2.3
#: The most the player may zoom in (times the overview).
MAX_ZOOM = 4.0
#: One zoom step of the + / - keys and the Ctrl+wheel.
ZOOM_STEP = 1.25
#: Seconds of a camera glide.
GLIDE_TIME = 0.4
#: mm shown beside and above the target cactus in the close view (room to bring a piece in).
FOCUS_SIDE = 70.0
FOCUS_HEADROOM = 120.0

SKY_TOP: Color = (158, 200, 216)
SKY_BOTTOM: Color = (250, 226, 190)
CACTUS_BODY: Color = (74, 128, 84)
CACTUS_RIB: Color = (98, 152, 104)
CACTUS_EDGE: Color = (34, 74, 44)
BASE_BODY: Color = (186, 104, 72)
BASE_EDGE: Color = (128, 62, 40)
GROUND: Color = (226, 196, 150)
GROUND_DARK: Color = (206, 172, 124)


def piece_colour(spec: PieceSpec) -> Color:
    """A piece's fill (the colour-blind-safe set while the colour aids are on)."""
    return colour_aids.piece_fill(spec.colour, spec.colour_hex)


@lru_cache(maxsize=128)
def _colours(fill: Color) -> tuple[Color, Color]:
    return fill, shade(fill, -0.45)


def piece_colours(spec: PieceSpec) -> tuple[Color, Color]:
    """A piece's fill and edge colour."""
    return _colours(piece_colour(spec))


class TableView:
    """Maps the world (mm, y up) into a screen rectangle (px, y down) and draws the table in it."""

    GROUND_BAND = 22  # px of sand drawn below the ground line

    def __init__(self, world_size: tuple[float, float] = (1700.0, 600.0)) -> None:
        self.world_w, self.world_h = world_size
        self.rect = pygame.Rect(0, 0, 800, 400)
        self.base_scale = 0.5  # px per mm of the overview (the whole table)
        self.zoom = 1.0  # the camera: magnification over the overview ...
        self.cx = self.world_w / 2  # ... and the world x shown at the rectangle's centre
        self.scale = 0.5
        self.ox = 0.0
        self.oy = 0.0

    def fit(self, rect: pygame.Rect) -> None:
        """Fit the table into ``rect`` (bottom-aligned, centred); the camera's zoom and centre are kept."""
        self.rect = rect
        usable_h = rect.height - self.GROUND_BAND
        self.base_scale = max(0.05, min(rect.width / self.world_w, usable_h / self.world_h))
        self.look(self.zoom, self.cx)

    def clamp_shot(self, zoom: float, cx: float) -> tuple[float, float]:
        """A camera shot (zoom, centre x) limited to ``1..MAX_ZOOM`` and to the table: nothing beyond its
        left and right edges is shown while the table is wider than the view. The ground stays at the bottom."""
        zoom = min(max(zoom, 1.0), MAX_ZOOM)
        half = self.rect.width / (self.base_scale * zoom) / 2
        if 2 * half >= self.world_w:
            return zoom, self.world_w / 2
        return zoom, min(max(cx, half), self.world_w - half)

    def look(self, zoom: float, cx: float) -> None:
        """Point the camera: every transform (drawing and picking) follows at once."""
        self.zoom, self.cx = self.clamp_shot(zoom, cx)
        self.scale = self.base_scale * self.zoom
        self.ox = self.rect.centerx - self.cx * self.scale
        self.oy = self.rect.bottom - self.GROUND_BAND

    def focus_shot(self, world: World, cactus: int, *, extra: Iterable[str] = ()) -> tuple[float, float]:
        """The close view of one cactus: its base, trunk, arms and everything hanging near it stay in the
        picture with room above to bring a piece in; at most ``FOCUS_ZOOM`` times the overview."""
        spec = world.cactus(cactus)
        left, right = spec.extent()
        top = spec.top()
        for pid in [*world.pieces_in_world(), *extra]:
            if not world.has_piece(pid):
                continue
            xs = [x for x, _ in world.outline_world(pid)]
            ys = [y for _, y in world.outline_world(pid)]
            if max(xs) >= left - 30 and min(xs) <= right + 30:
                left, right, top = min(left, min(xs)), max(right, max(xs)), max(top, max(ys))
        width = right - left + 2 * FOCUS_SIDE
        height = min(self.world_h, top + FOCUS_HEADROOM)
        usable_h = max(1.0, self.rect.height - self.GROUND_BAND)
        fit = min(self.rect.width / width, usable_h / height) / self.base_scale
        return self.clamp_shot(max(1.0, min(FOCUS_ZOOM, fit)), (left + right) / 2)

    @property
    def visible(self) -> pygame.Rect:
        """The part of the screen rectangle that shows the table (where the mouse may pick)."""
        return self.table_rect.clip(self.rect)

    def to_screen(self, p: Point) -> Point:
        return self.ox + p[0] * self.scale, self.oy - p[1] * self.scale

    def to_world(self, p: Sequence[float]) -> Point:
        return (p[0] - self.ox) / self.scale, (self.oy - p[1]) / self.scale

    def pts(self, outline: Iterable[Point]) -> list[Point]:
        s, ox, oy = self.scale, self.ox, self.oy
        return [(ox + x * s, oy - y * s) for x, y in outline]

    @property
    def table_rect(self) -> pygame.Rect:
        """The screen rectangle of the world's bounds."""
        x0, y0 = self.to_screen((0.0, self.world_h))
        x1, y1 = self.to_screen((self.world_w, 0.0))
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))

    # ------------------------------------------------------------------ scenery
    def draw_backdrop(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        sky = draw.vertical_gradient((area.width, max(1, int(self.oy) - area.top)), SKY_TOP, SKY_BOTTOM)
        surface.blit(sky, area.topleft)
        sun = _sun(max(12, round(area.height * 0.09)))
        surface.blit(sun, sun.get_rect(center=(area.right - area.width * 0.12, area.top + area.height * 0.16)))
        w = area.width
        base = self.oy
        far = [(area.left, base - 60 * self.scale), (area.left + w * 0.18, base - 120 * self.scale),
               (area.left + w * 0.42, base - 70 * self.scale), (area.left + w * 0.63, base - 140 * self.scale),
               (area.left + w * 0.84, base - 80 * self.scale), (area.right, base - 110 * self.scale),
               (area.right, base), (area.left, base)]
        draw.aa_polygon(surface, lerp(SKY_BOTTOM, GROUND_DARK, 0.45), far)
        ground = pygame.Rect(area.left, round(base), area.width, area.bottom - round(base))
        pygame.draw.rect(surface, GROUND, ground)
        pygame.draw.line(surface, GROUND_DARK, (area.left, round(base)), (area.right, round(base)), 2)
        for k in range(9):
            x = area.left + (k + 0.5) * area.width / 9
            y = base + 6 + (k % 3) * 4
            pygame.draw.aaline(surface, GROUND_DARK, (x - 14, y), (x + 10, y))

    def draw_cacti(self, surface: pygame.Surface, world: World, target: int | None, t: float,
                   labels: bool = True, pulse: float = 1.0, *, only: Iterable[int] | None = None) -> None:
        """The cacti on their bases (``only``: just these); the ``target`` glows, pulsing with ``pulse`` (0: a
        steady glow). The cacti stand apart, so drawing some now and the others later gives the same picture."""
        for i in range(len(world.cacti.cacti)) if only is None else only:
            parts = world.cactus_outlines(i)
            if i == target:
                glow = 0.5 + 0.5 * math.sin(t * 3.2) * pulse
                for part in parts:
                    pts = self.pts(part)
                    pygame.draw.polygon(surface, lerp(PALETTE.sun, PALETTE.paper, 0.3 * glow), pts,
                                        max(3, round(6 * self.scale + 2 * glow)))
            base = self.pts(world.base_outline(i))
            draw.aa_polygon(surface, BASE_BODY, base, BASE_EDGE)
            for part in parts:
                pts = self.pts(part)
                draw.aa_polygon(surface, CACTUS_BODY, pts, CACTUS_EDGE)
            self._ribs(surface, world, i)
            if labels:
                bx = self.label_box(world, i)
                colour = PALETTE.terracotta if i == target else PALETTE.ink_soft
                draw.rounded_rect(surface, bx, PALETTE.paper if i == target else GROUND, 8,
                                  colour if i == target else None, 2)
                draw.text(surface, str(i + 1), bx.center, size=14, bold=True, color=colour, anchor="center")

    def label_box(self, world: World, cactus: int) -> pygame.Rect:
        """Where a cactus's number stands: under its pot, in the sand below the ground line."""
        cx, _ = self.to_screen((world.cactus(cactus).x, 0.0))
        box = pygame.Rect(0, 0, 26, 20)
        box.center = (round(cx), round(self.oy + self.GROUND_BAND / 2))
        return box

    @property
    def shot(self) -> tuple[tuple[int, int, int, int], float, float, float]:
        """What the camera shows (the screen rectangle and the transform): a key for cached pictures."""
        return (self.rect.x, self.rect.y, self.rect.width, self.rect.height), self.scale, self.ox, self.oy

    def draw_scenery(self, surface: pygame.Surface, area: pygame.Rect, world: World, target: int | None,
                     layer: Layer, beneath: Callable[[pygame.Surface], None] | None = None) -> None:
        """The backdrop and every cactus but the ``target`` (drawn by the caller, it glows), from ``layer``: one
        picture per camera shot, painted again only when the camera moves or the target changes. ``beneath``
        paints what the window shows under the table (where the backdrop leaves a pixel uncovered)."""
        others = [i for i in range(len(world.cacti.cacti)) if i != target]

        def paint(image: pygame.Surface) -> None:
            image.set_clip(area)
            if beneath is not None:
                beneath(image)
            self.draw_backdrop(image, area)
            self.draw_cacti(image, world, target, 0.0, only=others)

        surface.blit(layer.get(surface, (self.shot, tuple(area), target), paint), area, area)

    def _ribs(self, surface: pygame.Surface, world: World, i: int) -> None:
        spec = world.cactus(i)
        trunk = spec.trunk
        xs = [x for x, _ in trunk]
        ys = [y for _, y in trunk]
        left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
        for f in (0.33, 0.67):
            x = left + (right - left) * f
            a = self.to_screen((x, bottom + 6))
            b = self.to_screen((x, top - 14))
            pygame.draw.aaline(surface, CACTUS_RIB, a, b)

    # ------------------------------------------------------------------ pieces
    def draw_piece(self, surface: pygame.Surface, spec: PieceSpec, outline: Sequence[Point], *,
                   alpha: int = 255, ring: Color | None = None, ring_width: int = 3,
                   screen: Sequence[Point] | None = None) -> None:
        """One piece at its world ``outline`` (or at the ``screen`` points already transformed)."""
        pts = self.pts(outline) if screen is None else screen
        fill, edge = piece_colours(spec)
        if ring is not None:
            pygame.draw.polygon(surface, ring, pts, ring_width)
            pygame.draw.aalines(surface, ring, True, pts)
        if alpha >= 255:
            draw.aa_polygon(surface, fill, pts, edge)
            if spec.kind == "special":
                self._special_mark(surface, pts, fill)
            colour_aids.mark_piece(surface, spec.colour, spec.outline, pts, fill)
            return
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        box = pygame.Rect(math.floor(min(xs)) - 2, math.floor(min(ys)) - 2, math.ceil(max(xs) - min(xs)) + 5,
                          math.ceil(max(ys) - min(ys)) + 5)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in pts]
        draw.aa_polygon(layer, fill, local, edge)
        colour_aids.mark_piece(layer, spec.colour, spec.outline, local, fill)
        layer.set_alpha(alpha)
        surface.blit(layer, box)

    @staticmethod
    def _special_mark(surface: pygame.Surface, pts: Sequence[Point], fill: Color) -> None:
        """A lighter inner line so the special pieces read as painted desert figures."""
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        inner = [(cx + (x - cx) * 0.72, cy + (y - cy) * 0.72) for x, y in pts]
        pygame.draw.aalines(surface, shade(fill, 0.35), True, inner)

    def draw_pieces(self, surface: pygame.Surface, match: Match, shapes: PieceShapes | None = None) -> None:
        """Every piece in the world (``shapes``: their screen outlines are kept while they do not move)."""
        world = match.world
        held = world.hand.held
        for pid in [*(p for p in world.pieces_in_world() if p != held), *([held] if held is not None else [])]:
            pts = self.pts(world.outline_world(pid)) if shapes is None else shapes.points(self, world, pid)
            # the held piece is see-through: what lies under the pointer stays visible while it is dragged
            self.draw_piece(surface, world.pieces[pid], (), screen=pts, alpha=HELD_ALPHA if pid == held else 255)


class PieceShapes:
    """The pieces' outlines on screen, transformed again only when a piece or the camera moved."""

    def __init__(self) -> None:
        self.known: dict[str, tuple[tuple[object, ...], list[Point]]] = {}

    def points(self, view: TableView, world: World, pid: str) -> list[Point]:
        key = (world.pose(pid), view.scale, view.ox, view.oy)
        hit = self.known.get(pid)
        if hit is not None and hit[0] == key:
            return hit[1]
        pts = view.pts(world.outline_world(pid))
        self.known[pid] = (key, pts)
        return pts


# ---------------------------------------------------------------------- the hand


#: mm the held piece may lag the pointer, pressed against something, before the table shows it blocked.
LAG_CUE = 8.0
#: mm between the hand's ring and a cactus or a piece at which the ring starts to warn (a touch costs a flower).
RING_WARN = 4.0
#: mm of lag at which the grip line reaches its full warning colour.
LAG_FULL = 40.0
#: How opaque the held piece is drawn (of 255): what lies under it shows through.
HELD_ALPHA = 165
#: A contact normal (from the held piece) with y below this points at something the held piece rests on.
UNDER = -0.5


@dataclass(frozen=True)
class HandCue:
    """What the table shows of the hand now (read from the world's facts at this moment; it decides nothing): the
    fingers and the pointer (world), how far the piece lags, whether it is ``blocked`` (it lags, pressed against
    something) and then the outline it would have with nothing in its way, what the ring is near (``near``:
    "cactus" or "piece", within ``RING_WARN`` mm, not yet touching) or touches (``contact``: the touch costs a
    flower once it lasts :data:`~game.cactus.match.TOUCH_GRACE`), which pieces the held one pushes (``pushing``),
    and what stops it: ``resting`` (it rests on what lies under it, the way the pointer pulls) or ``stopper``
    ("cactus", "base" or "piece": what stands in its way to the side or above)."""

    grip: Point
    pointer: Point
    lag: float
    blocked: bool
    free_outline: tuple[Point, ...]
    near: str | None
    touching: bool
    contact: str | None = None
    pushing: tuple[str, ...] = ()
    resting: bool = False
    stopper: str | None = None

    @property
    def note(self) -> str | None:
        """The i18n key of the short line that explains the cue (None: nothing to say). Each line is chosen only
        while what it says is true now: the ring's touch or nearness first (it costs a flower), then a piece being
        pushed, then what holds the piece back ("lift it over the top" only while something stands beside or
        above it, never while it rests on what is under it)."""
        if self.contact is not None:
            return f"cactus.hand.touch_{self.contact}"
        if self.near is not None:
            return f"cactus.hand.near_{self.near}"
        if self.pushing:
            return "cactus.hand.pushing"
        if self.blocked and self.resting:
            return "cactus.hand.resting"
        if self.blocked and self.stopper in ("cactus", "base"):
            return "cactus.hand.blocked"
        return None


def hand_cue(world: World) -> HandCue | None:
    """The hand's cue while it holds a piece, else None."""
    hand = world.hand
    grip = hand.grip_world()
    held = hand.held
    if grip is None or held is None:
        return None
    lag = hand.lag
    sides = hand.pressing_sides()
    blocked = lag > LAG_CUE and bool(sides)
    outline: tuple[Point, ...] = ()
    free = hand.free_pose() if blocked else None
    if free is not None:
        outline = tuple((float(x), float(y)) for x, y in world.outline_at(held, free[:2], free[2]))
    near_hit = None if hand.touching else hand.nearest_to_ring(RING_WARN)
    near = near_hit.kind if near_hit is not None and near_hit.distance > 0.0 else None
    contact = hand.contact()
    pointer = hand.pointer
    pull = (pointer[0] - grip[0], pointer[1] - grip[1])
    size = math.hypot(*pull)
    # what holds the piece back: the contacts on the side the pointer pulls towards
    ahead = [(kind, key, ny) for kind, key, nx, ny in sides
             if size > 0 and (nx * pull[0] + ny * pull[1]) / size > 0.3]
    resting = any(ny < UNDER for _kind, _key, ny in ahead)
    stopper = next((kind for kind, _key, ny in ahead if ny >= UNDER), None)
    pushing = tuple(sorted({str(key) for kind, key, _nx, ny in sides
                            if kind == "piece" and (ny >= UNDER or (blocked and not resting))}))
    return HandCue(grip, pointer, lag, blocked, outline, near, hand.touching,
                   None if contact is None else ("piece" if contact.kind == "piece" else "cactus"),
                   pushing, resting, stopper)


def draw_hand_zone(surface: pygame.Surface, view: TableView, world: World, cue: HandCue | None, pulse: float) -> None:
    """The hand while it holds a piece (C-X1): the zone around the grip (red while it touches something, amber and
    pulsing while it is a few mm from a cactus or a piece), a soft pulse around it and the grip line to the
    pointer; while the piece is blocked the line stretches thick and turns from ink to terracotta as the lag
    grows, and a faint dashed outline shows where the piece would be with nothing in its way. ``cue``: the
    frame's :func:`hand_cue` (worked out once a frame, where the frame is laid out)."""
    if cue is None:
        return
    for pid in cue.pushing:  # the pieces the held one pushes: they may fall (a flower)
        if world.has_piece(pid):
            pts = view.pts(world.outline_world(pid))
            dashed_outline(surface, pts, PALETTE.warn, 3)
    centre = view.to_screen(cue.grip)
    pointer = view.to_screen(cue.pointer)
    if cue.blocked:
        spec = world.pieces[str(world.hand.held)]
        pts = view.pts(cue.free_outline)
        view.draw_piece(surface, spec, cue.free_outline, alpha=60)
        dashed_outline(surface, pts, PALETTE.terracotta, 2)
        strength = min(1.0, (cue.lag - LAG_CUE) / (LAG_FULL - LAG_CUE))
        line = lerp(PALETTE.warn, PALETTE.terracotta_dark, strength)
        pygame.draw.line(surface, PALETTE.paper, centre, pointer, 7)
        pygame.draw.line(surface, line, centre, pointer, 4)
        pygame.draw.circle(surface, line, pointer, 6)
        pygame.draw.circle(surface, PALETTE.paper, pointer, 6, 2)
    radius = max(7.0, ZONE_RADIUS * view.scale)
    warn = cue.near is not None
    colour = PALETTE.error if cue.touching else PALETTE.warn if warn else PALETTE.paper
    edge = PALETTE.error if cue.touching else PALETTE.terracotta_dark if warn else PALETTE.ink
    halo = radius + 5 + 2 * pulse + (4 if warn else 0)
    zone = pygame.Surface((int(halo * 2 + 8), int(halo * 2 + 8)), pygame.SRCALPHA)
    c = zone.get_width() / 2
    pygame.draw.circle(zone, (*edge, 160 if warn else 70), (c, c), halo, 3 if warn else 2)  # the hand is here
    pygame.draw.circle(zone, (*colour, 170 if warn else 130), (c, c), radius)
    pygame.draw.circle(zone, (*edge, 230), (c, c), radius, 2)
    surface.blit(zone, (centre[0] - c, centre[1] - c))
    if not cue.blocked:
        pygame.draw.aaline(surface, PALETTE.ink_soft, centre, pointer)


def draw_note(surface: pygame.Surface, rect: pygame.Rect, content: str, colour: Color) -> None:
    """A short line of words on a paper pill edged in ``colour`` (the hand's and the hint's cues)."""
    draw.rounded_rect(surface, rect, PALETTE.paper, 10, colour, 2)
    draw.text(surface, content, rect.center, size=SIZES.text_small, bold=True, color=colour, anchor="center")


def note_size(content: str) -> tuple[int, int]:
    """The size :func:`draw_note` needs for ``content``."""
    return draw.font_width(content, SIZES.text_small, bold=True) + 20, _note_line() + 10


@lru_cache(maxsize=1)
def _note_line() -> int:
    return font(SIZES.text_small, bold=True).get_linesize()


def dashed_outline(surface: pygame.Surface, pts: Sequence[Point], colour: Color, width: int, dash: float = 6) -> None:
    """A closed outline drawn dashed: every other stretch of ``dash`` px of each edge."""
    for k in range(len(pts)):
        a, b = pts[k], pts[(k + 1) % len(pts)]
        steps = max(1, int(math.dist(a, b) // dash))
        for j in range(0, steps, 2):
            t0, t1 = j / steps, min(1.0, (j + 1) / steps)
            pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


def draw_preview(surface: pygame.Surface, view: TableView, spec: PieceSpec, outline: Sequence[Point],
                 free: bool) -> None:
    """The piece in the hand where a click would put it: green where it is free, red where it is not."""
    view.draw_piece(surface, spec, outline, alpha=170)
    pygame.draw.aalines(surface, PALETTE.ok if free else PALETTE.error, True, view.pts(outline))


# ---------------------------------------------------------------------- icons


def icon_points(spec: PieceSpec, centre: Point, size: float, angle: float = 0.0) -> list[Point]:
    """The piece outline scaled to fit a ``size`` px box around ``centre`` (screen, y down)."""
    r = max(spec.radius, 1.0)
    k = size / (2 * r)
    c, s = math.cos(angle), math.sin(angle)
    return [(centre[0] + (x * c - y * s) * k, centre[1] - (x * s + y * c) * k) for x, y in spec.outline]


def draw_icon(surface: pygame.Surface, spec: PieceSpec, centre: Point, size: float, *, dim: bool = False) -> None:
    fill = piece_colour(spec)
    if dim:
        fill = lerp(fill, PALETTE.sand, 0.65)
    pts = icon_points(spec, centre, size)
    draw.aa_polygon(surface, fill, pts, shade(fill, -0.45))
    colour_aids.mark_piece(surface, spec.colour, spec.outline, pts, fill)


@lru_cache(maxsize=16)
def _sun(radius: int) -> pygame.Surface:
    def paint(big: pygame.Surface, s: float) -> None:
        c = big.get_width() / 2
        pygame.draw.circle(big, (*PALETTE.sun, 70), (c, c), radius * 1.5 * s)
        pygame.draw.circle(big, (*lerp(PALETTE.sun, PALETTE.paper, 0.25), 255), (c, c), radius * s)

    size = radius * 3 + 4
    return draw.supersampled((size, size), paint)


@lru_cache(maxsize=32)
def flower_icon(size: int, three: bool) -> pygame.Surface:
    """A flower token: five petals; the 3-side shows a dot in the middle (C-K4)."""

    def paint(big: pygame.Surface, s: float) -> None:
        c = big.get_width() / 2
        r = big.get_width() / 2 - s
        petal = (238, 120, 140) if three else (246, 196, 90)
        for k in range(5):
            a = k * math.tau / 5 - math.pi / 2
            px, py = c + math.cos(a) * r * 0.5, c + math.sin(a) * r * 0.5
            pygame.draw.circle(big, shade(petal, -0.3), (px, py), r * 0.5)
            pygame.draw.circle(big, petal, (px, py), r * 0.5 - s)
        pygame.draw.circle(big, PALETTE.paper, (c, c), r * 0.34)
        if three:
            pygame.draw.circle(big, PALETTE.terracotta_dark, (c, c), r * 0.2)

    return draw.supersampled((size, size), paint)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: Face | None, *, wobble: float = 0.0,
             glow: float = 0.0, colour: Color | None = None, form: PieceSpec | None = None,
             any_piece: bool = False) -> None:
    """The die: COLOUR shows a colour wheel (or the colour asked), FORM a form, !! two bangs.

    No face: ``any_piece`` (the first turn has no roll, C-T1) shows a small cactus under an arc of all five
    colours, "any piece, any cactus"; otherwise the die waits to be rolled and shows a faint "?".
    """
    body = rect.copy()
    if wobble:
        body = body.move(round(math.sin(wobble * 37) * 4), round(math.cos(wobble * 29) * 3))
    if glow > 0:
        draw.rounded_ring(surface, body.inflate(12, 12), lerp(PALETTE.sand, PALETTE.focus, glow), 16, 4)
    draw.drop_shadow(surface, body, 12, offset=4, alpha=60)
    draw.rounded_rect(surface, body, PALETTE.paper, 12, PALETTE.ink_soft, 2)
    cx, cy = body.center
    r = body.width * 0.3
    if face is None:
        if any_piece:
            _any_face(surface, body)
        else:
            draw.text(surface, "?", (cx, cy), size=round(body.height * 0.5), bold=True, color=PALETTE.ink_faint,
                      anchor="center")
        return
    if face == Face.COLOUR:
        for k, (name, col) in enumerate(colour_aids.cue_colours()):
            a = k * math.tau / 5 - math.pi / 2
            dot = (cx + math.cos(a) * r * 0.7, cy + math.sin(a) * r * 0.7)
            pygame.draw.circle(surface, col, dot, r * 0.32)
            colour_aids.draw_mark(surface, name, dot, r * 0.36, col)
        if colour is not None:
            pygame.draw.circle(surface, colour, (cx, cy), r * 0.34)
            pygame.draw.circle(surface, PALETTE.ink, (cx, cy), r * 0.34, 2)
            colour_aids.draw_mark(surface, colour_aids.colour_name(colour) or "", (cx, cy), r * 0.4, colour)
    elif face == Face.FORM:
        if form is not None:
            draw_icon(surface, form, (cx, cy), body.width * 0.66)
        else:
            pygame.draw.arc(surface, PALETTE.ink, pygame.Rect(cx - r, cy - r, 2 * r, 2 * r), 0, math.pi, 5)
    else:
        draw.text(surface, "!!", (cx, cy), size=round(body.height * 0.5), bold=True,
                  color=PALETTE.terracotta, anchor="center")


def _any_face(surface: pygame.Surface, body: pygame.Rect) -> None:
    """The first turn's face (C-T1): a little cactus with the five colours over it: any piece, any cactus."""
    surface.blit(_any_face_image(body.width), body.topleft)


@lru_cache(maxsize=8)
def _any_face_image(size: int) -> pygame.Surface:

    def paint(big: pygame.Surface, s: float) -> None:
        u = size * s / 70  # drawn on a 70-unit face
        green, dark = PALETTE.cactus, PALETTE.cactus_dark
        trunk = pygame.Rect(round(30 * u), round(30 * u), round(10 * u), round(32 * u))
        arms = [pygame.Rect(round(19 * u), round(38 * u), round(8 * u), round(15 * u)),
                pygame.Rect(round(43 * u), round(34 * u), round(8 * u), round(15 * u))]
        links = [pygame.Rect(round(19 * u), round(47 * u), round(14 * u), round(6 * u)),
                 pygame.Rect(round(37 * u), round(43 * u), round(14 * u), round(6 * u))]
        for part in [*arms, *links, trunk]:
            pygame.draw.rect(big, dark, part.inflate(round(3 * u), round(3 * u)), border_radius=round(5 * u))
        for part in [*arms, *links, trunk]:
            pygame.draw.rect(big, green, part, border_radius=round(4 * u))
        cols = [(201, 72, 59), (230, 181, 46), (79, 154, 74), (63, 111, 181), (138, 79, 163)]
        for k, col in enumerate(cols):
            a = math.pi + (k + 0.5) * math.pi / 5
            centre = (35 * u + math.cos(a) * 24 * u, 36 * u + math.sin(a) * 24 * u)
            pygame.draw.circle(big, col, centre, 5 * u)

    return draw.supersampled((size, size), paint)


__all__ = ["FOCUS_HEADROOM", "FOCUS_SIDE", "FOCUS_ZOOM", "GLIDE_TIME", "HELD_ALPHA", "LAG_CUE", "LAG_FULL", "MAX_ZOOM",
           "RING_WARN", "UNDER", "ZOOM_STEP", "HandCue", "TableView", "dashed_outline", "draw_die", "draw_hand_zone",
           "draw_icon", "draw_note", "draw_preview", "flower_icon", "hand_cue", "icon_points", "note_size",
           "piece_colour"]
