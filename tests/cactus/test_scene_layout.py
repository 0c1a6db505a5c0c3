"""The play screen lays out cleanly from the smallest window (800x600, MIN_WINDOW) up, in both languages;
the first turn's die shows the "any piece, any cactus" face (C-T1: no roll)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import MIN_WINDOW, App, BaseScene
from game.cactus.match import Match
from game.cactus.rules import Die, Options
from game.cactus.saves import autosave_path
from game.cactus.screens import panels
from game.cactus.screens.panels import MIN_ROW_CELL
from game.cactus.screens.scene_play import PlayScene
from game.ui import draw
from game.ui.theme import SIZES
from game.ui.widgets import resolve


def open_play(make_app: Callable[..., App], size: tuple[int, int], lang: str,
              match: Match | None = None) -> tuple[App, PlayScene]:
    i18n.set_language(lang)
    app = make_app(size)
    app.push(BaseScene())
    scene = PlayScene(match or Match.new(3, names=["Ann", "Ben", "Cleo"], seed=1, bots=[False] * 3), autosave=False)
    app.push(scene)
    app.frame(0)
    app.frame(16)
    return app, scene


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [MIN_WINDOW, (1024, 700), (1280, 800)])
def test_play_panels_do_not_overlap_and_the_row_stays_readable(make_app: Callable[..., App],
                                                                size: tuple[int, int], lang: str) -> None:
    app, scene = open_play(make_app, size, lang)
    screen = app.surface.get_rect()
    r = scene.rects
    panels = {k: r[k] for k in ("table", "die_panel", "score", "heap", "row", "actions")}
    for name, rect in panels.items():
        assert screen.contains(rect), (name, rect)
    names = list(panels)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not panels[a].colliderect(panels[b]), (a, panels[a], b, panels[b])
    # the specials row: every cell inside its panel and never smaller than the minimum (no "tiny dots")
    assert scene.row_cells and all(c.width >= MIN_ROW_CELL for c in scene.row_cells)
    assert all(r["row"].contains(c) for c in scene.row_cells)
    # the buttons: inside the actions area, apart, and their labels fit
    for button in (scene.confirm_button, scene.back_button):
        assert r["actions"].contains(button.rect)
        assert draw.font_width(resolve(button.label), button.text_size, True) <= button.rect.width - 6
    assert not scene.confirm_button.rect.colliderect(scene.back_button.rect)
    # the "out of the game" line fits the row panel at the size it may shrink to (it is drawn with fit_text)
    for key in ("cactus.out", "cactus.out.long"):
        assert draw.font_width(i18n.t(key, count=10), SIZES.text_small - 4, True) <= r["row"].width - 24


def test_specials_row_shows_the_rest_as_a_count_when_cells_run_out(make_app: Callable[..., App],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = open_play(make_app, MIN_WINDOW, "de")
    row = scene.match.rules.row
    assert len(row) == 10 and len(scene.row_cells) < 10, "at 800x600 not all ten cells fit at the minimum size"
    shown: list[str] = []
    real_text = draw.text

    def spy(surface: pygame.Surface, content: str, *args: Any, **kw: Any) -> pygame.Rect:
        shown.append(content)
        return real_text(surface, content, *args, **kw)

    monkeypatch.setattr(panels.draw, "text", spy)
    scene.layers.clear()  # the panels are painted afresh (between frames they are a cached picture)
    scene.draw(app.surface)
    hidden = len(row) - len(scene.row_cells) + 1
    assert i18n.t("cactus.row.more", count=hidden) in shown
    assert hidden + len(scene.row_cells) - 1 == len(row)  # every special is either drawn or counted


@pytest.mark.parametrize("first", [True, False])
def test_first_turn_die_shows_the_any_piece_face(make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch,
                                                 first: bool) -> None:
    # C-T1: no roll in the first turn -> the neutral "any piece, any cactus" face, not a face of pips
    match = None if first else Match.with_position({0: ["red_arch"]}, last="red_arch", options=Options(die=Die()))
    app, scene = open_play(make_app, (1024, 700), "en", match)
    calls: list[dict[str, Any]] = []
    real = panels.draw_die

    def spy(surface: pygame.Surface, rect: pygame.Rect, face: Any, **kw: Any) -> None:
        calls.append({"face": face, **kw})
        real(surface, rect, face, **kw)

    monkeypatch.setattr(panels, "draw_die", spy)
    scene.layers.clear()  # the panels are painted afresh (between frames they are a cached picture)
    scene.draw(app.surface)
    assert calls and calls[-1]["face"] is None
    assert calls[-1]["any_piece"] is first  # later turns before the roll: a waiting "?" die instead
    assert not autosave_path().exists()
