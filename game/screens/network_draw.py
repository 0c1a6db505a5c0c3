"""Painting the lobby of remote play (:mod:`game.screens.scene_network`): reads the scene, assigns nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import settings
from game.i18n import t
from game.screens import table_link
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, shade

if TYPE_CHECKING:
    from game.screens.scene_network import NetworkScene, TableRow


def seat_kinds(room: str) -> list[str]:
    """What another seat of ``room`` can be: a player over the network or one of the room's bots."""
    if room == "cactus":
        return ["remote", "bot"]
    from game.artischocken.seats import bot_kinds

    return ["remote", *bot_kinds()]


def kind_text(room: str, kind: str) -> str:
    if kind == "remote":
        return t("net.host.remote")
    if room == "cactus":
        return t("net.host.cactus_bot")
    from game.artischocken.seats import kind_label

    return kind_label(kind)


STATUS_COLOURS = {"info": PALETTE.ink_soft, "error": PALETTE.error, "ok": PALETTE.ok}


def draw_lobby(surface: pygame.Surface, scene: NetworkScene) -> None:
    w, h = surface.get_size()
    draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
    dune = [(0, h * 0.86), (w * 0.3, h * 0.82), (w * 0.64, h * 0.88), (w, h * 0.83), (w, h), (0, h)]
    draw.aa_polygon(surface, shade(PALETTE.sand, -0.05), dune)
    title_y = 22 if h < 700 else 36
    draw.text(surface, t("net.title"), (w // 2, title_y), size=40 if h < 700 else 48, display=True,
              color=PALETTE.terracotta, anchor="midtop")
    subtitle_y = scene.host_card.top - 26
    draw.fit_text(surface, t("net.subtitle"), (w // 2, subtitle_y), w - 64, size=SIZES.text_small + 1,
                  color=PALETTE.ink_soft, anchor="center")
    _host_card(surface, scene)
    _join_card(surface, scene)
    scene.back_button.draw(surface)
    for item in scene.focus.items:
        if item is scene.field and item.focused:  # the code field's focus ring (the buttons draw their own)
            draw.rounded_ring(surface, item.rect.inflate(10, 10), PALETTE.focus, SIZES.radius_small + 5, 3)
    name = settings.current().player_name
    if name:
        draw.fit_text(surface, t("net.name.shown", name=name), (scene.join_card.right, scene.back_button.rect.centery),
                      scene.join_card.width, size=SIZES.text_small, color=PALETTE.ink_soft, anchor="midright")
    if scene.asking_name:
        _name_dialog(surface, scene)


def _name_dialog(surface: pygame.Surface, scene: NetworkScene) -> None:
    """Asked once: the name the other players see (the text field itself is the scene's GUI manager's)."""
    surface.blit(draw.veil(surface.get_size(), PALETTE.ink, 120), (0, 0))
    card = scene.name_card
    draw.panel(surface, card, PALETTE.paper, PALETTE.dune)
    draw.fit_text(surface, t("net.name.title"), (card.x + 32, card.y + 40), card.width - 64, size=SIZES.text_large,
                  bold=True, color=PALETTE.ink, anchor="midleft")
    draw.text_block(surface, t("net.name.body"), pygame.Rect(card.x + 32, card.y + 64, card.width - 64, 52),
                    size=SIZES.text_small, color=PALETTE.ink_soft)
    scene.name_button.draw(surface)


ROW_COLOURS = {"turn": PALETTE.ok, "info": PALETTE.ink_soft, "error": PALETTE.error, "wait": PALETTE.terracotta}


def _section(surface: pygame.Surface, title: str, x: int, inner: int, top: int) -> None:
    pygame.draw.line(surface, PALETTE.sand_dark, (x, top - 8), (x + inner, top - 8), 2)
    draw.text(surface, title, (x, top), size=SIZES.text, bold=True, color=PALETTE.ink)


def _table_row(surface: pygame.Surface, row: TableRow) -> None:
    """A table of "Your tables": the game and the others' names on the left, how it stands on the right."""
    row.button.draw(surface)
    rect = row.button.rect.move(0, 2) if row.button.pressed else row.button.rect
    # how the table stands comes first (who won, whose turn); the title yields down to a quarter of the row
    state_w = min(rect.width - 36 - rect.width // 4, draw.font_width(row.state, SIZES.text_small, bold=True) + 4)
    draw.fit_text(surface, row.state, (rect.right - 12, rect.centery), state_w, size=SIZES.text_small, bold=True,
                  color=ROW_COLOURS.get(row.kind, PALETTE.ink), anchor="midright")
    draw.fit_text(surface, row.title, (rect.x + 12, rect.centery), rect.width - state_w - 36, size=SIZES.text_small,
                  color=PALETTE.ink, anchor="midleft")
    if row.dismiss is not None:
        row.dismiss.draw(surface)


def _card(surface: pygame.Surface, rect: pygame.Rect, title: str) -> None:
    draw.panel(surface, rect, PALETTE.paper, PALETTE.dune)
    draw.fit_text(surface, title, (rect.x + 24, rect.y + 34), rect.width - 48, size=SIZES.text_large, bold=True,
                  color=PALETTE.ink)


def _status(surface: pygame.Surface, status: tuple[str, str] | None, rect: pygame.Rect) -> None:
    if status is None:
        return
    text, kind = status
    draw.text_block(surface, text, rect, size=SIZES.text_small, color=STATUS_COLOURS.get(kind, PALETTE.ink))


def _host_card(surface: pygame.Surface, scene: NetworkScene) -> None:
    card = scene.host_card
    _card(surface, card, t("net.host.title"))
    x, inner = card.x + 24, card.width - 48
    hosted = scene.hosted
    if hosted is not None:
        y = card.y + 76
        draw.fit_text(surface, t("net.host.code"), (x, y), inner, size=SIZES.text_small, bold=True,
                      color=PALETTE.ink_soft, anchor="midleft")
        small = card.height < 460
        box = pygame.Rect(x, y + 20, inner, 72 if small else 96)
        draw.rounded_rect(surface, box, PALETTE.sand_light, SIZES.radius, PALETTE.terracotta, 3)
        size = 44
        while size > 18 and draw.font_width(hosted.code, size, bold=True) > inner - 32:
            size -= 2
        draw.text(surface, hosted.code, box.center, size=size, bold=True, color=PALETTE.terracotta_dark,
                  anchor="center")
        y = box.bottom + (18 if small else 24) + 16  # below the link line
        beside = pygame.Rect(x, y - 10, inner, scene.open_button.rect.top - y - 16)
        table_link.draw_link(surface, hosted.code, pygame.Rect(x, box.bottom + 2, inner, 20), beside)
        qr = table_link.qr_side(beside.height)
        column = inner - (qr + 12 if qr else 0)  # the game and its seats, left of the QR code
        draw.fit_text(surface, t(f"launcher.{hosted.room}.name"), (x, y), column, size=SIZES.text, bold=True,
                      color=PALETTE.cactus_dark, anchor="midleft")
        y += 26 if small else 30
        step = 21 if small else 24
        names = scene.seat_names()
        for i, kind in enumerate(hosted.kinds):
            label = t("net.host.you") if i == 0 else names.get(i) or kind_text(hosted.room, kind)
            draw.text(surface, str(i + 1), (x + 12, y), size=SIZES.text_small, bold=True, color=PALETTE.terracotta,
                      anchor="center")
            draw.fit_text(surface, label, (x + 30, y), column - 30, size=SIZES.text_small, color=PALETTE.ink,
                          anchor="midleft")
            y += step
        inner = column
        block = pygame.Rect(x, y, inner, scene.open_button.rect.top - y - 6)
        words = scene.host_words()
        if scene.host_status is not None:  # taking the seat, or why that failed: in place of the hint
            _status(surface, scene.host_status, block)
        elif draw.text_height(words, inner, size=SIZES.text_small) <= block.height:
            draw.text_block(surface, words, block, size=SIZES.text_small, color=PALETTE.ink_soft)
        else:
            draw.fit_text(surface, words, (x, y + 8), inner, size=SIZES.text_small, color=PALETTE.ink_soft,
                          anchor="midleft")
        for button in scene.host_buttons():
            button.draw(surface)
        return
    scene.room_button.draw(surface)
    label_y = scene.room_button.rect.bottom + 12
    draw.text(surface, t("net.host.seats"), (x, label_y), size=SIZES.text_small, bold=True, color=PALETTE.ink_soft)
    for i in range(len(scene.kinds)):
        button = scene.seat_buttons[i]
        draw.text(surface, str(i + 1), (x + 12, button.rect.centery), size=SIZES.text, bold=True,
                  color=PALETTE.terracotta, anchor="center")
        if i == 0:  # the host's own seat: a plain label, not a choice
            draw.rounded_rect(surface, button.rect, PALETTE.sand_light, SIZES.radius_small, PALETTE.sand_dark, 2)
            draw.text(surface, t("net.host.you"), button.rect.center, size=SIZES.text_small, bold=True,
                      color=PALETTE.ink, anchor="center")
        else:
            button.draw(surface)
    scene.add_button.draw(surface)
    scene.remove_button.draw(surface)
    scene.server_button.draw(surface)
    status_top = scene.server_button.rect.bottom + 8
    _status(surface, scene.host_status, pygame.Rect(x, status_top, inner, scene.host_button.rect.top - status_top))
    scene.host_button.draw(surface)


def _join_card(surface: pygame.Surface, scene: NetworkScene) -> None:
    card = scene.join_card
    _card(surface, card, t("net.join.title"))
    x, inner = card.x + 24, card.width - 48
    entry_rect = scene.field.rect
    draw.text(surface, t("net.join.code"), (x, entry_rect.top - 22), size=SIZES.text_small, bold=True,
              color=PALETTE.ink_soft)
    scene.join_button.draw(surface)
    status_h = scene.tables_top - entry_rect.bottom - 16
    _status(surface, scene.join_status, pygame.Rect(x, entry_rect.bottom + 8, inner, status_h))
    _section(surface, t("net.yours.title"), x, inner, scene.tables_top)
    for row in scene.tables:
        _table_row(surface, row)
    if not scene.tables:
        draw.fit_text(surface, t("net.yours.none"), (x, scene.tables_top + 30 + 18), inner, size=SIZES.text_small,
                      color=PALETTE.ink_faint, anchor="midleft")
    top = scene.found_top
    _section(surface, t("net.found.title"), x, inner, top)
    if scene.found_buttons:
        for _, button in scene.found_buttons:
            button.draw(surface)
        return
    browser = scene.browser
    if browser is None or not browser.available:
        note = t("net.found.off")
        if browser is not None and browser.note:
            note += f"\n{browser.note}"
    else:
        note = t("net.found.looking")
    draw.text_block(surface, note, pygame.Rect(x, top + 34, inner, card.bottom - top - 50), size=SIZES.text_small,
                    color=PALETTE.ink_faint)
