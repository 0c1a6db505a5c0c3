"""What each card does (A-C-*) and how each pending decision is answered, as dispatch tables (pure).

:data:`PLAY_EFFECTS` maps every playable card to one function ``effect(game, action, seat, hand)``, which
``Game.apply`` calls once the card has left the hand and lies on the table (A-T4); :data:`CHOOSE_EFFECTS`
maps every pending decision kind (``leek``, ``peas``, ``rhubarb``, ``eggplant``) to
``answer(game, action, pending)``. The actions reaching them are already checked legal by ``Game.apply``;
randomness only through ``game.rng``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.artischocken.engine.cards import (
    ARTICHOKE,
    BEET,
    BROCCOLI,
    CARROT,
    CORN,
    DISCARD_EVENTS,
    EGGPLANT,
    LEEK,
    ONE,
    ONION,
    PEAS,
    PEPPER,
    POTATO,
    RHUBARB,
    Action,
    shuffle,
)
from game.artischocken.engine.zones import refill, reveal_top

if TYPE_CHECKING:
    from game.artischocken.engine.game import Game

PlayEffect = Callable[["Game", Action, int, list[str]], None]
ChooseEffect = Callable[["Game", Action, dict[str, Any]], None]


# --- playing cards (A-C-*) --------------------------------------------------------------------------------

def play_broccoli(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-BROCCOLI: compost one of 3+ artichokes."""
    hand.remove(ARTICHOKE)
    game.log.append(("compost", p, (ARTICHOKE,), "hand", "compost", None, BROCCOLI, None))
    game.compost.append(ARTICHOKE)
    game.discards[p].append(BROCCOLI)  # A-T4: from the table to the discard
    game.log.append(DISCARD_EVENTS[p][BROCCOLI])


