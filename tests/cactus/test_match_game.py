"""The match (rules + physics world) driven by the bot: whole games, saves, the turn's state machine."""

from __future__ import annotations

import json

import pytest

from game.cactus.bots.simple import Bot, play
from game.cactus.match import Match, MatchError, Stage
from game.cactus.rules import TOTAL_FLOWERS, Die, Options


@pytest.mark.slow  # a long property / bot / whole-game run, left out by `make quick` (`pytest -m "not slow"`)
def test_scripted_headless_game_of_at_least_ten_turns_completes() -> None:
    # C-T1, C-T2, C-X4, C-E2/C-E3: the bot plays every seat through the match until the game ends.
    match = Match.new(3, seed=1, bots=[True, True, True])
    turns = play(match, max_actions=4000)
    rules = match.rules
    assert turns >= 10
    assert match.is_over and rules.end_reason in ("no_basic", "no_specials", "no_flowers")
    assert rules.bank.total() == TOTAL_FLOWERS  # C-R8
    assert set(rules.in_world) <= set(match.world.pieces_in_world())
    placed = [e for e in rules.log if e.kind == "placed"]
    assert len(placed) == turns
    # C-T2: every piece after the first hangs on the cactus clockwise after the previous one.
    for before, after in zip(placed, placed[1:]):
        assert before.cactus is not None and after.cactus == (before.cactus + 1) % 5
    assert rules.winners == [s for s, v in rules.standings() if v == rules.standings()[0][1]]  # C-E4


def test_first_turn_has_no_roll_and_any_cactus() -> None:
    # C-T1
    match = Match.new(2, seed=3, start_player=0)
    assert match.stage == Stage.CHOOSE
    assert len(match.allowed()) == 25
    with pytest.raises(MatchError):
        match.roll()
    match.take("blue_fork")
    assert match.stage == Stage.IN_HAND and match.piece == "blue_fork"


def test_single_fitting_piece_is_taken_at_once_after_the_roll() -> None:
    # C-T2: "!!" allows exactly the leftmost special; the match takes it without a choice.
    match = Match.with_position({0: ["red_arch"]}, last="red_arch", options=Options(die=Die(0, 0, 6)))
    leftmost = match.rules.row[0]
    match.roll()
    assert match.stage == Stage.IN_HAND and match.piece == leftmost


def test_save_mid_turn_and_resume_exactly() -> None:
    match = Match.new(2, seed=5, bots=[True, True])
    bot = Bot()
    play(match, turns=3, bot=bot)
    while match.stage != Stage.SETTLING:
        bot.act(match)
    match.step(0.05)  # mid-fall
    saved = json.loads(json.dumps(match.to_dict()))
    a, b = Match.from_dict(saved), Match.from_dict(saved)
    assert a.to_dict() == saved  # nothing lost or changed on the way
    for m in (a, b):
        for _ in range(40):
            m.step(0.01)
    assert a.to_dict() == b.to_dict()  # two resumed copies have the same future, bit for bit
    assert a.stage in (Stage.SETTLING, Stage.JUDGED)


def test_corrupt_or_foreign_save_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="not a Cactus save"):
        Match.from_dict({"format": "other"})
    match = Match.new(2, seed=0)
    d = match.to_dict()
    del d["rules"]["bank"]
    with pytest.raises(ValueError, match="broken"):
        Match.from_dict(d)
