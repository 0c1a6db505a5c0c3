"""Artischocken bots. A bot sees only a seat's view (A-G2) and the legal actions, never the full state.

- ``random``: picks uniformly among the legal actions.
- ``greedy``: a hand-tuned heuristic: compost artichokes first, carrot when it is the best single move,
  keep the deck thin of artichokes, pass artichokes on after an eggplant, take good cards with the leek.
- ``search-easy``, ``search``, ``search-hard``: information-set MCTS (:mod:`~game.artischocken.bots.search`).
- ``expert``: determinized Monte-Carlo search over the greedy policy: for each legal action it samples
  hidden states consistent with the view, plays the action and the rest of the turn greedily, and keeps the
  action with the best mean outcome.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.artischocken.bots.greedy import CARD_VALUE, Bot, GreedyBot, RandomBot, compost_potential
from game.artischocken.bots.search import SearchBot, search_factory
from game.artischocken.bots.worlds import sample_position, unseen_cards
from game.artischocken.engine import ARTICHOKE, Action, Game, IllegalAction

# -- expert: determinized Monte-Carlo over greedy rollouts ---------------------------------------------------

class ExpertBot:
    """Determinized Monte-Carlo search (sees only the view, like every bot).

    For each decision with a choice, ``worlds`` hidden states are sampled from the view (the cards it cannot
    see, dealt at random where it cannot look); in each world every legal action is applied to a copy and the
    game is played on by :class:`GreedyBot` until the current turn is over (for the seat to move: its draw
    and win check, A-T6/A-W1). The action with the best mean score wins (the same worlds for every action,
    so the comparison is fair). Work per decision is bounded by ``budget`` rollouts; seeded and
    deterministic for a seed.
    """

    WIN = 60.0  # a win beats everything
    ARTICHOKE_COST = 4.0  # per artichoke left in one's cycle (hand, deck, discard)
    DRAWN_COMPOST = 2.0  # per artichoke the next hand can compost

    def __init__(self, seed: int = 0, *, budget: int = 48, min_worlds: int = 4, max_steps: int = 80) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.min_worlds = min_worlds
        self.max_steps = max_steps
        self.greedy = GreedyBot(seed ^ 0x5EED)

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = view["seat"]
        worlds = max(self.min_worlds, self.budget // len(legal_actions))
        totals = [0.0] * len(legal_actions)
        counts = [0] * len(legal_actions)
        for _ in range(worlds):
            try:
                world = Game.from_dict(sample_position(view, self.rng))
            except ValueError:
                continue  # an inconsistent sample (should not happen): skip it
            rollout_seed = self.rng.randrange(2**31)
            for i, act in enumerate(legal_actions):
                game = world.clone()
                try:
                    game.apply(act)
                except IllegalAction:
                    continue
                totals[i] += self._rollout(game, me, rollout_seed)
                counts[i] += 1
        best, best_score = legal_actions[0], float("-inf")
        prior = self.greedy
        for i, act in enumerate(legal_actions):
            if not counts[i]:
                continue
            # ties (and near-ties) go to what the greedy heuristic prefers
            score = totals[i] / counts[i] + 1e-3 * prior.score(view, act)
            if score > best_score:
                best, best_score = act, score
        return best

    def _rollout(self, game: Game, me: int, seed: int) -> float:
        turn = game.turn_number
        policy = GreedyBot(seed)
        steps = 0
        while not game.is_over and game.turn_number == turn and steps < self.max_steps:
            p = game.current_player
            assert p is not None
            legal = game.legal_actions()
            act = legal[0] if len(legal) == 1 else policy.choose(game.view(p, log=False), legal)
            game.apply(act)
            steps += 1
        return self._evaluate(game, me)

    def _evaluate(self, game: Game, me: int) -> float:
        """The outcome for ``me``: a win or loss, else fewer artichokes in its cycle and a next hand that can
        compost the ones it holds."""
        if game.is_over:
            return self.WIN if game.winner == me else (-self.WIN if game.winner is not None else 0.0)
        view = game.view(me, log=False)
        hand: list[str] = view["hand"]
        arts = hand.count(ARTICHOKE) + view["seats"][me]["discard"].count(ARTICHOKE) + _deck_artichokes(game, me)
        return -self.ARTICHOKE_COST * arts + self.DRAWN_COMPOST * compost_potential(hand, with_carrot=True)


def _deck_artichokes(game: Game, seat: int) -> int:
    """Artichokes in ``seat``'s deck of a sampled world (the bot dealt that world itself, so it may look)."""
    deck: list[str] = game.to_dict()["players"][seat]["deck"]
    return deck.count(ARTICHOKE)


#: Every bot kind by name, weakest first: the one registry the setup screens, ``simulate`` and the table server
#: offer (a kind -> a factory of a seed). The search levels are :data:`game.artischocken.bots.search.LEVELS`.
BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot,
                                         "search-easy": search_factory("search-easy"), "expert": ExpertBot,
                                         "search": search_factory("search"),
                                         "search-hard": search_factory("search-hard")}


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot of the given kind; an unknown kind raises ValueError naming the known ones."""
    try:
        factory = BOTS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)


def wants_log(bot: object) -> bool:
    """Whether ``bot`` decides on the view with its event log (its memory, ``wants_log``) rather than the bare
    view (cheaper to make)."""
    return bool(getattr(bot, "wants_log", False))


__all__ = ["BOTS", "CARD_VALUE", "Bot", "ExpertBot", "GreedyBot", "RandomBot", "SearchBot", "compost_potential",
           "make_bot", "sample_position", "unseen_cards", "wants_log"]
