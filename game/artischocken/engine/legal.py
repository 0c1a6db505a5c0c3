"""Tables behind ``Game.legal_actions`` (pure; part of the engine).

:func:`pending_actions` lists the answers to a pending decision (the play phase's actions are worked out in
``Game.legal_actions`` itself, in one pass over the hand). Functions of the game (``engine.Game``, typed only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.artischocken.engine.cards import (
    CACHE_LIMIT,
    LEEK_LEAVE,
    LEEK_TAKE,
    PASS_CACHE,
    PEAS_CHOICES,
    RHUBARB_ACTS,
    Action,
    distinct,
    pass_action,
)

if TYPE_CHECKING:
    from game.artischocken.engine.game import Game


def pending_actions(game: Game, pending: dict[str, Any]) -> list[Action]:
    """The answers to the pending decision (``choose`` actions)."""
    kind = pending["kind"]
    if kind == "leek":
        return [LEEK_TAKE, LEEK_LEAVE]
    if kind == "peas":
        first, second = pending["revealed"]
        choices = PEAS_CHOICES[game.players][pending["seat"]]
        out = list(choices[first])
        if second != first:
            out.extend(choices[second])
        return out
    if kind == "rhubarb":
        return [RHUBARB_ACTS[c] for c in distinct(game.row)]
    # eggplant: this seat chooses which cards (2, or all it has if fewer) it passes on
    seat = pending["queue"][0]
    key = tuple(sorted(game.hands[seat]))
    legal = PASS_CACHE.get(key)
    if legal is None:
        if len(key) <= 2:
            legal = [pass_action(key)]
        else:
            m = len(key)
            combos = dict.fromkeys((key[i], key[j]) for i in range(m) for j in range(i + 1, m))
            legal = [pass_action(c) for c in combos]
        if len(PASS_CACHE) > CACHE_LIMIT:
            PASS_CACHE.clear()
        PASS_CACHE[key] = legal
    return legal
