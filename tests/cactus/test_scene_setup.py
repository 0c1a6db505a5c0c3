"""The Cactus setup and end screens and the room's CLI, driven headless."""

from __future__ import annotations

import json
from collections.abc import Callable

import pygame
import pytest
from helpers_scene import Driver

from game import i18n
from game.app import App, BaseScene
from game.cactus.saves import autosave_path
from game.cactus.screens.scene_end import EndScene
from game.cactus.screens.scene_play import PlayScene
from game.cactus.screens.scene_setup import SetupScene
from game.cli import build_parser
from game.rooms import create_room_scene


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    application = make_app((1024, 700))
    application.push(BaseScene())
    return application


def test_launcher_opens_the_setup_and_a_game_starts_with_names_bots_and_variants(app: App) -> None:
    # C-S1 (2-5 players), C-K5 (die faces sum to 6), C-R6 / C-T3 variants.
    setup = create_room_scene("cactus", None)
    assert isinstance(setup, SetupScene)
    app.push(setup)
    d = Driver(app)
    d.click_px(setup.plus.rect.center)
    assert setup.players == 4 and len(setup.entries) == 4
    for _ in range(3):
        d.click_px(setup.plus.rect.center)
    assert setup.players == 5 and not setup.plus.enabled
    d.click_px(setup.minus.rect.center)
    setup.entries[0].set_text("  Ana   Lía ")
    d.click_px(setup.long_game.rect.center)
    d.click_px(setup.seat_toggles[1].rect.center)  # seat 2 becomes human
    d.click_px(setup.die_buttons[2][1].rect.center)  # one more "!!" face, taken from COLOUR
    assert sum(setup.die) == 6 and setup.die == [1, 2, 3]
    d.click_px(setup.start.rect.center)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    m = scene.match
    assert m.rules.players == 4 and m.rules.names[0] == "Ana Lía"
    assert m.bots == [False, False, True, True]
    assert m.rules.options.long_game and not m.rules.options.strict_claim
    assert m.rules.options.die.to_dict() == {"colour": 1, "form": 2, "special": 3}


def test_a_corrupt_autosave_gives_a_message_not_a_crash(app: App) -> None:
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    setup = SetupScene()
    app.push(setup)
    Driver(app)
    assert app.scene is setup and setup.dialog is not None and "autosave.json" in setup.dialog.body  # said at once
    assert not path.exists() and list(path.parent.glob("autosave.corrupt-*.json"))  # kept aside


@pytest.mark.parametrize("section", ["rules", "options", "turn"])
def test_a_save_of_the_wrong_shape_is_kept_aside_with_a_message(app: App, section: str) -> None:
    from game.cactus.match import Match

    data = Match.new(3, seed=1, bots=[False, True, True]).to_dict()
    if section == "rules":
        data["rules"] = None
    else:
        data["rules"][section] = None
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    setup = SetupScene()
    app.push(setup)
    Driver(app)
    assert app.scene is setup and setup.dialog is not None and setup.dialog.open
    kept = list(path.parent.glob("autosave.corrupt-*.json"))
    assert not path.exists() and len(kept) == 1  # the evidence survives the next autosave
    assert kept[0].name in setup.dialog.body and section in setup.dialog.body
    assert not setup.resume.enabled
    assert json.loads(kept[0].read_text(encoding="utf-8")) == data


@pytest.mark.slow  # a long property / bot / whole-game run, left out by `make quick` (`pytest -m "not slow"`)
def test_cli_plays_a_bot_game_to_the_end_screen(app: App) -> None:
    # C-E1..C-E4 through the room: --players 3 --bots 3 --fast --until-over.
    args = build_parser().parse_args(["cactus", "--players", "3", "--bots", "3", "--fast", "--until-over",
                                      "--seed", "2"])
    scene = create_room_scene("cactus", args)
    assert isinstance(scene, PlayScene) and scene.fast and all(scene.match.bots)
    app.push(scene)
    d = Driver(app)
    for _ in range(20):
        d.now += 33
        app.frame(d.now)
        if isinstance(app.scene, EndScene):
            break
    end = app.scene
    assert isinstance(end, EndScene) and end.match.is_over
    assert end.match.rules.turn_number >= 10 and end.match.rules.winners
    assert not autosave_path().exists()  # demos never write the player's autosave


