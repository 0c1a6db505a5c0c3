"""The card table on a seat's session, whatever the session: the base of the local and the remote table.

What every Artischocken table does, wherever its game runs: it sees the game only through the looking seat's
session (``game.artischocken.session``): its view, legal actions and log. :mod:`~game.artischocken.table.intent`
works out that seat's decision from its view and legal actions, :class:`~game.artischocken.table.controls.TableControls`
turns clicks and keys into actions, :mod:`~game.artischocken.table.flights` turns the seat's log into flying cards.
``update`` plans the frame (what is drawn, what can be clicked, what the mouse is on) and ``draw`` only paints that
plan. All timing (pauses, reveal holds, card flights) advances in ``update(dt)`` from the app's dt, so headless
runs are deterministic.

The table the scene plays at (:class:`CardTable`) says who looks, who acts and which moves need no choice; the
scene makes those automatic moves for the seat that decides and shows the hand-over screen the table asks for.
Seats the table says are not human are not driven here: the local table's scene adds its bots, autosave and
replays (``scene_table``), the remote table's scene its connection (``scene_remote``).

Secrecy (A-G2): only the looking seat's session is ever drawn face up; while a hand-over screen stands no hand
is drawn at all. Every face-up card goes through :func:`cards.draw_face` with the zone it lies in.

Keys: 1-9 choose (hand cards, row cards, targets, ...), Enter confirms (it asks before it ends a turn in which a
card could still be played), Esc goes back (a play taken back is said), U undoes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

import pygame

from game import i18n, rooms, settings
from game.app import BaseScene
from game.artischocken import Action, IllegalAction
from game.artischocken.describe import card_name, unplayable_text
from game.artischocken.seats import Seat, sentence
from game.artischocken.session import Session
from game.artischocken.stats import seat_stats
from game.artischocken.table import panels, zones
from game.artischocken.table import sounds as table_sounds
from game.artischocken.table.canvas import Canvas, Choice, Layers
from game.artischocken.table.cards import Zone
from game.artischocken.table.controls import TableControls
from game.artischocken.table.felt import felt
from game.artischocken.table.flights import REVEAL_EVENTS, Flight, Reveal, flights_for, reveal_items, row_slots
from game.artischocken.table.intent import PLAYING, Decision, Intent, bar_buttons, decide, prompt
from game.artischocken.table.layout import TableLayout, compute
from game.artischocken.turns import Options
from game.i18n import t
from game.ui import draw
from game.ui.rules_book import RULES_KEY
from game.ui.theme import SIZES
from game.ui.widgets import Button, MessageLine, Tooltip, first_taker, tooltip_panel

#: The table opens with this pause before the first move made for a seat, so that it is seen at rest first.
OPENING_PAUSE = 0.8
REVEAL_HOLD = 1.6
AUTO_PAUSE = 0.7
#: With the table option ``auto_end``: how long the prompt says why the play phase ends by itself.
AUTO_END_PAUSE = 1.2
END_LINGER = 2.5
#: The end screen takes no key or click for this long (s) after it appears: Enter or a click meant for the last
#: move (a bot's last turn can end the game under the player's hand) must not skip who won for a new game.
END_GUARD = 0.8
FAST_STEPS = 400
#: Highlights breathe in this many steps per second of their cycle (between two steps the frame is unchanged
#: and is not painted again) ...
PULSE_STEPS = 8
#: ... and rest (fully lit) once nothing has happened for this long, so that a table waiting for a player is
#: still and the app can sleep.
CALM_SECONDS = 2.5


class TableSession(Session, Protocol):
    """A seat's session as the table draws it: the session's surface and its view without the log."""

    def table_view(self) -> dict[str, Any]: ...


class SeatSessions(Protocol):
    """The sessions of a table's seats, by seat number (a list, or only the seats known here)."""

    def __getitem__(self, seat: int, /) -> TableSession: ...


class CardTable(Protocol):
    """What the scene needs of the table it plays at: a :class:`~game.artischocken.turns.LocalTable` or a
    :class:`~game.net.client.remote_cards.RemoteTable`."""

    @property
    def session(self) -> TableSession: ...
    @property
    def sessions(self) -> SeatSessions: ...
    @property
    def looking(self) -> int | None: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def bottom(self) -> int: ...
    @property
    def handover(self) -> int | None: ...
    @property
    def actor(self) -> int | None: ...
    def is_human(self, seat: int | None) -> bool: ...
    def my_decision(self) -> bool: ...
    def wants_handover(self) -> bool: ...
    def begin_handover(self) -> None: ...
    def accept_handover(self) -> bool: ...
    def auto_move(self, auto_end: bool = False) -> Action | None: ...
    def apply(self, action: Action) -> int: ...
    def undo(self) -> None: ...


