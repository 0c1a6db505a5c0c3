"""The live preview: one cactus in the physics world; the piece drops from the point the user picks.

Click into the preview to drop the piece from there; after any edit it drops again from the same point
(after a short pause, so a drag does not rebuild the world every frame). The world steps at the app's
fixed rate; drawing only reads it.
"""

from __future__ import annotations

import functools

import pygame

from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, Color, hex_colour, lerp, shade
from physics.cacti import CactiSpec
from physics.geometry import Point
from physics.pieces import PieceSpec
from physics.world import World
from tools.editor.canvas import aa_polyline
from tools.editor.hangtest import arm_aims, clear_height
from tools.editor.layers import Layers

#: Seconds after the last edit before the preview drops again.
REDROP_DELAY = 0.35
#: The preview gives up waiting for rest after this many simulated seconds.
MAX_TIME = 6.0


class PreviewPane:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 400, 240)
        self.spec: PieceSpec | None = None
        self.table: CactiSpec | None = None
        self.key: object = None
        self.aim: Point | None = None
        self.world: World | None = None
        self.elapsed = 0.0
        self.pending = 0.0  # seconds until a scheduled re-drop; 0: none
        self.status = "idle"  # idle | falling | hung | fell | base | restless
        self.hover: Point | None = None
        self.drops = 0  # how many drops so far (names the world in the cached picture's key)
        self.layers = Layers()

    # -- the model ---------------------------------------------------------------------------------
    def set_subject(self, spec: PieceSpec | None, table: CactiSpec | None, key: object) -> None:
        """Show ``spec`` on ``table``; a new ``key`` (an edit) schedules a fresh drop."""
        if key == self.key:
            return
        table_changed = self.table is None or table is None or self.table != table
        self.spec, self.table, self.key = spec, table, key
        if table_changed:
            self.aim = None
        if spec is None or table is None:
            self.world = None
            self.status = "idle"
            return
        if self.aim is None:
            self.aim = arm_aims(table, spec.radius)[0]
        if self.world is None:
            self.drop()
        else:
            self.pending = REDROP_DELAY

    def drop(self, aim: Point | None = None) -> None:
        """A fresh world with the piece above ``aim`` (or the last aim), at rest, about to fall."""
        if aim is not None:
            self.aim = aim
        self.pending = 0.0
        spec, table = self.spec, self.table
        if spec is None or table is None or self.aim is None:
            return
        world = World({spec.id: spec}, table)
        x = min(max(self.aim[0], spec.radius + 1), table.width - spec.radius - 1)
        y = max(self.aim[1], clear_height(table.cacti[0], x, spec.radius))
        y = min(y, table.height - spec.radius - 2)
        self.aim = (x, y)
        world.spawn(spec.id, (x, y), 0.0)
        self.world = world
        self.drops += 1
        self.elapsed = 0.0
        self.status = "falling"

    def fixed_update(self, dt: float) -> None:
        if self.pending > 0:
            self.pending -= dt
            if self.pending <= 0:
                self.drop()
        world = self.world
        if world is None or self.status != "falling" or self.spec is None:
            return
        world.step(dt)
        self.elapsed += dt
        if not world.has_piece(self.spec.id):
            self.status = "fell"
        elif world.all_at_rest():
            facts = world.facts()
            self.status = ("base" if self.spec.id in facts.on_base
                           else "hung" if facts.carried_by.get(self.spec.id) == 0 else "restless")
        elif self.elapsed > MAX_TIME:
            self.status = "restless"

    def resting(self) -> bool:
        """Nothing in the preview moves: no drop pending, the piece (if any) no longer falling."""
        return self.pending <= 0 and self.status != "falling"

    # -- view --------------------------------------------------------------------------------------
    @property
    def view(self) -> tuple[float, Point]:
        """(pixels per mm, the screen point of the table's origin)."""
        table = self.table
        if table is None:
            return 1.0, (float(self.rect.left), float(self.rect.bottom))
        top = max(y for o in table.cacti[0].parts for _, y in o) + 70.0
        top = min(top, table.height)
        inner = self.rect.inflate(-16, -46).move(0, 14)
        scale = min(inner.width / table.width, inner.height / top)
        ox = inner.centerx - table.width * scale / 2
        oy = inner.bottom - 12
        return scale, (ox, oy)

    def to_screen(self, p: Point) -> Point:
        scale, (ox, oy) = self.view
        return ox + p[0] * scale, oy - p[1] * scale

    def to_world(self, pos: tuple[int, int]) -> Point:
        scale, (ox, oy) = self.view
        return (pos[0] - ox) / scale, (oy - pos[1]) / scale

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.to_world(event.pos) if self.rect.collidepoint(event.pos) else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.spec is not None and self.table is not None:
                self.drop(self.to_world(event.pos))
            return True
        return False

    def draw(self, surface: pygame.Surface, hang_aim: Point | None = None) -> None:
        """The panel, and inside it a picture cached while the piece does not fall."""
        key = (None if self.status == "falling" else
               (tuple(self.rect), self.drops, self.status,
                None if self.spec is None else (self.spec.id, self.spec.colour_hex), self.table, self.aim, hang_aim))
        self.layers.draw(surface, "preview", self.rect.inflate(-4, -4), key, lambda s: self._paint(s, hang_aim),
                         under=lambda s: draw.panel(s, self.rect, PALETTE.paper, PALETTE.sand_dark))

    def _paint(self, surface: pygame.Surface, hang_aim: Point | None) -> None:
        rect = self.rect
        draw.text(surface, t("editor.preview.title"), (rect.x + 14, rect.y + 10), size=SIZES.text_small,
                  bold=True, color=PALETTE.ink)
        table = self.table
        if table is None:
            draw.text_block(surface, t("editor.preview.none"), rect.inflate(-40, -80).move(0, 20),
                            size=SIZES.text_small, color=PALETTE.ink_soft, align="center")
            return
        inner = rect.inflate(-12, -40).move(0, 14)
        clip = surface.get_clip()
        surface.set_clip(inner)
        scale, origin = self.view
        surface.blit(scenery(inner.size, scale, (origin[0] - inner.x, origin[1] - inner.y), table), inner.topleft)
        if hang_aim is not None:
            self._aim_marker(surface, hang_aim, PALETTE.berry)
        world = self.world
        spec = self.spec
        if spec is None:
            surface.set_clip(clip)
            note = t("editor.preview.invalid")
            width = min(inner.width - 40, draw.font_width(note, SIZES.text_small, True) + 36)
            card = pygame.Rect(0, 0, width, 40)
            card.center = (inner.centerx, inner.y + 46)
            draw.rounded_rect(surface, card, PALETTE.paper, 20, PALETTE.error, 2)
            draw.text(surface, draw.ellipsize(note, width - 30, SIZES.text_small, True), card.center,
                      size=SIZES.text_small, bold=True, color=PALETTE.error, anchor="center")
            return
        if world is not None and world.has_piece(spec.id):
            ox, oy = origin
            pts = [(ox + x * scale, oy - y * scale) for x, y in world.outline_world(spec.id)]
            colour = hex_colour(spec.colour_hex, PALETTE.ink_faint)
            draw.aa_polygon(surface, colour, pts)
            aa_polyline(surface, shade(colour, -0.4), pts, True, 1.6)
        if self.aim is not None and self.status in ("falling", "fell"):
            self._aim_marker(surface, self.aim, PALETTE.terracotta)
        surface.set_clip(clip)
        self._status_chip(surface)

    def _aim_marker(self, surface: pygame.Surface, aim: Point, colour: Color) -> None:
        x, y = self.to_screen(aim)
        c = (round(x), round(y))
        pygame.draw.aacircle(surface, colour, c, 6, 2)
        pygame.draw.line(surface, colour, (c[0] - 10, c[1]), (c[0] - 7, c[1]), 2)
        pygame.draw.line(surface, colour, (c[0] + 7, c[1]), (c[0] + 10, c[1]), 2)

    def _status_chip(self, surface: pygame.Surface) -> None:
        colours = {"falling": PALETTE.ink_soft, "hung": PALETTE.ok, "fell": PALETTE.error, "base": PALETTE.warn,
                   "restless": PALETTE.warn, "idle": PALETTE.ink_soft}
        label = t(f"editor.preview.status.{self.status}")
        colour = colours.get(self.status, PALETTE.ink_soft)
        width = draw.font_width(label, SIZES.text_small - 1, bold=True) + 22
        chip = pygame.Rect(self.rect.right - width - 12, self.rect.y + 8, width, 24)
        draw.rounded_rect(surface, chip, lerp(colour, PALETTE.paper, 0.85), 12, colour, 2)
        draw.text(surface, label, chip.center, size=SIZES.text_small - 1, bold=True, color=colour, anchor="center")
        title_w = draw.font_width(t("editor.preview.title"), SIZES.text_small, bold=True)
        hint = t("editor.preview.hint")
        if title_w + draw.font_width(hint, SIZES.text_small - 3) + 40 < chip.left - self.rect.x:
            draw.text(surface, hint, (self.rect.x + 26 + title_w, self.rect.y + 13), size=SIZES.text_small - 3,
                      color=PALETTE.ink_faint)


