"""The card effects as dispatch tables (issue 10): one function per card (A-C-*) and per pending decision.

Every playable card has its entry in ``engine_effects.PLAY_EFFECTS`` and every pending kind its entry in
``CHOOSE_EFFECTS``; playing a card or answering a decision goes through exactly that entry.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers_artischocken import game

from game.artischocken import CARDS, Action, Game
from game.artischocken.engine import effects as engine_effects
from game.artischocken.engine.cards import ARTICHOKE, PENDING_KINDS

A = ARTICHOKE
PLAYABLE = [c for c in CARDS if c != ARTICHOKE]


def _rich_position() -> Game:
    """Seat 0 may play every card (rhubarb variant on): artichokes, a deck, a discard, row, stack, targets."""
    return game([[*PLAYABLE, A, A, A, A], [A, "corn"]], decks=[["corn", "leek"], ["peas", A]],
                discards=[["beet"], ["onion"]], stack=["onion", "peas", "corn", "beet", "leek", "potato", "carrot"],
                row=["leek", "corn", "peas"], rhubarb=True)


def test_A_C_dispatch_tables_cover_every_card_and_decision() -> None:
    assert set(engine_effects.PLAY_EFFECTS) == set(PLAYABLE)  # the artichoke has no action (A-C-ARTICHOKE)
    assert set(engine_effects.CHOOSE_EFFECTS) == set(PENDING_KINDS)
    for card, effect in engine_effects.PLAY_EFFECTS.items():
        assert f"A-C-{card.upper()}" in (effect.__doc__ or ""), card  # each effect names its rule


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
    spy = _Spy(engine_effects.PLAY_EFFECTS[card])
    monkeypatch.setitem(engine_effects.PLAY_EFFECTS, card, spy)
    g.apply(acts[0])
    assert spy.calls == 1
    assert g.to_dict() == plain.to_dict()  # the table entry is the whole effect
    assert g.events()[-1]["by"] == card or card in ("peas", "leek", "eggplant", "rhubarb")


def _pending_after(card: str, target: int | None = None) -> Game:
    g = _rich_position()
    g.apply(Action("play", card, target=target))
    assert g.pending is not None
    return g


@pytest.mark.parametrize(("card", "target", "kind"), [
    ("leek", 1, "leek"), ("peas", None, "peas"), ("rhubarb", None, "rhubarb"), ("eggplant", None, "eggplant"),
])
def test_A_C_each_decision_is_answered_through_its_table_entry(card: str, target: int | None, kind: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    g = _pending_after(card, target)
    assert g.pending is not None and g.pending["kind"] == kind
    for act in g.legal_actions():
        assert act.kind == "choose"
        h, plain = g.clone(), g.clone()
        plain.apply(act)
        spy = _Spy(engine_effects.CHOOSE_EFFECTS[kind])
        monkeypatch.setitem(engine_effects.CHOOSE_EFFECTS, kind, spy)
        h.apply(act)
        monkeypatch.undo()
        assert spy.calls == 1
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
