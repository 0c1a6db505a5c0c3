"""The play scene's layout and its panels around the table: the top bar, the die, the scores and the
supply, the turn log, the heap of basic pieces, the specials row and the action buttons.

:func:`lay_out` computes every rectangle and click region once per window size; the ``draw_*`` functions
only read the match and the layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.cactus.match import Match, Stage
from game.cactus.rules import COLOURS, FORMS, CactusGame, Event, Face
from game.cactus.screens import layers
from game.cactus.screens import texts as txt
from game.cactus.screens.effects import rolling_face
from game.cactus.screens.view import TableView, draw_die, draw_icon, flower_icon, piece_colour
from game.i18n import t
from game.ui import colour_aids, draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, Color, lerp
from game.ui.widgets import Button, resolve

#: The specials row's cells are never smaller than this (px), nor larger than that.
MIN_ROW_CELL = 34
MAX_ROW_CELL = 64
#: The height of the prompt's strip over the table (px): three lines of small text, two of the usual size.
PROMPT_STRIP = 66


@dataclass
class PlayButtons:
    roll: Button
    confirm: Button
    back: Button
    leave: Button
    rules: Button | None = None  # the rules screen (None: a table that offers none)

    def all(self) -> list[Button]:
        return [self.roll, self.confirm, self.back, self.leave, *([self.rules] if self.rules else [])]


@dataclass
class PlayLayout:
    """The play screen's rectangles: ``rects`` by name (top, table, die_panel, die, score, supply, log, bottom,
    heap, row, actions, prompt: the strip over the table), a row per seat, the heap's cell per basic piece, the
    specials row's cells."""

    rects: dict[str, pygame.Rect] = field(default_factory=dict)
    seat_rects: list[pygame.Rect] = field(default_factory=list)
    heap_cells: dict[str, pygame.Rect] = field(default_factory=dict)
    row_cells: list[pygame.Rect] = field(default_factory=list)
    compact: bool = False


