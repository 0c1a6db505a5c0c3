"""The decisions a card leaves open (pure): a leek, peas, rhubarb or eggplant waits for a ``choose`` action.

Each open decision is a frozen value, held in ``Game.pending`` (None when nothing is open): what it needs to
know, which ``choose`` actions answer it (:meth:`answers`) and what an answer does (:meth:`resolve`, which puts
the next decision, or None, in ``Game.pending``). Being immutable, a decision is shared by a game and its
copies. Its JSON form (the save's ``pending``, a view's ``pending``) is written by :mod:`.save` and
:mod:`.observer`. Methods of a decision take the game as a parameter (``engine.Game``, typed only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.artischocken.engine.cards import (
    DISCARD_EVENTS,
    EGGPLANT,
    LEEK,
    LEEK_LEAVE,
    LEEK_TAKE,
    ONE,
    PEAS,
    PEAS_CHOICES,
    RHUBARB,
    RHUBARB_ACTS,
    Action,
)

if TYPE_CHECKING:
    from game.artischocken.engine.game import Game


@dataclass(frozen=True, slots=True)
class LeekDecision:
    """A-C-LEEK: the top card of ``target``'s deck lies revealed; ``seat`` takes it or leaves it on their
    discard. The leek (``in_play``) lies on the table until then."""

    seat: int
    target: int
    revealed: tuple[str, ...]
    in_play: str = LEEK
    kind: ClassVar[str] = "leek"

    @property
    def chooser(self) -> int:
        """The seat that answers now."""
        return self.seat

    def answers(self, game: Game) -> list[Action]:
        return [LEEK_TAKE, LEEK_LEAVE]

    def resolve(self, game: Game, action: Action) -> None:
        """Take the revealed card into the hand or leave it on the opponent's discard."""
        seat, t, top, played = self.seat, self.target, self.revealed[0], self.in_play
        game.pending = None
        if action.option == "take":
            game.hands[seat].append(top)
            game.log.append(("take", seat, ONE[top], "revealed", "hand", t, LEEK, None))
        else:
            game.discards[t].append(top)
            game.log.append(("leave", seat, ONE[top], "revealed", "discard", t, LEEK, None))
        game.discards[seat].append(played)  # A-T4: from the table to the discard
        game.log.append(DISCARD_EVENTS[seat][played])


@dataclass(frozen=True, slots=True)
class PeasDecision:
    """A-C-PEAS: the garden stack's top two lie revealed; ``seat`` keeps one and names the opponent who gets
    the other. The peas (``in_play``) lie on the table until then."""

    seat: int
    revealed: tuple[str, ...]
    in_play: str = PEAS
    kind: ClassVar[str] = "peas"

    @property
    def chooser(self) -> int:
        """The seat that answers now."""
        return self.seat

    def answers(self, game: Game) -> list[Action]:
        """Each distinct card to keep, with each opponent as the receiver of the other."""
        first, second = self.revealed
        choices = PEAS_CHOICES[game.players][self.seat]
        out = list(choices[first])
        if second != first:
            out.extend(choices[second])
        return out

    def resolve(self, game: Game, action: Action) -> None:
        """The kept card onto the own discard, the other onto the chosen opponent's."""
        seat, played = self.seat, self.in_play
        game.pending = None
        keep = action.card
        t = action.target
        assert keep is not None and t is not None
        revealed = list(self.revealed)
        revealed.remove(keep)
        other = revealed[0]
        log = game.log
        game.discards[seat].append(keep)
        log.append(("move", seat, ONE[keep], "revealed", "discard", seat, PEAS, None))
        game.discards[t].append(other)
        log.append(("give", seat, ONE[other], "revealed", "discard", t, PEAS, None))
        game.discards[seat].append(played)  # A-T4: from the table to the discard
        log.append(DISCARD_EVENTS[seat][played])


