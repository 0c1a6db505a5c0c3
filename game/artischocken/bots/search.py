"""The card search bot (kinds ``search-easy``, ``search``, ``search-hard``): information-set Monte-Carlo tree search.

Single-observer ISMCTS over the bot's own decisions in the current turn, seeing only its seat's view (A-G2):

- every iteration picks a *determinisation*: a full position dealt from the view by
  :func:`~game.artischocken.bots.worlds.sample_position` (the cards the seat cannot see, dealt at random to the
  places it cannot look; with the view's event log, what the seat remembers
  (:func:`~game.artischocken.bots.memory.recall`) keeps every card it can locate in its zone: its own deck's
  cards, the garden stack's, in two players the opponent's hand and deck); a pool of sampled worlds is reused
  round-robin, each iteration plays on a cheap :meth:`Game.fork <game.artischocken.engine.Game.fork>` of one;
- the tree holds the seat's information sets: a node's statistics are per action (visits, value, and how often the
  action was available, for the availability-corrected UCB1 of ISMCTS), and after an action the next node is keyed
  by what the seat observes (its own hand and any revealed cards), so a decision after a reveal is made knowing it;
- other seats' decisions inside the turn (the eggplant pass) and the rollouts after a new node are played by
  :class:`~game.artischocken.bots.greedy.GreedyBot` until the turn ends (the draw and win check included, A-T6/A-W1);
- a finished turn is scored, for two players, by the learned end-of-turn model of
  :mod:`~game.artischocken.bots.model` (P(this seat wins) from where the turn leaves both seats, fitted on
  self-play by :mod:`~game.lab.artischocken.fit`), and the draw that ends the turn counts by its exact chance of
  holding no artichoke (over every order of the deck the seat cannot tell apart) rather than by the one draw the
  world happened to deal (the main source of noise in the old score); for three or four players like the expert
  bot scores it (a win or loss, else the artichokes left in the seat's cycle and what the freshly drawn hand can
  compost), plus a small credit for composters kept in the cycle, the best rival's score and the chance of an
  artichoke-free next draw.

The answer is the most visited root action. Work is counted in iterations, so the same seed and the same view give
the same choice; ``time_cap`` only guards against a slow machine (a capped search may differ): it counts the CPU
time of the thinking thread (``time.thread_time``), so a busy machine does not cut a search short. Difficulty
levels are iteration budgets (:data:`LEVELS`).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from game.artischocken.bots.greedy import GreedyBot, compost_potential
from game.artischocken.bots.memory import recall
from game.artischocken.bots.model import clean_draw_chance, end_draw_chance, model_probability, win_probability
from game.artischocken.bots.worlds import sample_position
from game.artischocken.engine import ARTICHOKE, BROCCOLI, CARROT, EGGPLANT, ONION, POTATO, Action, Game
from game.artischocken.engine.observer import pending_view


@dataclass(frozen=True)
class SearchLevel:
    """A difficulty level: iterations per decision, sampled worlds kept, and the safety time cap (CPU seconds)."""

    iterations: int
    worlds: int
    time_cap: float


#: The difficulty levels by bot kind; ``search`` is the default level (at most 0.25 s per decision on one core: its
#: cap leaves room for making the view and for the iterations between two looks at the clock).
LEVELS: dict[str, SearchLevel] = {
    "search-easy": SearchLevel(iterations=60, worlds=12, time_cap=0.1),
    "search": SearchLevel(iterations=1600, worlds=48, time_cap=0.24),
    "search-hard": SearchLevel(iterations=2400, worlds=96, time_cap=1.0),
}

WIN = 60.0  # a win beats everything (the expert bot's scale)
ARTICHOKE_COST = 4.0  # per artichoke in the seat's cycle (hand, deck, discard)
DRAWN_COMPOST = 2.0  # per artichoke the new hand can compost
#: Credit per card kept in the seat's cycle: the composters that will come round again.
CYCLE_VALUE: dict[str, float] = {ONION: 0.6, BROCCOLI: 0.6, CARROT: 0.6, EGGPLANT: 0.6, POTATO: 0.3}
SCALE = 2 * WIN  # rewards are mapped to about [0, 1] for UCB1


class _Node:
    """One information set of the searching seat: per-action statistics and the nodes that follow."""

    __slots__ = ("stats", "next", "order")

    def __init__(self) -> None:
        self.stats: dict[Action, list[float]] = {}  # action -> [visits, total reward, availability]
        self.next: dict[tuple[Action, Any], _Node] = {}
        self.order: list[Action] | None = None  # untried actions, best greedy prior first


def light_view(game: Game, seat: int) -> dict[str, Any]:
    """The parts of a view that :class:`GreedyBot` reads, built straight from a sampled world (fast; the bot dealt
    that world itself). Shares the world's lists: the greedy bot only reads them."""
    known = game.known[seat]
    deck = game.decks[seat]
    return {
        "seat": seat,
        "hand": game.hands[seat],
        "turn": {"played": game.played},
        "deck_top_known": deck[:-known - 1:-1] if known else [],
        "seats": [{"deck_count": len(d), "discard": game.discards[s], "hand_count": len(game.hands[s])}
                  for s, d in enumerate(game.decks)],
        "pending": pending_view(game, seat),
    }


