"""Cactus replays through the play scene: a human's drags made with mouse events replay exactly; the
scene writes the replay when the game ends or is left; a game autosaved mid-game, left and resumed records one
exact replay of the whole game."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from helpers_scene import Driver

from game.app import App, BaseScene
from game.cactus.bots.simple import Bot
from game.cactus.match import Match, Stage
from game.cactus.saves import autosave_path, load_autosave
from game.cactus.screens.scene_play import PlayScene
from game.replay import cactus, store


def _post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def _until(p: Driver, done: Callable[[], bool], limit: int) -> None:
    for _ in range(limit):
        if done():
            return
        p.frames()


def _human_turn(p: Driver, bot: Bot) -> None:
    """Seat 0's turn by mouse and keys: roll, choose, then drag the piece down onto the bot's planned spot."""
    scene = p.scene
    m = scene.match
    turn = m.rules.turn_number
    if m.stage == Stage.ROLL:
        _post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="")
        _until(p, lambda: scene.roll_anim <= 0 and m.stage != Stage.ROLL, 120)
    if m.stage == Stage.CHOOSE:
        pid = bot.choose(m)
        cell = scene.heap_cells.get(pid) if pid in m.rules.supply else None
        if cell is None:
            scene.choose(pid)
        else:
            _post(pygame.MOUSEBUTTONDOWN, pos=cell.center, button=1)
            _post(pygame.MOUSEBUTTONUP, pos=cell.center, button=1)
        p.frames()
    for _ in range(4):
        _until(p, lambda: not scene.camera.moving, 120)
        if m.stage == Stage.IN_HAND:
            x, y, angle = bot.plan(m)
            m.rotate(angle - m.hand_angle)
            top = min(m.world.bounds[3] - 5.0, y + 50.0)
            _post(pygame.MOUSEMOTION, pos=scene.screen_of((x, top)), rel=(0, 0), buttons=(0, 0, 0))
            _post(pygame.MOUSEBUTTONDOWN, pos=scene.screen_of((x, top)), button=1)
            p.frames()
            if m.stage == Stage.HOLDING:
                for k in range(1, 25):
                    here = (x + 3.0 * (k % 5), top + (y - top) * k / 24)
                    _post(pygame.MOUSEMOTION, pos=scene.screen_of(here), rel=(0, 0), buttons=(1, 0, 0))
                    p.frames()
                _post(pygame.MOUSEBUTTONUP, pos=scene.screen_of((x, y)), button=1)
                p.frames()
            else:
                bot.act(m)  # no room up there: drop it as the bot would
        _until(p, lambda: m.stage not in (Stage.SETTLING, Stage.HOLDING), 400)
        if m.can_confirm:
            _post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
            p.frames()
            return
        if m.stage == Stage.JUDGED:
            _post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")  # take it back, try again
            p.frames()
    for _ in range(200):  # still not placed: the bot finishes the turn for the human
        if m.is_over or m.rules.turn_number != turn:
            return
        bot.act(m)
        p.frames()


def _play(p: Driver, until_turn: int, limit: int = 4000) -> None:
    bot = Bot()
    m = p.scene.match
    for _ in range(limit):
        if m.is_over or m.rules.turn_number >= until_turn or not isinstance(p.app.scene, PlayScene):
            return
        if not m.is_bot_turn:
            _human_turn(p, bot)
        else:
            p.frames()


@pytest.mark.slow
def test_a_human_dragging_game_of_30_turns_replays_exactly_and_is_small(make_app: Callable[..., App],
                                                                          home: Path) -> None:
    """The drags made by mouse replay exactly; a 30-turn game is well under 1 MB."""
    app = make_app((1280, 800))
    match = Match.new(2, names=["Ana", "Saguaro"], seed=11, bots=[False, True])
    app.push(BaseScene())
    scene = PlayScene(match, fast=True, autosave=False)
    app.push(scene)
    p = Driver(app, 17)
    _play(p, 31)
    assert match.rules.turn_number >= 20 or match.is_over
    app.pop()  # left (or over): the replay is written
    written = scene.recorder.written if scene.recorder else None
    assert written is not None and written.parent == store.replay_dir()
    replay = store.read(written)
    moves = [e for e in replay["stream"] if isinstance(e, list) and len(e) == 2 and isinstance(e[0], int)]
    assert len(moves) > 100  # the drags themselves are recorded
    size = len(written.read_bytes())
    print(f"replay of {replay['result']['turns']} turns, {len(replay['stream'])} entries: {size} bytes")
    assert size < 1_000_000
    assert cactus.verify(replay) == {"exact": True, "room": "cactus", "turns": match.rules.turn_number}


@pytest.mark.slow
def test_a_game_autosaved_left_and_resumed_records_one_exact_replay(make_app: Callable[..., App],
                                                                     home: Path, tmp_path: Path) -> None:
    """Autosave mid-game, leave, resume: one exact replay of the whole game."""
    app = make_app((1280, 800))
    match = Match.new(3, names=["Ana", "Saguaro", "Agave"], seed=2, bots=[False, True, True])
    app.push(BaseScene())
    first = PlayScene(match, fast=True)
    app.push(first)
    p = Driver(app, 17)
    _play(p, 5)
    _until(p, lambda: match.stage == Stage.ROLL and not match.is_bot_turn, 200)
    _post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="")
    p.frames(3)  # mid-turn
    app.pop()  # left: saved (with the recording) and a replay of the game so far written
    assert first.recorder is not None and first.recorder.written is not None
    assert cactus.verify(store.read(first.recorder.written))["exact"]
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))["game"]
    assert saved["replay"]["start"] == first.recorder.record.start
    resumed = load_autosave()
    assert resumed.match is not None and resumed.problem is None
    out = tmp_path / "whole.json"
    second = PlayScene(resumed.match, fast=True, replay_to=out)
    app.push(second)
    _play(p, 999)
    assert resumed.match.is_over
    _until(p, lambda: not isinstance(app.scene, PlayScene), 10)
    replay = json.loads(out.read_text(encoding="utf-8"))
    assert replay["start"] == first.recorder.record.start
    assert sum(1 for e in replay["stream"] if isinstance(e, list) and e[0] == "R") == 1
    assert cactus.verify(replay) == {"exact": True, "room": "cactus", "turns": resumed.match.rules.turn_number}
