"""The replays list: newest first, unreadable files shown and kept, Enter opens the room's viewer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.artischocken import new_game
from game.artischocken.seats import Seat
from game.artischocken.table.scene_replay import ReplayScene
from game.artischocken.turns import LocalTable
from game.replay import store
from game.screens.scene_replays import ReplaysScene


def _replay(seed: int) -> dict[str, Any]:
    table = LocalTable(new_game(2, seed=seed, round_limit=30), [Seat("Anna", "greedy"), Seat("Ben", "random")], seed)
    while not table.game.is_over:
        action = table.bot_move()
        assert action is not None
        table.apply(action)
    return table.replay(f"2026-12-0{seed}T10:00:00+00:00")


def test_the_list_shows_the_newest_first_and_opens_the_viewer(make_app: Callable[..., Any], home: Path) -> None:
    store.write(_replay(1), stamp="20261201-100000")
    store.write(_replay(2), stamp="20261202-100000")
    (store.replay_dir() / "20261203-100000-broken.json").write_text("{not json", encoding="utf-8")
    app = make_app((1024, 700))
    scene = ReplaysScene()
    app.push(scene)
    app.frame(0)
    assert [e.path.name[:8] for e in scene.items] == ["20261203", "20261202", "20261201"]
    assert scene.items[0].data is None and scene.items[0].problem  # unreadable: listed, never deleted
    when, room, players, outcome = scene.items[1].summary
    assert when == "2026-12-02 10:00" and room == "Artischocken" and players == "Anna, Ben"
    assert (store.replay_dir() / "20261203-100000-broken.json").exists()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    app.frame(16)
    assert app.scene is scene and scene.message.visible  # the broken one cannot be watched: it says why
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    app.frame(32)
    assert isinstance(app.scene, ReplayScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.frame(48)
    assert app.scene is scene  # back to the list


def test_an_empty_list_says_how_replays_come_about(make_app: Callable[..., Any], home: Path) -> None:
    app = make_app((800, 600))
    scene = ReplaysScene()
    app.push(scene)
    app.frame(0)
    assert scene.items == [] and not scene.open_button.enabled and scene.still()
