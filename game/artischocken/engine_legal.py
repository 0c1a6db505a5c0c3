"""Tables behind ``Game.legal_actions`` (pure; part of the engine).

:func:`play_plan` turns a hand into the cards that its artichokes and size allow to be played (A-C-*: the
artichoke needs of eggplant, broccoli, carrot, corn, onion, and the beet's second hand card), in first-seen
order, cached per hand; ``Game`` then checks only what depends on the rest of the table. :func:`pending_actions`
lists the answers to a pending decision. Functions of the game (``engine.Game``, typed only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.artischocken.engine_cards import (
    ARTICHOKE,
    BROCCOLI,
    CACHE_LIMIT,
    CARROT,
    CORN,
    EGGPLANT,
    LEEK_LEAVE,
    LEEK_TAKE,
    ONION,
    PASS_CACHE,
    PEAS_ACTS,
    RHUBARB_ACTS,
    Action,
    distinct,
    pass_action,
)

if TYPE_CHECKING:
    from game.artischocken.engine import Game

#: The play plan per hand (the hand as a tuple, in order): a bounded cache.
PLAY_PLANS: dict[tuple[Any, ...], tuple[str, ...]] = {}


def play_plan(key: tuple[Any, ...]) -> tuple[str, ...]:
    """The plan for ``key`` = (the hand's artichoke count, its distinct cards in first-seen order): those
    cards whose artichoke needs the hand meets (the beet's second hand card is checked by the caller)."""
    arts: int = key[0]
    plan = []
    for c in key[1:]:
        if c is ARTICHOKE:
            continue
        if c is ONION or c is EGGPLANT or c is CORN:
            if not arts:
                continue
        elif c is BROCCOLI:
            if arts < 3:
                continue
        elif c is CARROT and arts < 2:
            continue
        plan.append(c)
    out = tuple(plan)
    if len(PLAY_PLANS) > CACHE_LIMIT:
        PLAY_PLANS.clear()
    PLAY_PLANS[key] = out
    return out


def pending_actions(game: Game, pending: dict[str, Any]) -> list[Action]:
    """The answers to the pending decision (``choose`` actions)."""
    kind = pending["kind"]
    if kind == "leek":
        return [LEEK_TAKE, LEEK_LEAVE]
    if kind == "peas":
        seat = pending["seat"]
        return [PEAS_ACTS[c, t] for c in distinct(pending["revealed"]) for t in range(game.players) if t != seat]
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
