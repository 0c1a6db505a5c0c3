"""Where everything lies on the Artischocken table, for any window size (pure geometry, no drawing)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.artischocken.table.cards import RATIO

ROW_SLOTS = 5


@dataclass
class SeatPlace:
    """The zones of one seat on screen."""

    seat: int
    panel: pygame.Rect
    hand: pygame.Rect  # where the hand (fan of backs) sits; the bottom seat's whole hand area
    deck: pygame.Rect
    discard: pygame.Rect
    name: pygame.Rect


@dataclass
class TableLayout:
    size: tuple[int, int]
    bottom: int
    small: tuple[int, int]
    mid: tuple[int, int]
    big: tuple[int, int]
    log: pygame.Rect
    table: pygame.Rect
    seats: dict[int, SeatPlace] = field(default_factory=dict)
    stack: pygame.Rect = field(default_factory=pygame.Rect)
    row: list[pygame.Rect] = field(default_factory=list)
    compost: pygame.Rect = field(default_factory=pygame.Rect)
    middle: pygame.Rect = field(default_factory=pygame.Rect)
    bar: pygame.Rect = field(default_factory=pygame.Rect)
    spot: pygame.Rect = field(default_factory=pygame.Rect)

    def hand_rects(self, n: int, lift: dict[int, int] | None = None) -> list[pygame.Rect]:
        """The bottom seat's hand fanned in its area: ``n`` card rects (left to right, later on top)."""
        area = self.seats[self.bottom].hand
        w, h = self.big
        if n <= 0:
            return []
        step = w + 10 if n == 1 else min(w + 10, (area.width - w) / (n - 1))
        total = w + step * (n - 1)
        x0 = area.centerx - total / 2
        rects = []
        for i in range(n):
            arc = abs(i - (n - 1) / 2)
            r = pygame.Rect(round(x0 + i * step), area.bottom - h + round(arc * arc * 1.2), w, h)
            if lift and i in lift:
                r.y -= lift[i]
            rects.append(r)
        return rects


def card_wh(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


def compute(size: tuple[int, int], players: int, bottom: int) -> TableLayout:
    w, h = size
    log_w = max(210, min(300, round(w * 0.22)))
    table = pygame.Rect(0, 0, w - log_w, h)
    log = pygame.Rect(table.right, 0, log_w, h).inflate(-16, -24)
    s = min(table.width / 1000, h / 800)
    small = card_wh(max(40, round(52 * s)))  # 40 px: the narrowest face on which every name can be read
    mid = card_wh(max(60, round(108 * s)))
    big = card_wh(max(74, round(124 * s)))
    pad = max(10, round(16 * s))
    lay = TableLayout(size, bottom, small, mid, big, log, table)

    # -- opponents across the top, clockwise from the bottom seat's left neighbour --
    others = [(bottom + i) % players for i in range(1, players)]
    label_h = max(20, round(26 * s))
    panel_h = label_h + small[1] + max(16, round(20 * s)) + 14
    gap = pad
    avail = table.width - 2 * pad - gap * (len(others) - 1)
    panel_w = min(round(420 * s), avail // max(1, len(others)))
    x = table.centerx - (panel_w * len(others) + gap * (len(others) - 1)) // 2
    for seat in others:
        panel = pygame.Rect(x, pad, panel_w, panel_h)
        inner_y = panel.y + label_h + 6
        cw, ch = small
        third = (panel.width - 24) // 3
        hand = pygame.Rect(panel.x + 12, inner_y, third, ch)
        deck = pygame.Rect(0, inner_y, cw, ch)
        deck.centerx = panel.x + 12 + third + third // 2
        discard = pygame.Rect(0, inner_y, cw, ch)
        discard.centerx = panel.x + 12 + 2 * third + third // 2
        name = pygame.Rect(panel.x + 12, panel.y + 4, panel.width - 24, label_h)
        lay.seats[seat] = SeatPlace(seat, panel, hand, deck, discard, name)
        x += panel_w + gap
    top_end = pad + panel_h

    # -- the bottom seat: its deck and discard at the left, the hand fanned in the rest --
    bw, bh = big
    hand_bottom = h - max(10, round(14 * s))
    own = card_wh(max(50, round(mid[0] * 0.8)))  # the bottom seat's deck and discard
    info_w = own[0] * 2 + 3 * pad
    under = max(16, round(20 * s))  # room for the pile labels
    info = pygame.Rect(table.x + pad, hand_bottom - own[1] - label_h - 8 - under, info_w, own[1] + label_h + 8 + under)
    deck = pygame.Rect(info.x + pad // 2 + 2, info.bottom - own[1] - under, *own)
    discard = pygame.Rect(deck.right + pad, info.bottom - own[1] - under, *own)
    name = pygame.Rect(info.x, info.y, info.width, label_h)
    hand_area = pygame.Rect(info.right + pad, hand_bottom - bh, table.right - info.right - 2 * pad, bh)
    lay.seats[bottom] = SeatPlace(bottom, info.inflate(8, 8), hand_area, deck, discard, name)

    # -- the action bar above the hand, the garden in the middle --
    bar_h = max(40, round(48 * s))
    lift = round(30 * s)
    bar = pygame.Rect(table.x + pad, min(hand_area.top, info.top) - lift - bar_h - 6, table.width - 2 * pad, bar_h)
    lay.bar = bar
    middle = pygame.Rect(table.x + pad, top_end + pad, table.width - 2 * pad, bar.top - top_end - 2 * pad)
    lay.middle = middle
    mw, mh = mid
    row_gap = max(8, round(12 * s))
    row_w = ROW_SLOTS * mw + (ROW_SLOTS - 1) * row_gap
    y = middle.centery - mh // 2 + label_h // 2
    side_gap = max(row_gap * 2, round(40 * s))
    total = mw + side_gap + row_w + side_gap + mw
    x0 = middle.centerx - total // 2
    lay.stack = pygame.Rect(x0, y, mw, mh)
    lay.row = [pygame.Rect(x0 + mw + side_gap + i * (mw + row_gap), y, mw, mh) for i in range(ROW_SLOTS)]
    lay.compost = pygame.Rect(x0 + mw + side_gap + row_w + side_gap, y, mw, mh)
    lay.spot = pygame.Rect(0, 0, bw, bh)
    lay.spot.center = middle.center
    return lay
