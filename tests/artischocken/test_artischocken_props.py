"""Property tests of the Artischocken engine: hypothesis plus thousands of seeded random games.

Each game checks A-G3 (cards conserved), A-G2 (views leak nothing), IllegalAction leaving the state alone,
determinism (same seed + same actions = same game) and exact resumption through to_dict/from_dict/clone.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.artischocken import CARDS, Action, Game, IllegalAction, new_game
from game.artischocken.engine.decisions import EggplantDecision

# A pool of actions to try as illegal ones: every kind with plausible fields, plus nonsense.
_POOL: list[Action] = [Action("end_play"), Action("choose", option="take"), Action("choose", option="leave"),
                       Action("choose", option="maybe"), Action("dance"), Action("play"), Action("harvest")]
for _c in CARDS:
    _POOL += [Action("harvest", _c), Action("play", _c), Action("choose", _c), Action("choose", cards=(_c,)),
              Action("play", _c, cards=(_c,))]
    _POOL += [Action("play", _c, target=t) for t in range(-1, 5)]
    _POOL += [Action("choose", _c, target=t) for t in range(4)]
    _POOL += [Action("choose", cards=(_c, "artichoke"))]


def _hidden_variant(g: Game, viewer: int, rng: random.Random) -> Game:
    """A game that differs from g only in what ``viewer`` may not know (A-G2)."""
    h = g.clone()
    for s in range(h.players):
        if s != viewer:
            h.hands[s] = [rng.choice(CARDS) for _ in h.hands[s]]
            h.decks[s] = [rng.choice(CARDS) for _ in h.decks[s]]
    known = h.known[viewer]
    deck = h.decks[viewer]
    unknown = [rng.choice(CARDS) for _ in range(len(deck) - known)]
    h.decks[viewer] = unknown + deck[len(deck) - known:]
    h.stack = [rng.choice(CARDS) for _ in h.stack]
    if isinstance(h.pending, EggplantDecision):  # the passes other seats chose are theirs to know
        h.pending = dataclasses.replace(
            h.pending, chosen=tuple((s, c if s == viewer else ("corn",)) for s, c in h.pending.chosen))
    return h


def _check_views(g: Game, rng: random.Random) -> None:
    for p in range(g.players):
        v = g.view(p)
        assert json.loads(json.dumps(v)) == v
        assert g.view(p) == _hidden_variant(g, p, rng).view(p)
        for ev in v["log"]:
            if ev["cards"] is not None and not ev["public"]:
                assert ev["seat"] == p or ev["target"] == p


def _check_illegal(g: Game, rng: random.Random, tries: int = 3) -> None:
    legal = g.legal_actions()
    before = g.to_dict()
    for act in rng.sample(_POOL, tries):
        if act in legal:
            continue
        if act.kind == "choose" and act.cards and any(sorted(act.cards) == sorted(a.cards) for a in legal):
            continue
        if act.target is None and g.players == 2 and Action(act.kind, act.card, 1 - (g.current_player or 0),
                                                            act.cards, act.option) in legal:
            continue  # the lenient form: the only opponent left out
        try:
            g.apply(act)
        except IllegalAction:
            pass
        else:  # pragma: no cover - a failure
            raise AssertionError(f"{act} was applied although it is not legal: {legal}")
        assert g.to_dict() == before


def _check_why_unplayable(g: Game, legal: list[Action]) -> None:
    """A hand card has a legal play exactly when why_unplayable gives no reason (A-T4)."""
    playable = {a.card for a in legal if a.kind == "play"}
    seat = g.player
    for card in set(g.hands[seat]):
        reason = g.why_unplayable(card)
        assert (reason is None) == (card in playable), (card, reason, legal)
    assert g.why_unplayable("banana") == "unknown_card"


def _play_checked(seed: int, players: int, rhubarb: bool, picks: list[int] | None = None,
                  deep: bool = True, limit: int = 60) -> tuple[Game, list[Action]]:
    rng = random.Random(seed)
    g = new_game(players, seed=seed, rhubarb=rhubarb, round_limit=limit)
    base = g.card_counts()
    actions: list[Action] = []
    i = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "a running game always has a legal action"
        assert g.current_player is not None
        pick = picks[i % len(picks)] if picks else rng.randrange(1 << 30)
        act = legal[pick % len(legal)]
        if deep and i % 5 == 0:
            _check_views(g, rng)
            _check_illegal(g, rng)
            _check_why_unplayable(g, legal)
        g.apply(act)
        actions.append(act)
        assert g.card_counts() == base  # A-G3
        i += 1
    return g, actions


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), rhubarb=st.booleans(),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=40))
def test_A_G3_A_G2_random_games_hypothesis(seed: int, players: int, rhubarb: bool, picks: list[int]) -> None:
    g, actions = _play_checked(seed, players, rhubarb, picks)
    # same seed + same actions = same game
    h = new_game(players, seed=seed, rhubarb=rhubarb, round_limit=60)
    for a in actions:
        h.apply(a)
    assert h.to_dict() == g.to_dict()


def test_A_G3_thousands_of_seeded_games() -> None:
    """2,400 random games (800 per player count, half with rhubarb) keep every card (A-G3)."""
    finished = 0
    for seed in range(2400):
        players = 2 + seed % 3
        rng = random.Random(seed)
        g = new_game(players, seed=seed, rhubarb=seed % 2 == 0, round_limit=100)
        base = g.card_counts()
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        assert g.card_counts() == base
        finished += g.winner is not None
    assert finished > 2000  # random games nearly always end with a winner within 100 rounds


def test_A_G2_views_and_illegal_actions_seeded() -> None:
    for seed in range(40):
        _play_checked(1000 + seed, 2 + seed % 3, seed % 2 == 1)


def _resume_check(seed: int, players: int, rhubarb: bool) -> None:
    rng = random.Random(seed)
    g = new_game(players, seed=seed, rhubarb=rhubarb, round_limit=80)
    copies: list[Game] = []
    step = 0
    while not g.is_over:
        legal = g.legal_actions()
        act = legal[rng.randrange(len(legal))]
        if step % 9 == 0:
            saved: dict[str, Any] = json.loads(json.dumps(g.to_dict()))
            copies.append(Game.from_dict(saved))
            copies.append(g.clone())
        for c in copies:
            assert c.legal_actions() == legal
            c.apply(act)
        g.apply(act)
        step += 1
    final = g.to_dict()
    for c in copies:
        assert c.to_dict() == final


def test_A_G3_to_dict_from_dict_and_clone_resume_exactly() -> None:
    for seed in range(24):
        _resume_check(seed, 2 + seed % 3, seed % 2 == 0)


def test_clone_is_independent() -> None:
    g = new_game(2, seed=4)
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert g.to_dict() != c.to_dict()
    assert g.phase == "harvest"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 120), players=st.integers(2, 4))
def test_save_roundtrip_hypothesis(seed: int, steps: int, players: int) -> None:
    rng = random.Random(seed)
    g = new_game(players, seed=seed, rhubarb=True)
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    d = g.to_dict()
    text = json.dumps(d)
    h = Game.from_dict(json.loads(text))
    assert h.to_dict() == d
    assert h.current_player == g.current_player and h.legal_actions() == g.legal_actions()


@settings(max_examples=80, deadline=None)
@given(
    card=st.one_of(st.none(), st.sampled_from(CARDS), st.lists(st.sampled_from(CARDS), max_size=2),
                   st.integers(), st.text(max_size=3)),
    target=st.one_of(st.none(), st.integers(-2, 5), st.text(max_size=2)),
    kind=st.sampled_from(["play", "harvest", "choose", "end_play", "draw", 3]),
    option=st.one_of(st.none(), st.sampled_from(["take", "leave"]), st.integers()),
    steps=st.integers(0, 30),
)
def test_A_G3_malformed_actions_raise_illegal_action_and_change_nothing(card: Any, target: Any, kind: Any,
                                                                         option: Any, steps: int) -> None:
    """Actions with wrongly typed fields (a list for a card, a string for a seat) are refused like any other."""
    game = new_game(2, seed=steps)
    rng = random.Random(steps)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    before = json.dumps(game.to_dict(), sort_keys=True)
    action = Action(kind, card=card, target=target, option=option)  # type: ignore[arg-type]
    if action in game.legal_actions():
        return
    try:
        game.apply(action)
    except IllegalAction:
        pass
    else:  # a lenient form of a legal action (a left-out target in a 2-player game) is allowed
        assert action.kind in ("play", "choose") and action.target is None
        return
    assert json.dumps(game.to_dict(), sort_keys=True) == before
