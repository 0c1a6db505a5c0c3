"""The Artischocken setup screen: 2-4 seats (human or a bot kind, each with a name), the rhubarb variant and
the start player (A-S3: pick one or random). The unfinished games are offered first, in the Continue list (its
button, top right, opens it again).

Keys: Tab moves between the buttons, Enter starts, Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import saves
from game.app import BaseScene
from game.artischocken import Game
from game.artischocken import save as savemod
from game.artischocken.seats import HUMAN, Seat, bot_kinds, default_bot_name, kind_label
from game.artischocken.table import cards as cardsmod
from game.artischocken.turns import Options
from game.i18n import t
from game.replay.cards import CardRecord
from game.seeds import game_seed
from game.ui import draw
from game.ui.continue_list import ContinueList
from game.ui.gui import make_manager
from game.ui.rules_book import RULES_KEY
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, FocusGroup, MessageLine, first_taker

MIN_SEATS, MAX_SEATS = 2, 4


#: How the setup screen opens the table (handed in by the room, so that no scene imports another):
#: ``open_table(game, seats, options)``, with ``game`` None for a new game and a saved game to resume.
OpenTable = Callable[[Game | None, list[Seat], Options, CardRecord | None], BaseScene]


class SetupScene(BaseScene):
    #: The rules screen (F1, the Rules button), handed in by the room (None: no rules offered here).
    open_rules: Callable[[], BaseScene] | None = None

    def __init__(self, *, open_table: OpenTable, rhubarb: bool = False, fast: bool = False,
                 until_over: bool = False, offer_resume: bool = True, record_path: Path | None = None) -> None:
        self.open_table = open_table
        self.record_path = record_path
        self.kinds: list[str] = [HUMAN, "greedy" if "greedy" in bot_kinds() else bot_kinds()[0]]
        self.names: list[str] = [t("table.setup.default_name", n=1), default_bot_name(0)]
        self.rhubarb = rhubarb
        self.auto_end = False
        self.open_artichokes = False
        self.fast = fast
        self.until_over = until_over
        self.start: int | None = None  # None = random
        self.offer_resume = offer_resume
        self.manager: pygame_gui.UIManager | None = None
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.kind_buttons: list[Button] = []
        self.remove_buttons: list[Button] = []
        self.add_button = Button(lambda: "+ " + t("table.setup.add"), self.add_seat, style="ghost",
                                 text_size=SIZES.text_small)
        self.rhubarb_button = Button(self._rhubarb_label, self.toggle_rhubarb, style="secondary",
                                     text_size=SIZES.text_small)
        self.auto_end_button = Button(lambda: t("table.setup.auto_end"), self.toggle_auto_end, style="secondary",
                                      text_size=SIZES.text_small)
        self.open_button = Button(lambda: t("table.setup.open_artichokes"), self.toggle_open, style="secondary",
                                  text_size=SIZES.text_small)
        self.start_button = Button(self._start_label, self.cycle_start, style="secondary", text_size=SIZES.text_small)
        self.play_button = Button(lambda: t("table.setup.play"), self.start_game, style="primary")
        self.back_button = Button(lambda: t("table.setup.back"), self._back, style="secondary")
        self.rules_button = Button(lambda: t("rules.button"), self.show_rules, style="secondary")
        self.continue_button = Button(lambda: t("saves.continue"), self.open_continue, style="secondary",
                                      text_size=SIZES.text_small)
        self.continue_list = ContinueList(lambda: savemod.list_saves()[0],
                                          lambda s: t("saves.round", round=s.turn), self.resume, self.ask_delete)
        self.focus = FocusGroup()
        self.message = MessageLine()
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[pygame.Rect] = []
        self.size = (1280, 800)
        self.started: BaseScene | None = None

    # -- labels -------------------------------------------------------------------------------------------
    def _rhubarb_label(self) -> str:
        return t("table.setup.rhubarb")

    def _start_label(self) -> str:
        who = t("table.setup.start.random") if self.start is None else self._name(self.start)
        return f"{t('table.setup.start')}: {who}"

    def _kind_text(self, i: int) -> str:
        return kind_label(self.kinds[i])

    def _name(self, i: int) -> str:
        if i < len(self.entries):
            text = self.entries[i].get_text().strip()
            if text:
                return text
        return self.names[i] if i < len(self.names) else ""

    # -- actions ------------------------------------------------------------------------------------------
    def _sync_names(self) -> None:
        for i, entry in enumerate(self.entries):
            if i < len(self.names):
                self.names[i] = entry.get_text()

    def add_seat(self) -> None:
        if len(self.kinds) >= MAX_SEATS:
            return
        self._sync_names()
        bots = sum(1 for k in self.kinds if k != HUMAN)
        kind = "random" if "random" in bot_kinds() else bot_kinds()[0]
        self.kinds.append(kind)
        self.names.append(default_bot_name(bots))
        self.layout(self.size)

    def remove_seat(self, i: int) -> None:
        if len(self.kinds) <= MIN_SEATS:
            return
        self._sync_names()
        del self.kinds[i]
        del self.names[i]
        if self.start is not None and self.start >= len(self.kinds):
            self.start = None
        self.layout(self.size)

    def cycle_kind(self, i: int) -> None:
        options = [HUMAN, *bot_kinds()]
        self._sync_names()
        old = self.kinds[i]
        new = options[(options.index(old) + 1) % len(options)] if old in options else HUMAN
        self.kinds[i] = new
        humans = sum(1 for k in self.kinds[: i + 1] if k == HUMAN)
        bots = sum(1 for k in self.kinds[:i] if k != HUMAN)
        # a default name follows the kind; a name the players typed stays
        defaults = {t("table.setup.default_name", n=n) for n in range(1, 5)} | {default_bot_name(n) for n in range(6)}
        if self.names[i] in defaults:
            self.names[i] = t("table.setup.default_name", n=humans) if new == HUMAN else default_bot_name(bots)
            if i < len(self.entries):
                self.entries[i].set_text(self.names[i])

    def toggle_rhubarb(self) -> None:
        self.rhubarb = not self.rhubarb

    def toggle_auto_end(self) -> None:
        self.auto_end = not self.auto_end

    def toggle_open(self) -> None:
        self.open_artichokes = not self.open_artichokes

    def _toggles(self) -> list[tuple[Button, bool]]:
        """The checkbox buttons and whether each is on."""
        return [(self.rhubarb_button, self.rhubarb), (self.auto_end_button, self.auto_end),
                (self.open_button, self.open_artichokes)]

    def cycle_start(self) -> None:
        n = len(self.kinds)
        self.start = 0 if self.start is None else (None if self.start + 1 >= n else self.start + 1)

    def seats(self) -> list[Seat] | None:
        self._sync_names()
        seats = []
        for i, kind in enumerate(self.kinds):
            name = self.names[i].strip()[:24]
            if not name:
                return None
            seats.append(Seat(name, kind))
        return seats

    def start_game(self) -> None:
        seats = self.seats()
        if seats is None:
            self.message.show(t("table.setup.name_empty"), "warn")
            return
        options = Options(fast=self.fast, until_over=self.until_over, seed=game_seed(self.app.options.seed),
                          rhubarb=self.rhubarb, start_player=self.start, auto_end=self.auto_end,
                          open_artichokes=self.open_artichokes, record_path=self.record_path)
        self.started = self.open_table(None, seats, options, None)
        self.app.replace(self.started)

    def _back(self) -> None:
        self.app.pop()

    def on_back(self) -> bool:
        """Esc puts the Continue list away first."""
        if self.continue_list.open:
            self.continue_list.hide()
            return True
        return False

    def show_rules(self) -> None:
        """The rules over this screen (F1, the Rules button); Esc returns here as it was."""
        if self.open_rules is not None:
            self.app.push(self.open_rules())

    # -- resume -----------------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if not self.offer_resume:
            return
        self.offer_resume = False
        self.open_continue(quiet=True)

    def open_continue(self, quiet: bool = False) -> None:
        """The Continue list of the unfinished games (a file that could not be read is said first: it was kept
        aside); ``quiet``: nothing said when there is none (the screen opening)."""
        found, problems = savemod.list_saves()
        if problems:
            self._problem(problems[0])
        if found:
            self.continue_list.show(self.size)
        elif not quiet and not problems:
            self.message.show(t("saves.none"), "warn")

    def _problem(self, error: str) -> None:
        self.open_dialog(t("common.error"), t("table.resume.corrupt", error=error), [(t("common.ok"), lambda: None)])

    def ask_delete(self, info: saves.SaveInfo) -> None:
        """Delete a saved game after asking (Keep is the choice Enter makes)."""
        def delete() -> None:
            saves.remove(info.id)
            self.continue_list.refresh()

        self.open_dialog(t("saves.delete.title"),
                         t("saves.delete.body", seats=", ".join(info.seats), where=t("saves.round", round=info.turn)),
                         [(t("saves.delete.yes"), delete), (t("saves.delete.no"), lambda: None)], focus=1)

    def resume(self, info: saves.SaveInfo) -> None:
        """Open the saved game ``info`` at the table (a save that cannot be used is said, and kept aside)."""
        try:
            saved = savemod.load(save_id=info.id)
        except savemod.SaveError as exc:
            self.continue_list.refresh()
            self._problem(str(exc))
            return
        if saved is None:
            return
        self.continue_list.hide()
        options = Options(fast=self.fast, until_over=self.until_over, seed=saved.seed, auto_end=self.auto_end,
                          record_path=self.record_path, save_id=info.id)
        self.started = self.open_table(saved.game, saved.seats, options, saved.record)
        self.app.replace(self.started)

    # -- layout -------------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        if self.entries:
            self._sync_names()
        self.manager = make_manager(size)
        card_w = min(760, w - 80)
        row_h = 58 if h >= 720 else 50
        card_h = 150 + MAX_SEATS * row_h + 200
        self.card_rect = pygame.Rect(0, 0, card_w, min(card_h, h - 40))
        # a little below the middle, but the hint under the card stays in the window
        self.card_rect.center = (w // 2, min(h // 2 + 20, h - 34 - self.card_rect.height // 2))
        top = self.card_rect.y + 124
        x = self.card_rect.x + 40
        inner = card_w - 80
        name_w = min(280, inner - 300)
        kind_w = 190
        self.entries = []
        self.kind_buttons = []
        self.remove_buttons = []
        self.rows = []
        for i in range(len(self.kinds)):
            y = top + i * row_h
            row = pygame.Rect(x, y, inner, row_h - 10)
            self.rows.append(row)
            entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 110, y + 4, name_w, row_h - 18),
                                                        manager=self.manager)
            entry.set_text(self.names[i])
            entry.set_text_length_limit(24)
            self.entries.append(entry)
            kb = Button(partial(self._kind_text, i), partial(self.cycle_kind, i), style="secondary",
                        rect=pygame.Rect(x + 110 + name_w + 14, y + 2, kind_w, row_h - 14),
                        text_size=SIZES.text_small)
            self.kind_buttons.append(kb)
            rb = Button("×", partial(self.remove_seat, i), style="ghost",
                        rect=pygame.Rect(row.right - 44, y + 4, 40, row_h - 18), enabled=len(self.kinds) > MIN_SEATS,
                        tooltip=t("table.setup.remove"))
            self.remove_buttons.append(rb)
        y = top + len(self.kinds) * row_h + 4
        self.add_button.rect = pygame.Rect(x + 110, y, 220, 38)
        self.add_button.enabled = len(self.kinds) < MAX_SEATS
        y = top + MAX_SEATS * row_h + 14
        self.rhubarb_button.rect = pygame.Rect(x, y, inner // 2 - 8, 42)
        self.start_button.rect = pygame.Rect(x + inner // 2 + 8, y, inner // 2 - 8, 42)
        self.auto_end_button.rect = pygame.Rect(x, y + 50, inner // 2 - 8, 42)
        self.open_button.rect = pygame.Rect(x + inner // 2 + 8, y + 50, inner // 2 - 8, 42)
        y = self.card_rect.bottom - 30 - SIZES.button_height
        self.play_button.rect = pygame.Rect(self.card_rect.right - 40 - 240, y, 240, SIZES.button_height)
        self.back_button.rect = pygame.Rect(x, y, 160, SIZES.button_height)
        self.rules_button.rect = pygame.Rect(x + 176, y, 150, SIZES.button_height)
        # top right, beside the title: the bottom row keeps its room
        self.continue_button.rect = pygame.Rect(self.card_rect.right - 40 - 190, self.card_rect.y + 26, 190, 40)
        found, problems = savemod.list_saves()
        self.continue_button.enabled = bool(found)
        self.continue_list.layout(size)
        if problems:  # a save that could not be read was kept aside: say so at once
            self._problem(problems[0])
        self.focus.set_items([self.continue_button, *self.kind_buttons, *self._add(), self.rhubarb_button,
                              self.start_button,
                              self.auto_end_button, self.open_button, self.back_button, self.play_button])

    def _add(self) -> list[Button]:
        """The add-a-seat button while there is room for one more seat (when full, its place is the options')."""
        return [self.add_button] if len(self.kinds) < MAX_SEATS else []

    def _buttons(self) -> list[Button]:
        return [*self.kind_buttons, *self.remove_buttons, *self._add(), self.rhubarb_button, self.start_button,
                self.auto_end_button, self.open_button, self.play_button, self.back_button, self.continue_button,
                *([self.rules_button] if self.open_rules is not None else [])]

    # -- events -------------------------------------------------------------------------------------------
    def typing(self) -> bool:
        """A name field has the keyboard (the app's M then types an m)."""
        return any(e.is_focused for e in self.entries)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == RULES_KEY:  # even while a name field has the keyboard
            self.show_rules()
            return
        if self.continue_list.handle_event(event):
            return
        if self.manager is not None:
            consumed = self.manager.process_events(event)
            focused = any(e.is_focused for e in self.entries)
            if consumed or (focused and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)):
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    for entry in self.entries:
                        entry.unfocus()
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.focus.current is None:
            self.start_game()
            return
        first_taker([self.focus, *self._buttons()], event)

    def still(self) -> bool:
        """Nothing moves: no message showing, no button flashing, no name field with a blinking cursor."""
        if self.message.visible or any(b.flash > 0 for b in self._buttons()) or not self.continue_list.still():
            return False
        return not any(entry.is_focused for entry in self.entries)

    def update(self, dt: float) -> None:
        if self.manager is not None:
            self.manager.update(dt)
        for button in self._buttons():
            button.update(dt)
        self.message.update(dt)
        self.continue_list.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(draw.vertical_gradient((w, h), shade(PALETTE.felt, 0.06), PALETTE.felt_dark), (0, 0))
        self._draw_fan(surface)
        card = self.card_rect
        draw.panel(surface, card, PALETTE.sand_light, PALETTE.dune)
        draw.text(surface, t("table.title"), (card.x + 40, card.y + 22), size=38, display=True,
                  color=PALETTE.terracotta)
        draw.text(surface, t("table.setup.subtitle"), (card.x + 42, card.y + 68), size=16, color=PALETTE.ink_soft)
        if self.rows:
            head_y = self.rows[0].y - 14
            draw.text(surface, t("table.setup.name"), (self.rows[0].x + 112, head_y), size=13, bold=True,
                      color=PALETTE.ink_soft, anchor="midleft")
            draw.text(surface, t("table.setup.kind"), (self.kind_buttons[0].rect.x + 2, head_y), size=13, bold=True,
                      color=PALETTE.ink_soft, anchor="midleft")
        for i, row in enumerate(self.rows):
            draw.rounded_rect(surface, row, PALETTE.paper if i % 2 == 0 else shade(PALETTE.paper, -0.02),
                              SIZES.radius_small, PALETTE.sand_dark, 1)
            draw.text(surface, t("table.setup.seat", n=i + 1), (row.x + 14, row.centery), size=16, bold=True,
                      anchor="midleft", color=PALETTE.ink)
            if self.start == i:
                pygame.draw.circle(surface, PALETTE.sun, (row.x + 96, row.centery), 6)
        for button in self._buttons():
            button.draw(surface)
        for toggle, on in self._toggles():
            box = pygame.Rect(0, 0, 22, 22)
            box.midleft = (toggle.rect.x + 16, toggle.rect.centery)
            draw.rounded_rect(surface, box, PALETTE.cactus if on else PALETTE.paper, 5,
                              PALETTE.cactus_dark if on else PALETTE.dune, 2)
            if on:
                pygame.draw.lines(surface, PALETTE.paper, False,
                                  [(box.x + 5, box.centery), (box.x + 9, box.bottom - 6), (box.right - 5, box.y + 6)],
                                  3)
        if self.manager is not None:
            self.manager.draw_ui(surface)
        draw.text(surface, t("table.setup.hint"), (card.centerx, card.bottom + 14), size=14,
                  color=shade(PALETTE.sand, -0.1), anchor="midtop")
        self.message.draw(surface, (w // 2, card.bottom - 84))
        self.continue_list.draw(surface)

    def _draw_fan(self, surface: pygame.Surface) -> None:
        """Cards fanned on the felt left and right of the setup card, when the window has room."""
        w, h = surface.get_size()
        side = self.card_rect.x
        if side < 150:
            return
        cw = min(110, side - 90)
        size = (cw, round(cw * cardsmod.RATIO))
        for group, cx, base in ((("carrot", "artichoke", "leek"), side // 2, -1),
                                (("beet", "artichoke", "eggplant"), w - side // 2, 1)):
            for i, card in enumerate(group):
                angle = base * (14 - i * 14)
                rect = pygame.Rect(0, 0, *size)
                rect.center = (cx + (i - 1) * cw // 4, h // 2 + 30 + abs(i - 1) * 10)
                draw.drop_shadow(surface, rect, cardsmod.radius_for(cw), offset=6, alpha=60)
                cardsmod.draw_face(surface, card, rect, ("decor", None), angle=angle)

    def shown(self) -> dict[str, Any]:
        return {"kinds": list(self.kinds), "names": [self._name(i) for i in range(len(self.kinds))]}
