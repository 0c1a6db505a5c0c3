"""Each card's rule (A-C-*), written once: what it needs to be played now, and what it does (pure).

Two tables, one entry per card, read by ``Game``:

- :data:`NEEDS` maps every card to ``needs(game, seat, hand, artichokes, plays)``, which gives the reason id
  (one of :data:`~game.artischocken.engine.cards.UNPLAYABLE_REASONS`) why ``seat`` cannot play the card now
  and adds nothing, or else adds the card's legal ``play`` actions (at least one) to ``plays`` and gives None.
  ``Game.legal_actions`` collects those plays for each card in the hand and ``Game.why_unplayable`` gives the
  reason, so the two cannot disagree. Both first check what holds for every card (the seat's turn, the play
  phase, the card in hand, :data:`CLOSES_PLAY`); ``needs`` is asked only then, with ``artichokes`` the number
  of artichokes in ``hand``. (The plays go into the caller's list rather than a list of their own: this is
  the search bots' hot path.)
- :data:`EFFECTS` maps every playable card to ``effect(game, action, seat, hand)``, which ``Game.apply`` calls
  once the card has left the hand and lies on the table (A-T4). A card whose text asks for a choice after a
  reveal or a shuffle leaves a decision open (:mod:`.decisions`) in ``game.pending``.

Plays come from the shared :class:`~game.artischocken.engine.cards.Action` instances (no Action is built on
the hot path of the search bots). The actions reaching an effect are already checked legal by ``Game.apply``;
randomness only through ``game.rng``. Functions of the game (``engine.Game``, typed only): the cards are a
table of their own, as the rule sheet lists them, and ``Game`` owns the turn and the zones they act on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.artischocken.engine.cards import (
    ARTICHOKE,
    BEET,
    BEET_TARGETS,
    BROCCOLI,
    CARROT,
    CORN,
    CORN_ACTS,
    DISCARD_EVENTS,
    EGGPLANT,
    LEEK,
    LEEK_TARGETS,
    ONE,
    ONION,
    ONION_ACTS,
    PEAS,
    PEPPER,
    PEPPER_ACT,
    PLAY_ACTS,
    POTATO,
    RHUBARB,
    Action,
    shuffle,
)
from game.artischocken.engine.decisions import EggplantDecision, LeekDecision, PeasDecision, RhubarbDecision

if TYPE_CHECKING:
    from game.artischocken.engine.game import Game

#: A card's needs: (game, seat, hand, artichokes in hand, plays) -> the reason it cannot be played, or None
#: once its plays were added to ``plays``.
Needs = Callable[["Game", int, list[str], int, list[Action]], str | None]
#: A card's effect: (game, the play action, seat, hand), once the card lies on the table.
Effect = Callable[["Game", Action, int, list[str]], None]

#: A-C-CARROT: once this card was played, no further card may be played this turn (``Game`` checks it for
#: every card, before asking a card's needs).
CLOSES_PLAY = CARROT


# --- artichoke --------------------------------------------------------------------------------------------

def needs_artichoke(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-ARTICHOKE: no action; never played on its own."""
    return "artichoke"


# --- eggplant ---------------------------------------------------------------------------------------------

