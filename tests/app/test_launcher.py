"""The launcher driven headless with synthetic events."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n
from game.screens.launcher import LauncherScene


@pytest.fixture
def launcher(make_app):
    app = make_app((1280, 800))
    scene = LauncherScene()
    app.push(scene)
    yield app, scene
    i18n.set_language("en")


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def click(pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_click_on_a_tile_opens_the_room(launcher) -> None:
    app, scene = launcher
    app.frame(0)
    click(scene.tiles[2].rect.center)
    app.frame(16)
    assert scene.opened == "editor"
    assert app.scene is not scene  # the room (or its placeholder) is on top
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.frame(32)
    assert app.scene is scene


def test_hover_lifts_a_tile(launcher, tmp_path: Path) -> None:
    app, scene = launcher
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.tiles[0].rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    for i in range(20):
        app.frame(i * 16)
    assert scene.tiles[0].hovered and scene.tiles[0].lift > 0.9
    assert scene.tiles[1].lift < 0.1
    pygame.image.save(app.surface, str(tmp_path / "hover.png"))


def test_keyboard_navigation_and_enter(launcher) -> None:
    app, scene = launcher
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0),
         pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    app.frame(0)
    assert scene.focus.current is scene.tiles[1]
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.frame(16)
    assert scene.opened == "artischocken"


def test_language_switch_is_saved(launcher) -> None:
    app, scene = launcher
    click(scene.lang_button.rect.center)
    app.frame(0)
    assert i18n.get_language() == "de"
    from game import settings

    assert settings.load_settings().lang == "de"
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0))
    app.frame(16)
    assert i18n.get_language() == "en"


def test_quit_button(launcher) -> None:
    app, scene = launcher
    click(scene.quit_button.rect.center)
    app.frame(0)
    assert not app.running


def test_layout_follows_resize(launcher) -> None:
    app, scene = launcher
    app.resize((900, 640))
    app.frame(0)
    right = max(tile.rect.right for tile in scene.tiles)
    assert right <= 900 and min(tile.rect.left for tile in scene.tiles) >= 0
    rects = [tile.rect for tile in scene.tiles] + [scene.lang_button.rect, scene.quit_button.rect]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b)  # no overlapping widgets


def test_corrupt_settings_are_explained_in_a_dialog(home: Path, make_app) -> None:
    (home / "settings.json").write_text("{oops")
    from game import settings

    prefs = settings.load_settings()
    app = make_app((1280, 800))
    scene = LauncherScene(problem=prefs.problem)
    app.push(scene)
    assert scene.dialog is not None and "settings.json" in scene.dialog.body
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.frame(0)
    app.frame(16)
    assert scene.dialog is None


def _move(pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_the_launcher_is_still_only_while_nothing_moves(launcher) -> None:
    # still() is True when no tile lifts or sinks, no button flashes and no message shows
    app, scene = launcher
    app.frame(0)
    assert scene.still()
    _move(scene.tiles[0].rect.center)
    app.frame(16)
    assert not scene.still()  # the hovered tile is lifting
    now = 16
    for _ in range(60):
        now += 16
        app.frame(now)
    assert scene.tiles[0].lift == 1.0 and scene.still()  # the lift arrived (and snapped to its target)
    _move(scene.tiles[1].rect.center)  # hover and focus move on: the first tile sinks, the second lifts
    now += 16
    app.frame(now)
    assert not scene.still()
    app.frame(now + 500)  # an idle wait's long frame ends any easing at once
    assert scene.tiles[0].lift == 0.0 and scene.tiles[1].lift == 1.0 and scene.still()
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0))
    app.frame(now + 516)
    assert scene.message.visible and not scene.still()  # "language changed" shows for a while
    app.frame(now + 3000)
    assert scene.still()
    scene.quit_button.flash = 0.1
    assert not scene.still()


def test_notice_scenes_are_still_unless_their_button_flashes(make_app) -> None:
    from game.screens.launcher import ErrorScene, PlaceholderScene

    app = make_app((1280, 800))
    for notice in (ErrorScene("Something failed."), PlaceholderScene("editor")):
        app.push(notice)
        app.frame(0)
        assert notice.still()
        notice.back.flash = 0.15
        assert not notice.still()
        notice.back.flash = 0.0


def test_the_resting_launcher_matches_its_readme_screenshot(make_app) -> None:
    # drawing from cached layers must look the same (README screenshot, small anti-aliasing tolerance)
    import numpy as np

    from game.paths import asset

    app = make_app((1280, 800))
    app.push(LauncherScene())
    for i in range(3):  # what `python -m game --headless --frames 3 --screenshot` saves
        app.frame(i * 16)
    shot = pygame.image.load(str(asset("screenshots", "launcher.png")))
    assert shot.get_size() == app.surface.get_size()
    diff = np.abs(pygame.surfarray.array3d(shot).astype(int) - pygame.surfarray.array3d(app.surface).astype(int))
    assert diff.max() <= 24 and (diff.max(axis=2) > 4).mean() < 0.002
