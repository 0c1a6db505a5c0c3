"""Draw less, the looks stay the same: the play screen drawn from its cached pictures is, pixel for
pixel, the screen drawn afresh, all through a scripted minute of play (roll, drag, placement, a bot turn)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame
import pytest

from game.app import HEADLESS_FRAME_MS, App
from game.cactus.screens.layers import around, text_block, text_height
from game.cactus.screens.scene_play import PlayScene
from game.lab.cactus import frames
from game.ui import draw


def test_cached_frames_equal_frames_drawn_afresh(make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frames, "BENCH_DRAG_FRAMES", 300)
    app = make_app((1280, 800))
    compared = 0
    stages: set[str] = set()
    for frame, phase in enumerate(frames.frame_bench(app, 0)):
        if phase == "idle":
            break
        app.frame(round(frame * HEADLESS_FRAME_MS))
        scene = app.scene
        assert isinstance(scene, PlayScene)
        if frame % 23:
            continue
        cached = pygame.surfarray.array3d(app.surface)
        fresh = app.surface.copy()
        fresh.fill((255, 0, 255))
        scene.layers.clear()
        scene.draw(fresh)
        diff = np.abs(cached.astype(int) - pygame.surfarray.array3d(fresh).astype(int)).max(axis=2)
        assert int((diff > 0).sum()) == 0, (frame, scene.match.stage, np.argwhere(diff > 0)[:5])
        compared += 1
        stages.add(scene.match.stage.value)
    assert compared > 30
    assert {"roll", "in_hand", "holding", "settling", "judged"} <= stages  # the whole turn was compared


def test_wrapped_paragraphs_draw_as_the_plain_text_block(make_app: Callable[..., App]) -> None:
    make_app((400, 300))
    content = "Your Lizard touches the Green Crescent. Two pieces of the same colour must not touch.\nNew line."
    rect = pygame.Rect(10, 10, 220, 200)
    for align in ("left", "center", "right"):
        a = pygame.Surface((400, 300))
        b = pygame.Surface((400, 300))
        used_a = draw.text_block(a, content, rect, size=15, align=align)
        used_b = text_block(b, content, rect, size=15, align=align)
        assert used_a == used_b == text_height(content, rect.width, size=15)
        assert (pygame.surfarray.array3d(a) == pygame.surfarray.array3d(b)).all()


def test_around_leaves_out_the_hole_only() -> None:
    outer, hole = pygame.Rect(0, 0, 100, 80), pygame.Rect(10, 20, 50, 30)
    parts = around(outer, hole)
    assert sum(p.width * p.height for p in parts) == 100 * 80 - 50 * 30
    assert not any(p.colliderect(hole) for p in parts)
    assert all(outer.contains(p) for p in parts)
