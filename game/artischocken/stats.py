"""End-of-game statistics per seat, read from an event log (pure).

:func:`seat_stats` reads either the full log (``Game.events()`` dicts) or any seat's view of it
(``Game.log_view(seat)`` / ``SeatSession`` log entries, where a hidden card list is None and ``count`` tells
how many cards moved) and gives the same numbers for both, so every seat and a remote client can show them.
Only public facts and card counts are used, never the names of hidden cards.

Per seat:
- ``turns``: turns begun (the turn being played counts);
- ``played``: cards played, by card (``{card: n}``);
- ``composted``: artichokes composted, by the card that did it (``{card: n}``); ``artichokes_composted`` the total;
- ``harvested``: cards taken from the garden row in the harvest (A-T3);
- ``passed``: cards this seat passed on to the next seat after an eggplant (A-C-EGGPLANT);
- ``stolen``: cards this seat took from an opponent: a beet swap's card received by the seat that played the
  beet (A-C-BEET), a leek's revealed card taken from an opponent's deck (A-C-LEEK);
- ``given``: cards this seat put onto an opponent's discard (onion, the other peas card).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game.artischocken.engine.cards import ARTICHOKE, BEET, LEEK

#: The keys of each seat's statistics, in display order.
STAT_KEYS = ("turns", "played", "composted", "artichokes_composted", "harvested", "passed", "stolen", "given")


def _count(event: Mapping[str, Any]) -> int:
    """How many cards the event moved (a seat's view gives ``count``; the full log lists the cards)."""
    count = event.get("count")
    if isinstance(count, int):
        return count
    cards = event.get("cards")
    return len(cards) if cards is not None else 0


def empty_stats() -> dict[str, Any]:
    """One seat's statistics before anything happened."""
    return {"turns": 0, "played": {}, "composted": {}, "artichokes_composted": 0, "harvested": 0, "passed": 0,
            "stolen": 0, "given": 0}


def seat_stats(log: Iterable[Mapping[str, Any]], players: int) -> list[dict[str, Any]]:
    """Statistics for seats ``0..players-1`` from the event log (full or one seat's view)."""
    out = [empty_stats() for _ in range(players)]
    actor: int | None = None  # the seat of the last card played (beet swaps follow their play event)
    for e in log:
        what = e.get("what")
        seat = e.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < players:
            continue
        st = out[seat]
        if what == "turn":
            st["turns"] += 1
        elif what == "play":
            actor = seat
            cards = e.get("cards") or []
            for card in cards:  # a play is public
                st["played"][card] = st["played"].get(card, 0) + 1
        elif what == "compost":
            by = e.get("by")
            n = (e.get("cards") or []).count(ARTICHOKE)  # composting is public
            if by and n:
                st["composted"][by] = st["composted"].get(by, 0) + n
                st["artichokes_composted"] += n
        elif what == "harvest":
            st["harvested"] += _count(e)
        elif what == "pass":
            st["passed"] += _count(e)
        elif what == "swap":
            if e.get("by") == BEET and seat == actor and e.get("target") != seat:
                st["stolen"] += _count(e)
        elif what == "take":
            if e.get("by") == LEEK and e.get("from") == "revealed" and e.get("target") not in (None, seat):
                st["stolen"] += _count(e)
        elif what == "give" and e.get("target") not in (None, seat):
            st["given"] += _count(e)
    for st in out:
        st["played"] = dict(sorted(st["played"].items()))
        st["composted"] = dict(sorted(st["composted"].items()))
    return out
