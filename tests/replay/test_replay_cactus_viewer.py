"""The Cactus replay viewer driven headless by events: play/pause, step one action or turn, speed,
seek on the timeline; every position it shows is the exact one (re-simulated from the start when going back)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.app import App, BaseScene
from game.cactus.bots.simple import Bot
from game.cactus.match import Match, MatchError, Stage
from game.cactus.record import Recorder
from game.cactus.room import replay_scene
from game.cactus.screens.scene_replay import SPEEDS, ReplayScene
from game.replay import cactus
from game.replay.format import ReplayError


def _replay() -> dict[str, Any]:
    """Bots play 6 turns; seat 0 drags its first piece by hand (pointer moves between steps)."""
    match = Match.new(2, names=["Ana", "Saguaro"], seed=4, bots=[True, True])
    recorder = Recorder.begin(match)
    bot = Bot()
    while match.stage != Stage.IN_HAND:
        bot.act(match)
    x, y, _ = bot.plan(match)
    match.grab_new((x, y + 30.0))
    for k in range(1, 21):
        match.move_hand((x, y + 30.0 - 1.5 * k))
        match.step(1 / 60)
    match.release()
    for _ in range(2000):
        if match.rules.turn_number >= 6:
            break
        try:
            bot.act(match)
        except MatchError:
            match.step(1 / 60)
    return json.loads(json.dumps(recorder.replay()))  # type: ignore[no-any-return]


@pytest.fixture
def viewer(make_app: Callable[..., App]) -> tuple[App, ReplayScene, dict[str, Any]]:
    app = make_app((1024, 700))
    data = _replay()
    scene = replay_scene(data)
    assert isinstance(scene, ReplayScene)
    app.push(BaseScene())
    app.push(scene)
    app.frame(0)
    return app, scene, data


def _key(app: App, key: int, now: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.frame(now)


def test_the_viewer_steps_seeks_and_plays_exactly(viewer: tuple[App, ReplayScene, dict[str, Any]]) -> None:
    app, scene, data = viewer
    s = scene.session
    assert s.index == 0 and s.turns >= 6
    _key(app, pygame.K_RIGHT, 16)  # one action
    assert s.index > 0 and cactus.is_action(data["stream"][s.index - 1])
    _key(app, pygame.K_END, 32)
    assert s.index == s.length and cactus.result_of(s.match)["checksum"] == data["result"]["checksum"]
    _key(app, pygame.K_HOME, 48)
    assert s.index == 0
    _key(app, pygame.K_DOWN, 64)  # the next turn: down goes on, as in every list of the program
    assert s.index == s.turn_starts[1] and s.turn == 1
    _key(app, pygame.K_UP, 80)  # the previous one
    assert s.index == 0
    # seek on the timeline: back and forth, the position is the exact one
    bar = scene.timeline
    for frac, now in ((0.7, 96), (0.3, 112)):
        x = bar.x + round(bar.width * frac)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, bar.centery), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, bar.centery), button=1))
        app.frame(now)
        k = s.index
        assert abs(k - round(frac * s.length)) <= 1
        straight = cactus.Player(cactus.CactusRecord.from_json(data))
        while straight.index < k:
            straight.advance()
        assert cactus.plain(straight.match) == cactus.plain(s.match)


def test_the_viewer_plays_the_drag_with_the_hand_ring_at_any_speed(
        viewer: tuple[App, ReplayScene, dict[str, Any]]) -> None:
    app, scene, _ = viewer
    s = scene.session
    _key(app, pygame.K_PLUS, 16)
    _key(app, pygame.K_PLUS, 32)
    assert SPEEDS[scene.speed] == 4.0
    _key(app, pygame.K_MINUS, 48)
    assert SPEEDS[scene.speed] == 2.0
    _key(app, pygame.K_SPACE, 64)
    assert scene.playing
    held = 0
    now = 64
    for _ in range(600):
        now += 16
        app.frame(now)
        held += s.match.stage == Stage.HOLDING  # the drag is shown as it happened, step by step
        if not scene.playing:
            break
    assert held >= 3
    _key(app, pygame.K_SPACE, now + 16)
    assert not scene.playing or s.index < s.length


def test_a_broken_replay_is_refused_with_the_field_named() -> None:
    data = _replay()
    data["stream"] = [["q"]]
    with pytest.raises(ReplayError, match="stream"):
        replay_scene(data)