@functools.lru_cache(maxsize=8)
def scenery(size: tuple[int, int], scale: float, origin: Point, table: CactiSpec) -> pygame.Surface:
    """What never moves in the preview: the sky, the ground and cactus 0 on its base, for a view (``origin``:
    the table's origin in the picture, pixels per mm ``scale``); drawn once per view and table."""
    surface = pygame.Surface(size)
    surface.blit(draw.vertical_gradient(size, lerp(PALETTE.sky, PALETTE.paper, 0.55), PALETTE.sand_light), (0, 0))
    ox, oy = origin

    def to_screen(p: Point) -> Point:
        return ox + p[0] * scale, oy - p[1] * scale

    w, h = size
    gy = round(oy)
    pygame.draw.rect(surface, PALETTE.dune, pygame.Rect(0, gy, w, h - gy))
    pygame.draw.line(surface, shade(PALETTE.dune, -0.2), (0, gy), (w, gy), 2)
    cactus = table.cacti[0]
    draw.aa_polygon(surface, PALETTE.terracotta, [to_screen(p) for p in cactus.base], shade(PALETTE.terracotta, -0.3))
    for part in cactus.parts:
        draw.aa_polygon(surface, PALETTE.cactus, [to_screen(p) for p in part])
    for part in cactus.parts:
        pygame.draw.aalines(surface, PALETTE.cactus_dark, True, [to_screen(p) for p in part])
    return surface


@functools.lru_cache(maxsize=256)
def outline_thumbnail(outline: tuple[Point, ...], colour: Color, size: tuple[int, int],
                      bad: bool = False) -> pygame.Surface:
    """A small anti-aliased picture of an outline, fitted into ``size`` (cached)."""
    w, h = size

    def painter(surf: pygame.Surface, s: float) -> None:
        if len(outline) < 3:
            return
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-6)
        k = (min(w, h) - 6) * s / span
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        pts = [(w * s / 2 + (x - cx) * k, h * s / 2 - (y - cy) * k) for x, y in outline]
        pygame.draw.polygon(surf, colour, pts)
        edge = PALETTE.error if bad else shade(colour, -0.4)
        pygame.draw.lines(surf, edge, True, pts, max(1, round(1.2 * s)))
        if bad:
            pygame.draw.circle(surf, PALETTE.error, (w * s - 5 * s, 5 * s), 4 * s)

    return draw.supersampled(size, painter)