def test_bad_cli_flags_exit_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (["cactus", "--players", "7"], ["cactus", "--die", "3/3/3"], ["cactus", "--bots", "x"]):
        with pytest.raises(SystemExit) as exc:
            build_parser().parse_args(bad)
        assert exc.value.code == 2
    assert "players" in capsys.readouterr().err


def test_closing_the_window_mid_turn_saves_the_game(app: App) -> None:
    from game.cactus.match import Match

    match = Match.new(2, seed=1, start_player=0)
    app.push(PlayScene(match))
    d = Driver(app)
    d.click_px(d.scene.heap_cells["green_hook"].center)  # C-T1: taken, in the hand
    d.post(pygame.event.Event(pygame.QUIT))
    d.frames()
    assert not app.running
    saved = Match.from_dict(json.loads(autosave_path().read_text(encoding="utf-8"))["game"])
    assert saved.piece == "green_hook" and saved.stage.value == "in_hand"


def test_empty_name_fields_show_the_name_the_seat_will_get(app: App) -> None:
    # C-S1: bot seats are named after desert plants, human seats "Player N"; the placeholder says which.
    from game.cactus.bots.simple import BOT_NAMES

    setup = SetupScene(players=3)
    app.push(setup)
    d = Driver(app)
    assert [e.placeholder_text for e in setup.entries] == ["Player 1", BOT_NAMES[1], BOT_NAMES[2]]
    d.click_px(setup.seat_toggles[1].rect.center)  # seat 2 becomes human
    assert [e.placeholder_text for e in setup.entries] == ["Player 1", "Player 2", BOT_NAMES[2]]
    d.click_px(setup.seat_toggles[0].rect.center)  # seat 1 becomes a bot
    assert setup.entries[0].placeholder_text == BOT_NAMES[0]
    assert setup.names_now() == [e.placeholder_text for e in setup.entries]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_lays_out_inside_its_card_at_the_smallest_window(make_app: Callable[..., App], lang: str,
                                                               players: int) -> None:
    """800x600 (MIN_WINDOW): every control inside the card, sections in order, the 'how to play' text whole."""
    from game.app import MIN_WINDOW
    from game.ui import draw
    from game.ui.fonts import font
    from game.ui.theme import SIZES

    i18n.set_language(lang)
    application = make_app(MIN_WINDOW)
    setup = SetupScene(players=players)
    application.push(setup)
    application.frame(0)
    application.frame(16)
    card = setup.card
    assert application.surface.get_rect().contains(card)
    rects = [b.rect for b in setup.widgets()] + [e.rect for e in setup.entries]
    rects += [setup.long_game.rect, setup.strict.rect] + [tg.rect for tg in setup.seat_toggles[:players]]
    assert all(card.contains(r) for r in rects), [r for r in rects if not card.contains(r)]
    assert setup.entries[-1].rect.bottom < setup.long_game.rect.top < setup.strict.rect.top
    assert setup.strict.rect.bottom < setup.die_buttons[0][0].rect.top
    assert setup.die_buttons[0][0].rect.bottom < setup.start.rect.top
    for toggle in (setup.long_game, setup.strict):  # the labels fit their row at the smallest size they may take
        room = toggle.rect.right - (toggle.rect.x + 22) - 10
        assert draw.font_width(toggle.label(), SIZES.text_small - 2) <= room
    fnt = font(SIZES.text_small - 1)
    lines = draw.wrap_text(i18n.t("cactus.setup.controls"), fnt, setup.hint.width - 32)
    fits = 34 + len(lines) * fnt.get_linesize() <= setup.hint.height
    assert setup.hint.bottom < setup.start.rect.top
    if players <= 3:
        assert fits  # shown whole; with more seats it is left out rather than cut
