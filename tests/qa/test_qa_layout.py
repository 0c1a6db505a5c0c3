"""QA: every screen in both languages and several window sizes keeps its text inside its boxes.

Geometry checks on what the scenes lay out (button rects, label widths from the same fonts the scenes draw
with). The ones that fail today are strict xfails naming the bug; see the QA report for screenshots.

The sweeps over sizes and languages are ``slow`` (long runs) except at the default window in English, so that
``pytest -m "not slow"`` (``make quick``) still looks at every screen once.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from qa_common import buttons_of, run_frames, scene_factories

from game import i18n
from game.app import MIN_WINDOW
from game.i18n import t
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import SIZES
from game.ui.widgets import resolve

LANGS = ["en", "de"]
ROOMS = ["launcher", "cactus-setup", "cactus-play", "art-setup", "art-table", "editor"]


def open_scene(make_app, tmp_path: Path, room: str, size: tuple[int, int], lang: str):
    i18n.set_language(lang)
    app = make_app(size)
    scene = scene_factories(tmp_path)[room]()
    app.push(scene)
    run_frames(app, 3)
    return app, scene


def layout_problems(app, scene) -> list[str]:
    screen = app.surface.get_rect()
    problems = []
    buttons = buttons_of(scene)
    for b in buttons:
        label = resolve(b.label)
        width = draw.font_width(label, b.text_size, True)
        if width > b.rect.w - 6:
            problems.append(f"label {label!r} ({width}px) wider than its button {b.rect}")
        if not screen.contains(b.rect):
            problems.append(f"button {label!r} {b.rect} off the window {screen.size}")
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            if a.rect.colliderect(b.rect):
                problems.append(f"buttons overlap: {resolve(a.label)!r} {a.rect} / {resolve(b.label)!r} {b.rect}")
    return problems


SLOW = pytest.mark.slow
SIZE_LANG = [((1280, 800), "en"), *(pytest.param(size, lang, marks=SLOW) for size, lang in [
    ((1280, 800), "de"), ((1024, 700), "de"), ((800, 600), "en"), ((800, 600), "de"), ((1920, 1080), "en")])]


@pytest.mark.parametrize(("size", "lang"), SIZE_LANG)
@pytest.mark.parametrize("room", ROOMS)
def test_qa_buttons_fit_and_do_not_overlap(make_app, tmp_path: Path, room: str, size: tuple[int, int],
                                           lang: str) -> None:
    """Labels fit their buttons, buttons stay in the window and apart, and no label is a raw catalogue key."""
    app, scene = open_scene(make_app, tmp_path, room, size, lang)
    labels = [resolve(b.label) for b in buttons_of(scene)]
    assert labels, f"{room}: no buttons found, the check would be empty"
    assert [s for s in labels if re.fullmatch(r"[a-z_]+(\.[a-z_0-9]+)+", s)] == []
    assert layout_problems(app, scene) == []


def test_qa_cactus_setup_at_minimum_window(make_app, tmp_path: Path) -> None:
    app, scene = open_scene(make_app, tmp_path, "cactus-setup", MIN_WINDOW, "en")
    assert layout_problems(app, scene) == []


def test_qa_art_setup_at_minimum_window(make_app, tmp_path: Path) -> None:
    app, scene = open_scene(make_app, tmp_path, "art-setup", MIN_WINDOW, "en")
    assert layout_problems(app, scene) == []


@pytest.mark.parametrize("size", [(800, 600), (1024, 700)])
def test_qa_editor_tools_stay_in_their_bar(make_app, tmp_path: Path, size: tuple[int, int]) -> None:
    app, scene = open_scene(make_app, tmp_path, "editor", size, "de")
    bar = scene.rects["tools"]
    outside = [(resolve(b.label), b.rect) for b in scene.tools if not bar.contains(b.rect)]
    assert outside == []


def test_qa_editor_tools_fit_at_default_size(make_app, tmp_path: Path) -> None:
    app, scene = open_scene(make_app, tmp_path, "editor", (1280, 800), "de")
    bar = scene.rects["tools"]
    assert scene.tools and all(bar.contains(b.rect) for b in scene.tools)


# -- launcher tiles --------------------------------------------------------------------------------------------
LAUNCHER_SIZES = [(1280, 800), *(pytest.param(size, marks=SLOW) for size in [(1024, 700), (800, 600), (1920, 1080)])]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", LAUNCHER_SIZES)
def test_qa_launcher_tile_texts_fit(make_app, tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    """Every part of a tile stays inside it, texts fit their boxes, the hover label clears the text."""
    app, scene = open_scene(make_app, tmp_path, "launcher", size, lang)
    for tile in scene.tiles:
        fit = tile.layout
        inside = tile.rect
        parts = [fit.art, fit.title, fit.blurb, fit.open_label, *(chip for _, chip in fit.chips)]
        assert all(inside.contains(part) for part in parts), (tile.room, size, lang)
        name_w = font(fit.title_size, display=True).size(t(f"launcher.{tile.room}.name"))[0]
        assert name_w <= fit.title.width, (tile.room, size, lang)
        line_h = font(fit.blurb_size).get_linesize()
        assert len(fit.blurb_lines) * line_h <= fit.blurb.height, (tile.room, size, lang)
        assert all(font(fit.blurb_size).size(line)[0] <= fit.blurb.width for line in fit.blurb_lines)
        assert fit.blurb_lines, f"{tile.room}: no room for a blurb at {size}"
        assert fit.chips, f"{tile.room}: no tag fits at {size}"
        assert all(fit.blurb.bottom <= chip.top for _, chip in fit.chips)
        assert not any(fit.open_label.colliderect(chip) for _, chip in fit.chips)
        assert fit.art.contains(fit.open_label)  # the hover label sits on the picture, never on text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", LAUNCHER_SIZES)
def test_qa_launcher_hint_clears_the_buttons(make_app, tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    app, scene = open_scene(make_app, tmp_path, "launcher", size, lang)
    hint = scene.hint_rect
    if size[0] >= 1024:
        assert hint is not None
    if hint is not None:
        assert app.surface.get_rect().contains(hint)
        assert not hint.colliderect(scene.lang_button.rect) and not hint.colliderect(scene.quit_button.rect)
        assert not any(hint.colliderect(tile.rect) for tile in scene.tiles)


# -- cactus setup 'how to play' box ----------------------------------------------------------------------------
def how_to_play_overflow(scene) -> int:
    """Pixels by which the wrapped 'how to play' text runs past its box (<= 0: it fits)."""
    fy = scene.die_buttons[0][0].rect.bottom + 22
    hint = pygame.Rect(scene.form.x, fy, scene.form.width, scene.start.rect.top - fy - 12)
    if hint.height <= 40:
        return 0  # not drawn at all
    fnt = font(SIZES.text_small - 1)
    lines = draw.wrap_text(t("cactus.setup.controls"), fnt, hint.width - 32)
    return 34 + len(lines) * fnt.get_linesize() - hint.height


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1280, 800), pytest.param((1024, 700), marks=SLOW)])
def test_qa_cactus_setup_how_to_play_fits(make_app, tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    app, scene = open_scene(make_app, tmp_path, "cactus-setup", size, lang)
    assert how_to_play_overflow(scene) <= 0


def test_qa_cactus_setup_how_to_play_at_800x600(make_app, tmp_path: Path) -> None:
    app, scene = open_scene(make_app, tmp_path, "cactus-setup", (800, 600), "en")
    assert how_to_play_overflow(scene) <= 0
