"""Beside a hosted table's code the lobby shows the link to the table's page on its server
(``http://HOST:PORT/t/TABLE``, the same address as the code) and its QR code for a phone (docs/remote-play.md,
"A seat in the browser"); headless, drawn from a set hosted table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
import segno

from game import settings
from game.i18n import t
from game.screens import table_link
from game.screens.scene_network import Hosted

from .test_lobby_home import lobby_app

CODE = "192.168.1.20:8765/K7QX-2M9P"
LINK = "http://192.168.1.20:8765/t/K7QX-2M9P"


def hosted(kinds: list[str]) -> Hosted:
    return Hosted("artischocken", "ws://192.168.1.20:8765", CODE, "K7QX-2M9P", 0, "token", kinds, 1,
                  "srv/K7QX-2M9P")


def test_the_link_is_the_codes_address_with_the_tables_page() -> None:
    assert table_link.page_link(CODE) == LINK
    assert table_link.page_link("[fe80::1]:9000/AB12-CD34") == "http://[fe80::1]:9000/t/AB12-CD34"
    assert table_link.page_link("no code") is None


def test_the_qr_code_holds_the_link_in_whole_pixels() -> None:
    qr = table_link.qr_surface(LINK, 120)
    matrix = [list(row) for row in segno.make(LINK, error="m", micro=False).matrix_iter(border=table_link.QUIET)]
    scale = qr.get_width() // len(matrix)
    assert scale >= 3 and qr.get_width() == qr.get_height() == scale * len(matrix) <= 120
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            colour = qr.get_at((x * scale + scale // 2, y * scale + scale // 2))[:3]
            assert colour == ((0, 0, 0) if dark else (255, 255, 255)), (x, y)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_host_card_shows_the_link_and_its_qr_code(make_app: Callable[..., Any], home: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      size: tuple[int, int]) -> None:
    settings.change("player_name", "Tom")
    app, lobby = lobby_app(make_app, size=size)
    texts: list[str] = []
    blits: list[tuple[pygame.Surface, pygame.Rect]] = []
    real_fit = table_link.draw.fit_text
    monkeypatch.setattr(table_link.draw, "fit_text", lambda surface, text, *a, **k: (texts.append(text),
                                                                                     real_fit(surface, text, *a, **k)))
    real_qr = table_link.qr_surface

    def qr(text: str, side: int) -> pygame.Surface:
        made = real_qr(text, side)
        blits.append((made, pygame.Rect(0, 0, 0, 0)))
        assert text == LINK
        return made

    monkeypatch.setattr(table_link, "qr_surface", qr)
    lobby.hosted = hosted(["remote", "remote", "greedy"])
    lobby.layout(app.surface.get_size())  # as hosting does: the host card's buttons
    app.frame()
    assert t("net.host.link", link=LINK) in texts
    assert blits, "no QR code drawn"
    made = blits[-1][0]
    # the QR code is on the screen, inside the host card, and clear of the buttons
    shot = app.surface
    found = [(x, y) for y in range(lobby.host_card.top, lobby.host_card.bottom - made.get_height())
             for x in range(lobby.host_card.right - made.get_width() - 40, lobby.host_card.right - made.get_width())
             if shot.get_at((x, y))[:3] == (255, 255, 255) and shot.get_at((x + made.get_width() - 1, y))[:3]
             == (255, 255, 255) and _same(shot, made, x, y)]
    assert found, "the QR code is not on the screen"
    x, y = found[0]
    at = pygame.Rect(x, y, made.get_width(), made.get_height())
    assert lobby.host_card.contains(at)
    assert not any(at.colliderect(button.rect) for button in lobby.host_buttons())


def _same(shot: pygame.Surface, made: pygame.Surface, x: int, y: int) -> bool:
    step = max(1, made.get_width() // 12)
    return all(shot.get_at((x + i, y + j))[:3] == made.get_at((i, j))[:3]
               for i in range(0, made.get_width(), step) for j in range(0, made.get_height(), step))
