"""Artischocken rules engine (pure: no drawing, no files, no clock; randomness only from ``Game.rng``).

Every rule of ``RULES.md`` (A-S*, A-T*, A-W*, A-C-*, A-G*) lives here. The public surface is the contract of
``DESIGN.md``: ``new_game``, ``Game`` (``current_player``, ``legal_actions``, ``apply``, ``is_over``,
``winner``, ``view``, ``to_dict``, ``from_dict``, ``clone``), ``Action`` and ``IllegalAction``.

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
from dataclasses import dataclass
from typing import Any

FORMAT = "artischocken/1"

ARTICHOKE = "artichoke"
EGGPLANT = "eggplant"
BROCCOLI = "broccoli"
PEAS = "peas"
CARROT = "carrot"
POTATO = "potato"
LEEK = "leek"
CORN = "corn"
PEPPER = "pepper"
BEET = "beet"
ONION = "onion"
RHUBARB = "rhubarb"

#: The ten vegetables of the garden stack (A-S2), without the rhubarb variant.
VEGETABLES: tuple[str, ...] = (EGGPLANT, BROCCOLI, PEAS, CARROT, POTATO, LEEK, CORN, PEPPER, BEET, ONION)
#: Every card id the engine knows.
CARDS: tuple[str, ...] = (ARTICHOKE, *VEGETABLES, RHUBARB)
_CARD_SET = frozenset(CARDS)
#: Intern card strings coming from outside so that identity comparisons stay fast.
_CANON: dict[str, str] = {c: c for c in CARDS}

PHASES = ("refill", "harvest", "play", "over")
ZONES = ("hand", "deck", "discard", "garden_stack", "garden_row", "compost", "table", "revealed")

DECK_ARTICHOKES = 10  # A-S1
HAND_SIZE = 5  # A-S1, A-T6
ROW_SIZE = 5  # A-T1
PER_VEGETABLE = 6  # A-S2
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: Safety net for A-T2: after this many reshuffles in a row the row is dealt without a fourth alike
#: (only reachable in contrived scenario positions; real games stop within a few tries).
MAX_RESHUFFLES = 500


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the game is left unchanged."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. See DESIGN.md for the meaning of each field per ``kind``."""

    kind: str
    card: str | None = None
    target: int | None = None
    cards: tuple[str, ...] = ()
    option: str | None = None


ACTION_KINDS = ("harvest", "play", "choose", "end_play")

#: Events after which an action can no longer be taken back (:meth:`Game.push`): something hidden came to
#: light, chance was used, or a new turn began.
UNDO_BARRIERS = frozenset({"reveal", "refill", "four_alike", "shuffle", "draw", "swap", "pass", "pass_choice",
                           "under_stack", "win", "stalemate", "turn"})

# --------------------------------------------------------------------------------------------------------
# Cached action objects: legal_actions() hands out these shared instances, so no Action is built on the
# hot path and apply() can recognise them by identity.

END_PLAY = Action("end_play")
_HARVEST = {c: Action("harvest", c) for c in CARDS}
_PLAY = {c: Action("play", c) for c in CARDS}
_PLAY_T: dict[tuple[str, int], Action] = {
    (c, t): Action("play", c, target=t) for c in (LEEK, BEET, ONION) for t in range(MAX_PLAYERS)
}
_PLAY_C: dict[tuple[str, str], Action] = {(c, x): Action("play", c, cards=(x,)) for c in (CORN, PEPPER) for x in CARDS}
_CORN_GET = {x: _PLAY_C[CORN, x] for x in CARDS}.__getitem__
_PEPPER_GET = {x: _PLAY_C[PEPPER, x] for x in CARDS}.__getitem__
_LEEK_TAKE = Action("choose", option="take")
_LEEK_LEAVE = Action("choose", option="leave")
_PEAS: dict[tuple[str, int], Action] = {
    (c, t): Action("choose", c, target=t) for c in CARDS for t in range(MAX_PLAYERS)
}
_RHUBARB: dict[str, Action] = {c: Action("choose", c) for c in CARDS}
_PASS: dict[tuple[str, ...], Action] = {}
_HARVEST_CACHE: dict[tuple[str, ...], list[Action]] = {}
_PASS_CACHE: dict[tuple[str, ...], list[Action]] = {}