def play_carrot(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-CARROT: compost the carrot and two artichokes; nothing else this turn."""
    hand.remove(ARTICHOKE)
    hand.remove(ARTICHOKE)
    game.compost.extend((CARROT, ARTICHOKE, ARTICHOKE))
    game.log.append(("compost", p, (CARROT, ARTICHOKE, ARTICHOKE), "hand", "compost", None, CARROT, None))


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


def play_eggplant(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-EGGPLANT: compost it with an artichoke; then every seat with cards passes 2 to the left."""
    hand.remove(ARTICHOKE)
    game.compost.extend((EGGPLANT, ARTICHOKE))
    game.log.append(("compost", p, (EGGPLANT, ARTICHOKE), "hand", "compost", None, EGGPLANT, None))
    n = game.players
    hands = game.hands
    queue = [s for s in ((p + i) % n for i in range(n)) if hands[s]]
    if queue:
        game.pending = {"kind": "eggplant", "seat": p, "queue": queue, "chosen": {}}
    else:
        game.log.append(("pass_done", p, (), None, None, None, EGGPLANT, None))


def play_potato(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-POTATO: reveal the own deck's top card; an artichoke is composted, anything else discarded."""
    top = reveal_top(game, p)
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
    game.log.append(DISCARD_EVENTS[p][POTATO])


def play_peas(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-PEAS: reveal the stack's top 2; the seat then keeps one and gives the other (a decision)."""
    stack = game.stack
    revealed = [stack.pop(), stack.pop()]
    game.log.append(("reveal", p, tuple(revealed), "garden_stack", "revealed", None, PEAS, None))
    game.in_play = PEAS
    game.pending = {"kind": "peas", "seat": p, "revealed": revealed}


def play_leek(game: Game, action: Action, p: int, hand: list[str]) -> None:
    """A-C-LEEK: reveal an opponent's top deck card; the seat then takes or leaves it (a decision)."""
    t = action.target
    assert t is not None
    top = reveal_top(game, t)
    assert top is not None
    game.log.append(("reveal", p, ONE[top], "deck", "revealed", t, LEEK, None))
    game.in_play = LEEK
    game.pending = {"kind": "leek", "seat": p, "target": t, "revealed": [top]}


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
    game.discards[p].append(PEPPER)  # A-T4: from the table to the discard
    game.log.append(DISCARD_EVENTS[p][PEPPER])


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
    game.log.append(DISCARD_EVENTS[p][BEET])


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
    refill(game, p, by=RHUBARB)
    game.pending = {"kind": "rhubarb", "seat": p}


#: A-C-*: the effect of each playable card (every card but the artichoke).
PLAY_EFFECTS: dict[str, PlayEffect] = {
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


# --- answering pending decisions --------------------------------------------------------------------------

def choose_eggplant(game: Game, action: Action, pending: dict[str, Any]) -> None:
    """A-C-EGGPLANT: one seat's pass; when all have chosen, all cards move at once to the left."""
    log = game.log
    seat = pending["queue"].pop(0)
    pending["chosen"][seat] = action.cards
    log.append(("pass_choice", seat, action.cards, "hand", None, None, EGGPLANT, (seat,)))
    if pending["queue"]:
        return
    n = game.players
    chosen: dict[int, tuple[str, ...]] = pending["chosen"]
    hands = game.hands
    for s, cards in chosen.items():
        for c in cards:
            hands[s].remove(c)
    for s, cards in chosen.items():
        to = (s + 1) % n
        hands[to].extend(cards)
        log.append(("pass", s, cards, "hand", "hand", to, EGGPLANT, (s, to)))
    game.pending = None


def choose_rhubarb(game: Game, action: Action, pending: dict[str, Any]) -> None:
    """A-C-RHUBARB: the row card taken into the hand."""
    seat = pending["seat"]
    game.pending = None
    card = action.card
    assert card is not None
    game.row.remove(card)
    game.hands[seat].append(card)
    game.log.append(("take", seat, ONE[card], "garden_row", "hand", None, RHUBARB, None))


def choose_leek(game: Game, action: Action, pending: dict[str, Any]) -> None:
    """A-C-LEEK: take the revealed card into the hand or leave it on the opponent's discard."""
    seat = pending["seat"]
    game.pending = None
    played = game.in_play
    assert played is not None
    game.in_play = None
    top = pending["revealed"][0]
    t = pending["target"]
    if action.option == "take":
        game.hands[seat].append(top)
        game.log.append(("take", seat, ONE[top], "revealed", "hand", t, LEEK, None))
    else:
        game.discards[t].append(top)
        game.log.append(("leave", seat, ONE[top], "revealed", "discard", t, LEEK, None))
    game.discards[seat].append(played)  # A-T4: from the table to the discard
    game.log.append(DISCARD_EVENTS[seat][played])


def choose_peas(game: Game, action: Action, pending: dict[str, Any]) -> None:
    """A-C-PEAS: keep one revealed card on the own discard, the other onto the chosen opponent's."""
    seat = pending["seat"]
    game.pending = None
    played = game.in_play
    assert played is not None
    game.in_play = None
    keep = action.card
    assert keep is not None
    revealed = list(pending["revealed"])
    revealed.remove(keep)
    other = revealed[0]
    t = action.target
    assert t is not None
    log = game.log
    game.discards[seat].append(keep)
    log.append(("move", seat, ONE[keep], "revealed", "discard", seat, PEAS, None))
    game.discards[t].append(other)
    log.append(("give", seat, ONE[other], "revealed", "discard", t, PEAS, None))
    game.discards[seat].append(played)  # A-T4: from the table to the discard
    game.log.append(DISCARD_EVENTS[seat][played])


#: How each pending decision kind is answered (a ``choose`` action).
CHOOSE_EFFECTS: dict[str, ChooseEffect] = {
    "leek": choose_leek,
    "peas": choose_peas,
    "rhubarb": choose_rhubarb,
    "eggplant": choose_eggplant,
}
