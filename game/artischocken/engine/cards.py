"""Artischocken card ids, constants, ``Action``, ``IllegalAction`` and the cached action tables (pure).

``legal_actions()`` hands out the shared :class:`Action` instances built here, so that no Action is built on
the hot path and ``apply()`` recognises them by identity. Card strings coming from outside are interned
through :data:`CANON` so that identity comparisons (``card is CARROT``) stay valid.

Also here: the event tuple layout and the Fisher-Yates shuffle with the game's generator (shared by the turn
flow and the card effects).
"""

from __future__ import annotations

import random
from contextlib import suppress
from dataclasses import dataclass
from math import trunc
from typing import Any, ClassVar

FORMAT = "artischocken/1"

ARTICHOKE = "artichoke"
EGGPLANT = "eggplant"
BROCCOLI = "broccoli"
PEAS = "peas"
CARROT = "carrot"
POTATO = "potato"
LEEK = "leek"
CORN = "corn"
PEPPER = "pepper"
BEET = "beet"
ONION = "onion"
RHUBARB = "rhubarb"

#: The ten vegetables of the garden stack (A-S2), without the rhubarb variant.
VEGETABLES: tuple[str, ...] = (EGGPLANT, BROCCOLI, PEAS, CARROT, POTATO, LEEK, CORN, PEPPER, BEET, ONION)
#: Every card id the engine knows.
CARDS: tuple[str, ...] = (ARTICHOKE, *VEGETABLES, RHUBARB)
CARD_SET = frozenset(CARDS)
#: Intern card strings coming from outside so that identity comparisons stay fast.
CANON: dict[str, str] = {c: c for c in CARDS}

PHASES = ("refill", "harvest", "play", "over")
ZONES = ("hand", "deck", "discard", "garden_stack", "garden_row", "compost", "table", "revealed")
#: The decisions that can be pending after a card (answered with a ``choose`` action; see ``decisions``).
PENDING_KINDS = ("leek", "peas", "rhubarb", "eggplant")

