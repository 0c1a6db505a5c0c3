"""Repeats on the Cactus table: a piece that fell five times is one turn-log line that says so ("fell ×5", in
both languages), identical events make one floating text that counts, and floating texts never lie over one
another or over anything else that explains the table (a burst of different events at once waits its turn)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from helpers_scene import Driver

from game import i18n
from game.app import App, BaseScene
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Event, Options
from game.cactus.screens import panels
from game.cactus.screens.match_scene import MatchScene
from game.cactus.screens.scene_play import PlayScene

COLOUR_DIE = Options(die=Die(6, 0, 0))
#: Frames a burst of floating texts is watched for (about 10 s at 33 ms: every one has shown in turn and faded).
WATCH = 300


def fell_five_times() -> Match:
    """Red Hook, the piece in hand, let go over the bare ground five times: five identical C-R5 events."""
    m = Match.with_position({1: ["red_arch"]}, last="red_arch", options=COLOUR_DIE)
    m.roll()
    if m.stage == Stage.CHOOSE:
        m.take(m.allowed()[0])
    for _ in range(5):
        m.drop((m.world.bounds[0] + 25, 60.0), 0.0)
        m.settle_now()
        assert m.stage == Stage.IN_HAND
    assert [e.kind for e in m.rules.log].count("placed_fell") == 5
    return m


def open_scene(app: App, match: Match) -> Driver:
    app.push(BaseScene())
    app.push(PlayScene(match, autosave=False, record_replay=False))
    d = Driver(app)
    d.frames(2)
    return d


def assert_apart(scene: MatchScene) -> None:
    """No two things laid over the table this frame overlap (floating texts included)."""
    laid = scene.overlays
    for i, item in enumerate(laid):
        for other in laid[i + 1:]:
            assert not item.rect.colliderect(other.rect), (item.kind, item.rect, other.kind, other.rect)


@pytest.mark.parametrize(("lang", "words"), [("en", "fell ×5"), ("de", "5× gefallen")])
def test_a_piece_that_fell_five_times_is_one_log_line(lang: str, words: str) -> None:
    i18n.set_language(lang)
    try:
        m = fell_five_times()
        lines = [line for e, line, _c in panels.log_entries(m.rules) if e.kind == "placed_fell"]
    finally:
        i18n.set_language("en")
    assert len(lines) == 1, lines
    assert words in lines[0], lines


def test_events_apart_are_not_folded() -> None:
    m = fell_five_times()
    e = next(e for e in m.rules.log if e.kind == "placed_fell")
    other = Event("knocked", "C-R5", e.turn, player=0, flowers=-1, pieces=("red_arch",))
    m.rules.log[-2:-2] = [other]  # a knock-off between the third and the fourth fall
    lines = [line for ev, line, _c in panels.log_entries(m.rules) if ev.kind == "placed_fell"]
    assert [("×3" in line, "×2" in line) for line in lines] == [(False, True), (True, False)]


def test_the_folded_log_on_screen(make_app: Callable[..., App], tmp_path: Path) -> None:
    app = make_app((1280, 800))
    d = open_scene(app, fell_five_times())
    shot = tmp_path / "cactus-log-folded.png"
    pygame.image.save(app.surface, str(shot))
    assert shot.stat().st_size > 0
    log = d.scene.rects["log"]
    assert log.height > 60


def test_identical_events_make_one_floating_text_that_counts(make_app: Callable[..., App]) -> None:
    app = make_app((1280, 800))
    d = open_scene(app, fell_five_times())
    m = d.scene.match
    fell = Event("placed_fell", "C-R5", m.rules.turn_number, player=m.current, pieces=(str(m.piece),))
    for _ in range(5):
        d.scene.take_events([fell])
        d.frames()
    texts = [f.text for f in d.scene.floats]
    assert len(texts) == 1, texts
    assert texts[0].endswith("×5")
    assert d.scene.message.text.startswith("Red Hook fell ×5")


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=["800x600", "1280x800"])
def test_a_burst_of_events_never_piles_floating_texts_on_each_other(make_app: Callable[..., App],
                                                                       size: tuple[int, int]) -> None:
    app = make_app(size)
    d = open_scene(app, fell_five_times())
    m = d.scene.match
    turn, seat, piece = m.rules.turn_number, m.current, str(m.piece)
    burst = [Event("placed_fell", "C-R5", turn, player=seat, pieces=(piece,)),
             Event("knocked", "C-R5", turn, player=seat, flowers=-1, pieces=("red_arch",)),
             Event("hand_touch", "C-R1", turn, player=seat, flowers=-1),
             Event("awards_void", "C-R5", turn, player=seat, nominal=1, detail="colour3"),
             Event("piece_out", "C-R6", turn, pieces=("red_arch",)),
             Event("placed_fell", "C-R5", turn, player=seat, pieces=(piece,))]
    d.scene.take_events(burst)
    d.scene.take_events(burst[:2])  # and again at once, before a frame has shown any
    shown: set[str] = set()
    for _ in range(WATCH):
        d.frames()
        assert_apart(d.scene)
        shown |= {f.text for f in d.scene.floats if f.rect is not None}
    assert not d.scene.floats, "every floating text has shown and gone"
    assert len(shown) >= 4, shown
