"""Determinising a seat's view: the cards it cannot locate and full positions consistent with the view.

Only the view is read (A-G2), plus, when the caller has it, what the seat remembers of the game so far
(:class:`Knowledge`, folded from the seat's own event log by :mod:`~game.artischocken.bots.memory`). The hidden
cards are dealt at random to the places the seat cannot see; a remembered card goes only where the seat knows
it lies. Two games that differ only in hidden cards give the same samples for the same generator.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.artischocken.engine import ARTICHOKE, RHUBARB, VEGETABLES

#: Per-player artichokes and per-vegetable copies (A-S1, A-S2); the bot counts the cards it cannot see.
DECK_ARTICHOKES = 10
PER_VEGETABLE = 6


@dataclass(frozen=True)
class Knowledge:
    """What a seat knows of the hidden zones beyond its view: for its own deck (``deck``), the garden stack
    (``stack``) and each opponent's hand and deck together (``held[s]``), the cards known to lie there; the rest
    of each zone (its size from the view minus the known cards) are unknown slots."""

    deck: Counter[str]
    stack: Counter[str]
    held: dict[int, Counter[str]] = field(default_factory=dict)


def unseen_cards(view: dict[str, Any]) -> Counter[str]:
    """Every card the seat of ``view`` cannot locate: all cards (A-G3) minus the ones it sees or knows."""
    total: Counter[str] = Counter({ARTICHOKE: DECK_ARTICHOKES * view["players"]})
    for veg in (*VEGETABLES, RHUBARB) if view["rhubarb"] else VEGETABLES:
        total[veg] = PER_VEGETABLE
    known: Counter[str] = Counter(view["hand"])
    for seat in view["seats"]:
        known.update(seat["discard"])
    known.update(view["garden_row"])
    known.update(view["compost"])
    known.update(view["deck_top_known"])
    pending = view.get("pending") or {}
    known.update(pending.get("revealed") or ())
    if view.get("in_play"):
        known[view["in_play"]] += 1
    total.subtract(known)
    return +total  # drop zero (and, for a malformed view, negative) counts


def sample_position(view: dict[str, Any], rng: random.Random,
                    knowledge: Knowledge | None = None) -> dict[str, Any]:
    """A full ``artischocken/1`` position consistent with ``view``: the unseen cards dealt at random to the
    places the seat cannot see. Without ``knowledge`` the garden stack gets vegetables first (artichokes never
    go there) and the rest is dealt evenly; with it, the known cards of each zone lie there and only the others
    are dealt, into the unknown slots (a knowledge that does not fit the view is ignored)."""
    dealt = None if knowledge is None else _deal_known(view, knowledge, rng)
    stack, held = _deal_uniform(view, rng) if dealt is None else dealt
    return _position(view, stack, held, rng)


def _deal_uniform(view: dict[str, Any], rng: random.Random) -> tuple[list[str], list[list[str]]]:
    """The stack and, per seat, the hidden cards of hand and deck (the own seat: its deck below the known top)."""
    unseen = unseen_cards(view)
    vegetables = [c for c, k in unseen.items() if c != ARTICHOKE for _ in range(k)]
    artichokes = [ARTICHOKE] * unseen[ARTICHOKE]
    rng.shuffle(vegetables)
    stack_n = view["garden_stack_count"]
    stack = vegetables[:stack_n]
    rest = vegetables[stack_n:] + artichokes
    rng.shuffle(rest)
    if len(stack) < stack_n:  # only for an inconsistent view: fill up from the rest
        stack += rest[: stack_n - len(stack)]
        rest = rest[stack_n - len(stack):]
    held: list[list[str]] = []
    pos = 0
    for need in _slots(view):
        held.append(rest[pos:pos + need])
        pos += need
    return stack, held


def _slots(view: dict[str, Any]) -> list[int]:
    """Per seat, how many hidden cards it holds: an opponent's hand and deck, the own deck below the known top."""
    me = view["seat"]
    return [seat["deck_count"] - len(view["deck_top_known"]) if s == me else seat["hand_count"] + seat["deck_count"]
            for s, seat in enumerate(view["seats"])]


