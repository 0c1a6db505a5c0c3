"""Artischocken bots. A bot sees only a seat's view (A-G2) and the legal actions, never the full state.

- ``random``: picks uniformly among the legal actions.
- ``greedy``: a hand-tuned heuristic: compost artichokes first, carrot when it is the best single move,
  keep the deck thin of artichokes, pass artichokes on after an eggplant, take good cards with the leek.
- ``expert``: determinized Monte-Carlo search over the greedy policy: for each legal action it samples
  hidden states consistent with the view, plays the action and the rest of the turn greedily, and keeps the
  action with the best mean outcome.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
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
    VEGETABLES,
    Action,
    Game,
    IllegalAction,
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


# -- expert: determinized Monte-Carlo over greedy rollouts ---------------------------------------------------

#: Per-player artichokes and per-vegetable copies (A-S1, A-S2); the bot counts the cards it cannot see.
_DECK_ARTICHOKES = 10
_PER_VEGETABLE = 6


def unseen_cards(view: dict[str, Any]) -> Counter[str]:
    """Every card the seat of ``view`` cannot locate: all cards (A-G3) minus the ones it sees or knows."""
    total: Counter[str] = Counter({ARTICHOKE: _DECK_ARTICHOKES * view["players"]})
    for veg in (*VEGETABLES, RHUBARB) if view["rhubarb"] else VEGETABLES:
        total[veg] = _PER_VEGETABLE
    known: Counter[str] = Counter(view["hand"])
    for seat in view["seats"]:
        known.update(seat["discard"])
    known.update(view["garden_row"])
    known.update(view["compost"])
    known.update(view["deck_top_known"])
    pending = view.get("pending") or {}
    known.update(pending.get("revealed") or ())
    if view.get("in_play"):
        known[view["in_play"]] += 1
    total.subtract(known)
    return +total  # drop zero (and, for a malformed view, negative) counts


def sample_position(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A full ``artischocken/1`` position consistent with ``view``: the unseen cards dealt at random to the
    places the seat cannot see (the garden stack gets vegetables first: artichokes never go there)."""
    me = view["seat"]
    n = view["players"]
    unseen = unseen_cards(view)
    vegetables = [c for c, k in unseen.items() if c != ARTICHOKE for _ in range(k)]
    artichokes = [ARTICHOKE] * unseen[ARTICHOKE]
    rng.shuffle(vegetables)
    stack_n = view["garden_stack_count"]
    stack = vegetables[:stack_n]
    rest = vegetables[stack_n:] + artichokes
    rng.shuffle(rest)
    if len(stack) < stack_n:  # only for an inconsistent view: fill up from the rest
        stack += rest[: stack_n - len(stack)]
        rest = rest[stack_n - len(stack):]
    known_top = list(view["deck_top_known"])
    players: list[dict[str, Any]] = []
    pos = 0
    for s, seat in enumerate(view["seats"]):
        if s == me:
            hand = list(view["hand"])
            need = seat["deck_count"] - len(known_top)
            deck = known_top + rest[pos:pos + need]
            pos += need
        else:
            hand = rest[pos:pos + seat["hand_count"]]
            pos += seat["hand_count"]
            deck = rest[pos:pos + seat["deck_count"]]
            pos += seat["deck_count"]
        players.append({"hand": hand, "deck": deck, "discard": list(seat["discard"]),
                        "known_top": len(known_top) if s == me else 0})
    turn = view["turn"]
    position: dict[str, Any] = {
        "format": "artischocken/1",
        "options": {"players": n, "rhubarb": view["rhubarb"], "round_limit": view["round_limit"]},
        "players": players,
        "garden_stack": stack,
        "garden_row": list(view["garden_row"]),
        "compost": list(view["compost"]),
        "turn": {"player": turn["player"], "phase": view["phase"], "played": list(turn["played"]),
                 "number": turn["number"]},
        "seed": rng.randrange(2**31),
    }
    pending = view.get("pending")
    if pending:
        kind = pending["kind"]
        pend: dict[str, Any] = {"kind": kind, "seat": pending["by"]}
        if kind in ("leek", "peas"):
            pend["revealed"] = list(pending["revealed"])
            if view.get("in_play"):
                pend["in_play"] = view["in_play"]
            if kind == "leek":
                pend["target"] = pending["target"]
        elif kind == "eggplant":
            waiting = list(pending["waiting"])
            pend["queue"] = waiting
            # seats that already chose: their (unseen) choice is sampled from their sampled hand
            chosen: list[list[Any]] = []
            for s in range(n):
                hand = players[s]["hand"]
                if s not in waiting and hand:
                    chosen.append([s, rng.sample(hand, min(2, len(hand)))])
            pend["chosen"] = chosen
        position["pending"] = pend
    return position


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


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot of the given kind; an unknown kind raises ValueError naming the known ones."""
    try:
        factory = BOTS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)
