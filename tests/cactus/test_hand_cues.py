"""A hand one can learn, on the play screen driven by synthetic mouse and key events on the real physics: a drag
into a cactus shows the piece blocked (the grip line stretched and coloured, the outline where it would be), the
hand's ring warns a few mm before it touches a cactus or a piece (the flower is charged only on the touch, C-R1),
and T turns the piece to the hint's angle."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from helpers_scene import Driver, rolled_and_taken

from game.app import App, BaseScene
from game.cactus.match import TOUCH_GRACE, Match, Stage
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.view import LAG_CUE, RING_WARN, hand_cue
from game.i18n import t
from game.ui.theme import PALETTE

#: World points right of cactus 3 (index 2, the target of ``rolled_and_taken``): above its right arm, level with
#: the top of its trunk, and far to its left through the trunk.
RIGHT_OF_TRUNK = (960.0, 215.0)
THROUGH_TRUNK = (800.0, 215.0)


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app((1280, 800))


def play(app: App) -> tuple[Driver, Match]:
    m = rolled_and_taken()
    assert m.stage == Stage.IN_HAND and m.rules.target_cactus() == 2
    app.push(BaseScene())
    app.push(PlayScene(m, autosave=False, record_replay=False))
    d = Driver(app)
    d.frames(2)
    d.settle_camera()
    return d, m


def pixels_of(surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> int:
    box = box.clip(surface.get_rect())
    return sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
               if tuple(surface.get_at((x, y)))[:3] == colour)


def test_a_drag_into_a_cactus_shows_the_piece_blocked(app: App, tmp_path: Path) -> None:
    d, m = play(app)
    scene = d.scene
    d.down(RIGHT_OF_TRUNK)
    assert m.stage == Stage.HOLDING
    d.frames(3)
    cue = hand_cue(m.world)
    assert cue is not None and not cue.blocked and scene.hand_note is None  # free air: nothing to explain
    d.drag([THROUGH_TRUNK], steps=20)
    d.frames(10)
    cue = hand_cue(m.world)
    assert cue is not None and cue.blocked and cue.lag > LAG_CUE
    assert m.world.hand.touch_count == 0  # the piece, not the hand, meets the trunk
    x, _, _ = m.world.pose(str(m.piece))
    assert x > 868.0  # still on the trunk's near side ...
    free_x = sum(p[0] for p in cue.free_outline) / len(cue.free_outline)
    assert abs(free_x - THROUGH_TRUNK[0]) < 40.0  # ... while the outline shows it where the pointer is
    assert scene.hand_note is not None and scene.hand_note[0] == t("cactus.hand.blocked")
    note = scene.hand_note[1]
    ring = scene.view.to_screen(cue.grip)
    assert not note.collidepoint(ring)
    assert [item for item in scene.overlays if item.kind == "hand"]
    shot = pygame.Surface(app.size)
    scene.draw(shot)
    pygame.image.save(shot, str(tmp_path / "blocked.png"))
    free_box = pygame.Rect(0, 0, 0, 0).unionall([pygame.Rect(round(p[0]), round(p[1]), 1, 1)
                                                for p in scene.view.pts(cue.free_outline)])
    assert pixels_of(shot, free_box.inflate(4, 4), PALETTE.terracotta) > 20  # the dashed outline is drawn
    d.up()
    d.wait_judged()


def test_the_ring_warns_before_the_touch_and_the_flower_goes_only_on_the_touch(app: App) -> None:
    d, m = play(app)
    scene = d.scene
    d.down(RIGHT_OF_TRUNK)
    pid = str(m.piece)
    edge = min(m.world.outline_world(pid), key=lambda p: p[0])
    m.world.hand.grab(pid, edge)  # the fingers at its left edge: the ring sticks out towards the trunk
    m.world.hand.move_to(edge)
    d.frames(5)
    seat = m.current
    value = m.rules.bank.value(seat)
    warned = []
    here = scene.pointer
    for _ in range(160):
        here = (here[0] - 1, here[1])
        d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=here, rel=(-1, 0), buttons=(1, 0, 0)))
        d.frames()
        cue = hand_cue(m.world)
        assert cue is not None
        if m.world.hand.touch_count:
            break
        assert m.rules.turn.hand_touches == 0 and m.rules.bank.value(seat) == value  # no flower before the touch
        near = m.world.hand.nearest_to_ring(RING_WARN)
        if near is not None and near.distance > 0:
            assert cue.near == near.kind
            assert scene.hand_note is not None and scene.hand_note[0] == t(f"cactus.hand.near_{near.kind}")
            warned.append(near.distance)
        else:
            assert cue.near is None
    assert warned, "the ring never warned"
    assert m.world.hand.touch_count == 1
    cue = hand_cue(m.world)
    assert cue is not None and cue.touching and cue.near is None and cue.contact is not None  # the ring shows it ...
    assert scene.hand_note is not None and scene.hand_note[0] == t(f"cactus.hand.touch_{cue.contact}")
    shown_at = m.world.time
    assert m.rules.turn.hand_touches == 0  # ... before the flower goes (C-R1: it goes once the touch lasts)
    for _ in range(40):
        d.frames()
        if m.rules.turn.hand_touches:
            break
    assert m.rules.turn.hand_touches == 1 and m.rules.bank.value(seat) < value
    assert m.world.time - shown_at >= TOUCH_GRACE - 0.05  # a visible moment after the warning, never the same frame


def wait_hint(d: Driver) -> None:
    d.key(pygame.K_h)
    for _ in range(80):
        if not d.scene.hints.busy:
            break
        d.frames()
    assert d.scene.hints.hint is not None


def test_t_turns_the_piece_to_the_hint_angle_in_the_hand_and_held(app: App, tmp_path: Path) -> None:
    d, m = play(app)
    scene = d.scene
    wait_hint(d)
    hint = scene.hints.hint
    assert hint is not None
    for _ in range(3):
        d.key(pygame.K_q)  # turned away from the hint's angle
    turn = hint.turn_from(m.hand_angle)
    d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.screen_of(hint.start), rel=(0, 0), buttons=(0, 0, 0)))
    d.frames()
    cue = scene.hints.cue
    assert cue is not None and abs(cue.turn - turn) < 1e-9 and cue.rect is not None
    way = t("cactus.hint.anticlockwise" if turn > 0 else "cactus.hint.clockwise")
    assert f"{round(abs(math.degrees(turn)))}°" in cue.text and way in cue.text and "{" not in cue.text
    shot = pygame.Surface(app.size)
    scene.draw(shot)
    pygame.image.save(shot, str(tmp_path / "turn.png"))
    d.key(pygame.K_t)
    assert abs(hint.turn_from(m.hand_angle)) < 1e-9
    assert scene.hints.cue is not None and scene.hints.cue.text == t("cactus.hint.turned")
    # held: turned away with the wheel, then T turns it back through the hand
    d.down(hint.start)
    assert m.stage == Stage.HOLDING
    for _ in range(2):
        d.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
        d.frames()
    d.frames(20)
    assert abs(hint.turn_from(m.world.pose(hint.piece)[2])) > math.radians(20)
    d.key(pygame.K_t)
    d.frames(20)
    assert abs(hint.turn_from(m.world.pose(hint.piece)[2])) < math.radians(1)
    d.drag(list(hint.path[1:]), steps=1)
    d.up()
    d.wait_judged()
    assert m.stage == Stage.JUDGED and m.violations == []


def test_t_without_a_hint_says_so(app: App) -> None:
    d, m = play(app)
    angle = m.hand_angle
    d.key(pygame.K_t)
    assert m.hand_angle == angle and d.scene.message.text == t("cactus.hint.no_turn")
