"""The Continue list of a room's setup screen: its unfinished games, one row each (seats, turn or round, when it
was saved), a click resumes one, the × of a row deletes it (the scene asks first). A panel over the setup screen,
a page of rows at a time (‹ › and the wheel turn the pages); Close (or Esc: the scene's ``on_back``) puts it away.
Keys: Up/Down choose a row, Enter resumes it, Delete asks to delete it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import t
from game.saves import SaveInfo
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, first_taker

ROW_H = 58


class ContinueList:
    """``saved()``: the room's saves, newest first; ``describe(save)``: its turn or round in words;
    ``on_open(save)`` resumes it; ``on_delete(save)`` asks, then deletes (and calls :meth:`refresh`)."""

    def __init__(self, saved: Callable[[], list[SaveInfo]], describe: Callable[[SaveInfo], str],
                 on_open: Callable[[SaveInfo], None], on_delete: Callable[[SaveInfo], None]) -> None:
        self.saved = saved
        self.describe = describe
        self.on_open = on_open
        self.on_delete = on_delete
        self.open = False
        self.items: list[SaveInfo] = []
        self.page = 0
        self.selected = 0  # the row Enter resumes (an index into ``items``)
        self.per_page = 1
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, SaveInfo, Button]] = []
        self.close = Button(lambda: t("saves.close"), self.hide, style="secondary")
        self.prev = Button("‹", lambda: self.turn_page(-1), style="ghost")
        self.next = Button("›", lambda: self.turn_page(+1), style="ghost")
        self.size = (800, 600)

    def show(self, size: tuple[int, int]) -> None:
        self.open = True
        self.page = 0
        self.selected = 0
        self.refresh(size)

    def hide(self) -> None:
        self.open = False

    def refresh(self, size: tuple[int, int] | None = None) -> None:
        """Read the saves again (one was deleted) and lay the panel out; an empty list puts itself away."""
        self.items = self.saved()
        if not self.items:
            self.open = False
        self.layout(size or self.size)

    def turn_page(self, step: int) -> None:
        pages = max(1, -(-len(self.items) // self.per_page))
        self.page = max(0, min(pages - 1, self.page + step))
        self.selected = self.page * self.per_page
        self.layout(self.size)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        width, height = min(640, w - 40), min(520, h - 40)
        self.rect = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        top, bottom = self.rect.y + 70, self.rect.bottom - 24 - SIZES.button_height
        self.per_page = max(1, (bottom - 12 - top) // ROW_H)
        pages = max(1, -(-len(self.items) // self.per_page))
        self.page = min(self.page, pages - 1)
        self.selected = max(0, min(self.selected, len(self.items) - 1))
        first = self.page * self.per_page
        self.rows = []
        for k, info in enumerate(self.items[first:first + self.per_page]):
            row = pygame.Rect(self.rect.x + 20, top + k * ROW_H, width - 40, ROW_H - 8)
            delete = Button("×", lambda info=info: self.on_delete(info), style="ghost",  # type: ignore[misc]
                            rect=pygame.Rect(row.right - 48, row.y + 6, 40, row.height - 12),
                            tooltip=t("saves.delete"))
            self.rows.append((row, info, delete))
        self.close.rect = pygame.Rect(self.rect.right - 20 - 160, bottom, 160, SIZES.button_height)
        self.prev.rect = pygame.Rect(self.rect.x + 20, bottom, 44, SIZES.button_height)
        self.next.rect = pygame.Rect(self.rect.x + 72, bottom, 44, SIZES.button_height)
        self.prev.enabled = self.page > 0
        self.next.enabled = self.page < pages - 1

    def buttons(self) -> list[Button]:
        paging = [self.prev, self.next] if len(self.items) > self.per_page else []
        return [*(delete for _row, _info, delete in self.rows), *paging, self.close]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Take every event while open (the screen below waits); False when closed."""
        if not self.open:
            return False
        if first_taker(self.buttons(), event):
            pass
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self.turn_page(-1 if event.y > 0 else 1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for row, info, _delete in self.rows:
                if row.collidepoint(event.pos):
                    self.on_open(info)
                    break
        return True

    def _key(self, key: int) -> None:
        if not self.items:
            return
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.selected = max(0, min(len(self.items) - 1, self.selected + (1 if key == pygame.K_DOWN else -1)))
            self.page = self.selected // self.per_page
            self.layout(self.size)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_open(self.items[self.selected])
        elif key == pygame.K_DELETE:
            self.on_delete(self.items[self.selected])

    def update(self, dt: float) -> None:
        for button in self.buttons():
            button.update(dt)

    def still(self) -> bool:
        return all(b.flash <= 0 for b in self.buttons())

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        surface.blit(draw.veil(surface.get_size(), PALETTE.ink, 110), (0, 0))
        box = self.rect
        draw.panel(surface, box, PALETTE.paper, PALETTE.sand_dark, 18)
        draw.text(surface, t("saves.title"), (box.x + 24, box.y + 20), size=28, display=True,
                  color=PALETTE.terracotta)
        first = self.page * self.per_page
        for k, (row, info, delete) in enumerate(self.rows):
            chosen = first + k == self.selected
            draw.rounded_rect(surface, row, shade(PALETTE.sun, 0.55) if chosen else shade(PALETTE.sand_light, 0.02),
                              SIZES.radius_small, PALETTE.sun if chosen else PALETTE.sand_dark, 2 if chosen else 1)
            room = row.width - 70
            draw.fit_text(surface, ", ".join(info.seats), (row.x + 14, row.y + 16), room, size=16, bold=True,
                          color=PALETTE.ink)
            draw.fit_text(surface, f"{self.describe(info)}  ·  {t('saves.saved', when=info.when)}",
                          (row.x + 14, row.bottom - 13), room, size=14, color=PALETTE.ink_soft)
            delete.draw(surface)
        if len(self.items) > self.per_page:
            pages = -(-len(self.items) // self.per_page)
            self.prev.draw(surface)
            self.next.draw(surface)
            draw.text(surface, t("saves.page", page=self.page + 1, pages=pages),
                      (self.next.rect.right + 14, self.next.rect.centery), size=14, color=PALETTE.ink_soft,
                      anchor="midleft")
        self.close.draw(surface)
