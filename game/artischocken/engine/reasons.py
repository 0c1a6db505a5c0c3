"""Why a card or an action is not legal now (pure; part of the engine).

:func:`why_unplayable` gives the reason id of :data:`~game.artischocken.engine.cards.UNPLAYABLE_REASONS` for a
card; :func:`match` finds the legal action meant by a lenient form of it (cards as a list, an eggplant pass
in any order, a left-out target with one opponent) or raises IllegalAction with :func:`illegal_message`.
Functions of the game (``engine.Game``, typed only); nothing here changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.artischocken.engine.cards import (
    ACTION_KINDS,
    ARTICHOKE,
    BEET,
    BROCCOLI,
    CANON,
    CARD_SET,
    CARROT,
    CORN,
    EGGPLANT,
    LEEK,
    ONION,
    PEAS,
    PEPPER,
    POTATO,
    Action,
    IllegalAction,
)

if TYPE_CHECKING:
    from game.artischocken.engine.game import Game


def why_unplayable(game: Game, card: str, player: int | None = None) -> str | None:
    """None when ``player`` (default: the seat to act) may play ``card`` now, else a reason id.

    The reason ids are :data:`UNPLAYABLE_REASONS`; the text is ``artischocken.unplayable.<id>``.
    """
    card = CANON.get(card, card)
    if card not in CARD_SET:
        return "unknown_card"
    if game.is_over:
        return "game_over"
    seat = game.player if player is None else player
    if seat != game.player:
        return "not_your_turn"
    if game.pending is not None:
        return "decision_pending"
    if game.phase != "play":
        return "not_play_phase"
    hand = game.hands[seat]
    if card not in hand:
        return "not_in_hand"
    if CARROT in game.played:
        return "after_carrot"
    arts = hand.count(ARTICHOKE)
    others = [t for t in range(game.players) if t != seat]
    if card is ARTICHOKE:
        return "artichoke"
    if card is BROCCOLI:
        return None if arts >= 3 else "needs_three_artichokes"
    if card in (EGGPLANT, ONION):
        return None if arts else "needs_artichoke"
    if card is CARROT:
        if game.played:
            return "carrot_not_first"
        return None if arts >= 2 else "needs_two_artichokes"
    if card is POTATO:
        return None if (game.decks[seat] or game.discards[seat]) else "needs_deck_or_discard"
    if card is PEAS:
        return None if len(game.stack) >= 2 else "needs_two_stack_cards"
    if card is LEEK:
        return None if any(game.decks[t] or game.discards[t] for t in others) else "no_leek_target"
    if card is CORN:
        if not arts:
            return "needs_artichoke"
        return None if game.row else "needs_row_card"
    if card is PEPPER:
        return None if game.discards[seat] else "needs_discard_card"
    if card is BEET:
        if len(hand) < 2:
            return "needs_other_hand_card"
        return None if any(game.hands[t] for t in others) else "no_beet_target"
    # rhubarb
    return None if (game.row or game.stack) else "needs_row_or_stack"


def match(game: Game, action: object, legal: list[Action]) -> Action:
    """The legal action equal to ``action`` (eggplant passes in any card order), else IllegalAction."""
    if not isinstance(action, Action):
        raise IllegalAction(f"expected an Action, got {type(action).__name__}")
    for act in legal:
        if act == action:
            return act
    # Lenient forms of the same decision: cards given as a list or (for an eggplant pass) in any order,
    # and a left-out target where only one opponent exists.
    cards = action.cards
    if not isinstance(cards, tuple | list) or not all(isinstance(c, str) for c in cards):
        raise IllegalAction(f"{action}: cards must be a tuple of card ids")
    cards = tuple(cards)
    if action.kind == "choose" and action.card is None and action.option is None:
        cards = tuple(sorted(cards))
    target = action.target
    if target is None and game.players == 2:
        target = 1 - (game.current_player or 0)
    for candidate in (Action(action.kind, action.card, action.target, cards, action.option),
                      Action(action.kind, action.card, target, cards, action.option)):
        for act in legal:
            if act == candidate:
                return act
    raise IllegalAction(illegal_message(game, action))

def illegal_message(game: Game, action: Action) -> str:
    """Why ``action`` is not legal now, for the IllegalAction message."""
    if game.is_over:
        return "the game is over; no action is possible"
    if action.kind not in ACTION_KINDS:
        return f"unknown action kind {action.kind!r} (one of {', '.join(ACTION_KINDS)})"
    seat = game.current_player
    if game.pending is not None:
        return (f"seat {seat} must first answer the pending {game.pending['kind']} decision with a "
                f"'choose' action; {action} is not one of its options")
    if action.kind == "play" and isinstance(action.card, str) and game.phase == "play":
        reason = why_unplayable(game, action.card)
        if reason is not None:
            return f"seat {seat} cannot play {action.card!r} now ({reason})"
        return f"{action} is not a legal way to play {action.card!r} now (check target/cards)"
    return f"{action} is not legal for seat {seat} in phase {game.phase!r}"
