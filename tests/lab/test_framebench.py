"""The frame benchmark harness (``python -m game bench frames``): its protocol, figures and JSON."""

from __future__ import annotations

import importlib
import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import IDLE_WAIT_MS, App, BaseScene
from game.lab import framebench


class Resting(BaseScene):
    def __init__(self) -> None:
        self.draws = 0

    def still(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


def _script(app: App, seed: int = 0) -> Iterator[str]:
    app.push(Resting())
    for _ in range(framebench.WARMUP_FRAMES + 20):
        yield "play"
    yield "idle"


@pytest.fixture
def fake_rooms(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(sys.modules, "fake_room_with_bench", types.SimpleNamespace(frame_bench=_script))
    monkeypatch.setitem(sys.modules, "fake_room_without", types.SimpleNamespace())
    monkeypatch.setitem(framebench.SCRIPTS, "fake", "fake_room_with_bench")
    monkeypatch.setitem(framebench.SCRIPTS, "unbuilt", "fake_room_without")
    yield
    pygame.quit()


@pytest.mark.usefixtures("fake_rooms")
def test_a_room_is_timed_after_warm_up_and_its_idle_loop_waits() -> None:
    result = framebench.measure("fake", (800, 600), idle_seconds=0.2)
    assert set(framebench.FIGURES) <= set(result) and result["frames"] == 20  # the 60 warm-up frames left out
    assert result["median_ms"] is not None and result["cpu_p95_ms"] is not None and result["idle_fps"] is not None


@pytest.mark.usefixtures("fake_rooms")
def test_a_room_without_a_script_is_reported_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    assert framebench.main(["--rooms", "fake,unbuilt", "--idle-seconds", "0.1", "--window", "800x600"]) == 0
    out = capsys.readouterr().out
    assert "unbuilt" in out and "no frame_bench" in out
    assert framebench.main(["--json", "--rooms", "unbuilt", "--window", "800x600"]) == 0
    rooms = json.loads(capsys.readouterr().out)["rooms"]
    assert rooms["unbuilt"]["median_ms"] is None and rooms["unbuilt"]["frames"] == 0 and "missing" in rooms["unbuilt"]


def test_every_rooms_script_is_a_lab_module_with_a_frame_bench() -> None:
    # the scripts measure: they live in the lab, never in the rooms they drive
    assert set(framebench.SCRIPTS) == {"launcher", "cactus", "artischocken", "editor"}
    for room, module in framebench.SCRIPTS.items():
        assert module.startswith("game.lab."), room
        assert callable(getattr(importlib.import_module(module), "frame_bench", None)), room


@pytest.mark.slow
def test_the_launcher_script_ends_still_so_its_idle_loop_waits(make_app) -> None:
    # "idle <= 2 frames/s" for the launcher: after its minute of hovering the scene is still and the
    # loop waits for input (counted, not timed)
    from game.lab.launcher_frames import frame_bench
    from game.screens.launcher import LauncherScene

    app = make_app((1280, 800))
    frame = 0
    for frame, phase in enumerate(frame_bench(app, seed=3)):
        if phase == "idle":
            break
        app.frame(round(frame * 1000 / 60))
    assert isinstance(app.scene, LauncherScene) and app.is_still()
    waits: list[int] = []
    app.wait_event = lambda timeout: waits.append(timeout) or pygame.event.Event(pygame.NOEVENT)
    app.pace()
    assert waits == [IDLE_WAIT_MS]
