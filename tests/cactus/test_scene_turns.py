"""Whole turns driven with synthetic mouse and key events on the real physics (C-X1..C-X5)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import pygame
import pytest
from helpers_scene import Driver

from game.app import App, BaseScene
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens.scene_play import PlayScene
from game.i18n import t
from physics.scenes import drop_position, hang_points

COLOUR_DIE = Options(die=Die(6, 0, 0))  # every roll is COLOUR: the test knows what the die asks


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app((1280, 800))


def start(app: App, match: Match) -> Driver:
    app.push(BaseScene())  # stands in for the launcher below the room
    app.push(PlayScene(match))
    return Driver(app)


def roll_and_choose(d: Driver, piece: str) -> None:
    d.key(pygame.K_SPACE)
    m = d.scene.match
    if m.stage == Stage.CHOOSE:
        assert piece in m.allowed()
        d.click_px(d.scene.heap_cells[piece].center)
    assert m.stage == Stage.IN_HAND and m.piece == piece


def hang_y(m: Match, piece: str, x: float) -> float:
    return drop_position(m.world, piece, x, 0.0, clearance=3.0)[1]


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    k = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / max(dx * dx + dy * dy, 1e-9)))
    return math.hypot(p[0] - ax - k * dx, p[1] - ay - k * dy)


def grip_near_cactus(d: Driver, m: Match, piece: str, cactus: int) -> tuple[float, float]:
    """A point on the piece (as the mouse can hit it, whole pixels) as close to the cactus as possible."""
    edges = [(o[i], o[(i + 1) % len(o)]) for o in m.world.cactus_outlines(cactus) for i in range(len(o))]

    def gap(p: tuple[float, float]) -> float:
        return min(_segment_distance(p, a, b) for a, b in edges)

    cx, cy, _ = m.world.pose(piece)
    best: tuple[float, tuple[float, float]] | None = None
    for vx, vy in m.world.outline_world(piece):
        for k in (0.02, 0.05, 0.1, 0.15, 0.2):
            p = (vx + (cx - vx) * k, vy + (cy - vy) * k)
            w = d.scene.view.to_world(d.scene.screen_of(p))
            if m.world.piece_at(w) == piece and (best is None or gap(w) < best[0]):
                best = (gap(w), w)
                break
    assert best is not None and best[0] < 5.0, best
    return best[1]


def test_valid_placement_scores(app: App) -> None:
    # C-T2, C-X4, C-P1: a third red piece hangs -> +1 flower for the seat, shown and logged.
    match = Match.with_position({1: ["red_arch"], 2: ["red_hook"]}, last="red_hook", options=COLOUR_DIE)
    d = start(app, match)
    assert match.rules.target_cactus() == 3
    roll_and_choose(d, "red_fork")
    x = hang_points(match.world, 3)[0]
    d.place_from_above(x, hang_y(match, "red_fork", x))
    assert match.stage == Stage.JUDGED and match.violations == []
    before = match.rules.bank.value(0)
    d.confirm()
    assert match.rules.turn_number == 4 and match.rules.current == 1
    assert match.rules.bank.value(0) == before + 1
    awards = [e for e in match.rules.log if e.kind == "award"]
    assert awards and awards[-1].rule == "C-P1" and awards[-1].detail == "colour3"
    shown = t("cactus.float.award", flowers=1, award=t("cactus.award.colour3"))
    assert any(f.text == shown for f in d.scene.floats)  # the award is shown where it happened, in plain words
    d.frames(3)
    from game.cactus.saves import autosave_path

    saved = json.loads(autosave_path().read_text(encoding="utf-8"))["game"]  # autosaved after the turn
    assert Match.from_dict(saved).rules.turn_number == 4


def test_same_colour_touch_blocks_confirm_until_fixed(app: App) -> None:
    # C-R2, C-X4: red on red must be fixed by moving the placed piece; only then the turn ends.
    match = Match.with_position({3: ["red_arch"], 2: ["red_hook"]}, last="red_hook", options=COLOUR_DIE)
    d = start(app, match)
    roll_and_choose(d, "red_fork")
    x = hang_points(match.world, 3)[0]
    d.place_from_above(x, hang_y(match, "red_fork", x))
    kinds = {v.kind for v in match.violations}
    assert "same_colour" in kinds and all(v.rule in ("C-R2", "C-R3") for v in match.violations)
    d.confirm()
    assert match.stage == Stage.JUDGED and match.rules.turn_number == 3  # refused
    # Grabbing another piece is refused; grabbing our own works (C-X4).
    ax, ay, _ = match.world.pose("red_arch")
    if match.world.piece_at((ax, ay)) == "red_arch":
        d.down((ax, ay))
        assert match.stage == Stage.JUDGED
        d.up()
    px, py, _ = match.world.pose("red_fork")
    d.down((px, py))
    assert match.stage == Stage.HOLDING
    tip = hang_points(match.world, 3)[2]
    d.drag([(px, py + 60), (tip, py + 60), (tip, hang_y(match, "red_fork", tip) + 4)], steps=10)
    d.frames(10)
    d.up()
    d.wait_judged()
    assert match.violations == [], match.violations
    d.confirm()
    assert match.rules.turn_number == 4


def test_piece_on_a_base_must_be_placed_again(app: App) -> None:
    # C-R4: a piece touching a base may not stay; it is taken back and placed anew.
    match = Match.with_position({0: ["red_arch"]}, last="red_arch", options=COLOUR_DIE)
    d = start(app, match)
    roll_and_choose(d, "red_hook")
    spec = match.world.cactus(1)
    low = -min(y for _, y in match.world.pieces["red_hook"].outline)
    d.down((spec.x + 46.0, max(y for _, y in spec.base) + low + 3.5))
    assert match.stage == Stage.HOLDING
    d.up()
    d.wait_judged()
    assert [v.kind for v in match.violations][:1] == ["on_base"]
    assert match.violations[0].rule == "C-R4" and match.violations[0].action == "place_again"
    d.confirm()
    assert match.rules.turn_number == 2
    d.key(pygame.K_BACKSPACE)  # take it back into the hand
    assert match.stage == Stage.IN_HAND and not match.world.has_piece("red_hook")
    x = hang_points(match.world, 1)[0]
    d.place_from_above(x, hang_y(match, "red_hook", x))
    assert match.violations == []
    d.confirm()
    assert match.rules.turn_number == 3


def test_knocking_a_piece_off_costs_a_flower_and_voids_awards(app: App) -> None:
    # C-R5: the knocked piece costs 1 flower at once; the third blue piece then earns nothing.
    match = Match.with_position({3: ["yellow_zigzag"], 1: ["blue_arch"], 2: ["blue_hook"]}, last="blue_hook",
                                options=COLOUR_DIE)
    d = start(app, match)
    roll_and_choose(d, "blue_fork")
    zx, zy, _ = match.world.pose("yellow_zigzag")
    d.down((zx - 95.0, zy + 4.0))
    assert match.stage == Stage.HOLDING
    d.drag([(zx + 110.0, zy + 4.0)], steps=24)
    d.frames(30)
    assert "yellow_zigzag" in match.rules.turn.knocked
    knocked = [e for e in match.rules.log if e.kind == "knocked"]
    assert knocked and knocked[-1].rule == "C-R5" and knocked[-1].flowers == -1
    x = hang_points(match.world, 3)[0]
    hx, hy = match.world.hand.pointer
    d.drag([(hx, hy + 80.0), (x, hy + 80.0), (x, hang_y(match, "blue_fork", x))], steps=10)
    d.frames(10)
    d.up()
    d.wait_judged()
    assert match.violations == [], match.violations
    touches = match.rules.turn.hand_touches
    number = match.rules.turn_number
    d.confirm()
    turn = [e for e in match.rules.log if e.turn == number]
    assert any(e.kind == "awards_void" for e in turn)
    assert not any(e.kind == "award" for e in turn)
    assert match.rules.bank.value(0) == max(0, 3 - 1 - touches)


def test_the_hand_touching_the_cactus_costs_a_flower(app: App) -> None:
    # C-R1, C-X1: grabbing the piece where it rests on the cactus puts the fingers on the cactus.
    match = Match.new(2, seed=4, start_player=0)
    d = start(app, match)
    d.click_px(d.scene.heap_cells["red_arch"].center)  # C-T1: any piece, no roll
    x = hang_points(match.world, 2)[0]
    d.place_from_above(x, hang_y(match, "red_arch", x))
    assert match.stage == Stage.JUDGED and match.violations == []
    assert match.rules.bank.value(0) == 3
    d.down(grip_near_cactus(d, match, "red_arch", 2))
    d.frames(3)
    assert match.stage == Stage.HOLDING
    assert not [e for e in match.rules.log if e.kind == "hand_touch"]  # the ring shows the touch first ...
    d.frames(10)  # ... and it costs the flower once it lasted a moment (TOUCH_GRACE)
    touches = [e for e in match.rules.log if e.kind == "hand_touch"]
    assert len(touches) == 1 and touches[0].rule == "C-R1" and touches[0].flowers == -1
    assert match.rules.bank.value(0) == 2
    assert any(f.text == t("cactus.float.hand_touch", flowers=1) for f in d.scene.floats)
    d.up()
    d.wait_judged()
    assert match.rules.bank.value(0) == 2  # charged once


def test_a_game_saved_mid_turn_resumes_exactly(app: App) -> None:
    from game.cactus.saves import autosave_path
    from game.cactus.screens.scene_setup import SetupScene

    match = Match.with_position({0: ["red_arch"]}, last="red_arch", options=COLOUR_DIE)
    d = start(app, match)
    roll_and_choose(d, "red_hook")
    x = hang_points(match.world, 1)[0]
    d.down((x, hang_y(match, "red_hook", x) + 80))
    d.drag([(x, hang_y(match, "red_hook", x) + 30)], steps=4)
    d.up()  # let go: mid-fall
    assert match.stage == Stage.SETTLING
    expected = json.loads(json.dumps(match.to_dict()))
    d.key(pygame.K_ESCAPE)  # the leave dialog; Left then Enter: "Leave"
    d.key(pygame.K_LEFT)
    d.key(pygame.K_RETURN)
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))["game"]
    assert "replay" in saved  # the autosave also carries the recording so far (a resumed game records one replay)
    saved.pop("replay")
    assert saved == expected
    setup = SetupScene()
    app.push(setup)  # the room opens again from the launcher
    d.frames()
    assert setup.resume.enabled
    d.click_px(setup.resume.rect.center)  # the Continue list: its one game
    row, _info, _delete = setup.continue_list.rows[0]
    d.click_px(row.center)
    resumed = d.scene.match
    assert resumed is not match and Match.from_dict(saved).to_dict() == expected
    assert resumed.rules.to_dict() == expected["rules"] and resumed.bots == expected["bots"]
    twin = Match.from_dict(expected)
    for _ in range(30):
        d.frames()
    for _ in range(d.scene.match.world.steps - twin.world.steps):
        twin.world.step(1 / 240)
    assert resumed.world.to_dict()["pieces"] == twin.world.to_dict()["pieces"]