def needs_eggplant(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-EGGPLANT: an artichoke in hand."""
    if not arts:
        return "needs_artichoke"
    plays.append(PLAY_ACTS[EGGPLANT])
    return None


def play_eggplant(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-EGGPLANT: compost it with an artichoke; then every seat with cards passes 2 to the left."""
    hand.remove(ARTICHOKE)
    game.compost.extend((EGGPLANT, ARTICHOKE))
    game.log.append(("compost", p, (EGGPLANT, ARTICHOKE), "hand", "compost", None, EGGPLANT, None))
    n = game.players
    hands = game.hands
    queue = tuple(s for s in ((p + i) % n for i in range(n)) if hands[s])
    if queue:
        game.pending = EggplantDecision(p, queue)
    else:
        game.log.append(("pass_done", p, (), None, None, None, EGGPLANT, None))


# --- broccoli ---------------------------------------------------------------------------------------------

def needs_broccoli(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-BROCCOLI: 3 or more artichokes in hand."""
    if arts < 3:
        return "needs_three_artichokes"
    plays.append(PLAY_ACTS[BROCCOLI])
    return None


def play_broccoli(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-BROCCOLI: compost one of 3+ artichokes."""
    hand.remove(ARTICHOKE)
    game.log.append(("compost", p, (ARTICHOKE,), "hand", "compost", None, BROCCOLI, None))
    game.compost.append(ARTICHOKE)
    game.discards[p].append(BROCCOLI)  # A-T4: from the table to the discard
    game.log.append(DISCARD_EVENTS[p][BROCCOLI])


# --- peas -------------------------------------------------------------------------------------------------

def needs_peas(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-PEAS: 2 cards in the garden stack."""
    if len(game.stack) < 2:
        return "needs_two_stack_cards"
    plays.append(PLAY_ACTS[PEAS])
    return None


def play_peas(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-PEAS: reveal the stack's top 2; the seat then keeps one and gives the other (a decision)."""
    stack = game.stack
    revealed = (stack.pop(), stack.pop())
    game.log.append(("reveal", p, revealed, "garden_stack", "revealed", None, PEAS, None))
    game.pending = PeasDecision(p, revealed)


# --- carrot -----------------------------------------------------------------------------------------------

def needs_carrot(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-CARROT: no other vegetable played this turn, and 2 artichokes in hand."""
    if game.played:
        return "carrot_not_first"
    if arts < 2:
        return "needs_two_artichokes"
    plays.append(PLAY_ACTS[CARROT])
    return None


def play_carrot(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-CARROT: compost the carrot and two artichokes; nothing else this turn (:data:`CLOSES_PLAY`)."""
    hand.remove(ARTICHOKE)
    hand.remove(ARTICHOKE)
    game.compost.extend((CARROT, ARTICHOKE, ARTICHOKE))
    game.log.append(("compost", p, (CARROT, ARTICHOKE, ARTICHOKE), "hand", "compost", None, CARROT, None))


# --- potato -----------------------------------------------------------------------------------------------

def needs_potato(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-POTATO: a card in the own deck or discard."""
    if not (game.decks[p] or game.discards[p]):
        return "needs_deck_or_discard"
    plays.append(PLAY_ACTS[POTATO])
    return None


def play_potato(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-POTATO: reveal the own deck's top card; an artichoke is composted, anything else discarded."""
    top = game.reveal_top(p)
    assert top is not None
    log = game.log
    log.append(("reveal", p, ONE[top], "deck", "revealed", p, POTATO, None))
    if top is ARTICHOKE:
        game.compost.append(top)
        log.append(("compost", p, ONE[top], "revealed", "compost", None, POTATO, None))
    else:
        game.discards[p].append(top)
        log.append(("move", p, ONE[top], "revealed", "discard", p, POTATO, None))
    game.discards[p].append(POTATO)  # A-T4: from the table to the discard
    log.append(DISCARD_EVENTS[p][POTATO])


# --- leek -------------------------------------------------------------------------------------------------

def needs_leek(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-LEEK: an opponent with a card in deck or discard (one play per such opponent)."""
    decks, discards = game.decks, game.discards
    before = len(plays)
    for t, act in LEEK_TARGETS[game.players][p]:
        if decks[t] or discards[t]:
            plays.append(act)
    return None if len(plays) > before else "no_leek_target"


def play_leek(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-LEEK: reveal an opponent's top deck card; the seat then takes or leaves it (a decision)."""
    t = action.target
    assert t is not None
    top = game.reveal_top(t)
    assert top is not None
    game.log.append(("reveal", p, ONE[top], "deck", "revealed", t, LEEK, None))
    game.pending = LeekDecision(p, t, ONE[top])


# --- corn -------------------------------------------------------------------------------------------------

def needs_corn(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-CORN: an artichoke in hand and a card in the garden row (one play per distinct row card)."""
    if not arts:
        return "needs_artichoke"
    row = game.row
    if not row:
        return "needs_row_card"
    seen = []  # (a plain loop: cheaper than dict.fromkeys for five cards)
    for x in row:
        if x not in seen:
            seen.append(x)
            plays.append(CORN_ACTS[x])
    return None


def play_corn(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-CORN: corn and an artichoke to the discard, a row card face down on top of the own deck."""
    x = action.cards[0]
    hand.remove(ARTICHOKE)
    discard = game.discards[p]
    discard.append(ARTICHOKE)
    discard.append(CORN)
    log = game.log
    log.append(("move", p, (ARTICHOKE, CORN), "hand", "discard", p, CORN, None))
    game.row.remove(x)
    game.decks[p].append(x)
    game.known[p] += 1
    log.append(("to_deck", p, ONE[x], "garden_row", "deck", p, CORN, None))


# --- pepper -----------------------------------------------------------------------------------------------

def needs_pepper(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-PEPPER: a card in the own discard (one play per distinct card there)."""
    discard = game.discards[p]
    if not discard:
        return "needs_discard_card"
    plays += map(PEPPER_ACT, dict.fromkeys(discard))
    return None


def play_pepper(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-PEPPER: a card of the own discard (its topmost copy) face down on top of the own deck."""
    x = action.cards[0]
    discard = game.discards[p]
    idx = len(discard) - 1
    while discard[idx] != x:
        idx -= 1
    del discard[idx]
    game.decks[p].append(x)
    game.known[p] += 1
    game.log.append(("to_deck", p, ONE[x], "discard", "deck", p, PEPPER, None))
    discard.append(PEPPER)  # A-T4: from the table to the discard
    game.log.append(DISCARD_EVENTS[p][PEPPER])


# --- beet -------------------------------------------------------------------------------------------------

def needs_beet(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-BEET: another card in hand and an opponent with a card in hand (one play per such opponent)."""
    if len(hand) < 2:
        return "needs_other_hand_card"
    hands = game.hands
    before = len(plays)
    for t, act in BEET_TARGETS[game.players][p]:
        if hands[t]:
            plays.append(act)
    return None if len(plays) > before else "no_beet_target"


def play_beet(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-BEET: swap a random own card with a random card of an opponent; two artichokes are composted."""
    t = action.target
    assert t is not None
    theirs = game.hands[t]
    rng = game.rng
    mine_i = rng.randrange(len(hand))
    theirs_i = rng.randrange(len(theirs))
    got = theirs.pop(theirs_i)
    gave = hand.pop(mine_i)
    log = game.log
    if got is ARTICHOKE and gave is ARTICHOKE:
        game.compost.extend((ARTICHOKE, ARTICHOKE))
        log.append(("compost", p, (ARTICHOKE, ARTICHOKE), "hand", "compost", t, BEET, None))
    else:
        hand.append(got)
        theirs.append(gave)
        log.append(("swap", p, ONE[got], "hand", "hand", t, BEET, (p, t)))
        log.append(("swap", t, ONE[gave], "hand", "hand", p, BEET, (p, t)))
    game.discards[p].append(BEET)  # A-T4: from the table to the discard
    log.append(DISCARD_EVENTS[p][BEET])


# --- onion ------------------------------------------------------------------------------------------------

def needs_onion(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-ONION: an artichoke in hand (one play per opponent)."""
    if not arts:
        return "needs_artichoke"
    plays += ONION_ACTS[game.players][p]
    return None


def play_onion(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-ONION: compost an artichoke, the onion goes onto an opponent's discard."""
    hand.remove(ARTICHOKE)
    game.compost.append(ARTICHOKE)
    log = game.log
    log.append(("compost", p, (ARTICHOKE,), "hand", "compost", None, ONION, None))
    t = action.target
    assert t is not None
    game.discards[t].append(ONION)
    log.append(("give", p, (ONION,), "table", "discard", t, ONION, None))


# --- rhubarb (variant) ------------------------------------------------------------------------------------

def needs_rhubarb(game: Game, p: int, hand: list[str], arts: int, plays: list[Action]) -> str | None:
    """A-C-RHUBARB: a card in the garden row or stack."""
    if not (game.row or game.stack):
        return "needs_row_or_stack"
    plays.append(PLAY_ACTS[RHUBARB])
    return None


def play_rhubarb(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-RHUBARB: compost it, the row goes shuffled under the stack, refill, then take a row card."""
    game.compost.append(RHUBARB)
    game.log.append(("compost", p, (RHUBARB,), "table", "compost", None, RHUBARB, None))
    row = game.row
    if row:
        moved = list(row)
        row.clear()
        shuffle(moved, game.rng)
        game.stack[:0] = moved  # under the stack (the stack's top is the list's end)
        game.log.append(("under_stack", p, tuple(moved), "garden_row", "garden_stack", None, RHUBARB, None))
    game.refill(p, by=RHUBARB)
    game.pending = RhubarbDecision(p)


#: A-C-*: what each card needs to be played now (every card, the artichoke included).
NEEDS: dict[str, Needs] = {
    ARTICHOKE: needs_artichoke,
    EGGPLANT: needs_eggplant,
    BROCCOLI: needs_broccoli,
    PEAS: needs_peas,
    CARROT: needs_carrot,
    POTATO: needs_potato,
    LEEK: needs_leek,
    CORN: needs_corn,
    PEPPER: needs_pepper,
    BEET: needs_beet,
    ONION: needs_onion,
    RHUBARB: needs_rhubarb,
}

#: A-C-*: what each playable card does (every card but the artichoke).
EFFECTS: dict[str, Effect] = {
    EGGPLANT: play_eggplant,
    BROCCOLI: play_broccoli,
    PEAS: play_peas,
    CARROT: play_carrot,
    POTATO: play_potato,
    LEEK: play_leek,
    CORN: play_corn,
    PEPPER: play_pepper,
    BEET: play_beet,
    ONION: play_onion,
    RHUBARB: play_rhubarb,
}
