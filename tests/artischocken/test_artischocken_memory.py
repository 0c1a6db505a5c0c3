"""The search bot's memory (bots_memory.recall) and the worlds dealt with it (bots_worlds.sample_position).

What a seat recalls from its own view of the log must always be true of the real game (A-G2: it only uses what the
seat saw), exact where the seat can know it (its own deck, the garden stack; in two players each opponent's hand
and deck together), and the worlds dealt with it must keep every card (A-G3) where the seat knows it lies.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.artischocken import Game, new_game
from game.artischocken.bots import SearchBot
from game.artischocken.bots.memory import recall
from game.artischocken.bots.worlds import Knowledge, sample_position


def _check_recall(g: Game, seat: int) -> Knowledge:
    """The seat's recall agrees with the real game (A-G2: every known card really lies in its zone)."""
    know = recall(g.view(seat))
    assert know is not None
    assert know.deck == +Counter(g.decks[seat])  # the own deck: exact, whatever the player count
    assert know.stack == +Counter(g.stack)  # the garden stack: exact (A-S2, every card leaves it face up)
    assert set(know.held) == set(g.opponents(seat))
    for s, known in know.held.items():
        held = Counter(g.hands[s] + g.decks[s])
        assert not known - held, f"seat {seat} believes seat {s} holds {known - held} it does not"
        if g.players == 2:
            assert known == +held  # two players: every move is seen by the seat or public
    return know


def _random_game(seed: int, players: int, rhubarb: bool, picks: list[int], each: Any) -> Game:
    g = new_game(players, seed=seed, rhubarb=rhubarb, round_limit=60)
    for pick in picks:
        if g.is_over:
            break
        each(g)
        legal = g.legal_actions()
        g.apply(legal[pick % len(legal)])
    each(g)
    return g


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), rhubarb=st.booleans(),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=120))
def test_A_G2_recall_is_true_of_the_real_game_hypothesis(seed: int, players: int, rhubarb: bool,
                                                         picks: list[int]) -> None:
    """A-G2, A-S1, A-S2: after any random sequence of actions, every seat's recall is true (and exact where
    it can be), with or without rhubarb, two to four players."""
    _random_game(seed, players, rhubarb, picks, lambda g: [_check_recall(g, s) for s in range(g.players)])


@pytest.mark.slow
def test_A_G2_recall_over_whole_random_games() -> None:
    """Whole random games (every card played, eggplant passes and beet swaps between other seats included):
    the recall of the seat to move is true at every decision."""
    for seed in range(60):
        players = 2 + seed % 3
        rng = random.Random(seed)
        _random_game(seed, players, seed % 2 == 0, [rng.randrange(10_000) for _ in range(600)],
                     lambda g: None if g.is_over else _check_recall(g, g.current_player or 0))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), rhubarb=st.booleans(),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=80), world=st.integers(0, 2**31))
def test_A_G3_worlds_put_the_remembered_cards_where_they_lie(seed: int, players: int, rhubarb: bool,
                                                             picks: list[int], world: int) -> None:
    """A-G3, A-G2: a world dealt with the recall keeps every card, shows the seat its own view, and puts the
    known cards where they lie: the own deck and the garden stack exactly as in the real game."""
    g = _random_game(seed, players, rhubarb, picks, lambda g: None)
    if g.is_over:
        return
    me = g.current_player
    assert me is not None
    view = g.view(me)
    know = _check_recall(g, me)
    w = Game.from_dict(sample_position(view, random.Random(world), know))
    assert w.card_counts() == g.card_counts()
    assert w.view(me, log=False) | {"log_size": 0} == g.view(me, log=False) | {"log_size": 0}
    assert Counter(w.decks[me]) == Counter(g.decks[me]) and Counter(w.stack) == Counter(g.stack)
    for s, known in know.held.items():
        assert not known - Counter(w.hands[s] + w.decks[s])


