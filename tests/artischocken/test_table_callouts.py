"""Callouts stand beside what they explain, never over it: the tooltip of a pile or counter (what it is and what
its count means, in words) and the detail of a hovered card, at 1280x800 and at the smallest window (800x600)."""

from __future__ import annotations

import random

import pygame
import pytest
from table_helpers import Driver, position, table

from game import i18n
from game.app import MIN_WINDOW
from game.i18n import t
from game.ui.widgets import Tooltip, place_beside

A = "artichoke"
SIZES = [(1280, 800), MIN_WINDOW]


def _rest(drv: Driver, pos: tuple[int, int]) -> None:
    drv.move(pos)
    drv.frame(int(Tooltip.DELAY / 0.016) + 3)


def _game(drv: Driver, players: int):
    hands = [["leek", "corn", "pepper", A, A]] + [[A, A, A]] * (players - 1)
    decks = [[A] * 4] * players
    discards = [["onion", "carrot", A]] + [["beet"]] * (players - 1)
    return table(drv.app, position(hands, decks=decks, discards=discards, row=["peas", "corn", "onion", "beet", "leek"],
                                   stack=["potato"] * 9, compost=[A, A]), ["human"] + ["greedy"] * (players - 1),
                 fast=False)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "smallest"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_pile_and_counter_is_explained_beside_it(make_app, size, players: int, lang: str) -> None:
    i18n.set_language(lang)
    try:
        drv = Driver(make_app(size))
        scene = _game(drv, players)
        drv.frame(3)
        hints = list(scene.frame.canvas.hints)
        assert len(hints) >= 2 + 3 * (players - 1) + 2  # own deck, discard; each opponent's hand, deck, discard;
        window = pygame.Rect((0, 0), size)             # the garden stack and the compost
        for subject, words in hints:
            assert words and "{" not in words
            _rest(drv, subject.center)
            frame = scene.frame
            if frame.tip_rect is None:  # a face-up pile's top card: its detail says what the pile is
                assert frame.detail_rect is not None and words in _texts(scene), words
                assert not frame.detail_rect.colliderect(scene.hover_card[2])
                continue
            assert frame.tip_subject == subject
            assert not frame.tip_rect.colliderect(subject), (words, frame.tip_rect, subject)
            assert window.contains(frame.tip_rect)
    finally:
        i18n.set_language("en")


def _texts(scene) -> str:
    return " ".join(str(a) for op in scene.frame.canvas.ops for a in op[1] if isinstance(a, str))


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "smallest"])
def test_a_hovered_cards_detail_never_covers_the_card(make_app, size) -> None:
    drv = Driver(make_app(size))
    scene = _game(drv, 3)
    drv.frame(3)
    keys = [c.key for c in scene.choices if c.key.startswith(("hand", "row"))]
    assert keys
    for key in keys:
        drv.move(drv.choice(scene, key))
        drv.frame()
        hovered = scene.hover_card
        assert hovered is not None and scene.detail_rect is not None, key
        assert not scene.detail_rect.colliderect(hovered[2]), (key, scene.detail_rect, hovered[2])


def test_place_beside_keeps_clear_of_the_subject_wherever_it_stands() -> None:
    bounds = pygame.Rect(0, 0, 800, 600)
    for x in range(0, 800, 37):
        for y in range(0, 600, 41):
            subject = pygame.Rect(x, y, 60, 80).clip(bounds)
            box = place_beside((220, 90), subject, bounds)
            assert bounds.contains(box) and not box.colliderect(subject), (subject, box)


def test_the_bar_says_your_turn_only_on_the_players_own_turn() -> None:
    # the cards an eggplant passes on are chosen in another seat's turn: "Ben, your choice", never "your turn"
    from game.artischocken import new_game
    from game.artischocken.table.panels import bar_title

    names = ["Ann", "Ben"]
    seen = set()
    for seed in range(40):
        game = new_game(2, seed=seed, round_limit=30)
        while not game.is_over and len(seen) < 2:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            own = view["turn"]["player"] == seat
            assert bar_title(view, names) == t("table.your_turn" if own else "table.your_choice", name=names[seat])
            seen.add(own)
            game.apply(random.Random(seed).choice(game.legal_actions()))
        if len(seen) == 2:
            break
    assert seen == {True, False}
