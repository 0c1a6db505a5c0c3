"""Hints for human Cactus players: carrying a hint out is a valid placement (C-X4, C-R2..C-R5, C-X5)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from helpers_scene import COLOUR_DIE, Driver, rolled_and_taken

from game.app import App, BaseScene
from game.cactus.bots.drive import TRIAL_SETTLE, Drive, run_drive
from game.cactus.bots.hint import suggest
from game.cactus.match import Match, Stage
from game.cactus.screens.scene_play import PlayScene
from game.i18n import t


def in_hand() -> Match:
    m = rolled_and_taken()
    assert m.stage == Stage.IN_HAND
    return m


def test_hint_carried_out_by_the_hand_is_a_valid_placement() -> None:
    # C-X4 / C-X5: the hint's path, walked by the hand on a match built from the same snapshot, hangs the piece
    # on the target cactus with no broken rule, where the ghost shows it, and the turn can be confirmed.
    snapshot = in_hand().to_dict()
    hint = suggest(Match.from_dict(snapshot))
    assert hint is not None and hint.piece == snapshot["rules"]["turn"]["piece"]
    m = Match.from_dict(snapshot)
    target = m.rules.target_cactus()
    drive = Drive(hint.placement, list(hint.path))
    run_drive(m, drive)
    assert not drive.failed and drive.moves  # the hand took it into free air and dragged it: no spawning in place
    m.settle_now(TRIAL_SETTLE)
    assert m.stage == Stage.JUDGED and m.violations == []
    assert m.facts().carried_by[hint.piece] == target
    x, y, _ = m.world.pose(hint.piece)
    assert abs(x - hint.rest[0]) < 1e-6 and abs(y - hint.rest[1]) < 1e-6  # the ghost is where it rests
    m.confirm()
    assert m.rules.turn_number == snapshot["rules"]["turn_number"] + 1


def test_no_hint_without_a_piece_in_hand() -> None:
    m = Match.with_position({2: ["red_zigzag"]}, last="red_zigzag", options=COLOUR_DIE)
    assert m.stage == Stage.ROLL and suggest(m) is None


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app((1280, 800))


def test_h_key_shows_a_ghost_counted_and_following_it_with_the_mouse_is_valid(app: App, tmp_path: Path) -> None:
    # The play scene: H starts a hint search that update runs across frames ("looking…" meanwhile; draw only draws
    # it), then counts it and shows it; the human then drags the piece along the hint's path with the mouse and the
    # placement is judged valid (C-X1, C-X4).
    m = in_hand()
    app.push(BaseScene())
    scene = PlayScene(m, autosave=False, record_replay=False)
    app.push(scene)
    d = Driver(app)
    d.frames(2)
    d.settle_camera()
    before = pygame.Surface(app.size)
    scene.draw(before)
    d.key(pygame.K_h)
    d.frames()
    assert scene.hints.busy and scene.hints.hint is None and scene.hints.used == [0, 0]
    assert scene.message.text == t("cactus.hint.looking")
    for _ in range(60):
        if not scene.hints.busy:
            break
        d.frames()
    assert scene.hints.hint is not None and scene.hints.used == [1, 0]
    assert scene.message.visible and scene.message.text != t("cactus.hint.looking")
    after = pygame.Surface(app.size)
    scene.draw(after)
    pygame.image.save(after, str(tmp_path / "hint.png"))
    area = scene.rects["table"]
    changed = sum(1 for x in range(area.left, area.right, 4) for y in range(area.top, area.bottom, 4)
                  if before.get_at((x, y)) != after.get_at((x, y)))
    assert changed > 20  # the ghost is drawn on the table
    hint = scene.hints.hint
    d.down(hint.path[0])
    assert m.stage == Stage.HOLDING
    d.drag(list(hint.path[1:]), steps=1)
    d.up()
    d.wait_judged()
    assert m.stage == Stage.JUDGED and m.violations == [], m.violations
    assert scene.hints.hint is None or scene.hints.hint.turn == m.turn_key


def test_h_key_refuses_without_a_piece_in_hand(app: App) -> None:
    m = Match.with_position({2: ["red_zigzag"]}, last="red_zigzag", options=COLOUR_DIE)
    app.push(BaseScene())
    scene = PlayScene(m, autosave=False, record_replay=False)
    app.push(scene)
    d = Driver(app)
    d.key(pygame.K_h)
    assert scene.hints.hint is None and scene.hints.used == [0, 0] and scene.message.visible