def _deal_known(view: dict[str, Any], know: Knowledge,
                rng: random.Random) -> tuple[list[str], list[list[str]]] | None:
    """Like :func:`_deal_uniform`, but every known card in its zone; None when the knowledge does not fit."""
    me = view["seat"]
    slots = _slots(view)
    own = Counter(know.deck)
    own.subtract(view["deck_top_known"])
    zones: list[tuple[Counter[str], int]] = []  # (known cards, zone size): the stack, then each seat
    zones.append((know.stack, view["garden_stack_count"]))
    for s, size in enumerate(slots):
        zones.append((own if s == me else know.held.get(s, Counter()), size))
    free = unseen_cards(view)
    for cards, size in zones:
        if min(cards.values(), default=0) < 0 or cards.total() > size:
            return None
        free.subtract(cards)
    if min(free.values(), default=0) < 0 or free.total() != sum(size - c.total() for c, size in zones):
        return None
    vegetables = [c for c, k in sorted(free.items()) if c != ARTICHOKE for _ in range(k)]
    rng.shuffle(vegetables)
    stack_cards, stack_n = zones[0]
    stack_free = stack_n - stack_cards.total()
    if stack_free > len(vegetables):  # artichokes never lie in the stack
        return None
    stack = [*sorted(stack_cards.elements()), *vegetables[:stack_free]]
    rng.shuffle(stack)
    rest = vegetables[stack_free:] + [ARTICHOKE] * free[ARTICHOKE]
    rng.shuffle(rest)
    held: list[list[str]] = []
    pos = 0
    for cards, size in zones[1:]:
        need = size - cards.total()
        zone = [*sorted(cards.elements()), *rest[pos:pos + need]]
        pos += need
        rng.shuffle(zone)
        held.append(zone)
    return stack, held


def _position(view: dict[str, Any], stack: list[str], held: list[list[str]],
              rng: random.Random) -> dict[str, Any]:
    """The position of ``view`` with the stack and every seat's hidden cards dealt."""
    me = view["seat"]
    n = view["players"]
    known_top = list(view["deck_top_known"])
    players: list[dict[str, Any]] = []
    for s, seat in enumerate(view["seats"]):
        cards = held[s]
        if s == me:
            hand = list(view["hand"])
            deck = known_top + cards
        else:
            hand = cards[:seat["hand_count"]]
            deck = cards[seat["hand_count"]:]
        players.append({"hand": hand, "deck": deck, "discard": list(seat["discard"]),
                        "known_top": len(known_top) if s == me else 0})
    turn = view["turn"]
    position: dict[str, Any] = {
        "format": "artischocken/1",
        "options": {"players": n, "rhubarb": view["rhubarb"], "round_limit": view["round_limit"]},
        "players": players,
        "garden_stack": stack,
        "garden_row": list(view["garden_row"]),
        "compost": list(view["compost"]),
        "turn": {"player": turn["player"], "phase": view["phase"], "played": list(turn["played"]),
                 "number": turn["number"]},
        "seed": rng.randrange(2**31),
    }
    pending = view.get("pending")
    if pending:
        kind = pending["kind"]
        pend: dict[str, Any] = {"kind": kind, "seat": pending["by"]}
        if kind in ("leek", "peas"):
            pend["revealed"] = list(pending["revealed"])
            if view.get("in_play"):
                pend["in_play"] = view["in_play"]
            if kind == "leek":
                pend["target"] = pending["target"]
        elif kind == "eggplant":
            waiting = list(pending["waiting"])
            pend["queue"] = waiting
            # seats that already chose: their (unseen) choice is sampled from their sampled hand
            chosen: list[list[Any]] = []
            for s in range(n):
                hand = players[s]["hand"]
                if s not in waiting and hand:
                    chosen.append([s, rng.sample(hand, min(2, len(hand)))])
            pend["chosen"] = chosen
        position["pending"] = pend
    return position
