"""What stands over the felt: the prompt bar, the log, cards held up, a browsed pile, the hovered card's
detail, the hand-over screen and the end of the game. Each function plans its part of a frame on a
:class:`Canvas`; layers that do not change every frame (the log) are rendered once per change by the scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.artischocken.describe import card_name, card_rule, plural
from game.artischocken.table import cards as cardsmod
from game.artischocken.table.canvas import Canvas
from game.artischocken.table.flights import Reveal
from game.artischocken.table.intent import display_order
from game.artischocken.table.layout import TableLayout
from game.artischocken.table.zones import TableState
from game.i18n import t
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, lerp, shade
from game.ui.widgets import Button, place_beside

#: The hovered card's detail panel: its widest and its distance to the table's edges.
DETAIL_WIDTH = 420
DETAIL_MARGIN = 8


def _widget(surface: pygame.Surface, widget: Button) -> None:
    widget.draw(surface)


def button(c: Canvas, widget: Button) -> None:
    c.live(_widget, widget, (str(widget.label() if callable(widget.label) else widget.label), tuple(widget.rect),
                             widget.style, widget.enabled, widget.hovered, widget.pressed, widget.focused,
                             widget.flash > 0))


def bar_title(view: dict[str, Any], names: Sequence[str]) -> str:
    """Who decides now, as the bar names them: "Ann, your turn" on Ann's own turn; "Ann, your choice" when Ann
    decides in another seat's turn (the cards an eggplant passes on), for it is not Ann's turn then."""
    actor = view["current_player"]
    if actor is None:
        return ""
    own = view["turn"]["player"] == actor
    return t("table.your_turn" if own else "table.your_choice", name=names[actor])


def bar(c: Canvas, st: TableState, buttons: Sequence[Button], prompt: str, *, show_round: bool = True) -> None:
    """The prompt bar: whose turn, what to do now, the round, and the decision's buttons on the right."""
    lay, view = st.lay, st.view
    area = lay.bar
    text_right = buttons[0].rect.left - 12 if buttons else area.right
    mine = st.decision.kind != "wait"
    prompt_rect = pygame.Rect(area.x, area.y, text_right - area.x, area.height)
    c.rounded_rect(prompt_rect, PALETTE.paper if mine else shade(PALETTE.felt_dark, -0.1), area.height // 2,
                   PALETTE.sun if mine else None, 2, alpha=235 if mine else 200)
    title = bar_title(view, st.names) if mine else ""
    color = PALETTE.ink if mine else PALETTE.sand_light
    x = prompt_rect.x + 18
    # the round gives way to the prompt when both do not fit (a small window): what to do matters more
    if show_round and draw.font_width(prompt, 12) > prompt_rect.right - 16 - x - 12 - draw.font_width(
            t("table.round", n=view["turn"]["round"] + 1), 14):
        show_round = False
    if show_round:
        rr = c.text(t("table.round", n=view["turn"]["round"] + 1), (prompt_rect.right - 16, prompt_rect.centery),
                    size=14, color=PALETTE.ink_soft if mine else shade(PALETTE.sand, -0.2), anchor="midright")
    else:
        rr = pygame.Rect(prompt_rect.right - 4, prompt_rect.y, 0, 0)
    avail = rr.left - 12 - x
    if title and draw.font_width(title + "  " + prompt, 17, bold=True) <= avail:
        r = c.text(title, (x, prompt_rect.centery), size=17, bold=True, color=PALETTE.terracotta, anchor="midleft")
        x = r.right + 12
        avail = rr.left - 12 - x
    size = 17
    while size > 12 and draw.font_width(prompt, size) > avail:
        size -= 1
    # never past the bar's end (a very small window): the whole sentence is in the log and the detail
    c.text(draw.ellipsize(prompt, max(0, avail), size), (x, prompt_rect.centery), size=size, color=color,
           anchor="midleft")
    for widget in buttons:
        button(c, widget)


