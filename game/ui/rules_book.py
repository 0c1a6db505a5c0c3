"""A game's rules as a book of pages: chapters of entries (a picture drawn with the game's own pieces or cards,
a bold heading and plain text), flowed onto as many pages as the window needs.

A room's rules scene says what its chapters hold (:class:`Chapter`, :class:`Entry`); this module lays them out
and turns the pages. ``layout`` computes every page once per window size and language (which line of text
lies where, which picture where), so ``draw`` only paints that plan and a test can hold every rectangle
against its page. A chapter always starts on a page of its own; an entry too long for what is left of a column
goes on in the next column or page, line by line. Wide windows get two columns.

Keys: Left/Right (or Page Up/Down) turn the pages, Home goes to the first, F1 or Esc closes the book and
returns to the screen under it, which was neither updated nor drawn meanwhile (a local game paused; a remote
table takes in what its connection kept meanwhile).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.app import BaseScene
from game.i18n import get_language, t
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, first_taker

#: A picture: draws into the rectangle it is given and changes nothing else.
Painter = Callable[[pygame.Surface, pygame.Rect], None]

#: The key that opens a rules book wherever a room offers one, and closes it again.
RULES_KEY = pygame.K_F1
#: Windows at least this wide (page width, px) set their pages in two columns.
TWO_COLUMNS = 980
GAP = 18


@dataclass(frozen=True)
class Entry:
    """One rule: a bold ``heading``, its ``text`` and a picture of ``size`` (px in a 1280x800 window)."""

    text: str
    heading: str = ""
    picture: Painter | None = None
    size: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Chapter:
    """A tab of the book: its ``title`` and its entries, in reading order."""

    title: str
    entries: Sequence[Entry]


@dataclass(frozen=True)
class Line:
    """One line of text on a page, where it lies (``rect``: its full rendered size)."""

    text: str
    rect: pygame.Rect
    size: int
    bold: bool


@dataclass
class Page:
    """One page: which chapter it belongs to, its lines and pictures."""

    chapter: int
    lines: list[Line] = field(default_factory=list)
    pictures: list[tuple[Painter, pygame.Rect]] = field(default_factory=list)


def mark(surface: pygame.Surface, rect: pygame.Rect, ok: bool) -> None:
    """A tick (allowed) or a cross (not allowed) in a picture's top-right corner."""
    r = max(8, min(rect.width, rect.height) // 7)
    c = (rect.right - r - 1, rect.top + r + 1)
    pygame.draw.circle(surface, PALETTE.ok if ok else PALETTE.error, c, r)
    k = r * 0.5
    if ok:
        pygame.draw.lines(surface, PALETTE.paper, False, [(c[0] - k, c[1]), (c[0] - k / 3, c[1] + k * 0.8),
                                                          (c[0] + k, c[1] - k * 0.7)], 3)
    else:
        pygame.draw.line(surface, PALETTE.paper, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), 3)
        pygame.draw.line(surface, PALETTE.paper, (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), 3)


