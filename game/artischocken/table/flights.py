"""Cards flying across the table and cards held up for a moment, made from the looking seat's log.

The table never reads the full event log: it gets the entries of its seat's view (``SeatSession.log``), where
a card that seat may not see has no name, only a count. Such cards fly face down. With nobody looking (the
screen between two hot-seat players) only public cards are shown face up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from game.artischocken.table.cards import Zone
from game.artischocken.table.layout import TableLayout

FLIGHT_TIME = 0.42
FLIGHT_STAGGER = 0.07
EVENT_STAGGER = 0.16
#: Events whose cards are shown on screen for a moment (reveals stay visible, A-C-LEEK/POTATO/PEAS/BEET).
REVEAL_EVENTS = frozenset({"reveal", "swap"})
#: At most this many cards of one event fly (the rest land with them).
MAX_FLYING = 8
#: A card in flight grows or shrinks in steps of this many pixels of width, so that its face and shadow are
#: rendered once per step size and reused by every later flight.
SIZE_STEP = 8
OWN_ZONES = ("discard", "hand", "deck")


@dataclass
class Flight:
    """A card on its way from one zone to another (face down when ``card`` is None)."""

    card: str | None
    zone: Zone
    src: pygame.Rect
    dst: pygame.Rect
    delay: float
    t: float = 0.0
    #: Where it lands: (engine zone, seat for a seat's own zones); the pile there leaves it out until then.
    dest: tuple[str, int | None] = ("", None)
    #: The garden-row slot it lands in (None: not a row slot, or not known).
    slot: int | None = None
    #: Where it leaves from (engine zone, seat), as ``dest``: until it departs, the card still lies there.
    origin: tuple[str, int | None] = ("", None)

    @property
    def departed(self) -> bool:
        return self.t >= self.delay

    @property
    def done(self) -> bool:
        return self.t >= self.delay + FLIGHT_TIME

    def rect(self) -> pygame.Rect | None:
        if self.t < self.delay:
            return None
        k = min(1.0, (self.t - self.delay) / FLIGHT_TIME)
        k = 1 - (1 - k) ** 3
        w = round(self.src.width + (self.dst.width - self.src.width) * k)
        h = round(self.src.height + (self.dst.height - self.src.height) * k)
        if w not in (self.src.width, self.dst.width):
            w = max(SIZE_STEP, round(w / SIZE_STEP) * SIZE_STEP)
            h = round(w * self.dst.height / max(1, self.dst.width))
        cx = self.src.centerx + (self.dst.centerx - self.src.centerx) * k
        cy = self.src.centery + (self.dst.centery - self.src.centery) * k - 40 * k * (1 - k) * 4
        return pygame.Rect(round(cx - w / 2), round(cy - h / 2), w, h)


@dataclass
class Reveal:
    """Cards shown in the middle of the table for a moment (None: face down for this viewer)."""

    title: str
    cards: list[tuple[str | None, Zone]]
    left: float
    hold: float


def may_show(entry: dict[str, Any], viewer: int | None) -> bool:
    """Whether the cards of a seat-view log entry may be drawn face up for ``viewer`` (None: public only)."""
    return entry.get("cards") is not None and (bool(entry.get("public")) or viewer is not None)


def entry_cards(entry: dict[str, Any]) -> list[str | None]:
    """The entry's cards as the seat sees them: names, or as many Nones as there are hidden cards."""
    cards = entry.get("cards")
    if cards is None:
        return [None] * int(entry.get("count") or 0)
    return list(cards)


def row_slots(lay: TableLayout | None, row: list[str]) -> list[tuple[str, pygame.Rect]]:
    """Where each garden-row card lies now (taken before an action, for the flights it causes)."""
    if lay is None:
        return []
    return list(zip(row, lay.row, strict=False))


