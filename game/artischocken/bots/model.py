"""A learned end-of-turn evaluation for the card search bot: P(this seat wins) from the position a turn leaves.

The search bot (:mod:`~game.artischocken.bots.search`) plays a turn out in a world it dealt itself from its view
(A-G2) and asks here how good the resulting position is: a logistic model over :func:`features` of the position,
fitted on positions from self-play by :mod:`~game.lab.artischocken.fit` (``python -m game.lab.artischocken.fit``
regenerates :data:`COEF`). Pure: no files are read, the coefficients are constants below.

The model is for two players, seen right after seat ``me`` ended its turn (its new hand drawn, A-T6; the other
seat moves next): the features of ``me`` and of its opponent, each from the seat's hand, deck and discard
(artichokes where they lie, the sizes, what the hand can compost, the chance of an artichoke-free next draw, the
composters in the cycle) and the composters lying in the garden row for the seat to move.
"""

from __future__ import annotations

import math
import operator
from typing import Protocol

from game.artischocken.bots.greedy import compost_potential
from game.artischocken.engine import ARTICHOKE, BROCCOLI, CARROT, EGGPLANT, HAND_SIZE, ONION, POTATO, Game

#: The features of one seat, in the order of :func:`seat_features`.
SEAT_FEATURES: tuple[str, ...] = (
    "arts", "arts_hand", "arts_deck", "arts_discard", "deck", "discard", "hand_compost", "clean", "clean_next",
    "few_arts", "onion", "broccoli", "carrot", "eggplant", "potato", "known_top",
)
#: Every feature of :func:`features`: a bias, the seat that just moved (``me_``), its opponent (``opp_``), and
#: the composters in the garden row (they are there for the opponent, who harvests next).
FEATURES: tuple[str, ...] = ("bias", *(f"me_{f}" for f in SEAT_FEATURES), *(f"opp_{f}" for f in SEAT_FEATURES),
                             "row_composters")
COMPOSTERS = (ONION, BROCCOLI, CARROT, EGGPLANT)


class Position(Protocol):
    """What the features read of a position: a :class:`Game` (a world the bot dealt itself) or a recorded one."""

    hands: list[list[str]]
    decks: list[list[str]]  # top card at the end, as in Game
    discards: list[list[str]]
    known: list[int]
    row: list[str]


def clean_draw_chance(game: Position, seat: int) -> float:
    """The chance that ``seat``'s next draw (A-T6 of its next turn end) holds no artichoke (A-W1), if the hand it
    holds now composts what it can and the rest goes to the discard: hypergeometric over the deck, and over the
    reshuffled discard for the cards the deck cannot give."""
    deck = game.decks[seat]
    d = len(deck)
    a = deck.count(ARTICHOKE)
    if d >= HAND_SIZE:
        return no_artichoke(d, a, HAND_SIZE)
    if a:
        return 0.0
    hand = game.hands[seat]
    discard = game.discards[seat]
    composted = compost_potential(hand, with_carrot=True)
    pool = len(discard) + len(hand) - composted
    arts = discard.count(ARTICHOKE) + hand.count(ARTICHOKE) - composted
    return no_artichoke(pool, arts, min(HAND_SIZE - d, pool))


def end_draw_chance(game: Game, seat: int) -> float:
    """The chance that the draw ``seat`` makes when it ends its turn now (A-T5 discards the hand, A-T6 draws 5)
    holds no artichoke (A-W1): the known cards on top of its deck come first, the rest of the deck in an order
    the seat does not know, then the reshuffled discard (hand included) when the deck runs out."""
    deck = game.decks[seat]
    k = min(game.known[seat], len(deck), HAND_SIZE)
    if k and ARTICHOKE in deck[len(deck) - k:]:
        return 0.0
    need = HAND_SIZE - k
    rest = len(deck) - k
    a = deck.count(ARTICHOKE) if k == 0 else deck[:rest].count(ARTICHOKE)
    if rest >= need:
        return no_artichoke(rest, a, need)
    if a:
        return 0.0
    pool = game.discards[seat] + game.hands[seat]
    return no_artichoke(len(pool), pool.count(ARTICHOKE), min(need - rest, len(pool)))


def no_artichoke(n: int, arts: int, k: int) -> float:
    """P(k cards drawn from n holding ``arts`` artichokes hold none)."""
    if k <= 0 or arts <= 0:
        return 1.0
    if n - arts < k:
        return 0.0
    p = 1.0
    for i in range(k):
        p *= (n - arts - i) / (n - i)
    return p


