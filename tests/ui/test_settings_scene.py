"""The settings screen. Reachable by F2 from every room and the launcher's button; works by keyboard
and mouse in both languages at 800x600 and up; every setting says its new value at once and is remembered
(atomically, in settings.json); --mute / --colour-blind hold for one run only."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n, settings
from game.screens.launcher import LauncherScene
from game.screens.scene_settings import SettingsScene
from game.ui.sound import sounds


@pytest.fixture(autouse=True)
def fresh_run() -> Iterator[None]:
    yield
    settings.begin_run(saved=settings.Settings())  # leave no setting behind for other tests
    i18n.set_language("en")


def key(app: Any, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame()


def click(app: Any, rect: pygame.Rect) -> None:
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        data: dict[str, Any] = {"pos": rect.center}
        if kind == pygame.MOUSEMOTION:
            data |= {"rel": (0, 0), "buttons": (0, 0, 0)}
        else:
            data["button"] = 1
        pygame.event.post(pygame.event.Event(kind, **data))
    app.frame()


def saved(home: Path) -> dict[str, Any]:
    return json.loads((home / "settings.json").read_text(encoding="utf-8"))


def open_settings(app: Any) -> SettingsScene:
    key(app, pygame.K_F2)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    return scene


def button(scene: SettingsScene, row: str, index: int) -> pygame.Rect:
    return next(r for r in scene.rows if r.key == row).buttons[index].rect


def test_f2_opens_settings_from_every_room_and_esc_returns(make_app) -> None:
    from game import rooms

    app = make_app()
    app.push(LauncherScene())
    for room in ("cactus", "artischocken", "editor"):
        rooms.open_room(app, room)
        below = app.scene
        open_settings(app)
        key(app, pygame.K_F2)  # not twice
        assert sum(isinstance(s, SettingsScene) for s in app.stack) == 1
        key(app, pygame.K_ESCAPE)
        assert app.scene is below
        app.pop()


def test_the_launcher_has_a_settings_button(make_app) -> None:
    app = make_app((800, 600))
    launcher = LauncherScene()
    app.push(launcher)
    app.frame()
    click(app, launcher.settings_button.rect)
    assert isinstance(app.scene, SettingsScene)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_control_fits_in_the_card_without_overlap(make_app, size: tuple[int, int], lang: str) -> None:
    i18n.set_language(lang)
    app = make_app(size)
    app.push(LauncherScene())
    scene = open_settings(app)
    app.frame()
    rects = [b.rect for b in scene.buttons]
    for i, r in enumerate(rects):
        assert scene.card.contains(r), (lang, size, i)
        assert all(not r.colliderect(o) for o in rects[i + 1:])
    for row in scene.rows[:-1]:  # the label stays left of the row's first choice
        from game.ui import draw

        label_w = draw.font_width(i18n.t(f"settings.{row.key}"), 20, bold=True)
        assert scene.card.x + 32 + label_w < row.buttons[0].rect.x


def test_keyboard_switches_the_language_at_once_and_remembers_it(make_app, home: Path) -> None:
    app = make_app((800, 600))
    app.push(LauncherScene())
    scene = open_settings(app)
    key(app, pygame.K_DOWN)  # the focus comes to the first row, English
    key(app, pygame.K_RIGHT)  # Deutsch
    key(app, pygame.K_RETURN)
    assert i18n.get_language() == "de" and saved(home)["lang"] == "de"
    before = pygame.image.tobytes(app.surface, "RGB")
    app.frame()
    assert i18n.t("settings.title") == "Einstellungen"
    assert scene.rows[0].buttons[1].style == "primary"  # the chosen language shows as chosen
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)
    assert i18n.get_language() == "en" and saved(home)["lang"] == "en"
    assert pygame.image.tobytes(app.surface, "RGB") != before  # the screen says it in English again


def test_mouse_changes_each_setting_and_it_is_remembered(make_app, home: Path) -> None:
    app = make_app((1024, 768))
    app.push(LauncherScene())
    scene = open_settings(app)
    app.frame()
    click(app, button(scene, "sound", 2))  # louder
    assert saved(home)["volume"] == 90 and sounds.volume == pytest.approx(0.9)
    assert "90" in str(scene.rows[1].buttons[1].label())
    click(app, button(scene, "sound", 0))
    click(app, button(scene, "sound", 0))
    assert saved(home)["volume"] == 70
    click(app, button(scene, "sound", 3))  # mute
    assert saved(home)["muted"] is True and sounds.muted
    click(app, button(scene, "colour_aids", 0))
    assert saved(home)["colour_aids"] is True and settings.current().colour_aids
    click(app, button(scene, "motion", 3))  # reduced motion
    assert saved(home)["motion"] == "reduced" and settings.reduced_motion()
    click(app, button(scene, "window", 2))  # the next window size
    assert app.size == (1280, 800) and saved(home)["window"] == [1280, 800]
    click(app, button(scene, "window", 0))
    assert app.size == (1024, 768)
    assert scene.card.width <= app.size[0]
    click(app, scene.back.rect)
    assert isinstance(app.scene, LauncherScene)
    assert settings.load_settings() == settings.Settings(lang=None, volume=70, muted=True, colour_aids=True,
                                                         motion="reduced", window=(1024, 768))


def test_f11_toggles_fullscreen_and_back(make_app) -> None:
    app = make_app((1024, 768))
    app.push(LauncherScene())
    key(app, pygame.K_F11)
    went = app.fullscreen  # the dummy driver may refuse: then nothing changes and nothing breaks
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1024, 768)
    assert went in (True, False)


def test_command_line_overrides_hold_for_one_run_only(home: Path) -> None:
    settings.save_settings(settings.Settings(volume=50))
    run = settings.begin_run(mute=True, colour_blind=True)
    assert run.muted and run.colour_aids and run.volume == 50
    settings.change("volume", 60)  # saving another setting does not save the overrides
    data = saved(home)
    assert data["muted"] is False and data["colour_aids"] is False and data["volume"] == 60
    assert settings.current().muted and settings.current().colour_aids


def test_bad_values_in_the_file_fall_back_one_by_one(home: Path) -> None:
    (home / "settings.json").write_text(json.dumps({"lang": "de", "volume": "loud", "muted": 1, "motion": "warp",
                                                    "window": [10, 10], "colour_aids": True}), encoding="utf-8")
    s = settings.load_settings()
    assert s == settings.Settings(lang="de", colour_aids=True)
    assert s.problem is None


def test_cli_flags_mute_and_colour_blind_parse_before_and_after_the_subcommand() -> None:
    from game.cli import build_parser

    args = build_parser().parse_args(["--mute", "cactus", "--colour-blind"])
    assert args.mute and args.colour_blind
    args = build_parser().parse_args(["artischocken"])
    assert not args.mute and not args.colour_blind


def test_reduced_motion_cuts_the_camera_instead_of_gliding(home: Path) -> None:
    from game.cactus.screens.camera import Camera
    from game.cactus.screens.view import TableView

    for motion, moving in (("normal", True), ("reduced", False)):
        settings.begin_run(saved=settings.Settings(motion=motion))
        camera = Camera(TableView())
        camera.aim(2.0, 600.0)
        assert camera.moving is moving
    assert settings.motion_factor() == settings.MOTION_SPEEDS["reduced"]


def test_the_next_start_uses_what_was_saved(make_app, home: Path) -> None:
    settings.save_settings(settings.Settings(volume=30, muted=True, colour_aids=True, motion="slow"))
    make_app()
    assert sounds.muted and sounds.volume == pytest.approx(0.3)
    assert settings.current().colour_aids and settings.motion_factor() == settings.MOTION_SPEEDS["slow"]
