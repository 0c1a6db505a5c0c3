"""A seat's perfect recall: what it knows of the hidden zones, folded from its own view of the event log (pure).

A seat that remembers every event it saw knows far more than its view shows (A-G2 hides the order and content of
decks and hands, not what the seat watched happen): its own deck's cards (its start deck of 10 artichokes, A-S1,
the draws it saw, the discards shuffled in, the cards it put there face down, the public reveals), the garden
stack's cards (60 or 66 known vegetables, A-S2, minus the public reveals, plus the row cards put back) and, for each
opponent, the cards in its hand and deck together (its start deck, minus what it played, discarded or lost in
public, plus what it took in public or was given by this seat; its draws move cards inside that zone). In two
players every move is seen by the seat or is public, so all of it is exact. With three or four players a pass or a
beet swap between two other seats is hidden: the receiver gains unknown cards, and the giver's known cards become
unknown (the seat cannot tell which of them left).

:func:`recall` folds the log of a view into a :class:`~game.artischocken.bots.worlds.Knowledge` and checks the
result against the public zones of the view (discards, garden row, compost, the zone sizes). It returns None, so
that the bot deals the hidden cards evenly as without memory, when the view has no log, when the log does not start
at the game's start (a game resumed from a position without its log) or when the fold disagrees with the view.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.artischocken.bots.worlds import DECK_ARTICHOKES, PER_VEGETABLE, Knowledge
from game.artischocken.engine import ARTICHOKE, BEET, HAND_SIZE, RHUBARB, VEGETABLES

#: Events whose ``target`` names the seat whose zone receives the cards (else the event's ``seat`` does).
_TO_TARGET = frozenset({"move", "give", "leave", "pass", "to_deck"})
#: Events whose ``target`` names the seat whose zone gives the cards.
_FROM_TARGET = frozenset({"swap", "reveal"})


#: An opponent's zones the seat tracks together.
_HELD = ("hand", "deck")


class _Mismatch(Exception):
    """The log does not fit the rules or the view: the seat cannot trust its memory."""


class _Memory:
    """The fold's state: every zone the seat can track, from its own seat's point of view."""

    def __init__(self, me: int, players: int, rhubarb: bool) -> None:
        self.me = me
        self.deck: Counter[str] = Counter({ARTICHOKE: DECK_ARTICHOKES - HAND_SIZE})
        # per opponent: [known cards of hand and deck together, unknown slots]
        self.held: dict[int, tuple[Counter[str], list[int]]] = {
            s: (Counter({ARTICHOKE: DECK_ARTICHOKES}), [0]) for s in range(players) if s != me}
        self.discards: list[Counter[str]] = [Counter() for _ in range(players)]
        self.stack: Counter[str] = Counter({v: PER_VEGETABLE for v in (*VEGETABLES, RHUBARB)
                                            if v != RHUBARB or rhubarb})
        self.row: Counter[str] = Counter()
        self.compost: Counter[str] = Counter()

    def public(self, zone: str, owner: int | None) -> Counter[str] | None:
        """The exactly tracked zone (a discard, the stack, row, compost, the own deck), else None."""
        if zone == "discard" and owner is not None:
            return self.discards[owner]
        if zone == "garden_stack":
            return self.stack
        if zone == "garden_row":
            return self.row
        if zone == "compost":
            return self.compost
        if zone == "deck" and owner == self.me:
            return self.deck
        return None

    def take(self, zone: str, owner: int | None, cards: list[str] | None, count: int) -> None:
        """``count`` cards (``cards``: None when hidden from the seat) leave ``owner``'s ``zone``."""
        exact = self.public(zone, owner)
        if exact is not None:
            if cards is None:
                raise _Mismatch(f"hidden cards left the tracked zone {zone}")
            for c in cards:
                if exact[c] <= 0:
                    raise _Mismatch(f"{c} left {zone} of seat {owner}, which does not hold it")
                exact[c] -= 1
            return
        if zone not in ("hand", "deck") or owner is None or owner == self.me:
            return  # the own hand (the view shows it), the table, the revealed cards: not tracked
        known, unknown = self.held[owner]
        if cards is None:  # which cards left is hidden: the known ones may be among them
            unknown[0] += known.total() - count
            known.clear()
        else:
            for c in cards:
                if known[c] > 0:
                    known[c] -= 1
                else:
                    unknown[0] -= 1
        if unknown[0] < 0:
            raise _Mismatch(f"seat {owner} gave more cards than it can hold")

    def give(self, zone: str | None, owner: int | None, cards: list[str] | None, count: int) -> None:
        """``count`` cards arrive in ``owner``'s ``zone``."""
        if zone is None:
            return
        exact = self.public(zone, owner)
        if exact is not None:
            if cards is None:
                raise _Mismatch(f"hidden cards arrived in the tracked zone {zone}")
            exact.update(cards)
            return
        if zone not in ("hand", "deck") or owner is None or owner == self.me:
            return
        known, unknown = self.held[owner]
        if cards is None:
            unknown[0] += count
        else:
            known.update(cards)

    def event(self, e: dict[str, Any]) -> None:
        what = e["what"]
        seat = e["seat"]
        target = e["target"]
        cards = e["cards"]
        count = e["count"]
        if what == "shuffle":  # the discard, as it lies, becomes the deck (the event carries no cards)
            moved = list(self.discards[seat].elements())
            self.take("discard", seat, moved, len(moved))
            self.give("deck", seat, moved, len(moved))
            return
        src = e["from"]
        if src is None or what == "pass_choice":
            return
        if what == "compost" and e["by"] == BEET:  # two artichokes, one from each hand
            self.take("hand", seat, [ARTICHOKE], 1)
            self.take("hand", target, [ARTICHOKE], 1)
            self.give("compost", None, cards, count)
            return
        if what in ("compost", "move") and src == "hand" and cards and e["by"] in cards:
            # the carrot and the eggplant compost themselves, the corn goes to the discard, from the table (they
            # were played), their artichokes from the hand
            rest = list(cards)
            rest.remove(e["by"])
            self.take("hand", seat, rest, len(rest))
            self.give(e["to"], target if target is not None else seat, cards, count)
            return
        owner_from = target if what in _FROM_TARGET else seat
        owner_to = target if what in _TO_TARGET and target is not None else seat
        if owner_from == owner_to != self.me and src in _HELD and e["to"] in _HELD:
            return  # an opponent's draw: inside its hand and deck together
        self.take(src, owner_from, cards, count)
        self.give(e["to"], owner_to, cards, count)


