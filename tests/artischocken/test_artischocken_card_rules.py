"""Each card's rule, written once (A-C-*): one table entry per card says what it needs (the reason when it cannot be
played) and another what it does; the decision a card leaves open is a frozen value that answers for itself.

``legal_actions`` and ``why_unplayable`` both read ``card_rules.NEEDS``: changing a card's entry changes both at
once, so no second copy of a precondition can drift from the first.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from helpers_artischocken import game, plays

from game.artischocken import CARDS, Action, Game, new_game
from game.artischocken.engine import UNPLAYABLE_REASONS, card_rules
from game.artischocken.engine.cards import ARTICHOKE, PENDING_KINDS
from game.artischocken.engine.decisions import (
    DECISIONS,
    EggplantDecision,
    LeekDecision,
    PeasDecision,
    RhubarbDecision,
)

A = ARTICHOKE
PLAYABLE = [c for c in CARDS if c != ARTICHOKE]


def _rich_position() -> Game:
    """Seat 0 may play every card (rhubarb variant on): artichokes, a deck, a discard, row, stack, targets."""
    return game([[*PLAYABLE, A, A, A, A], [A, "corn"]], decks=[["corn", "leek"], ["peas", A]],
                discards=[["beet"], ["onion"]], stack=["onion", "peas", "corn", "beet", "leek", "potato", "carrot"],
                row=["leek", "corn", "peas"], rhubarb=True)


def test_A_C_the_tables_cover_every_card_and_name_its_rule() -> None:
    assert set(card_rules.NEEDS) == set(CARDS)  # the artichoke too: its needs always refuse it
    assert set(card_rules.EFFECTS) == set(PLAYABLE)  # the artichoke has no action (A-C-ARTICHOKE)
    for table in (card_rules.NEEDS, card_rules.EFFECTS):
        for card, rule in table.items():
            assert f"A-C-{card.upper()}" in (rule.__doc__ or ""), card  # each entry names its rule


def _refuse(reason: str) -> Any:
    def needs(game: Game, seat: int, hand: list[str], arts: int, out: list[Action]) -> str | None:
        return reason
    return needs


@pytest.mark.parametrize("card", PLAYABLE)
def test_A_T4_a_card_s_needs_decide_both_its_plays_and_why_it_is_unplayable(
        card: str, monkeypatch: pytest.MonkeyPatch) -> None:
    g = _rich_position()
    assert card in plays(g) and g.why_unplayable(card) is None
    monkeypatch.setitem(card_rules.NEEDS, card, _refuse("needs_artichoke"))
    h = _rich_position()
    assert card not in plays(h)  # the plays come from the entry...
    assert h.why_unplayable(card) == "needs_artichoke"  # ...and so does the reason
    assert plays(h) == plays(g) - {card}  # the other cards keep their own entries


def test_A_T4_needs_either_add_plays_or_give_a_known_reason() -> None:
    """Over positions of random games, each card's entry adds at least one play or gives a reason, never both."""
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        g = new_game(2 + seed % 3, seed=seed, rhubarb=True, round_limit=30)
        while not g.is_over:
            if g.pending is None and g.phase == "play":
                p = g.player
                hand = g.hands[p]
                for card in CARDS:
                    out: list[Action] = []
                    reason = card_rules.NEEDS[card](g, p, hand, hand.count(A), out)
                    assert (reason is None) == bool(out), (card, reason, out)
                    assert reason is None or reason in UNPLAYABLE_REASONS
                    assert all(a.kind == "play" and a.card == card for a in out)
                    checked += 1
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
    assert checked > 1000


class _Spy:
    def __init__(self, effect: Any) -> None:
        self.effect, self.calls = effect, 0

    def __call__(self, *args: Any) -> None:
        self.calls += 1
        self.effect(*args)


@pytest.mark.parametrize("card", PLAYABLE)
def test_A_C_each_card_is_played_through_its_table_entry(card: str, monkeypatch: pytest.MonkeyPatch) -> None:
    g = _rich_position()
    acts = [a for a in g.legal_actions() if a.kind == "play" and a.card == card]
    assert acts, f"{card} should be playable in the rich position"
    plain = _rich_position()
    plain.apply(acts[0])
    spy = _Spy(card_rules.EFFECTS[card])
    monkeypatch.setitem(card_rules.EFFECTS, card, spy)
    g.apply(acts[0])
    assert spy.calls == 1
    assert g.to_dict() == plain.to_dict()  # the table entry is the whole effect
    assert g.events()[-1]["by"] == card or card in ("peas", "leek", "eggplant", "rhubarb")


def _pending_after(card: str, target: int | None = None) -> Game:
    g = _rich_position()
    g.apply(Action("play", card, target=target))
    assert g.pending is not None
    return g


OPENING = [("leek", 1, LeekDecision), ("peas", None, PeasDecision), ("rhubarb", None, RhubarbDecision),
           ("eggplant", None, EggplantDecision)]


def test_A_C_there_is_one_decision_class_per_pending_kind() -> None:
    assert [cls.kind for cls in DECISIONS] == list(PENDING_KINDS)


@pytest.mark.parametrize(("card", "target", "cls"), OPENING)
def test_A_C_an_open_decision_is_a_frozen_value_shared_by_copies(card: str, target: int | None, cls: type) -> None:
    g = _pending_after(card, target)
    pending = g.pending
    assert type(pending) is cls and pending is not None and pending.kind == card
    with pytest.raises(dataclasses.FrozenInstanceError):
        pending.seat = 1  # type: ignore[misc]
    h = g.clone()
    assert h.pending is pending  # nothing to copy
    before = g.to_dict()
    while h.pending is not None:  # answering in the copy replaces its decision, never changes the shared one
        h.apply(h.legal_actions()[-1])
    assert g.pending is pending and g.to_dict() == before


@pytest.mark.parametrize(("card", "target", "cls"), OPENING)
def test_A_C_each_decision_is_answered_by_its_own_class(card: str, target: int | None, cls: type,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    g = _pending_after(card, target)
    resolve = cls.resolve
    calls: list[Action] = []

    def spy(self: Any, game: Game, action: Action) -> None:
        calls.append(action)
        resolve(self, game, action)

    for act in g.legal_actions():
        assert act.kind == "choose"
        h, plain = g.clone(), g.clone()
        plain.apply(act)
        calls.clear()
        monkeypatch.setattr(cls, "resolve", spy)
        h.apply(act)
        monkeypatch.undo()
        assert calls == [act]
        assert h.to_dict() == plain.to_dict()
        assert h.card_counts() == g.card_counts()  # A-G3


def test_A_C_every_card_effect_keeps_every_card() -> None:
    """Each card's effect, and each answer of the decision it opens, conserves the cards (A-G3)."""
    for card in PLAYABLE:
        g = _rich_position()
        base = g.card_counts()
        for act in [a for a in g.legal_actions() if a.kind == "play" and a.card == card]:
            h = g.clone()
            h.apply(act)
            assert h.card_counts() == base, act
            while h.pending is not None:
                h.apply(h.legal_actions()[-1])
                assert h.card_counts() == base, act
