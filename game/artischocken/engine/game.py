"""Artischocken rules engine: :class:`Game` and :func:`new_game` (pure: no drawing, no files, no clock; randomness
only from ``Game.rng``).

Every rule of docs/rules.md (A-S*, A-T*, A-W*, A-C-*, A-G*) lives in this package. The public surface is the
contract of docs/design.md: ``new_game``, ``Game`` (``current_player``, ``legal_actions``, ``apply``,
``is_over``, ``winner``, ``view``, ``to_dict``, ``from_dict``, ``clone``), ``Action`` and ``IllegalAction``;
this module re-exports the card ids and constants of :mod:`~game.artischocken.engine.cards` so that importers
need only ``game.artischocken.engine``.

``Game`` owns the position, the turn (A-T1..A-T6, A-W1, A-W2), the moves between zones and what is legal now;
its helpers live beside it. Around it:
- :mod:`.cards`: card ids, constants, ``Action``, ``IllegalAction``, the shared action instances, events;
- :mod:`.card_rules`: each card's rule, written once: what it needs to be played now (the reason when it
  cannot) and what it does; ``legal_actions`` and ``why_unplayable`` both read it;
- :mod:`.decisions`: the decision a card leaves open (``Game.pending``), a frozen value per kind;
- :mod:`.observer`: what a seat may know (its view, its view of the event log);
- :mod:`.save`: the ``artischocken/1`` save format.

Internal layout (chosen for speed; the save format uses the documented orientation):
- decks and the garden stack keep their *top card at the end* of the list (``pop()`` draws);
- discards keep their top card at the end (as in the save format);
- ``known[p]`` counts the cards on top of seat p's deck that p itself put there face down (corn, pepper);
  they always form an unbroken run at the top, since cards are only ever taken from the top.
Events are stored as plain tuples (cheap) and turned into dicts only for ``to_dict``/``view``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.artischocken.engine import observer as engine_observer
from game.artischocken.engine import save as engine_save
from game.artischocken.engine.card_rules import CLOSES_PLAY, EFFECTS, NEEDS
from game.artischocken.engine.cards import (
    ACTION_KINDS,
    ARTICHOKE,
    BEET,
    BROCCOLI,
    CANON,
    CARD_SET,
    CARDS,
    CARROT,
    CORN,
    DECK_ARTICHOKES,
    EGGPLANT,
    END_PLAY,
    EVENT_KEYS,
    FIRST_DRAWS,
    FORMAT,
    HAND_SIZE,
    HARVEST_ACTS,
    HARVEST_EVENTS,
    LEEK,
    MAX_PLAYERS,
    MAX_RESHUFFLES,
    MIN_PLAYERS,
    ONE,
    ONION,
    PEAS,
    PENDING_KINDS,
    PEPPER,
    PER_VEGETABLE,
    PHASES,
    POTATO,
    REFILL_EVENTS,
    RHUBARB,
    ROW_SIZE,
    TURN_EVENTS,
    UNDO_BARRIERS,
    UNPLAYABLE_REASONS,
    VEGETABLES,
    ZONES,
    Action,
    Event,
    IllegalAction,
    seeded_rng,
    shuffle,
)
from game.artischocken.engine.decisions import Decision

__all__ = [
    "ACTION_KINDS", "ARTICHOKE", "BEET", "BROCCOLI", "CARDS", "CARROT", "CORN", "DECK_ARTICHOKES", "EGGPLANT",
    "END_PLAY", "EVENT_KEYS", "FORMAT", "HAND_SIZE", "LEEK", "MAX_PLAYERS", "MAX_RESHUFFLES", "MIN_PLAYERS",
    "ONION", "PEAS", "PENDING_KINDS", "PEPPER", "PER_VEGETABLE", "PHASES", "POTATO", "RHUBARB", "ROW_SIZE",
    "UNDO_BARRIERS", "UNPLAYABLE_REASONS", "VEGETABLES", "ZONES", "Action", "Event", "Game", "IllegalAction",
    "new_game",
]

class Game:
    """One game of Artischocken. Build with :func:`new_game` or :meth:`Game.from_dict`."""

    __slots__ = (
        "players", "rhubarb", "open_artichokes", "round_limit", "seed", "start_player", "rng",
        "hands", "decks", "discards", "known", "stack", "row", "compost",
        "player", "phase", "played", "turn_number", "pending",
        "is_over", "won_by", "log", "legal_cache", "undo_stack",
    )

    players: int
    rhubarb: bool
    #: Table rule: every seat's artichokes left are public (``view`` shows them); hidden information otherwise.
    open_artichokes: bool
    round_limit: int | None
    seed: int
    start_player: int
    rng: random.Random
    hands: list[list[str]]
    decks: list[list[str]]
    discards: list[list[str]]
    known: list[int]
    stack: list[str]
    row: list[str]
    compost: list[str]
    player: int
    phase: str
    played: list[str]
    turn_number: int
    #: The decision a card left open (:mod:`~game.artischocken.engine.decisions`), None when there is none.
    pending: Decision | None
    #: The game has ended (A-W1 or A-W2). A plain attribute, not a property: it is read once per decision.
    is_over: bool
    #: The winning seat once the game is over (None: not over, or a stalemate): read it as :attr:`winner`.
    won_by: int | None
    log: list[Event]
    #: The legal actions of the current position, once computed (None: not yet); reset by every change.
    legal_cache: list[Action] | None
    #: Positions that ``pop`` can go back to (python-chess's move stack): see :meth:`push`.
    undo_stack: list[Game]

    # ---------------------------------------------------------------------------------------------------
    # Queries of the contract

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        if self.is_over:
            return None
        pending = self.pending
        if pending is not None:
            return pending.chooser
        return self.player

    @property
    def winner(self) -> int | None:
        return self.won_by

    @property
    def round(self) -> int:
        """The round being played (0-based): every seat has had ``round`` full turns before."""
        return self.turn_number // self.players

    @property
    def in_play(self) -> str | None:
        """The played card lying on the table while the decision it opened is pending (leek, peas)."""
        pending = self.pending
        return None if pending is None else pending.in_play

    def opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    # ---------------------------------------------------------------------------------------------------
    # Legal actions

    def legal_actions(self) -> list[Action]:
        """Every action the current seat may take now (empty once the game is over).

        Computed once per position (kept in ``legal_cache`` for ``apply``); the caller gets a fresh copy."""
        out = self.legal_cache
        if out is not None:
            return out.copy()
        pending = self.pending
        if self.is_over:
            out = []
        elif pending is not None:
            out = pending.answers(self)
        elif self.phase == "harvest":  # A-T3: each distinct row card, in row order
            out = []
            seen = []  # (a plain loop: cheaper than dict.fromkeys for five cards)
            for c in self.row:
                if c not in seen:
                    seen.append(c)
                    out.append(HARVEST_ACTS[c])
        elif CLOSES_PLAY in self.played:  # A-C-CARROT: nothing after it
            out = [END_PLAY]
        else:  # the play phase (A-T4): the plays of each distinct hand card in first-seen order (card_rules)
            out = [END_PLAY]
            p = self.player
            hand = self.hands[p]
            arts = hand.count(ARTICHOKE)
            needs = NEEDS
            seen = []  # the distinct cards so far (a plain loop: cheaper than dict.fromkeys or a cache)
            for c in hand:
                if c is ARTICHOKE or c in seen:  # the artichoke's needs always refuse it: no need to ask
                    continue
                seen.append(c)
                needs[c](self, p, hand, arts, out)  # adds the card's plays, or gives the reason it has none
        self.legal_cache = out
        return out.copy()

    def why_unplayable(self, card: str, player: int | None = None) -> str | None:
        """None when ``player`` (default: the seat to act) may play ``card`` now, else a reason id.

        The reason ids are :data:`UNPLAYABLE_REASONS`; the text is ``artischocken.unplayable.<id>``. The card's
        own reasons come from the same rule as its legal plays (:data:`~.card_rules.NEEDS`).
        """
        card = CANON.get(card, card)
        if card not in CARD_SET:
            return "unknown_card"
        if self.is_over:
            return "game_over"
        seat = self.player if player is None else player
        if seat != self.player:
            return "not_your_turn"
        if self.pending is not None:
            return "decision_pending"
        if self.phase != "play":
            return "not_play_phase"
        hand = self.hands[seat]
        if card not in hand:
            return "not_in_hand"
        if CLOSES_PLAY in self.played:
            return "after_carrot"
        return NEEDS[card](self, seat, hand, hand.count(ARTICHOKE), [])

    def _match(self, action: object, legal: list[Action]) -> Action:
        """The legal action meant by ``action``, else IllegalAction.

        Lenient forms of the same decision are accepted: cards given as a list or (for an eggplant pass) in
        any order, and a left-out target where only one opponent exists."""
        if not isinstance(action, Action):
            raise IllegalAction(f"expected an Action, got {type(action).__name__}")
        for act in legal:
            if act == action:
                return act
        cards = action.cards
        if not isinstance(cards, tuple | list) or not all(isinstance(c, str) for c in cards):
            raise IllegalAction(f"{action}: cards must be a tuple of card ids")
        cards = tuple(cards)
        if action.kind == "choose" and action.card is None and action.option is None:
            cards = tuple(sorted(cards))
        target = action.target
        if target is None and self.players == 2:
            target = 1 - (self.current_player or 0)
        for candidate in (Action(action.kind, action.card, action.target, cards, action.option),
                          Action(action.kind, action.card, target, cards, action.option)):
            for act in legal:
                if act == candidate:
                    return act
        raise IllegalAction(self._illegal_message(action))

    def _illegal_message(self, action: Action) -> str:
        """Why ``action`` is not legal now, for the IllegalAction message."""
        if self.is_over:
            return "the game is over; no action is possible"
        if action.kind not in ACTION_KINDS:
            return f"unknown action kind {action.kind!r} (one of {', '.join(ACTION_KINDS)})"
        seat = self.current_player
        if self.pending is not None:
            return (f"seat {seat} must first answer the pending {self.pending.kind} decision with a "
                    f"'choose' action; {action} is not one of its options")
        if action.kind == "play" and isinstance(action.card, str) and self.phase == "play":
            reason = self.why_unplayable(action.card)
            if reason is not None:
                return f"seat {seat} cannot play {action.card!r} now ({reason})"
            return f"{action} is not a legal way to play {action.card!r} now (check target/cards)"
        return f"{action} is not legal for seat {seat} in phase {self.phase!r}"

    # ---------------------------------------------------------------------------------------------------
    # Applying actions

    def apply(self, action: Action) -> None:
        """Carry out ``action`` for the current seat; an illegal one raises IllegalAction and changes nothing.

        An applied action cannot be taken back: it empties the move stack of :meth:`push`."""
        if self.undo_stack:
            self.undo_stack = []
        legal = self.legal_cache
        if legal is None:
            self.legal_actions()
            legal = self.legal_cache
            assert legal is not None
        for act in legal:
            if act is action:
                break
        else:
            action = self._match(action, legal)
        self.legal_cache = None
        kind = action.kind
        if kind == "play":  # A-T4: the card leaves the hand, lies on the table, its effect is carried out
            card: str = action.card  # type: ignore[assignment]
            p = self.player
            hand = self.hands[p]
            hand.remove(card)
            self.played.append(card)
            self.log.append(("play", p, ONE[card], "hand", "table", action.target, None, None))
            EFFECTS[card](self, action, p, hand)
        elif kind == "harvest":  # A-T3: one row card into the hand (inlined for speed)
            harvested: str = action.card  # type: ignore[assignment]
            p = self.player
            self.row.remove(harvested)
            self.hands[p].append(harvested)
            self.log.append(HARVEST_EVENTS[p][harvested])
            self.phase = "play"
        elif kind == "end_play":
            self._end_turn()
        else:  # the answer to the pending decision (a choose action is legal only while one is pending)
            pending: Decision = self.pending  # type: ignore[assignment]
            pending.resolve(self, action)

    def push(self, action: Action) -> bool:
        """Apply ``action`` and keep the position before it, so that :meth:`pop` can take it back.

        Only a seat's own decisions within one turn can be taken back, and only until something hidden comes
        to light or chance is used: when the action reveals a card, shuffles or draws (any event of
        :data:`UNDO_BARRIERS`), moves the generator, ends the game or hands the decision to another seat, the
        stack is emptied. Returns True when the action stays on the stack (it can be taken back).
        An illegal action raises IllegalAction and changes nothing (the stack included)."""
        before = self.clone()
        since = len(self.log)
        actor = self.current_player
        stack = self.undo_stack
        self.undo_stack = []  # apply empties the stack: keep it aside
        try:
            self.apply(action)
        finally:
            self.undo_stack = stack
        log = self.log
        barrier = (self.is_over or self.current_player != actor
                   or any(log[i][0] in UNDO_BARRIERS for i in range(since, len(log)))
                   or self.rng.getstate() != before.rng.getstate())
        if barrier:
            if stack:
                self.undo_stack = []
            return False
        stack.append(before)
        return True

    def pop(self) -> None:
        """Take back the last action kept by :meth:`push`; IllegalAction when there is none."""
        if not self.undo_stack:
            raise IllegalAction("nothing to take back: no action since the last reveal, shuffle or turn")
        before = self.undo_stack.pop()
        stack = self.undo_stack
        for name in Game.__slots__:
            setattr(self, name, getattr(before, name))
        self.undo_stack = stack
        self.legal_cache = None

    # ---------------------------------------------------------------------------------------------------
    # Turn flow

    def _begin_turn(self) -> None:
        """A-T1/A-T2 for the seat to move, then harvest (or play straight away when the row is empty)."""
        p = self.player
        self.played = []
        self.log.append(TURN_EVENTS[p])
        self.phase = "refill"
        self.refill(p)
        self.phase = "harvest" if self.row else "play"

    def _end_turn(self) -> None:
        """end_play: A-T5 discard, A-T6 draw, A-W1 win check, A-W2 round limit, next seat's A-T1/A-T2."""
        p = self.player
        hand = self.hands[p]
        discard = self.discards[p]
        log = self.log
        if hand:
            log.append(("discard_hand", p, tuple(hand), "hand", "discard", None, None, None))
            discard.extend(hand)
            hand.clear()
        # A-T6: draw 5; an empty deck is rebuilt from the discard exactly when a card is still owed
        deck = self.decks[p]
        if len(deck) >= HAND_SIZE:
            drawn = deck[:-HAND_SIZE - 1:-1]  # the top five, top card first
            del deck[-HAND_SIZE:]
        else:
            drawn = deck[::-1]  # all that is left, top card first
            deck.clear()
            if discard:  # the discard becomes the deck now; the rest is drawn from it (as far as it reaches)
                self._reshuffle(p)
                k = HAND_SIZE - len(drawn)
                drawn += deck[:-k - 1:-1]
                del deck[-k:]
        known = self.known[p]
        if known:
            self.known[p] = max(0, known - len(drawn))
        hand.extend(drawn)
        log.append(("draw", p, tuple(drawn), "deck", "hand", None, None, (p,)))
        self.turn_number += 1
        if ARTICHOKE not in hand:  # A-W1
            self.is_over = True
            self.won_by = p
            self.phase = "over"
            log.append(("win", p, (), None, None, None, None, None))
            return
        limit = self.round_limit
        if limit is not None and self.turn_number >= limit * self.players:  # A-W2
            self.is_over = True
            self.phase = "over"
            log.append(("stalemate", None, (), None, None, None, None, None))
            return
        p = self.player = (p + 1) % self.players
        # next seat: A-T1/A-T2 (inlined _begin_turn for speed)
        self.played = []
        log.append(TURN_EVENTS[p])
        row = self.row
        stack = self.stack
        if len(row) == ROW_SIZE - 1 and stack:  # the usual case: one card to deal
            card = stack.pop()
            row.append(card)
            log.append(REFILL_EVENTS[p][card])
            if row.count(row[0]) >= 4 or row.count(row[1]) >= 4:  # _four_alike, inlined
                self._four_alike_check(p, None)
        elif (len(row) < ROW_SIZE and stack) or _four_alike(row):
            self.refill(p)
        self.phase = "harvest" if row else "play"

    # ---------------------------------------------------------------------------------------------------
    # Moving cards between zones (the turn flow, the card effects and the loader share these)

    def refill(self, seat: int, by: str | None = None) -> None:
        """A-T1 refill of the garden row and A-T2 four-alike reshuffles with their stopping condition; the
        events name ``seat`` (whose turn or card it is) and ``by`` (the card that caused it, if any)."""
        dealt = self._fill_row()
        if dealt:
            self.log.append(("refill", seat, tuple(dealt), "garden_stack", "garden_row", None, by, None))
        self._four_alike_check(seat, by)

    def reveal_top(self, seat: int) -> str | None:
        """Take the top card of seat's deck (reshuffling an empty deck first); None when both are empty."""
        deck = self.decks[seat]
        if not deck:
            if not self.discards[seat]:
                return None
            self._reshuffle(seat)
        if self.known[seat]:
            self.known[seat] -= 1
        return deck.pop()

    def _reshuffle(self, seat: int) -> None:
        """A-T6/A-C-POTATO/A-C-LEEK: the empty deck becomes the shuffled discard."""
        deck = self.decks[seat]
        discard = self.discards[seat]
        deck.extend(discard)
        discard.clear()
        shuffle(deck, self.rng)
        self.known[seat] = 0
        self.log.append(("shuffle", seat, (), "discard", "deck", None, None, None))

    def _fill_row(self) -> list[str]:
        """Deal from the stack until the row holds 5 (or the stack is empty); the cards dealt, in order."""
        row, stack = self.row, self.stack
        need = ROW_SIZE - len(row)
        if need <= 0 or not stack:
            return []
        if need >= len(stack):
            dealt = stack[::-1]
            stack.clear()
        else:
            dealt = stack[-need:]
            del stack[-need:]
            dealt.reverse()
        row.extend(dealt)
        return dealt

    def _four_alike_check(self, seat: int, by: str | None) -> None:
        """A-T2: reshuffle the row into the stack while it shows 4 alike and a valid row can exist."""
        row, stack = self.row, self.stack
        if not _four_alike(row) or not _can_form_row(row + stack):
            return
        tries = 0
        while True:
            self.log.append(("four_alike", seat, tuple(row), "garden_row", "garden_stack", None, by, None))
            stack.extend(row)
            row.clear()
            shuffle(stack, self.rng)
            tries += 1
            if tries >= MAX_RESHUFFLES:
                self._deal_without_four(seat, by)
                return
            dealt = self._fill_row()
            self.log.append(("refill", seat, tuple(dealt), "garden_stack", "garden_row", None, by, None))
            if not _four_alike(row):
                return

    def _deal_without_four(self, seat: int, by: str | None) -> None:
        """Deal from the top of the (shuffled) stack, skipping cards that would make a fourth alike."""
        row, stack = self.row, self.stack
        i = len(stack) - 1
        while len(row) < ROW_SIZE and i >= 0:
            if row.count(stack[i]) < 3:
                row.append(stack.pop(i))
            i -= 1
        self.log.append(("refill", seat, tuple(row), "garden_stack", "garden_row", None, by, None))

    # ---------------------------------------------------------------------------------------------------
    # Copies, saves, views

    def clone(self) -> Game:
        g = self.fork(seeded_rng(0))  # cheaper than an os-seeded Random(); its state is replaced at once
        g.rng.setstate(self.rng.getstate())
        g.log = list(self.log)
        return g

    def fork(self, rng: random.Random) -> Game:
        """A copy for simulations (a bot's sampled world): the same position, but chance comes from ``rng``
        (used as it is, not copied) and the event log starts empty, so a fork costs a few list copies;
        :meth:`clone` is the exact copy."""
        g = Game.__new__(Game)
        g.players = self.players
        g.rhubarb = self.rhubarb
        g.open_artichokes = self.open_artichokes
        g.round_limit = self.round_limit
        g.seed = self.seed
        g.start_player = self.start_player
        g.rng = rng
        g.hands = [list(h) for h in self.hands]
        g.decks = [list(d) for d in self.decks]
        g.discards = [list(d) for d in self.discards]
        g.known = list(self.known)
        g.stack = list(self.stack)
        g.row = list(self.row)
        g.compost = list(self.compost)
        g.player = self.player
        g.phase = self.phase
        g.played = list(self.played)
        g.turn_number = self.turn_number
        g.pending = self.pending  # a frozen value: shared, never changed in place
        g.is_over = self.is_over
        g.won_by = self.won_by
        g.log = []
        g.legal_cache = None
        g.undo_stack = []
        return g

    def card_counts(self) -> Counter[str]:
        """How many of each card exist across every zone (A-G3: constant through the game)."""
        total: Counter[str] = Counter()
        for zone in (*self.hands, *self.decks, *self.discards, self.stack, self.row, self.compost):
            total.update(zone)
        pending = self.pending
        if pending is not None:  # cards lying revealed, and the card on the table beside them
            total.update(pending.revealed)
            if pending.in_play is not None:
                total[pending.in_play] += 1
        return total

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-safe data (format ``artischocken/1``); ``from_dict`` resumes it exactly."""
        return engine_save.to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """Build a game from a saved or hand-written position; malformed data raises ValueError."""
        return engine_save.load(cls, d)

    def view(self, player: int, *, log: bool = True, log_since: int = 0) -> dict[str, Any]:
        """What seat ``player`` may know (A-G2), JSON-safe. ``log=False`` leaves the event log out."""
        return engine_observer.view(self, player, log=log, log_since=log_since)

    @property
    def log_size(self) -> int:
        """How many entries the event log holds (a mark for :meth:`log_view`)."""
        return len(self.log)

    def log_view(self, player: int, since: int = 0) -> list[dict[str, Any]]:
        """Seat ``player``'s view of the event log from entry ``since`` on (the ``log`` of :meth:`view`)."""
        return engine_observer.log_view(self, player, since)

    def events(self, since: int = 0) -> list[dict[str, Any]]:
        """The full event log (hidden cards included) as dicts; for replays and tests, never for a seat."""
        return engine_observer.events(self, since)


