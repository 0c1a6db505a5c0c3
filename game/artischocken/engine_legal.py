"""Tables behind ``Game.legal_actions`` (pure; part of the engine).

:func:`play_plan` turns a hand into the cards that its artichokes allow to be played (A-C-*: the artichoke
needs of eggplant, broccoli, carrot, corn, onion), in first-seen order, cached per hand as it lies; ``Game``
then checks only what depends on the rest of the table. :func:`pending_actions` lists the answers to a pending
decision. Functions of the game (``engine.Game``, typed only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.artischocken.engine_cards import (
    ARTICHOKE,
    BROCCOLI,
    CACHE_LIMIT,
    CARDS,
    CARROT,
    CORN,
    EGGPLANT,
    LEEK_LEAVE,
    LEEK_TAKE,
    ONION,
    PASS_CACHE,
    PEAS_CHOICES,
    RHUBARB_ACTS,
    Action,
    distinct,
    pass_action,
)

if TYPE_CHECKING:
    from game.artischocken.engine import Game

#: The play plan per hand, keyed by the hand as it lies (``tuple(hand)``: cheap to build and to hash): a bounded
#: cache.
PLAY_PLANS: dict[tuple[str, ...], tuple[str, ...]] = {}
#: How many artichokes in hand each card needs besides itself (A-C-EGGPLANT, -BROCCOLI, -CARROT, -CORN, -ONION).
ARTICHOKES_NEEDED: dict[str, int] = {c: 0 for c in CARDS}
ARTICHOKES_NEEDED.update({EGGPLANT: 1, BROCCOLI: 3, CARROT: 2, CORN: 1, ONION: 1})


def play_plan(key: tuple[str, ...]) -> tuple[str, ...]:
    """The plan for the hand ``key``: its distinct cards in first-seen order whose artichoke needs the hand
    meets (the artichoke itself never; the beet's second hand card is checked by the caller)."""
    arts = 0
    seen: list[str] = []
    for c in key:
        if c is ARTICHOKE:
            arts += 1
        elif c not in seen:
            seen.append(c)
    out = tuple(c for c in seen if ARTICHOKES_NEEDED[c] <= arts)
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
