"""The Cactus screens reach each other through the room's navigator, never by importing each other (so any
screen can change without touching the others, docs/design.md layer 4)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from module_imports import imported_modules

from game.app import App, BaseScene
from game.cactus import room
from game.cactus.match import Match
from game.cactus.rules import Options
from game.cactus.screens import navigation
from game.cactus.screens.scene_end import EndScene
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.scene_setup import SetupScene

SCREENS = Path(__file__).resolve().parents[2] / "game" / "cactus" / "screens"


def test_no_cactus_scene_imports_another_scene() -> None:
    scenes = sorted(SCREENS.glob("scene_*.py"))
    assert {p.stem for p in scenes} >= {"scene_setup", "scene_play", "scene_end"}
    for path in scenes:
        others = {f"game.cactus.screens.{p.stem}" for p in scenes if p != path}
        assert not imported_modules(path) & others, f"{path.name} imports another scene"


def test_the_room_registers_every_screen(make_app: Callable[..., App]) -> None:
    app = make_app((1024, 700))
    app.push(BaseScene())
    assert room.create_scene is not None  # importing the room registers setup, play and end
    match = Match.new(2, names=["Ann", "Ben"], seed=3, bots=[False, True], options=Options(long_game=True))
    setup = navigation.setup_screen(names=["Ann", "Ben"], bots=[False, True], options=match.rules.options)
    assert isinstance(setup, SetupScene) and setup.players == 2 and setup.long_game.checked
    play = navigation.play_screen(match, autosave=False)
    assert isinstance(play, PlayScene) and play.match is match and not play.autosave.enabled
    end = navigation.end_screen(match, quit_after=5)
    assert isinstance(end, EndScene) and end.match is match and end.quit_after == 5


def test_play_again_goes_back_to_the_setup_through_the_navigator(make_app: Callable[..., App]) -> None:
    app = make_app((1024, 700))
    app.push(BaseScene())
    match = Match.new(3, names=["Ann", "Ben", "Cleo"], seed=1, bots=[False, True, True])
    end = EndScene(match)
    app.push(end)
    app.frame(0)
    end.play_again()
    app.frame(16)
    assert isinstance(app.scene, SetupScene)
    assert app.scene.names_now() == ["Ann", "Ben", "Cleo"]
    assert [t.checked for t in app.scene.seat_toggles[:3]] == [False, True, True]


def test_play_again_keeps_each_seats_kind_of_bot(make_app: Callable[..., App]) -> None:
    app = make_app((1024, 700))
    app.push(BaseScene())
    kinds = ["planner", "planner-hard", "simple"]
    match = Match.new(3, names=["Ann", "Ben", "Cleo"], seed=1, bots=[False, True, True], bot_kinds=kinds)
    end = EndScene(match)
    app.push(end)
    app.frame(0)
    end.play_again()
    app.frame(16)
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.kinds[:3] == kinds
    setup.start_game()  # the next game is played by the same bots
    again = app.scene
    assert isinstance(again, PlayScene) and again.match.bot_kinds == kinds


def test_unknown_screens_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown Cactus screen"):
        navigation.register("credits", SetupScene)
    with pytest.raises(LookupError, match="not registered"):
        navigation.build("credits")


def test_a_key_meant_for_the_last_turn_does_not_skip_who_won(make_app: Callable[..., App]) -> None:
    # Enter pressed on in the moment the game ends would open the setup before the ranking (C-E1) was read
    from game.cactus.screens.scene_end import END_GUARD

    app = make_app((1024, 700))
    app.push(BaseScene())
    end = EndScene(Match.new(2, names=["Ann", "Ben"], seed=1, bots=[False, True]))
    app.push(end)
    app.frame(0)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    end.handle_event(enter)
    app.frame(16)
    assert app.scene is end  # the ranking stays
    now = 16
    while end.time < END_GUARD and now < 5000:  # the app's clock: milliseconds since it started
        now += 16
        app.frame(now)
    end.handle_event(enter)
    app.frame(now + 16)
    assert isinstance(app.scene, SetupScene)  # now Enter plays again
