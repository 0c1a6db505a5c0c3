"""QA: resizing the window mid-game (VIDEORESIZE) in every room: no crash, the layout follows, the state stays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from qa_common import buttons_of, run_frames, scene_factories

pytestmark = pytest.mark.slow  # long runs, left out of `make quick`

SIZES = [(800, 600), (1920, 1080), (1024, 700)]


def resize(w: int, h: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))


def state_of(room: str, scene) -> str:
    if room.startswith("cactus-play"):
        return json.dumps(scene.match.rules.to_dict(), sort_keys=True, default=str)
    if room == "art-table":
        return json.dumps(scene.table.game.to_dict(), sort_keys=True, default=str)
    if room == "editor":
        return repr(scene.pieces.state) + repr(scene.cacti.state) + scene.tab
    if room == "cactus-setup":
        return repr((scene.players, scene.die, scene.names_now()))
    if room == "art-setup":
        return repr((scene.kinds, scene.rhubarb, scene.start))
    return repr([tile.room for tile in scene.tiles])


@pytest.mark.parametrize("room", ["launcher", "cactus-setup", "cactus-play", "art-setup", "art-table", "editor"])
def test_qa_resize_keeps_state_and_relayouts(tmp_path: Path, make_app, room: str) -> None:
    app = make_app((1280, 800))
    scene: Any = scene_factories(tmp_path)[room]()
    if room == "art-table":
        scene.options.fast = scene.fast = True
    app.push(scene)
    now = run_frames(app, 3)
    if room in ("cactus-play", "art-table"):
        before = None  # the bots may move between frames: compare around each resize only
    else:
        before = state_of(room, scene)
    for w, h in SIZES:
        ref = state_of(room, scene)
        resize(w, h)
        app.frame(now)  # the resize is handled first; no time passes in this frame
        assert app.scene is scene and app.size == (w, h)
        assert state_of(room, scene) == ref, f"{room}: a resize to {w}x{h} changed the state"
        outside = [b.rect for b in buttons_of(scene) if not app.surface.get_rect().contains(b.rect)]
        assert outside == [], f"{room}: buttons left outside the {w}x{h} window"
        now = run_frames(app, 2, now)
    if before is not None:
        assert state_of(room, scene) == before


def test_qa_cactus_resize_while_holding_a_piece(tmp_path: Path, make_app) -> None:
    """Resize while the player holds a piece: the hold survives and the piece does not jump into a rule break."""
    from game.cactus.match import Stage

    app = make_app((1280, 800))
    scene: Any = scene_factories(tmp_path)["cactus-play"]()
    app.push(scene)
    now = run_frames(app, 3)
    match = scene.match
    for _ in range(10):
        if match.stage in (Stage.ROLL, Stage.CHOOSE):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
            now = run_frames(app, 30, now)
    assert match.stage in (Stage.CHOOSE, Stage.IN_HAND), match.stage
    rules = json.dumps(match.rules.to_dict(), sort_keys=True, default=str)
    resize(900, 640)
    now = run_frames(app, 5, now)
    assert app.size == (900, 640) and match.stage in (Stage.CHOOSE, Stage.IN_HAND)
    assert json.dumps(match.rules.to_dict(), sort_keys=True, default=str) == rules
