"""Sleep when still, at the Cactus table: the scenes say when nothing moves (``still``), a resting world is not stepped,
and idling never changes the physics: the same inputs at the same clock times give the same world whether the
app waits for input between them or draws every 16 ms."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from helpers_scene import Driver

from game.app import IDLE_WAIT_MS, App, BaseScene
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens.match_scene import PULSE_FADE, PULSE_SECONDS
from game.cactus.screens.scene_end import EndScene
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.scene_setup import SetupScene
from game.lab.cactus.bench import checksum
from physics.scenes import drop_position, hang_points

COLOUR_DIE = Options(die=Die(6, 0, 0))
FRAME_MS = 16
#: The idle run's waits end exactly on the busy run's frame grid this long after the scene became still
#: (a multiple of both the idle wait and the frame time).
QUIET_MS = 4 * IDLE_WAIT_MS
assert QUIET_MS % FRAME_MS == 0


def _table() -> Match:
    return Match.with_position({0: ["red_arch"], 2: ["blue_hook"]}, last="blue_hook", options=COLOUR_DIE,
                               names=["Ana", "Ben"], seed=5)


def _key(k: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")]


def _mouse(kind: int, pos: tuple[int, int], **extra: Any) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=extra.get("buttons", (0, 0, 0)))
    return pygame.event.Event(kind, pos=pos, button=1)


class Script:
    """One scripted turn: each step's events are decided from the scene when they are due (the same state in
    both runs, if idling changes nothing) and logged with the clock time they were posted at."""

    def __init__(self) -> None:
        self.start: tuple[float, float] = (0.0, 0.0)
        self.goal: tuple[float, float] = (0.0, 0.0)

    def roll(self, s: PlayScene) -> list[pygame.event.Event]:
        return _key(pygame.K_SPACE)

    def take(self, s: PlayScene) -> list[pygame.event.Event]:
        m = s.match
        if m.stage != Stage.CHOOSE:
            return []
        cell = s.heap_cells[sorted(m.allowed())[0]].center
        return [_mouse(pygame.MOUSEBUTTONDOWN, cell), _mouse(pygame.MOUSEBUTTONUP, cell)]

    def grab(self, s: PlayScene) -> list[pygame.event.Event]:
        m = s.match
        assert m.stage == Stage.IN_HAND
        target = m.rules.target_cactus()
        assert target is not None
        x = hang_points(m.world, target)[0]
        y = drop_position(m.world, str(m.piece), x, 0.0, clearance=3.0)[1]
        self.start, self.goal = (x - 40.0, y + 90.0), (x, y + 4.0)
        pos = s.screen_of(self.start)
        return [_mouse(pygame.MOUSEMOTION, pos), _mouse(pygame.MOUSEBUTTONDOWN, pos)]

    def drag(self, k: int, n: int) -> Callable[[PlayScene], list[pygame.event.Event]]:
        def step(s: PlayScene) -> list[pygame.event.Event]:
            p = (self.start[0] + (self.goal[0] - self.start[0]) * k / n,
                 self.start[1] + (self.goal[1] - self.start[1]) * k / n)
            return [_mouse(pygame.MOUSEMOTION, s.screen_of(p), buttons=(1, 0, 0))]
        return step

    def let_go(self, s: PlayScene) -> list[pygame.event.Event]:
        return [_mouse(pygame.MOUSEBUTTONUP, s.pointer)]

    def confirm(self, s: PlayScene) -> list[pygame.event.Event]:
        return _key(pygame.K_RETURN if s.match.can_confirm else pygame.K_BACKSPACE)

    def steps(self) -> list[tuple[str, int, Callable[[PlayScene], list[pygame.event.Event]]]]:
        """(when, ms, what): "still" = ``ms`` after the scene became still; "after" = ``ms`` after the last step."""
        drag = [("after", 3 * FRAME_MS, self.drag(k, 8)) for k in range(1, 9)]
        return [("still", QUIET_MS, self.roll), ("still", QUIET_MS, self.take), ("still", QUIET_MS, self.grab),
                *drag, ("after", 10 * FRAME_MS, self.let_go), ("still", QUIET_MS, self.confirm),
                ("still", QUIET_MS, self.roll)]


def _play(make_app: Callable[..., App], idle: bool) -> dict[str, Any]:
    """Run the script; ``idle``: the app waits for input (an injected wait: 500 ms, no event) whenever the scene
    is still, else it draws a frame every 16 ms."""
    now = [0]
    app = make_app((1280, 800), clock=lambda: now[0])

    def wait(timeout_ms: int) -> pygame.event.Event:
        now[0] += timeout_ms
        return pygame.event.Event(pygame.NOEVENT)

    app.wait_event = wait
    app.push(BaseScene())
    scene = PlayScene(_table(), autosave=False)
    app.push(scene)
    app.frame()

    def advance() -> None:
        """The time until the next frame: a wait for input while the scene is still (idle run), else 16 ms."""
        if idle and app.is_still():
            app.pace()
        else:
            now[0] += FRAME_MS

    def tick() -> None:
        advance()
        app.frame()

    posted: list[tuple[int, str, list[str], int, str]] = []  # time, step, events, world steps and checksum
    for when, ms, what in Script().steps():
        if when == "still":
            for _ in range(2000):
                if app.is_still():
                    break
                tick()
            assert app.is_still(), scene.match.stage
        due = now[0] + ms
        while now[0] < due:
            advance()
            if now[0] >= due:
                assert now[0] == due  # both runs reach the same clock time exactly
                events = what(scene)
                for e in events:
                    pygame.event.post(e)  # handled in this very frame, as after a wait that an event ended
                posted.append((now[0], what.__name__, [pygame.event.event_name(e.type) for e in events],
                               scene.match.world.steps, checksum(scene.match.world)))
            app.frame()
    for _ in range(2000):
        if app.is_still():
            break
        tick()
    m = scene.match
    return {"posted": posted, "world": json.loads(json.dumps(m.world.to_dict())), "checksum": checksum(m.world),
            "rules": json.loads(json.dumps(m.rules.to_dict())), "stage": m.stage, "frames": app.frame_count,
            "waits": app.idle_waits}


def test_idling_never_changes_the_world(make_app: Callable[..., App]) -> None:
    """Physics stays on its fixed step: the same events at the same clock times give the same
    world, to the bit, whether the app idles between them (waits of 500 ms) or draws every 16 ms."""
    busy = _play(make_app, idle=False)
    pygame.quit()
    idle = _play(make_app, idle=True)
    assert busy["waits"] == 0 and idle["waits"] >= 20  # the idle run really waited ...
    assert busy["frames"] - idle["frames"] >= idle["waits"] * 25  # ... each wait instead of ~31 frames
    assert [e[1] for e in busy["posted"]][-2:] == ["confirm", "roll"]
    for a, b in zip(idle["posted"], busy["posted"], strict=True):
        assert a == b  # the same events at the same times, on the same world
    assert busy["rules"]["turn_number"] == 2 or busy["stage"] != Stage.ROLL  # the turn was played
    assert idle["checksum"] == busy["checksum"]
    assert idle["world"] == busy["world"]
    assert idle["rules"] == busy["rules"]


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app((1280, 800))


def _wait_still(d: Driver, scene: BaseScene, limit: int = 400) -> int:
    for k in range(limit):
        if scene.still():
            return k
        d.frames()
    raise AssertionError("the scene never became still")


def test_the_play_scene_is_still_while_it_waits_for_the_roll(app: App) -> None:
    """Sleep when still: waiting for the roll nothing moves (the glows stop pulsing after
    PULSE_SECONDS) and a still scene's fixed steps do not step the world; a held piece, a settling world and the
    die's roll are not still."""
    match = _table()
    app.push(BaseScene())
    scene = PlayScene(match, autosave=False)
    app.push(scene)
    d = Driver(app)
    assert not scene.still()  # the glows pulse at first
    waited = _wait_still(d, scene)
    assert waited * d.frame_ms >= (PULSE_SECONDS + PULSE_FADE) * 1000 * 0.9
    assert match.stage == Stage.ROLL and scene.pulse() == 0.0
    steps = match.world.steps
    d.frames(30)
    assert scene.still() and match.world.steps == steps  # resting: the fixed steps leave the world alone
    d.key(pygame.K_SPACE)
    assert not scene.still()  # the die rolls
    if match.stage == Stage.CHOOSE:
        d.click_px(scene.heap_cells[sorted(match.allowed())[0]].center)
    _wait_still(d, scene)
    assert match.stage == Stage.IN_HAND
    target = match.rules.target_cactus()
    assert target is not None
    x = hang_points(match.world, target)[0]
    y = drop_position(match.world, str(match.piece), x, 0.0, clearance=3.0)[1]
    d.down((x, y + 60.0))
    assert match.stage == Stage.HOLDING and not scene.still()
    d.frames(200)
    assert match.stage == Stage.HOLDING and not scene.still()  # held without moving: still not still
    d.up()
    assert match.stage == Stage.SETTLING and not scene.still() and not match.resting
    moved = match.world.steps
    d.frames()
    assert match.world.steps > moved  # the world moves: it is stepped
    d.wait_judged()
    _wait_still(d, scene)
    assert match.resting


def test_setup_and_end_screens_are_still_until_something_moves(app: App) -> None:
    """The setup screen is still without a focused name field; the end screen once the medals
    settled."""
    setup = SetupScene(players=2)
    app.push(setup)
    d_now = [0]

    def frame() -> None:
        d_now[0] += 33
        app.frame(d_now[0])

    frame()
    assert setup.still()
    setup.entries[0].focus()
    frame()
    assert not setup.still()  # the blinking cursor
    setup.entries[0].unfocus()
    frame()
    assert setup.still()
    m = Match.with_position({0: ["red_arch"]}, last="red_arch", names=["Ana", "Ben"])
    end = EndScene(m)
    app.push(end)
    frame()
    assert not end.still()  # the winners' medals bob
    for _ in range(200):
        frame()
    assert end.still()
