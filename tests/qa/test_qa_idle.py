"""QA idle ("sleep when still"): every room's first screen, left alone, becomes still within a few
seconds, so the app waits for input instead of drawing 60 frames a second.

Rooms whose ``still()`` is still being built by others are expected to fail for now (xfail, not strict): the
report lists them as XFAIL while they are not still yet and as XPASS once they are."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from qa_common import scene_factories

#: Seconds of virtual time a first screen may take to settle (fades, a bot's first visible move, the camera).
SETTLE_SECONDS = 5.0
FRAME_MS = 16
IN_PROGRESS: set[str] = set()  # rooms whose still() is not built yet (none now: every room rests when idle)
#: A card table may open on bot turns: they are played at the bots' visible pace before the table rests.
SETTLE_FOR = {"art-table": 20.0}
ROOMS = ["launcher", "cactus-setup", "cactus-play", "art-setup", "art-table", "editor"]


@pytest.mark.parametrize("room", [
    pytest.param(room, marks=pytest.mark.xfail(strict=False, reason="still() not built for this room yet"))
    if room in IN_PROGRESS else room for room in ROOMS])
def test_qa_every_first_screen_becomes_still_without_input(room: str, tmp_path: Path, make_app) -> None:
    assert set(ROOMS) == set(scene_factories(tmp_path))  # a new screen must be added here
    app = make_app((1280, 800))
    scene = scene_factories(tmp_path)[room]()
    app.push(scene)
    pygame.event.clear()  # nobody touches the table
    now = 0
    still_at: int | None = None
    settle = SETTLE_FOR.get(room, SETTLE_SECONDS)
    while now <= settle * 1000:
        app.frame(now)
        if app.scene is not scene:
            break
        if app.is_still():
            still_at = now
            break
        now += FRAME_MS
    assert app.scene is scene, f"{room}: the first screen left by itself"
    assert still_at is not None, f"{room}: still not still after {settle:.0f} s without input"
    for _ in range(30):  # and it stays still: nothing starts moving by itself
        now += FRAME_MS
        app.frame(now)
        assert app.is_still(), f"{room}: became still at {still_at} ms but moved again at {now} ms"
