"""A broken rule stays visible: the banner (in the prompt's strip over the table) and the callout never cover
the pieces it is about (C-R2), from the smallest window (800x600) up, in both languages; when the strip is too
small for the long text, the banner says the short sentence and the side panel explains at length."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game import i18n
from game.app import MIN_WINDOW, App, BaseScene
from game.cactus.match import Match, Stage
from game.cactus.screens import layers, panels
from game.cactus.screens import texts as txt
from game.cactus.screens.scene_play import PlayScene
from game.lab.cactus.autopilot import open_table


def staged_violation(make_app: Callable[..., App], size: tuple[int, int],
                     lang: str) -> PlayScene:
    """The README's broken rule (``python -m game.lab.cactus.autopilot --players 3 --bots 2 --seed 0 --until-turn 13
    --violation``): the bots play to turn 13, whose seat then drops its piece where a rule breaks."""
    i18n.set_language(lang)
    app = make_app(size)
    app.push(BaseScene())
    match = Match.new(3, names=["Ann", "Agave", "Yucca"], seed=0, bots=[False, True, True])
    scene = open_table(app, match, 13, violation=True)
    now = 0
    for _ in range(200):
        app.frame(now)
        now += 33
        if match.stage == Stage.JUDGED and match.violations and not scene.camera.moving and now > 700:
            break
    assert match.stage == Stage.JUDGED and match.violations, match.stage
    return scene


def pieces_box(scene: PlayScene) -> pygame.Rect:
    """The screen box of the violating pieces, straight from the world outlines and the camera."""
    m = scene.match
    boxes = []
    for pid in m.violations[0].pieces:
        if m.world.has_piece(pid):
            pts = scene.view.pts(m.world.outline_world(pid))
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            boxes.append(pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)),
                                     round(max(ys) - min(ys))))
    assert boxes
    return boxes[0].unionall(boxes[1:]).clip(scene.rects["table"])


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 800)])
def test_C_R2_banner_and_callout_leave_the_touching_pieces_visible(make_app: Callable[..., App],
                                                                    size: tuple[int, int], lang: str) -> None:
    scene = staged_violation(make_app, size, lang)
    m = scene.match
    assert m.violations[0].rule == "C-R2"
    spot = pieces_box(scene)
    assert spot.width > 0 and spot.height > 0 and scene.rects["table"].contains(spot)
    spot_rect = scene.violation_spot()
    assert spot_rect is not None and spot_rect.contains(spot)  # the scene keeps at least these pixels clear
    content, banner, short, _size = scene.banner()
    assert not banner.colliderect(spot), (banner, spot)
    assert not banner.colliderect(scene.rects["table"])  # the prompt's strip: over the table, never on it
    placed = scene.placed_callout()
    assert placed is not None, "the callout stays beside the spot"
    callout = placed[2]
    assert not callout.colliderect(spot), (callout, spot)
    assert not callout.colliderect(banner), (callout, banner)
    first = m.violations[0]
    if short:  # the short sentence in plain words (no rule ID); the long one is in the side panel
        assert content == txt.violation_text(m, first) and first.rule not in content
        assert scene.explain_room()
    else:
        assert content == txt.stage_prompt(m)
    scene.draw(scene.app.surface)  # draws without error in every case


def test_C_R2_a_strip_too_small_moves_the_long_explanation_to_the_side_panel(make_app: Callable[..., App],
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(panels, "PROMPT_STRIP", 40)  # one line: the long explanation cannot fit the strip
    scene = staged_violation(make_app, MIN_WINDOW, "de")
    content, _banner, short, _size = scene.banner()
    assert short and content == i18n.t("cactus.violation.same_colour") and "C-R2" not in content
    drawn: list[str] = []
    real = layers.text_block  # the screen's wrapped paragraphs (cached lines, drawn as draw.text_block draws)

    def spy(surface: pygame.Surface, text: str, rect: pygame.Rect, **kw: object) -> int:
        drawn.append(text)
        return real(surface, text, rect, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(layers, "text_block", spy)
    scene.layers.clear()  # the panels are painted afresh (between frames they are a cached picture)
    scene.draw(scene.app.surface)
    assert txt.stage_prompt(scene.match) in drawn  # the long explanation is on screen (side panel)
