"""Both rules books, page by page: every page draws at 800x600 and at 1280x800, in English and German, with every
line of text inside its page and every picture inside the page's body; the pages turn with the keys and the
chapter tabs; every card of the card game is on the Artischocken rules with its whole rule text."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game import i18n
from game.app import App
from game.artischocken import CARDS
from game.artischocken.describe import card_name, card_rule
from game.artischocken.room import rules_scene as card_rules
from game.artischocken.table import cards as cardsmod
from game.artischocken.table.scene_rules import ZONE
from game.cactus.room import rules_scene as cactus_rules
from game.ui import draw
from game.ui.rules_book import RulesBook

LANGS = ("en", "de")
SIZES = ((800, 600), (1280, 800))
BOOKS: dict[str, Callable[[], object]] = {"cactus": cactus_rules, "artischocken": card_rules}


def open_book(app: App, name: str) -> RulesBook:
    book = BOOKS[name]()
    assert isinstance(book, RulesBook)
    app.push(book)
    app.frame(0)
    return book


def drawn_pages(app: App, book: RulesBook, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[pygame.Rect]]:
    """Each page drawn in turn (turned with the Right key): the rects of every line of text drawn on it."""
    drawn: list[pygame.Rect] = []
    real = draw.text

    def text(*args: object, **kwargs: object) -> pygame.Rect:
        rect = real(*args, **kwargs)  # type: ignore[arg-type]
        drawn.append(rect)
        return rect

    monkeypatch.setattr(draw, "text", text)
    for k in range(len(book.pages)):
        assert book.page == k
        drawn.clear()
        book.draw(app.surface)
        yield list(drawn)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        app.frame(0)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(BOOKS))
def test_every_page_draws_with_its_text_and_pictures_inside(make_app: Callable[..., App],
                                                            monkeypatch: pytest.MonkeyPatch, name: str, lang: str,
                                                            size: tuple[int, int]) -> None:
    i18n.set_language(lang)
    app = make_app(size)
    book = open_book(app, name)
    assert len(book.pages) >= len(book.contents) >= 4
    assert {p.chapter for p in book.pages} == set(range(len(book.contents)))
    for page, rects in zip(book.pages, drawn_pages(app, book, monkeypatch), strict=True):
        assert page.lines, "an empty page"
        assert rects, "no text drawn"
        outside = [r for r in rects if not book.card.contains(r)]
        assert outside == []
        assert [line.text for line in page.lines if not book.body.contains(line.rect)] == []
        assert [rect for _painter, rect in page.pictures if not book.body.contains(rect)] == []
        boxes = [line.rect for line in page.lines] + [rect for _painter, rect in page.pictures]
        overlaps = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.colliderect(b)]
        assert overlaps == []


def test_the_pages_turn_with_keys_and_tabs(make_app: Callable[..., App]) -> None:
    app = make_app((1280, 800))
    book = open_book(app, "cactus")
    assert book.page == 0 and not book.prev_button.enabled
    for key, page in ((pygame.K_RIGHT, 1), (pygame.K_PAGEDOWN, 2), (pygame.K_LEFT, 1), (pygame.K_HOME, 0)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.frame(0)
        assert book.page == page
    last = book.tabs[-1]
    book.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=last.rect.center, button=1))
    book.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=last.rect.center, button=1))
    assert book.chapter == len(book.contents) - 1 and last.style == "primary"


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_is_on_the_rules_with_its_whole_rule(make_app: Callable[..., App], lang: str) -> None:
    i18n.set_language(lang)
    app = make_app((1280, 800))
    book = open_book(app, "artischocken")
    shown: list[tuple[str, cardsmod.Zone]] = []
    cardsmod.RECORDER = shown
    try:
        for k in range(len(book.pages)):
            book.page = k
            book.draw(app.surface)
    finally:
        cardsmod.RECORDER = None
    assert {card for card, zone in shown if zone == ZONE} == set(CARDS)
    text = " ".join(line.text for page in book.pages for line in page.lines)
    for card in CARDS:
        assert card_name(card, lang) in text and card_rule(card, lang) in text, card
