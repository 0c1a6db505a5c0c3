"""The Cactus hand never surprises: every press answers (C-X1, C-X4), its words are chosen from the world's facts at
that moment (never shown while they are false), the camera never moves under a held piece, and the hint asks for
the smallest turn that gives the same outline."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
import pytest
from helpers_scene import Driver, rolled_and_taken
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app import App, BaseScene
from game.cactus.bots.drive import Placement
from game.cactus.bots.hint import Hint, symmetry_of
from game.cactus.match import Match, MatchError, Stage
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.view import hand_cue
from game.i18n import t
from physics.geometry import rotational_symmetry


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app((1280, 800))


def play(app: App, m: Match | None = None) -> tuple[Driver, Match]:
    m = m if m is not None else rolled_and_taken()
    app.push(BaseScene())
    app.push(PlayScene(m, autosave=False, record_replay=False))
    d = Driver(app)
    d.frames(2)
    d.settle_camera()
    return d, m


def test_C_X4_a_press_on_a_placed_piece_says_only_your_own_can_be_moved(app: App) -> None:
    d, m = play(app)
    x, y, _ = m.world.pose("green_hook")
    assert m.world.piece_at((x, y)) == "green_hook" or m.world.what_is_at((x, y)) is not None
    point = next(p for p in m.world.outline_world("green_hook"))
    inside = ((x * 3 + point[0]) / 4, (y * 3 + point[1]) / 4)
    if m.world.piece_at(inside) != "green_hook":
        grid = [(px, py) for px in range(int(x) - 20, int(x) + 21, 2) for py in range(int(y) - 20, int(y) + 21, 2)]
        inside = next(p for p in grid if m.world.piece_at(p) == "green_hook")
    d.down(inside)
    assert m.stage == Stage.IN_HAND
    assert d.scene.message.visible and d.scene.message.text == t("cactus.refuse.placed")


def test_a_press_on_the_cactus_and_in_the_hollow_of_an_arch_each_say_why(app: App) -> None:
    d, m = play(app)
    d.down((m.world.cactus(2).x, 120.0))
    assert m.stage == Stage.IN_HAND and d.scene.message.text == t("cactus.refuse.on_cactus")
    xs, ys = zip(*m.world.outline_world("blue_arch"), strict=True)
    grid = [(px, py) for px in range(int(min(xs)), int(max(xs)), 2) for py in range(int(min(ys)), int(max(ys)), 2)]
    hollow = next(((px, py) for px, py in grid if (w := m.world.what_is_at((px, py))) is not None and w[0] == "hollow"),
                  None)
    assert hollow is not None, "the arch has a hollow"
    with pytest.raises(MatchError) as caught:
        m.grab_new(hollow)
    assert caught.value.reason == "hollow"
    d.down(hollow)
    assert m.stage == Stage.IN_HAND and d.scene.message.text == t("cactus.refuse.hollow")


def test_a_press_before_the_roll_says_roll_first(app: App) -> None:
    m = Match.with_position({1: ["blue_arch"]}, last="blue_arch")
    d, m = play(app, m)
    assert m.stage == Stage.ROLL
    d.down((m.world.cactus(3).x, 400.0))
    assert d.scene.message.text == t("cactus.refuse.roll_first")


def test_the_camera_never_moves_under_a_held_piece(app: App) -> None:
    m = Match.with_position({1: ["blue_arch"]}, last="blue_arch")
    d, m = play(app, m)
    d.key(pygame.K_SPACE)
    if m.stage == Stage.CHOOSE:
        d.click_px(d.scene.heap_cells[m.allowed()[0]].center)
    d.frames(6)  # the view begins its glide to the target cactus ...
    scene = d.scene
    assert m.stage == Stage.IN_HAND and scene.camera.moving
    target = m.rules.target_cactus()
    assert target is not None
    top = m.world.cactus_top(target)
    pos = scene.screen_of((top[0], top[1] + 40.0))
    d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
           pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    d.frames()  # ... and a press takes the piece mid-glide
    assert m.stage == Stage.HOLDING
    shot = (scene.view.zoom, scene.view.cx)
    for key in (pygame.K_PLUS, pygame.K_0):
        d.key(key)
    for k in range(30):
        d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + k, pos[1]), rel=(1, 0), buttons=(1, 0, 0)))
        d.frames()
        assert (scene.view.zoom, scene.view.cx) == shot  # the view stays as it was under the hand
    assert m.stage == Stage.HOLDING  # and the piece is still held


def test_the_hint_asks_for_the_smallest_turn_that_gives_the_same_outline() -> None:
    m = rolled_and_taken()
    assert symmetry_of(m, "red_zigzag") == 2 and symmetry_of(m, "blue_arch") == 1
    z = Hint(4, Placement("red_zigzag", 100.0, math.radians(10)), ((100.0, 400.0), (100.0, 300.0)),
             (100.0, 290.0, 0.5), ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)), 0, 1, symmetry=2)
    assert z.turn_from(math.radians(10 + 180)) == pytest.approx(0.0, abs=1e-9)  # a Z turned 180° looks the same
    assert z.turn_from(math.radians(10 + 170)) == pytest.approx(math.radians(10))


@settings(max_examples=60, deadline=None)
@given(st.floats(-20, 20), st.floats(-20, 20), st.sampled_from([1, 2, 3, 4, 5, 8]))
def test_a_hint_turn_is_never_more_than_half_a_symmetry_step(target: float, angle: float, n: int) -> None:
    hint = Hint(1, Placement("sun", 0.0, target), ((0.0, 1.0), (0.0, 0.0)), (0.0, 0.0, target),
                ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)), 0, 1, symmetry=n)
    turn = hint.turn_from(angle)
    assert abs(turn) <= math.pi / n + 1e-9
    k = (angle + turn - target) / (math.tau / n)  # the turned piece stands at the hint's angle, up to a symmetry
    assert abs(k - round(k)) < 1e-6


#: A pattern of radii whose first stands out from the rest by 10 mm: a turn maps the pattern onto itself only
#: by whole repeats of it (equal radii would make a near-circle that every turn maps onto itself within tolerance).
PATTERNS = st.tuples(st.floats(30, 90), st.lists(st.floats(30, 90), min_size=1, max_size=3)).filter(
    lambda p: all(abs(p[0] - r) >= 10 for r in p[1])).map(lambda p: [p[0], *p[1]])


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.sampled_from([2, 3, 4, 5]), PATTERNS, st.floats(0, math.tau))
def test_rotational_symmetry_finds_the_order_of_a_turned_pattern(n: int, radii: list[float], phase: float) -> None:
    k = len(radii)
    pts = [(r * math.cos(phase + 2 * math.pi * (i * k + j) / (n * k)), r * math.sin(phase + 2 * math.pi * (i * k + j)
                                                                                 / (n * k)))
           for i in range(n) for j, r in enumerate(radii)]
    assert rotational_symmetry(pts) == n  # the pattern repeated n times about its centre: order n, no more
    lopsided = [*pts[:-1], (pts[-1][0] * 1.5, pts[-1][1] * 1.5)]
    assert rotational_symmetry(lopsided) == 1


def _held_on_top(dx: float, dy: float, start: float) -> tuple[Match, float]:
    m = rolled_and_taken()
    target = 2
    top_y = max(p[1] for part in m.world.cactus_outlines(target) for p in part)
    cx = m.world.cactus(target).x + start
    m.grab_new((cx, top_y + 70.0))
    steps = 40
    for k in range(1, steps + 1):
        m.move_hand((cx + dx * k / steps, top_y + 70.0 + (dy - 70.0) * k / steps))
        m.step(1 / 60)
    for _ in range(40):
        m.step(1 / 60)
    return m, top_y


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.floats(-15, 15), st.floats(-90, -20), st.floats(-12, 12))
def test_lift_it_over_the_top_is_never_said_while_the_piece_rests_on_the_top(dx: float, dy: float,
                                                                            start: float) -> None:
    m, top_y = _held_on_top(dx, dy, start)
    if m.stage != Stage.HOLDING:
        return
    cue = hand_cue(m.world)
    assert cue is not None
    lowest = min(p[1] for p in m.world.outline_world(str(m.piece)))
    if lowest >= top_y - 2.0:  # the held piece lies on the top of the cactus: nothing stands beside it
        assert cue.note != "cactus.hand.blocked", (cue, lowest, top_y)


def test_pulled_down_onto_the_top_the_words_say_it_rests_there() -> None:
    m, top_y = _held_on_top(0.0, -60.0, 0.0)
    cue = hand_cue(m.world)
    assert m.stage == Stage.HOLDING and cue is not None and cue.blocked
    assert cue.resting and cue.note == "cactus.hand.resting"
