"""``bench cactus-counts``: the planner's piece choice on the count model, against two simple seats."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.balance import wilson
from game.cactus.bots.model import Table
from game.cactus.rules import CactusGame
from game.cactus.rules.bank import tokens_for
from game.cactus.rules.pieces import N_CACTI, TOTAL_FLOWERS
from game.lab.cactus import countbench


@settings(max_examples=25, deadline=None)
@given(index=st.integers(0, 10_000), seed=st.integers(0, 50), policy=st.sampled_from(("greedy", "simple", "outlook")),
       simple_knock=st.floats(0.0, 1.0), own_knock=st.floats(0.0, 1.0))
def test_every_count_game_ends_by_a_rule_and_keeps_every_flower(index: int, seed: int, policy: str,
                                                                 simple_knock: float, own_knock: float) -> None:
    # C-E1..C-E3 end every game; at most every basic piece and every special is placed (C-K2, C-K3, C-T2);
    # never below 0 (C-R7); supply + players + box = 25 tokens (C-R8); the same arguments give the same game
    game = countbench.play(index, seed, policy, 10, (simple_knock, own_knock))
    assert game.end in ("C-E1", "C-E2", "C-E3")
    assert 1 <= game.turns <= 35
    assert game.seats == (index % 3,)
    assert min(game.values) >= 0
    assert game.held + game.supply + game.box == TOTAL_FLOWERS
    assert game.held >= sum(tokens_for(v) for v in game.values)  # the fewest tokens that show each value
    assert countbench.play(index, seed, policy, 10, (simple_knock, own_knock)) == game


def test_a_seat_that_knocks_a_piece_off_every_turn_pays_and_earns_nothing() -> None:
    # C-R5: a knock-off costs 1 flower and the turn's awards; C-R7: never below 0. Simple seats that knock every
    # turn after the first end with at most their 3 start flowers less the turns they played; the policy seat,
    # never knocking, keeps its 3 and what it earns (C-E4: strictly ahead, or the game was too short to tell)
    games = [countbench.play(i, 0, "greedy", 0, (1.0, 0.0)) for i in range(30)]
    for g in games:
        assert g.values[g.seats[0]] >= 3
        assert all(v <= 3 for s, v in enumerate(g.values) if s not in g.seats)
    out = countbench.summarize(games)
    assert out["planner_beats_simple"] >= 0.9


def test_the_count_model_ranks_the_policies_as_their_look_ahead() -> None:
    # C-P1..C-P3 by counts: taking the best award now beats the simple bot's choice (which never looks at awards),
    # and the count model's outlook of the next two seats beats the award alone, over the same 300 games and dice
    rate = {p: countbench.summarize([countbench.play(i, 0, p, 0, countbench.KNOCK) for i in range(300)])
            ["planner_beats_simple"] for p in ("simple", "greedy", "outlook")}
    assert rate["simple"] + 0.1 < rate["greedy"] < rate["outlook"]
    assert rate["greedy"] > 0.5


def test_the_playouts_policy_takes_a_piece_of_its_shortlist_that_fits() -> None:
    # C-T2: the piece taken fits the roll; the first turn (C-T1) allows any basic piece
    rules = CactusGame.new(3, seed=4)
    table = Table.of(rules, [[] for _ in range(N_CACTI)], (False, True, True))
    pid = countbench.choose(table, list(table.supply), "playouts", 5, random.Random(1))
    assert pid in table.supply


def test_summary_counts_pairs_and_ties() -> None:
    # C-E4: a tie is no win
    games = [countbench.CountGame(0, (0,), (5, 3, 5), 10, "C-E2"), countbench.CountGame(1, (1,), (2, 4, 6), 12, "C-E3")]
    out = countbench.summarize(games)
    assert out["planner_beats_simple"] == 0.5  # 5>3, 5=5, 4>2, 4<6: two wins of four pairs
    assert out["planner_ties_simple"] == 0.25
    assert out["planner_wins_outright"] == 0.0
    assert out["ends"] == {"C-E2": 1, "C-E3": 1}


def test_the_command_prints_json_and_refuses_bad_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert countbench.main(["--json", "--games", "4", "--policy", "playouts", "--rollouts", "3",
                            "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and out["policy"] == "playouts" and out["rollouts"] == 3
    # the shares are a recount of the same four games (seed 0): each (game, simple seat) pair counted once
    games = [countbench.play(i, 0, "playouts", 3, countbench.KNOCK) for i in range(4)]
    pairs = [(g.values[mine], g.values[s]) for g in games for mine in g.seats for s in range(3) if s not in g.seats]
    wins, ties = sum(a > b for a, b in pairs), sum(a == b for a, b in pairs)
    assert len(pairs) == 8 and 0 < wins < len(pairs)  # a share stuck at 0 or 1 cannot pass
    assert out["planner_beats_simple"] == round(wins / len(pairs), 3)
    assert out["planner_ties_simple"] == round(ties / len(pairs), 3)
    assert out["planner_beats_simple_95"] == [round(x, 3) for x in wilson(wins, len(pairs))]
    assert out["ends"] == dict(sorted(Counter(g.end for g in games).items()))
    with pytest.raises(SystemExit) as err:
        countbench.main(["--knock", "2,x"])
    assert err.value.code == 2
    assert "expected two chances between 0 and 1" in capsys.readouterr().err


def test_two_policy_seats_are_each_paired_with_the_one_simple_seat() -> None:
    # C-E4 per (policy seat, simple seat) pair: seats 1 and 2 play the policy, seat 0 (index 0 mod 3) is simple
    game = countbench.play(0, 0, "greedy", 0, countbench.KNOCK, policy_seats=2)
    assert game.seats == (1, 2)
    out = countbench.summarize([countbench.CountGame(0, (1, 2), (4, 6, 4), 10, "C-E2")])
    assert out["planner_beats_simple"] == 0.5 and out["planner_ties_simple"] == 0.5  # 6 > 4, 4 = 4
    assert out["planner_wins_outright"] == 0.5  # seat 1 is ahead of both others, seat 2 is not
    assert out["flowers_mean"] == {"planner": 5.0, "simple": 4.0}