DECK_ARTICHOKES = 10  # A-S1
HAND_SIZE = 5  # A-S1, A-T6
ROW_SIZE = 5  # A-T1
PER_VEGETABLE = 6  # A-S2
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: Safety net for A-T2: after this many reshuffles in a row the row is dealt without a fourth alike
#: (only reachable in contrived scenario positions; real games stop within a few tries).
MAX_RESHUFFLES = 500


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the game is left unchanged."""


@dataclass(frozen=True)
class Action:
    """One decision. See docs/design.md for the meaning of each field per ``kind``.

    Its hash is computed once (the search bots look actions up in dicts millions of times a second) and kept
    beside the fields, not as one (the contract names exactly five); a pickled action is rebuilt from its fields,
    so an action from another process (other string hashes) is the same dict key here."""

    kind: str
    card: str | None = None
    target: int | None = None
    cards: tuple[str, ...] = ()
    option: str | None = None
    _hash: ClassVar[int | None] = None  # per instance once computed (a ClassVar is no dataclass field)

    def __post_init__(self) -> None:
        with suppress(TypeError):  # a malformed action (say, a list for a card): the engine refuses it, A-G3
            object.__setattr__(self, "_hash", hash(self._fields()))

    def _fields(self) -> tuple[Any, ...]:
        return (self.kind, self.card, self.target, self.cards, self.option)

    def __hash__(self) -> int:
        h = self._hash
        return hash(self._fields()) if h is None else h  # unhashable fields raise TypeError, as they did

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Action, self._fields())


ACTION_KINDS = ("harvest", "play", "choose", "end_play")

#: A ``play`` whose ``cards`` names one card picks it from this zone of the player's: corn a garden-row card,
#: pepper a card of the own discard (A-C-CORN, A-C-PEPPER). Tables show the pick in that zone.
CHOICE_ZONE: dict[str, str] = {"corn": "garden_row", "pepper": "discard"}

#: Events after which an action can no longer be taken back (``Game.push``): something hidden came to
#: light, chance was used, or a new turn began.
UNDO_BARRIERS = frozenset({"reveal", "refill", "four_alike", "shuffle", "draw", "swap", "pass", "pass_choice",
                           "under_stack", "win", "stalemate", "turn"})

#: Reason ids for ``Game.why_unplayable`` (a card's own reasons come from its rule in ``card_rules``); the
#: catalogue has "artischocken.unplayable.<id>" for each.
UNPLAYABLE_REASONS = (
    "game_over", "not_your_turn", "not_play_phase", "decision_pending", "not_in_hand", "after_carrot",
    "artichoke", "needs_artichoke", "needs_three_artichokes", "needs_two_artichokes", "carrot_not_first",
    "needs_two_stack_cards", "needs_deck_or_discard", "no_leek_target", "needs_row_card",
    "needs_discard_card", "needs_other_hand_card", "no_beet_target", "needs_row_or_stack",
    "variant_off", "unknown_card",
)

# --------------------------------------------------------------------------------------------------------
# Cached action objects (shared instances; see the module docstring).

END_PLAY = Action("end_play")
HARVEST_ACTS = {c: Action("harvest", c) for c in CARDS}
PLAY_ACTS = {c: Action("play", c) for c in CARDS}
#: Plays that name an opponent: (card, target seat) -> Action.
PLAY_TARGET_ACTS: dict[tuple[str, int], Action] = {
    (c, t): Action("play", c, target=t) for c in (LEEK, BEET, ONION) for t in range(MAX_PLAYERS)
}
#: Plays that name a card at once (corn's row card, pepper's discard card): (card, chosen) -> Action.
PLAY_CARD_ACTS: dict[tuple[str, str], Action] = {
    (c, x): Action("play", c, cards=(x,)) for c in (CORN, PEPPER) for x in CARDS
}
CORN_ACTS = {x: PLAY_CARD_ACTS[CORN, x] for x in CARDS}
PEPPER_ACT = {x: PLAY_CARD_ACTS[PEPPER, x] for x in CARDS}.__getitem__
LEEK_TAKE = Action("choose", option="take")
LEEK_LEAVE = Action("choose", option="leave")
#: Peas: (card kept, opponent who gets the other) -> Action.
PEAS_ACTS: dict[tuple[str, int], Action] = {
    (c, t): Action("choose", c, target=t) for c in CARDS for t in range(MAX_PLAYERS)
}
RHUBARB_ACTS: dict[str, Action] = {c: Action("choose", c) for c in CARDS}
#: Peas answers per player count and seat: card kept -> one action per opponent (who gets the other card).
PEAS_CHOICES = {n: tuple({c: tuple(PEAS_ACTS[c, t] for t in range(n) if t != p) for c in CARDS} for p in range(n))
                for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
#: Onion plays per player count and seat (every opponent as target).
ONION_ACTS = {n: tuple(tuple(PLAY_TARGET_ACTS[ONION, t] for t in range(n) if t != p) for p in range(n))
              for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
#: Leek and beet plays per player count and seat: (opponent, action) for every opponent.
LEEK_TARGETS = {n: tuple(tuple((t, PLAY_TARGET_ACTS[LEEK, t]) for t in range(n) if t != p) for p in range(n))
                for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
BEET_TARGETS = {n: tuple(tuple((t, PLAY_TARGET_ACTS[BEET, t]) for t in range(n) if t != p) for p in range(n))
                for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


# Event tuple layout: (what, seat, cards, src, dst, target, by, visible_to)
#   cards: tuple of card ids; visible_to: None (public) or a tuple of seats that may see the card names.
Event = tuple[str, int | None, tuple[str, ...], str | None, str | None, int | None, str | None,
              tuple[int, ...] | None]
EVENT_KEYS = ("what", "seat", "cards", "from", "to", "target", "by", "visible_to")

# Shared event tuples for the most frequent events (tuples are immutable: one instance serves every game and
# saves building two tuples per event on the hot path).
#: One card as an event's ``cards``.
ONE: dict[str, tuple[str]] = {c: (c,) for c in CARDS}
#: A new turn of seat p (A-T1).
TURN_EVENTS: tuple[Event, ...] = tuple(("turn", p, (), None, None, None, None, None) for p in range(MAX_PLAYERS))
#: Seat p harvests a card (A-T3); one card revealed into the row at seat p's refill (A-T1); a played card of
#: seat p goes from the table to its discard (A-T4). Per seat: card -> event.
HARVEST_EVENTS: tuple[dict[str, Event], ...] = tuple(
    {c: ("harvest", p, (c,), "garden_row", "hand", None, None, None) for c in CARDS} for p in range(MAX_PLAYERS))
REFILL_EVENTS: tuple[dict[str, Event], ...] = tuple(
    {c: ("refill", p, (c,), "garden_stack", "garden_row", None, None, None) for c in CARDS}
    for p in range(MAX_PLAYERS))
DISCARD_EVENTS: tuple[dict[str, Event], ...] = tuple(
    {c: ("move", p, (c,), "table", "discard", p, c, None) for c in CARDS} for p in range(MAX_PLAYERS))
#: Seat s draws its first hand of five artichokes (A-S1).
FIRST_DRAWS: tuple[Event, ...] = tuple(
    ("draw", s, (ARTICHOKE,) * HAND_SIZE, "deck", "hand", None, None, (s,)) for s in range(MAX_PLAYERS))


def shuffle(cards: list[str], rng: random.Random) -> None:
    """Fisher-Yates with the game's generator (``rng.random`` based: faster than ``Random.shuffle``).

    For i = n-1 down to 1: j = int(random() * (i + 1)), swap. The steps (i, i + 1 as a float: the same product)
    come from a table, and ``trunc`` is ``int`` for a float (the same index) at a fraction of the cost."""
    rand = rng.random
    n = len(cards)
    for i, k in _FY_STEPS[n] if n < len(_FY_STEPS) else fisher_yates_steps(n):
        j = trunc(rand() * k)
        cards[i], cards[j] = cards[j], cards[i]


def fisher_yates_steps(n: int) -> tuple[tuple[int, float], ...]:
    """The steps of :func:`shuffle` for a list of ``n`` cards: (i, float(i + 1)) for i = n-1 down to 1."""
    return tuple((i, float(i + 1)) for i in range(n - 1, 0, -1))


#: :func:`fisher_yates_steps` for every length a zone can have (all 10 * 4 + 66 cards at most).
_FY_STEPS = [fisher_yates_steps(n) for n in range(DECK_ARTICHOKES * MAX_PLAYERS + PER_VEGETABLE * 11 + 1)]


def seeded_rng(seed: int) -> random.Random:
    """``random.Random(seed)`` (the same state) without the Python-level ``__init__``/``seed`` wrappers."""
    rng = random.Random.__new__(random.Random)
    _C_SEED(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # what Random.seed sets besides the C state
    return rng


#: The C generator's seeding (``random.Random``'s base class), which ``Random.seed`` calls for an int.
_C_SEED = random.Random.__mro__[1].seed  # type: ignore[attr-defined]
