"""The search bot's learned end-of-turn model (bots_model): features, symmetry, what the fitted model prefers, and
the bot that uses it (views only, A-G2; seeded; whole games conserve the cards, A-G3)."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest
from helpers_artischocken import play_out

from game.artischocken import Game, new_game
from game.artischocken.bots import ExpertBot, GreedyBot
from game.artischocken.bots.model import (
    COEF,
    FEATURES,
    SEAT_FEATURES,
    features,
    model_probability,
    seat_features,
    win_probability,
)
from game.artischocken.bots.search import SearchBot, leaf_value
from game.lab.artischocken.fit import fit, format_coef, game_positions, matrix


def _turn_ends(seed: int, count: int = 6) -> list[Game]:
    """Positions a turn leaves (right after the draw, A-T6) of a greedy two-player game."""
    g = new_game(2, seed=seed, round_limit=60)
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    out: list[Game] = []
    while not g.is_over and len(out) < count:
        p = g.current_player
        assert p is not None
        turn = g.turn_number
        legal = g.legal_actions()
        g.apply(legal[0] if len(legal) == 1 else bots[p].choose(g.view(p, log=False), legal))
        if g.turn_number != turn and not g.is_over:
            out.append(Game.from_dict(g.to_dict()))
    return out


def _swap_seats(d: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(d))
    out["players"].reverse()
    out["turn"]["player"] = 1 - out["turn"]["player"]
    return out


def _mover(g: Game) -> int:
    return (g.player - 1) % g.players


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_features_are_symmetric_in_the_seats(seed: int) -> None:
    for g in _turn_ends(seed):
        swapped = Game.from_dict(_swap_seats(g.to_dict()))
        for me in (0, 1):
            assert seat_features(g, me) == seat_features(swapped, 1 - me)
            assert features(g, me) == features(swapped, 1 - me)
        x0, x1 = features(g, 0), features(g, 1)
        k = len(SEAT_FEATURES)
        assert x0[1:1 + k] == x1[1 + k:1 + 2 * k] and x0[1 + k:1 + 2 * k] == x1[1:1 + k]  # me and opp trade places
        assert len(x0) == len(FEATURES) == len(COEF)


def _replace_one(d: dict[str, Any], seat: int, zone: str, old: str, new: str) -> dict[str, Any] | None:
    out = json.loads(json.dumps(d))
    cards = out["players"][seat][zone]
    if old not in cards:
        return None
    cards[cards.index(old)] = new
    return out


@pytest.mark.parametrize("seed", [3, 4, 7, 11])
def test_fitted_model_prefers_fewer_artichokes_in_the_cycle(seed: int) -> None:
    """One artichoke of a deck or discard turned into peas (the cycle keeps its size): better for its owner,
    worse for the opponent."""
    checked = 0
    for g in _turn_ends(seed):
        me = _mover(g)
        d = g.to_dict()
        base = win_probability(g, me)
        for seat in (me, 1 - me):
            for zone in ("deck", "discard"):
                better = _replace_one(d, seat, zone, "artichoke", "peas")
                if better is None:
                    continue
                p = win_probability(Game.from_dict(better), me)
                assert (p > base) if seat == me else (p < base), (seat, zone, base, p)
                checked += 1
    assert checked >= 4


def test_a_won_game_is_a_win_and_a_lost_one_a_loss() -> None:
    g = new_game(2, seed=0)
    while not g.is_over:
        g.apply(GreedyBot(0).choose(g.view(g.current_player or 0, log=False), g.legal_actions()))
    w = g.winner
    assert w is not None
    assert win_probability(g, w) == 1.0 and win_probability(g, 1 - w) == 0.0
    assert leaf_value(g, w) == 1.0 and leaf_value(g, 1 - w) == 0.0


def test_leaf_value_is_the_mover_chance_and_its_complement() -> None:
    for g in _turn_ends(6, count=3):
        me = _mover(g)
        p = win_probability(g, me)
        assert 0.0 < p < 1.0
        assert leaf_value(g, me) == p and leaf_value(g, 1 - me) == pytest.approx(1.0 - p)


def test_fit_recovers_a_known_logistic_model() -> None:
    """The Newton fit of bots_fit finds the coefficients that generated the labels."""
    rng = np.random.default_rng(0)
    x = np.column_stack([np.ones(20000), rng.normal(size=(20000, 2))])
    true = np.array([0.5, -1.5, 0.8])
    y = (rng.random(20000) < 1 / (1 + np.exp(-x @ true))).astype(float)
    w = fit(x, y, ridge=0.0)
    assert np.allclose(w, true, atol=0.1)


def test_recorded_positions_give_the_features_of_the_game() -> None:
    """bots_fit records a game's turn ends; the features it computes from a record are the model's features."""
    rows = game_positions(("greedy", "greedy"), 3, 0)
    assert rows and all(r["won"] in (0.0, 1.0) for r in rows)
    x, y, games = matrix(rows)
    assert x.shape == (len(rows), len(FEATURES)) and set(games.tolist()) == {0}
    assert set(y.tolist()) <= {0.0, 1.0} and len(set(y.tolist())) == 2  # both seats' turn ends are recorded
    assert "COEF" in format_coef(x[0]) and x[0][0] == 1.0


def test_A_G3_a_whole_game_of_search_against_expert_ends_and_keeps_every_card() -> None:
    g = new_game(2, seed=12, round_limit=50)
    base = g.card_counts()
    bots = [SearchBot(3, iterations=60, time_cap=None), ExpertBot(4, budget=16)]

    def conserved(game: Game) -> None:
        assert game.card_counts() == base  # A-G3

    play_out(g, bots, conserved)
    assert g.is_over


@pytest.mark.parametrize("seed", [2, 9])
def test_A_G2_model_bot_same_view_same_choice(seed: int) -> None:
    """With the model as leaf value (two players): the same seed and a view that is the same, though the hidden
    cards differ, give the same choice."""
    g = _turn_ends(seed, count=4)[-1]
    while len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0])
    me = g.current_player
    assert me is not None
    d = g.to_dict()
    other = json.loads(json.dumps(d))
    opp = 1 - me
    rng = random.Random(seed)
    pool = other["players"][opp]["hand"] + other["players"][opp]["deck"]
    rng.shuffle(pool)
    h = len(other["players"][opp]["hand"])
    other["players"][opp]["hand"], other["players"][opp]["deck"] = pool[:h], pool[h:]
    rng.shuffle(other["garden_stack"])
    g2 = Game.from_dict(other)
    assert g2.to_dict() != d and g2.view(me, log=False) == g.view(me, log=False)
    picks = [SearchBot(5, iterations=120, time_cap=None).choose(x.view(me, log=False), x.legal_actions())
             for x in (g, g2, g)]
    assert picks[0] == picks[1] == picks[2]


def test_A_W1_end_draw_chance_counts_the_known_top_the_unknown_deck_and_the_reshuffle() -> None:
    """The chance that the draw of A-T6 holds no artichoke, if the turn ends now."""
    from helpers_artischocken import position

    from game.artischocken.bots.model import end_draw_chance

    d = position([["artichoke", "onion"], ["peas"]], decks=[["onion", "peas", "corn", "beet", "leek", "artichoke"],
                                                           ["corn"]])
    assert end_draw_chance(Game.from_dict(d), 0) == pytest.approx(1 / 6)  # 5 of 6 drawn: the artichoke must stay
    d["players"][0]["known_top"] = 1  # the top card (onion, first in a save) is known: 4 of the other 5 drawn
    assert end_draw_chance(Game.from_dict(d), 0) == pytest.approx(1 / 5)
    d["players"][0]["deck"] = ["artichoke", "corn"]  # a known artichoke on top: no chance
    assert end_draw_chance(Game.from_dict(d), 0) == 0.0
    d["players"][0]["known_top"] = 0
    d["players"][0]["deck"] = ["corn", "peas"]  # deck of 2, then 3 of the reshuffled discard + hand (1 artichoke)
    d["players"][0]["discard"] = ["beet", "leek"]
    assert end_draw_chance(Game.from_dict(d), 0) == pytest.approx(1 - 3 / 4)


def test_search_bench_times_the_decisions_with_a_choice() -> None:
    from game.lab.artischocken.search_bench import measure

    r = measure("search-easy", games=1, seed=2)
    assert r["decisions"] > 0 and 0 <= r["cpu_ms_median"] <= r["cpu_ms_p95"] <= r["cpu_ms_max"]


@pytest.mark.parametrize("seed", [1, 2, 5, 8])
def test_model_probability_is_the_logistic_of_the_features(seed: int) -> None:
    """The search's fast path (each seat's weights on its features, no list) is the model the fitter fits: the
    logistic of COEF . features, for the default and for other coefficients."""
    rng = random.Random(seed)
    other = tuple(rng.uniform(-0.5, 0.5) for _ in COEF)
    for g in _turn_ends(seed, count=10):
        for me in (0, 1):
            for coef in (COEF, other):
                z = sum(w * x for w, x in zip(coef, features(g, me), strict=True))
                assert model_probability(g, me, None if coef is COEF else coef) == pytest.approx(
                    1.0 / (1.0 + np.exp(-z)), abs=1e-12)
