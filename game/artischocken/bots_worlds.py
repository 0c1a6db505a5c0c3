"""Determinising a seat's view: the cards it cannot locate and full positions consistent with the view.

Only the view is read (A-G2): the hidden cards are dealt at random to the places the seat cannot see, so
two games that differ only in hidden cards give the same samples for the same generator.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.artischocken.engine import ARTICHOKE, RHUBARB, VEGETABLES

#: Per-player artichokes and per-vegetable copies (A-S1, A-S2); the bot counts the cards it cannot see.
DECK_ARTICHOKES = 10
PER_VEGETABLE = 6


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


def sample_position(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A full ``artischocken/1`` position consistent with ``view``: the unseen cards dealt at random to the
    places the seat cannot see (the garden stack gets vegetables first: artichokes never go there)."""
    me = view["seat"]
    n = view["players"]
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
    known_top = list(view["deck_top_known"])
    players: list[dict[str, Any]] = []
    pos = 0
    for s, seat in enumerate(view["seats"]):
        if s == me:
            hand = list(view["hand"])
            need = seat["deck_count"] - len(known_top)
            deck = known_top + rest[pos:pos + need]
            pos += need
        else:
            hand = rest[pos:pos + seat["hand_count"]]
            pos += seat["hand_count"]
            deck = rest[pos:pos + seat["deck_count"]]
            pos += seat["deck_count"]
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