def recall(view: dict[str, Any]) -> Knowledge | None:
    """What the seat of ``view`` knows of its deck, the garden stack and each opponent's hand and deck, folded from
    the view's event log (see the module); None without a whole log or when the fold disagrees with the view."""
    log = view.get("log")
    n = view["players"]
    me = view["seat"]
    if not log or len(log) != view.get("log_size") or len(log) < n:
        return None
    for s in range(n):  # the game's start: every seat draws five artichokes (A-S1)
        e = log[s]
        if e["what"] != "draw" or e["seat"] != s or e["count"] != HAND_SIZE:
            return None
    if log[me]["cards"] != [ARTICHOKE] * HAND_SIZE:
        return None
    mem = _Memory(me, n, view["rhubarb"])
    try:
        for e in log[n:]:
            mem.event(e)
    except (_Mismatch, KeyError, TypeError):
        return None
    seats = view["seats"]
    if (mem.stack.total() != view["garden_stack_count"] or mem.row != Counter(view["garden_row"])
            or mem.compost != Counter(view["compost"]) or mem.deck.total() != seats[me]["deck_count"]
            or any(mem.discards[s] != Counter(seat["discard"]) for s, seat in enumerate(seats))
            or Counter(view["deck_top_known"]) - mem.deck):
        return None
    for s, (known, unknown) in mem.held.items():
        if known.total() + unknown[0] != seats[s]["hand_count"] + seats[s]["deck_count"]:
            return None
    return Knowledge(+mem.deck, +mem.stack, {s: +known for s, (known, _) in mem.held.items()})