@dataclass(frozen=True, slots=True)
class RhubarbDecision:
    """A-C-RHUBARB: the row was dealt anew; ``seat`` takes one of its cards into the hand."""

    seat: int
    revealed: ClassVar[tuple[str, ...]] = ()
    in_play: ClassVar[str | None] = None  # the rhubarb is composted at once
    kind: ClassVar[str] = "rhubarb"

    @property
    def chooser(self) -> int:
        """The seat that answers now."""
        return self.seat

    def answers(self, game: Game) -> list[Action]:
        """Each distinct row card, in row order."""
        return [RHUBARB_ACTS[c] for c in dict.fromkeys(game.row)]

    def resolve(self, game: Game, action: Action) -> None:
        """The row card taken into the hand."""
        seat = self.seat
        game.pending = None
        card = action.card
        assert card is not None
        game.row.remove(card)
        game.hands[seat].append(card)
        game.log.append(("take", seat, ONE[card], "garden_row", "hand", None, RHUBARB, None))


@dataclass(frozen=True, slots=True)
class EggplantDecision:
    """A-C-EGGPLANT: every seat holding cards chooses 2 of them (all, if fewer) to pass to the left, one seat
    after another (``queue``, the seat that played the eggplant first); the cards move once all have chosen.

    ``chosen`` keeps the choices made so far as (seat, cards) pairs, in the order they were made."""

    seat: int
    queue: tuple[int, ...]
    chosen: tuple[tuple[int, tuple[str, ...]], ...] = ()
    revealed: ClassVar[tuple[str, ...]] = ()
    in_play: ClassVar[str | None] = None  # the eggplant is composted at once
    kind: ClassVar[str] = "eggplant"

    @property
    def chooser(self) -> int:
        """The seat that answers now: the first one still to choose."""
        return self.queue[0]

    def answers(self, game: Game) -> list[Action]:
        """Every choice of 2 cards of the chooser's hand (the whole hand when it holds 2 or fewer)."""
        key = tuple(sorted(game.hands[self.queue[0]]))
        legal = _PASS_CACHE.get(key)
        if legal is None:
            if len(key) <= 2:
                legal = [_pass_action(key)]
            else:
                m = len(key)
                combos = dict.fromkeys((key[i], key[j]) for i in range(m) for j in range(i + 1, m))
                legal = [_pass_action(c) for c in combos]
            if len(_PASS_CACHE) > _CACHE_LIMIT:
                _PASS_CACHE.clear()
            _PASS_CACHE[key] = legal
        return legal

    def resolve(self, game: Game, action: Action) -> None:
        """One seat's choice; after the last one, every chosen card moves to the left neighbour at once."""
        seat = self.queue[0]
        cards = action.cards
        log = game.log
        log.append(("pass_choice", seat, cards, "hand", None, None, EGGPLANT, (seat,)))
        chosen = (*self.chosen, (seat, cards))
        if len(self.queue) > 1:
            game.pending = EggplantDecision(self.seat, self.queue[1:], chosen)
            return
        n = game.players
        hands = game.hands
        for s, passed in chosen:
            for c in passed:
                hands[s].remove(c)
        for s, passed in chosen:
            to = (s + 1) % n
            hands[to].extend(passed)
            log.append(("pass", s, passed, "hand", "hand", to, EGGPLANT, (s, to)))
        game.pending = None


#: Any open decision.
Decision = LeekDecision | PeasDecision | RhubarbDecision | EggplantDecision
#: Every kind of decision, one class each (their ``kind`` is the saved and viewed ``pending.kind``).
DECISIONS: tuple[type[Decision], ...] = (LeekDecision, PeasDecision, RhubarbDecision, EggplantDecision)

# The eggplant passes: one shared Action per sorted choice, and the passes per sorted hand (a bounded cache).
_PASS: dict[tuple[str, ...], Action] = {}
_PASS_CACHE: dict[tuple[str, ...], list[Action]] = {}
_CACHE_LIMIT = 100_000


def _pass_action(cards: tuple[str, ...]) -> Action:
    act = _PASS.get(cards)
    if act is None:
        act = _PASS[cards] = Action("choose", cards=cards)
    return act