def _pass_action(cards: tuple[str, ...]) -> Action:
    act = _PASS.get(cards)
    if act is None:
        act = _PASS[cards] = Action("choose", cards=cards)
    return act


# Event tuple layout: (what, seat, cards, src, dst, target, by, visible_to)
#   cards: tuple of card ids; visible_to: None (public) or a tuple of seats that may see the card names.
Event = tuple[str, int | None, tuple[str, ...], str | None, str | None, int | None, str | None,
              tuple[int, ...] | None]
EVENT_KEYS = ("what", "seat", "cards", "from", "to", "target", "by", "visible_to")

# Reason ids for why_unplayable(); the catalogue has "artischocken.unplayable.<id>" for each.
UNPLAYABLE_REASONS = (
    "game_over", "not_your_turn", "not_play_phase", "decision_pending", "not_in_hand", "after_carrot",
    "artichoke", "needs_artichoke", "needs_three_artichokes", "needs_two_artichokes", "carrot_not_first",
    "needs_two_stack_cards", "needs_deck_or_discard", "no_leek_target", "needs_row_card",
    "needs_discard_card", "needs_other_hand_card", "no_beet_target", "needs_row_or_stack",
    "variant_off", "unknown_card",
)


def _shuffle(cards: list[str], rng: random.Random) -> None:
    """Fisher-Yates with the game's generator (``rng.random`` based: faster than ``Random.shuffle``)."""
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


