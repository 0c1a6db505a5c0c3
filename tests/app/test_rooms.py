"""Rooms move through the navigator (game.rooms); the app is handed its error, placeholder and home scenes
instead of importing the launcher (so the app stays below every scene); neither the app nor the navigator
imports a scene."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from module_imports import imported_modules

from game import rooms
from game.app import BaseScene
from game.screens.launcher import ErrorScene, LauncherScene, PlaceholderScene

GAME = Path(__file__).resolve().parents[2] / "game"


class Buggy(BaseScene):
    def update(self, dt: float) -> None:
        raise RuntimeError("boom")


@pytest.mark.parametrize("name", ["app.py", "rooms.py"])
def test_app_and_navigator_import_no_scene(name: str) -> None:
    imports = imported_modules(GAME / name)
    scenes = {m for m in imports if m.startswith("game.screens.launcher") or ".scene" in m or m.endswith(".room")}
    assert scenes == set()
    assert "game.rooms" not in imports or name == "rooms.py"  # the app does not know the navigator either


def test_the_cli_hands_the_app_its_scenes(make_app) -> None:
    app = make_app((800, 600))
    assert app.options.error_scene is ErrorScene
    assert app.options.placeholder_scene is PlaceholderScene
    assert app.options.home_scene is LauncherScene


def test_without_an_error_scene_a_caught_error_is_logged_and_raised(home: Path, make_app) -> None:
    app = make_app((800, 600), catch_errors=True, error_scene=None)
    app.push(Buggy())
    with pytest.raises(RuntimeError, match="boom"):
        app.frame(0)
    assert "RuntimeError: boom" in (home / "crash.log").read_text()


def test_an_error_scene_that_fails_itself_ends_the_app(make_app) -> None:
    class FragileMessage(ErrorScene):
        def draw(self, surface: pygame.Surface) -> None:
            raise ValueError("the message cannot draw")

    app = make_app((800, 600), catch_errors=True, error_scene=FragileMessage)
    app.push(Buggy())
    app.frame(0)
    assert isinstance(app.scene, FragileMessage) and app.running
    app.frame(16)
    assert not app.running and app.exit_code == 1


def test_show_error_puts_the_message_on_top(home: Path, make_app) -> None:
    app = make_app((800, 600), catch_errors=True)
    app.show_error(OSError("the room could not open"))
    assert isinstance(app.scene, ErrorScene) and "the room could not open" in app.scene.body
    assert "OSError" in (home / "crash.log").read_text()


def test_a_room_not_built_opens_the_handed_in_placeholder(make_app, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(rooms.ROOMS, "cactus", "game.no_such_room_module")
    app = make_app((800, 600))
    app.push(BaseScene())
    scene = rooms.open_room(app, "cactus")
    assert isinstance(scene, PlaceholderScene) and scene.room == "cactus" and app.scene is scene
    with pytest.raises(rooms.RoomNotBuilt):
        rooms.create_room_scene("cactus")


def test_open_room_pushes_the_rooms_first_scene(make_app) -> None:
    app = make_app((1280, 800))
    below = BaseScene()
    app.push(below)
    scene = rooms.open_room(app, "artischocken")
    assert app.scene is scene and app.stack == [below, scene]
    assert not isinstance(scene, PlaceholderScene)


def test_a_room_that_fails_to_open_from_the_launcher_returns_to_it(make_app,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import tools.room

    def broken(args: object) -> BaseScene:
        raise RuntimeError("the editor cannot open")

    monkeypatch.setattr(tools.room, "create_scene", broken)
    app = make_app((1280, 800), catch_errors=True)
    launcher = LauncherScene()
    app.push(launcher)
    launcher.open_room("editor")
    assert isinstance(app.scene, ErrorScene) and app.stack[0] is launcher
    assert "the editor cannot open" in app.scene.body
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.frame(0)
    assert app.scene is launcher and app.running


def test_leave_room_goes_back_or_home(make_app) -> None:
    app = make_app((1280, 800))
    below, room = BaseScene(), BaseScene()
    app.push(below)
    app.push(room)
    rooms.leave_room(app)
    assert app.stack == [below]
    rooms.leave_room(app)  # the only scene: the launcher takes its place
    assert len(app.stack) == 1 and isinstance(app.scene, LauncherScene) and app.running


def test_leave_room_without_a_home_ends_the_app(make_app) -> None:
    app = make_app((800, 600), home_scene=None)
    app.push(BaseScene())
    rooms.leave_room(app)
    assert app.stack == [] and not app.running


@pytest.fixture
def pushed(monkeypatch: pytest.MonkeyPatch) -> list[BaseScene]:
    """Every scene any App is given, in order (to follow what the CLI builds)."""
    from game.app import App

    seen: list[BaseScene] = []
    push = App.push

    def recording(self: App, scene: BaseScene) -> None:
        seen.append(scene)
        push(self, scene)

    monkeypatch.setattr(App, "push", recording)
    return seen


def test_cli_a_room_that_cannot_open_shows_the_error_scene(home: Path, tmp_path: Path, pushed,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import tools.room
    from game import cli

    def broken(args: object) -> BaseScene:
        raise RuntimeError("the editor cannot open")

    monkeypatch.setattr(tools.room, "create_scene", broken)
    shot = tmp_path / "error.png"
    assert cli.main(["editor", "--headless", "--frames", "2", "--screenshot", str(shot), "--lang", "en"]) == 0
    assert [type(scene) for scene in pushed] == [ErrorScene]
    assert "the editor cannot open" in pushed[0].body  # type: ignore[attr-defined]
    assert "RuntimeError: the editor cannot open" in (home / "crash.log").read_text()
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)


def test_cli_a_room_not_built_shows_the_placeholder(home: Path, pushed, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import cli

    monkeypatch.setitem(rooms.ROOMS, "editor", "tools.no_such_room_module")
    assert cli.main(["editor", "--headless", "--frames", "2", "--lang", "en"]) == 0
    assert [type(scene) for scene in pushed] == [PlaceholderScene]
    assert not (home / "crash.log").exists()
