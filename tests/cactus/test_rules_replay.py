"""Whole random games: same seed + same actions = same game; saves resume exactly; tokens conserved."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cactus.rules import (
    N_CACTI,
    TOTAL_FLOWERS,
    CactusGame,
    Die,
    IllegalMove,
    Options,
    Phase,
    PlacementFacts,
)


def where(game: CactusGame) -> dict[str, int]:
    """The fake world: every piece stays on the cactus of its last placement."""
    result: dict[str, int] = {}
    for e in game.log:
        if e.kind == "placed" and e.cactus is not None:
            result[e.pieces[0]] = e.cactus
    return {p: result[p] for p in game.in_world}


def step(game: CactusGame, policy: random.Random) -> None:
    """One action of a random but legal-minded player; illegal tries must leave the state unchanged."""
    if game.phase == Phase.ROLL:
        game.roll()
    elif game.phase == Phase.CHOOSE:
        game.take(policy.choice(game.allowed_pieces()))
    elif game.phase == Phase.PLACE:
        roll = policy.random()
        placed = game.turn.piece
        assert placed is not None
        if roll < 0.08:
            game.touch_hand(policy.randint(1, 2))
        elif roll < 0.16 and game.in_world:
            game.record_fallen([policy.choice(game.in_world)])
        elif roll < 0.22:
            game.record_fallen([placed])
        else:
            target = game.target_cactus()
            cactus = policy.randrange(N_CACTI) if target is None else target
            if policy.random() < 0.1:
                cactus = (cactus + 1) % N_CACTI if target is not None else cactus
            carried: dict[str, int | None] = {**where(game), placed: cactus}
            touching = []
            if game.in_world and policy.random() < 0.3:
                touching.append((placed, policy.choice(game.in_world)))
            facts = PlacementFacts.make(carried, touching=touching)
            if game.judge(facts):
                before = game.to_dict()
                with pytest.raises(IllegalMove):
                    game.end_turn(facts)
                assert game.to_dict() == before
            else:
                claims = [k for k in ("colour3", "colour5", "form3", "rainbow") if policy.random() < 0.6]
                game.end_turn(facts, claims=claims)


def check(game: CactusGame) -> None:
    bank = game.bank
    held = sum(sum(bank.tokens(p)) for p in range(game.players))
    assert held + bank.supply + bank.box == TOTAL_FLOWERS
    assert all(bank.value(p) >= 0 for p in range(game.players))
    pieces = [*game.supply, *game.row, *game.out, *game.in_world]
    if game.turn.piece is not None:
        pieces.append(game.turn.piece)
    assert sorted(pieces) == sorted(game.pieces)  # every piece somewhere, once


def play(seed: int, policy_seed: int, options: Options, players: int, steps: int) -> CactusGame:
    game = CactusGame.new(players, seed=seed, options=options)
    policy = random.Random(policy_seed)
    for _ in range(steps):
        if game.is_over:
            break
        step(game, policy)
        check(game)
    return game


option_sets = st.builds(
    Options,
    long_game=st.booleans(),
    strict_claim=st.booleans(),
    die=st.sampled_from([Die(), Die(4, 1, 1), Die(1, 1, 4), Die(0, 6, 0)]),
)


@pytest.mark.slow  # a long property / bot / whole-game run, left out by `make quick` (`pytest -m "not slow"`)
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    policy_seed=st.integers(0, 10_000),
    options=option_sets,
    players=st.integers(2, 5),
    cut=st.integers(0, 120),
)
def test_C_S3_same_seed_same_actions_same_game_and_exact_resume(
    seed: int, policy_seed: int, options: Options, players: int, cut: int
) -> None:
    first = play(seed, policy_seed, options, players, 160)
    second = play(seed, policy_seed, options, players, 160)
    assert first.to_dict() == second.to_dict()

    # stop after `cut` actions, save through JSON, resume, go on: the same game as without the stop
    game = CactusGame.new(players, seed=seed, options=options)
    policy = random.Random(policy_seed)
    for _ in range(cut):
        if game.is_over:
            break
        step(game, policy)
    saved = json.loads(json.dumps(game.to_dict()))
    resumed = CactusGame.from_dict(saved)
    assert resumed.to_dict() == game.to_dict()
    policy_state = policy.getstate()
    for g in (game, resumed):
        p = random.Random()
        p.setstate(policy_state)
        for _ in range(160 - cut):
            if g.is_over:
                break
            step(g, p)
    assert resumed.to_dict() == game.to_dict()


@pytest.mark.slow  # a long property / bot / whole-game run, left out by `make quick` (`pytest -m "not slow"`)
def test_C_E1_C_E2_C_E3_random_games_end() -> None:
    reasons = set()
    for seed in range(40):
        game = play(seed, seed + 1, Options(long_game=seed % 2 == 1), 2 + seed % 4, 2000)
        assert game.is_over, f"seed {seed} did not end"
        reasons.add(game.end_reason)
        assert game.winners == [p for p, v in game.standings() if v == game.standings()[0][1]]  # C-E4
    assert "no_specials" in reasons or "no_basic" in reasons


def test_save_refuses_broken_input() -> None:
    game = CactusGame.new(3, seed=2)
    data = game.to_dict()
    with pytest.raises(ValueError, match="format"):
        CactusGame.from_dict({**data, "format": "other/9"})
    with pytest.raises(ValueError, match="broken"):
        CactusGame.from_dict({k: v for k, v in data.items() if k != "rng"})
    with pytest.raises(ValueError, match="unknown pieces"):
        CactusGame.from_dict({**data, "supply": [*data["supply"], "ghost"]})


def test_clone_is_independent() -> None:
    game = CactusGame.new(2, seed=4)
    twin = game.clone()
    game.take(game.allowed_pieces()[0])
    assert twin.phase == Phase.CHOOSE and twin != game
