"""Driving the Cactus table scenes headless with synthetic pygame events on the real physics: the local play scene
and the remote one alike (shared by the tests of tests/cactus, tests/net and tests/replay)."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens.match_scene import MatchScene

FRAME_MS = 33
COLOUR_DIE = Options(die=Die(6, 0, 0))  # every roll is COLOUR: the test knows what the die asks


def rolled_and_taken() -> Match:
    """Cactus 1 carries two pieces, the target is cactus 2 with a red piece on it (a same-colour touch is
    possible); the die has rolled COLOUR and the first fitting piece is taken."""
    m = Match.with_position({1: ["blue_arch", "green_hook"], 2: ["red_zigzag"]}, last="green_hook",
                            options=COLOUR_DIE)
    m.roll()
    if m.stage == Stage.CHOOSE:
        m.take(m.allowed()[0])
    return m


class Driver:
    """Runs the app's frames on a virtual clock (``frame_ms`` apart, the first at once) and posts mouse and key
    events to the table scene on top, at screen pixels or at world points."""

    def __init__(self, app: App, frame_ms: int = FRAME_MS) -> None:
        self.app = app
        self.frame_ms = frame_ms
        self.now = 0
        app.frame(0)

    @property
    def scene(self) -> MatchScene:
        scene = self.app.scene
        assert isinstance(scene, MatchScene), scene
        return scene

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.now += self.frame_ms
            self.app.frame(self.now)

    def post(self, *events: pygame.event.Event) -> None:
        for e in events:
            pygame.event.post(e)

    def mouse(self, kind: int, world: tuple[float, float], **extra: Any) -> None:
        """One mouse event of ``kind`` at a world point (through the scene's current camera), then a frame."""
        self.post(pygame.event.Event(kind, pos=self.scene.screen_of(world), **extra))
        self.frames()

    def key(self, key: int) -> None:
        self.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        self.frames()

    def click_px(self, pos: tuple[int, int]) -> None:
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames()

    def settle_camera(self, limit: int = 60) -> None:
        """Run frames until the camera's glide is over, so world points map to fixed pixels."""
        for _ in range(limit):
            if not self.scene.camera.moving:
                return
            self.frames()
        raise AssertionError("the camera kept moving")

    def down(self, world: tuple[float, float]) -> None:
        """Press the left button on a world point (through the scene's current camera transform)."""
        self.settle_camera()
        pos = self.scene.screen_of(world)
        assert self.scene.on_table(pos), (world, pos)
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.frames()

    def drag(self, path: list[tuple[float, float]], steps: int = 6) -> None:
        """Move the held mouse along world points, ``steps`` frames per segment."""
        scene = self.scene
        here = scene.view.to_world(self.last_pos()) if path else (0.0, 0.0)
        for target in path:
            for k in range(1, steps + 1):
                p = (here[0] + (target[0] - here[0]) * k / steps, here[1] + (target[1] - here[1]) * k / steps)
                pos = scene.screen_of(p)
                self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
                self.frames()
            here = target

    def last_pos(self) -> tuple[int, int]:
        return self.scene.pointer

    def up(self) -> None:
        pos = self.last_pos()
        self.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames()

    def wait_judged(self, limit: int = 400) -> None:
        for _ in range(limit):
            if self.scene.match.stage in (Stage.JUDGED, Stage.IN_HAND):
                self.frames()  # the camera takes its new aim in the next update
                self.settle_camera()
                return
            self.frames()
        raise AssertionError(f"the placement was not judged (stage {self.scene.match.stage})")

    def confirm(self) -> None:
        self.click_px(self.scene.confirm_button.rect.center)

    def place_from_above(self, x: float, target_y: float) -> None:
        """In hand: press in free space high above, drag down to target_y, let go, wait for the verdict."""
        self.settle_camera()
        view = self.scene.view
        top = min(self.scene.match.world.bounds[3], view.to_world((0, view.rect.top))[1])  # what the view shows
        start = (x, min(top - 40.0, target_y + 120.0))
        self.down(start)
        assert self.scene.match.stage == Stage.HOLDING, self.scene.match.stage
        self.drag([(x, target_y)], steps=10)
        self.frames(10)
        self.up()
        self.wait_judged()
