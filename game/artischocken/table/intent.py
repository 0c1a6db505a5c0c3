"""What the looking seat is deciding and has selected so far (pure: no pygame, no engine insides).

Every decision is derived from the seat's view and its legal actions, never from card names: a selected card
whose legal plays name a target asks for a seat, one whose plays name a card asks for a pick (from the zone the
engine declares in ``CHOICE_ZONE``), any other is confirmed; a pending decision is the view's ``pending``.
The bar's buttons and the prompt follow from the same :class:`Decision`, as data the scene turns into widgets.

Every card is played the same way, so that a newcomer learns one gesture: select it (click or 1-9), make its
choice if it has one (a seat, a row card, a discard card: clicking only chooses, it never plays), then Play
(the button, Enter, or a second click on the selected card). Only Cancel or Esc takes a selection back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.artischocken.describe import card_name, plural
from game.artischocken.engine.cards import ARTICHOKE, CARDS, CHOICE_ZONE, Action
from game.i18n import t

#: Hand cards read best grouped: vegetables in the engine's order, then rhubarb, artichokes last.
HAND_ORDER: tuple[str, ...] = (*(c for c in CARDS if c != ARTICHOKE), ARTICHOKE)
_RANK = {c: i for i, c in enumerate(HAND_ORDER)}

#: Decisions in which the looking seat plays cards from its hand (hand cards are clickable and may be veiled).
PLAYING = frozenset({"play", "confirm", "target", "pick_row", "pick_discard"})
#: Decisions in which a garden-row card is clicked.
ROW_PICKS = frozenset({"harvest", "rhubarb", "pick_row"})
#: Decisions in which the selected card's choice is made before it is played.
CHOOSING = frozenset({"target", "pick_row", "pick_discard"})
END_PLAY = Action("end_play")


def display_order(hand: Sequence[str]) -> list[str]:
    """Hand cards grouped for reading (vegetables first in a fixed order, artichokes last)."""
    return sorted(hand, key=lambda c: _RANK.get(c, len(_RANK)))


@dataclass
class Intent:
    """The looking seat's selection while it makes up its mind (nothing here is sent to the game)."""

    selected: int | None = None  # index into the hand in display order
    pass_sel: list[int] = field(default_factory=list)  # eggplant: hand indices to pass on
    peas_keep: str | None = None  # peas: the revealed card to keep, before the opponent is chosen
    choice: Action | None = None  # the selected card's chosen play (its target or picked card), before Play
    browse: tuple[str, int | None] | None = None  # ("discard", seat) / ("compost", None) / ("pick", seat)
    browse_pick: bool = False

    def clear(self) -> None:
        self.selected = None
        self.pass_sel = []
        self.peas_keep = None
        self.choice = None
        self.browse_pick = False
        if self.browse and self.browse[0] == "pick":
            self.browse = None

    @property
    def busy(self) -> bool:
        """Something is selected (Esc first clears it)."""
        return self.selected is not None or bool(self.pass_sel) or self.peas_keep is not None


@dataclass(frozen=True)
class Command:
    """What a button does: ``undo``, ``cancel``, ``confirm``, ``end_turn``, ``pass``, ``target`` (arg: seat),
    ``leek`` (arg: option)."""

    name: str
    arg: Any = None


@dataclass(frozen=True)
class ButtonSpec:
    label: str
    command: Command
    style: str
    enabled: bool = True