class RulesBook(BaseScene):
    """The rules of a game, paged (see the module text). ``title``: the book's title; ``chapters``: its contents,
    asked again whenever the layout is made (so a language chosen meanwhile is used)."""

    def __init__(self, title: Callable[[], str], chapters: Callable[[], Sequence[Chapter]]) -> None:
        self.title = title
        self.chapters = chapters
        self.contents: Sequence[Chapter] = ()
        self.pages: list[Page] = []
        self.page = 0
        self.card = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.text_size = SIZES.text_small
        self.tabs: list[Button] = []
        self.prev_button = Button(lambda: "‹ " + t("rules.previous"), lambda: self.turn(-1), style="secondary",
                                  text_size=SIZES.text_small)
        self.next_button = Button(lambda: t("rules.next") + " ›", lambda: self.turn(+1), style="primary",
                                  text_size=SIZES.text_small)
        self.back_button = Button(lambda: t("rules.back"), self.close, style="ghost", text_size=SIZES.text_small)
        self.laid_out: tuple[object, ...] = ()

    # -- turning pages ------------------------------------------------------------------------------------------
    def turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self._enable()

    def open_chapter(self, chapter: int) -> None:
        """The first page of ``chapter``."""
        self.page = next((k for k, p in enumerate(self.pages) if p.chapter == chapter), self.page)
        self._enable()

    def close(self) -> None:
        self.app.pop()

    @property
    def chapter(self) -> int:
        return self.pages[self.page].chapter if self.pages else 0

    def _enable(self) -> None:
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < len(self.pages) - 1
        for k, tab in enumerate(self.tabs):
            tab.style = "primary" if k == self.chapter else "ghost"

    # -- layout ----------------------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        chapter = self.chapter
        self.contents = self.chapters()
        margin = 16 if w < 1000 else 28
        self.card = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        card = self.card
        self.text_size = SIZES.text_small if h < 700 else SIZES.text_small + 1
        pad = 18 if w < 1000 else 28
        bh = SIZES.button_height - 4
        top = card.y + 62
        self.tabs = self._tabs(card.inflate(-2 * pad, 0), top)
        if self.tabs:
            top = self.tabs[0].rect.bottom + 12
        foot = card.bottom - pad - bh
        self.back_button.rect = pygame.Rect(card.x + pad, foot, 150, bh)
        self.next_button.rect = pygame.Rect(card.right - pad - 170, foot, 170, bh)
        self.prev_button.rect = pygame.Rect(self.next_button.rect.x - 12 - 170, foot, 170, bh)
        self.body = pygame.Rect(card.x + pad, top, card.width - 2 * pad, foot - 14 - top)
        self.pages = self._flow(self.body, size)
        self.laid_out = (get_language(), size)
        self.open_chapter(min(chapter, max(0, len(self.contents) - 1)))

    def _tabs(self, area: pygame.Rect, y: int) -> list[Button]:
        """One button per chapter in a row, when they fit the width (else the pages are turned only)."""
        size = SIZES.text_small - 1
        widths = [draw.font_width(c.title, size, bold=True) + 26 for c in self.contents]
        if not widths or sum(widths) + 8 * (len(widths) - 1) > area.width:
            return []
        tabs, x = [], area.x
        for k, (chapter, width) in enumerate(zip(self.contents, widths)):
            tabs.append(Button(chapter.title, lambda k=k: self.open_chapter(k),  # type: ignore[misc]
                               rect=pygame.Rect(x, y, width, 32), style="ghost", text_size=size))
            x += width + 8
        return tabs

    def _flow(self, body: pygame.Rect, size: tuple[int, int]) -> list[Page]:
        """Every chapter set onto pages of ``body`` (the pictures scaled to the window)."""
        columns = 2 if body.width >= TWO_COLUMNS else 1
        col_w = (body.width - GAP * (columns - 1)) // columns
        scale = min(1.0, size[1] / 800, size[0] / 1280 + 0.15)
        text, bold = font(self.text_size), font(self.text_size, bold=True)
        step = text.get_linesize()
        pages: list[Page] = []
        for index, chapter in enumerate(self.contents):
            page = Page(index)
            pages.append(page)
            column, y = 0, body.top
            # one picture column per chapter, so that its texts start in line
            pic_col = min(col_w // 2, max((round(e.size[0] * scale) for e in chapter.entries if e.picture), default=0))

            def column_x(col: int) -> int:
                return body.x + col * (col_w + GAP)

            for entry in chapter.entries:
                pw, ph = (round(entry.size[0] * scale), round(entry.size[1] * scale)) if entry.picture else (0, 0)
                pw, ph = min(pw, pic_col), min(ph, body.height)
                indent = pic_col + 14 if entry.picture else 0
                text_w = col_w - indent
                rows = [(line, True) for line in draw.wrap_text(entry.heading, bold, text_w)] if entry.heading else []
                rows += [(line, False) for line in draw.wrap_text(entry.text, text, text_w)]
                first = True
                k = 0
                while k < len(rows) or first:
                    need = max(ph if first else 0, step if k < len(rows) else 0)
                    if k + 1 < len(rows) and rows[k][1] and not rows[k + 1][1]:
                        need = max(need, 2 * step)  # a heading stays with its text's first line
                    if y + need > body.bottom and y > body.top:  # (what cannot fit a whole column goes on one)
                        column += 1
                        if column >= columns:
                            page = Page(index)
                            pages.append(page)
                            column = 0
                        y = body.top
                        continue
                    x = column_x(column)
                    if first:
                        if entry.picture:
                            page.pictures.append((entry.picture, pygame.Rect(x + (pic_col - pw) // 2, y, pw, ph)))
                        first, top = False, y
                    if k < len(rows):
                        content, strong = rows[k]
                        fnt = bold if strong else text
                        line_w, line_h = fnt.size(content)
                        page.lines.append(Line(content, pygame.Rect(x + indent, y, line_w, line_h),
                                               self.text_size, strong))
                        k += 1
                        y += step
                    if k >= len(rows):
                        y = max(y, top + ph)
                y += 14
        return pages

    # -- events ------------------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == RULES_KEY:
                self.close()
            elif event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.turn(+1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.turn(-1)
            elif event.key == pygame.K_HOME:
                self.turn(-len(self.pages))
            return
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else +1)
            return
        first_taker(self.buttons(), event)

    def buttons(self) -> list[Button]:
        return [*self.tabs, self.back_button, self.prev_button, self.next_button]

    def update(self, dt: float) -> None:
        if self.laid_out and self.laid_out[0] != get_language():
            self.layout(self.app.size)  # the language was changed over the book (the settings screen)
        for button in self.buttons():
            button.update(dt)

    def still(self) -> bool:
        return all(b.flash <= 0 for b in self.buttons())

    # -- drawing -------------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
        card = self.card
        draw.panel(surface, card, PALETTE.paper, PALETTE.sand_dark, 18)
        title = t("rules.title", game=self.title())
        head = draw.fit_text(surface, title, (card.x + 24, card.y + 32), card.width // 2, size=30, bold=True,
                             color=PALETTE.terracotta)
        if self.pages:
            chapter = self.contents[self.chapter].title
            count = t("rules.page", page=self.page + 1, pages=len(self.pages))
            right = draw.text(surface, count, (card.right - 24, card.y + 32), size=SIZES.text_small,
                              color=PALETTE.ink_faint, anchor="midright")
            draw.fit_text(surface, chapter, (head.right + 24, card.y + 32), right.x - head.right - 48,
                          size=SIZES.text_small + 2, bold=True, color=PALETTE.ink_soft)
            page = self.pages[self.page]
            for painter, rect in page.pictures:
                painter(surface, rect)
            for line in page.lines:
                draw.text(surface, line.text, line.rect.topleft, size=line.size, bold=line.bold,
                          color=PALETTE.ink if line.bold else shade(PALETTE.ink, 0.1))
        pygame.draw.line(surface, PALETTE.sand_dark, (card.x + 18, self.body.bottom + 6),
                         (card.right - 18, self.body.bottom + 6), 2)
        for button in self.buttons():
            button.draw(surface)


__all__ = ["RULES_KEY", "Chapter", "Entry", "Line", "Page", "Painter", "RulesBook", "mark"]
