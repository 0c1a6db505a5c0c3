"""A clear table: no callout, bubble, message, floating text, prompt, button or tooltip lies over another, and
none covers what it talks about (the pieces of a broken rule, the pot a piece touches, the piece an award is
for), at the smallest window (800x600) and at 1280x800, in the moments a first game brings: a broken
rule of each kind (C-R2, C-R3, C-R4), a valid placement waiting for its confirm and its award (C-P1), a
knocked-off piece, a hint shown, the camera zoomed with pieces hanging high."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from helpers_scene import Driver, rolled_and_taken

from game import i18n
from game.app import App, BaseScene
from game.cactus.bots.simple import find_violation_drop
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Event, Options
from game.cactus.screens import panels
from game.cactus.screens.match_scene import MatchScene
from game.cactus.screens.scene_play import PlayScene
from physics.scenes import drop_position, hang_points

SIZES = [(800, 600), (1280, 800)]
COLOUR_DIE = Options(die=Die(6, 0, 0))
FORM_DIE = Options(die=Die(0, 6, 0))
#: Frames a floating text is watched for as it rises (and while the rest of the table goes on).
WATCH = 40


@pytest.fixture(params=SIZES, ids=["800x600", "1280x800"])
def app(request: pytest.FixtureRequest, make_app: Callable[..., App]) -> App:
    return make_app(request.param)


def assert_clear(scene: MatchScene) -> None:
    """No two explanatory or interactive rectangles overlap, and none covers one of its subjects."""
    laid = scene.overlays
    assert [item.kind for item in laid].count("prompt") == 1
    for i, item in enumerate(laid):
        for other in laid[i + 1:]:
            assert not item.rect.colliderect(other.rect), (item.kind, item.rect, other.kind, other.rect)
        for subject in item.subjects:
            assert not item.rect.colliderect(subject), (item.kind, item.rect, subject)


def assert_uncovered(scene: MatchScene, pieces: list[str]) -> None:
    """No prompt, bubble, message or floating text lies over these pieces (their boxes straight from the world)."""
    boxes = [box for pid in pieces if (box := piece_box(scene, pid)) is not None]
    assert boxes
    for item in scene.overlays:
        if item.kind in ("prompt", "bubble", "message", "float"):
            assert item.rect.collidelist(boxes) < 0, (item.kind, item.rect, boxes)


def kinds(scene: MatchScene) -> list[str]:
    return [item.kind for item in scene.overlays]


def open_scene(app: App, match: Match) -> Driver:
    app.push(BaseScene())
    app.push(PlayScene(match, autosave=False, record_replay=False))
    d = Driver(app)
    d.frames(2)
    d.settle_camera()
    d.frames()
    return d


def taken(hanging: dict[int, list[str]], last: str, options: Options, piece: str) -> Match:
    m = Match.with_position(hanging, last=last, options=options)
    m.roll()
    if m.stage == Stage.CHOOSE:
        assert piece in m.allowed(), (piece, m.allowed())
        m.take(piece)
    assert m.stage == Stage.IN_HAND and m.piece == piece
    return m


def broken(m: Match, kind: str) -> Match:
    """The piece in hand dropped where the rule ``kind`` breaks, the world at rest."""
    spot = find_violation_drop(m, (kind,))
    assert spot is not None, kind
    m.drop((spot[0], spot[1]), spot[2])
    m.settle_now()
    assert m.stage == Stage.JUDGED and kind in [v.kind for v in m.violations], m.violations
    return m


def third_red_on_target() -> Match:
    """A third red piece hangs on the target cactus: valid, and worth the award for three of a colour (C-P1)."""
    m = taken({1: ["red_arch"], 2: ["red_hook"]}, "red_hook", COLOUR_DIE, "red_fork")
    x = hang_points(m.world, 3)[0]
    m.drop(drop_position(m.world, "red_fork", x, 0.0, clearance=3.0), 0.0)
    m.settle_now()
    assert m.stage == Stage.JUDGED and m.violations == [] and m.preview_awards()
    return m


@pytest.mark.parametrize(("rule", "kind", "setup"), [
    ("C-R2", "same_colour", lambda: taken({3: ["red_arch"], 2: ["red_hook"]}, "red_hook", COLOUR_DIE, "red_fork")),
    ("C-R3", "same_form", lambda: taken({3: ["red_arch"], 2: ["blue_arch"]}, "blue_arch", FORM_DIE, "green_arch")),
    ("C-R4", "on_base", lambda: taken({0: ["red_arch"]}, "red_arch", COLOUR_DIE, "red_hook")),
], ids=["same-colour", "same-form", "on-base"])
def test_a_broken_rule_is_explained_beside_its_pieces(app: App, rule: str, kind: str,
                                                      setup: Callable[[], Match]) -> None:
    d = open_scene(app, broken(setup(), kind))
    assert d.scene.match.violations[0].rule == rule
    assert "bubble" in kinds(d.scene), "the broken rule is said at its pieces"
    assert_clear(d.scene)
    assert_uncovered(d.scene, list(d.scene.match.violations[0].pieces))


def test_a_valid_placement_waiting_for_its_confirm_leaves_its_piece_and_cactus_clear(app: App) -> None:
    d = open_scene(app, third_red_on_target())
    assert "bubble" in kinds(d.scene)
    assert_clear(d.scene)
    assert_uncovered(d.scene, ["red_fork"])


def test_C_P1_the_award_floats_beside_the_piece_it_is_for(app: App) -> None:
    d = open_scene(app, third_red_on_target())
    d.confirm()
    assert any(e.kind == "award" for e in d.scene.match.rules.log)
    seen = 0
    for _ in range(WATCH):
        seen += kinds(d.scene).count("float")
        assert_clear(d.scene)
        assert_uncovered(d.scene, ["red_arch", "red_hook", "red_fork"])
        d.frames()
    assert seen, "the award was shown"


def test_a_knocked_off_piece_is_told_beside_the_piece(app: App) -> None:
    d = open_scene(app, third_red_on_target())
    m = d.scene.match
    d.scene.take_events([Event("knocked", "C-H2", m.rules.turn_number, player=0, flowers=-1,
                               pieces=("red_hook",))])
    d.frames()
    assert "float" in kinds(d.scene)
    for _ in range(WATCH):
        assert_clear(d.scene)
        assert_uncovered(d.scene, ["red_hook"])
        d.frames()


def hint_shown(app: App) -> Driver:
    """A table with a piece in the hand and the hint asked for (H), once it is found."""
    d = open_scene(app, rolled_and_taken())
    d.key(pygame.K_h)
    for _ in range(60):
        if not d.scene.hints.busy:
            break
        d.frames()
    return d


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_shown_leaves_the_prompt_the_buttons_and_its_dotted_way_clear(app: App, lang: str) -> None:
    # at 800x600 in German "follow the dots" stood over the dots it spoke of, and the turn cue over the way
    i18n.set_language(lang)
    try:
        d = hint_shown(app)
        scene = d.scene
        assert scene.hints.hint is not None
        way = scene.hints.way_boxes(scene.view)
        assert way
        words = [item for item in scene.overlays if item.kind in ("message", "hint")]
        assert words
        for item in words:
            assert set(map(tuple, way)) <= set(map(tuple, item.subjects)), item.kind
        assert_clear(scene)
    finally:
        i18n.set_language("en")


def test_the_prompt_stays_off_pieces_hanging_high_while_zoomed(app: App) -> None:
    m = taken({2: ["blue_arch", "green_hook", "purple_fork"], 3: ["red_zigzag"]},
              "purple_fork", COLOUR_DIE, "purple_arch")
    d = open_scene(app, m)  # the piece in hand: the camera shows the target cactus close up
    table = d.scene.rects["table"]
    d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(table.x + table.width // 4, table.y + table.height // 3),
                              rel=(0, 0), buttons=(0, 0, 0)))
    d.key(pygame.K_PLUS)  # and closer still, around the pointer at the upper left
    d.settle_camera()
    d.frames()
    assert d.scene.view.zoom > 1.5
    prompt = next(item for item in d.scene.overlays if item.kind == "prompt")
    pieces = [box for pid in m.world.pieces_in_world() if (box := piece_box(d.scene, pid)) is not None]
    assert pieces and not any(prompt.rect.colliderect(box) for box in pieces)
    assert_clear(d.scene)


def piece_box(scene: MatchScene, pid: str) -> pygame.Rect | None:
    """A piece's box on screen, straight from the world outline and the camera, cut to the table."""
    world = scene.match.world
    if not world.has_piece(pid):
        return None
    pts = scene.view.pts(world.outline_world(pid))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
    box = box.clip(scene.rects["table"])
    return box if box.width and box.height else None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hint_message_stays_inside_the_table_in_either_language(app: App, lang: str) -> None:
    i18n.set_language(lang)
    try:
        d = hint_shown(app)
        messages = [item.rect for item in d.scene.overlays if item.kind == "message"]
        assert messages  # the hint says what the ghost is
        assert d.scene.rects["table"].contains(messages[0])
        assert_clear(d.scene)
    finally:
        i18n.set_language("en")


