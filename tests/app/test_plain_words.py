"""Plain words for players: no rule ID (C-R2, A-T3, A-C-LEEK, ...) in anything a player reads, in English and
German, and the terms a new player meets first (the die's "!!" face, the flower tokens' two sides, the growing
supply) explained where they are, on hover. Rule IDs stay for the code, the tests, the saves and docs/rules.md."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pygame
import pytest
from helpers_scene import COLOUR_DIE, Driver

from game import i18n
from game.app import App, BaseScene
from game.artischocken import CARDS, new_game
from game.artischocken.describe import card_rule, card_short, describe, unplayable_text
from game.artischocken.session import sessions_for
from game.cactus.match import Match, Stage
from game.cactus.rules import Event
from game.cactus.screens import panels
from game.cactus.screens import texts as txt
from game.cactus.screens.scene_play import PlayScene
from game.cli import build_parser
from game.paths import asset
from game.ui.widgets import Tooltip
from physics.scenes import drop_position, hang_points

#: A rule ID as docs/rules.md writes them: C-R2, C-S3, A-T3, A-C-LEEK.
RULE_ID = re.compile(r"\b[AC]-(?:C-)?[A-Z]+\d*\b")
LANGS = ("en", "de")


def with_ids(texts: list[str]) -> list[str]:
    return [text for text in texts if RULE_ID.search(text)]


def test_the_pattern_finds_the_ids_of_the_rules_page() -> None:
    assert with_ids(["Same colours touch (C-R2).", "Long game (C-R6, long game)", "a leek (A-C-LEEK)", "A-T3"]) == [
        "Same colours touch (C-R2).", "Long game (C-R6, long game)", "a leek (A-C-LEEK)", "A-T3"]
    assert with_ids(["Box: 3", "C-3PO", "Zug 3 · Ann", "Ende (Sieg)"]) == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalogue_text_names_a_rule_id(lang: str) -> None:
    folder = asset("i18n", lang)
    files = sorted(folder.glob("*.json"))
    assert {p.name for p in files} >= {"app.json", "cactus.json", "artischocken.json", "artischocken_table.json"}
    found = []
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        found += [f"{path.name} {key}: {value}" for key, value in data.items()
                  if isinstance(value, str) and RULE_ID.search(value)]  # the keys may carry IDs, the texts not
    assert found == []


# -- Cactus: what the table says in a few scripted states --------------------------------------------------------

def open_table(make_app: Callable[..., App], lang: str, match: Match) -> Driver:
    i18n.set_language(lang)
    app = make_app((1280, 800))
    app.push(BaseScene())  # stands in for the launcher below the room
    app.push(PlayScene(match))
    return Driver(app)


def place_on_target(d: Driver, piece: str) -> None:
    """Roll (COLOUR), take ``piece`` and drop it from above onto the target cactus until it is judged."""
    m = d.scene.match
    d.key(pygame.K_SPACE)
    d.click_px(d.scene.heap_cells[piece].center)
    assert m.stage == Stage.IN_HAND and m.piece == piece
    target = m.rules.target_cactus()
    assert target is not None
    x = hang_points(m.world, target)[0]
    d.place_from_above(x, drop_position(m.world, piece, x, 0.0, clearance=3.0)[1])
    assert m.stage == Stage.JUDGED


def shown(d: Driver) -> Iterator[str]:
    """Everything the table says now: the banner, the callout, the floating texts, the message line and every
    turn-log line (the log panel writes ``texts.describe`` of each event)."""
    scene = d.scene
    yield scene.banner().text
    callout = scene.placed_callout()
    if callout is not None:
        yield callout.text
    yield from (f.text for f in scene.floats)
    yield scene.message.text
    yield from (txt.describe(scene.match.rules, e) for e in scene.match.rules.log)


@pytest.mark.parametrize("lang", LANGS)
def test_a_broken_rule_and_an_award_are_told_without_rule_ids(make_app: Callable[..., App], lang: str) -> None:
    # a red piece onto the red one on the target cactus: same colours touch (the rule C-R2)
    d = open_table(make_app, lang, Match.with_position({3: ["red_arch"], 2: ["red_hook"]}, last="red_hook",
                                                       options=COLOUR_DIE))
    said = list(shown(d))  # the start of the game, the first prompt
    place_on_target(d, "red_fork")
    m = d.scene.match
    assert [v.kind for v in m.violations][:1] == ["same_colour"]
    said += shown(d)
    banner = d.scene.banner().text
    assert banner.startswith(txt.violation_explained(m, m.violations[0]))  # the rule in words, no ID after it
    assert with_ids(said) == []

    # a third red piece hangs: +1 flower (the rule C-P1), shown where it happened and logged
    d = open_table(make_app, lang, Match.with_position({1: ["red_arch"], 2: ["red_hook"]}, last="red_hook",
                                                       options=COLOUR_DIE))
    place_on_target(d, "red_fork")
    said = list(shown(d))
    d.confirm()
    said += shown(d)
    assert any(e.kind == "award" for e in d.scene.match.rules.log)
    assert i18n.t("cactus.float.award", flowers=1, award=i18n.t("cactus.award.colour3")) in said
    assert with_ids(said) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_prompt_says_the_touch_rule_in_words(make_app: Callable[..., App], lang: str) -> None:
    d = open_table(make_app, lang, Match.with_position({3: ["red_arch"], 2: ["red_hook"]}, last="red_hook",
                                                       options=COLOUR_DIE))
    m = d.scene.match
    d.key(pygame.K_SPACE)
    d.click_px(d.scene.heap_cells["red_fork"].center)
    d.settle_camera()
    target = m.rules.target_cactus()
    assert target is not None
    x = hang_points(m.world, target)[0]
    top = min(m.world.bounds[3], d.scene.view.to_world((0, d.scene.view.rect.top))[1])
    d.down((x, top - 40.0))  # the piece in the hand, high above the cactus
    assert m.stage == Stage.HOLDING
    prompt = d.scene.banner().text
    assert prompt == i18n.t("cactus.prompt.holding", target=txt.target_text(m), it=txt.piece_pronoun(m.rules, m.piece))
    assert with_ids([prompt]) == []


# -- the first terms a player meets, explained on hover ----------------------------------------------------------

def hover(d: Driver, pos: tuple[int, int]) -> str | None:
    """Rest the pointer on ``pos`` (a synthetic motion, then frames past the tooltip's delay): the tooltip shown."""
    d.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(round(Tooltip.DELAY * 1000 / d.frame_ms) + 2)
    tip = d.scene.tooltip
    return tip.text if tip.visible else None


@pytest.mark.parametrize("lang", LANGS)
def test_die_flowers_and_supply_explain_themselves_on_hover(make_app: Callable[..., App], lang: str) -> None:
    d = open_table(make_app, lang, Match.new(3, names=["Ann", "Ben", "Cleo"], seed=0))
    scene = d.scene
    rects = scene.rects
    die = hover(d, rects["die"].center)
    assert die == i18n.t("cactus.help.die") and "!!" in die  # what the "!!" face asks for
    flowers = hover(d, scene.lay.seat_rects[1].center)
    assert flowers == i18n.t("cactus.help.flowers") and "1" in flowers and "3" in flowers  # a token's two sides
    supply_words, box_words = panels.bank_words(scene.match.rules, scene.lay)
    supply = hover(d, supply_words.center)
    assert supply == i18n.t("cactus.help.supply")  # why the supply goes up
    box = hover(d, box_words.center)
    assert box == i18n.t("cactus.help.box")  # what the box is, where it stands
    assert len({die, flowers, supply, box}) == 4
    assert with_ids([die, flowers, supply, box]) == []
    assert hover(d, rects["table"].center) is None  # the table itself needs no tooltip
    scene.draw(d.app.surface)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hover_texts_say_what_the_issue_asked(lang: str) -> None:
    words = {"en": ("special piece", "1 flower", "3", "supply", "penalties", "go up"),
             "de": ("Sonderteil", "1 Blume", "3", "Vorrat", "Strafe", "wachsen")}[lang]
    die, flowers, supply = (i18n.t(f"cactus.help.{k}", lang) for k in ("die", "flowers", "supply"))
    assert words[0] in die and "!!" in die
    assert words[1] in flowers and words[2] in flowers and words[3] in flowers  # change comes from the supply
    assert words[4] in supply and words[5] in supply


# -- Artischocken: the log, the card texts and the reasons ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_card_game_texts_name_no_rule_id(lang: str) -> None:
    game = new_game(3, seed=4, rhubarb=True, round_limit=12)
    sessions = sessions_for(game)
    said = [card_rule(c, lang) for c in CARDS] + [card_short(c, lang) for c in CARDS]
    step = 0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        session = sessions[seat]
        said += [unplayable_text(r, lang) for c in CARDS if (r := session.why_unplayable(c)) is not None]
        legal = session.legal_actions()
        session.apply(legal[(step * 7) % len(legal)])
        step += 1
    for s, session in enumerate(sessions):
        said += [describe(e, lang, viewer=s, names=["Ann", "Ben", "Cleo"]) for e in session.log()]
    assert len(said) > 100
    assert with_ids(said) == []


# -- the rooms' --help ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("room", ["cactus", "artischocken"])
def test_room_help_names_no_rule_id(room: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args([room, "--help"])
    text = capsys.readouterr().out
    assert "--help" in text and with_ids([text]) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_says_what_a_roll_of_bangs_asks_for(lang: str) -> None:
    # "Agave rolls !!." said nothing to a newcomer: the log names what the face asks for (C-T2)
    rules = Match.new(2, names=["Ann", "Agave"], seed=0).rules
    i18n.set_language(lang)
    try:
        line = txt.describe(rules, Event("roll", "C-T2", 2, player=1, detail="special"))
        assert "!!" in line and "Agave" in line and {"en": "special piece", "de": "Sonderteil"}[lang] in line
    finally:
        i18n.set_language("en")
