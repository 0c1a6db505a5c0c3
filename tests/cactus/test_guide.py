"""The guided first game: the pure model moves on only when the step is done and names what went wrong, and a
scripted newcomer plays it through on the real table with synthetic mouse and key events (headless)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from helpers_scene import Driver

from game.app import App, BaseScene
from game.cactus.guide.coach import GuideCoach
from game.cactus.guide.seen import guide_seen, mark_guide_seen
from game.cactus.guide.steps import CARRY_NEEDED, STEPS, Guide, Seen
from game.cactus.match import Stage
from game.cactus.room import guide_scene
from game.cactus.screens import panels
from game.i18n import set_language, t
from game.ui.theme import PALETTE


def test_the_guide_waits_for_each_step_and_goes_back_when_the_piece_falls() -> None:
    g = Guide()
    g.observe(Seen("choose"))
    assert g.step == "choose"
    g.observe(Seen("choose", refused="choose_first"))
    assert g.problem == "cactus.refuse.choose_first"
    g.observe(Seen("in_hand", angle=0.0))
    assert g.step == "take" and g.problem is None
    g.observe(Seen("in_hand", angle=0.0, refused="placed"))
    assert g.step == "take" and g.problem == "cactus.refuse.placed"  # the press's word, as the table says it
    g.observe(Seen("holding", angle=0.0, held_at=(0.0, 0.0)))
    assert g.step == "turn"
    g.observe(Seen("judged", angle=None))
    assert g.step == "turn" and g.problem == "cactus.guide.problem.let_go_early"
    g.observe(Seen("holding", angle=0.0, held_at=(0.0, 0.0)))
    g.observe(Seen("holding", angle=math.radians(25), held_at=(0.0, 0.0)))
    assert g.step == "ring"
    g.observe(Seen("holding", angle=0.4, held_at=(10.0, 0.0), ring="touch"))
    g.observe(Seen("holding", angle=0.4, held_at=(10.0, 0.0), ring="touch", paid=1))
    assert g.step == "ring" and g.problem == "cactus.guide.problem.ring_paid"  # the ring cost a flower: again
    g.observe(Seen("holding", angle=0.4, held_at=(10.0 + CARRY_NEEDED, 0.0), paid=1))
    assert g.step == "hang"
    g.observe(Seen("holding", angle=0.4, held_at=(0.0, 0.0), paid=1, fell=1))
    assert g.step == "take" and g.problem == "cactus.guide.problem.fell"  # it fell: back into the hand


def test_a_broken_placement_is_named_and_a_valid_one_is_confirmed() -> None:
    g = Guide()
    g.index = STEPS.index("let_go")
    g.observe(Seen("judged", broken=("on_base",)))
    assert g.step == "let_go" and g.problem == "cactus.guide.problem.on_base"
    g.observe(Seen("holding"))
    g.observe(Seen("judged"))
    assert g.step == "confirm"
    g.observe(Seen("judged", turn_over=True))
    assert g.done and g.text_key() == "cactus.guide.done"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_guide_word_is_there_in_both_languages(lang: str) -> None:
    set_language(lang)
    try:
        keys = [f"cactus.guide.{s}" for s in (*STEPS, "done", "title_done", "play_on", "back")]
        keys += [f"cactus.guide.problem.{p}" for p in ("fell", "paid", "ring_paid", "let_go_early", "taken_again",
                                                       "placed_fell", "on_base", "not_hanging", "wrong_cactus",
                                                       "same_colour", "same_form")]
        for key in keys:
            assert t(key) != key, key
    finally:
        set_language("en")


def test_the_guide_is_offered_until_it_was_seen(make_app: Callable[..., App]) -> None:
    make_app()
    assert not guide_seen()
    mark_guide_seen()
    assert guide_seen()


def test_a_scripted_newcomer_plays_the_guide_through(make_app: Callable[..., App], tmp_path: Path) -> None:
    app = make_app((1280, 800))
    app.push(BaseScene())
    app.push(guide_scene())
    d = Driver(app)
    d.frames(2)
    d.settle_camera()
    scene = d.scene
    coach = getattr(scene, "coach", None)
    assert isinstance(coach, GuideCoach)
    m, g = scene.match, coach.guide
    assert g.step == "choose" and m.stage == Stage.CHOOSE
    d.click_px(scene.heap_cells[m.allowed()[0]].center)
    assert g.step == "take", g.problem
    d.settle_camera()
    cactus = 2
    trunk = (m.world.cactus(cactus).x, 100.0)
    d.down(trunk)  # a press on the cactus takes nothing: the guide says why
    assert m.stage == Stage.IN_HAND and g.problem == "cactus.refuse.on_cactus"
    above = m.world.cactus_top(cactus)
    start = (above[0], above[1] + 30.0)
    d.down(start)
    assert g.step == "turn", (g.step, g.problem)
    for _ in range(2):
        d.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
        d.frames()
    d.frames(20)
    assert g.step == "ring", (g.step, g.problem)
    d.drag([(start[0] + 70.0, start[1] + 20.0), start], steps=12)
    assert g.step == "hang", (g.step, g.problem)
    x, y = start
    for _ in range(60):
        if g.step != "hang":
            break
        y -= 4.0
        d.drag([(x, y)], steps=2)
    assert g.step == "let_go", (g.step, g.problem)
    d.up()
    d.wait_judged()
    d.frames(2)
    assert g.step == "confirm", (g.step, g.problem, m.violations)
    shot = pygame.Surface(app.size)
    scene.draw(shot)
    pygame.image.save(shot, str(tmp_path / "guide_confirm.png"))
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert g.done and guide_seen()
    assert coach.play_on.enabled and coach.play_on.rect.width > 0


def open_guide(app: App) -> tuple[Driver, GuideCoach]:
    """The guided first game on ``app``, a few frames in, and its coach."""
    app.push(BaseScene())
    app.push(guide_scene())
    d = Driver(app)
    d.frames(3)
    coach = getattr(d.scene, "coach", None)
    assert isinstance(coach, GuideCoach)
    return d, coach


@pytest.mark.parametrize(("size", "lang"), [((1280, 800), "en"), ((800, 600), "de")])
def test_the_guide_card_is_as_tall_as_its_words_and_the_log_goes_on_under_it(
        make_app: Callable[..., App], size: tuple[int, int], lang: str) -> None:
    set_language(lang)
    try:
        d, coach = open_guide(make_app(size))
        scene = d.scene
        card, log = coach.card, scene.rects["log"]
        assert card.topleft == log.topleft and card.height == coach.card_height(card.width) < log.height
        assert coach.text_top(coach.words()[0], card.width) > 16  # the title in as many lines as it takes, never cut
        rest = scene.log_area()
        assert rest.height == 0 or (rest.top > card.bottom and rest.bottom == log.bottom)
    finally:
        set_language("en")


def test_a_tooltip_stands_over_the_guide_card(make_app: Callable[..., App]) -> None:
    app = make_app((1280, 800))
    d, coach = open_guide(app)
    scene = d.scene
    _supply, box = panels.bank_words(scene.match.rules, scene.lay)
    d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(40)
    tip = scene.tooltip.box(app.surface.get_rect())
    assert tip is not None and tip.colliderect(coach.card)
    corner = tip.clip(coach.card)
    scene.draw(app.surface)
    # the tooltip's dark panel (its inner edge, clear of its rounded corners and its words) is seen, not the card
    x = corner.right - 3 if corner.right < tip.right else corner.x + 3
    seen = app.surface.get_at((x, corner.bottom - 3))
    assert all(abs(a - b) <= 8 for a, b in zip(seen[:3], PALETTE.ink[:3], strict=True)), seen