def evaluate(game: Game, me: int, cycle_weight: float = 1.0) -> float:
    """The score of a finished turn for seat ``me`` (higher is better)."""
    if game.is_over:
        return WIN if game.winner == me else (-WIN if game.winner is not None else 0.0)
    hand = game.hands[me]
    deck = game.decks[me]
    discard = game.discards[me]
    arts = hand.count(ARTICHOKE) + deck.count(ARTICHOKE) + discard.count(ARTICHOKE)
    cycle = sum(CYCLE_VALUE.get(c, 0.0) for c in deck) + sum(CYCLE_VALUE.get(c, 0.0) for c in discard)
    return -ARTICHOKE_COST * arts + DRAWN_COMPOST * compost_potential(hand, with_carrot=True) + cycle_weight * cycle


class SearchBot:
    """ISMCTS over the seat's own decisions of the turn, greedy rollouts; sees only the view (see the module).

    The view's event log, when it has one, is the seat's memory: the worlds then deal only the cards the seat
    cannot locate (:mod:`~game.artischocken.bots.memory`); without a log they deal every unseen card evenly."""

    #: Callers give this bot the view with its event log (``Game.view(seat)``), not the bare view.
    wants_log = True

    def __init__(self, seed: int = 0, *, iterations: int = 1600, worlds: int = 48, time_cap: float | None = 0.25,
                 exploration: float = 0.25, max_steps: int = 80, horizon: int = 1, cycle: float = 1.0,
                 rival: float = 0.3, lookahead: float = 0.4, model: bool = True,
                 exact: bool = True, memory: bool = True) -> None:
        if iterations < 1 or worlds < 1:
            raise ValueError("iterations and worlds must be at least 1")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.worlds = worlds
        self.time_cap = time_cap
        self.exploration = exploration
        self.max_steps = max_steps
        self.horizon = horizon
        self.cycle = cycle
        self.rival = rival
        self.lookahead = lookahead
        self.model = model
        self.exact = exact
        #: Whether the bot recalls what the view's event log tells (:func:`~game.artischocken.bots.memory.recall`).
        self.memory = memory
        #: Iterations the last decision ran (less than ``iterations`` only when the time cap stopped it).
        self.last_iterations = 0

    @classmethod
    def at_level(cls, level: str, seed: int = 0) -> SearchBot:
        lv = LEVELS[level]
        return cls(seed, iterations=lv.iterations, worlds=lv.worlds, time_cap=lv.time_cap)

    def choose(self, view: dict[str, Any], legal_actions: list[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        deadline = None if self.time_cap is None else time.thread_time() + self.time_cap
        rng = random.Random(self.rng.randrange(2**62))
        policy = GreedyBot(rng.randrange(2**31))
        me: int = view["seat"]
        turn: int = view["turn"]["number"]
        worlds: list[Game] = []
        root = _Node()
        legal_set = set(legal_actions)
        knowledge = recall(view) if self.memory else None
        done = 0
        for it in range(self.iterations):
            if deadline is not None and it & 3 == 3 and time.thread_time() > deadline:
                break
            if len(worlds) < self.worlds:
                try:
                    worlds.append(Game.from_dict(sample_position(view, rng, knowledge)))
                except ValueError:  # an inconsistent sample (should not happen): try again next iteration
                    if not worlds:
                        continue
            game = worlds[it % len(worlds)].fork(rng)
            self._iterate(game, root, me, turn, policy, legal_set)
            done += 1
        self.last_iterations = done
        best, best_key = legal_actions[0], (-1.0, float("-inf"), 0.0)
        for act in legal_actions:
            st = root.stats.get(act)
            if st is None:
                continue
            key = (st[0], st[1] / st[0], policy.score(view, act))
            if key > best_key:
                best, best_key = act, key
        return best

    # --- one iteration ---------------------------------------------------------------------------------

    def _iterate(self, game: Game, root: _Node, me: int, turn: int, policy: GreedyBot,
                 root_legal: set[Action]) -> None:
        path: list[tuple[_Node, Action]] = []
        node: _Node | None = root
        steps = 0
        exact = self.model and self.exact and game.players == 2
        ends: list[tuple[int, float]] = []  # every turn end of the iteration: the seat and its clean-draw chance
        while node is not None and not game.is_over and game.turn_number == turn and steps < self.max_steps:
            p = game.current_player
            assert p is not None
            legal = game.legal_actions()
            steps += 1
            if p != me or len(legal) == 1:
                act = legal[0] if len(legal) == 1 else policy.choose(light_view(game, p), legal)
                if exact and act.kind == "end_play":
                    ends.append((p, end_draw_chance(game, p)))
                game.apply(act)
                continue
            if node is root:
                legal = [a for a in legal if a in root_legal]  # the world's root equals the real one; be safe
            act = self._select(node, legal, game, me, policy)
            path.append((node, act))
            if exact and act.kind == "end_play":
                ends.append((me, end_draw_chance(game, me)))
            game.apply(act)
            if node.stats[act][0] == 0:  # a new action: expand and roll out
                node = None
                break
            key = (act, self._observation(game, me))
            nxt = node.next.get(key)
            if nxt is None:
                nxt = node.next[key] = _Node()
                node = None
                break
            node = nxt
        value = self._rollout(game, me, turn, policy, steps, ends)
        for n, a in path:
            st = n.stats[a]
            st[0] += 1
            st[1] += value

    def _select(self, node: _Node, legal: list[Action], game: Game, me: int, policy: GreedyBot) -> Action:
        stats = node.stats
        rows: list[list[float]] = []
        untried = None
        for a in legal:  # one look-up per action: this runs for every decision of every iteration
            st = stats.get(a)
            if st is None:
                st = stats[a] = [0, 0.0, 0]
            st[2] += 1
            if st[0] == 0 and untried is None:
                untried = a
            rows.append(st)
        if untried is not None:
            if node.order is None:
                view = light_view(game, me)
                node.order = sorted(legal, key=lambda a: -policy.score(view, a))
            for a in node.order:
                st = stats.get(a)
                if st is not None and st[0] == 0 and a in legal:
                    return a
            return untried
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        best, best_ucb = legal[0], float("-inf")
        for a, (n, total, avail) in zip(legal, rows, strict=True):
            ucb = total / n + c * sqrt(log(avail) / n)
            if ucb > best_ucb:
                best, best_ucb = a, ucb
        return best

    @staticmethod
    def _observation(game: Game, me: int) -> Any:
        """What the seat learns after an action: its hand and any cards lying revealed."""
        pending = game.pending
        revealed = pending.revealed if pending is not None else ()
        return (tuple(sorted(game.hands[me])), revealed, tuple(game.row))

    def _rollout(self, game: Game, me: int, turn: int, policy: GreedyBot, steps: int,
                 ends: list[tuple[int, float]]) -> float:
        end = turn + max(1, self.horizon)
        limit = self.max_steps * max(1, self.horizon)
        exact = self.model and self.exact and game.players == 2
        while not game.is_over and game.turn_number < end and steps < limit:
            p = game.current_player
            assert p is not None
            legal = game.legal_actions()
            act = legal[0] if len(legal) == 1 else policy.choose(light_view(game, p), legal)
            if exact and act.kind == "end_play":
                ends.append((p, end_draw_chance(game, p)))
            game.apply(act)
            steps += 1
        if self.model and game.players == 2:
            return drawn_value(game, me, ends) if ends else leaf_value(game, me)
        value = evaluate(game, me, self.cycle)
        if self.rival and not game.is_over:
            others = [s for s in range(game.players) if s != me]
            value -= self.rival * max(evaluate(game, s, self.cycle) for s in others)
        if self.lookahead and not game.is_over:
            others = [s for s in range(game.players) if s != me]
            value += self.lookahead * WIN * (clean_draw_chance(game, me)
                                             - max(clean_draw_chance(game, s) for s in others))
        return (value + WIN) / SCALE


def leaf_value(game: Game, me: int) -> float:
    """The reward (0 to 1) of a two-player position for seat ``me``: the learned P(win) of
    :func:`~game.artischocken.bots.model.win_probability`, asked for the seat that just ended its turn."""
    if game.is_over:
        return win_probability(game, me)
    mover = (game.player - 1) % game.players
    p = win_probability(game, mover)
    return p if mover == me else 1.0 - p


def drawn_value(game: Game, me: int, ends: list[tuple[int, float]]) -> float:
    """The reward (0 to 1) for seat ``me`` of a two-player world played through the turn ends ``ends`` (each: the
    seat that ended its turn and the exact chance that its draw holds no artichoke,
    :func:`~game.artischocken.bots.model.end_draw_chance`, over every deck order the seat cannot tell apart).
    Each draw wins with its chance instead of this world's one draw (far less noise); the position the last draw
    left is valued by the model, and an earlier draw, which did not win in this world, passes its chance on."""
    if game.is_over and game.winner is None:
        return 0.5
    seat, chance = ends[-1]
    won = chance + (1.0 - chance) * model_probability(game, seat)
    value = won if seat == me else 1.0 - won
    for seat, chance in reversed(ends[:-1]):
        value = chance * (1.0 if seat == me else 0.0) + (1.0 - chance) * value
    return value


def search_factory(level: str) -> Any:
    """The ``BOTS`` factory (seed -> bot) of a level."""
    def make(seed: int = 0) -> SearchBot:
        return SearchBot.at_level(level, seed)
    make.__name__ = f"SearchBot[{level}]"
    return make
