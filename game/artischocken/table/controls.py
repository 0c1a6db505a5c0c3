"""What the looking seat's clicks and keys do at the table: select, confirm, target, pick, pass, undo.

A mixin of :class:`~game.artischocken.table.table_base.TableBase`: every method works out the seat's decision from
its session (:meth:`decision_state`) and sends the action through :meth:`apply`; a click outside the decision
does nothing. Number keys choose the n-th item of whatever is to be chosen now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.artischocken.engine.cards import Action
from game.artischocken.table.canvas import Choice
from game.artischocken.table.intent import PLAYING, ROW_PICKS, Command, Decision, Intent

if TYPE_CHECKING:
    from game.artischocken.table.table_base import CardTable
    from game.ui.widgets import MessageLine


class TableControls:
    """Input handling of the table; the scene provides the attributes and hooks declared here."""

    intent: Intent
    table: CardTable
    message: MessageLine

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
            if d.kind == "confirm":
                self.confirm()
                return
            self.clear_selection()
            return
        self.clear_selection()
        intent.selected = index
        d = self.decision_state()
        if d.kind == "pick_discard":
            intent.browse = ("pick", self.looking)
            intent.browse_pick = True

    def confirm(self) -> None:
        """Enter / the primary button."""
        d = self.decision_state()
        if d.kind == "confirm" and d.plays:
            self.apply(d.plays[0])
        elif d.kind == "play":
            self.apply(Action("end_play"))
        elif d.kind == "pass":
            self.do_pass()
        elif d.kind in ("target", "peas") and len(d.targets) == 1:
            self.choose_target(d.targets[0])

    def end_turn(self) -> None:
        if self.decision() in PLAYING:
            self.apply(Action("end_play"))

    def choose_target(self, seat: int) -> None:
        action = self.decision_state().target_action(seat, self.intent.peas_keep)
        if action is not None:
            self.apply(action)

    def choose_row(self, index: int) -> None:
        d = self.decision_state()
        row = self.table.session.table_view()["garden_row"]
        if d.kind in ROW_PICKS and 0 <= index < len(row):
            action = d.pick_action(row[index])
            if action is not None:
                self.apply(action)

    def pick_discard(self, card: str) -> None:
        d = self.decision_state()
        if d.kind == "pick_discard":
            action = d.pick_action(card)
            if action is not None:
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
            self.clear_selection()
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

    def key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
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
            if n < len(d.picks):
                self.pick_discard(d.picks[n])
        elif kind == "peas":
            revealed = (d.pending or {}).get("revealed") or []
            if n < len(revealed):
                self.keep_peas(revealed[n])
        elif kind == "leek" and n < 2:
            self.leek("take" if n == 0 else "leave")

    def click(self, pos: tuple[int, int]) -> None:
        for choice in reversed(self.choices):
            if choice.rect.collidepoint(pos):
                self.choose(choice)
                return
        if self.intent.browse is not None:
            self.close_browse()

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

    def close_browse(self) -> None:
        if self.intent.browse_pick:
            self.clear_selection()
        self.intent.browse = None
