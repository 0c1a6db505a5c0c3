"""Moving cards between the zones of a game: decks, discards, the garden row and stack (pure).

Functions of the game (``engine.Game``, typed only): the deck reshuffle (A-T6), revealing a deck's top card,
the row refill (A-T1) with its four-alike reshuffles (A-T2). Shared by the turn flow, the card effects and
the loader; every event they cause goes to ``game.log``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.artischocken.engine.cards import (
    MAX_RESHUFFLES,
    ROW_SIZE,
    can_form_row,
    four_alike,
    shuffle,
)

if TYPE_CHECKING:
    from game.artischocken.engine.game import Game


def reshuffle(game: Game, seat: int) -> None:
    """A-T6/A-C-POTATO/A-C-LEEK: the empty deck becomes the shuffled discard."""
    deck = game.decks[seat]
    discard = game.discards[seat]
    deck.extend(discard)
    discard.clear()
    shuffle(deck, game.rng)
    game.known[seat] = 0
    game.log.append(("shuffle", seat, (), "discard", "deck", None, None, None))


def reveal_top(game: Game, seat: int) -> str | None:
    """Take the top card of seat's deck (reshuffling an empty deck first); None when both are empty."""
    deck = game.decks[seat]
    if not deck:
        if not game.discards[seat]:
            return None
        reshuffle(game, seat)
    if game.known[seat]:
        game.known[seat] -= 1
    return deck.pop()


def fill_row(game: Game) -> list[str]:
    """Deal from the stack until the row holds 5 (or the stack is empty); the cards dealt, in order."""
    row, stack = game.row, game.stack
    need = ROW_SIZE - len(row)
    if need <= 0 or not stack:
        return []
    if need >= len(stack):
        dealt = stack[::-1]
        stack.clear()
    else:
        dealt = stack[-need:]
        del stack[-need:]
        dealt.reverse()
    row.extend(dealt)
    return dealt


def refill(game: Game, seat: int, by: str | None = None) -> None:
    """A-T1 refill and A-T2 four-alike reshuffles with their stopping condition."""
    dealt = fill_row(game)
    if dealt:
        game.log.append(("refill", seat, tuple(dealt), "garden_stack", "garden_row", None, by, None))
    four_alike_check(game, seat, by)


def four_alike_check(game: Game, seat: int, by: str | None) -> None:
    """A-T2: reshuffle the row into the stack while it shows 4 alike and a valid row can exist."""
    row, stack = game.row, game.stack
    if not four_alike(row) or not can_form_row(row + stack):
        return
    tries = 0
    while True:
        game.log.append(("four_alike", seat, tuple(row), "garden_row", "garden_stack", None, by, None))
        stack.extend(row)
        row.clear()
        shuffle(stack, game.rng)
        tries += 1
        if tries >= MAX_RESHUFFLES:
            deal_without_four(game, seat, by)
            return
        dealt = fill_row(game)
        game.log.append(("refill", seat, tuple(dealt), "garden_stack", "garden_row", None, by, None))
        if not four_alike(row):
            return


def deal_without_four(game: Game, seat: int, by: str | None) -> None:
    """Deal from the top of the (shuffled) stack, skipping cards that would make a fourth alike."""
    row, stack = game.row, game.stack
    i = len(stack) - 1
    while len(row) < ROW_SIZE and i >= 0:
        if row.count(stack[i]) < 3:
            row.append(stack.pop(i))
        i -= 1
    game.log.append(("refill", seat, tuple(row), "garden_stack", "garden_row", None, by, None))