def seat_numbers(game: Position, seat: int) -> tuple[float, ...]:
    """The features of one seat (:data:`SEAT_FEATURES`, in that order) in a full position (a world the bot dealt
    itself), as a tuple (the search asks for them once per iteration)."""
    hand = game.hands[seat]
    deck = game.decks[seat]
    discard = game.discards[seat]
    cards = hand + deck + discard
    ah, ad, ac = hand.count(ARTICHOKE), deck.count(ARTICHOKE), discard.count(ARTICHOKE)
    arts = ah + ad + ac
    comp = compost_potential(hand, with_carrot=True)
    # the draw after the next one: the cycle without what the hand composts, five cards drawn at random
    left = arts - comp
    cycle = len(cards) - comp
    return (arts, ah, ad, ac, len(deck), len(discard), comp, clean_draw_chance(game, seat),
            no_artichoke(cycle, left, min(HAND_SIZE, cycle)), math.exp(-0.5 * left), cards.count(ONION),
            cards.count(BROCCOLI), cards.count(CARROT), cards.count(EGGPLANT), cards.count(POTATO), game.known[seat])


def seat_features(game: Position, seat: int) -> list[float]:
    """The features of one seat (:data:`SEAT_FEATURES`) in a full position, as floats."""
    return [float(x) for x in seat_numbers(game, seat)]


def row_composters(row: list[str]) -> int:
    """The composters lying in the garden row (the last feature)."""
    return sum(row.count(c) for c in COMPOSTERS)


def features(game: Position, me: int) -> list[float]:
    """The model's input (:data:`FEATURES`) for seat ``me`` of a two-player position."""
    return [1.0, *seat_features(game, me), *seat_features(game, 1 - me), float(row_composters(game.row))]


def win_probability(game: Game, me: int, coef: tuple[float, ...] | None = None) -> float:
    """P(seat ``me`` wins) in a two-player position: 1 or 0 once the game is over (0.5 for a stalemate),
    else the logistic model with ``coef`` (default :data:`COEF`)."""
    if game.is_over:
        w = game.winner
        return 0.5 if w is None else (1.0 if w == me else 0.0)
    return model_probability(game, me, coef)


def model_probability(game: Position, me: int, coef: tuple[float, ...] | None = None) -> float:
    """The logistic model's P(seat ``me`` wins) for a position right after ``me``'s draw, read as if that draw
    had not won (so also for a world whose draw did win: the search bot weighs it by the exact chance). The sum
    over :func:`features` taken part by part (the bias, each seat's weights, the row's), without the list."""
    c = COEF if coef is None else coef
    mine, theirs = _PARTS if coef is None else parts(coef)
    z = (c[0] + sum(map(operator.mul, mine, seat_numbers(game, me)))
         + sum(map(operator.mul, theirs, seat_numbers(game, 1 - me))) + c[-1] * row_composters(game.row))
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z)) if z < 30.0 else 1.0


def parts(coef: tuple[float, ...]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The weights of the seat that just moved and of its opponent, out of a coefficient tuple (:data:`FEATURES`)."""
    n = len(SEAT_FEATURES)
    return coef[1:1 + n], coef[1 + n:1 + 2 * n]


#: The fitted coefficients, one per :data:`FEATURES` entry, printed by
#: ``python -m game.lab.artischocken.fit --games 2000 --seats expert,expert --seed 1`` (21,585 positions;
#: held-out log loss 0.617 against 0.692 for a constant: the game is mostly the luck of the draw).
COEF: tuple[float, ...] = (
    -0.229365,  # bias
    -0.318933,  # me_arts
    -0.0498245,  # me_arts_hand
    -0.109439,  # me_arts_deck
    -0.15967,  # me_arts_discard
    0.0322022,  # me_deck
    0.0634548,  # me_discard
    0.112225,  # me_hand_compost
    0.714813,  # me_clean
    -0.381456,  # me_clean_next
    0.13087,  # me_few_arts
    0.0155601,  # me_onion
    -0.115304,  # me_broccoli
    -0.0350282,  # me_carrot
    -0.162164,  # me_eggplant
    0.086044,  # me_potato
    0,  # me_known_top
    0.303096,  # opp_arts
    0.087441,  # opp_arts_hand
    0.0960315,  # opp_arts_deck
    0.119624,  # opp_arts_discard
    -0.00194952,  # opp_deck
    -0.0156775,  # opp_discard
    -0.122581,  # opp_hand_compost
    -1.51632,  # opp_clean
    -0.36406,  # opp_clean_next
    -0.65799,  # opp_few_arts
    -0.0702297,  # opp_onion
    0.115184,  # opp_broccoli
    0.0995067,  # opp_carrot
    0.189762,  # opp_eggplant
    -0.156716,  # opp_potato
    0,  # opp_known_top
    -0.0447366,  # row_composters
)
_PARTS = parts(COEF)
