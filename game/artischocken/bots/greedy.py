"""The heuristic Artischocken bots (random, greedy) and the ``Bot`` protocol; ``bots`` re-exports them.

A bot sees only a seat's view (A-G2) and the legal actions, never the full state.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from game.artischocken.engine import (
    ARTICHOKE,
    BEET,
    BROCCOLI,
    CARROT,
    CORN,
    EGGPLANT,
    LEEK,
    ONION,
    PEAS,
    PEPPER,
    POTATO,
    RHUBARB,
    Action,
)


class Bot(Protocol):
    """Anything that picks one of the legal actions from a seat's view."""

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action: ...


class RandomBot:
    """Uniform choice among the legal actions (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[self.rng.randrange(len(legal_actions))]


#: How good a card is to hold in one's cycle (higher: better). Artichokes are what you want to lose.
CARD_VALUE: dict[str, float] = {
    ONION: 8, BROCCOLI: 7, CARROT: 7, EGGPLANT: 6, POTATO: 5, CORN: 4, RHUBARB: 4, PEPPER: 3,
    LEEK: 2, BEET: 2, PEAS: 1, ARTICHOKE: -10,
}


def compost_potential(hand: list[str], *, with_carrot: bool = False) -> int:
    """How many artichokes the non-carrot composters in ``hand`` can compost this turn."""
    arts = hand.count(ARTICHOKE)
    done = 0
    for _ in range(hand.count(BROCCOLI)):
        if arts >= 3:
            arts -= 1
            done += 1
    for _ in range(hand.count(ONION) + hand.count(EGGPLANT)):
        if arts:
            arts -= 1
            done += 1
    if with_carrot and hand.count(CARROT) and arts >= 2:
        done = max(done, 2)
    return done


class GreedyBot:
    """A sensible heuristic player; ties are broken by the seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        best: Action = legal_actions[0]
        best_score = float("-inf")
        for act in legal_actions:
            score = self.score(view, act) + self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = act, score
        return best

    # --- scoring -------------------------------------------------------------------------------------

    def score(self, view: dict[str, Any], act: Action) -> float:
        hand: list[str] = view["hand"]
        if act.kind == "end_play":
            return 0.0
        if act.kind == "harvest":
            return self._harvest_value(act.card or "", hand, view)
        if act.kind == "play":
            return self._play_value(act, hand, view)
        return self._choose_value(act, hand, view)

    def _harvest_value(self, card: str, hand: list[str], view: dict[str, Any]) -> float:
        arts = hand.count(ARTICHOKE)
        with_card = [*hand, card]
        gain = compost_potential(with_card, with_carrot=True) - compost_potential(hand, with_carrot=True)
        return 10.0 * gain + CARD_VALUE.get(card, 0) + (1.0 if card == CORN and arts else 0.0)

    def _play_value(self, act: Action, hand: list[str], view: dict[str, Any]) -> float:
        card = act.card
        arts = hand.count(ARTICHOKE)
        played: list[str] = view["turn"]["played"]
        if card == CARROT:
            rest = list(hand)
            rest.remove(CARROT)
            return 20.0 if compost_potential(rest) < 2 else -1.0
        if card == BROCCOLI:
            return 15.0
        if card == ONION:
            return 14.0 + self._target_bias(view, act.target)
        if card == EGGPLANT:
            return 13.0
        if card == RHUBARB:
            return 6.0
        if card == POTATO:
            known: list[str] = view["deck_top_known"]
            if known:
                return -1.0 if known[0] != ARTICHOKE else 12.0
            deck_count = view["seats"][view["seat"]]["deck_count"]
            return 5.0 if deck_count else 3.0
        if card == CORN:
            # after the composters (they need the artichoke in hand); worth it for a good row card
            if compost_potential(hand) > 0 or (CARROT in hand and arts >= 2 and not played):
                return -1.0
            pick = act.cards[0]
            return 2.0 + CARD_VALUE.get(pick, 0) / 2
        if card == PEPPER:
            pick = act.cards[0]
            return CARD_VALUE.get(pick, 0) / 2 - 0.5
        if card == LEEK:
            return 1.5 + self._target_bias(view, act.target)
        if card == BEET:
            others = len(hand) - 1
            share = arts / others if others else 0.0
            return 3.0 * share - 1.0 + self._target_bias(view, act.target)
        if card == PEAS:
            return 0.5
        return -1.0

    def _target_bias(self, view: dict[str, Any], target: int | None) -> float:
        """Prefer hitting the opponent who looks closest to winning (the thinnest artichoke cycle)."""
        if target is None:
            return 0.0
        seat = view["seats"][target]
        return -0.01 * (seat["deck_count"] + len(seat["discard"]) + seat["hand_count"])

    def _choose_value(self, act: Action, hand: list[str], view: dict[str, Any]) -> float:
        pending = view.get("pending") or {}
        kind = pending.get("kind")
        if kind == "leek":
            card = pending["revealed"][0]
            take = card != ARTICHOKE
            return 1.0 if (act.option == "take") == take else 0.0
        if kind == "peas":
            keep = act.card or ""
            return CARD_VALUE.get(keep, 0) + self._target_bias(view, act.target)
        if kind == "rhubarb":
            return self._harvest_value(act.card or "", hand, view)
        # eggplant: pass artichokes and the least useful cards
        return -sum(CARD_VALUE.get(c, 0) for c in act.cards)
