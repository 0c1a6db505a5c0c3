"""The Artischocken replay viewer driven headless by events: play, step, seek, speed, seat switch."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.artischocken import new_game
from game.artischocken.room import replay_scene
from game.artischocken.seats import Seat
from game.artischocken.table import cards as cardsmod
from game.artischocken.table.scene_replay import SPEEDS, STEP_SECONDS
from game.artischocken.turns import LocalTable


def _replay(seed: int = 3) -> dict[str, Any]:
    table = LocalTable(new_game(3, seed=seed, round_limit=40),
                       [Seat("Anna", "greedy"), Seat("Ben", "random"), Seat("Cleo", "greedy")], seed)
    while not table.game.is_over:
        action = table.bot_move()
        assert action is not None
        table.apply(action)
    return table.replay()


def _key(app: Any, key: int, now: list[int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.frame(now[0])
    now[0] += 16


def test_the_viewer_steps_plays_seeks_and_switches_seats(make_app: Callable[..., Any], tmp_path: Path) -> None:
    app = make_app((1280, 800))
    replay = _replay()
    scene: Any = replay_scene(replay)
    app.push(scene)
    now = [0]
    app.frame(now[0])
    s = scene.session
    assert s.index == 0 and scene.still()
    _key(app, pygame.K_RIGHT, now)
    assert s.index == 1
    _key(app, pygame.K_DOWN, now)  # the next turn
    assert s.index == s.turn_starts[1]
    _key(app, pygame.K_UP, now)
    assert s.index == 0
    _key(app, pygame.K_PLUS, now)  # 2x
    assert SPEEDS[scene.speed] == 2.0
    _key(app, pygame.K_SPACE, now)
    assert scene.playing and not scene.still()
    for _ in range(round(STEP_SECONDS / 2 * 60 * 3) + 5):  # three actions at 2x
        app.frame(now[0])
        now[0] += 16
    assert s.index >= 3
    _key(app, pygame.K_SPACE, now)
    assert not scene.playing
    bar = scene.timeline  # a click at the middle of the timeline seeks to the middle of the game
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=bar.center, button=1))
    app.frame(now[0])
    assert abs(s.index - s.length // 2) <= 1
    # A-G2 in a replay: the viewer shows what the chosen seat saw; S goes round the seats, then all open
    record: list[tuple[str, tuple[str, int | None]]] = []
    cardsmod.RECORDER = record
    try:
        app.frame(now[0])
        assert not any(zone == "replay_open" for _, (zone, _) in record)
        hands = [c for c, (zone, seat) in record if zone == "hand"]
        assert sorted(hands) == sorted(s.game.hands[0])
        for seat in (1, 2):
            _key(app, pygame.K_s, now)
            assert s.seat == seat and not s.open
        _key(app, pygame.K_s, now)
        assert s.open
        record.clear()
        app.frame(now[0] + 16)
        assert any(zone == "replay_open" for _, (zone, _) in record)
    finally:
        cardsmod.RECORDER = None
    _key(app, pygame.K_END, now)
    assert s.index == s.length and s.is_over
    pygame.image.save(app.surface, str(tmp_path / "replay.png"))


def test_the_viewer_refuses_a_broken_replay() -> None:
    import pytest

    from game.replay.format import ReplayError

    broken = _replay()
    broken["stream"][3] = ["harvest", "nothing"]
    with pytest.raises(ReplayError):
        replay_scene(broken)


def test_one_turn_becomes_an_animated_gif(tmp_path: Path) -> None:
    """Share: ``replay PATH --gif OUT.gif --turn N`` writes the turn as an animated GIF (Pillow)."""
    import json

    from PIL import Image

    from game.cli import main

    path = tmp_path / "a.json"
    path.write_text(json.dumps(_replay()), encoding="utf-8")
    out = tmp_path / "turn.gif"
    assert main(["replay", str(path), "--gif", str(out), "--turn", "2", "--window", "800x600"]) == 0
    with Image.open(out) as gif:
        assert gif.n_frames > 3 and gif.size == (800, 600)
    assert main(["replay", str(path), "--gif", str(out), "--turn", "999"]) == 2  # no such turn: one line, exit 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_status_and_the_keys_are_never_cut_in_a_small_window(make_app: Callable[..., Any], lang: str) -> None:
    # at 800x600 in German "Zug 3 von 13 · Sc..." was cut mid-word, and the keys' last line under the log
    from game.artischocken.table import panels
    from game.artischocken.table.scene_replay import STATUS_MIN_SIZE
    from game.i18n import set_language, t
    from game.ui import draw

    set_language(lang)
    try:
        app = make_app((800, 600))
        scene: Any = replay_scene(_replay())
        app.push(scene)
        now = [0]
        app.frame(0)
        for _ in range(3):
            _key(app, pygame.K_DOWN, now)
        status = scene._status()
        room = scene.buttons[0].rect.left - 28 - (scene.lay.bar.x + 18)
        assert draw.font_width(status, STATUS_MIN_SIZE) <= room, status
        assert status.startswith(t("replay.status.short", turn=4, turns=len(scene.session.turn_starts)))
        log = scene.lay.log
        layer = panels.log_layer(log.size, [("x", False)] * 3, t("replay.hint"))
        h = layer.get_height()  # the keys' last line ends above the panel's edge: nothing drawn in its last rows
        assert not any(layer.get_at((x, y)).a for y in range(h - 4, h) for x in range(layer.get_width()))
    finally:
        set_language("en")
