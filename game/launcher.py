"""The launcher: three rooms as large illustrated tiles, a language switch and quit.

Mouse: hover a tile to lift it, click to enter. Keyboard: arrows or Tab move the focus, Enter opens,
L switches the language, Esc quits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import i18n, settings
from game.app import BaseScene
from game.i18n import t
from game.rooms import create_room_scene
from game.ui import draw
from game.ui.illustrations import illustration
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, Dialog, FocusGroup, MessageLine

ROOM_ORDER = ("cactus", "artischocken", "editor")


@dataclass
class Tile:
    """A room tile; behaves like a button for the focus group."""

    room: str
    rect: pygame.Rect
    on_click: Callable[[], None]
    hovered: bool = False
    focused: bool = False
    pressed: bool = False
    enabled: bool = True
    lift: float = 0.0  # 0..1, eased towards hovered/focused

    def activate(self) -> None:
        self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.pressed = self.pressed, False
            if was and self.rect.collidepoint(event.pos):
                self.activate()
                return True
        return False

    def update(self, dt: float) -> None:
        target = 1.0 if (self.hovered or self.focused) else 0.0
        self.lift += (target - self.lift) * min(1.0, dt * 12)

    def draw(self, surface: pygame.Surface) -> None:
        rise = round(8 * self.lift)
        rect = self.rect.move(0, -rise)
        draw.drop_shadow(surface, rect, SIZES.radius + 4, offset=6 + rise, alpha=60 + round(40 * self.lift))
        border = PALETTE.terracotta if self.lift > 0.5 else PALETTE.sand_dark
        draw.rounded_rect(surface, rect, PALETTE.paper, SIZES.radius + 4, border, 3)
        pad = 14
        art_h = round(rect.width * 2 / 3) - 2 * pad
        art_rect = pygame.Rect(rect.x + pad, rect.y + pad, rect.width - 2 * pad, art_h)
        art = illustration(self.room, art_rect.size)
        mask = pygame.Surface(art_rect.size, pygame.SRCALPHA)
        draw.rounded_rect(mask, mask.get_rect(), (255, 255, 255), SIZES.radius)
        framed = art.copy()
        framed.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(framed, art_rect)
        title_y = art_rect.bottom + 18
        draw.text(surface, t(f"launcher.{self.room}.name"), (rect.x + 24, title_y), size=32, display=True,
                  color=PALETTE.ink)
        body = pygame.Rect(rect.x + 24, title_y + 46, rect.width - 48, rect.bottom - title_y - 60)
        draw.text_block(surface, t(f"launcher.{self.room}.blurb"), body, size=SIZES.text_small + 1,
                        color=PALETTE.ink_soft)
        chip_y = rect.bottom - 44
        x = rect.x + 24
        for tag in t(f"launcher.{self.room}.tags").split("|"):
            width = draw.font_width(tag, SIZES.text_small - 1) + 24
            draw.rounded_rect(surface, pygame.Rect(x, chip_y, width, 28), PALETTE.sand, 14)
            draw.text(surface, tag, (x + width // 2, chip_y + 14), size=SIZES.text_small - 1, color=PALETTE.ink_soft,
                      anchor="center")
            x += width + 8
        if self.lift > 0.05:
            draw.text(surface, t("launcher.open") + "  →", (rect.right - 24, chip_y + 14), size=SIZES.text,
                      bold=True, color=PALETTE.terracotta, anchor="midright", alpha=round(255 * self.lift))
        if self.focused:
            draw.rounded_ring(surface, rect.inflate(10, 10), PALETTE.focus, SIZES.radius + 8, 3)


class LauncherScene(BaseScene):
    def __init__(self, problem: str | None = None) -> None:
        self.tiles: list[Tile] = []
        self.lang_button = Button(self._lang_label, self.toggle_language, style="ghost",
                                  tooltip=lambda: t("launcher.language.tooltip"))
        self.quit_button = Button(lambda: t("launcher.quit"), self.quit, style="secondary")
        self.focus = FocusGroup()
        self.message = MessageLine()
        self.dialog: Dialog | None = None
        self.time = 0.0
        self.opened: str | None = None
        self._problem = problem

    def _lang_label(self) -> str:
        return t("launcher.language")

    def on_enter(self) -> None:
        if self._problem:
            self.dialog = Dialog(t("launcher.settings_problem.title"), self._problem,
                                 [(lambda: t("common.ok"), lambda: None)])
            self.dialog.layout(self.app.size)
            self._problem = None

    # -- actions -----------------------------------------------------------------------------------
    def open_room(self, room: str) -> None:
        self.opened = room
        self.app.push(create_room_scene(room, None))

    def toggle_language(self) -> None:
        new = "de" if i18n.get_language() == "en" else "en"
        i18n.set_language(new)
        prefs = settings.load_settings()
        prefs.lang = new
        settings.save_settings(prefs)
        self.message.show(t("launcher.language.changed"), "ok", 2.0)

    def quit(self) -> None:
        self.app.quit()

    def on_back(self) -> bool:
        if self.dialog and self.dialog.open:
            self.dialog.cancel()
            return True
        return False

    # -- layout and events -------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        gap = max(20, w // 40)
        tile_w = min(380, (w - 2 * 48 - 2 * gap) // 3)
        tile_h = min(h - 300, round(tile_w * 2 / 3) + 170)
        total = 3 * tile_w + 2 * gap
        x0 = (w - total) // 2
        y0 = max(170, (h - tile_h) // 2 + 10)
        old = {tile.room: tile for tile in self.tiles}
        self.tiles = []
        for i, room in enumerate(ROOM_ORDER):
            rect = pygame.Rect(x0 + i * (tile_w + gap), y0, tile_w, tile_h)
            tile = old.get(room) or Tile(room, rect, lambda r=room: self.open_room(r))  # type: ignore[misc]
            tile.rect = rect
            self.tiles.append(tile)
        bar_y = h - 36 - SIZES.button_height
        self.lang_button.rect = pygame.Rect(x0, bar_y, 240, SIZES.button_height)
        self.quit_button.rect = pygame.Rect(x0 + total - 140, bar_y, 140, SIZES.button_height)
        self.focus.set_items([*self.tiles, self.lang_button, self.quit_button], columns=3)  # type: ignore[list-item]
        if self.dialog:
            self.dialog.layout(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog and self.dialog.open:
            self.dialog.handle_event(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle_language()
            return
        if self.focus.handle_event(event):
            return
        for tile in self.tiles:
            if tile.handle_event(event):
                return
        for button in (self.lang_button, self.quit_button):
            if button.handle_event(event):
                return

    def update(self, dt: float) -> None:
        self.time += dt
        for tile in self.tiles:
            tile.update(dt)
        self.lang_button.update(dt)
        self.quit_button.update(dt)
        self.message.update(dt)
        if self.dialog:
            self.dialog.update(dt)
            if not self.dialog.open:
                self.dialog = None

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
        self._draw_dunes(surface)
        title_y = max(60, self.tiles[0].rect.top - 110) if self.tiles else 80
        draw.text(surface, t("launcher.title"), (w // 2 + 3, title_y + 3), size=SIZES.title, display=True,
                  color=shade(PALETTE.sand_dark, -0.05), anchor="center")
        draw.text(surface, t("launcher.title"), (w // 2, title_y), size=SIZES.title, display=True,
                  color=PALETTE.terracotta, anchor="center")
        draw.text(surface, t("launcher.subtitle"), (w // 2, title_y + 54), size=SIZES.text + 2,
                  color=PALETTE.ink_soft, anchor="center")
        for tile in self.tiles:
            tile.draw(surface)
        self.lang_button.draw(surface)
        self.quit_button.draw(surface)
        hint = t("launcher.hint")
        draw.text(surface, hint, (w // 2, self.lang_button.rect.centery), size=SIZES.text_small,
                  color=PALETTE.ink_faint, anchor="center")
        self.message.draw(surface, (w // 2, self.lang_button.rect.top - 12))
        if self.dialog:
            self.dialog.draw(surface)

    def _draw_dunes(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        far = [(0, h * 0.80), (w * 0.22, h * 0.74), (w * 0.5, h * 0.79), (w * 0.78, h * 0.72), (w, h * 0.77), (w, h),
               (0, h)]
        near = [(0, h * 0.88), (w * 0.3, h * 0.84), (w * 0.62, h * 0.9), (w, h * 0.85), (w, h), (0, h)]
        draw.aa_polygon(surface, shade(PALETTE.sand, -0.04), far)
        draw.aa_polygon(surface, shade(PALETTE.sand, -0.08), near)


class NoticeScene(BaseScene):
    """A card with a title, a message and a Back button: a room not built yet, or a room that failed."""

    def __init__(self, title: str, body: str, *, error: bool = False) -> None:
        self.title = title
        self.body = body
        self.error = error
        self.back = Button(lambda: t("common.back"), self._back, style="primary")
        self.card = pygame.Rect(0, 0, 0, 0)

    def _back(self) -> None:
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        width = min(680, size[0] - 80)
        body_h = draw.text_height(self.body, width - 96)
        self.card = pygame.Rect(0, 0, width, 100 + body_h + 40 + SIZES.button_height + 40)
        self.card.center = (size[0] // 2, size[1] // 2)
        self.back.rect = pygame.Rect(0, 0, 180, SIZES.button_height)
        self.back.rect.midbottom = (self.card.centerx, self.card.bottom - 32)
        self.back.focused = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.back.activate()
            return
        self.back.handle_event(event)

    def update(self, dt: float) -> None:
        self.back.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw.backdrop(surface)
        card = self.card
        draw.panel(surface, card, border=PALETTE.error if self.error else PALETTE.sand_dark)
        draw.text(surface, self.title, (card.centerx, card.top + 56), size=36, display=True,
                  color=PALETTE.error if self.error else PALETTE.terracotta, anchor="center")
        draw.text_block(surface, self.body, pygame.Rect(card.x + 48, card.y + 100, card.width - 96, card.height),
                        align="center", color=PALETTE.ink_soft)
        self.back.draw(surface)


class PlaceholderScene(NoticeScene):
    """Stands in for a room that is not built yet, and says so."""

    def __init__(self, room: str) -> None:
        super().__init__(t(f"launcher.{room}.name"), t("placeholder.body"))
        self.room = room


class ErrorScene(NoticeScene):
    """Shown instead of a scene that failed: what went wrong in words, where the details are kept."""

    def __init__(self, message: str) -> None:
        super().__init__(t("common.error"), message, error=True)
