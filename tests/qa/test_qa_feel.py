"""QA game feel: buttons answer hover and press, the hand-over screen hides hands, bots act visibly (not instantly)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from qa_common import buttons_of, run_frames, scene_factories


def test_qa_every_button_shows_hover_and_press(tmp_path: Path, make_app) -> None:
    """On each setup screen, hovering a button highlights it and pressing it shows the pressed state."""
    for room in ("cactus-setup", "art-setup"):
        app = make_app()
        scene = scene_factories(tmp_path)[room]()
        app.push(scene)
        now = run_frames(app, 2)
        buttons = [b for b in buttons_of(scene) if b.enabled]
        assert len(buttons) >= 3, room
        for b in buttons[:6]:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
            now = run_frames(app, 1, now)
            assert b.hovered, (room, b.rect)
            before = app.surface.copy()
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))
            now = run_frames(app, 1, now)
            if app.scene is not scene:
                break  # the press already acted (the scene changed): feedback enough
            assert b.pressed, (room, b.rect)
            assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.surface, "RGB"), "no pressed look"
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1))  # let go elsewhere
            now = run_frames(app, 1, now)
        pygame.quit()


def test_qa_handover_screen_hides_every_hand(tmp_path: Path, make_app) -> None:
    """Two humans at one table: between their turns a hand-over screen stands and no hand may be drawn."""
    from game.artischocken.seats import Seat
    from game.artischocken.table.scene_table import Options, TableScene

    app = make_app()
    scene = TableScene.new([Seat("Ann", "human"), Seat("Ben", "human")], Options(seed=2, autosave=False, fast=True))
    app.push(scene)
    now = run_frames(app, 5)
    seen_handover = False
    for _ in range(60):
        if scene.handover is not None:
            seen_handover = True
            assert scene.looking is None
            shot = app.surface.copy()
            # the table behind is covered: the centre of the screen is the hand-over card, the rest a plain backdrop
            corners = {shot.get_at((x, y))[:3] for x in (5, app.size[0] - 5) for y in (5, app.size[1] - 5)}
            assert len(corners) <= 4
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
            now = run_frames(app, 3, now)
            assert scene.handover is None and scene.looking == scene.table.game.current_player
            break
        choices = [c for c in scene.choices if c.key]
        if choices:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=choices[-1].rect.center, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        now = run_frames(app, 3, now)
    assert seen_handover, "the turn never passed to the other human"


@pytest.mark.slow  # a bot's paced move: hundreds of frames
def test_qa_artischocken_bot_takes_visible_time(tmp_path: Path, make_app) -> None:
    """Without --fast a bot's move is paced (the player can follow it), not done in the first frame."""
    from game.artischocken.seats import Seat
    from game.artischocken.table.scene_table import Options, TableScene

    app = make_app()
    scene = TableScene.new([Seat("Ada", "greedy"), Seat("Ann", "human")], Options(seed=5, autosave=False,
                                                                                   start_player=0))
    app.push(scene)
    log0 = len(scene.table.game.log)
    run_frames(app, 2)
    assert len(scene.table.game.log) - log0 <= 1, "the bot acted all at once"
    run_frames(app, 240)
    assert len(scene.table.game.log) > log0, "the bot never acted"


@pytest.mark.slow  # a whole bot turn: hundreds of frames with physics
def test_qa_cactus_bot_turn_is_announced(tmp_path: Path, make_app) -> None:
    from game.cactus.match import Match
    from game.cactus.screens.scene_play import PlayScene

    app = make_app()
    scene = PlayScene(Match.new(2, names=["Ann", "Agave"], seed=4, bots=[True, True]), autosave=False)
    app.push(scene)
    turn0 = scene.match.rules.turn_number
    run_frames(app, 3, step=33)
    assert scene.match.rules.turn_number == turn0, "a whole bot turn passed in three frames"
    run_frames(app, 400, step=33)
    assert scene.match.rules.turn_number > turn0, "the bot never finished a turn"
