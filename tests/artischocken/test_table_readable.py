"""What a card does is readable: short rules on the faces at >= 11 px (1280x800), the full rule large in the
hovered card's detail panel at every window size; names never clipped; setup and table keep apart at 800x600."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from table_helpers import Driver, position, table

from game import i18n
from game.app import MIN_WINDOW, App
from game.artischocken import CARDS
from game.artischocken.describe import card_name, card_rule, card_short
from game.artischocken.room import setup_scene
from game.artischocken.table import cards as cardsmod
from game.artischocken.table.layout import compute
from game.ui import draw
from game.ui.fonts import font

A = "artichoke"
LANGS = ("en", "de")
SIZES = [(1280, 800), (1024, 700), MIN_WINDOW, (1920, 1080)]


def _driver(make_app: Callable[..., App], size: tuple[int, int], lang: str) -> Driver:
    app = make_app(size, seed=3)
    i18n.set_language(lang)
    return Driver(app)


@pytest.fixture(autouse=True)
def _fresh_fonts():
    font.cache_clear()  # fonts made before an earlier test's pygame.quit() are dead (App does the same)
    yield
    i18n.set_language("en")
    pygame.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_short_rules_on_cards_are_readable_at_1280x800(lang: str) -> None:
    lay = compute((1280, 800), 3, 0)
    for size in (lay.mid, lay.big):  # garden row and hand
        px = cardsmod.rule_px(size, lang)
        assert px is not None and px >= 11, (size, px)
        box = cardsmod._rule_box(size, lang)
        for card in cardsmod.PAINTERS:  # every short rule fits its box whole at that size
            lines = draw.wrap_text(card_short(card, lang), font(px), box.width)
            assert len(lines) * (font(px).get_linesize() - 1) <= box.height, (card, lines)


@pytest.mark.parametrize("lang", LANGS)
def test_short_and_full_rules_for_every_card(lang: str) -> None:
    for card in CARDS:
        short, full = card_short(card, lang), card_rule(card, lang)
        assert "artischocken." not in short and len(short) < len(full) or card == A, card


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [34, 40, 44, 52, 64, 74, 108, 124, 190])
def test_card_names_are_whole_or_left_out(lang: str, width: int) -> None:
    """A face too small for every name shows none (a colour band) rather than a clipped one; a small face may
    break a long name in two where its language breaks it."""
    px = cardsmod._name_px(width, lang)
    room = width - 2 * max(3, width // 16) - 4
    if px is None:
        assert width < 40 and any(font(8, bold=True).size(part)[0] > room for c in cardsmod.PAINTERS
                                  for part in cardsmod._name_lines(c, width, lang, 8))
        return
    for c in cardsmod.PAINTERS:
        lines = cardsmod._name_lines(c, width, lang, px)
        assert px >= 8 and 1 <= len(lines) <= (2 if width < 100 else 1), (c, lines)
        assert all(font(px, bold=True).size(line)[0] <= room for line in lines), (c, lines)
        assert "".join(part.rstrip("-") for part in lines).replace(" ", "") == card_name(c, lang).replace(" ", "")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1280, 800), (800, 600)], ids=["1280x800", "smallest"])
def test_the_small_cards_of_every_window_carry_their_names(lang: str, size: tuple[int, int]) -> None:
    """German names are long: an opponent's small discard still says "Zwiebel", "Artischocke" (on two lines)."""
    from game.artischocken.table.layout import compute

    small = compute(size, 4, 0).small[0]
    assert cardsmod._name_px(small, lang) is not None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_hovered_card_shows_its_full_rule_large(make_app: Callable[..., App], lang: str,
                                                size: tuple[int, int]) -> None:
    drv = _driver(make_app, size, lang)
    scene = table(drv.app, position([["carrot", "broccoli", A, A, A], [A] * 5, [A] * 5], decks=[[A], [A], [A]],
                                    row=["leek", "peas", "corn"], discards=[[], ["pepper"], []], played=["onion"]),
                  ["human", "greedy", "greedy"])
    drv.frame(2)
    lay = scene.lay
    assert lay is not None
    hand = scene.hand()
    for key, card in (("hand0", hand[0]), ("hand1", hand[1])):
        rect = next(c.rect for c in scene.choices if c.key == key)
        drv.move((rect.centerx, rect.top + 20))
        drv.frame()
        assert scene.hover_card is not None and scene.hover_card[0] == card
        box = scene.detail_rect
        assert box is not None and lay.table.contains(box), (box, lay.table)
        assert not box.colliderect(scene.hover_card[2]), "the panel hides the card it explains"
        if card == "carrot":  # A-C-CARROT: not after another vegetable; the panel says why
            assert scene.hover_reason == scene.why_not("carrot")
    # a garden-row card (no rule text printed on it at small windows) and an opponent's discard
    for rect, card in ((lay.row[0], "leek"), (lay.seats[1].discard, "pepper")):
        drv.move(rect.center)
        drv.frame()
        assert scene.hover_card is not None and scene.hover_card[0] == card and scene.hover_reason is None
        box = scene.detail_rect
        assert box is not None and lay.table.contains(box) and not box.colliderect(rect)
    # the full rule fits in the panel at a readable size
    assert box is not None
    rule_px = 15 if size[1] < 700 else 17
    pad, pic = 14, (64 if size[1] < 700 else 80)
    text_w = box.width - 3 * pad - pic
    assert draw.text_height(card_rule("pepper", lang), text_w, size=rule_px) < box.height
    drv.move((lay.table.centerx, lay.middle.top + 2))  # nothing under the mouse: no panel
    drv.frame()
    assert scene.detail_rect is None


@pytest.mark.parametrize("lang", LANGS)
def test_setup_with_four_seats_keeps_buttons_apart_at_800x600(make_app: Callable[..., App],
                                                              lang: str) -> None:
    drv = _driver(make_app, MIN_WINDOW, lang)
    setup = setup_scene(offer_resume=False)
    drv.app.push(setup)
    drv.frame()
    while len(setup.kinds) < 4:
        drv.click(setup.add_button.rect.center)
    drv.frame()
    buttons = setup._buttons()
    assert setup.add_button not in buttons  # full: no dead button under the options
    screen = pygame.Rect((0, 0), MIN_WINDOW)
    for i, a in enumerate(buttons):
        assert screen.contains(a.rect)
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.label, b.label)
    for row in setup.rows:
        assert not row.colliderect(setup.rhubarb_button.rect)
    drv.click(setup.remove_buttons[3].rect.center)
    assert len(setup.kinds) == 3 and setup.add_button in setup._buttons()


@pytest.mark.parametrize("lang", LANGS)
def test_table_at_800x600_keeps_its_zones_apart(make_app: Callable[..., App], lang: str) -> None:
    drv = _driver(make_app, MIN_WINDOW, lang)
    pos = position([[A] * 6, [A] * 5, [A] * 5, [A] * 5], decks=[[A]] * 4, row=["leek", "peas", "corn", "beet", "onion"])
    scene = table(drv.app, pos, ["human", "greedy", "greedy", "greedy"])
    drv.frame(2)
    lay = scene.lay
    assert lay is not None
    screen = pygame.Rect((0, 0), MIN_WINDOW)
    hand = lay.hand_rects(6)
    zones = [*(p.panel for s, p in lay.seats.items() if s != lay.bottom), *lay.row, lay.stack, lay.compost, lay.bar]
    for rect in hand:
        assert screen.contains(rect)
        assert not any(rect.colliderect(z) for z in zones), rect
    for i, a in enumerate(zones):
        assert lay.table.contains(a)
        for b in zones[i + 1:]:
            assert not a.colliderect(b), (a, b)
