"""What the looking seat's clicks and keys do at the table: select, confirm, target, pick, pass, undo.

A mixin of :class:`~game.artischocken.table.table_base.TableBase`: every method works out the seat's decision from
its session (:meth:`decision_state`) and sends the action through :meth:`apply`; a click outside the decision
does nothing. Number keys choose the n-th item of whatever is to be chosen now.

A card from the hand is played in the same steps whatever it is (see :mod:`intent`): select, choose (when it
has a choice: clicking a seat, a row card or a discard card only chooses), Play. A play is taken back only by
Cancel or Esc; a click beside the discard picker keeps it open and points at its Cancel button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.artischocken.describe import card_name
from game.artischocken.engine.cards import Action
from game.artischocken.table.canvas import Choice
from game.artischocken.table.intent import CHOOSING, PLAYING, ROW_PICKS, Command, Decision, Intent
from game.i18n import t

if TYPE_CHECKING:
    from game.artischocken.table.table_base import CardTable
    from game.ui.widgets import MessageLine


#: How long the picker's Cancel button lights up after a click beside the picker.
NUDGE_SECONDS = 0.9


class TableControls:
    """Input handling of the table; the scene provides the attributes and hooks declared here."""

    intent: Intent
    table: CardTable
    message: MessageLine
    nudge: float  # seconds the picker's Cancel button is still pointed at (a click beside the picker)

    def decision_state(self) -> Decision:
        raise NotImplementedError

    def apply(self, action: Action) -> bool:
        raise NotImplementedError

    def undo(self) -> bool:
        raise NotImplementedError

    def why_not(self, card: str) -> str:
        raise NotImplementedError

    def clear_selection(self) -> None:
        raise NotImplementedError

    def refresh_bar(self) -> None:
        raise NotImplementedError

    @property
    def looking(self) -> int | None:
        raise NotImplementedError

    @property
    def choices(self) -> list[Choice]:
        raise NotImplementedError

    def decision(self) -> str:
        raise NotImplementedError

    def select_hand(self, index: int) -> None:
        """Click or number key on a hand card."""
        d = self.decision_state()
        if not 0 <= index < len(d.hand):
            return
        intent = self.intent
        if d.kind == "pass":
            if index in intent.pass_sel:
                intent.pass_sel.remove(index)
            else:
                intent.pass_sel.append(index)
                while len(intent.pass_sel) > d.pass_count:
                    intent.pass_sel.pop(0)
            self.refresh_bar()
            return
        if d.kind not in PLAYING:
            return
        card = d.hand[index]
        if not d.playable(card):
            self.message.show(self.why_not(card), "warn", 2.5)
            return
        if intent.selected == index:
            self.confirm()  # a second click plays, once the card's choice is made (only Cancel/Esc takes it back)
            return
        self.clear_selection()
        intent.selected = index
        d = self.decision_state()
        if d.kind in CHOOSING and len(set(d.plays)) == 1:
            intent.choice = d.plays[0]  # one possible choice: made already, Play is the next step
        if d.kind == "pick_discard":
            intent.browse = ("pick", self.looking)
            intent.browse_pick = True

    def confirm(self) -> None:
        """Enter / the primary button."""
        d = self.decision_state()
        if d.kind == "confirm" or d.kind in CHOOSING:
            if d.ready is not None:
                self.apply(d.ready)
        elif d.kind == "play":
            self.apply(Action("end_play"))
        elif d.kind == "pass":
            self.do_pass()
        elif d.kind == "peas" and len(d.targets) == 1:
            self.choose_target(d.targets[0])

    def end_turn(self) -> None:
        if self.decision() in PLAYING:
            self.apply(Action("end_play"))

    def choose_target(self, seat: int) -> None:
        d = self.decision_state()
        self._answer(d, d.target_action(seat, self.intent.peas_keep))

    def choose_row(self, index: int) -> None:
        d = self.decision_state()
        row = self.table.session.table_view()["garden_row"]
        if d.kind in ROW_PICKS and 0 <= index < len(row):
            self._answer(d, d.pick_action(row[index]))

    def pick_discard(self, card: str) -> None:
        d = self.decision_state()
        if d.kind == "pick_discard":
            self._answer(d, d.pick_action(card))

    def _answer(self, d: Decision, action: Action | None) -> None:
        """A seat or card clicked: the selected card's choice (played by Play), or the answer to a question the
        game asks after a card (harvest, rhubarb, peas), which is sent at once."""
        if action is None:
            return
        if d.kind in CHOOSING:
            self.intent.choice = action
            self.refresh_bar()
        else:
            self.apply(action)

    def leek(self, option: str) -> None:
        d = self.decision_state()
        action = d.option_action(option) if d.kind == "leek" else None
        if action is not None:
            self.apply(action)

    def keep_peas(self, card: str) -> None:
        d = self.decision_state()
        if d.kind != "peas":
            return
        self.intent.peas_keep = card
        self.refresh_bar()
        if len(d.targets) == 1:
            self.choose_target(d.targets[0])

    def do_pass(self) -> None:
        d = self.decision_state()
        if d.kind != "pass" or len(self.intent.pass_sel) != d.pass_count:
            return
        action = d.pass_action([d.hand[i] for i in self.intent.pass_sel])
        if action is not None:
            self.apply(action)

    def run_command(self, command: Command) -> None:
        """A bar button's command."""
        name = command.name
        if name == "undo":
            self.undo()
        elif name == "cancel":
            self.cancel()
        elif name == "confirm":
            self.confirm()
        elif name == "end_turn":
            self.end_turn()
        elif name == "pass":
            self.do_pass()
        elif name == "target":
            self.choose_target(int(command.arg))
        elif name == "leek":
            self.leek(str(command.arg))

    def ask_end_turn(self, playable: list[str]) -> None:
        """Enter would end the turn while ``playable`` cards could still be played: the scene asks first."""
        raise NotImplementedError

    def enter(self) -> None:
        """Enter: what Play or the focused answer does; it never ends a turn with a playable card unasked (a key
        pressed once too often would lose the rest of the turn)."""
        d = self.decision_state()
        playable = [card for card in dict.fromkeys(d.hand) if d.playable(card)] if d.kind == "play" else []
        if playable:
            self.ask_end_turn(playable)
        else:
            self.confirm()

    def key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter()
        elif key == pygame.K_u:
            self.undo()
        elif pygame.K_1 <= key <= pygame.K_9 or pygame.K_KP1 <= key <= pygame.K_KP9:
            n = key - pygame.K_1 if pygame.K_1 <= key <= pygame.K_9 else key - pygame.K_KP1
            self.choose_number(n)

    def choose_number(self, n: int) -> None:
        """Number key ``n + 1``: the n-th item of whatever is to be chosen now."""
        d = self.decision_state()
        kind = d.kind
        if kind in ROW_PICKS:
            self.choose_row(n)
        elif kind in ("play", "confirm", "pass"):
            self.select_hand(n)
        elif kind == "target" or (kind == "peas" and self.intent.peas_keep is not None):
            if n < len(d.targets):
                self.choose_target(d.targets[n])
        elif kind == "pick_discard":
            # in the picker's order (the top card first), as its keycaps number them
            view = self.table.session.table_view()
            shown = [c for c in dict.fromkeys(reversed(view["seats"][view["seat"]]["discard"])) if c in d.picks]
            if n < len(shown):
                self.pick_discard(shown[n])
        elif kind == "peas":
            revealed = (d.pending or {}).get("revealed") or []
            if n < len(revealed):
                self.keep_peas(revealed[n])
        elif kind == "leek" and n < 2:
            self.leek("take" if n == 0 else "leave")

    def cancel(self) -> None:
        """Cancel / Esc during a play: the selection and its choice are taken back, the picker closes, and the
        message line says so (the card stays in the hand)."""
        d = self.decision_state()
        self.clear_selection()
        self.intent.browse = None
        if d.card is not None:
            self.message.show(t("table.cancelled", card=card_name(d.card)), "info", 2.5)

    def click(self, pos: tuple[int, int]) -> None:
        for choice in reversed(self.choices):
            if choice.rect.collidepoint(pos):
                self.choose(choice)
                return

    def choose(self, choice: Choice) -> None:
        action, arg = choice.action, choice.arg
        if action == "hand":
            self.select_hand(arg)
        elif action == "row":
            self.choose_row(arg)
        elif action == "target":
            self.choose_target(arg)
        elif action == "peas":
            self.keep_peas(arg)
        elif action == "pick":
            self.pick_discard(arg)
        elif action == "browse":
            self.intent.browse = arg
            self.intent.browse_pick = False
        elif action == "close_browse":
            self.close_browse()
        elif action == "play":
            self.confirm()
        elif action in ("outside", "swallow"):
            self.beside_browse(outside=action == "outside")

    def close_browse(self) -> None:
        if self.intent.browse_pick:
            self.cancel()
        self.intent.browse = None

    def beside_browse(self, *, outside: bool) -> None:
        """A click on no card of an open pile: a pile only looked at closes when clicked beside; the picker of a
        play stays open (only Cancel or Esc takes the play back) and its Cancel button lights up for a moment."""
        if self.intent.browse_pick:
            self.nudge = NUDGE_SECONDS
        elif outside:
            self.intent.browse = None