def zone_rect(lay: TableLayout, zone: str | None, seat: int | None, card: str | None,
              row: list[tuple[str, pygame.Rect]], used: set[int]) -> tuple[pygame.Rect, int | None]:
    """The rect of ``zone`` (a garden-row card is looked up in ``row``: its slot, not in ``used``, and its index)."""
    place = lay.seats.get(seat) if seat is not None else None
    if zone == "hand" and place is not None:
        if seat == lay.bottom:
            r = pygame.Rect(0, 0, *lay.big)
            r.midbottom = place.hand.midbottom
            return r, None
        return pygame.Rect(place.hand.x, place.hand.y, *lay.small), None
    if zone == "deck" and place is not None:
        return place.deck, None
    if zone == "discard" and place is not None:
        return place.discard, None
    if zone == "garden_stack":
        return lay.stack, None
    if zone == "garden_row":
        for i, (c, rect) in enumerate(row):
            if c == card and i not in used:
                used.add(i)
                return rect, i
        return lay.row[2], None
    if zone == "compost":
        return lay.compost, None
    return lay.spot, None


def flights_for(entries: list[dict[str, Any]], lay: TableLayout, before: list[tuple[str, pygame.Rect]],
                after: list[tuple[str, pygame.Rect]], viewer: int | None) -> list[Flight]:
    """The flights of one action's log entries; ``before``/``after``: the row slots before and after it."""
    flights: list[Flight] = []
    delay = 0.0
    used: set[int] = set()
    used_after: set[int] = set()
    # row cards dealt before the last four-alike reshuffle (A-T2) are not the ones that lie there now
    last_reshuffle = max((i for i, e in enumerate(entries) if e["what"] == "four_alike"), default=-1)
    for index, entry in enumerate(entries):
        what = entry["what"]
        cards = entry_cards(entry)
        src, dst = entry.get("from"), entry.get("to")
        if not cards or src is None or dst is None or src == dst == "hand" and what not in ("pass", "swap"):
            continue
        shown = may_show(entry, viewer)
        seat = entry.get("seat")
        target = entry.get("target")
        src_seat = seat
        dst_seat = target if dst in OWN_ZONES and target is not None else seat
        if what in ("pass", "swap"):
            src_seat, dst_seat = seat, target
        if what == "reveal" and src == "deck" and target is not None:
            src_seat = target
        if what == "take":  # the leek's card goes into the hand of the seat that played it
            dst_seat = seat
        dest = (str(dst), dst_seat if dst in OWN_ZONES else None)
        origin = (str(src), src_seat if src in OWN_ZONES else None)
        zone: Zone = ("flight", None) if entry.get("public") else ("private", viewer)
        for i, card in enumerate(cards[:MAX_FLYING]):
            a, _ = zone_rect(lay, src, src_seat, card, before, used)
            b, slot = zone_rect(lay, dst, dst_seat, card, after if index > last_reshuffle else [], used_after)
            flights.append(Flight(card if shown else None, zone, a.copy(), b.copy(), delay + i * FLIGHT_STAGGER,
                                  dest=dest, slot=slot, origin=origin))
        delay += EVENT_STAGGER + min(len(cards), MAX_FLYING) * FLIGHT_STAGGER * 0.5
    return flights


def reveal_items(entry: dict[str, Any], viewer: int | None) -> list[tuple[str | None, Zone]]:
    """The cards of a reveal/swap entry as the viewer may see them."""
    shown = may_show(entry, viewer)
    zone: Zone = ("revealed", None) if entry.get("public") else ("private", viewer)
    return [(c if shown else None, zone) for c in entry_cards(entry)]


def arriving(flights: Iterable[Flight], dest: tuple[str, int | None]) -> int:
    """How many cards the pile at ``dest`` shows fewer than the state has: those still flying to it (the state has
    them there already; drawing waits), less those that have yet to leave it (a whole turn's flights come at once:
    a discard shuffled into the deck and drawn again lies on the deck until its flight departs, so the piles never
    all read 0 while the turn plays out). Never below 0: a pile never shows cards the state does not hold."""
    flights = list(flights)
    coming = sum(1 for f in flights if f.dest == dest)
    staying = sum(1 for f in flights if f.origin == dest and not f.departed and f.origin != f.dest)
    return max(0, coming - staying)


def arriving_cards(flights: Iterable[Flight], dest: tuple[str, int | None]) -> list[str]:
    """The names of the cards flying to ``dest`` that the viewer may see (face-up flights only)."""
    return [f.card for f in flights if f.dest == dest and f.card is not None]
