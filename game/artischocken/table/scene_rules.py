"""The Artischocken rules screen: the rules as docs/rules.md states them, in plain words, drawn with the game's
own cards (:mod:`~game.artischocken.table.cards`): the zones, the five phases of a turn, the garden row's
four-alike rule and every card with its whole effect (its full rule text beside its face).

The room opens it (:func:`game.artischocken.room.rules_scene`) over the setup screen, the table or a remote table
(F1, or their "Rules" button); Esc returns. The table under it is neither updated nor drawn meanwhile, so no
local bot moves (a remote game goes on at the server; the table takes in what came when it shows again).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from game.artischocken import CARDS
from game.artischocken.describe import card_name, card_rule
from game.artischocken.table import cards as cardsmod
from game.i18n import t
from game.ui import draw
from game.ui.rules_book import Chapter, Entry, Painter, RulesBook, mark
from game.ui.theme import PALETTE

#: Where the rules screen's cards lie, for the secrecy record (:data:`cards.RECORDER`): no one's hand.
ZONE: cardsmod.Zone = ("rules", None)
#: A card's size on the rules pages (px in a 1280x800 window): large enough to carry its short text.
CARD = (100, 142)


def _cards(faces: Sequence[str | None], surface: pygame.Surface, rect: pygame.Rect, overlap: float = 0.0) -> None:
    """Cards in a row in ``rect`` (None: a card face down), each ``overlap`` of a card over the one before."""
    n = len(faces)
    w = min(rect.height / cardsmod.RATIO, rect.width / (n - overlap * (n - 1)))
    size = (max(8, int(w)), max(8, int(w * cardsmod.RATIO)))
    step = size[0] * (1 - overlap)
    x0 = rect.centerx - (step * (n - 1) + size[0]) / 2
    for k, card in enumerate(faces):
        box = pygame.Rect(round(x0 + k * step), rect.centery - size[1] // 2, *size)
        if card is None:
            cardsmod.draw_back(surface, box)
        else:
            cardsmod.draw_face(surface, card, box, ZONE)


def _card(card: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
    _cards([card], surface, rect)


def _marked(faces: Sequence[str | None], ok: bool, surface: pygame.Surface, rect: pygame.Rect) -> None:
    _cards(faces, surface, rect.inflate(-rect.width // 10, 0), overlap=0.25)
    mark(surface, rect, ok)


def _flow(first: Sequence[str | None], second: Sequence[str | None], surface: pygame.Surface,
          rect: pygame.Rect) -> None:
    """Cards going from one place to another: ``first``, an arrow, ``second`` (each group half-overlapping)."""
    arrow = 34
    units = [1 + (len(group) - 1) * 0.5 for group in (first, second)]
    w = min(rect.height / cardsmod.RATIO, (rect.width - arrow) / sum(units))
    left = pygame.Rect(rect.x, rect.y, round(w * units[0]), rect.height)
    right = pygame.Rect(rect.right - round(w * units[1]), rect.y, round(w * units[1]), rect.height)
    _cards(first, surface, left, overlap=0.5)
    _cards(second, surface, right, overlap=0.5)
    y = rect.centery
    x0, x1 = left.right + 6, right.x - 6
    pygame.draw.line(surface, PALETTE.ink_soft, (x0, y), (x1 - 6, y), 3)
    draw.aa_polygon(surface, PALETTE.ink_soft, [(x1, y), (x1 - 10, y - 7), (x1 - 10, y + 7)])


# -- the chapters ---------------------------------------------------------------------------------------------------

def chapters() -> list[Chapter]:
    """The book's chapters in the language in use."""
    def tx(key: str) -> str:
        return t(f"rules.artischocken.{key}")

    def entry(key: str, picture: Painter | None = None, size: tuple[int, int] = (200, 80)) -> Entry:
        return Entry(tx(f"{key}.text"), tx(f"{key}.head"), picture, size if picture else (0, 0))

    row = ["leek", "eggplant", "corn", "beet", "peas"]
    card_entries = [Entry(card_rule(card), card_name(card) + (tx("variant") if card == "rhubarb" else ""),
                          partial(_card, card), CARD) for card in CARDS]
    return [
        Chapter(tx("game.title"), [
            entry("goal", partial(_cards, ["artichoke"] * 5, overlap=0.55), (200, 90)),
            entry("zones", partial(_cards, [None, "artichoke", None], overlap=0.0), (200, 80)),
            entry("garden", partial(_cards, [None, *row[:3]], overlap=0.0), (200, 70)),
            entry("compost", partial(_card, "artichoke"), (200, 70)),
        ]),
        Chapter(tx("turn.title"), [
            entry("refill", partial(_flow, [None], row)),
            entry("four", partial(_marked, ["eggplant"] * 4 + ["leek"], False)),
            entry("harvest", partial(_flow, row[:3], ["leek"])),
            entry("play", partial(_cards, ["carrot", "potato", "artichoke"], overlap=0.35)),
            entry("discard", partial(_flow, ["artichoke", "corn"], ["corn"])),
            entry("draw", partial(_flow, [None], [None] * 5)),
            entry("win", partial(_marked, ["leek", "corn", "peas", "beet", "onion"], True)),
        ]),
        Chapter(tx("cards.title"), [Entry(tx("cards.intro.text"), tx("cards.intro.head")), *card_entries]),
        Chapter(tx("table.title"), [
            entry("controls"),
            entry("undo"),
            entry("options"),
        ]),
    ]


def rules_scene() -> RulesBook:
    """The Artischocken rules book."""
    return RulesBook(lambda: t("artischocken.title"), chapters)


__all__ = ["CARD", "ZONE", "chapters", "rules_scene"]
