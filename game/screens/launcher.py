"""The launcher: three rooms as large illustrated tiles, a language switch and quit.

Mouse: hover a tile to lift it, click to enter. Keyboard: arrows or Tab move the focus, Enter opens,
L switches the language, Esc asks whether to quit (Enter on the question stays). Also the notice scenes the
CLI hands to the app: the placeholder of a room not built yet and the error message that replaces a failing scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game import i18n, rooms, settings
from game.app import BaseScene
from game.i18n import t
from game.ui import draw
from game.ui.fonts import font
from game.ui.illustrations import illustration
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, FocusGroup, MessageLine, Pressable, first_taker

ROOM_ORDER = ("cactus", "artischocken", "editor")


@dataclass
class TileLayout:
    """Where everything of a tile goes (tile-relative to its resting rect); texts fitted to their boxes."""

    art: pygame.Rect
    title: pygame.Rect
    title_size: int
    blurb: pygame.Rect
    blurb_size: int
    blurb_lines: list[str]
    chips: list[tuple[str, pygame.Rect]]
    open_label: pygame.Rect


PAD = 14
INSET = 22
CHIP_H = 28
TITLE_SIZES = (32, 28, 24, 21, 18)
BLURB_SIZES = (SIZES.text_small + 1, SIZES.text_small, SIZES.text_small - 2)


def open_label_text() -> str:
    """The label a lifted tile shows on its picture."""
    return t("launcher.open") + "  →"


def fit_tile(room: str, rect: pygame.Rect) -> TileLayout:
    """Lay out a tile's contents inside ``rect``: nothing leaves the tile, nothing overlaps."""
    inner_w = rect.width - 2 * INSET
    art_h = min(round(rect.width * 2 / 3) - 2 * PAD, max(60, rect.height - PAD - 170))
    art = pygame.Rect(rect.x + PAD, rect.y + PAD, rect.width - 2 * PAD, art_h)
    name = t(f"launcher.{room}.name")
    title_size = next((s for s in TITLE_SIZES if font(s, display=True).size(name)[0] <= inner_w), TITLE_SIZES[-1])
    title_h = font(title_size, display=True).get_linesize()
    title = pygame.Rect(rect.x + INSET, art.bottom + 12, inner_w, title_h)
    chip_y = rect.bottom - 16 - CHIP_H
    chips: list[tuple[str, pygame.Rect]] = []
    x = rect.x + INSET
    for tag in t(f"launcher.{room}.tags").split("|"):
        width = draw.font_width(tag, SIZES.text_small - 1) + 24
        if x + width > rect.right - INSET:
            break  # a chip that does not fit is left out rather than drawn outside the tile
        chips.append((tag, pygame.Rect(x, chip_y, width, CHIP_H)))
        x += width + 8
    blurb = pygame.Rect(rect.x + INSET, title.bottom + 6, inner_w, max(0, chip_y - 8 - title.bottom - 6))
    text = t(f"launcher.{room}.blurb")
    size = BLURB_SIZES[-1]
    lines: list[str] = []
    for size in BLURB_SIZES:
        lines = draw.wrap_text(text, font(size), inner_w)
        if len(lines) * font(size).get_linesize() <= blurb.height:
            break
    fitting = max(0, blurb.height // font(size).get_linesize())
    if len(lines) > fitting:
        lines = lines[:fitting]
        if lines:
            lines[-1] = lines[-1].rstrip(" .,") + "…"
    label = open_label_text()
    label_w = draw.font_width(label, SIZES.text_small, bold=True) + 28
    open_label = pygame.Rect(0, 0, label_w, 32)
    open_label.bottomright = (art.right - 10, art.bottom - 10)
    return TileLayout(art, title, title_size, blurb, size, lines, chips, open_label)


#: A tile's lift snaps to its target once this close (so a hover ends and the launcher can idle).
LIFT_SNAP = 0.004


@lru_cache(maxsize=8)
def framed_art(room: str, size: tuple[int, int]) -> pygame.Surface:
    """A room's illustration with rounded corners, made once per size (shared: blit it only)."""
    art = illustration(room, size)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    draw.rounded_rect(mask, mask.get_rect(), (255, 255, 255), SIZES.radius)
    framed = art.copy()
    framed.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return framed


@lru_cache(maxsize=4)
def open_label_layer(size: tuple[int, int], label: str) -> pygame.Surface:
    """The "Open" pill a lifted tile shows (its alpha is set by whoever blits it, every time)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    draw.rounded_rect(layer, layer.get_rect(), PALETTE.terracotta, size[1] // 2, PALETTE.terracotta_dark, 2)
    draw.text(layer, label, layer.get_rect().center, size=SIZES.text_small, bold=True, color=PALETTE.paper,
              anchor="center")
    return layer


@lru_cache(maxsize=4)
def backdrop_layer(size: tuple[int, int], language: str, title_y: int,
                   hint: tuple[int, int] | None) -> pygame.Surface:
    """What never moves on the launcher, drawn once per size and language: the sand, the dunes, the title,
    the subtitle and the key hint (centred at ``hint``)."""
    w, h = size
    surface = pygame.Surface(size)
    draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
    far = [(0, h * 0.80), (w * 0.22, h * 0.74), (w * 0.5, h * 0.79), (w * 0.78, h * 0.72), (w, h * 0.77), (w, h),
           (0, h)]
    near = [(0, h * 0.88), (w * 0.3, h * 0.84), (w * 0.62, h * 0.9), (w, h * 0.85), (w, h), (0, h)]
    draw.aa_polygon(surface, shade(PALETTE.sand, -0.04), far)
    draw.aa_polygon(surface, shade(PALETTE.sand, -0.08), near)
    draw.text(surface, t("launcher.title"), (w // 2 + 3, title_y + 3), size=SIZES.title, display=True,
              color=shade(PALETTE.sand_dark, -0.05), anchor="center")
    draw.text(surface, t("launcher.title"), (w // 2, title_y), size=SIZES.title, display=True,
              color=PALETTE.terracotta, anchor="center")
    draw.text(surface, t("launcher.subtitle"), (w // 2, title_y + 54), size=SIZES.text + 2,
              color=PALETTE.ink_soft, anchor="center")
    if hint is not None:
        draw.text(surface, t("launcher.hint"), hint, size=SIZES.text_small, color=PALETTE.ink_faint,
                  anchor="center")
    return surface


@dataclass
class Tile(Pressable):
    """A room tile; behaves like a button (hover, press, click on release) and for the focus group."""

    room: str
    rect: pygame.Rect
    on_click: Callable[[], None]
    hovered: bool = False
    focused: bool = False
    pressed: bool = False
    enabled: bool = True
    lift: float = 0.0  # 0..1, eased towards hovered/focused
    _layout: tuple[tuple[object, ...], TileLayout] | None = None

    def activate(self) -> None:
        self.on_click()

    @property
    def layout(self) -> TileLayout:
        """The fitted layout for the current size and language (recomputed only when either changes)."""
        key = (tuple(self.rect), i18n.get_language())
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, fit_tile(self.room, self.rect))
        return self._layout[1]

    @property
    def target(self) -> float:
        """Where the lift eases to: up while hovered or focused."""
        return 1.0 if (self.hovered or self.focused) else 0.0

    @property
    def settled(self) -> bool:
        """The lift has arrived: nothing of this tile moves until the next input."""
        return self.lift == self.target

    def update(self, dt: float) -> None:
        target = self.target
        self.lift += (target - self.lift) * min(1.0, dt * 12)
        if abs(target - self.lift) < LIFT_SNAP:
            self.lift = target

    def draw(self, surface: pygame.Surface) -> None:
        rise = round(8 * self.lift)
        rect = self.rect.move(0, -rise)
        fit = self.layout
        # the shadow darkens in steps of 4 (11 blurred shadows per size rather than 41; the ends are exact)
        draw.drop_shadow(surface, rect, SIZES.radius + 4, offset=6 + rise, alpha=60 + 4 * round(10 * self.lift))
        border = PALETTE.terracotta if self.lift > 0.5 else PALETTE.sand_dark
        draw.rounded_rect(surface, rect, PALETTE.paper, SIZES.radius + 4, border, 3)
        art_rect = fit.art.move(0, -rise)
        surface.blit(framed_art(self.room, art_rect.size), art_rect)
        draw.text(surface, t(f"launcher.{self.room}.name"), fit.title.move(0, -rise).topleft, size=fit.title_size,
                  display=True, color=PALETTE.ink)
        line_h = font(fit.blurb_size).get_linesize()
        for i, line in enumerate(fit.blurb_lines):
            draw.text(surface, line, (fit.blurb.x, fit.blurb.y - rise + i * line_h), size=fit.blurb_size,
                      color=PALETTE.ink_soft)
        for tag, chip in fit.chips:
            chip = chip.move(0, -rise)
            draw.rounded_rect(surface, chip, PALETTE.sand, CHIP_H // 2)
            draw.text(surface, tag, chip.center, size=SIZES.text_small - 1, color=PALETTE.ink_soft, anchor="center")
        if self.lift > 0.05:
            label = fit.open_label.move(0, -rise)
            layer = open_label_layer(label.size, open_label_text())
            layer.set_alpha(round(255 * self.lift))
            surface.blit(layer, label)
        if self.focused:
            draw.rounded_ring(surface, rect.inflate(10, 10), PALETTE.focus, SIZES.radius + 8, 3)


class LauncherScene(BaseScene):
    def __init__(self, problem: str | None = None) -> None:
        self.tiles: list[Tile] = []
        self.lang_button = Button(self._lang_label, self.toggle_language, style="ghost",
                                  tooltip=lambda: t("launcher.language.tooltip"))
        self.quit_button = Button(lambda: t("launcher.quit"), self.quit, style="secondary")
        self.replays_button = Button(lambda: t("launcher.replays"), self.open_replays, style="secondary")
        self.network_button = Button(lambda: t("launcher.network"), self.open_network, style="green")
        self.settings_button = Button(lambda: t("settings.open"), self.open_settings, style="ghost",
                                      tooltip=lambda: t("settings.open.tooltip"), text_size=SIZES.text_small)
        self.focus = FocusGroup()
        self.message = MessageLine()
        self.time = 0.0
        self.opened: str | None = None
        self.hint_rect: pygame.Rect | None = None
        self._problem = problem

    def _lang_label(self) -> str:
        return t("launcher.language")

    def on_enter(self) -> None:
        if self._problem:
            self.open_dialog(t("launcher.settings_problem.title"), self._problem,
                             [(lambda: t("common.ok"), lambda: None)])
            self._problem = None

    # -- actions -----------------------------------------------------------------------------------
    def open_room(self, room: str) -> None:
        self.opened = room
        rooms.open_room(self.app, room)

    def open_replays(self) -> None:
        """The list of recorded games (watch one again)."""
        from game.screens.scene_replays import ReplaysScene

        self.app.push(ReplaysScene())

    def open_network(self) -> None:
        """The lobby of remote play: host a table, join one by its code, tables found on this network."""
        from game.screens.scene_network import NetworkScene

        self.app.push(NetworkScene())
    def open_settings(self) -> None:
        """The settings screen (also F2 anywhere)."""
        if self.app.options.settings_scene is not None:
            self.app.push(self.app.options.settings_scene())

    def toggle_language(self) -> None:
        new = "de" if i18n.get_language() == "en" else "en"
        i18n.set_language(new)
        self.hint_rect = self._place_hint(self.app.size[0])
        prefs = settings.load_settings()
        prefs.lang = new
        settings.save_settings(prefs)
        self.message.show(t("launcher.language.changed"), "ok", 2.0)

    def quit(self) -> None:
        self.app.request_quit()

    def on_back(self) -> bool:
        """Esc asks before it quits: a key pressed once too often (leaving a room) must not end the program. The
        question's default (Enter, Esc again) is to stay; Quit goes on as the Quit button does."""
        self.open_dialog(t("launcher.quit_question.title"), t("launcher.quit_question.body"),
                         [(lambda: t("launcher.quit"), self.quit),
                          (lambda: t("launcher.quit_question.stay"), lambda: None)])
        return True

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
        self.replays_button.rect = pygame.Rect(self.quit_button.rect.left - 12 - 200, bar_y, 200, SIZES.button_height)
        tiles_bottom = max(tile.rect.bottom for tile in self.tiles)
        self.network_button.rect = pygame.Rect(0, 0, min(total, 340), max(30, min(40, bar_y - tiles_bottom - 16)))
        self.network_button.rect.center = (w // 2, (tiles_bottom + bar_y) // 2)
        gap = self.replays_button.rect.left - self.lang_button.rect.right - 24
        hint_w = draw.font_width(t("launcher.hint"), SIZES.text_small)
        if hint_w > gap >= 260:  # the hint cannot sit in the bar but the button can: the hint goes above it
            self.network_button.rect = pygame.Rect(0, bar_y, min(340, gap), SIZES.button_height)
            self.network_button.rect.centerx = (self.lang_button.rect.right + self.replays_button.rect.left) // 2
        self.focus.set_items([*self.tiles, self.network_button, self.lang_button, self.replays_button,  # type: ignore[list-item]
                              self.quit_button, self.settings_button], columns=3)
        settings_w = draw.font_width(t("settings.open"), SIZES.text_small, bold=True) + 36
        self.settings_button.rect = pygame.Rect(w - 16 - settings_w, 16, settings_w, 38)
        self.hint_rect = self._place_hint(w)

    def _place_hint(self, width: int) -> pygame.Rect | None:
        """The key hint sits between the bottom buttons, else above them, else (a tiny window) nowhere."""
        hint = pygame.Rect(0, 0, draw.font_width(t("launcher.hint"), SIZES.text_small), 22)
        hint.center = (width // 2, self.lang_button.rect.centery)
        if self.lang_button.rect.right + 12 <= hint.left and hint.right <= self.replays_button.rect.left - 12:
            return hint
        tiles_bottom = max(tile.rect.bottom for tile in self.tiles)
        if self.lang_button.rect.top - tiles_bottom >= hint.height + 12 and hint.width <= width - 24:
            hint.centery = (tiles_bottom + self.lang_button.rect.top) // 2
            if not hint.colliderect(self.network_button.rect):
                return hint
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle_language()
            return
        if self.focus.handle_event(event):
            return
        first_taker([*self.tiles, self.network_button, self.lang_button, self.replays_button, self.quit_button,
                     self.settings_button],
                    event)

    def still(self) -> bool:
        """No tile lifting or sinking, no button flashing, no message showing."""
        return (all(tile.settled for tile in self.tiles) and self.message.still() and self.lang_button.still()
                and self.quit_button.still() and self.replays_button.still() and self.network_button.still()
                and self.settings_button.still())

    def update(self, dt: float) -> None:
        self.time += dt
        for tile in self.tiles:
            tile.update(dt)
        self.lang_button.update(dt)
        self.quit_button.update(dt)
        self.replays_button.update(dt)
        self.network_button.update(dt)
        self.settings_button.update(dt)
        self.message.update(dt)

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        title_y = max(60, self.tiles[0].rect.top - 110) if self.tiles else 80
        hint = self.hint_rect.center if self.hint_rect is not None else None
        surface.blit(backdrop_layer((w, h), i18n.get_language(), title_y, hint), (0, 0))
        for tile in self.tiles:
            tile.draw(surface)
        self.lang_button.draw(surface)
        self.quit_button.draw(surface)
        self.replays_button.draw(surface)
        self.network_button.draw(surface)
        self.settings_button.draw(surface)
        self.message.draw(surface, (w // 2, self.lang_button.rect.top - 12))


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

    def still(self) -> bool:
        """A card and a button: only the button's click flash ever moves."""
        return self.back.still()

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