@dataclass
class Decision:
    """The looking seat's decision now, from its view, its legal actions and its selection."""

    kind: str  # wait, harvest, play, confirm, target, pick_row, pick_discard, leek, peas, rhubarb, pass
    hand: list[str]  # the looking seat's hand in display order ([] when nobody looks)
    legal: list[Action]
    card: str | None = None  # the selected hand card
    plays: list[Action] = field(default_factory=list)  # its legal plays
    pending: dict[str, Any] | None = None
    chosen: Action | None = None  # the selected card's chosen play, once its choice is made

    @property
    def ready(self) -> Action | None:
        """The play that Play makes now: the card's only play, or its chosen one (None: a choice is missing)."""
        if self.kind == "confirm":
            return self.plays[0] if self.plays else None
        return self.chosen if self.kind in CHOOSING else None

    def playable(self, card: str) -> bool:
        return any(a.kind == "play" and a.card == card for a in self.legal)

    @property
    def only_end(self) -> bool:
        """Nothing but ending the play phase is legal (no card playable, or after a carrot)."""
        return bool(self.legal) and all(a.kind == "end_play" for a in self.legal)

    @property
    def targets(self) -> list[int]:
        """The seats to be clicked now: the selected card's targets, or whom the peas' other card goes to."""
        if self.kind == "target":
            return sorted({a.target for a in self.plays if a.target is not None})
        if self.kind == "peas":
            return sorted({a.target for a in self.legal if a.target is not None})
        return []

    @property
    def picks(self) -> list[str]:
        """The cards that can be picked now (row cards, or the own discard's cards for a pick there)."""
        if self.kind in ("pick_row", "pick_discard"):
            return list(dict.fromkeys(a.cards[0] for a in self.plays if a.cards))
        if self.kind in ("harvest", "rhubarb"):
            return list(dict.fromkeys(a.card for a in self.legal if a.card is not None))
        return []

    @property
    def pass_count(self) -> int:
        """How many cards an eggplant pass takes from this hand (A-C-EGGPLANT: 2, or all if fewer)."""
        if self.kind != "pass":
            return 0
        return max((len(a.cards) for a in self.legal), default=0)

    def target_action(self, seat: int, peas_keep: str | None) -> Action | None:
        if self.kind == "target":
            return next((a for a in self.plays if a.target == seat), None)
        if self.kind == "peas" and peas_keep is not None:
            return next((a for a in self.legal if a.card == peas_keep and a.target == seat), None)
        return None

    def pick_action(self, card: str) -> Action | None:
        """The action of picking ``card`` (a row card to harvest or take, or a card for the selected play)."""
        if self.kind in ("pick_row", "pick_discard"):
            return next((a for a in self.plays if a.cards == (card,)), None)
        if self.kind in ("harvest", "rhubarb"):
            return next((a for a in self.legal if a.card == card), None)
        return None

    def pass_action(self, cards: Sequence[str]) -> Action | None:
        want = sorted(cards)
        return next((a for a in self.legal if a.kind == "choose" and sorted(a.cards) == want), None)

    def option_action(self, option: str) -> Action | None:
        return next((a for a in self.legal if a.option == option), None)


def decide(view: dict[str, Any], legal: list[Action], intent: Intent, *, looking: bool, deciding: bool) -> Decision:
    """The decision of the seat whose ``view`` this is: ``looking``, it may look at the screen now (its hand is
    shown); ``deciding``, it is also the seat to act (``legal`` are its actions)."""
    hand = display_order(view["hand"]) if looking else []
    if not (looking and deciding) or not legal:
        return Decision("wait", hand, [])
    pending = view.get("pending")
    if pending:
        kind = "pass" if pending["kind"] == "eggplant" else str(pending["kind"])
        return Decision(kind, hand, legal, pending=pending)
    if view["phase"] == "harvest":
        return Decision("harvest", hand, legal)
    card = hand[intent.selected] if intent.selected is not None and 0 <= intent.selected < len(hand) else None
    if card is None:
        return Decision("play", hand, legal)
    plays = [a for a in legal if a.kind == "play" and a.card == card]
    if any(a.target is not None for a in plays):
        kind = "target"
    elif any(a.cards for a in plays):
        kind = "pick_row" if CHOICE_ZONE.get(card) == "garden_row" else "pick_discard"
    else:
        kind = "confirm"
    chosen = intent.choice if kind in CHOOSING and intent.choice in plays else None
    return Decision(kind, hand, legal, card, plays, chosen=chosen)


