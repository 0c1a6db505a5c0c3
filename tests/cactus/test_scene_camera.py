"""The play view's camera: overview while nothing is taken, a close view of the target cactus while a piece is
placed (C-T2 target) or a broken placement (C-X4) is shown, zoom keys, and picking through the same transform."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from helpers_scene import Driver

from game.app import App, BaseScene
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.view import FOCUS_ZOOM, ZOOM_STEP
from physics.scenes import drop_position, hang_points

COLOUR_DIE = Options(die=Die(6, 0, 0))


@pytest.fixture(params=[(1280, 800), (1024, 700)], ids=["1280x800", "1024x700"])
def app(request: pytest.FixtureRequest, make_app: Callable[..., App]) -> App:
    return make_app(request.param)


def start(app: App, match: Match, **kwargs: object) -> Driver:
    app.push(BaseScene())
    app.push(PlayScene(match, **kwargs))  # type: ignore[arg-type]
    return Driver(app)


def take(d: Driver, piece: str) -> None:
    d.key(pygame.K_SPACE)
    m = d.scene.match
    if m.stage == Stage.CHOOSE:
        d.click_px(d.scene.heap_cells[piece].center)
    assert m.stage == Stage.IN_HAND and m.piece == piece


def shows_whole_cactus(scene: PlayScene, cactus: int) -> bool:
    """The cactus, its base and its arms lie inside the table rectangle on screen."""
    w = scene.match.world
    pts = [p for o in (*w.cactus_outlines(cactus), w.base_outline(cactus)) for p in o]
    return all(scene.view.rect.collidepoint(scene.screen_of(p)) for p in pts)


def test_camera_closes_in_on_the_target_when_a_piece_is_taken_and_backs_out_after_the_turn(app: App) -> None:
    # C-T2: the piece goes to the next cactus clockwise; the close view shows that cactus whole.
    match = Match.with_position({1: ["red_arch"], 2: ["red_hook"]}, last="red_hook", options=COLOUR_DIE)
    d = start(app, match)
    view = d.scene.view
    assert view.zoom == pytest.approx(1.0) and not d.scene.camera.moving  # rolling: the whole table
    take(d, "red_fork")
    d.frames(2)
    assert 1.0 < view.zoom < d.scene.camera.goal[0]  # it glides, it does not jump
    d.settle_camera()
    assert 1.7 <= view.zoom <= FOCUS_ZOOM + 1e-6
    assert shows_whole_cactus(d.scene, 3) and not shows_whole_cactus(d.scene, 0)
    x = hang_points(match.world, 3)[0]
    d.place_from_above(x, drop_position(match.world, "red_fork", x, 0.0, clearance=3.0)[1])
    assert match.stage == Stage.JUDGED and match.violations == []
    d.confirm()
    assert match.rules.turn_number == 4
    d.frames(3)
    d.settle_camera()
    assert view.zoom == pytest.approx(1.0) and view.table_rect.width <= view.rect.width + 1


def test_picking_under_zoom_grabs_the_right_piece(app: App) -> None:
    # C-R2 shown zoomed; C-X4: only the placed piece may be grabbed again, found through the zoomed transform.
    match = Match.with_position({3: ["red_arch"], 2: ["red_hook"]}, last="red_hook", options=COLOUR_DIE)
    d = start(app, match)
    take(d, "red_fork")
    x = hang_points(match.world, 3)[0]
    d.place_from_above(x, drop_position(match.world, "red_fork", x, 0.0, clearance=3.0)[1])
    assert any(v.rule == "C-R2" for v in match.violations)
    scene = d.scene
    assert scene.view.zoom > 1.5  # the broken placement is shown close up
    for pid in ("red_fork", "red_arch"):
        px, py, _ = match.world.pose(pid)
        back = scene.view.to_world(scene.screen_of((px, py)))
        assert abs(back[0] - px) < 1.0 and abs(back[1] - py) < 1.0  # a pixel is under a millimetre
    ax, ay, _ = match.world.pose("red_arch")
    if match.world.piece_at((ax, ay)) == "red_arch":
        d.down((ax, ay))
        assert match.stage == Stage.JUDGED and match.held is None  # not ours: refused
        d.up()
    fx, fy, _ = match.world.pose("red_fork")
    d.down((fx, fy))
    assert match.stage == Stage.HOLDING and match.held == "red_fork"
    zoom = scene.view.zoom
    d.drag([(fx, fy + 30.0)], steps=4)
    assert scene.view.zoom == zoom  # the view never moves under the hand
    gx, gy = match.world.hand.pointer
    assert abs(gx - fx) < 2.0 and abs(gy - (fy + 30.0)) < 2.0  # the hand follows the zoomed pointer


def test_keys_wheel_and_middle_button_zoom_and_reset(app: App) -> None:
    match = Match.with_position({0: ["red_arch"]}, last="red_arch", options=COLOUR_DIE)
    d = start(app, match)
    scene = d.scene
    view = scene.view
    centre = scene.rects["table"].center
    d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    d.key(pygame.K_PLUS)
    d.settle_camera()
    assert view.zoom == pytest.approx(ZOOM_STEP)
    d.key(pygame.K_EQUALS)
    d.settle_camera()
    assert view.zoom == pytest.approx(ZOOM_STEP**2)
    d.key(pygame.K_MINUS)
    d.settle_camera()
    assert view.zoom == pytest.approx(ZOOM_STEP)
    d.key(pygame.K_0)
    d.settle_camera()
    assert view.zoom == pytest.approx(1.0)
    d.key(pygame.K_KP_PLUS)
    d.settle_camera()
    d.key(pygame.K_HOME)
    d.settle_camera()
    assert view.zoom == pytest.approx(1.0)
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        d.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        d.frames()
    finally:
        pygame.key.set_mods(0)
    d.settle_camera()
    assert view.zoom == pytest.approx(ZOOM_STEP)
    d.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2))
    d.frames()
    d.settle_camera()
    assert view.zoom == pytest.approx(1.0)  # the middle button: back to the whole table ...
    d.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2))
    d.frames()
    d.settle_camera()
    assert view.zoom > 1.5 and shows_whole_cactus(scene, 1)  # ... and close to the target cactus
    take(d, "red_hook")
    angle = match.hand_angle
    d.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))  # the plain wheel turns the piece
    d.frames()
    assert match.hand_angle != angle


@pytest.mark.slow  # a long property / bot / whole-game run, left out by `make quick` (`pytest -m "not slow"`)
def test_the_camera_follows_a_bot_placement(app: App) -> None:
    # The bot's move is visible: the camera closes in on the target cactus (C-T2) while the bot places.
    match = Match.with_position({0: ["red_arch"]}, last="red_arch", options=COLOUR_DIE, bots=[True, False])
    d = start(app, match, autosave=False)
    zooms: list[float] = []
    for _ in range(300):
        d.frames()
        if match.stage in (Stage.SETTLING, Stage.JUDGED) and match.is_bot_turn:
            zooms.append(d.scene.view.zoom)
        if match.rules.turn_number > 2:
            break
    assert match.rules.turn_number == 3 and zooms and max(zooms) > 1.5
    d.frames(3)
    d.settle_camera()
    assert d.scene.view.zoom == pytest.approx(1.0)
