"""The felt and what lies on it: seats (hands, decks, discards), the garden (stack, row, compost) and the cards
a leek or peas holds up. Each function plans its part of a frame on a :class:`Canvas` from the looking seat's
view and decision; nothing here sees the game itself (A-G2: only the view's cards can be drawn face up).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.artischocken.describe import card_name, plural
from game.artischocken.table import cards as cardsmod
from game.artischocken.table.canvas import Canvas, Hover
from game.artischocken.table.flights import Flight, arriving, arriving_cards
from game.artischocken.table.intent import PLAYING, ROW_PICKS, Decision, Intent, display_order
from game.artischocken.table.layout import SeatPlace, TableLayout
from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, shade

LABEL = shade(PALETTE.sand, -0.05)


@dataclass
class TableState:
    """Everything one frame of the table shows, from the looking seat's session and the scene's own state."""

    lay: TableLayout
    view: dict[str, Any]  # the shown seat's view (log left out)
    decision: Decision
    intent: Intent
    names: list[str]
    humans: list[bool]
    looking: int | None
    flights: list[Flight] = field(default_factory=list)
    #: Artichokes left per seat when the table rule shows them (None: hidden information, the default).
    artichokes: list[int] | None = None
    #: Why each hand card that cannot be played now cannot (in words), while the seat plays cards.
    why_not: dict[str, str] = field(default_factory=dict)
    #: The tag after the looking seat's name (None: "you"; a replay says whose view it shows).
    looking_tag: str | None = None

    def arriving(self, dest: tuple[str, int | None]) -> int:
        return arriving(self.flights, dest)


def seat_label(c: Canvas, st: TableState, place: SeatPlace, seat: int, light: bool = True) -> None:
    view = st.view
    active = view["current_player"] == seat or (view["current_player"] is None and view["winner"] == seat)
    turn = view["turn"]["player"] == seat and not view["is_over"]
    color = PALETTE.paper if light else PALETTE.ink
    r = c.text(st.names[seat], (place.name.x, place.name.centery), size=max(14, place.name.height - 6), bold=True,
               color=color, anchor="midleft")
    you = st.looking_tag if st.looking_tag is not None else t("table.you")
    tag = you if seat == st.looking else (t("table.bot") if not st.humans[seat] else "")
    if st.artichokes is not None:
        left = st.artichokes[seat]
        count = plural("table.artichokes_left", left, n=left)
        tag = f"{tag}  ·  {count}" if tag else count
    if tag:
        c.text(f"· {tag}", (r.right + 6, place.name.centery), size=max(12, place.name.height - 10),
               color=shade(color, -0.25) if light else PALETTE.ink_soft, anchor="midleft")
    if turn or active:
        dot = (place.name.right - 8, place.name.centery)
        c.op(pygame.draw.circle, PALETTE.sun if active else PALETTE.sand_dark, dot, 6)


def pile(c: Canvas, rect: pygame.Rect, count: int, top: str | None, zone: cardsmod.Zone, label: str, *,
         face_down: bool = False, backs_under: bool = False, hint: str | None = None) -> None:
    """A pile: its top card (or back), a count badge and a label under it (``backs_under``: the cards
    under a face-up top are face down, like a deck whose top card the viewer knows; ``hint``: what the pile
    and its count are, in words, shown beside it when the mouse rests on it)."""
    if count == 0:
        c.empty(rect)
    else:
        if count > 1:
            for k in (2, 1):
                off = rect.move(k * 2, -k * 2)
                if face_down or top is None or backs_under:
                    c.back(off)
                else:
                    c.rounded_rect(off, PALETTE.sand_dark, cardsmod.radius_for(rect.width))
        c.shadow(rect, 4, 50)
        if face_down or top is None:
            c.back(rect)
        else:
            c.face(top, rect, zone)
    badge = c.badge((rect.right - 2, rect.top + 2), str(count))
    size = max(11, min(16, rect.width // 5))
    words = c.text(label, (rect.centerx, rect.bottom + 3), size=size, color=LABEL, anchor="midtop")
    if hint:
        c.hint(rect.union(badge).union(words), hint)


def cards_count(n: int) -> str:
    """``n`` cards, in words ("1 card", "7 cards")."""
    return plural("table.hint.cards", n, n=n)


def open_pile(c: Canvas, st: TableState, rect: pygame.Rect, cards: list[str], dest: tuple[str, int | None],
              label: str) -> None:
    """A face-up pile (discard, compost) without the cards still flying to it: its top is the card under
    them, and the count grows as they land."""
    shown = max(0, len(cards) - st.arriving(dest))
    kind, seat = dest
    if kind == "compost":
        hint = t("table.hint.compost", cards=cards_count(shown))
    elif seat == st.looking:
        hint = t("table.hint.discard_own", cards=cards_count(shown))
    else:
        hint = t("table.hint.discard", cards=cards_count(shown), name=st.names[seat] if seat is not None else "")
    pile(c, rect, shown, cards[shown - 1] if shown else None, dest, label, hint=hint)


def deck(c: Canvas, st: TableState, place: SeatPlace) -> None:
    """A seat's deck, face down; the looking seat also sees the card it put on top itself (corn, pepper;
    A-G2), face up with a small "you know it" tag. Cards still flying to the deck are left out."""
    seat = place.seat
    view = st.view
    incoming = st.arriving(("deck", seat))
    shown = max(0, view["seats"][seat]["deck_count"] - incoming)
    known: list[str] = []
    if seat == st.looking == view["seat"]:
        known = list(view["deck_top_known"])[incoming:]  # arriving cards lie on top: known ones, if any
    if seat == st.looking:
        hint = t("table.hint.deck_own", cards=cards_count(shown))
    else:
        hint = t("table.hint.deck", cards=cards_count(shown), name=st.names[seat])
    if not known or not shown:
        pile(c, place.deck, shown, None, ("deck", seat), t("table.deck"), face_down=True, hint=hint)
        return
    pile(c, place.deck, shown, known[0], ("deck_known", seat), t("table.deck"), backs_under=True, hint=hint)
    known_tag(c, place.deck, len(known))


def known_tag(c: Canvas, rect: pygame.Rect, n: int) -> None:
    """A small sun-coloured tag on a deck's known top card: only its owner sees this (A-G2)."""
    label = t("table.deck_known") if n == 1 else t("table.deck_known_n", n=n)
    size = max(10, min(13, rect.width // 6))
    width = min(rect.width + 14, draw.font_width(label, size, bold=True) + 14)
    tag = pygame.Rect(0, 0, width, size + 8)
    # over the foot of the picture, just above the card's name band (cards.face's proportions)
    pad = max(3, rect.width // 16)
    name_h = max(12, round(rect.width * (0.16 if rect.width >= 100 else 0.2)))
    foot = rect.bottom - pad - name_h - max(2, pad // 2) if rect.width < 100 else rect.centery
    tag.midbottom = (rect.centerx, foot - 2)
    c.rounded_rect(tag, PALETTE.sun, tag.height // 2, shade(PALETTE.sun, -0.35), 1)
    c.text(label, tag.center, size=size, bold=True, color=PALETTE.ink, anchor="center")


def seat_panel(c: Canvas, st: TableState, place: SeatPlace) -> None:
    active = st.view["current_player"] == place.seat
    fill = shade(PALETTE.felt_dark, -0.1) if not active else shade(PALETTE.felt, 0.08)
    c.rounded_rect(place.panel, fill, SIZES.radius, shade(PALETTE.felt, 0.2) if active else None, 2, alpha=230)


def discard(c: Canvas, st: TableState, place: SeatPlace) -> None:
    seat = place.seat
    cards = st.view["seats"][seat]["discard"]
    open_pile(c, st, place.discard, cards, ("discard", seat), t("table.discard"))
    if cards:
        c.choice(place.discard, "browse", ("discard", seat))


def opponent(c: Canvas, st: TableState, place: SeatPlace) -> None:
    seat = place.seat
    info = st.view["seats"][seat]
    lay = st.lay
    seat_panel(c, st, place)
    if seat in st.decision.targets:
        chosen = st.decision.chosen is not None and st.decision.chosen.target == seat
        c.highlight(place.panel.inflate(-6, -6), PALETTE.terracotta if chosen else PALETTE.sun, 5 if chosen else 4)
        c.choice(place.panel, "target", seat, f"seat{seat}")
    seat_label(c, st, place, seat)
    # the hand: a small fan of backs with the count
    n = max(0, info["hand_count"] - st.arriving(("hand", seat)))
    cw, ch = lay.small
    shown = min(n, 6)
    step = 0 if shown <= 1 else min(cw * 0.45, (place.hand.width - cw) / (shown - 1))
    x0 = place.hand.centerx - (cw + step * (shown - 1)) / 2
    if n == 0:
        c.empty(pygame.Rect(place.hand.centerx - cw // 2, place.hand.y, cw, ch))
    open_hand = display_order(st.view["open_hands"][seat]) if "open_hands" in st.view else None
    for i in range(shown):
        rect = pygame.Rect(round(x0 + i * step), place.hand.y, cw, ch)
        if open_hand is not None and i < len(open_hand):  # a replay with every card face up
            c.face(open_hand[i], rect, ("replay_open", seat), angle=(shown / 2 - i) * 4)
        else:
            c.back(rect, angle=(shown / 2 - i) * 4)
    badge = c.badge((round(x0 + step * (shown - 1) + cw - 2), place.hand.y + 2), str(n))
    size = max(11, min(15, cw // 4))
    words = c.text(t("table.hand_count", n=n), (place.hand.centerx, place.hand.bottom + 3), size=size, color=LABEL,
                   anchor="midtop")
    fan = pygame.Rect(round(x0), place.hand.y, round(cw + step * max(0, shown - 1)), ch)
    c.hint(fan.union(badge).union(words), t("table.hint.hand", cards=cards_count(n), name=st.names[seat]))
    deck(c, st, place)
    discard(c, st, place)


def flying(c: Canvas, flights: list[Flight]) -> None:
    """The cards in flight, over the table (face down where the viewer may not see them)."""
    for flight in flights:
        rect = flight.rect()
        if rect is None:
            continue
        c.shadow(rect, 6, 60)
        if flight.card is None:
            c.back(rect)
        else:
            c.face(flight.card, rect, flight.zone, zoom=False)


def landing_in_hand(hand: list[str], flights: list[Flight], seat: int) -> set[int]:
    """Indices of ``hand`` (display order) that are the cards still flying into it, one per flight."""
    out: set[int] = set()
    for card in arriving_cards(flights, ("hand", seat)):
        for j in range(len(hand) - 1, -1, -1):
            if hand[j] == card and j not in out:
                out.add(j)
                break
    return out


def hovered_hand(lay: TableLayout, n: int, mouse: tuple[int, int]) -> int | None:
    for i, rect in reversed(list(enumerate(lay.hand_rects(n)))):
        if rect.collidepoint(mouse):
            return i
    return None


def bottom(c: Canvas, st: TableState, place: SeatPlace) -> str | None:
    """The bottom seat: its panel, deck, discard and hand (face up for the looking seat only).

    Returns why the hovered hand card cannot be played now (in words) or None."""
    seat = place.seat
    lay, d, intent = st.lay, st.decision, st.intent
    seat_panel(c, st, place)
    seat_label(c, st, place, seat)
    deck(c, st, place)
    discard(c, st, place)
    if seat != st.looking:
        n = max(0, st.view["seats"][seat]["hand_count"] - st.arriving(("hand", seat)))
        rects = lay.hand_rects(n)
        for i, rect in enumerate(rects):
            c.shadow(rect, 5, 60)
            c.back(rect, angle=(n / 2 - i - 0.5) * 1.6 if n > 1 else 0)
        if rects:
            c.badge((rects[-1].right - 4, rects[-1].top + 4), str(n))
        return None
    # the hand (cards still flying into it are left out until they land)
    hand = d.hand
    landing = landing_in_hand(hand, st.flights, seat)
    order = [i for i in range(len(hand)) if i not in landing]  # hand indices in the fan, left to right
    n = len(order)
    playing = d.kind in PLAYING
    playable = [d.playable(card) for card in hand] if playing else [False] * len(hand)
    hovered_pos = hovered_hand(lay, n, c.mouse)
    hovered = order[hovered_pos] if hovered_pos is not None else None
    lift: dict[int, int] = {}
    for pos, i in enumerate(order):
        if i == intent.selected or i in intent.pass_sel:
            lift[pos] = round(lay.big[1] * 0.18)
        elif i == hovered and (playable[i] or d.kind == "pass"):
            lift[pos] = round(lay.big[1] * 0.08)
    rects = lay.hand_rects(n, lift)
    for pos, (i, rect) in enumerate(zip(order, rects, strict=True)):
        card = hand[i]
        angle = (n / 2 - pos - 0.5) * 1.6 if n > 1 else 0
        c.shadow(rect, 5, 60)
        c.face(card, rect, ("hand", seat), zoom=False, angle=angle)
        if playing and not playable[i]:
            c.veil(rect, angle)
        if playable[i] and i != intent.selected:
            c.highlight(rect, PALETTE.sun, 4)
        if i == intent.selected or i in intent.pass_sel:
            c.highlight(rect, PALETTE.terracotta, 5)
        if i < 9 and (playing or d.kind == "pass"):
            c.keycap((rect.x + 4, rect.y + 4), str(i + 1))
        c.choice(rect, "hand", i, f"hand{i}")
    if hovered is None:
        return None
    card = hand[hovered]
    c.hover = Hover(card, ("hand", seat), rects[order.index(hovered)])
    return st.why_not.get(card) if playing and not playable[hovered] else None


def garden(c: Canvas, st: TableState) -> None:
    lay, view, d = st.lay, st.view, st.decision
    size = max(12, min(17, lay.mid[0] // 6))
    stacked = max(0, view["garden_stack_count"] - st.arriving(("garden_stack", None)))
    pile(c, lay.stack, stacked, None, ("stack", None), t("table.stack"), face_down=True,
         hint=t("table.hint.stack", cards=cards_count(stacked)))
    row = view["garden_row"]
    landing = {f.slot for f in st.flights if f.dest[0] == "garden_row" and f.slot is not None}
    pickable = d.kind in ROW_PICKS
    picked = d.chosen.cards[0] if d.chosen is not None and d.chosen.cards else None  # corn's chosen row card
    chosen = row.index(picked) if picked in row else None
    left, right = lay.row[0].left, lay.row[-1].right
    c.text(t("table.row"), ((left + right) // 2, lay.row[0].top - 6), size=size, bold=True, color=LABEL,
           anchor="midbottom")
    for i, rect in enumerate(lay.row):
        if i >= len(row) or i in landing:
            c.empty(rect)
            continue
        c.shadow(rect, 4, 50)
        r = rect.move(0, -8) if pickable and rect.collidepoint(c.mouse) else rect
        c.face(row[i], r, ("row", None))
        if pickable:
            c.highlight(r, PALETTE.terracotta if i == chosen else PALETTE.sun, 5 if i == chosen else 4)
            c.choice(rect, "row", i, f"row{i}")
            c.keycap((r.x + 4, r.y + 4), str(i + 1))
    compost = view["compost"]
    open_pile(c, st, lay.compost, compost, ("compost", None), t("table.compost"))
    if compost:
        c.choice(lay.compost, "browse", ("compost", None))


def pending(c: Canvas, st: TableState) -> None:
    """Revealed cards of a pending leek or peas lie face up (public) in the middle."""
    view, lay, d = st.view, st.lay, st.decision
    pend = view["pending"]
    if not pend or not pend.get("revealed"):
        return
    revealed = list(pend["revealed"])
    bw, bh = lay.big
    gap = 24
    total = len(revealed) * bw + (len(revealed) - 1) * gap
    box = pygame.Rect(0, 0, total + 48, bh + 64)
    box.center = lay.middle.center
    c.panel(box, shade(PALETTE.felt_dark, -0.15), PALETTE.sun, alpha=240)
    title = t("table.reveal.by", name=st.names[pend["by"]], card=card_name(pend["kind"]))
    c.text(title, (box.centerx, box.y + 10), size=17, bold=True, color=PALETTE.paper, anchor="midtop")
    choosing = d.kind == "peas"
    x = box.x + 24
    for i, card in enumerate(revealed):
        rect = pygame.Rect(x, box.y + 44, bw, bh)
        if choosing and st.intent.peas_keep is None and rect.collidepoint(c.mouse):
            rect = rect.move(0, -6)
        c.face(card, rect, ("revealed", None))
        if choosing:
            if st.intent.peas_keep is None:
                c.highlight(rect)
                c.choice(rect, "peas", card, f"peas{i}")
            elif card == st.intent.peas_keep and i == revealed.index(card):
                c.highlight(rect, PALETTE.terracotta, 5)
        x += bw + gap