def _played(seed: int, decisions: int) -> Game:
    """A two-player game some random decisions in, at the harvest of a turn (the opponent's hand: five cards
    freshly drawn, their split from its deck unknown to the seat)."""
    g = new_game(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        assert not g.is_over
    while g.phase != "harvest" or len(g.legal_actions()) < 2:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        assert not g.is_over
    return g


def test_A_W1_recall_finds_the_own_deck_the_even_deal_gets_wrong() -> None:
    """A-W1 turns on the artichokes in the own deck: the recall knows them exactly, an even deal of the unseen
    cards over all hidden places does not."""
    g = _played(4, 40)
    me = g.current_player
    assert me is not None
    view = g.view(me)
    know = recall(view)
    assert know is not None
    rng = random.Random(1)
    truth = Counter(g.decks[me])
    remembered = [Counter(Game.from_dict(sample_position(view, rng, know)).decks[me]) for _ in range(20)]
    guessed = [Counter(Game.from_dict(sample_position(view, rng)).decks[me]) for _ in range(20)]
    assert all(c == truth for c in remembered)
    assert any(c != truth for c in guessed)


@pytest.mark.parametrize("seed", [2, 6, 13])
def test_A_G2_same_log_view_same_choice(seed: int) -> None:
    """Two games that differ only in cards the seat cannot know (the opponent's hand/deck split and deck order,
    the own deck's and the stack's order) give the same view, log included, and the same choice."""
    g = _played(seed, 30 + seed)
    me = g.current_player
    assert me is not None
    d = g.to_dict()
    other = json.loads(json.dumps(d))
    rng = random.Random(seed)
    opp = other["players"][1 - me]
    pool = opp["hand"] + opp["deck"]
    rng.shuffle(pool)
    opp["hand"], opp["deck"] = pool[:len(opp["hand"])], pool[len(opp["hand"]):]
    own = other["players"][me]
    top = own["known_top"]
    rest = own["deck"][top:]
    rng.shuffle(rest)
    own["deck"] = own["deck"][:top] + rest
    rng.shuffle(other["garden_stack"])
    g2 = Game.from_dict(other)
    assert g2.to_dict() != d  # the hidden cards differ ...
    assert g2.view(me) == g.view(me)  # ... the seat's view and its log do not
    assert recall(g.view(me)) is not None
    picks = [SearchBot(5, iterations=120, time_cap=None).choose(x.view(me), x.legal_actions()) for x in (g, g2)]
    assert picks[0] == picks[1] and picks[0] in g.legal_actions()


def test_recall_falls_back_without_a_whole_log() -> None:
    """No log, a log resumed from a position without its start, or a log that disagrees with the view: no
    recall (the bot then deals evenly, and still plays legally)."""
    g = _played(3, 30)
    me = g.current_player
    assert me is not None
    assert recall(g.view(me, log=False)) is None
    assert recall(g.view(me, log_since=5)) is None
    d = g.to_dict()
    del d["log"]
    resumed = Game.from_dict(d)  # a position without its log
    assert recall(resumed.view(me)) is None
    resumed.apply(resumed.legal_actions()[0])
    assert recall(resumed.view(resumed.current_player or 0)) is None
    view = g.view(me)
    for i, e in enumerate(view["log"]):
        if e["what"] == "shuffle" or e["what"] == "discard_hand":
            broken = json.loads(json.dumps(view))
            del broken["log"][i]
            broken["log_size"] -= 1
            assert recall(broken) is None  # an event missing: the discards no longer fit
            break
    else:
        pytest.fail("no discard event in the log")
    bot = SearchBot(1, iterations=60, time_cap=None)
    assert bot.choose(resumed.view(resumed.current_player or 0), resumed.legal_actions()) in resumed.legal_actions()


def test_search_bot_asks_for_the_log_and_the_table_gives_it() -> None:
    """The search bot says it wants the log; the table's bot jobs then carry the seat's whole log."""
    from game.artischocken.bots import make_bot
    from game.artischocken.session import SeatSession
    from game.artischocken.turns import bot_view

    g = _played(5, 20)
    me = g.current_player
    assert me is not None
    session = SeatSession(g, me)
    assert getattr(make_bot("search"), "wants_log", False)
    assert len(bot_view(make_bot("search"), session)["log"]) == g.log_size
    assert "log" not in bot_view(make_bot("expert"), session)  # greedy and expert read no log (cheaper)