def bar_buttons(d: Decision, intent: Intent, can_undo: bool, names: Sequence[str]) -> list[ButtonSpec]:
    """The buttons the bar offers for decision ``d`` (left to right)."""
    out: list[ButtonSpec] = []
    cancel = ButtonSpec(t("table.btn.cancel"), Command("cancel"), "secondary")
    if (d.kind in PLAYING or d.kind == "harvest") and can_undo:
        out.append(ButtonSpec(t("table.btn.undo"), Command("undo"), "ghost"))
    play = ButtonSpec(t("table.btn.play"), Command("confirm"), "primary", d.ready is not None)
    if d.kind == "confirm":
        out += [cancel, play]
    elif d.kind == "target":
        out.append(cancel)
        chosen = d.chosen.target if d.chosen else None
        out += [ButtonSpec(f"{n + 1}  {names[s]}", Command("target", s), "green" if s == chosen else "secondary")
                for n, s in enumerate(d.targets)]
        out.append(play)
    elif d.kind in ("pick_row", "pick_discard"):
        out += [cancel, play]
    elif d.kind == "play":
        out.append(ButtonSpec(t("table.btn.end_turn"), Command("end_turn"), "green"))
    elif d.kind == "leek":
        # neither answer is a danger, nor the one Enter takes: both plain, each saying where the card goes (the
        # prompt and the card held up name it)
        revealed = (d.pending or {}).get("revealed") or [ARTICHOKE]
        target = (d.pending or {}).get("target")
        card = card_name(revealed[0])
        owner = names[target] if target is not None and 0 <= target < len(names) else ""
        out += [ButtonSpec("1  " + t("table.btn.take_card", card=card), Command("leek", "take"), "secondary"),
                ButtonSpec("2  " + t("table.btn.leave_on", card=card, name=owner), Command("leek", "leave"),
                           "secondary")]
    elif d.kind == "peas" and intent.peas_keep is not None:
        out.append(cancel)
        out += [ButtonSpec(f"{n + 1}  {names[s]}", Command("target", s), "primary") for n, s in enumerate(d.targets)]
    elif d.kind == "pass":
        out.append(ButtonSpec(t("table.btn.pass"), Command("pass"), "primary", len(intent.pass_sel) == d.pass_count))
    return out


def prompt(d: Decision, intent: Intent, view: dict[str, Any], names: Sequence[str], actor_human: bool) -> str:
    """The bar's sentence for decision ``d`` (what to do now, or whom the table waits for)."""
    actor = view["current_player"]
    pending = view.get("pending") or {}
    if d.kind == "wait":
        if actor is None:
            return ""
        if pending.get("kind") == "eggplant":
            return t("table.prompt.pass_wait")
        if not actor_human:
            return t("table.thinking", name=names[actor])
        return t("table.prompt.wait", name=names[actor])
    card = d.card
    simple = {"harvest": "table.prompt.harvest", "pick_row": "table.prompt.corn", "pick_discard": "table.prompt.pepper",
              "rhubarb": "table.prompt.rhubarb"}
    if d.kind in CHOOSING and card and d.chosen is not None:
        # one sentence that says what Play does, so that "Corn" chosen for a corn never reads "Play Corn: Corn?"
        if d.chosen.target is not None:
            return t("table.prompt.confirm_target", card=card_name(card), name=names[d.chosen.target])
        key = "table.prompt.confirm_row" if d.kind == "pick_row" else "table.prompt.confirm_discard"
        return t(key, card=card_name(card), choice=card_name(d.chosen.cards[0]))
    if d.kind in simple:
        return t(simple[d.kind])
    if d.kind == "play":
        return t("table.prompt.none_playable") if d.only_end else t("table.prompt.play")
    if d.kind == "confirm" and card:
        return t("table.prompt.confirm", card=card_name(card))
    if d.kind == "target" and card:
        return t("table.prompt.target", card=card_name(card))
    if d.kind == "leek":
        revealed = pending.get("revealed") or [ARTICHOKE]
        target = pending.get("target")
        return t("table.prompt.leek", card=card_name(revealed[0]), name=names[target] if target is not None else "")
    if d.kind == "peas":
        if intent.peas_keep is None:
            return t("table.prompt.peas_keep")
        revealed = list(pending.get("revealed") or [])
        if intent.peas_keep in revealed:
            revealed.remove(intent.peas_keep)
        return t("table.prompt.peas_give", card=card_name(revealed[0] if revealed else intent.peas_keep))
    if d.kind == "pass":
        n = d.pass_count
        left = (view["seat"] + 1) % view["players"]
        return plural("table.prompt.pass", n, n=n, name=names[left])
    return ""