_ONION_ACTS = {n: tuple(tuple(_PLAY_T[ONION, t] for t in range(n) if t != p) for p in range(n))
               for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def _others_table(players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(t for t in range(players) if t != p) for p in range(players))


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


def _distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


class Game:
    """One game of Artischocken. Build with :func:`new_game` or :meth:`Game.from_dict`."""

    __slots__ = (
        "players", "rhubarb", "round_limit", "seed", "start_player", "rng",
        "hands", "decks", "discards", "known", "stack", "row", "compost",
        "player", "phase", "played", "turn_number", "pending", "in_play",
        "_over", "_winner", "log", "_legal", "_others", "undo_stack",
    )

    players: int
    rhubarb: bool
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
    pending: dict[str, Any] | None
    in_play: str | None
    _over: bool
    _winner: int | None
    log: list[Event]
    _legal: list[Action] | None
    _others: tuple[tuple[int, ...], ...]
    #: Positions that ``pop`` can go back to (python-chess's move stack): see :meth:`push`.
    undo_stack: list[Game]

    # ---------------------------------------------------------------------------------------------------
    # Queries of the contract

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        if self._over:
            return None
        pending = self.pending
        if pending is not None:
            if pending["kind"] == "eggplant":
                return int(pending["queue"][0])
            return int(pending["seat"])
        return self.player

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def round(self) -> int:
        """The round being played (0-based): every seat has had ``round`` full turns before."""
        return self.turn_number // self.players

    def opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    # ---------------------------------------------------------------------------------------------------
    # Legal actions

    def legal_actions(self) -> list[Action]:
        """Every action the current seat may take now (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[Action]:
        if self._over:
            return []
        pending = self.pending
        if pending is not None:
            return self._pending_actions(pending)
        if self.phase == "harvest":
            key = tuple(self.row)
            legal = _HARVEST_CACHE.get(key)
            if legal is None:
                if len(_HARVEST_CACHE) > 100_000:
                    _HARVEST_CACHE.clear()
                legal = _HARVEST_CACHE[key] = [_HARVEST[c] for c in dict.fromkeys(key)]
            return legal
        # play phase (A-T4)
        out = [END_PLAY]
        played = self.played
        if played and CARROT in played:  # A-C-CARROT: nothing after it
            return out
        p = self.player
        hand = self.hands[p]
        arts = hand.count(ARTICHOKE)
        for c in dict.fromkeys(hand):
            if c is ARTICHOKE:
                continue
            if arts:
                if c is ONION:
                    out.extend(_ONION_ACTS[self.players][p])
                    continue
                if c is EGGPLANT:
                    out.append(_PLAY[c])
                    continue
                if c is CORN:
                    row = self.row
                    if row:
                        out.extend(map(_CORN_GET, dict.fromkeys(row)))
                    continue
                if c is BROCCOLI:
                    if arts >= 3:
                        out.append(_PLAY[c])
                    continue
                if c is CARROT:
                    if arts >= 2 and not played:
                        out.append(_PLAY[c])
                    continue
            elif c is ONION or c is EGGPLANT or c is CORN or c is BROCCOLI or c is CARROT:
                continue
            if c is POTATO:
                if self.decks[p] or self.discards[p]:
                    out.append(_PLAY[c])
            elif c is PEAS:
                if len(self.stack) >= 2:
                    out.append(_PLAY[c])
            elif c is LEEK:
                decks, discards = self.decks, self.discards
                for t in self._others[p]:
                    if decks[t] or discards[t]:
                        out.append(_PLAY_T[c, t])
            elif c is PEPPER:
                discard = self.discards[p]
                if discard:
                    out.extend(map(_PEPPER_GET, dict.fromkeys(discard)))
            elif c is BEET:
                if len(hand) >= 2:
                    hands = self.hands
                    for t in self._others[p]:
                        if hands[t]:
                            out.append(_PLAY_T[c, t])
            elif c is RHUBARB:  # noqa: SIM102 - one branch per card reads like the rule sheet
                if self.row or self.stack:
                    out.append(_PLAY[c])
        return out

    def _pending_actions(self, pending: dict[str, Any]) -> list[Action]:
        kind = pending["kind"]
        if kind == "leek":
            return [_LEEK_TAKE, _LEEK_LEAVE]
        if kind == "peas":
            seat = pending["seat"]
            return [_PEAS[c, t] for c in _distinct(pending["revealed"]) for t in range(self.players) if t != seat]
        if kind == "rhubarb":
            return [_RHUBARB[c] for c in _distinct(self.row)]
        # eggplant: this seat chooses which cards (2, or all it has if fewer) it passes on
        seat = pending["queue"][0]
        key = tuple(sorted(self.hands[seat]))
        legal = _PASS_CACHE.get(key)
        if legal is None:
            if len(key) <= 2:
                legal = [_pass_action(key)]
            else:
                m = len(key)
                combos = dict.fromkeys((key[i], key[j]) for i in range(m) for j in range(i + 1, m))
                legal = [_pass_action(c) for c in combos]
            if len(_PASS_CACHE) > 100_000:
                _PASS_CACHE.clear()
            _PASS_CACHE[key] = legal
        return legal

    def why_unplayable(self, card: str, player: int | None = None) -> str | None:
        """None when ``player`` (default: the seat to act) may play ``card`` now, else a reason id.

        The reason ids are :data:`UNPLAYABLE_REASONS`; the text is ``artischocken.unplayable.<id>``.
        """
        card = _CANON.get(card, card)
        if card not in _CARD_SET:
            return "unknown_card"
        if self._over:
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
        if CARROT in self.played:
            return "after_carrot"
        arts = hand.count(ARTICHOKE)
        others = [t for t in range(self.players) if t != seat]
        if card is ARTICHOKE:
            return "artichoke"
        if card is BROCCOLI:
            return None if arts >= 3 else "needs_three_artichokes"
        if card in (EGGPLANT, ONION):
            return None if arts else "needs_artichoke"
        if card is CARROT:
            if self.played:
                return "carrot_not_first"
            return None if arts >= 2 else "needs_two_artichokes"
        if card is POTATO:
            return None if (self.decks[seat] or self.discards[seat]) else "needs_deck_or_discard"
        if card is PEAS:
            return None if len(self.stack) >= 2 else "needs_two_stack_cards"
        if card is LEEK:
            return None if any(self.decks[t] or self.discards[t] for t in others) else "no_leek_target"
        if card is CORN:
            if not arts:
                return "needs_artichoke"
            return None if self.row else "needs_row_card"
        if card is PEPPER:
            return None if self.discards[seat] else "needs_discard_card"
        if card is BEET:
            if len(hand) < 2:
                return "needs_other_hand_card"
            return None if any(self.hands[t] for t in others) else "no_beet_target"
        # rhubarb
        return None if (self.row or self.stack) else "needs_row_or_stack"

    # ---------------------------------------------------------------------------------------------------
    # Applying actions

    def apply(self, action: Action) -> None:
        """Carry out ``action`` for the current seat; an illegal one raises IllegalAction and changes nothing.

        An applied action cannot be taken back: it empties the move stack of :meth:`push`."""
        if self.undo_stack:
            self.undo_stack = []
        self._apply(action)

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
        self._apply(action)
        stack = self.undo_stack
        log = self.log
        barrier = (self._over or self.current_player != actor
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
        self._legal = None

    def _apply(self, action: Action) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        for act in legal:
            if act is action:
                break
        else:
            action = self._match(action, legal)
        self._legal = None
        kind = action.kind
        if kind == "play":
            self._play(action)
        elif kind == "harvest":  # A-T3: one row card into the hand (inlined for speed)
            card: str = action.card  # type: ignore[assignment]
            p = self.player
            self.row.remove(card)
            self.hands[p].append(card)
            self.log.append(("harvest", p, (card,), "garden_row", "hand", None, None, None))
            self.phase = "play"
        elif kind == "end_play":
            self._end_turn()
        else:
            self._choose(action)

    def _match(self, action: object, legal: list[Action]) -> Action:
        """The legal action equal to ``action`` (eggplant passes in any card order), else IllegalAction."""
        if not isinstance(action, Action):
            raise IllegalAction(f"expected an Action, got {type(action).__name__}")
        for act in legal:
            if act == action:
                return act
        # Lenient forms of the same decision: cards given as a list or (for an eggplant pass) in any order,
        # and a left-out target where only one opponent exists.
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
        if self._over:
            return "the game is over; no action is possible"
        if action.kind not in ACTION_KINDS:
            return f"unknown action kind {action.kind!r} (one of {', '.join(ACTION_KINDS)})"
        seat = self.current_player
        if self.pending is not None:
            return (f"seat {seat} must first answer the pending {self.pending['kind']} decision with a "
                    f"'choose' action; {action} is not one of its options")
        if action.kind == "play" and isinstance(action.card, str) and self.phase == "play":
            reason = self.why_unplayable(action.card)
            if reason is not None:
                return f"seat {seat} cannot play {action.card!r} now ({reason})"
            return f"{action} is not a legal way to play {action.card!r} now (check target/cards)"
        return f"{action} is not legal for seat {seat} in phase {self.phase!r}"

    # --- events -------------------------------------------------------------------------------------------

    def _ev(self, what: str, seat: int | None, cards: tuple[str, ...] = (), src: str | None = None,
            dst: str | None = None, target: int | None = None, by: str | None = None,
            visible_to: tuple[int, ...] | None = None) -> None:
        self.log.append((what, seat, cards, src, dst, target, by, visible_to))

    # --- zone helpers -----------------------------------------------------------------------------------

    def _reshuffle(self, seat: int) -> None:
        """A-T6/A-C-POTATO/A-C-LEEK: the empty deck becomes the shuffled discard."""
        deck = self.decks[seat]
        discard = self.discards[seat]
        deck.extend(discard)
        discard.clear()
        _shuffle(deck, self.rng)
        self.known[seat] = 0
        self.log.append(("shuffle", seat, (), "discard", "deck", None, None, None))

    def _reveal_top(self, seat: int) -> str | None:
        """Take the top card of seat's deck (reshuffling an empty deck first); None when both are empty."""
        deck = self.decks[seat]
        if not deck:
            if not self.discards[seat]:
                return None
            self._reshuffle(seat)
        if self.known[seat]:
            self.known[seat] -= 1
        return deck.pop()

    def _fill_row(self) -> list[str]:
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

    def _refill(self, seat: int, by: str | None = None) -> None:
        """A-T1 refill and A-T2 four-alike reshuffles with their stopping condition."""
        dealt = self._fill_row()
        if dealt:
            self.log.append(("refill", seat, tuple(dealt), "garden_stack", "garden_row", None, by, None))
        self._four_alike_check(seat, by)

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
            _shuffle(stack, self.rng)
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

    # --- turn flow ----------------------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        """A-T1/A-T2 for the seat to move, then harvest (or play straight away when the row is empty)."""
        p = self.player
        self.played = []
        self.log.append(("turn", p, (), None, None, None, None, None))
        self.phase = "refill"
        self._refill(p)
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
            drawn = deck[-HAND_SIZE:]
            del deck[-HAND_SIZE:]
            drawn.reverse()
            need = 0
        else:
            drawn = []
            need = HAND_SIZE
        while need:
            if not deck:
                if not discard:
                    break
                self._reshuffle(p)
            k = need if need <= len(deck) else len(deck)
            part = deck[-k:]
            del deck[-k:]
            part.reverse()
            drawn.extend(part)
            need -= k
        known = self.known[p]
        if known:
            self.known[p] = max(0, known - len(drawn))
        hand.extend(drawn)
        log.append(("draw", p, tuple(drawn), "deck", "hand", None, None, (p,)))
        self.turn_number += 1
        if ARTICHOKE not in hand:  # A-W1
            self._over = True
            self._winner = p
            self.phase = "over"
            log.append(("win", p, (), None, None, None, None, None))
            return
        limit = self.round_limit
        if limit is not None and self.turn_number >= limit * self.players:  # A-W2
            self._over = True
            self.phase = "over"
            log.append(("stalemate", None, (), None, None, None, None, None))
            return
        p = self.player = (p + 1) % self.players
        # next seat: A-T1/A-T2 (inlined _begin_turn for speed)
        self.played = []
        log.append(("turn", p, (), None, None, None, None, None))
        row = self.row
        stack = self.stack
        if len(row) == ROW_SIZE - 1 and stack:  # the usual case: one card to deal
            card = stack.pop()
            row.append(card)
            log.append(("refill", p, (card,), "garden_stack", "garden_row", None, None, None))
            if row.count(row[0]) >= 4 or row.count(row[1]) >= 4:  # _four_alike, inlined
                self._four_alike_check(p, None)
        elif (len(row) < ROW_SIZE and stack) or _four_alike(row):
            self._refill(p)
        self.phase = "harvest" if row else "play"

    # --- playing cards (A-T4, A-C-*) ----------------------------------------------------------------------

    def _play(self, action: Action) -> None:
        card = action.card
        assert card is not None
        p = self.player
        hand = self.hands[p]
        hand.remove(card)
        self.played.append(card)
        log = self.log
        log.append(("play", p, (card,), "hand", "table", action.target, None, None))
        if card is BROCCOLI:  # A-C-BROCCOLI
            hand.remove(ARTICHOKE)
            log.append(("compost", p, (ARTICHOKE,), "hand", "compost", None, card, None))
            self.compost.append(ARTICHOKE)
            self._to_discard(p, card)
        elif card is CARROT:  # A-C-CARROT
            hand.remove(ARTICHOKE)
            hand.remove(ARTICHOKE)
            self.compost.extend((card, ARTICHOKE, ARTICHOKE))
            log.append(("compost", p, (card, ARTICHOKE, ARTICHOKE), "hand", "compost", None, card, None))
        elif card is ONION:  # A-C-ONION
            hand.remove(ARTICHOKE)
            self.compost.append(ARTICHOKE)
            log.append(("compost", p, (ARTICHOKE,), "hand", "compost", None, card, None))
            t = action.target
            assert t is not None
            self.discards[t].append(card)
            log.append(("give", p, (card,), "table", "discard", t, card, None))
        elif card is EGGPLANT:  # A-C-EGGPLANT
            hand.remove(ARTICHOKE)
            self.compost.extend((card, ARTICHOKE))
            log.append(("compost", p, (card, ARTICHOKE), "hand", "compost", None, card, None))
            n = self.players
            queue = [s for s in ((p + i) % n for i in range(n)) if self.hands[s]]
            if queue:
                self.pending = {"kind": "eggplant", "seat": p, "queue": queue, "chosen": {}}
            else:
                log.append(("pass_done", p, (), None, None, None, card, None))
        elif card is POTATO:  # A-C-POTATO
            top = self._reveal_top(p)
            assert top is not None
            log.append(("reveal", p, (top,), "deck", "revealed", p, card, None))
            if top is ARTICHOKE:
                self.compost.append(top)
                log.append(("compost", p, (top,), "revealed", "compost", None, card, None))
            else:
                self.discards[p].append(top)
                log.append(("move", p, (top,), "revealed", "discard", p, card, None))
            self._to_discard(p, card)
        elif card is PEAS:  # A-C-PEAS
            stack = self.stack
            revealed = [stack.pop(), stack.pop()]
            log.append(("reveal", p, tuple(revealed), "garden_stack", "revealed", None, card, None))
            self.in_play = card
            self.pending = {"kind": "peas", "seat": p, "revealed": revealed}
        elif card is LEEK:  # A-C-LEEK
            t = action.target
            assert t is not None
            top = self._reveal_top(t)
            assert top is not None
            log.append(("reveal", p, (top,), "deck", "revealed", t, card, None))
            self.in_play = card
            self.pending = {"kind": "leek", "seat": p, "target": t, "revealed": [top]}
        elif card is CORN:  # A-C-CORN
            x = action.cards[0]
            hand.remove(ARTICHOKE)
            discard = self.discards[p]
            discard.append(ARTICHOKE)
            discard.append(card)
            log.append(("move", p, (ARTICHOKE, card), "hand", "discard", p, card, None))
            self.row.remove(x)
            self.decks[p].append(x)
            self.known[p] += 1
            log.append(("to_deck", p, (x,), "garden_row", "deck", p, card, None))
        elif card is PEPPER:  # A-C-PEPPER
            x = action.cards[0]
            discard = self.discards[p]
            # take the topmost copy of that card
            idx = len(discard) - 1
            while discard[idx] != x:
                idx -= 1
            del discard[idx]
            self.decks[p].append(x)
            self.known[p] += 1
            log.append(("to_deck", p, (x,), "discard", "deck", p, card, None))
            self._to_discard(p, card)
        elif card is BEET:  # A-C-BEET
            t = action.target
            assert t is not None
            theirs = self.hands[t]
            rng = self.rng
            mine_i = rng.randrange(len(hand))
            theirs_i = rng.randrange(len(theirs))
            got = theirs.pop(theirs_i)
            gave = hand.pop(mine_i)
            if got is ARTICHOKE and gave is ARTICHOKE:
                self.compost.extend((ARTICHOKE, ARTICHOKE))
                log.append(("compost", p, (ARTICHOKE, ARTICHOKE), "hand", "compost", t, card, None))
            else:
                hand.append(got)
                theirs.append(gave)
                log.append(("swap", p, (got,), "hand", "hand", t, card, (p, t)))
                log.append(("swap", t, (gave,), "hand", "hand", p, card, (p, t)))
            self._to_discard(p, card)
        elif card is RHUBARB:  # A-C-RHUBARB
            self.compost.append(card)
            log.append(("compost", p, (card,), "table", "compost", None, card, None))
            row = self.row
            if row:
                moved = list(row)
                row.clear()
                _shuffle(moved, self.rng)
                self.stack[:0] = moved  # under the stack (the stack's top is the list's end)
                log.append(("under_stack", p, tuple(moved), "garden_row", "garden_stack", None, card, None))
            self._refill(p, by=card)
            self.pending = {"kind": "rhubarb", "seat": p}
        else:  # pragma: no cover - artichokes are never legal
            raise IllegalAction(f"{card!r} cannot be played")

    def _to_discard(self, seat: int, card: str) -> None:
        self.discards[seat].append(card)
        self.log.append(("move", seat, (card,), "table", "discard", seat, card, None))

    def _choose(self, action: Action) -> None:
        pending = self.pending
        assert pending is not None
        kind = pending["kind"]
        log = self.log
        if kind == "eggplant":
            seat = pending["queue"].pop(0)
            pending["chosen"][seat] = action.cards
            log.append(("pass_choice", seat, action.cards, "hand", None, None, EGGPLANT, (seat,)))
            if pending["queue"]:
                return
            # A-C-EGGPLANT: all chose, now all cards move at once
            n = self.players
            chosen: dict[int, tuple[str, ...]] = pending["chosen"]
            hands = self.hands
            for s, cards in chosen.items():
                for c in cards:
                    hands[s].remove(c)
            for s, cards in chosen.items():
                to = (s + 1) % n
                hands[to].extend(cards)
                log.append(("pass", s, cards, "hand", "hand", to, EGGPLANT, (s, to)))
            self.pending = None
            return
        seat = pending["seat"]
        self.pending = None
        if kind == "rhubarb":
            card = action.card
            assert card is not None
            self.row.remove(card)
            self.hands[seat].append(card)
            log.append(("take", seat, (card,), "garden_row", "hand", None, RHUBARB, None))
            return
        played = self.in_play
        assert played is not None
        self.in_play = None
        if kind == "leek":
            top = pending["revealed"][0]
            t = pending["target"]
            if action.option == "take":
                self.hands[seat].append(top)
                log.append(("take", seat, (top,), "revealed", "hand", t, LEEK, None))
            else:
                self.discards[t].append(top)
                log.append(("leave", seat, (top,), "revealed", "discard", t, LEEK, None))
        else:  # peas
            keep = action.card
            assert keep is not None
            revealed = list(pending["revealed"])
            revealed.remove(keep)
            other = revealed[0]
            t = action.target
            assert t is not None
            self.discards[seat].append(keep)
            log.append(("move", seat, (keep,), "revealed", "discard", seat, PEAS, None))
            self.discards[t].append(other)
            log.append(("give", seat, (other,), "revealed", "discard", t, PEAS, None))
        self._to_discard(seat, played)

    # ---------------------------------------------------------------------------------------------------
    # Copies, saves, views

    def clone(self) -> Game:
        g = Game.__new__(Game)
        g.players = self.players
        g.rhubarb = self.rhubarb
        g.round_limit = self.round_limit
        g.seed = self.seed
        g.start_player = self.start_player
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
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
        g.pending = _copy_pending(self.pending)
        g.in_play = self.in_play
        g._over = self._over
        g._winner = self._winner
        g.log = list(self.log)
        g._legal = None
        g._others = self._others
        g.undo_stack = []
        return g

    def card_counts(self) -> Counter[str]:
        """How many of each card exist across every zone (A-G3: constant through the game)."""
        total: Counter[str] = Counter()
        for zone in (*self.hands, *self.decks, *self.discards, self.stack, self.row, self.compost):
            total.update(zone)
        if self.in_play is not None:
            total[self.in_play] += 1
        pending = self.pending
        if pending is not None and pending["kind"] in ("leek", "peas"):
            total.update(pending["revealed"])
        return total

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-safe data (format ``artischocken/1``); ``from_dict`` resumes it exactly."""
        version, internal, gauss = self.rng.getstate()
        return {
            "format": FORMAT,
            "options": {"players": self.players, "rhubarb": self.rhubarb, "round_limit": self.round_limit},
            "players": [
                {"hand": list(self.hands[s]), "deck": self.decks[s][::-1], "discard": list(self.discards[s]),
                 "known_top": self.known[s]}
                for s in range(self.players)
            ],
            "garden_stack": self.stack[::-1],
            "garden_row": list(self.row),
            "compost": list(self.compost),
            "turn": {"player": self.player, "phase": self.phase, "played": list(self.played),
                     "number": self.turn_number},
            "seed": self.seed,
            "start_player": self.start_player,
            "pending": _pending_to_json(self.pending, self.in_play),
            "result": {"over": self._over, "winner": self._winner},
            "rng": [version, list(internal), gauss],
            "log": [_event_dict(e) for e in self.log],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """Build a game from a saved or hand-written position; malformed data raises ValueError."""
        from game.artischocken.engine_load import load

        return load(d)

    def view(self, player: int, *, log: bool = True, log_since: int = 0) -> dict[str, Any]:
        """What seat ``player`` may know (A-G2), JSON-safe. ``log=False`` leaves the event log out."""
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise ValueError(f"player must be a seat number 0..{self.players - 1}, got {player!r}")
        p = player
        known = self.known[p]
        deck = self.decks[p]
        pending = self.pending
        pend: dict[str, Any] | None = None
        if pending is not None:
            kind = pending["kind"]
            deciding = self.current_player
            pend = {"kind": kind, "seat": deciding, "by": pending["seat"], "mine": deciding == p}
            if kind in ("leek", "peas"):  # the revealed cards lie face up for everyone
                pend["revealed"] = list(pending["revealed"])
                if kind == "leek":
                    pend["target"] = pending["target"]
            elif kind == "eggplant":
                pend["waiting"] = list(pending["queue"])
                if deciding == p:
                    pend["count"] = min(2, len(self.hands[p]))
        out: dict[str, Any] = {
            "seat": p,
            "players": self.players,
            "rhubarb": self.rhubarb,
            "round_limit": self.round_limit,
            "current_player": self.current_player,
            "phase": self.phase,
            "turn": {"player": self.player, "number": self.turn_number, "round": self.round,
                     "played": list(self.played)},
            "hand": list(self.hands[p]),
            "deck_top_known": deck[:-known - 1:-1] if known else [],
            "seats": [
                {"seat": s, "hand_count": len(self.hands[s]), "deck_count": len(self.decks[s]),
                 "discard": list(self.discards[s])}
                for s in range(self.players)
            ],
            "garden_row": list(self.row),
            "garden_stack_count": len(self.stack),
            "compost": list(self.compost),
            "in_play": self.in_play,
            "pending": pend,
            "is_over": self._over,
            "winner": self._winner,
            "log_size": len(self.log),
        }
        if log:
            out["log"] = [_event_view(e, p) for e in self.log[log_since:]]
        return out

    @property
    def log_size(self) -> int:
        """How many entries the event log holds (a mark for :meth:`log_view`)."""
        return len(self.log)

    def log_view(self, player: int, since: int = 0) -> list[dict[str, Any]]:
        """Seat ``player``'s view of the event log from entry ``since`` on (the ``log`` of :meth:`view`)."""
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise ValueError(f"player must be a seat number 0..{self.players - 1}, got {player!r}")
        return [_event_view(e, player) for e in self.log[max(0, since):]]

    def events(self, since: int = 0) -> list[dict[str, Any]]:
        """The full event log (hidden cards included) as dicts; for replays and tests, never for a seat."""
        return [_event_dict(e) for e in self.log[since:]]


def _copy_pending(pending: dict[str, Any] | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    out = dict(pending)
    if "queue" in out:
        out["queue"] = list(out["queue"])
        out["chosen"] = dict(out["chosen"])
    if "revealed" in out:
        out["revealed"] = list(out["revealed"])
    return out


def _pending_to_json(pending: dict[str, Any] | None, in_play: str | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    out: dict[str, Any] = {"kind": pending["kind"], "seat": pending["seat"]}
    if "revealed" in pending:
        out["revealed"] = list(pending["revealed"])
    if "target" in pending:
        out["target"] = pending["target"]
    if "queue" in pending:
        out["queue"] = list(pending["queue"])
        out["chosen"] = [[s, list(c)] for s, c in pending["chosen"].items()]
    if in_play is not None:
        out["in_play"] = in_play
    return out


def _event_dict(e: Event) -> dict[str, Any]:
    vis = e[7]
    return {"what": e[0], "seat": e[1], "cards": list(e[2]), "from": e[3], "to": e[4], "target": e[5],
            "by": e[6], "visible_to": None if vis is None else list(vis)}


def _event_view(e: Event, viewer: int) -> dict[str, Any]:
    vis = e[7]
    if vis is None or viewer in vis:
        cards: list[str] | None = list(e[2])
    else:
        cards = None
    return {"what": e[0], "seat": e[1], "cards": cards, "count": len(e[2]), "from": e[3], "to": e[4],
            "target": e[5], "by": e[6], "public": vis is None}


def new_game(players: int = 2, *, seed: int = 0, rhubarb: bool = False, start_player: int | None = None,
             round_limit: int | None = None) -> Game:
    """A fresh game (A-S1..A-S4), already refilled (A-T1, A-T2) and waiting for the first harvest."""
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
    g.round_limit = round_limit
    g.seed = seed
    rng = g.rng = random.Random(seed)
    stack = [v for v in VEGETABLES for _ in range(PER_VEGETABLE)]
    if rhubarb:
        stack.extend([RHUBARB] * PER_VEGETABLE)
    _shuffle(stack, rng)
    g.stack = stack
    g.row = []
    g.compost = []
    g.hands = [[ARTICHOKE] * HAND_SIZE for _ in range(players)]
    g.decks = [[ARTICHOKE] * (DECK_ARTICHOKES - HAND_SIZE) for _ in range(players)]
    g.discards = [[] for _ in range(players)]
    g.known = [0] * players
    g.log = []
    for s in range(players):
        g.log.append(("draw", s, (ARTICHOKE,) * HAND_SIZE, "deck", "hand", None, None, (s,)))
    g.start_player = rng.randrange(players) if start_player is None else start_player
    g.player = g.start_player
    g.phase = "refill"
    g.played = []
    g.turn_number = 0
    g.pending = None
    g.in_play = None
    g._over = False
    g._winner = None
    g._legal = None
    g._others = _others_table(players)
    g.undo_stack = []
    g._begin_turn()
    return g