@dataclass
class Frame:
    """One planned frame: the display list and what it says about the mouse."""

    canvas: Canvas
    decision: Decision
    hover_reason: str | None = None
    detail_rect: pygame.Rect | None = None
    #: The tooltip shown this frame (what a pile or counter means) and the thing it explains.
    tip_rect: pygame.Rect | None = None
    tip_subject: pygame.Rect | None = None


class TableBase(TableControls, BaseScene):
    """One seat's game at the card table, on whatever session (see the module text)."""

    #: The rules screen (F1, the Rules button at the log), handed in by the room; None: the table offers none.
    open_rules: Callable[[], BaseScene] | None = None

    def __init__(self, seats: list[Seat], options: Options, table: CardTable) -> None:
        self.seats = seats
        self.options = options
        self.fast = self.options.fast
        self.table = table
        self.intent = Intent()
        self.wait = 0.0 if self.fast else OPENING_PAUSE  # seconds before the next move made for a seat
        self.auto_wait: float | None = None  # auto_end: seconds until the play phase ends by itself
        self.flights: list[Flight] = []
        self.reveal: Reveal | None = None
        self.message = MessageLine()
        self.tooltip = Tooltip()  # what a pile and its count mean, beside it on a rest of the mouse
        self.buttons: list[Button] = []
        self.rules_button = Button(lambda: t("rules.button"), self.show_rules, style="secondary", text_size=13)
        self._bar_key: tuple[Any, ...] | None = None
        self.mouse = (-1, -1)
        self.nudge = 0.0
        self.hover_time = 0.0
        self.calm = 0.0  # seconds since the last input or change on the table
        self.end_time = 0.0
        self.end_buttons: list[Button] = []
        self.handover_button = Button(lambda: t("table.handover.ready", name=self._name(self.handover)),
                                      self._accept_handover, style="primary")
        self.handover_button.focused = True
        self.actions_applied = 0
        self.lay: TableLayout | None = None
        self._log_image: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self.frame: Frame | None = None
        #: The last planned frame, painted (``update`` paints what differs from the frame before).
        self.layers = Layers()
        self.stats: list[dict[str, Any]] | None = None
        if self.table.session.is_over:
            self._on_over()

    def _name(self, seat: int | None) -> str:
        return self.seats[seat].name if seat is not None and 0 <= seat < len(self.seats) else ""

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    # -- who looks, who acts ---------------------------------------------------------------------------
    @property
    def looking(self) -> int | None:
        """The seat whose secrets may be drawn now (None while a hand-over screen stands)."""
        return self.table.looking

    @property
    def viewer(self) -> int | None:
        return self.table.viewer

    @property
    def handover(self) -> int | None:
        return self.table.handover

    def my_decision(self) -> bool:
        return self.table.my_decision()

    def hand(self) -> list[str]:
        """The looking seat's hand in display order ([] while nobody looks)."""
        return self.decision_state().hand

    def decision_state(self, view: dict[str, Any] | None = None) -> Decision:
        """The looking seat's decision now, from its session's view (``view``, when the caller has it already)
        and legal actions."""
        session = self.table.session
        mine = self.table.my_decision()
        return decide(view or session.table_view(), session.legal_actions() if mine else [], self.intent,
                      looking=self.looking is not None, deciding=mine)

    def decision(self) -> str:
        """What the looking seat decides now: wait, harvest, play, confirm, target, pick_row, pick_discard,
        leek, peas, rhubarb or pass."""
        return self.decision_state().kind

    def playable(self, card: str) -> bool:
        return self.decision_state().playable(card)

    def why_not(self, card: str) -> str:
        """Why ``card`` cannot be played now, in words (the engine's reason id, ``describe``'s text)."""
        reason = self.table.session.why_unplayable(card)
        return t("table.unplayable") if reason is None else unplayable_text(reason)

    # -- scene hooks ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.lay = compute(size, self.table.session.players, self.table.bottom)
        log = self.lay.log  # the Rules button: top right of the log panel, beside its title
        rules_w = max(64, draw.font_width(t("rules.button"), 13, bold=True) + 22)
        self.rules_button.rect = pygame.Rect(log.right - 10 - rules_w, log.y + 9, rules_w, 26)
        self._bar_key = None
        self.handover_button.rect = pygame.Rect(0, 0, 300, SIZES.button_height + 6)
        card = panels.handover_card(size)
        self.handover_button.rect.midbottom = (card.centerx, card.bottom - 28)
        self._layout_end()
        self._plan()

    def on_back(self) -> bool:
        if self.table.session.is_over:
            return False
        if self.intent.browse and not self.intent.browse_pick:
            self.intent.browse = None
            return True
        if self.intent.busy:
            self.cancel()
            return True
        self._open_menu()
        return True

    def ask_end_turn(self, playable: list[str]) -> None:
        """Enter with cards still playable: a plain question whose default (Enter again, Esc) keeps playing."""
        names = ", ".join(card_name(card) for card in playable)
        self.open_dialog(t("table.end_turn.title"), t("table.end_turn.body", cards=names),
                         [(t("table.btn.end_turn"), self.end_turn), (t("table.menu.stay"), lambda: None)])

    def _open_menu(self) -> None:
        self.open_dialog(t("table.menu.title"), self.leave_body(),
                         [(t("table.menu.leave"), self._to_launcher), (t("table.menu.stay"), lambda: None)])

    def leave_body(self) -> str:
        """What leaving does to this game, as the leave dialog says it (a remote table says its own)."""
        return t("table.menu.body") if self.options.autosave else t("table.menu.body_unsaved")

    def _to_launcher(self) -> None:
        rooms.leave_room(self.app)

    def show_rules(self) -> None:
        """The rules over the table: it is then neither updated nor drawn, so the game waits (no bot moves)."""
        if self.open_rules is not None:
            self.app.push(self.open_rules())

    # -- applying actions ------------------------------------------------------------------------------
    def apply(self, action: Action) -> bool:
        """Apply ``action`` for the seat to act; False (and a message) when the game refuses it."""
        table = self.table
        if table.actor is None:
            return False
        before = row_slots(self.lay, table.session.table_view()["garden_row"])
        mark = table.session.log_size
        try:
            table.apply(action)
        except IllegalAction as exc:
            self.message.show(str(exc), "error")
            return False
        self.actions_applied += 1
        self.calm = 0.0
        self.auto_wait = None
        self.clear_selection()
        self._animate(mark, before)
        if table.session.is_over:
            self._on_over()
        return True

    def undo(self) -> bool:
        """Take the looking seat's last decision back; False (and a message) when its session cannot."""
        session = self.table.session
        if not (self.table.my_decision() and session.can_undo()):
            self.message.show(t("table.undo.none"), "warn")
            return False
        self.table.undo()
        self.clear_selection()
        self.flights.clear()
        self.reveal = None
        self.auto_wait = None
        self.message.show(t("table.undo.done"), "ok", 1.5)
        return True

    def _on_over(self) -> None:
        """The game ended: the end screen's statistics (from the seat's log) and buttons."""
        self.end_time = 0.0
        self.intent = Intent()
        session = self.table.session
        self.stats = seat_stats(session.log(), session.players)
        self._layout_end()

    def clear_selection(self) -> None:
        self.intent.clear()
        self._bar_key = None

    def refresh_bar(self) -> None:
        """The bar's buttons are built again for the next frame (the selection changed)."""
        self._bar_key = None

    # -- the loop -----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for flight in self.flights:
            flight.t += dt
        self.flights = [f for f in self.flights if not f.done]
        if self.reveal:
            self.reveal.left -= dt
            if self.reveal.left <= 0:
                self.reveal = None
        self.wait = max(0.0, self.wait - dt)
        self.nudge = max(0.0, self.nudge - dt)
        self.message.update(dt)
        self.tooltip.update(dt)
        self.hover_time += dt
        self.calm += dt
        for button in (*self.buttons, *self.end_buttons, self.handover_button, self.rules_button):
            button.update(dt)
        if self.dialog:  # the menu is open: the game waits
            self._plan()
            return
        if self.table.session.is_over:
            self.end_time += dt
            if self.options.until_over and (self.fast or self.end_time >= END_LINGER):
                self.app.quit(0)
            self._plan()
            return
        steps = 0
        while not self.table.session.is_over and steps < (FAST_STEPS if self.fast else 1):
            if not self._step(dt):
                break
            steps += 1
        if self.table.session.is_over:
            self._layout_end()
        self._plan()

    def still(self) -> bool:
        """Nothing on the table moves until the next input: no flight, reveal, message, bot or automatic move
        pending, pause or breathing highlight (they rest after ``CALM_SECONDS``)."""
        if self.fast or self.flights or self.reveal is not None or self.auto_wait is not None:
            return False
        if self.message.visible or self.calm < CALM_SECONDS or self.nudge > 0 or any(b.flash > 0 for b in self.buttons):
            return False
        if not self.tooltip.still():
            return False  # a hint is about to show
        if self.table.session.is_over:
            return not self.options.until_over
        actor = self.table.actor
        if actor is None or not self.table.is_human(actor) or self.wait > 0:
            return False  # a bot is about to act (or pauses so that its move can be followed)
        # a human decides: still unless the table makes a move for them (an eggplant pass without choice)
        return self.table.auto_move(self.options.auto_end) is None

    def _blocked(self) -> bool:
        if self.fast:
            return False
        return bool(self.flights) or self.reveal is not None or self.wait > 0

    def _step(self, dt: float) -> bool:
        """Make the move that needs no choice of the human who decides, or prepare their turn; True when an action
        was applied. A seat that is not human is not driven here (the local table's bots: ``scene_table``)."""
        table = self.table
        actor = table.actor
        if actor is None or not table.is_human(actor):
            return False
        auto = table.auto_move(self.options.auto_end)
        if auto is not None and auto.kind == "choose":
            # A-C-EGGPLANT with no choice (two cards or fewer, or all alike): passed without asking
            if self._blocked():
                return False
            self.apply(auto)
            self.wait = 0.0 if self.fast else AUTO_PAUSE
            return True
        if auto is not None and table.looking == actor:
            # auto_end: nothing is playable any more; the prompt says so for a moment, then the turn ends
            if self.fast:
                return self.apply(auto)
            if self.auto_wait is None:
                self.auto_wait = AUTO_END_PAUSE
                return False
            self.auto_wait -= dt
            if self.auto_wait > 0 or self.flights or self.reveal is not None:
                return False
            return self.apply(auto)
        if table.wants_handover() and not self._blocked():
            table.begin_handover()
            self.clear_selection()
        return False

    def _accept_handover(self) -> None:
        if self.table.accept_handover():
            self.layout(self.app.size)

    # -- events ------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.calm = 0.0
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.open_rules is not None and not self.table.session.is_over and self.handover is None and (
                event.type == pygame.KEYDOWN and event.key == RULES_KEY or self.rules_button.handle_event(event)):
            if event.type == pygame.KEYDOWN:
                self.show_rules()
            return
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if self.table.session.is_over:
            if self.end_time < END_GUARD and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                                                            pygame.MOUSEBUTTONUP):
                return
            if not first_taker(self.end_buttons, event) and enter and self.end_buttons:
                self.end_buttons[0].activate()
            return
        if self.handover is not None:
            if not self.handover_button.handle_event(event) and (
                    enter or event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
                self.handover_button.activate()
            return
        if event.type == pygame.KEYDOWN:
            self.key(event)
            return
        if self.intent.browse is None and first_taker(self.buttons, event):
            return  # (the bar's buttons lie under an open pile: only the pile's own buttons count then)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.click(event.pos)

    @property
    def choices(self) -> list[Choice]:
        """What the last planned frame can click."""
        return self.frame.canvas.choices if self.frame else []

    # -- animations ---------------------------------------------------------------------------------------
    def _animate(self, mark: int, before: list[tuple[str, pygame.Rect]]) -> None:
        """Flights and reveals of the entries the shown seat's log got since ``mark``."""
        session = self.table.session
        entries = session.log(mark)
        table_sounds.entry_sounds(entries)
        viewer = self.looking
        for entry in entries:
            if entry["what"] in REVEAL_EVENTS:
                self._show_reveal(entry, viewer)
        if self.fast or self.lay is None or settings.reduced_motion():  # reduced motion: no card flights
            return
        after = row_slots(self.lay, session.table_view()["garden_row"])
        self.flights.extend(flights_for(entries, self.lay, before, after, viewer))

    def _show_reveal(self, entry: dict[str, Any], viewer: int | None) -> None:
        by = entry.get("by") or ""
        title = t("table.reveal.by", name=self._name(entry.get("seat")), card=card_name(by) if by else "")
        items = reveal_items(entry, viewer)
        if self.reveal and self.reveal.title == title and self.reveal.left > self.reveal.hold - 0.05:
            self.reveal.cards.extend(items)
        else:
            self.reveal = Reveal(title, items, REVEAL_HOLD, REVEAL_HOLD)

    # -- planning the frame --------------------------------------------------------------------------------
    @property
    def hover_card(self) -> tuple[str, Zone, pygame.Rect] | None:
        hover = self.frame.canvas.hover if self.frame else None
        return None if hover is None else (hover.card, hover.zone, hover.rect)

    @property
    def hover_reason(self) -> str | None:
        return self.frame.hover_reason if self.frame else None

    @property
    def detail_rect(self) -> pygame.Rect | None:
        return self.frame.detail_rect if self.frame else None

    @property
    def modal(self) -> bool:
        """A pile laid open or a dialog stands over the table: nothing beneath reacts to the mouse then."""
        return self.intent.browse is not None or self.dialog is not None

    def log_lines(self) -> list[tuple[str, bool]]:
        """The log as the looking seat may read it (nobody looking: public cards only), newest last."""
        session = self.table.session
        since = max(0, session.log_size - 80)
        viewer = self.looking
        lines: list[tuple[str, bool]] = []
        for entry in session.log(since):
            text = sentence(entry, viewer, self.names)
            if text:
                lines.append((text, entry["what"] in ("turn", "win", "stalemate")))
        return lines

    def _log_layer(self, lay: TableLayout) -> pygame.Surface:
        key = (self.table.session.seat, self.table.session.log_size, self.looking, i18n.get_language(),
               lay.log.size)
        if self._log_image is None or self._log_image[0] != key:
            room = self.rules_button.rect.width + 12 if self.open_rules is not None else 0
            self._log_image = (key, panels.log_layer(lay.log.size, self.log_lines(), self.keys_hint(),
                                                     title_room=room))
        return self._log_image[1]

    def keys_hint(self) -> str | None:
        """The keys line under the log (None: the table's own, undo included)."""
        return None

    def _bar(self, lay: TableLayout, d: Decision) -> None:
        """The bar's buttons for decision ``d`` (built again only when they change)."""
        specs = bar_buttons(d, self.intent, self.table.session.can_undo(), self.names)
        key = tuple((s.label, s.command, s.style, s.enabled) for s in specs) + (lay.bar.topleft, lay.bar.size)
        if key == self._bar_key:
            return
        self._bar_key = key
        self.buttons = []
        x = lay.bar.right
        h = min(SIZES.button_height, lay.bar.height)
        # the buttons leave the prompt at least 40 % of the bar: in a small window their words get smaller
        size, least = SIZES.text_small, 110
        while size > 12 and sum(max(least, draw.font_width(s.label, size, bold=True) + 36) + 10
                                for s in specs) > lay.bar.width * 0.6:
            size, least = size - 1, 90
        for spec in reversed(specs):
            w = max(least, draw.font_width(spec.label, size, bold=True) + 36)
            x -= w
            rect = pygame.Rect(x, lay.bar.centery - h // 2, w, h)
            self.buttons.insert(0, Button(spec.label, partial(self.run_command, spec.command), rect=rect,
                                          style=spec.style, enabled=spec.enabled, text_size=size))
            x -= 10

    def _plan(self) -> None:
        """Work out this frame: what is drawn where, what can be clicked and what the mouse is on."""
        lay = self.lay
        if lay is None:
            return
        table = self.table
        session = table.session
        view = session.table_view()
        d = self.decision_state(view)
        why_not = {c: self.why_not(c) for c in d.hand if not d.playable(c)} if d.kind in PLAYING else {}
        seats = view["seats"]
        open_counts = [s["artichokes"] for s in seats] if all("artichokes" in s for s in seats) else None
        st = zones.TableState(lay, view, d, self.intent, self.names, [s.human for s in self.seats], self.looking,
                              self.flights, open_counts if not view["is_over"] else None, why_not)
        if self.calm >= CALM_SECONDS:
            pulse = 1.0
        else:
            phase = int(self.hover_time * 1.6 * PULSE_STEPS) / PULSE_STEPS
            pulse = 0.5 + 0.5 * abs((phase % 2) - 1)
        modal = self.modal
        c = Canvas((-1, -1) if modal else self.mouse, pulse)
        c.blit(felt(lay), (0, 0))
        reason = None
        for place in lay.seats.values():
            if place.seat == lay.bottom:
                reason = zones.bottom(c, st, place)
            else:
                zones.opponent(c, st, place)
        zones.garden(c, st)
        zones.pending(c, st)
        self._bar(lay, d)
        actor = view["current_player"]
        words = prompt(d, self.intent, view, self.names, table.is_human(actor))
        if self.auto_wait is not None and d.only_end:
            words = t("table.prompt.auto_end")
        words = self.bar_note() or words
        panels.bar(c, st, self.buttons, words)
        c.blit(self._log_layer(lay), lay.log.topleft)
        if self.open_rules is not None and not view["is_over"] and self.handover is None:
            panels.button(c, self.rules_button)
        self.plan_aside(c)
        c.mark_base()  # the table ends here: flights, reveals and overlays are painted over it
        zones.flying(c, self.flights)
        pend = view["pending"]
        decider_sees = bool(pend and pend["kind"] in ("leek", "peas") and table.my_decision())
        if self.reveal and not decider_sees:
            panels.reveal(c, lay, self.reveal)
        if self.intent.browse is not None:
            kind, seat = self.intent.browse
            panels.browse(c, st, "discard" if kind == "pick" else kind, seat,
                          kind == "pick" and d.kind == "pick_discard", nudge=self.nudge > 0)
        frame = Frame(c, d)
        hint = None
        if self.handover is None and not modal:
            frame.hover_reason = reason if c.hover is not None and c.hover.zone[0] == "hand" else None
            hint = c.hint_at(self.mouse)
            # a face-up pile's top card: its detail also says what the pile and its count are
            note = hint[1] if hint is not None and c.hover is not None else None
            frame.detail_rect = panels.detail(c, lay, frame.hover_reason, note)
            if c.hover is not None:
                hint = None
        else:
            c.hover = None
        self.tooltip.hover(hint[1] if hint else None, self.mouse, hint[0] if hint else None)
        tip = self.tooltip.box(pygame.Rect((0, 0), lay.size))
        if tip is not None and hint is not None:
            c.op(tooltip_panel, hint[1], tip)
            frame.tip_rect, frame.tip_subject = tip, hint[0]
        line = self.message
        c.live(partial(_message, pos=(lay.table.centerx, lay.bar.top - 8)), line,
               (line.text, line.kind, round(255 * min(1.0, line.left / 0.4)) if line.visible else 0))
        if self.handover is not None:
            panels.handover(c, lay.size, self._name(self.handover), self._handover_reason(), self.handover_button)
        if view["is_over"]:
            panels.end(c, st, self.end_buttons, self.stats)
        self.layers.paint(c, lay.size)  # only what differs from the last frame is painted again
        self.frame = frame

    def bar_note(self) -> str | None:
        """Words that stand in the prompt bar instead of the decision's (None: the decision's)."""
        return None

    def plan_aside(self, c: Canvas) -> None:
        """What a table shows beside the game, planned with the table under every overlay (a local table: nothing;
        a remote one: who is at it)."""

    def _handover_reason(self) -> str:
        seat = self.handover
        pend = self.table.sessions[seat].table_view()["pending"] if seat is not None else None
        if pend and pend["kind"] == "eggplant":
            return "table.handover.reason.pass"
        return "table.handover.reason.choose" if pend else "table.handover.reason.turn"

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.layers.frame, (0, 0))

    # -- the end ----------------------------------------------------------------------------------------------
    def _after_game(self) -> tuple[str, Callable[[], None]]:
        """The end screen's first button: its label and what follows the game."""
        raise NotImplementedError

    def _layout_end(self) -> None:
        if not self.table.session.is_over or not hasattr(self, "app"):
            return
        w, _h = self.app.size
        box = panels.end_box(self.app.size)
        bw = 230
        y = box.bottom - 24 - SIZES.button_height
        label, after = self._after_game()
        again = Button(label, after, style="primary", rect=pygame.Rect(w // 2 - bw - 8, y, bw, SIZES.button_height))
        back = Button(t("table.end.launcher"), self._to_launcher, style="secondary",
                      rect=pygame.Rect(w // 2 + 8, y, bw, SIZES.button_height))
        again.focused = True
        self.end_buttons = [again, back]


def _message(surface: pygame.Surface, line: MessageLine, *, pos: tuple[int, int]) -> None:
    line.draw(surface, pos)


__all__ = ["AUTO_END_PAUSE", "AUTO_PAUSE", "CALM_SECONDS", "END_LINGER", "FAST_STEPS", "OPENING_PAUSE", "REVEAL_HOLD",
           "CardTable", "Frame", "TableBase", "TableSession"]