def log_layer(size: tuple[int, int], lines: Sequence[tuple[str, bool]], hint: str | None = None, *,
              title_room: int = 0) -> pygame.Surface:
    """The log panel's text as a transparent layer: whole entries, newest at the bottom, as many as fit
    (``title_room``: px kept free right of the title, for a button there)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    panel = layer.get_rect()
    draw.fit_text(layer, t("table.log"), (panel.x + 14, panel.y + 12), panel.width - 28 - title_room, size=18,
                  bold=True, color=PALETTE.ink, anchor="topleft")
    pygame.draw.line(layer, PALETTE.sand_dark, (panel.x + 12, panel.y + 40), (panel.right - 12, panel.y + 40), 2)
    hint_text = t("table.hint") if hint is None else hint
    hint_h = max(40, draw.text_height(hint_text, panel.width - 28, size=12) + 10)  # every line of it, never cut
    area = pygame.Rect(panel.x + 14, panel.y + 48, panel.width - 28, panel.height - 56 - hint_h)
    fnt = font(14)
    bold = font(14, bold=True)
    line_h = fnt.get_linesize()
    # a turn's first line gets a little air above
    entries: list[tuple[list[str], bool]] = []
    used = 0
    for text_line, strong in reversed(lines[-60:]):
        parts = draw.wrap_text(text_line, bold if strong else fnt, area.width - 10)
        height = len(parts) * line_h + (6 if strong else 0)
        if used + height > area.height:
            break
        entries.append((parts, strong))
        used += height
    entries.reverse()
    y = area.bottom - used
    for i, (parts, strong) in enumerate(entries):
        age = len(entries) - i
        color = lerp(PALETTE.ink, PALETTE.ink_faint, min(1.0, age / 14))
        if strong:
            y += 6
        for k, part in enumerate(parts):
            draw.text(layer, part, (area.x + (0 if k == 0 else 10), y), size=14, bold=strong, color=color)
            y += line_h
    hint_rect = pygame.Rect(panel.x + 14, panel.bottom - hint_h, panel.width - 28, hint_h)
    draw.text_block(layer, hint_text, hint_rect, size=12, color=PALETTE.ink_soft)
    return layer


def _paint_reveal(surface: pygame.Surface, lay: TableLayout, title: str, items: list[tuple[str | None, Any]],
                  alpha: int) -> None:
    bw, bh = lay.big
    gap = 20
    total = len(items) * bw + max(0, len(items) - 1) * gap
    box = pygame.Rect(0, 0, max(total + 48, draw.font_width(title, 17, bold=True) + 48), bh + 64)
    box.center = lay.middle.center
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    draw.panel(layer, box, shade(PALETTE.felt_dark, -0.15), PALETTE.sun, alpha=240)
    draw.text(layer, title, (box.centerx, box.y + 10), size=17, bold=True, color=PALETTE.paper, anchor="midtop")
    x = box.centerx - total // 2
    for card, zone in items:
        rect = pygame.Rect(x, box.y + 44, bw, bh)
        if card is None:
            cardsmod.draw_back(layer, rect)
        else:
            cardsmod.draw_face(layer, card, rect, zone, record=False)
        x += bw + gap
    layer.set_alpha(max(0, min(255, alpha)))
    surface.blit(layer, (0, 0))


def reveal(c: Canvas, lay: TableLayout, shown: Reveal) -> None:
    """Cards held up for a moment in the middle (fading in and out)."""
    alpha = round(255 * min(1.0, shown.left / 0.3, (shown.hold - shown.left) / 0.15 + 0.2))
    items = list(shown.cards[:4])
    for card, zone in items:
        if card is not None:
            cardsmod.shown(card, zone)
    c.op(_paint_reveal, lay, shown.title, items, alpha)


def _veil(surface: pygame.Surface, alpha: int) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*PALETTE.ink, alpha))
    surface.blit(veil, (0, 0))


def _pile_button(c: Canvas, rect: pygame.Rect, label: str, *, primary: bool = False, enabled: bool = True,
                 lit: bool = False) -> None:
    """A button drawn in a laid-open pile (``lit``: pointed at, after a click beside the pile)."""
    if primary:
        fill, ink, border = (PALETTE.terracotta, PALETTE.paper, PALETTE.terracotta_dark) if enabled else (
            PALETTE.sand, PALETTE.ink_faint, PALETTE.sand_dark)
    else:
        fill, ink, border = PALETTE.paper, PALETTE.ink, PALETTE.terracotta if lit else PALETTE.sand_dark
    if lit:
        c.rounded_rect(rect.inflate(10, 10), PALETTE.sun, SIZES.radius_small + 4)
    c.rounded_rect(rect, fill, SIZES.radius_small, border, 3 if lit else 2)
    c.text(label, rect.center, size=16, bold=True, color=ink, anchor="center")


def browse(c: Canvas, st: TableState, kind: str, seat: int | None, pick: bool, *, nudge: bool = False) -> None:
    """A pile laid out card by card, top card first (``pick``: the own discard's cards to choose from, with
    Cancel and Play: the picker of a play, which only those two close; ``nudge``: Cancel is pointed at)."""
    lay, view = st.lay, st.view
    if kind == "compost":
        cards = list(view["compost"])
        title = t("table.browse.compost", n=len(cards))
        zone: cardsmod.Zone = ("compost", None)
    else:
        cards = list(view["seats"][seat]["discard"]) if seat is not None else []
        title = t("table.browse.title", name=st.names[seat] if seat is not None else "", n=len(cards))
        zone = ("discard", seat)
    cards.reverse()  # the top card first
    c.op(_veil, 130)
    box = lay.table.inflate(-60, -60)
    c.panel(box, PALETTE.sand_light, PALETTE.dune)
    c.text(title, (box.x + 24, box.y + 18), size=22, bold=True)
    if pick:
        c.text(t("table.browse.pick"), (box.x + 24, box.y + 50), size=16, color=PALETTE.terracotta)
    c.choice(pygame.Rect((0, 0), lay.size), "outside", key="outside")  # nothing beneath the pile is clicked
    c.choice(box, "swallow", key="swallow")
    close = pygame.Rect(box.right - 150, box.y + 14, 130, 36)
    if pick:
        play = close.copy()
        close.right = play.left - 12
        _pile_button(c, play, t("table.btn.play"), primary=True, enabled=st.decision.ready is not None)
        c.choice(play, "play", key="play")
    _pile_button(c, close, t("table.btn.cancel") if pick else t("table.browse.close"), lit=nudge)
    c.choice(close, "close_browse", key="close")
    grid = pygame.Rect(box.x + 24, box.y + 80, box.width - 48, box.height - 100)
    n = max(1, len(cards))
    cw = lay.mid[0]
    while cw > 40:
        cols = max(1, (grid.width + 10) // (cw + 10))
        rows = -(-n // cols)
        if rows * (round(cw * cardsmod.RATIO) + 10) <= grid.height:
            break
        cw -= 4
    ch = round(cw * cardsmod.RATIO)
    cols = max(1, (grid.width + 10) // (cw + 10))
    picks = st.decision.picks if pick else []
    seen: set[str] = set()
    for i, card in enumerate(cards):
        rect = pygame.Rect(grid.x + (i % cols) * (cw + 10), grid.y + (i // cols) * (ch + 10), cw, ch)
        if rect.bottom > grid.bottom + 4:
            break
        c.face(card, rect, zone)
        if card in picks and card not in seen:
            chosen = st.decision.chosen is not None and st.decision.chosen.cards == (card,)
            c.highlight(rect, PALETTE.terracotta if chosen else PALETTE.sun, 5 if chosen else 4)
            c.choice(rect, "pick", card, f"pick{len(seen)}")
            if len(seen) < 9:
                c.keycap((rect.x + 4, rect.y + 4), str(len(seen) + 1))
            seen.add(card)


def detail(c: Canvas, lay: TableLayout, reason: str | None, note: str | None = None) -> pygame.Rect | None:
    """The hovered face-up card in full: picture, name, the whole rule text in a readable size and, for a
    hand card that cannot be played now, why (the card itself prints only a short version of its rule).

    It stands above the prompt bar, never on it: the bar's prompt and buttons say what to do with the card it
    explains. Above the card when there is room, else below it, else beside it, always within the felt above the
    bar (a hand card's detail so stands just over the bar), and never over the card it explains. ``note``: what
    the pile the card lies on is (a discard's, the compost's count), said under the rule."""
    if c.hover is None:
        return None
    card, rect = c.hover.card, c.hover.rect
    area = detail_area(lay)
    width = min(DETAIL_WIDTH, area.width)
    pad = 14
    pic = 64 if lay.size[1] < 700 else 80
    text_w = width - 3 * pad - pic
    rule_px, name_px = (15, 19) if lay.size[1] < 700 else (17, 22)
    rule = card_rule(card)
    text_h = name_px + 10 + draw.text_height(rule, text_w, size=rule_px)
    if reason:
        text_h += 8 + draw.text_height(reason, text_w, size=rule_px - 1, bold=True)
    if note:
        text_h += 8 + draw.text_height(note, text_w, size=rule_px - 2)
    height = min(area.height, max(pic, text_h) + 2 * pad)
    box = place_beside((width, height), rect, area, gap=12, sides=("above", "below", "right", "left"),
                       anchor=(rect.centerx - width // 2 + 12, rect.centery))
    band, light = cardsmod.TINTS.get(card, cardsmod.TINTS["artichoke"])
    c.panel(box, PALETTE.paper, shade(band, -0.2))
    art = pygame.Rect(box.x + pad, box.y + pad, pic, pic)
    c.rounded_rect(art, light, SIZES.radius_small)
    image = cardsmod.illustration(card, pic - 6)
    c.blit(image, image.get_rect(center=art.center).topleft)
    x, y = art.right + pad, box.y + pad
    c.text(card_name(card), (x, y), size=name_px, bold=True, color=shade(band, -0.15))
    y += name_px + 10
    c.op(draw.text_block, rule, pygame.Rect(x, y, text_w, box.bottom - y), size=rule_px, color=PALETTE.ink)
    y += draw.text_height(rule, text_w, size=rule_px)
    if reason:
        c.op(draw.text_block, reason, pygame.Rect(x, y + 8, text_w, box.bottom - y), size=rule_px - 1, bold=True,
             color=shade(PALETTE.terracotta, -0.1))
        y += 8 + draw.text_height(reason, text_w, size=rule_px - 1, bold=True)
    if note:
        c.op(draw.text_block, note, pygame.Rect(x, y + 8, text_w, max(0, box.bottom - y - 8)), size=rule_px - 2,
             color=PALETTE.ink_soft)
    return box


def detail_area(lay: TableLayout) -> pygame.Rect:
    """Where the hovered card's detail may stand: the felt above the prompt bar (and its message line)."""
    top = lay.table.top + DETAIL_MARGIN
    return pygame.Rect(lay.table.x + DETAIL_MARGIN, top, lay.table.width - 2 * DETAIL_MARGIN,
                       max(0, lay.bar.top - DETAIL_MARGIN - top))


def handover_card(size: tuple[int, int]) -> pygame.Rect:
    w, h = size
    card = pygame.Rect(0, 0, min(640, w - 80), 300)
    card.center = (w // 2, h // 2)
    return card


def handover(c: Canvas, size: tuple[int, int], name: str, reason_key: str, ready: Button) -> None:
    """The screen between two hot-seat players: no card of anybody's is drawn (A-G2)."""
    w, h = size
    c.blit(draw.vertical_gradient((w, h), PALETTE.felt, PALETTE.felt_dark), (0, 0))
    card = handover_card(size)
    c.panel(card, PALETTE.paper, PALETTE.dune)
    c.text(t("table.handover.title", name=name), (card.centerx, card.y + 54), size=30, display=True,
           color=PALETTE.terracotta, anchor="center")
    c.text(t(reason_key), (card.centerx, card.y + 104), size=19, bold=True, anchor="center")
    c.op(draw.text_block, t("table.handover.body", name=name),
         pygame.Rect(card.x + 40, card.y + 132, card.width - 80, 60), align="center", color=PALETTE.ink_soft)
    button(c, ready)


END_BOX_H = 580


def end_box(size: tuple[int, int]) -> pygame.Rect:
    w, h = size
    box = pygame.Rect(0, 0, min(w - 60, 900), min(END_BOX_H, h - 40))
    box.center = (w // 2, h // 2 + 10)
    return box


def stats_lines(stats: dict[str, Any]) -> tuple[str, str]:
    """One seat's statistics in two short lines: turns, passed, stolen; artichokes composted by each card."""
    turns = int(stats.get("turns", 0))
    first = "  ·  ".join((plural("table.end.turns", turns, n=turns), t("table.end.passed", n=stats.get("passed", 0)),
                          t("table.end.stolen", n=stats.get("stolen", 0))))
    composted: dict[str, int] = stats.get("composted", {})
    total = sum(composted.values())
    if not total:
        return first, t("table.end.composted_none")
    by_card = ", ".join(f"{n}× {card_name(card)}" for card, n in sorted(composted.items(), key=lambda kv: -kv[1]))
    return first, t("table.end.composted", n=total, cards=by_card)


def end(c: Canvas, st: TableState, buttons: Sequence[Button], stats: list[dict[str, Any]] | None) -> None:
    """The end of the game: the winner's hand, each seat's artichokes left and statistics, and the buttons."""
    lay, view = st.lay, st.view
    c.op(_veil, 150)
    box = end_box(lay.size)
    c.panel(box, PALETTE.paper, PALETTE.dune)
    winner = view["winner"]
    rounds = view["turn"]["round"] + 1
    y = box.y + 124
    if winner is None:
        c.text(t("table.end.stalemate"), (box.centerx, box.y + 50), size=28, display=True, color=PALETTE.terracotta,
               anchor="center")
    else:
        c.text(t("table.end.title", name=st.names[winner]), (box.centerx, box.y + 50), size=38, display=True,
               color=PALETTE.terracotta, anchor="center")
        # who won and why, in one plain sentence (A-W1): the new hand holds no artichoke
        why = t("table.end.why", name=st.names[winner]) + "  ·  " + plural("table.end.rounds", rounds, n=rounds)
        size = 17
        while size > 12 and draw.font_width(why, size) > box.width - 48:
            size -= 1
        c.text(why, (box.centerx, box.y + 96), size=size, color=PALETTE.ink_soft, anchor="center")
        hand = display_order(view.get("winner_hand") or [])
        cw = min(lay.big[0] + 10, (box.width - 80) // max(1, len(hand)) - 12)
        ch = round(cw * cardsmod.RATIO)
        total = len(hand) * cw + (len(hand) - 1) * 12
        x = box.centerx - total // 2
        for card in hand:
            rect = pygame.Rect(x, y, cw, ch)
            c.shadow(rect, 5, 60)
            c.face(card, rect, ("winning_hand", winner), zoom=False)
            x += cw + 12
    top = y + lay.big[1] + 34
    bottom = min(b.rect.top for b in buttons) - 10 if buttons else box.bottom - 10
    standings(c, st, pygame.Rect(box.x + 24, top, box.width - 48, max(52, bottom - top)), stats)
    for widget in buttons:
        button(c, widget)


def standings(c: Canvas, st: TableState, area: pygame.Rect, stats: list[dict[str, Any]] | None) -> None:
    """After the game: how many artichokes each seat still had, and what it did (turns, passes, steals and the
    artichokes each card composted), in as many lines as the chips have room for."""
    seats = st.view["seats"]
    n = len(seats)
    gap, line_h, px = 12, 18, 13
    width = (area.width - gap * (n - 1)) // max(1, n)
    lines: list[list[str]] = []
    for seat in range(n):
        if not stats:
            lines.append([])
            continue
        first, composted = stats_lines(stats[seat])
        lines.append([*draw.wrap_text(first, font(px), width - 20), *draw.wrap_text(composted, font(px), width - 20)])
    room = max(0, (area.height - 64) // line_h)
    shown = min(room, max((len(ls) for ls in lines), default=0))
    height = min(area.height, 52 + (8 + line_h * shown if shown else 0))
    x = area.x
    for seat, info in enumerate(seats):
        won = seat == st.view["winner"]
        chip = pygame.Rect(x, area.y, width, height)
        c.rounded_rect(chip, PALETTE.sand_light if not won else lerp(PALETTE.sun, PALETTE.paper, 0.6), 12,
                       PALETTE.sand_dark if not won else PALETTE.sun, 2)
        c.text(st.names[seat], (chip.centerx, chip.y + 16), size=17, bold=True, anchor="center")
        left = info.get("artichokes")
        # the winner's chip says why it won, never a count of artichokes beside a win (the rest lie in its deck
        # and discard and no longer count); every other chip says how many it still had to get rid of
        words = t("table.end.won") if won else (
            plural("table.end.artichokes", left, n=left) if left is not None else None)
        if words is not None:
            c.text(draw.ellipsize(words, width - 16, 14), (chip.centerx, chip.y + 37), size=14,
                   color=PALETTE.ink_soft, anchor="center")
        mine = lines[seat][:shown]
        if len(lines[seat]) > shown and mine:
            mine[-1] = draw.ellipsize(mine[-1] + " …", width - 20, px)
        for k, line in enumerate(mine):
            c.text(line, (chip.x + 10, chip.y + 60 + line_h * k), size=px,
                   color=PALETTE.ink_soft if k == 0 else PALETTE.ink, anchor="midleft")
        x += width + gap