def test_each_thing_in_the_side_panels_is_explained_beside_it_never_over_it(app: App) -> None:
    # "Box: 9" and the pink token on its 3-side (C-K4) said nothing where they stand: a rest of the pointer on
    # each explains that very thing, in a tooltip beside it
    m = Match.new(2, seed=3)
    m.rules.bank.award(0, 2)  # 5 flowers: one token on its 3-side and two on their 1-side
    d = open_scene(app, m)
    scene = d.scene
    lay, rules = scene.lay, scene.match.rules
    supply, box = panels.bank_words(rules, lay)
    tokens = panels.token_cells(rules, lay)
    three = next(cell for cell, side in tokens if side)
    one = next(cell for cell, side in tokens if not side)
    spots = [(scene.rects["die_panel"].center, "cactus.help.die"), (supply.center, "cactus.help.supply"),
             (box.center, "cactus.help.box"), (three.center, "cactus.help.token3"), (one.center, "cactus.help.token1"),
             ((lay.seat_rects[1].right - 30, lay.seat_rects[1].centery), "cactus.help.flowers")]
    for pos, key in spots:
        d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        d.frames(40)
        assert scene.tooltip.visible and scene.tooltip.text == i18n.t(key), key
        tip = next(item for item in scene.overlays if item.kind == "tooltip")
        assert tip.subjects and tip.subjects[0].collidepoint(pos), key
        assert app.surface.get_rect().contains(tip.rect), key
        assert_clear(scene)
