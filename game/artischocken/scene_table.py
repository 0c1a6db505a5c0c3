"""The Artischocken table: 2-4 seats, humans (hot seat) and bots, every decision by mouse or keyboard.

Input becomes ``Action``s for the pure engine; the engine decides. Drawing is a function of the game, the
viewer and animation time. All timing (bot pauses, reveal holds, card flights) advances in ``update(dt)``
from the app's dt, so headless runs are deterministic.

Secrecy (A-G2 in hot seat): ``viewer`` is the one human seat allowed to look at the screen. Its hand is the
only hand ever drawn face up; a hand-over screen stands between two human seats, and while it shows no hand
is drawn at all. Every face-up card goes through :func:`cards.draw_face` with the zone it lies in.

Keys: 1-9 choose (hand cards, row cards, targets, ...), Enter confirms, Esc goes back, U undoes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from game import i18n
from game.app import BaseScene
from game.artischocken import Action, Game, IllegalAction, new_game
from game.artischocken import cards as cardsmod
from game.artischocken import save as savemod
from game.artischocken.cards import Zone
from game.artischocken.describe import card_name, card_rule, plural, unplayable_text
from game.artischocken.scene_common import Seat, make_bot, sentence
from game.artischocken.scene_layout import TableLayout, compute
from game.i18n import t
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, lerp, shade
from game.ui.widgets import Button, MessageLine

BOT_PAUSE = 0.8
REVEAL_HOLD = 1.6
AUTO_PAUSE = 0.7
FLIGHT_TIME = 0.42
FLIGHT_STAGGER = 0.07
EVENT_STAGGER = 0.16
END_LINGER = 2.5
FAST_STEPS = 400
#: The hovered card's detail panel: its widest and its distance to the table's edges.
DETAIL_WIDTH = 420
DETAIL_MARGIN = 8

#: Events after which undo is no longer possible: something hidden came to light or chance was used.
HIDDEN_EVENTS = frozenset({"reveal", "refill", "four_alike", "shuffle", "draw", "swap", "pass", "pass_choice",
                           "under_stack", "win", "stalemate", "turn"})
#: Events whose cards are shown on screen for a moment (reveals stay visible, A-C-LEEK/POTATO/PEAS/BEET).
REVEAL_EVENTS = frozenset({"reveal", "swap"})
TARGETED = ("leek", "beet", "onion")
ARTICHOKE = "artichoke"
ORDER = ("eggplant", "broccoli", "peas", "carrot", "potato", "leek", "corn", "pepper", "beet", "onion", "rhubarb",
         "artichoke")


def display_order(hand: list[str]) -> list[str]:
    """Hand cards grouped for reading: vegetables first in a fixed order, artichokes last."""
    return sorted(hand, key=lambda c: ORDER.index(c) if c in ORDER else len(ORDER))


@dataclass
class Flight:
    """A card on its way from one zone to another (face down when ``card`` is None)."""

    card: str | None
    zone: Zone
    src: pygame.Rect
    dst: pygame.Rect
    delay: float
    t: float = 0.0
    #: Where it lands: (engine zone, seat for a seat's own zones); the pile there leaves it out until then.
    dest: tuple[str, int | None] = ("", None)
    #: The garden-row slot it lands in (None: not a row slot, or not known).
    slot: int | None = None

    @property
    def done(self) -> bool:
        return self.t >= self.delay + FLIGHT_TIME

    def rect(self) -> pygame.Rect | None:
        if self.t < self.delay:
            return None
        k = min(1.0, (self.t - self.delay) / FLIGHT_TIME)
        k = 1 - (1 - k) ** 3
        w = round(self.src.width + (self.dst.width - self.src.width) * k)
        h = round(self.src.height + (self.dst.height - self.src.height) * k)
        cx = self.src.centerx + (self.dst.centerx - self.src.centerx) * k
        cy = self.src.centery + (self.dst.centery - self.src.centery) * k - 40 * k * (1 - k) * 4
        return pygame.Rect(round(cx - w / 2), round(cy - h / 2), w, h)


@dataclass
class Reveal:
    """Cards shown in the middle of the table for a moment (None: face down for this viewer)."""

    title: str
    cards: list[tuple[str | None, Zone]]
    left: float = REVEAL_HOLD


@dataclass
class Choice:
    """One clickable thing of the current decision (a card, a seat, a button) and what it does."""

    rect: pygame.Rect
    run: Callable[[], None]
    key: str = ""


@dataclass
class Options:
    fast: bool = False
    until_over: bool = False
    autosave: bool = True
    seed: int = 0
    rhubarb: bool = False
    start_player: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class TableScene(BaseScene):
    """One game at the table."""

    def __init__(self, game: Game, seats: list[Seat], options: Options | None = None) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
        self.game = game
        self.seats = seats
        self.options = options or Options()
        self.fast = self.options.fast
        humans = [i for i, s in enumerate(seats) if s.human]
        self.humans = humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.bottom = humans[0] if humans else 0
        self.handover: int | None = None
        self.selected: int | None = None  # index into the displayed hand
        self.pass_sel: list[int] = []
        self.peas_keep: str | None = None
        self.browse: tuple[str, int | None] | None = None  # ("discard", seat) / ("compost", None)
        self.browse_pick = False
        self.undo_stack: list[Game] = []
        self.wait = 0.0 if self.fast else BOT_PAUSE
        self.flights: list[Flight] = []
        self.reveal: Reveal | None = None
        self.message = MessageLine()
        self.buttons: list[Button] = []
        self._bar_key: tuple[Any, ...] | None = None
        self.choices: list[Choice] = []
        self.mouse = (-1, -1)
        self.hover_card: tuple[str, Zone, pygame.Rect] | None = None  # the face-up card under the mouse
        self.hover_reason: str | None = None  # why the hovered hand card cannot be played now
        self.detail_rect: pygame.Rect | None = None  # where the last frame showed the hovered card's full rule
        self.hover_time = 0.0
        self.end_time = 0.0
        self.end_buttons: list[Button] = []
        self.handover_button = Button(lambda: t("table.handover.ready", name=self._name(self.handover)),
                                      self._accept_handover, style="primary")
        self.actions_applied = 0
        self.lay: TableLayout | None = None
        self._log_cache: tuple[tuple[Any, ...], list[tuple[str, bool]]] | None = None
        self._log_image: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._felt: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self.save_problem: str | None = None
        if self.game.is_over:
            self._on_over()

    # -- construction helpers --------------------------------------------------------------------------
    @classmethod
    def new(cls, seats: list[Seat], options: Options) -> TableScene:
        game = new_game(len(seats), seed=options.seed, rhubarb=options.rhubarb, start_player=options.start_player)
        return cls(game, seats, options)

    def _name(self, seat: int | None) -> str:
        return self.seats[seat].name if seat is not None and 0 <= seat < len(self.seats) else ""

    # -- scene hooks ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.lay = compute(size, self.game.players, self.bottom)
        self._bar_key = None
        self.handover_button.rect = pygame.Rect(0, 0, 300, SIZES.button_height + 6)
        self.handover_button.rect.center = (size[0] // 2, size[1] // 2 + 90)
        self._layout_end()

    def on_enter(self) -> None:
        if self.options.autosave and not self.game.is_over:
            self._autosave()

    def on_back(self) -> bool:
        if self.game.is_over:
            return False
        if self.browse:
            self.browse = None
            self.browse_pick = False
            return True
        if self.selected is not None or self.pass_sel or self.peas_keep:
            self._clear_selection()
            return True
        self._open_menu()
        return True

    def _open_menu(self) -> None:
        self.open_dialog(t("table.menu.title"), t("table.menu.body"),
                         [(t("table.menu.leave"), self._to_launcher), (t("table.menu.stay"), lambda: None)])

    def _to_launcher(self) -> None:
        if len(self.app.stack) <= 1:
            from game.launcher import LauncherScene

            self.app.replace(LauncherScene())
        else:
            self.app.pop()

    # -- who looks, who acts ---------------------------------------------------------------------------
    @property
    def looking(self) -> int | None:
        """The seat whose secrets may be drawn now (None while a hand-over screen stands)."""
        return None if self.handover is not None else self.viewer

    def _my_decision(self) -> bool:
        actor = self.game.current_player
        return actor is not None and actor == self.looking and self.seats[actor].human

    def _hand(self, seat: int) -> list[str]:
        return display_order(self.game.view(seat, log=False)["hand"])

    # -- applying actions ------------------------------------------------------------------------------
    def apply(self, action: Action) -> bool:
        """Apply ``action`` for the seat to act; False (and a message) when the engine refuses it."""
        game = self.game
        actor = game.current_player
        if actor is None:
            return False
        snapshot = game.clone() if self.seats[actor].human else None
        rng_before = game.rng.getstate()
        pre = self._zone_rects()
        since = len(game.log)
        try:
            game.apply(action)
        except IllegalAction as exc:
            self.message.show(str(exc), "error")
            return False
        self.actions_applied += 1
        events = game.events(since)
        hidden = any(e["what"] in HIDDEN_EVENTS for e in events) or game.rng.getstate() != rng_before
        if (snapshot is not None and not hidden and actor == game.player and game.current_player == actor
                and not game.is_over):
            self.undo_stack.append(snapshot)
        else:
            self.undo_stack.clear()
        self._clear_selection()
        if len(self.humans) > 1 and self.seats[actor].human and game.current_player != actor:
            self.viewer = None  # this human is done for now: hide their hand until the next hand-over
        self._animate(events, pre)
        if game.is_over:
            self._on_over()
        elif self.options.autosave:
            self._autosave()
        return True

    def undo(self) -> None:
        if not self.undo_stack or not self._my_decision():
            self.message.show(t("table.undo.none"), "warn")
            return
        self.game = self.undo_stack.pop()
        self._clear_selection()
        self.flights.clear()
        self.reveal = None
        self.message.show(t("table.undo.done"), "ok", 1.5)
        if self.options.autosave:
            self._autosave()

    def _autosave(self) -> None:
        try:
            savemod.save(self.game, self.seats, self.options.seed)
            self.save_problem = None
        except OSError as exc:
            if self.save_problem is None:
                self.message.show(t("table.save_failed", error=str(exc)), "error", 5)
            self.save_problem = str(exc)

    def _on_over(self) -> None:
        if self.options.autosave:
            with contextlib.suppress(OSError):
                savemod.clear()
        self.end_time = 0.0
        self.selected = None
        self.browse = None

    def _clear_selection(self) -> None:
        self.selected = None
        self.pass_sel = []
        self.peas_keep = None
        self.browse_pick = False
        if self.browse and self.browse[0] == "pick":
            self.browse = None
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
        self.message.update(dt)
        self.hover_time += dt
        for button in (*self.buttons, *self.end_buttons, self.handover_button):
            button.update(dt)
        if self.dialog:  # the menu is open: the game waits
            return
        if self.game.is_over:
            self.end_time += dt
            if self.options.until_over and (self.fast or self.end_time >= END_LINGER):
                self.app.quit(0)
            return
        steps = 0
        while not self.game.is_over and steps < (FAST_STEPS if self.fast else 1):
            if not self._step():
                break
            steps += 1
        if self.game.is_over:
            self._layout_end()

    def _blocked(self) -> bool:
        if self.fast:
            return False
        return bool(self.flights) or self.reveal is not None or self.wait > 0

    def _step(self) -> bool:
        """Let a bot act, or prepare the human's turn; True when an action was applied."""
        game = self.game
        actor = game.current_player
        if actor is None:
            return False
        seat = self.seats[actor]
        if not seat.human:
            if self._blocked():
                return False
            bot = make_bot(seat.kind, self._bot_seed(actor))
            action = bot.choose(game.view(actor), game.legal_actions())
            if not self.apply(action):
                self.apply(game.legal_actions()[0])
            self.wait = 0.0 if self.fast else BOT_PAUSE
            return True
        legal = game.legal_actions()
        pending = game.view(actor, log=False)["pending"]
        if pending and pending["kind"] == "eggplant" and len(legal) == 1:
            # A-C-EGGPLANT with no choice (two cards or fewer, or all alike): passed without asking
            if self.wait > 0 and not self.fast:
                return False
            if not self.fast and self._blocked():
                return False
            self.apply(legal[0])
            self.wait = 0.0 if self.fast else AUTO_PAUSE
            return True
        if self.viewer != actor:
            if len(self.humans) > 1:
                if self.handover != actor and not self._blocked():
                    self.handover = actor
                    self._clear_selection()
                return False
            self.viewer = actor
        return False

    def _bot_seed(self, seat: int) -> int:
        """A bot's seed from the table seed and the position: a resumed game plays on exactly the same."""
        return (self.options.seed * 1_000_003 + len(self.game.log) * 7919 + seat * 104_729) & 0x7FFFFFFF

    def _accept_handover(self) -> None:
        if self.handover is None:
            return
        self.viewer = self.handover
        self.handover = None
        if self.bottom != self.viewer:
            self.bottom = self.viewer
            self.layout(self.app.size)

    # -- the viewer's decision ------------------------------------------------------------------------------
    def decision(self) -> str:
        """What the viewer decides now: wait, harvest, play, target, corn, pepper, leek, peas, rhubarb, pass."""
        if not self._my_decision():
            return "wait"
        view = self.game.view(self.viewer or 0, log=False)
        pending = view["pending"]
        if pending:
            kind = str(pending["kind"])
            if kind == "eggplant":
                return "pass"
            return kind
        if view["phase"] == "harvest":
            return "harvest"
        card = self._selected_card()
        if card in TARGETED:
            return "target"
        if card == "corn":
            return "corn"
        if card == "pepper":
            return "pepper"
        if card is not None:
            return "confirm"
        return "play"

    def _selected_card(self) -> str | None:
        if self.selected is None or self.looking is None:
            return None
        hand = self._hand(self.looking)
        return hand[self.selected] if 0 <= self.selected < len(hand) else None

    def _plays(self, card: str) -> list[Action]:
        return [a for a in self.game.legal_actions() if a.kind == "play" and a.card == card]

    def playable(self, card: str) -> bool:
        return bool(self._plays(card))

    def why_not(self, card: str) -> str:
        """Why ``card`` cannot be played now, in words (the engine's reason id, ``describe``'s text)."""
        reason = self.game.why_unplayable(card)
        return t("table.unplayable") if reason is None else unplayable_text(reason)

    def select_hand(self, index: int) -> None:
        """Click or number key on a hand card."""
        kind = self.decision()
        if self.looking is None:
            return
        hand = self._hand(self.looking)
        if not 0 <= index < len(hand):
            return
        if kind == "pass":
            if index in self.pass_sel:
                self.pass_sel.remove(index)
            else:
                need = self._pass_count()
                self.pass_sel.append(index)
                while len(self.pass_sel) > need:
                    self.pass_sel.pop(0)
            self._bar_key = None
            return
        if kind not in ("play", "confirm", "target", "corn", "pepper"):
            return
        card = hand[index]
        if not self.playable(card):
            self.message.show(self.why_not(card), "warn", 2.5)
            return
        if self.selected == index:
            if kind == "confirm":
                self.confirm()
                return
            self._clear_selection()
            return
        self._clear_selection()
        self.selected = index
        if card == "pepper":
            self.browse = ("pick", self.looking)
            self.browse_pick = True

    def _targets_for(self, card: str) -> list[int]:
        return sorted({a.target for a in self._plays(card) if a.target is not None})

    def _pass_count(self) -> int:
        if self.looking is None:
            return 0
        return min(2, len(self.game.view(self.looking, log=False)["hand"]))

    def confirm(self) -> None:
        """Enter / the primary button."""
        kind = self.decision()
        if kind == "confirm":
            card = self._selected_card()
            plays = self._plays(card) if card else []
            if plays:
                self.apply(plays[0])
        elif kind == "play":
            self.apply(Action("end_play"))
        elif kind == "pass":
            self.do_pass()
        elif kind == "target":
            card = self._selected_card()
            targets = self._targets_for(card) if card else []
            if len(targets) == 1:
                self.choose_target(targets[0])
        elif kind == "peas" and self.peas_keep:
            targets = self._peas_targets()
            if len(targets) == 1:
                self.choose_target(targets[0])

    def end_turn(self) -> None:
        if self.decision() in ("play", "confirm", "target", "corn", "pepper"):
            self.apply(Action("end_play"))

    def choose_target(self, seat: int) -> None:
        kind = self.decision()
        if kind == "target":
            card = self._selected_card()
            for a in self._plays(card or ""):
                if a.target == seat:
                    self.apply(a)
                    return
        elif kind == "peas" and self.peas_keep is not None:
            self.apply(Action("choose", self.peas_keep, target=seat))

    def choose_row(self, index: int) -> None:
        kind = self.decision()
        row = self.game.view(self.looking or 0, log=False)["garden_row"]
        if not 0 <= index < len(row):
            return
        card = row[index]
        if kind == "harvest":
            self.apply(Action("harvest", card))
        elif kind == "rhubarb":
            self.apply(Action("choose", card))
        elif kind == "corn":
            self.apply(Action("play", "corn", cards=(card,)))

    def pick_discard(self, card: str) -> None:
        if self.decision() == "pepper":
            self.apply(Action("play", "pepper", cards=(card,)))

    def leek(self, option: str) -> None:
        if self.decision() == "leek":
            self.apply(Action("choose", option=option))

    def keep_peas(self, card: str) -> None:
        if self.decision() != "peas":
            return
        self.peas_keep = card
        self._bar_key = None
        targets = self._peas_targets()
        if len(targets) == 1:
            self.choose_target(targets[0])

    def _peas_targets(self) -> list[int]:
        return sorted({a.target for a in self.game.legal_actions() if a.target is not None})

    def do_pass(self) -> None:
        if self.decision() != "pass" or self.looking is None:
            return
        hand = self._hand(self.looking)
        if len(self.pass_sel) != self._pass_count():
            return
        self.apply(Action("choose", cards=tuple(hand[i] for i in self.pass_sel)))

    # -- events ------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.game.is_over:
            for button in self.end_buttons:
                if button.handle_event(event):
                    return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end_buttons[0].activate() if self.end_buttons else None
            return
        if self.handover is not None:
            if self.handover_button.handle_event(event):
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.handover_button.activate()
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        for button in self.buttons:
            if button.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event.pos)

    def _key(self, event: pygame.event.Event) -> None:
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
        kind = self.decision()
        if kind in ("harvest", "rhubarb", "corn"):
            self.choose_row(n)
        elif kind in ("play", "confirm", "pass"):
            self.select_hand(n)
        elif kind == "target":
            card = self._selected_card()
            targets = self._targets_for(card) if card else []
            if n < len(targets):
                self.choose_target(targets[n])
        elif kind == "pepper":
            discard = self._discard(self.looking)
            picks = list(dict.fromkeys(reversed(discard)))
            if n < len(picks):
                self.pick_discard(picks[n])
        elif kind == "peas":
            view = self.game.view(self.looking or 0, log=False)
            revealed = view["pending"]["revealed"] if view["pending"] else []
            if self.peas_keep is None:
                if n < len(revealed):
                    self.keep_peas(revealed[n])
            else:
                targets = self._peas_targets()
                if n < len(targets):
                    self.choose_target(targets[n])
        elif kind == "leek" and n < 2:
            self.leek("take" if n == 0 else "leave")

    def _click(self, pos: tuple[int, int]) -> None:
        for choice in reversed(self.choices):
            if choice.rect.collidepoint(pos):
                choice.run()
                return
        if self.browse is not None:
            self.browse = None
            if self.browse_pick:
                self._clear_selection()
            return

    def _discard(self, seat: int | None) -> list[str]:
        if seat is None:
            return []
        return list(self.game.view(seat, log=False)["seats"][seat]["discard"])

    # -- animations ---------------------------------------------------------------------------------------
    def _zone_rects(self) -> dict[str, Any]:
        """Where each zone lies now (row cards one by one), taken before an action for its flights."""
        lay = self.lay
        if lay is None:
            return {}
        row = self.game.view(0, log=False)["garden_row"]
        return {"row": list(zip(row, lay.row, strict=False))}

    def _zone_rect(self, zone: str | None, seat: int | None, card: str | None, pre: dict[str, Any],
                   used: set[int]) -> tuple[pygame.Rect, int | None]:
        """The rect of ``zone`` (a garden-row card found in ``pre``: its slot, not in ``used``, and its index)."""
        lay = self.lay
        assert lay is not None
        place = lay.seats.get(seat) if seat is not None else None
        if zone == "hand" and place is not None:
            if seat == lay.bottom:
                r = pygame.Rect(0, 0, *lay.big)
                r.midbottom = place.hand.midbottom
                return r, None
            return pygame.Rect(place.hand.x, place.hand.y, *lay.small), None
        if zone == "deck" and place is not None:
            return place.deck, None
        if zone == "discard" and place is not None:
            return place.discard, None
        if zone == "garden_stack":
            return lay.stack, None
        if zone == "garden_row":
            for i, (c, rect) in enumerate(pre.get("row", [])):
                if c == card and i not in used:
                    used.add(i)
                    return rect, i
            return lay.row[2], None
        if zone == "compost":
            return lay.compost, None
        return lay.spot, None

    def _animate(self, events: list[dict[str, Any]], pre: dict[str, Any]) -> None:
        if self.fast or self.lay is None:
            return
        viewer = self.looking
        post = self._zone_rects()  # where the row cards lie now: refilled cards fly to their own slots
        delay = 0.0
        used: set[int] = set()
        used_post: set[int] = set()
        # row cards dealt before the last four-alike reshuffle (A-T2) are not the ones that lie there now
        last_reshuffle = max((i for i, e in enumerate(events) if e["what"] == "four_alike"), default=-1)
        for index, event in enumerate(events):
            what = event["what"]
            cards = event.get("cards") or []
            src, dst = event.get("from"), event.get("to")
            vis = event.get("visible_to")
            if what in REVEAL_EVENTS:
                self._show_reveal(event)
            if not cards or src is None or dst is None or src == dst == "hand" and what not in ("pass", "swap"):
                continue
            shown = vis is None or (viewer is not None and viewer in vis)
            seat = event.get("seat")
            target = event.get("target")
            src_seat = seat
            dst_seat = target if dst in ("discard", "hand", "deck") and target is not None else seat
            if what in ("pass", "swap"):
                src_seat, dst_seat = seat, target
            if what == "reveal" and src == "deck" and target is not None:
                src_seat = target
            if what == "take":  # the leek's card goes into the hand of the seat that played it
                dst_seat = seat
            dest = (str(dst), dst_seat if dst in ("discard", "hand", "deck") else None)
            for i, card in enumerate(cards[:8]):
                a, _ = self._zone_rect(src, src_seat, card, pre, used)
                b, slot = self._zone_rect(dst, dst_seat, card, post if index > last_reshuffle else {}, used_post)
                zone: Zone = ("flight", None) if vis is None else ("private", viewer)
                self.flights.append(Flight(card if shown else None, zone, a.copy(), b.copy(),
                                           delay + i * FLIGHT_STAGGER, dest=dest, slot=slot))
            delay += EVENT_STAGGER + min(len(cards), 8) * FLIGHT_STAGGER * 0.5

    def _arriving(self, dest: tuple[str, int | None]) -> int:
        """How many cards are still flying to ``dest`` (the state has them there already; drawing waits)."""
        return sum(1 for f in self.flights if f.dest == dest)

    def _arriving_cards(self, dest: tuple[str, int | None]) -> list[str]:
        """The names of the cards flying to ``dest`` that the viewer may see (face-up flights only)."""
        return [f.card for f in self.flights if f.dest == dest and f.card is not None]

    def _show_reveal(self, event: dict[str, Any]) -> None:
        viewer = self.looking
        vis = event.get("visible_to")
        shown = vis is None or (viewer is not None and viewer in vis)
        zone: Zone = ("revealed", None) if vis is None else ("private", viewer)
        by = event.get("by") or ""
        title = t("table.reveal.by", name=self._name(event.get("seat")), card=card_name(by) if by else "")
        items = [(c if shown else None, zone) for c in event.get("cards") or []]
        if self.reveal and self.reveal.title == title and self.reveal.left > REVEAL_HOLD - 0.05:
            self.reveal.cards.extend(items)
        else:
            self.reveal = Reveal(title, items)

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.lay is None or self.lay.size != surface.get_size():
            self.layout(surface.get_size())
        lay = self.lay
        assert lay is not None
        self.choices = []
        self.hover_card = None
        self.hover_reason = None
        self._draw_felt(surface, lay)
        view = self.game.view(self.looking if self.looking is not None else lay.bottom, log=False)
        kind = self.decision()
        for seat, place in lay.seats.items():
            if seat == lay.bottom:
                self._draw_bottom(surface, lay, place, view, kind)
            else:
                self._draw_opponent(surface, lay, place, view, kind)
        self._draw_garden(surface, lay, view, kind)
        self._draw_pending(surface, lay, view, kind)
        self._draw_bar(surface, lay, view, kind)
        self._draw_log(surface, lay)
        for flight in self.flights:
            rect = flight.rect()
            if rect is None:
                continue
            draw.drop_shadow(surface, rect, cardsmod.radius_for(rect.width), offset=6, alpha=60)
            if flight.card is None:
                cardsmod.draw_back(surface, rect)
            else:
                cardsmod.draw_face(surface, flight.card, rect, flight.zone)
        if self.reveal and not self._decider_sees_pending(view):
            self._draw_reveal(surface, lay)
        if self.browse is not None:
            self._draw_browse(surface, lay)
        self._draw_detail(surface, lay)
        self.message.draw(surface, (lay.table.centerx, lay.bar.top - 8))
        if self.handover is not None:
            self._draw_handover(surface)
        if self.game.is_over:
            self._draw_end(surface, lay)

    def _draw_felt(self, surface: pygame.Surface, lay: TableLayout) -> None:
        key = (surface.get_size(), lay.table.size, tuple(lay.log))
        if self._felt is None or self._felt[0] != key:
            w, h = surface.get_size()
            felt = pygame.Surface((w, h))
            felt.blit(draw.vertical_gradient((w, h), shade(PALETTE.felt, 0.06), PALETTE.felt_dark), (0, 0))
            felt.blit(_felt_glow(lay.table.size), lay.table.topleft)
            draw.panel(felt, lay.log, PALETTE.sand_light, PALETTE.dune)
            self._felt = (key, felt.convert() if pygame.display.get_surface() else felt)
        surface.blit(self._felt[1], (0, 0))

    def _seat_label(self, surface: pygame.Surface, place: Any, seat: int, light: bool = True) -> None:
        game = self.game
        active = game.current_player == seat or (game.current_player is None and game.winner == seat)
        turn = game.view(seat, log=False)["turn"]["player"] == seat and not game.is_over
        color = PALETTE.paper if light else PALETTE.ink
        name = self.seats[seat].name
        r = draw.text(surface, name, (place.name.x, place.name.centery), size=max(14, place.name.height - 6),
                      bold=True, color=color, anchor="midleft")
        tag = t("table.you") if seat == self.looking else (t("table.bot") if not self.seats[seat].human else "")
        if tag:
            draw.text(surface, f"· {tag}", (r.right + 6, place.name.centery), size=max(12, place.name.height - 10),
                      color=shade(color, -0.25) if light else PALETTE.ink_soft, anchor="midleft")
        if turn or active:
            dot = (place.name.right - 8, place.name.centery)
            pygame.draw.circle(surface, PALETTE.sun if active else PALETTE.sand_dark, dot, 6)

    def _highlight(self, surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int] = PALETTE.sun,
                   width: int = 4) -> None:
        pulse = 0.5 + 0.5 * abs(((self.hover_time * 1.6) % 2) - 1)
        ring = lerp(color, PALETTE.paper, 0.35 * pulse)
        draw.rounded_ring(surface, rect.inflate(10, 10), ring, cardsmod.radius_for(rect.width) + 5, width)

    def _face(self, surface: pygame.Surface, card: str, rect: pygame.Rect, zone: Zone, zoom: bool = True) -> None:
        cardsmod.draw_face(surface, card, rect, zone)
        if zoom and rect.collidepoint(self.mouse):
            self.hover_card = (card, zone, rect)

    def _pile(self, surface: pygame.Surface, rect: pygame.Rect, count: int, top: str | None, zone: Zone,
              label: str, *, face_down: bool = False, backs_under: bool = False) -> None:
        """A pile: its top card (or back), a count badge and a label under it (``backs_under``: the cards
        under a face-up top are face down, like a deck whose top card the viewer knows)."""
        if count == 0:
            cardsmod.empty_slot(surface, rect)
        else:
            if count > 1:
                for k in (2, 1):
                    off = rect.move(k * 2, -k * 2)
                    if face_down or top is None or backs_under:
                        cardsmod.draw_back(surface, off)
                    else:
                        draw.rounded_rect(surface, off, PALETTE.sand_dark, cardsmod.radius_for(rect.width))
            draw.drop_shadow(surface, rect, cardsmod.radius_for(rect.width), offset=4, alpha=50)
            if face_down or top is None:
                cardsmod.draw_back(surface, rect)
            else:
                self._face(surface, top, rect, zone)
        self._badge(surface, (rect.right - 2, rect.top + 2), str(count))
        size = max(11, min(16, rect.width // 5))
        draw.text(surface, label, (rect.centerx, rect.bottom + 3), size=size, color=shade(PALETTE.sand, -0.05),
                  anchor="midtop")

    def _open_pile(self, surface: pygame.Surface, rect: pygame.Rect, cards: list[str], dest: tuple[str, int | None],
                   zone: Zone, label: str) -> None:
        """A face-up pile (discard, compost) without the cards still flying to it: its top is the card under
        them, and the count grows as they land."""
        shown = max(0, len(cards) - self._arriving(dest))
        self._pile(surface, rect, shown, cards[shown - 1] if shown else None, zone, label)

    def _deck(self, surface: pygame.Surface, place: Any, view: dict[str, Any]) -> None:
        """A seat's deck, face down; the looking seat also sees the card it put on top itself (corn, pepper;
        A-G2), face up with a small "you know it" tag. Cards still flying to the deck are left out."""
        seat = place.seat
        arriving = self._arriving(("deck", seat))
        shown = max(0, view["seats"][seat]["deck_count"] - arriving)
        known: list[str] = []
        if seat == self.looking == view["seat"]:
            known = list(view["deck_top_known"])[arriving:]  # arriving cards lie on top: known ones, if any
        if not known or not shown:
            self._pile(surface, place.deck, shown, None, ("deck", seat), t("table.deck"), face_down=True)
            return
        self._pile(surface, place.deck, shown, known[0], ("deck_known", seat), t("table.deck"), backs_under=True)
        self._known_tag(surface, place.deck, len(known))

    def _known_tag(self, surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
        """A small sun-coloured tag on a deck's known top card: only its owner sees this (A-G2)."""
        label = t("table.deck_known") if n == 1 else t("table.deck_known_n", n=n)
        size = max(10, min(13, rect.width // 6))
        width = min(rect.width + 14, draw.font_width(label, size, bold=True) + 14)
        tag = pygame.Rect(0, 0, width, size + 8)
        # over the foot of the picture, just above the card's name band (cards.face's proportions)
        pad = max(3, rect.width // 16)
        name_h = max(12, round(rect.width * (0.16 if rect.width >= 100 else 0.2)))
        foot = rect.bottom - pad - name_h - max(2, pad // 2) if rect.width < 100 else rect.centery
        tag.midbottom = (rect.centerx, foot - 2)
        draw.rounded_rect(surface, tag, PALETTE.sun, tag.height // 2, shade(PALETTE.sun, -0.35), 1)
        draw.text(surface, label, tag.center, size=size, bold=True, color=PALETTE.ink, anchor="center")

    def _badge(self, surface: pygame.Surface, pos: tuple[int, int], content: str) -> None:
        fnt = font(14, bold=True)
        w = max(24, fnt.size(content)[0] + 12)
        rect = pygame.Rect(0, 0, w, 22)
        rect.center = pos
        draw.rounded_rect(surface, rect, PALETTE.ink, 11, PALETTE.paper, 2)
        draw.text(surface, content, rect.center, size=14, bold=True, color=PALETTE.paper, anchor="center")

    def _draw_opponent(self, surface: pygame.Surface, lay: TableLayout, place: Any, view: dict[str, Any],
                       kind: str) -> None:
        seat = place.seat
        info = view["seats"][seat]
        targets = self._current_targets(kind)
        active = self.game.current_player == seat
        fill = shade(PALETTE.felt_dark, -0.1) if not active else shade(PALETTE.felt, 0.08)
        draw.rounded_rect(surface, place.panel, fill, SIZES.radius, shade(PALETTE.felt, 0.2) if active else None, 2,
                          alpha=230)
        if seat in targets:
            self._highlight(surface, place.panel.inflate(-6, -6), PALETTE.sun)
            self.choices.append(Choice(place.panel, partial(self.choose_target, seat), f"seat{seat}"))
        self._seat_label(surface, place, seat)
        # the hand: a small fan of backs with the count
        n = max(0, info["hand_count"] - self._arriving(("hand", seat)))
        cw, ch = lay.small
        shown = min(n, 6)
        step = 0 if shown <= 1 else min(cw * 0.45, (place.hand.width - cw) / (shown - 1))
        x0 = place.hand.centerx - (cw + step * (shown - 1)) / 2
        if n == 0:
            cardsmod.empty_slot(surface, pygame.Rect(place.hand.centerx - cw // 2, place.hand.y, cw, ch))
        for i in range(shown):
            r = pygame.Rect(round(x0 + i * step), place.hand.y, cw, ch)
            cardsmod.draw_back(surface, r, angle=(shown / 2 - i) * 4)
        self._badge(surface, (round(x0 + step * (shown - 1) + cw - 2), place.hand.y + 2), str(n))
        size = max(11, min(15, cw // 4))
        label_color = shade(PALETTE.sand, -0.05)
        draw.text(surface, t("table.hand_count", n=n), (place.hand.centerx, place.hand.bottom + 3), size=size,
                  color=label_color, anchor="midtop")
        self._deck(surface, place, view)
        discard = info["discard"]
        self._open_pile(surface, place.discard, discard, ("discard", seat), ("discard", seat), t("table.discard"))
        if discard:
            self.choices.append(Choice(place.discard, partial(self._open_browse, "discard", seat)))

    def _open_browse(self, kind: str, seat: int | None) -> None:
        self.browse = (kind, seat)
        self.browse_pick = False

    def _current_targets(self, kind: str) -> list[int]:
        if kind == "target":
            card = self._selected_card()
            return self._targets_for(card) if card else []
        if kind == "peas" and self.peas_keep is not None:
            return self._peas_targets()
        return []

    def _draw_bottom(self, surface: pygame.Surface, lay: TableLayout, place: Any, view: dict[str, Any],
                     kind: str) -> None:
        seat = place.seat
        info = view["seats"][seat]
        active = self.game.current_player == seat
        draw.rounded_rect(surface, place.panel, shade(PALETTE.felt_dark, -0.1) if not active else
                          shade(PALETTE.felt, 0.08), SIZES.radius, shade(PALETTE.felt, 0.2) if active else None, 2,
                          alpha=230)
        self._seat_label(surface, place, seat)
        self._deck(surface, place, view)
        discard = info["discard"]
        self._open_pile(surface, place.discard, discard, ("discard", seat), ("discard", seat), t("table.discard"))
        if discard:
            self.choices.append(Choice(place.discard, partial(self._open_browse, "discard", seat)))
        # the hand (cards still flying into it are left out until they land)
        if seat == self.looking:
            hand = display_order(view["hand"])
            landing = self._landing_in_hand(hand, seat)
            order = [i for i in range(len(hand)) if i not in landing]  # hand indices in the fan, left to right
            n = len(order)
            playable = [False] * len(hand)
            if kind in ("play", "confirm", "target", "corn", "pepper"):
                playable = [self.playable(c) for c in hand]
            hovered_pos = self._hovered_hand(lay, n)
            hovered = order[hovered_pos] if hovered_pos is not None else None
            lift: dict[int, int] = {}
            for pos, i in enumerate(order):
                if i == self.selected or i in self.pass_sel:
                    lift[pos] = round(lay.big[1] * 0.18)
                elif i == hovered and (playable[i] or kind == "pass"):
                    lift[pos] = round(lay.big[1] * 0.08)
            rects = lay.hand_rects(n, lift)
            for pos, (i, rect) in enumerate(zip(order, rects, strict=True)):
                card = hand[i]
                angle = (n / 2 - pos - 0.5) * 1.6 if n > 1 else 0
                draw.drop_shadow(surface, rect, cardsmod.radius_for(rect.width), offset=5, alpha=60)
                cardsmod.draw_face(surface, card, rect, ("hand", seat), angle=angle)
                if kind in ("play", "confirm", "target", "corn", "pepper") and not playable[i]:
                    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                    draw.rounded_rect(veil, veil.get_rect(), PALETTE.ink, cardsmod.radius_for(rect.width), alpha=90)
                    veil = pygame.transform.rotozoom(veil, angle, 1.0) if angle else veil
                    surface.blit(veil, veil.get_rect(center=rect.center))
                if playable[i] and i != self.selected:
                    self._highlight(surface, rect, PALETTE.sun, 4)
                if i == self.selected or i in self.pass_sel:
                    self._highlight(surface, rect, PALETTE.terracotta, 5)
                key = str(i + 1) if i < 9 else ""
                if key and kind in ("play", "confirm", "target", "corn", "pepper", "pass"):
                    kr = pygame.Rect(0, 0, 20, 20)
                    kr.center = (rect.x + 4, rect.y + 4)
                    pygame.draw.circle(surface, PALETTE.ink, kr.center, 10)
                    draw.text(surface, key, kr.center, size=13, bold=True, color=PALETTE.paper, anchor="center")
                self.choices.append(Choice(rect, partial(self.select_hand, i), f"hand{i}"))
            if hovered is not None:
                card = hand[hovered]
                self.hover_card = (card, ("hand", seat), rects[order.index(hovered)])
                if kind in ("play", "confirm", "target", "corn", "pepper") and not playable[hovered]:
                    self.hover_reason = self.why_not(card)
        else:
            n = max(0, info["hand_count"] - self._arriving(("hand", seat)))
            rects = lay.hand_rects(n)
            for i, rect in enumerate(rects):
                angle = (n / 2 - i - 0.5) * 1.6 if n > 1 else 0
                draw.drop_shadow(surface, rect, cardsmod.radius_for(rect.width), offset=5, alpha=60)
                cardsmod.draw_back(surface, rect, angle=angle)
            if rects:
                self._badge(surface, (rects[-1].right - 4, rects[-1].top + 4), str(n))

    def _landing_in_hand(self, hand: list[str], seat: int) -> set[int]:
        """Indices of ``hand`` (display order) that are the cards still flying into it, one per flight."""
        out: set[int] = set()
        for card in self._arriving_cards(("hand", seat)):
            for j in range(len(hand) - 1, -1, -1):
                if hand[j] == card and j not in out:
                    out.add(j)
                    break
        return out

    def _hovered_hand(self, lay: TableLayout, n: int) -> int | None:
        for i, rect in reversed(list(enumerate(lay.hand_rects(n)))):
            if rect.collidepoint(self.mouse):
                return i
        return None

    def _draw_garden(self, surface: pygame.Surface, lay: TableLayout, view: dict[str, Any], kind: str) -> None:
        size = max(12, min(17, lay.mid[0] // 6))
        label_color = shade(PALETTE.sand, -0.05)
        self._pile(surface, lay.stack, max(0, view["garden_stack_count"] - self._arriving(("garden_stack", None))),
                   None, ("stack", None), t("table.stack"), face_down=True)
        row = view["garden_row"]
        landing = {f.slot for f in self.flights if f.dest[0] == "garden_row" and f.slot is not None}
        pickable = kind in ("harvest", "rhubarb", "corn")
        left, right = lay.row[0].left, lay.row[-1].right
        draw.text(surface, t("table.row"), ((left + right) // 2, lay.row[0].top - 6), size=size, bold=True,
                  color=label_color, anchor="midbottom")
        for i, rect in enumerate(lay.row):
            if i >= len(row) or i in landing:
                cardsmod.empty_slot(surface, rect)
                continue
            draw.drop_shadow(surface, rect, cardsmod.radius_for(rect.width), offset=4, alpha=50)
            r = rect
            if pickable and rect.collidepoint(self.mouse):
                r = rect.move(0, -8)
            self._face(surface, row[i], r, ("row", None))
            if pickable:
                self._highlight(surface, r)
                self.choices.append(Choice(rect, partial(self.choose_row, i), f"row{i}"))
                kr = (r.x + 4, r.y + 4)
                pygame.draw.circle(surface, PALETTE.ink, kr, 10)
                draw.text(surface, str(i + 1), kr, size=13, bold=True, color=PALETTE.paper, anchor="center")
        compost = view["compost"]
        self._open_pile(surface, lay.compost, compost, ("compost", None), ("compost", None), t("table.compost"))
        if compost:
            self.choices.append(Choice(lay.compost, lambda: self._open_browse("compost", None)))

    def _decider_sees_pending(self, view: dict[str, Any]) -> bool:
        pending = view["pending"]
        return bool(pending and pending["kind"] in ("leek", "peas") and self._my_decision())

    def _draw_pending(self, surface: pygame.Surface, lay: TableLayout, view: dict[str, Any], kind: str) -> None:
        """Revealed cards of a pending leek or peas lie face up (public) in the middle."""
        pending = view["pending"]
        if not pending or pending["kind"] not in ("leek", "peas"):
            return
        revealed = list(pending.get("revealed") or [])
        if not revealed:
            return
        bw, bh = lay.big
        gap = 24
        total = len(revealed) * bw + (len(revealed) - 1) * gap
        box = pygame.Rect(0, 0, total + 48, bh + 64)
        box.center = lay.middle.center
        draw.panel(surface, box, shade(PALETTE.felt_dark, -0.15), PALETTE.sun, alpha=240)
        title = t("table.reveal.by", name=self._name(pending["by"]), card=card_name(pending["kind"]))
        draw.text(surface, title, (box.centerx, box.y + 10), size=17, bold=True, color=PALETTE.paper,
                  anchor="midtop")
        x = box.x + 24
        for i, card in enumerate(revealed):
            rect = pygame.Rect(x, box.y + 44, bw, bh)
            if kind == "peas" and self.peas_keep is None and rect.collidepoint(self.mouse):
                rect = rect.move(0, -6)
            self._face(surface, card, rect, ("revealed", None))
            if kind == "peas":
                if self.peas_keep is None:
                    self._highlight(surface, rect)
                    self.choices.append(Choice(rect, partial(self.keep_peas, card), f"peas{i}"))
                elif card == self.peas_keep and i == revealed.index(card):
                    self._highlight(surface, rect, PALETTE.terracotta, 5)
            x += bw + gap

    def _bar_buttons(self, kind: str) -> list[tuple[str, Callable[[], None], str, bool]]:
        out: list[tuple[str, Callable[[], None], str, bool]] = []
        undo_ok = bool(self.undo_stack) and self._my_decision()
        if kind in ("play", "confirm", "target", "corn", "pepper"):
            if self.undo_stack:
                out.append((t("table.btn.undo"), self.undo, "ghost", undo_ok))
            if kind == "confirm":
                out.append((t("table.btn.cancel"), self._clear_selection, "secondary", True))
                out.append((t("table.btn.play"), self.confirm, "primary", True))
            elif kind == "target":
                card = self._selected_card() or ""
                out.append((t("table.btn.cancel"), self._clear_selection, "secondary", True))
                for n, s in enumerate(self._targets_for(card)):
                    out.append((f"{n + 1}  {self._name(s)}", partial(self.choose_target, s), "primary", True))
            elif kind in ("corn", "pepper"):
                out.append((t("table.btn.cancel"), self._clear_selection, "secondary", True))
            else:
                out.append((t("table.btn.end_turn"), self.end_turn, "green", True))
        elif kind == "harvest" and self.undo_stack:
            out.append((t("table.btn.undo"), self.undo, "ghost", undo_ok))
        elif kind == "leek":
            out.append((t("table.btn.leave"), lambda: self.leek("leave"), "secondary", True))
            out.append((t("table.btn.take"), lambda: self.leek("take"), "primary", True))
        elif kind == "peas" and self.peas_keep is not None:
            out.append((t("table.btn.cancel"), self._clear_selection, "secondary", True))
            for n, s in enumerate(self._peas_targets()):
                out.append((f"{n + 1}  {self._name(s)}", partial(self.choose_target, s), "primary", True))
        elif kind == "pass":
            out.append((t("table.btn.pass"), self.do_pass, "primary", len(self.pass_sel) == self._pass_count()))
        return out

    def _prompt(self, kind: str, view: dict[str, Any]) -> str:
        actor = self.game.current_player
        if kind == "wait":
            if actor is None:
                return ""
            pending = view["pending"]
            if pending and pending["kind"] == "eggplant":
                return t("table.prompt.pass_wait")
            if not self.seats[actor].human:
                return t("table.thinking", name=self._name(actor))
            return t("table.prompt.wait", name=self._name(actor))
        card = self._selected_card()
        if kind == "harvest":
            return t("table.prompt.harvest")
        if kind == "play":
            only_end = all(a.kind == "end_play" for a in self.game.legal_actions())
            return t("table.prompt.none_playable") if only_end else t("table.prompt.play")
        if kind == "confirm" and card:
            return t("table.prompt.confirm", card=card_name(card))
        if kind == "target" and card:
            return t("table.prompt.target", card=card_name(card))
        if kind == "corn":
            return t("table.prompt.corn")
        if kind == "pepper":
            return t("table.prompt.pepper")
        if kind == "rhubarb":
            return t("table.prompt.rhubarb")
        pending = view["pending"] or {}
        if kind == "leek":
            revealed = pending.get("revealed") or ["artichoke"]
            return t("table.prompt.leek", card=card_name(revealed[0]), name=self._name(pending.get("target")))
        if kind == "peas":
            if self.peas_keep is None:
                return t("table.prompt.peas_keep")
            revealed = list(pending.get("revealed") or [])
            if self.peas_keep in revealed:
                revealed.remove(self.peas_keep)
            return t("table.prompt.peas_give", card=card_name(revealed[0] if revealed else self.peas_keep))
        if kind == "pass":
            n = self._pass_count()
            left = ((self.looking or 0) + 1) % self.game.players
            return plural("table.prompt.pass", n, n=n, name=self._name(left))
        return ""

    def _draw_bar(self, surface: pygame.Surface, lay: TableLayout, view: dict[str, Any], kind: str) -> None:
        bar = lay.bar
        specs = self._bar_buttons(kind)
        key = (kind, self._selected_card(), tuple(self.pass_sel), self.peas_keep, len(self.undo_stack),
               tuple((s[0], s[3]) for s in specs), bar.topleft, bar.size)
        if key != self._bar_key:
            self._bar_key = key
            self.buttons = []
            x = bar.right
            h = min(SIZES.button_height, bar.height)
            for label, run, style, enabled in reversed(specs):
                w = max(110, draw.font_width(label, SIZES.text_small, bold=True) + 36)
                x -= w
                rect = pygame.Rect(x, bar.centery - h // 2, w, h)
                self.buttons.insert(0, Button(label, run, rect=rect, style=style, enabled=enabled,
                                              text_size=SIZES.text_small))
                x -= 10
        text_right = self.buttons[0].rect.left - 12 if self.buttons else bar.right
        actor = self.game.current_player
        mine = kind != "wait"
        prompt_rect = pygame.Rect(bar.x, bar.y, text_right - bar.x, bar.height)
        draw.rounded_rect(surface, prompt_rect, PALETTE.paper if mine else shade(PALETTE.felt_dark, -0.1),
                          bar.height // 2, PALETTE.sun if mine else None, 2, alpha=235 if mine else 200)
        title = ""
        if actor is not None:
            title = t("table.your_turn", name=self._name(actor)) if mine else ""
        prompt = self._prompt(kind, view)
        color = PALETTE.ink if mine else PALETTE.sand_light
        x = prompt_rect.x + 18
        round_txt = t("table.round", n=view["turn"]["round"] + 1)
        rr = draw.text(surface, round_txt, (prompt_rect.right - 16, prompt_rect.centery), size=14,
                       color=PALETTE.ink_soft if mine else shade(PALETTE.sand, -0.2), anchor="midright")
        avail = rr.left - 12 - x
        if title and draw.font_width(title + "  " + prompt, 17, bold=True) <= avail:
            r = draw.text(surface, title, (x, prompt_rect.centery), size=17, bold=True, color=PALETTE.terracotta,
                          anchor="midleft")
            x = r.right + 12
            avail = rr.left - 12 - x
        fnt_size = 17
        while fnt_size > 12 and draw.font_width(prompt, fnt_size) > avail:
            fnt_size -= 1
        draw.text(surface, prompt, (x, prompt_rect.centery), size=fnt_size, color=color, anchor="midleft")
        for button in self.buttons:
            button.draw(surface)

    def _log_lines(self) -> list[tuple[str, bool]]:
        viewer = self.looking
        key = (len(self.game.log), viewer, i18n.get_language())
        if self._log_cache and self._log_cache[0] == key:
            return self._log_cache[1]
        names = [s.name for s in self.seats]
        since = max(0, len(self.game.log) - 80)
        # the viewer's own view of the log (secret cards already redacted); nobody looking: public cards only
        events = self.game.view(viewer, log_since=since)["log"] if viewer is not None else self.game.events(since)
        lines: list[tuple[str, bool]] = []
        for event in events:
            text = sentence(event, viewer, names)
            if text:
                lines.append((text, event["what"] in ("turn", "win", "stalemate")))
        self._log_cache = (key, lines)
        return lines

    def _draw_log(self, surface: pygame.Surface, lay: TableLayout) -> None:
        panel = lay.log
        key = (len(self.game.log), self.looking, i18n.get_language(), panel.size)
        if self._log_image is None or self._log_image[0] != key:
            layer = pygame.Surface(panel.size, pygame.SRCALPHA)
            self._paint_log(layer, layer.get_rect())
            self._log_image = (key, layer)
        surface.blit(self._log_image[1], panel.topleft)

    def _paint_log(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        draw.text(surface, t("table.log"), (panel.x + 14, panel.y + 12), size=18, bold=True, color=PALETTE.ink)
        pygame.draw.line(surface, PALETTE.sand_dark, (panel.x + 12, panel.y + 40), (panel.right - 12, panel.y + 40), 2)
        hint_h = 40
        area = pygame.Rect(panel.x + 14, panel.y + 48, panel.width - 28, panel.height - 56 - hint_h)
        fnt = font(14)
        bold = font(14, bold=True)
        line_h = fnt.get_linesize()
        # whole entries, newest at the bottom, as many as fit (a turn's first line gets a little air above)
        entries: list[tuple[list[str], bool]] = []
        used = 0
        for text_line, strong in reversed(self._log_lines()[-60:]):
            parts = draw.wrap_text(text_line, bold if strong else fnt, area.width - 10)
            height = len(parts) * line_h + (6 if strong else 0)
            if used + height > area.height:
                break
            entries.append((parts, strong))
            used += height
        entries.reverse()
        y = area.bottom - used
        for i, (parts, strong) in enumerate(entries):
            age = len(entries) - i
            color = lerp(PALETTE.ink, PALETTE.ink_faint, min(1.0, age / 14))
            if strong:
                y += 6
            for k, part in enumerate(parts):
                draw.text(surface, part, (area.x + (0 if k == 0 else 10), y), size=14, bold=strong, color=color)
                y += line_h
        draw.text_block(surface, t("table.hint"), pygame.Rect(panel.x + 14, panel.bottom - hint_h, panel.width - 28,
                                                              hint_h), size=12, color=PALETTE.ink_soft)

    def _draw_reveal(self, surface: pygame.Surface, lay: TableLayout) -> None:
        reveal = self.reveal
        assert reveal is not None
        bw, bh = lay.big
        items = reveal.cards[:4]
        gap = 20
        total = len(items) * bw + max(0, len(items) - 1) * gap
        box = pygame.Rect(0, 0, max(total + 48, draw.font_width(reveal.title, 17, bold=True) + 48), bh + 64)
        box.center = lay.middle.center
        alpha = round(255 * min(1.0, reveal.left / 0.3, (REVEAL_HOLD - reveal.left) / 0.15 + 0.2))
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        draw.panel(layer, box, shade(PALETTE.felt_dark, -0.15), PALETTE.sun, alpha=240)
        draw.text(layer, reveal.title, (box.centerx, box.y + 10), size=17, bold=True, color=PALETTE.paper,
                  anchor="midtop")
        x = box.centerx - total // 2
        for card, zone in items:
            rect = pygame.Rect(x, box.y + 44, bw, bh)
            if card is None:
                cardsmod.draw_back(layer, rect)
            else:
                cardsmod.draw_face(layer, card, rect, zone)
            x += bw + gap
        layer.set_alpha(max(0, min(255, alpha)))
        surface.blit(layer, (0, 0))

    def _draw_browse(self, surface: pygame.Surface, lay: TableLayout) -> None:
        kind, seat = self.browse or ("compost", None)
        if kind == "compost":
            pile = list(self.game.view(0, log=False)["compost"])
            title = t("table.browse.compost", n=len(pile))
            zone: Zone = ("compost", None)
        else:
            pile = self._discard(seat)
            title = t("table.browse.title", name=self._name(seat), n=len(pile))
            zone = ("discard", seat)
        pile = list(reversed(pile))  # the top card first
        pick = kind == "pick" and self.decision() == "pepper"
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*PALETTE.ink, 130))
        surface.blit(veil, (0, 0))
        box = lay.table.inflate(-60, -60)
        draw.panel(surface, box, PALETTE.sand_light, PALETTE.dune)
        draw.text(surface, title, (box.x + 24, box.y + 18), size=22, bold=True)
        if pick:
            draw.text(surface, t("table.browse.pick"), (box.x + 24, box.y + 50), size=16, color=PALETTE.terracotta)
        close = pygame.Rect(box.right - 150, box.y + 14, 130, 36)
        draw.rounded_rect(surface, close, PALETTE.paper, SIZES.radius_small, PALETTE.sand_dark, 2)
        draw.text(surface, t("table.browse.close"), close.center, size=16, bold=True, anchor="center")
        self.choices.append(Choice(close, self._close_browse))
        grid = pygame.Rect(box.x + 24, box.y + 80, box.width - 48, box.height - 100)
        self.choices.append(Choice(box, lambda: None))
        n = max(1, len(pile))
        cw = lay.mid[0]
        while cw > 40:
            cols = max(1, (grid.width + 10) // (cw + 10))
            rows = -(-n // cols)
            if rows * (round(cw * cardsmod.RATIO) + 10) <= grid.height:
                break
            cw -= 4
        ch = round(cw * cardsmod.RATIO)
        cols = max(1, (grid.width + 10) // (cw + 10))
        seen: set[str] = set()
        for i, card in enumerate(pile):
            rect = pygame.Rect(grid.x + (i % cols) * (cw + 10), grid.y + (i // cols) * (ch + 10), cw, ch)
            if rect.bottom > grid.bottom + 4:
                break
            self._face(surface, card, rect, zone)
            if pick and card not in seen:
                self._highlight(surface, rect)
                self.choices.append(Choice(rect, partial(self.pick_discard, card), f"pick{len(seen)}"))
            seen.add(card)

    def _close_browse(self) -> None:
        if self.browse_pick:
            self._clear_selection()
        self.browse = None

    def _draw_detail(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """The hovered face-up card in full: picture, name, the whole rule text in a readable size and, for a
        hand card that cannot be played now, why (the card itself prints only a short version of its rule)."""
        self.detail_rect = None
        if self.hover_card is None or self.handover is not None:
            return
        card, _zone, rect = self.hover_card
        area = lay.table.inflate(-2 * DETAIL_MARGIN, -2 * DETAIL_MARGIN)
        width = min(DETAIL_WIDTH, area.width)
        pad = 14
        pic = 64 if lay.size[1] < 700 else 80
        text_w = width - 3 * pad - pic
        rule_px, name_px = (15, 19) if lay.size[1] < 700 else (17, 22)
        rule = card_rule(card)
        text_h = name_px + 10 + draw.text_height(rule, text_w, size=rule_px)
        if self.hover_reason:
            text_h += 8 + draw.text_height(self.hover_reason, text_w, size=rule_px - 1, bold=True)
        box = pygame.Rect(0, 0, width, max(pic, text_h) + 2 * pad)
        box.midbottom = (rect.centerx, rect.top - 12)
        if box.top < area.top:
            box.midtop = (rect.centerx, rect.bottom + 12)
        box.clamp_ip(area)
        band, light = cardsmod.TINTS.get(card, cardsmod.TINTS["artichoke"])
        draw.panel(surface, box, PALETTE.paper, shade(band, -0.2))
        art = pygame.Rect(box.x + pad, box.y + pad, pic, pic)
        draw.rounded_rect(surface, art, light, SIZES.radius_small)
        image = cardsmod.illustration(card, pic - 6)
        surface.blit(image, image.get_rect(center=art.center))
        x, y = art.right + pad, box.y + pad
        draw.text(surface, card_name(card), (x, y), size=name_px, bold=True, color=shade(band, -0.15))
        y += name_px + 10
        y += draw.text_block(surface, rule, pygame.Rect(x, y, text_w, box.bottom - y), size=rule_px,
                             color=PALETTE.ink)
        if self.hover_reason:
            draw.text_block(surface, self.hover_reason, pygame.Rect(x, y + 8, text_w, box.bottom - y), size=rule_px - 1,
                            bold=True, color=shade(PALETTE.terracotta, -0.1))
        self.detail_rect = box

    def _draw_handover(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(draw.vertical_gradient((w, h), PALETTE.felt, PALETTE.felt_dark), (0, 0))
        card = pygame.Rect(0, 0, min(640, w - 80), 300)
        card.center = (w // 2, h // 2)
        draw.panel(surface, card, PALETTE.paper, PALETTE.dune)
        name = self._name(self.handover)
        draw.text(surface, t("table.handover.title", name=name), (card.centerx, card.y + 54), size=30,
                  display=True, color=PALETTE.terracotta, anchor="center")
        pending = self.game.view(self.handover or 0, log=False)["pending"]
        reason = ("table.handover.reason.pass" if pending and pending["kind"] == "eggplant" else
                  "table.handover.reason.choose" if pending else "table.handover.reason.turn")
        draw.text(surface, t(reason), (card.centerx, card.y + 104), size=19, bold=True, anchor="center")
        draw.text_block(surface, t("table.handover.body", name=name),
                        pygame.Rect(card.x + 40, card.y + 132, card.width - 80, 60), align="center",
                        color=PALETTE.ink_soft)
        self.handover_button.rect.midbottom = (card.centerx, card.bottom - 28)
        self.handover_button.focused = True
        self.handover_button.draw(surface)

    # -- the end ----------------------------------------------------------------------------------------------
    def _layout_end(self) -> None:
        if not self.game.is_over or not hasattr(self, "app"):
            return
        w, h = self.app.size
        bw = 230
        y = h // 2 + 190
        again = Button(t("table.end.again"), self._again, style="primary",
                       rect=pygame.Rect(w // 2 - bw - 8, y, bw, SIZES.button_height))
        back = Button(t("table.end.launcher"), self._to_launcher, style="secondary",
                      rect=pygame.Rect(w // 2 + 8, y, bw, SIZES.button_height))
        again.focused = True
        self.end_buttons = [again, back]

    def _again(self) -> None:
        opts = Options(fast=self.options.fast, until_over=False, autosave=self.options.autosave,
                       seed=self.options.seed + 1, rhubarb=self.game.rhubarb, start_player=None)
        self.app.replace(TableScene.new(self.seats, opts))

    def _draw_end(self, surface: pygame.Surface, lay: TableLayout) -> None:
        w, h = surface.get_size()
        if not self.end_buttons:
            self._layout_end()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((*PALETTE.ink, 150))
        surface.blit(veil, (0, 0))
        box = pygame.Rect(0, 0, min(w - 60, 900), 490)
        box.center = (w // 2, h // 2 + 10)
        self.end_buttons[0].rect.bottom = self.end_buttons[1].rect.bottom = box.bottom - 24
        draw.panel(surface, box, PALETTE.paper, PALETTE.dune)
        winner = self.game.winner
        rounds = self.game.view(0, log=False)["turn"]["round"] + 1
        if winner is None:
            draw.text(surface, t("table.end.stalemate"), (box.centerx, box.y + 50), size=28, display=True,
                      color=PALETTE.terracotta, anchor="center")
        else:
            draw.text(surface, t("table.end.title", name=self._name(winner)), (box.centerx, box.y + 50), size=38,
                      display=True, color=PALETTE.terracotta, anchor="center")
            draw.text(surface, t("table.end.hand") + "  ·  " + plural("table.end.rounds", rounds, n=rounds),
                      (box.centerx, box.y + 96), size=17, color=PALETTE.ink_soft, anchor="center")
            hand = display_order(self.game.view(winner, log=False)["hand"])
            cw = min(lay.big[0] + 10, (box.width - 80) // max(1, len(hand)) - 12)
            ch = round(cw * cardsmod.RATIO)
            total = len(hand) * cw + (len(hand) - 1) * 12
            x = box.centerx - total // 2
            for card in hand:
                rect = pygame.Rect(x, box.y + 124, cw, ch)
                draw.drop_shadow(surface, rect, cardsmod.radius_for(cw), offset=5, alpha=60)
                cardsmod.draw_face(surface, card, rect, ("winning_hand", winner))
                x += cw + 12
        self._draw_standings(surface, pygame.Rect(box.x + 30, box.y + 124 + lay.big[1] + 40, box.width - 60, 60))
        for button in self.end_buttons:
            button.draw(surface)


    def _draw_standings(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """After the game: how many artichokes each seat still had (hand, deck and discard)."""
        data = self.game.to_dict()["players"]
        chips = []
        for seat, player in enumerate(data):
            left = sum(zone.count(ARTICHOKE) for zone in (player["hand"], player["deck"], player["discard"]))
            left_text = plural("table.end.artichokes", left, n=left)
            chips.append((self._name(seat), left_text, seat == self.game.winner))
        widths = [max(draw.font_width(a, 17, bold=True), draw.font_width(b, 14)) + 40 for a, b, _ in chips]
        gap = 14
        x = area.centerx - (sum(widths) + gap * (len(chips) - 1)) // 2
        for (name, left, won), width in zip(chips, widths, strict=True):
            chip = pygame.Rect(x, area.y, width, 52)
            draw.rounded_rect(surface, chip, PALETTE.sand_light if not won else lerp(PALETTE.sun, PALETTE.paper, 0.6),
                              12, PALETTE.sand_dark if not won else PALETTE.sun, 2)
            draw.text(surface, name, (chip.centerx, chip.y + 16), size=17, bold=True, anchor="center")
            draw.text(surface, left, (chip.centerx, chip.y + 37), size=14, color=PALETTE.ink_soft, anchor="center")
            x += width + gap


_GLOW: dict[tuple[int, int], pygame.Surface] = {}


def _felt_glow(size: tuple[int, int]) -> pygame.Surface:
    """A soft light in the middle of the felt and a faint weave, cached per size."""
    cached = _GLOW.get(size)
    if cached is not None:
        return cached
    w, h = size
    small = pygame.Surface((max(1, w // 8), max(1, h // 8)), pygame.SRCALPHA)
    sw, sh = small.get_size()
    for y in range(sh):
        for x in range(sw):
            dx, dy = (x - sw / 2) / (sw / 2), (y - sh / 2) / (sh / 2)
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            small.set_at((x, y), (255, 250, 220, round(34 * (1 - d) ** 2)))
    glow = pygame.transform.smoothscale(small, (w, h))
    weave = shade(PALETTE.felt, 0.03)
    for i in range(-h, w, 14):
        pygame.draw.line(glow, (*weave, 40), (i, 0), (i + h, h), 1)
    _GLOW.clear()
    _GLOW[size] = glow
    return glow