def lay_out(size: tuple[int, int], view: TableView, players: int, buttons: PlayButtons) -> PlayLayout:
    """The layout for a window of ``size``; fits ``view`` into the table and places the buttons."""
    lay = PlayLayout()
    rects = lay.rects
    w, h = size
    pad = 14 if w >= 1100 else 10
    top_h = 56
    right_w = max(230, min(300, round(w * 0.22)))
    table_w = w - right_w - 3 * pad
    world_w, world_h = view.world_w, view.world_h
    strip = PROMPT_STRIP  # the prompt's own strip over the table: it never covers a piece
    needed = round(world_h * table_w / world_w) + TableView.GROUND_BAND + strip + 4
    bottom_h = max(128, min(230, h - top_h - needed - 2 * pad))
    table = pygame.Rect(pad, top_h + strip + 4, table_w, h - top_h - strip - 4 - bottom_h - 2 * pad)
    rects["top"] = pygame.Rect(0, 0, w, top_h)
    rects["table"] = table
    view.fit(table)
    right = pygame.Rect(table.right + pad, top_h, right_w, h - top_h - pad)
    die_h = 112
    rects["die_panel"] = pygame.Rect(right.x, right.y, right.width, die_h)
    die_size = 70
    rects["die"] = pygame.Rect(right.x + 18, right.y + (die_h - die_size) // 2, die_size, die_size)
    buttons.roll.rect = pygame.Rect(rects["die"].right + 16, right.y + die_h - 18 - 40,
                                    right.right - rects["die"].right - 32, 40)
    seat_h = 54
    score = pygame.Rect(right.x, rects["die_panel"].bottom + pad, right.width, 34 + players * seat_h + 40)
    rects["score"] = score
    lay.seat_rects = [pygame.Rect(score.x + 8, score.y + 32 + i * seat_h, score.width - 16, seat_h - 4)
                      for i in range(players)]
    rects["supply"] = pygame.Rect(score.x + 12, score.bottom - 36, score.width - 24, 28)
    rects["log"] = pygame.Rect(right.x, score.bottom + pad, right.width, right.bottom - score.bottom - pad)
    bottom = pygame.Rect(pad, table.bottom + pad, table.width, bottom_h)
    rects["bottom"] = bottom
    cell = (bottom_h - 40) // 5
    heap = pygame.Rect(bottom.x, bottom.y, cell * 5 + 24, bottom_h)
    rects["heap"] = heap
    for ci, colour in enumerate(COLOURS):
        for fi, form in enumerate(FORMS):
            lay.heap_cells[f"{colour}_{form}"] = pygame.Rect(heap.x + 12 + ci * cell, heap.y + 30 + fi * cell,
                                                             cell, cell)
    bh = SIZES.button_height
    buttons_w = max(150, min(210, round(bottom.width * 0.2)))
    # compact (a narrow window, 800x600): no room for the specials row beside a column of buttons, so the
    # buttons go side by side under the row and the key hint moves to the top bar
    lay.compact = bottom.width - heap.width - buttons_w - 2 * pad < 10 * MIN_ROW_CELL + 24
    if lay.compact:
        rest = pygame.Rect(heap.right + pad, bottom.y, bottom.right - heap.right - pad, bottom_h)
        row = pygame.Rect(rest.x, rest.y, rest.width, rest.height - bh - pad)
        actions = pygame.Rect(rest.x, row.bottom + pad, rest.width, bh)
        half = (actions.width - pad) // 2
        buttons.confirm.rect = pygame.Rect(actions.x, actions.y, half, bh)
        buttons.back.rect = pygame.Rect(actions.right - half, actions.y, half, bh)
    else:
        row = pygame.Rect(heap.right + pad, bottom.y, bottom.width - heap.width - buttons_w - 2 * pad, bottom_h)
        actions = pygame.Rect(row.right + pad, bottom.y, buttons_w, bottom_h)
        buttons.confirm.rect = pygame.Rect(actions.x, actions.y + 8, actions.width, bh)
        buttons.back.rect = pygame.Rect(actions.x, actions.y + 16 + bh, actions.width, bh)
    rects["row"] = row
    rects["actions"] = actions
    # the specials row keeps readable cells: fewer of them then, the last one saying "+N"
    rc = max(MIN_ROW_CELL, min((row.width - 24) // 10, row.height - 52, MAX_ROW_CELL))
    visible = max(1, min(10, (row.width - 24) // rc))
    lay.row_cells = [pygame.Rect(row.x + 12 + k * rc, row.y + 34, rc, rc) for k in range(visible)]
    buttons.leave.rect = pygame.Rect(w - pad - 150, 10, 150, 36)
    if buttons.rules is not None:
        rules_w = max(90, draw.font_width(resolve(buttons.rules.label), SIZES.text_small, bold=True) + 32)
        buttons.rules.rect = pygame.Rect(buttons.leave.rect.x - 10 - rules_w, 10, rules_w, 36)
    rects["prompt"] = pygame.Rect(table.x, top_h, table.width, strip)
    return lay


@dataclass(frozen=True)
class Help:
    """A tooltip's words and the rectangle of what they explain (the tooltip stands beside it, never over it)."""

    text: str
    subject: pygame.Rect


#: A flower token in the flowers panel is this large (px), with this gap to the next.
TOKEN_SIZE, TOKEN_GAP = 18, 2


def token_cells(rules: CactusGame, lay: PlayLayout) -> list[tuple[pygame.Rect, bool]]:
    """Where each seat's flower tokens stand in the flowers panel (the 3-sides first): each token's rectangle and
    whether it lies on its 3-side."""
    cells: list[tuple[pygame.Rect, bool]] = []
    for seat, row in enumerate(lay.seat_rects):
        ones, threes = rules.bank.tokens(seat)
        x = row.x + 10
        for three in [True] * threes + [False] * ones:
            cells.append((pygame.Rect(x, row.y + 30, TOKEN_SIZE, TOKEN_SIZE), three))
            x += TOKEN_SIZE + TOKEN_GAP
    return cells


def bank_words(rules: CactusGame, lay: PlayLayout) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the supply's words (with their token) and the box's words stand on the supply line."""
    line = lay.rects["supply"]
    supply_w = 24 + draw.font_width(t("cactus.bank.supply", tokens=rules.bank.supply), SIZES.text_small)
    box_w = draw.font_width(t("cactus.bank.box", tokens=rules.bank.box), SIZES.text_small)
    return (pygame.Rect(line.x, line.y, supply_w, line.height),
            pygame.Rect(line.right - box_w, line.y, box_w, line.height))


def help_at(lay: PlayLayout, rules: CactusGame, pos: tuple[int, int]) -> Help | None:
    """What the thing under ``pos`` means, for the tooltip: the die's faces (the "!!" among them), a flower token
    (its side and what it counts), a seat's flowers, the supply and why it grows, the box; with the thing's
    rectangle. None where nothing needs saying."""
    rects = lay.rects
    if "die_panel" not in rects:
        return None
    if rects["die_panel"].collidepoint(pos):
        return Help(t("cactus.help.die"), rects["die_panel"])
    supply, box = bank_words(rules, lay)
    for key, words in (("cactus.help.supply", supply), ("cactus.help.box", box)):
        if words.collidepoint(pos):
            return Help(t(key), words)
    for cell, three in token_cells(rules, lay):
        if cell.collidepoint(pos):
            return Help(t("cactus.help.token3" if three else "cactus.help.token1"), cell)
    row = next((row for row in lay.seat_rects if row.collidepoint(pos)), None)
    return None if row is None else Help(t("cactus.help.flowers"), row)


def draw_top(surface: pygame.Surface, rules: CactusGame, lay: PlayLayout, leave: Button,
             rules_button: Button | None = None, names: Sequence[str] | None = None) -> None:
    """The top bar: the title, whose turn (by ``names`` where given, else the match's), the variants, the
    buttons."""
    top = lay.rects["top"]
    draw.text(surface, t("cactus.title"), (20, top.centery), size=30, display=True, color=PALETTE.terracotta,
              anchor="midleft")
    current = rules.current_player
    player = names[current] if names and current is not None and 0 <= current < len(names) else \
        txt.player_name(rules, current)
    turn = t("cactus.turn", turn=rules.turn_number, player=player)
    used = draw.text(surface, turn, (170, top.centery), size=SIZES.text, color=PALETTE.ink_soft, anchor="midleft")
    variants = []
    if rules.options.long_game:
        variants.append(t("cactus.variant.long_game.short"))
    if rules.options.strict_claim:
        variants.append(t("cactus.variant.strict_claim.short"))
    right = (leave if rules_button is None else rules_button).rect.x - 16
    if variants:
        right = draw.text(surface, " · ".join(variants), (right, top.centery), size=SIZES.text_small,
                          color=PALETTE.ink_faint, anchor="midright").x - 16
    if lay.compact:  # the key hint, in two lines between the turn and the buttons (left out if it can't fit)
        box = pygame.Rect(used.right + 24, top.y + 6, right - used.right - 24, top.height - 12)
        fnt = font(SIZES.text_small - 3)
        lines = draw.wrap_text(t("cactus.hint.keys"), fnt, box.width) if box.width > 120 else []
        if lines and len(lines) * fnt.get_linesize() <= box.height:
            y = box.centery - len(lines) * fnt.get_linesize() // 2
            for k, line in enumerate(lines):
                draw.text(surface, line, (box.x, y + k * fnt.get_linesize()), size=SIZES.text_small - 3,
                          color=PALETTE.ink_faint)
    leave.draw(surface)
    if rules_button is not None:
        rules_button.draw(surface)


def zoom_badge(view: TableView, table: pygame.Rect) -> pygame.Rect | None:
    """Where the zoom badge stands while the camera is zoomed (bottom right of the table), else None."""
    if view.zoom < 1.05:
        return None
    label = t("cactus.zoom.badge", zoom=f"{view.zoom:.1f}")
    width = draw.font_width(label, SIZES.text_small - 2, bold=True) + 20
    return pygame.Rect(table.right - width - 10, table.bottom - TableView.GROUND_BAND - 34, width, 26)


def draw_zoom_badge(surface: pygame.Surface, view: TableView, table: pygame.Rect) -> None:
    """While zoomed: how much, and the key back to the whole table (bottom right of the table)."""
    box = zoom_badge(view, table)
    if box is None:
        return
    label = t("cactus.zoom.badge", zoom=f"{view.zoom:.1f}")
    draw.rounded_rect(surface, box, lerp(PALETTE.paper, PALETTE.sand_light, 0.5), 13, PALETTE.sand_dark, 1)
    draw.text(surface, label, box.center, size=SIZES.text_small - 2, bold=True, color=PALETTE.ink_soft,
              anchor="center")


def draw_die_panel(surface: pygame.Surface, m: Match, lay: PlayLayout, roll: Button, roll_anim: float,
                   human: bool, glow: float) -> None:
    rect = lay.rects["die_panel"]
    die = lay.rects["die"]
    draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 14)
    face = m.rules.turn.roll
    colour = None
    form = None
    if face is not None and roll_anim <= 0:
        what, value = m.rules.wanted()
        if what == "colour" and value:
            colour = piece_colour(next(s for s in m.world.pieces.values() if s.colour == value))
        elif what == "form" and value:
            form = next(s for s in m.world.pieces.values() if s.form == value)
    shown, wobble = rolling_face(roll_anim, face)
    draw_die(surface, die, shown, wobble=wobble, glow=glow if (human and m.stage == Stage.ROLL) else 0.0,
             colour=colour, form=form, any_piece=m.rules.first_turn and shown is None)
    x = die.right + 16
    label = txt.die_label(face) if m.rules.turn_number > 1 or face else t("cactus.die.first")
    if roll_anim > 0:
        label = t("cactus.die.rolling")
    draw.text(surface, label, (x, rect.y + 22), size=SIZES.text, bold=True, color=PALETTE.ink, anchor="midleft")
    if m.stage == Stage.ROLL and human:
        roll.draw(surface)
    else:
        sub = txt.target_text(m) if m.stage not in (Stage.ROLL, Stage.OVER) else ""
        layers.text_block(surface, sub, pygame.Rect(x, rect.y + 40, rect.right - x - 10, 60),
                        size=SIZES.text_small, color=PALETTE.ink_soft)


def draw_scores(surface: pygame.Surface, m: Match, lay: PlayLayout, names: Sequence[str] | None = None,
                marks: Sequence[str] | None = None) -> None:
    """The flowers panel: a row per seat (named by ``names`` where given, else by the match; beside the name
    ``marks``' word where given, else "(bot)" for the match's bots), the supply."""
    rules = m.rules
    rect = lay.rects["score"]
    draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 14)
    draw.text(surface, t("cactus.scores"), (rect.x + 14, rect.y + 16), size=SIZES.text_small, bold=True,
              color=PALETTE.ink_soft, anchor="midleft")
    for seat, row in enumerate(lay.seat_rects):
        current = seat == rules.current and not m.is_over
        if current:
            draw.rounded_rect(surface, row, lerp(PALETTE.paper, PALETTE.sun, 0.22), 10, PALETTE.focus, 2)
        name = names[seat] if names and seat < len(names) else rules.names[seat]
        fnt = font(SIZES.text_small + 1, bold=True)
        while fnt.size(name)[0] > row.width - 90 and len(name) > 3:
            name = name[:-2] + "…"
        draw.text(surface, name, (row.x + 10, row.y + 15), size=SIZES.text_small + 1, bold=True,
                  color=PALETTE.ink, anchor="midleft")
        tag = (f"({marks[seat]})" if marks[seat] else "") if marks is not None and seat < len(marks) else \
            t("cactus.bot") if m.bots[seat] else ""
        if tag:
            tag_x = row.x + 16 + fnt.size(name)[0]
            draw.fit_text(surface, tag, (tag_x, row.y + 15), max(0, row.right - 50 - tag_x),
                          size=SIZES.text_small - 2, color=PALETTE.ink_faint)
        draw.text(surface, str(rules.bank.value(seat)), (row.right - 12, row.centery), size=26, bold=True,
                  color=PALETTE.terracotta if current else PALETTE.ink, anchor="midright")
    for cell, three in token_cells(rules, lay):
        surface.blit(flower_icon(TOKEN_SIZE, three), cell.topleft)
    supply, box = bank_words(rules, lay)
    surface.blit(flower_icon(TOKEN_SIZE, False), (supply.x, supply.y + 4))
    draw.text(surface, t("cactus.bank.supply", tokens=rules.bank.supply), (supply.x + 24, supply.centery),
              size=SIZES.text_small, color=PALETTE.ink_soft, anchor="midleft")
    draw.text(surface, t("cactus.bank.box", tokens=rules.bank.box), box.midright,
              size=SIZES.text_small, color=PALETTE.ink_faint, anchor="midright")


def log_entries(rules: CactusGame, last: int = 80,
                names: Sequence[str] | None = None) -> list[tuple[Event, str, Color]]:
    """The turn log's entries, newest first, of the ``last`` events: each event with its sentence and colour; a run
    of identical events (the same piece fell again and again) is one entry that says how often ("×5"). The seats
    by ``names`` where given (as the panels name them), else the match's."""
    out: list[tuple[Event, str, Color]] = []
    for e, count in reversed(txt.fold(e for e in rules.log[-last:] if e.kind != "take")):
        colour = PALETTE.ok if e.kind == "award" else PALETTE.error if e.kind in (
            "hand_touch", "knocked", "awards_void") else PALETTE.ink_soft
        out.append((e, txt.describe_times(rules, e, count, names), colour))
    return out


def draw_log(surface: pygame.Surface, rules: CactusGame, rect: pygame.Rect,
             names: Sequence[str] | None = None) -> None:
    """The turn log, newest first, as much as fits; a run of identical events is one line ("fell ×5")."""
    draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 14)
    draw.text(surface, t("cactus.log"), (rect.x + 14, rect.y + 16), size=SIZES.text_small, bold=True,
              color=PALETTE.ink_soft, anchor="midleft")
    inner = pygame.Rect(rect.x + 14, rect.y + 32, rect.width - 28, rect.height - 40)
    aids = colour_aids.enabled()
    if aids:  # colour aids: each entry that names a piece starts with its colour's swatch and mark
        inner = pygame.Rect(inner.x + 18, inner.y, inner.width - 18, inner.height)
    fnt = font(SIZES.text_small - 1)
    line_h = fnt.get_linesize()
    lines: list[tuple[str, Color]] = []
    swatches: list[tuple[int, str]] = []
    for e, line, colour in log_entries(rules, names=names):
        wrapped = [w for w, _ in layers.wrapped(line, SIZES.text_small - 1, False, inner.width)]
        block = [(wrapped[0], colour)] + [("  " + w, colour) for w in wrapped[1:]]
        if (len(lines) + len(block)) * line_h > inner.height:
            break
        piece = rules.pieces.get(e.pieces[0]) if e.pieces else None
        if aids and piece is not None and piece.colour in colour_aids.MARKS:
            swatches.append((len(lines), piece.colour))
        lines.extend(block)
    for i, (line, colour) in enumerate(lines):
        draw.text(surface, line, (inner.x, inner.y + i * line_h), size=SIZES.text_small - 1, color=colour)
    for i, name in swatches:
        fill = dict(colour_aids.cue_colours())[name]
        centre = (inner.x - 10, inner.y + i * line_h + line_h / 2)
        pygame.draw.circle(surface, fill, centre, 7)
        colour_aids.draw_mark(surface, name, centre, 9, fill)


def draw_heap(surface: pygame.Surface, m: Match, lay: PlayLayout, pointer: tuple[int, int], human: bool) -> None:
    rect = lay.rects["heap"]
    draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 12)
    draw.text(surface, t("cactus.heap", count=len(m.rules.supply)), (rect.x + 12, rect.y + 16),
              size=SIZES.text_small - 1, bold=True, color=PALETTE.ink_soft, anchor="midleft")
    allowed = set(m.allowed()) if (m.stage == Stage.CHOOSE) else set()
    choosing = m.stage == Stage.CHOOSE and human
    for pid, cell in lay.heap_cells.items():
        if pid not in m.rules.supply:
            pygame.draw.circle(surface, PALETTE.sand, cell.center, 2)
            continue
        hot = pid in allowed
        if hot and choosing:
            hover = cell.collidepoint(pointer)
            tint = lerp(PALETTE.paper, PALETTE.sun, 0.5 if hover else 0.25)
            draw.rounded_rect(surface, cell.inflate(-1, -1), tint, 6, PALETTE.focus, 2)
        draw_icon(surface, m.world.pieces[pid], cell.center, cell.width - 6, dim=bool(allowed) and not hot)


def draw_row(surface: pygame.Surface, m: Match, lay: PlayLayout) -> None:
    rect = lay.rects["row"]
    cells = lay.row_cells
    draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 12)
    draw.text(surface, t("cactus.row", count=len(m.rules.row)), (rect.x + 12, rect.y + 16),
              size=SIZES.text_small - 1, bold=True, color=PALETTE.ink_soft, anchor="midleft")
    wanted_special = m.stage == Stage.CHOOSE and m.rules.turn.roll == Face.SPECIAL
    row = m.rules.row
    hidden = len(row) - len(cells) + 1 if len(row) > len(cells) else 0
    for k, cell in enumerate(cells):
        draw.rounded_rect(surface, cell.inflate(-4, -4), PALETTE.sand_light, 8, PALETTE.sand, 1)
        if k >= len(row):
            continue
        if hidden and k == len(cells) - 1:
            draw.text(surface, t("cactus.row.more", count=hidden), cell.center, size=SIZES.text_small - 1,
                      bold=True, color=PALETTE.ink_soft, anchor="center")
            continue
        pid = row[k]
        if k == 0:
            colour = PALETTE.focus if wanted_special else PALETTE.dune
            draw.rounded_ring(surface, cell.inflate(-2, -2), colour, 8, 2)
        draw_icon(surface, m.world.pieces[pid], cell.center, cell.width - 12)
    if cells:
        label = t("cactus.row.next")
        draw.text(surface, label, (cells[0].x + 4, cells[0].bottom + 4), size=SIZES.text_small - 3,
                  color=PALETTE.ink_faint, anchor="topleft")
        y = cells[0].bottom + 26
        if rect.bottom - y >= 34:
            key = "cactus.out.long" if m.rules.options.long_game else "cactus.out"
            draw.fit_text(surface, t(key, count=len(m.rules.out)), (rect.x + 12, y + 8), rect.width - 24,
                          size=SIZES.text_small - 1, bold=True, color=PALETTE.ink_soft)
            size = min(30, rect.bottom - y - 24)
            x = rect.x + 12 + size // 2
            for pid in m.rules.out[-((rect.width - 24) // (size + 4)):]:
                draw_icon(surface, m.world.pieces[pid], (x, y + 22 + size / 2), size, dim=True)
                x += size + 4


def draw_actions(surface: pygame.Surface, m: Match, lay: PlayLayout, buttons: PlayButtons, human: bool) -> None:
    rect = lay.rects["actions"]
    buttons.confirm.draw(surface)
    buttons.back.draw(surface)
    if lay.compact:
        return  # the key hint is in the top bar; the prompt names the piece in the hand
    hint = t("cactus.hint.keys")
    layers.text_block(surface, hint, pygame.Rect(rect.x, buttons.back.rect.bottom + 10, rect.width, 60),
                    size=SIZES.text_small - 3, color=PALETTE.ink_faint)
    if m.stage == Stage.IN_HAND and human:
        name = txt.piece_name(m.rules, str(m.piece))
        draw.fit_text(surface, name, (rect.centerx, rect.bottom - 4), rect.width, size=SIZES.text_small - 2,
                      color=PALETTE.ink_soft, anchor="midbottom")


__all__ = ["MAX_ROW_CELL", "MIN_ROW_CELL", "PROMPT_STRIP", "TOKEN_GAP", "TOKEN_SIZE", "Help", "PlayButtons",
           "PlayLayout", "bank_words", "draw_actions", "draw_die_panel", "draw_heap", "draw_log", "draw_row",
           "draw_scores", "draw_top", "draw_zoom_badge", "help_at", "lay_out", "log_entries", "token_cells",
           "zoom_badge"]