def _four_alike(row: list[str]) -> bool:
    """True when 4 or more cards of one vegetable lie in the row (a row never holds more than 5)."""
    if len(row) < 4:
        return False
    # With at most 5 cards, a vegetable that appears 4 times is one of the first two.
    return row.count(row[0]) >= 4 or row.count(row[1]) >= 4


def _can_form_row(cards: list[str]) -> bool:
    """A-T2: can these cards (stack plus row) form a full row without 4 alike?"""
    if len(cards) < ROW_SIZE:
        return False
    return sum(min(n, 3) for n in Counter(cards).values()) >= ROW_SIZE


#: The garden stack before its shuffle (A-S2) without and with rhubarb.
_STACK: tuple[str, ...] = tuple(v for v in VEGETABLES for _ in range(PER_VEGETABLE))
_FULL_STACK: tuple[str, ...] = (*_STACK, *[RHUBARB] * PER_VEGETABLE)


def new_game(players: int = 2, *, seed: int = 0, rhubarb: bool = False, start_player: int | None = None,
             round_limit: int | None = None) -> Game:
    """A fresh game (A-S1..A-S4), already refilled (A-T1, A-T2) and waiting for the first harvest.

    Table rules beyond the contract's options are attributes set before the first action (``open_artichokes``:
    every seat's artichokes left are public, in every view; it is saved with the game)."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if start_player is not None and (
        isinstance(start_player, bool) or not isinstance(start_player, int) or not 0 <= start_player < players
    ):
        raise ValueError(f"start_player must be a seat 0..{players - 1} or None, got {start_player!r}")
    if round_limit is not None and (
        isinstance(round_limit, bool) or not isinstance(round_limit, int) or round_limit < 1
    ):
        raise ValueError(f"round_limit must be a positive integer or None, got {round_limit!r}")
    g = Game.__new__(Game)
    g.players = players
    g.rhubarb = bool(rhubarb)
    g.open_artichokes = False
    g.round_limit = round_limit
    g.seed = seed
    rng = g.rng = seeded_rng(seed)
    stack = list(_FULL_STACK if rhubarb else _STACK)
    shuffle(stack, rng)
    g.stack = stack
    g.row = []
    g.compost = []
    g.hands = [[ARTICHOKE] * HAND_SIZE for _ in range(players)]
    g.decks = [[ARTICHOKE] * (DECK_ARTICHOKES - HAND_SIZE) for _ in range(players)]
    g.discards = [[] for _ in range(players)]
    g.known = [0] * players
    g.log = list(FIRST_DRAWS[:players])
    g.start_player = rng.randrange(players) if start_player is None else start_player
    g.player = g.start_player
    g.phase = "refill"
    g.played = []
    g.turn_number = 0
    g.pending = None
    g.is_over = False
    g.won_by = None
    g.legal_cache = None
    g.undo_stack = []
    g._begin_turn()
    return g
