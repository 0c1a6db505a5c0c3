"""The planner's count model and the choices it makes: awards now, what is left for the next seats,
the game's end while ahead or behind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from game.cactus.bots.model import FLOWER_TIE_BREAK, choices, outlook, place, worth
from game.cactus.bots.planner import LEVELS, PlannerBot, search, table_now
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Face, Options
from game.lab.cactus import botbench


def position(hanging: Mapping[int, list[str]], last: str, *, die: Die, roll: Face, out: Sequence[str] = (),
             ones: Sequence[int] = (3, 3), bots: Sequence[bool] = (False, False),
             kinds: Sequence[str] = ("simple", "simple")) -> Match:
    """Seat 0 to choose after rolling ``roll``; ``out``: pieces that left the game (C-R6); ``ones``: flowers worth 1
    each seat holds (the rest go to the box)."""
    m = Match.with_position(hanging, last=last, options=Options(die=die))
    d = m.to_dict()
    rules = d["rules"]
    rules["supply"] = [p for p in rules["supply"] if p not in out]
    rules["out"] = list(out)
    rules["phase"] = "choose"
    rules["turn"]["roll"] = roll.value
    bank = rules["bank"]
    bank["box"] += sum(bank["ones"]) - sum(ones)
    bank["ones"] = list(ones)
    d["stage"] = Stage.CHOOSE.value
    d["bots"] = list(bots)
    d["bot_kinds"] = list(kinds)
    return Match.from_dict(d)


def taken(m: Match) -> str:
    """The piece the normal planner takes."""
    bot = PlannerBot(LEVELS["normal"])
    for _ in range(50):
        if bot.act(m) == "take":
            return str(m.piece)
    raise AssertionError("the planner took nothing")


# a FORM roll after blue_arch: every arch in the supply fits (C-T2); the target is cactus 3
FORM_DIE = Die(0, 6, 0)


def test_the_planner_takes_the_piece_that_makes_three_of_a_colour() -> None:
    # C-P1: two reds hang; of the arches that fit, only red_arch makes the reds exactly 3 (+1); the form count of
    # arches is 2 whichever arch is taken (C-P2: nothing), so red_arch earns and the others do not.
    m = position({0: ["red_hook"], 1: ["red_fork"], 2: ["blue_arch"]}, "blue_arch", die=FORM_DIE, roll=Face.FORM)
    assert sorted(m.allowed()) == ["green_arch", "purple_arch", "red_arch", "yellow_arch"]
    assert taken(m) == "red_arch"
    bot = PlannerBot(LEVELS["normal"])
    before = m.rules.bank.value(0)
    for _ in range(2000):
        if bot.act(m) == "confirm":
            break
    assert m.rules.placed_log[-1] == "red_arch" and m.rules.bank.value(0) == before + 1


def test_the_planner_takes_the_piece_that_makes_a_rainbow() -> None:
    # C-P3: the target cactus 2 carries red, yellow, purple and green; of the arches that fit only blue_arch adds
    # the fifth colour (+2); no arch makes a count of 3 or 5 (C-P1, C-P2).
    m = position({2: ["red_hook", "yellow_fork", "purple_crescent", "green_zigzag"], 1: ["green_arch"]},
                 "green_arch", die=FORM_DIE, roll=Face.FORM)
    assert m.rules.target_cactus() == 2
    assert sorted(m.allowed()) == ["blue_arch", "purple_arch", "red_arch", "yellow_arch"]
    table = table_now(m)
    assert {p: place(table, p).values[0] - table.values[0] for p in m.allowed()} == {
        "blue_arch": 2, "purple_arch": 0, "red_arch": 0, "yellow_arch": 0}
    assert taken(m) == "blue_arch"
    report = search(m, LEVELS["normal"])
    assert report.best is not None and report.best.valid and report.best.placement.piece == "blue_arch"
    assert report.best.outcome.gain == 2


def test_the_planner_does_not_set_up_five_of_a_colour_for_the_next_seat() -> None:
    # C-P1 / C-T2: three reds hang. red_arch would make them 4 and earn nothing; the next seat's COLOUR roll then
    # asks for a red and makes 5 (+2). yellow_arch earns nothing either and leaves yellow at 1. With a die of
    # COLOUR and FORM faces the planner takes any arch but the red one.
    m = position({0: ["red_hook"], 1: ["red_fork"], 4: ["red_crescent"], 2: ["blue_arch"]}, "blue_arch",
                 die=Die(3, 3, 0), roll=Face.FORM)
    assert "red_arch" in m.allowed()
    table = table_now(m)
    assert place(table, "red_arch").values == place(table, "yellow_arch").values  # equal now
    assert outlook(place(table, "red_arch"), 0, 1) < outlook(place(table, "yellow_arch"), 0, 1)
    assert taken(m) != "red_arch"


def end_position(ones: Sequence[int]) -> Match:
    # The reds other than red_arch and two arches have left the game (C-R6). After red_arch, a COLOUR roll (half
    # the die) finds no red basic piece: the game ends at once (C-E2); after yellow_arch every roll still fits.
    out = ["red_hook", "red_fork", "red_crescent", "red_zigzag", "green_arch", "purple_arch"]
    return position({2: ["blue_arch"], 0: ["green_hook"]}, "blue_arch", die=Die(3, 3, 0), roll=Face.FORM, out=out,
                    ones=ones)


def test_ending_the_game_is_sought_while_ahead_and_avoided_while_behind() -> None:
    # C-E2 / C-E4: ahead 2 to 1, the planner takes red_arch (the next seat may have to end the game at once);
    # behind 1 to 3 it takes yellow_arch (the game goes on). (Ahead 3 to 1 the play-outs see that the game going
    # on is safe as well: after yellow_arch the next seat's FORM roll takes red_arch, and the last red ends the
    # game at the planner's next COLOUR roll.)
    ahead = end_position((2, 1))
    assert sorted(ahead.allowed()) == ["red_arch", "yellow_arch"]
    assert taken(ahead) == "red_arch"
    assert taken(end_position((1, 3))) == "yellow_arch"


def test_a_simple_seat_is_expected_to_choose_like_the_simple_bot() -> None:
    # The simple bot never looks at awards: it takes a fitting piece whose colour and form the target cactus does
    # not carry yet (C-R2, C-R3). The model gives such a seat an even chance among those, a human the best award.
    m = position({0: ["red_hook"], 1: ["red_fork"], 2: ["blue_arch"], 3: ["yellow_crescent"]}, "blue_arch",
                 die=FORM_DIE, roll=Face.FORM, bots=(True, True))
    table = table_now(m)
    pieces = m.allowed()
    as_simple = choices(table, pieces)
    assert {p for _, p in as_simple} == {"red_arch", "green_arch", "purple_arch"}  # not yellow: cactus 3 has it
    assert sum(c for c, _ in as_simple) == pytest.approx(1.0)
    human = position({0: ["red_hook"], 1: ["red_fork"], 2: ["blue_arch"], 3: ["yellow_crescent"]}, "blue_arch",
                     die=FORM_DIE, roll=Face.FORM)
    assert choices(table_now(human), pieces) == [(1.0, "red_arch")]  # C-P1: the one that earns


def test_worth_counts_pairs_and_a_tie_is_no_win() -> None:
    # C-E4: at the end a pair is won only with strictly more flower value.
    m = position({2: ["blue_arch"]}, "blue_arch", die=FORM_DIE, roll=Face.FORM, ones=(3, 3))
    over = replace(table_now(m), over=True)
    assert worth(over, 0) == pytest.approx(FLOWER_TIE_BREAK * 3)
    ahead = replace(over, values=(4, 3))
    assert worth(ahead, 0) == pytest.approx(1 + FLOWER_TIE_BREAK * 4)
    going = table_now(m)
    assert 0.0 < worth(going, 0) < 0.5 + FLOWER_TIE_BREAK * 3  # even race, a tie does not count: less than half a pair


def test_a_clearly_best_piece_gets_more_trials_and_a_far_worse_one_none() -> None:
    # The rainbow position (C-P3): blue_arch promises 2 flowers more than any other arch, so the search spends
    # the most trials on it; pieces far below the best get no trial at all.
    m = position({2: ["red_hook", "yellow_fork", "purple_crescent", "green_zigzag"], 1: ["green_arch"]},
                 "green_arch", die=FORM_DIE, roll=Face.FORM)
    level = LEVELS["normal"]
    report = search(m, level)
    tried = [s.placement.piece for s in report.scored]
    assert tried.count("blue_arch") > len(tried) / 2


def test_a_seat_is_simple_only_when_a_simple_bot_plays_it() -> None:
    m = position({2: ["blue_arch"]}, "blue_arch", die=FORM_DIE, roll=Face.FORM, bots=(True, False),
                 kinds=("planner", "simple"))
    assert table_now(m).simple == (False, False)  # seat 1 is a human although its kind says simple
    m = position({2: ["blue_arch"]}, "blue_arch", die=FORM_DIE, roll=Face.FORM, bots=(True, True),
                 kinds=("planner", "simple"))
    assert table_now(m).simple == (False, True)


def test_the_levels_are_ordered() -> None:
    easy, normal, hard = LEVELS["easy"], LEVELS["normal"], LEVELS["hard"]
    assert easy.budget < normal.budget <= hard.budget
    assert easy.plies < normal.plies <= hard.plies and easy.pieces < normal.pieces <= hard.pieces


def test_a_race_with_turns_left_leans_towards_the_planner_against_a_simple_bot() -> None:
    # DRIFT: against a simple bot seat the planner expects to gain a little per turn left, so an even race with
    # many turns to go is worth more than half a pair, against a human not; at the end (C-E4) a tie is no win.
    m = position({2: ["blue_arch"]}, "blue_arch", die=FORM_DIE, roll=Face.FORM, bots=(True, True),
                 kinds=("planner", "simple"))
    versus_bot = worth(table_now(m), 0) - FLOWER_TIE_BREAK * 3
    versus_human = worth(replace(table_now(m), simple=(False, False)), 0) - FLOWER_TIE_BREAK * 3
    assert versus_human < 0.5 < versus_bot
    assert worth(replace(table_now(m), over=True), 0) == pytest.approx(FLOWER_TIE_BREAK * 3)


def test_the_bench_tells_the_seat_after_the_planner_from_the_one_before() -> None:
    # C-E4 (a tie is no win): game 0 planner on seat 0 beats seat 1 (after it) and ties seat 2 (before it); game 1
    # planner on seat 1 loses to seat 2 (after it) and beats seat 0 (before it).
    records = [botbench.GameRecord(0, ("planner", "simple", "simple"), [5, 3, 5], 10),
               botbench.GameRecord(1, ("simple", "planner", "simple"), [2, 4, 6], 10)]
    out = botbench.summarize(records, "normal")
    assert out["planner_beats_simple"] == 0.5 and out["planner_ties_simple"] == 0.25
    assert out["planner_beats_next_seat"] == 0.5 and out["planner_beats_seat_before"] == 0.5
    assert out["planner_wins_outright"] == 0.0
    lo, hi = out["planner_beats_simple_95"]  # 2 of 4 pairs: a wide 95 % interval around one half
    assert lo < 0.5 < hi and hi - lo > 0.5


def test_a_stuck_game_is_left_out_of_the_bench_figures_and_named() -> None:
    # A game the bots could not end within the step limit (a wedged same-colour pair, C-R2) counts in no pair.
    records = [botbench.GameRecord(0, ("planner", "simple", "simple"), [5, 3, 5], 10),
               botbench.GameRecord(1, ("simple", "planner", "simple"), [9, 0, 9], 30, stuck=True)]
    out = botbench.summarize(records, "normal")
    assert out["games"] == 1 and out["stuck_games"] == [1]
    assert out["planner_beats_simple"] == 0.5 and out["planner_ties_simple"] == 0.5


def test_the_bench_counts_knock_off_turns_and_those_after_a_failed_first_placement() -> None:
    # C-R5: the share of each bot kind's turns that knocked a piece off, and of those the turns whose first
    # placement had failed (the planner's one of 10 turns after a retry; the simple seats' 2 of 20, one retried)
    records = [botbench.GameRecord(0, ("planner", "simple", "simple"), [5, 3, 5], 10, planner_turns=10,
                                   simple_turns=20, planner_knock_turns=1, planner_knock_retried=1,
                                   simple_knock_turns=2, simple_knock_retried=1)]
    out = botbench.summarize(records, "normal")
    assert out["knock_off_turn_rate"] == {"planner": 0.1, "simple": 0.1}
    assert out["knock_offs_after_a_failed_first_placement"] == pytest.approx(2 / 3, abs=1e-3)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "kind"), [(8, "simple"), (16, "planner")])
def test_a_bench_game_counts_its_knock_off_turns_as_its_rules_log_does(game: int, kind: str) -> None:
    # C-R5: the bench's knock-off turns per bot kind are the turns in which the rules logged a "knocked" event for
    # a seat of that kind; a turn retried is one whose first placement failed (so never more than the unclean ones)
    rec, m = botbench.play_match(game, 0, "normal")  # seed 0: in game 8 a simple bot knocks a piece off, in 16 the
    assert not rec.stuck and 0 < rec.planner_turns < rec.simple_turns  # planner (knock-offs are rare now)
    assert (rec.planner_knock_turns if kind == "planner" else rec.simple_knock_turns) >= 1
    planner = rec.kinds.index("planner")
    knocked = {(e.player, e.turn) for e in m.rules.log if e.kind == "knocked"}
    assert rec.planner_knock_turns == sum(1 for p, _ in knocked if p == planner)
    assert rec.simple_knock_turns == sum(1 for p, _ in knocked if p != planner)
    assert rec.planner_knock_retried <= min(rec.planner_knock_turns, rec.planner_turns - rec.planner_clean)
    assert rec.simple_knock_retried <= min(rec.simple_knock_turns, rec.simple_turns - rec.simple_clean)
