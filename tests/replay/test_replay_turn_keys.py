"""Both replay viewers go through the turns with the same keys: Down (PgDn) to the next turn, Up (PgUp) back, as
in every list of the program."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.app import App, BaseScene
from game.artischocken import new_game
from game.artischocken.room import replay_scene as cards_viewer
from game.artischocken.seats import Seat
from game.artischocken.turns import LocalTable
from game.cactus.bots.simple import Bot
from game.cactus.match import Match, MatchError
from game.cactus.record import Recorder
from game.cactus.room import replay_scene as cactus_viewer
from game.i18n import t
from game.ui import draw
from game.ui.theme import SIZES


def _cards_replay() -> BaseScene:
    table = LocalTable(new_game(2, seed=5, round_limit=20), [Seat("Anna", "greedy"), Seat("Ben", "greedy")], 5)
    while not table.game.is_over:
        action = table.bot_move()
        assert action is not None
        table.apply(action)
    return cards_viewer(table.replay())


def _cactus_replay() -> BaseScene:
    match = Match.new(2, names=["Ana", "Saguaro"], seed=4, bots=[True, True])
    recorder = Recorder.begin(match)
    bot = Bot()
    for _ in range(3000):
        if match.rules.turn_number >= 4 or match.is_over:
            break
        try:
            bot.act(match)
        except MatchError:
            match.step(1 / 60)
    return cactus_viewer(recorder.replay())


@pytest.mark.parametrize("viewer", [_cards_replay, _cactus_replay], ids=["artischocken", "cactus"])
def test_down_goes_to_the_next_turn_and_up_back_in_every_replay(make_app: Callable[..., App],
                                                                   viewer: Callable[[], Any]) -> None:
    app = make_app((1280, 800))
    scene = viewer()
    app.push(BaseScene())
    app.push(scene)
    app.frame(0)
    s = scene.session
    now = 16
    for key, turn in ((pygame.K_DOWN, 1), (pygame.K_DOWN, 2), (pygame.K_UP, 1), (pygame.K_PAGEDOWN, 2),
                      (pygame.K_PAGEUP, 1)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.frame(now)
        now += 16
        assert s.index == s.turn_starts[turn], pygame.key.name(key)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_cactus_viewer_says_its_keys_under_the_log(make_app: Callable[..., App], size: tuple[int, int]) -> None:
    # a newcomer watching a Cactus replay saw no word of its keys; the card table's viewer says them in its log
    app = make_app(size)
    scene: Any = _cactus_replay()
    app.push(BaseScene())
    app.push(scene)
    app.frame(0)
    keys, log = scene.keys_box, scene.side.rects["log"]
    assert keys.height > 0 and keys.top >= log.bottom and keys.bottom <= scene.timeline.top
    for lang in ("en", "de"):
        words = t("replay.hint.cactus", lang)
        assert "↓" in words and " S " not in words  # no seat to switch in Cactus: only keys that work there
        assert draw.text_height(words, keys.width, size=SIZES.text_small - 3) <= keys.height  # in its line
