"""The Cactus setup screen: 2-5 players with names (text fields) and human/bot seats, the variants (long
game C-R6, strict claim C-T3, the die's faces C-K5), start, and the Continue list of the unfinished games."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game import saves
from game.app import BaseScene
from game.cactus.bots.kinds import DEFAULT_KIND
from game.cactus.bots.simple import BOT_NAMES
from game.cactus.guide.seen import guide_seen, mark_guide_seen
from game.cactus.match import BOT_KINDS, Match
from game.cactus.rules import MAX_PLAYERS, MIN_PLAYERS, Die, Options
from game.cactus.saves import list_saves, load_autosave, load_save
from game.cactus.screens import layers, navigation
from game.cactus.screens.layers import Layer
from game.i18n import get_language, t
from game.seeds import game_seed
from game.ui import draw
from game.ui.continue_list import ContinueList
from game.ui.fonts import font
from game.ui.gui import make_manager
from game.ui.illustrations import illustration
from game.ui.rules_book import RULES_KEY
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, MessageLine, first_taker

NAME_LIMIT = 16
#: The 'how to play' text starts this far below the top of its box (under its heading).
HINT_TOP = 34
FACES = ("colour", "form", "special")
#: The order the kind button of a bot seat steps through.
KIND_ORDER = ("planner", "planner-easy", "planner-hard", "simple")


class Toggle:
    """A check box with a label (variants, human/bot)."""

    def __init__(self, label: Callable[[], str], checked: bool = False) -> None:
        self.label = label
        self.checked = checked
        self.rect = pygame.Rect(0, 0, 200, 34)
        self.hovered = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.checked = not self.checked
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(self.rect.x, self.rect.centery - 11, 22, 22)
        fill = PALETTE.cactus if self.checked else PALETTE.paper
        border = PALETTE.cactus_dark if self.checked else (PALETTE.terracotta if self.hovered else PALETTE.dune)
        draw.rounded_rect(surface, box, fill, 6, border, 2)
        if self.checked:
            pts = [(box.x + 5, box.centery), (box.x + 9, box.bottom - 6), (box.right - 5, box.y + 6)]
            pygame.draw.lines(surface, PALETTE.paper, False, pts, 3)
        label, room = self.label(), self.rect.right - box.right - 10
        size = SIZES.text_small + 1
        while size > SIZES.text_small - 2 and draw.font_width(label, size) > room:
            size -= 1  # a long label (German, narrow window) gets a little smaller rather than cut off
        draw.text(surface, label, (box.right + 10, self.rect.centery), size=size, color=PALETTE.ink,
                  anchor="midleft")


class SetupScene(BaseScene):
    def __init__(self, *, names: Sequence[str] | None = None, bots: Sequence[bool] | None = None,
                 options: Options | None = None, players: int = 3, kinds: Sequence[str] | None = None) -> None:
        n = len(names) if names else players
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, n))
        self.names = list(names or [])
        self.names += [""] * (MAX_PLAYERS - len(self.names))
        self.bots = list(bots or [False] + [True] * (MAX_PLAYERS - 1))
        self.bots += [True] * (MAX_PLAYERS - len(self.bots))
        opts = options or Options()
        self.die = [opts.die.colour, opts.die.form, opts.die.special]
        self.long_game = Toggle(lambda: t("cactus.variant.long_game"), opts.long_game)
        self.strict = Toggle(lambda: t("cactus.variant.strict_claim"), opts.strict_claim)
        self.seat_toggles = [Toggle(lambda: t("cactus.setup.bot"), self.bots[i]) for i in range(MAX_PLAYERS)]
        self.kinds = [k for k in (kinds or []) if k in BOT_KINDS][:MAX_PLAYERS]
        self.kinds += [DEFAULT_KIND] * (MAX_PLAYERS - len(self.kinds))
        self.kind_buttons = [
            Button(lambda i=i: t(f"cactus.setup.kind.{self.kinds[i]}"),  # type: ignore[misc]
                   lambda i=i: self.next_kind(i), style="ghost", text_size=SIZES.text_small - 2)  # type: ignore[misc]
            for i in range(MAX_PLAYERS)
        ]
        self.minus = Button("−", lambda: self.set_players(self.players - 1), style="ghost")
        self.plus = Button("+", lambda: self.set_players(self.players + 1), style="ghost")
        self.die_buttons: list[tuple[Button, Button]] = [
            (Button("−", lambda i=i: self.change_die(i, -1), style="ghost"),  # type: ignore[misc]
             Button("+", lambda i=i: self.change_die(i, +1), style="ghost"))  # type: ignore[misc]
            for i in range(3)
        ]
        self.start = Button(lambda: t("cactus.setup.start"), self.start_game, style="primary")
        self.resume = Button(lambda: t("saves.continue"), self.open_continue, style="secondary")
        self.continue_list = ContinueList(lambda: list_saves()[0], lambda s: t("saves.turn", turn=s.turn),
                                          self.resume_save, self.ask_delete)
        self.back = Button(lambda: t("common.back"), self.leave, style="ghost")
        self.rules_button = Button(lambda: t("rules.button"), self.show_rules, style="ghost")
        self.guide_button = Button(lambda: t("cactus.setup.guide"), self.open_guide, style="secondary")
        self.guide_new = not guide_seen()  # offered first, with a word, until the guide or a game was played
        self.entries: list[UITextEntryLine] = []
        self.manager: pygame_gui.UIManager | None = None
        self.message = MessageLine()
        self.card = pygame.Rect(0, 0, 0, 0)
        self.art = pygame.Rect(0, 0, 0, 0)
        self.form = pygame.Rect(0, 0, 0, 0)
        self.hint = pygame.Rect(0, 0, 0, 0)  # the 'how to play' box under the die faces
        self.card_layer = Layer()
        self.labels: dict[str, tuple[int, int]] = {}
        self.started: Match | None = None

    # ------------------------------------------------------------------ state
    def names_now(self) -> list[str]:
        result = []
        for i in range(self.players):
            raw = self.entries[i].get_text() if i < len(self.entries) else self.names[i]
            name = " ".join(raw.split())[:NAME_LIMIT]
            result.append(name or self.default_name(i))
        return result

    def default_name(self, seat: int) -> str:
        """The name a seat gets when its field stays empty (shown there as the placeholder)."""
        return BOT_NAMES[seat] if self.seat_toggles[seat].checked else t("cactus.setup.default_name", n=seat + 1)

    def options_now(self) -> Options:
        return Options(long_game=self.long_game.checked, strict_claim=self.strict.checked,
                       die=Die(self.die[0], self.die[1], self.die[2]))

    def keep_names(self) -> None:
        for i, entry in enumerate(self.entries):
            self.names[i] = entry.get_text()

    def set_players(self, n: int) -> None:
        self.keep_names()
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, n))
        self.layout(self.app.size)

    def next_kind(self, seat: int) -> None:
        """The kind button of a bot seat: the next kind of bot (KIND_ORDER)."""
        k = self.kinds[seat]
        self.kinds[seat] = KIND_ORDER[(KIND_ORDER.index(k) + 1) % len(KIND_ORDER)] if k in KIND_ORDER else DEFAULT_KIND

    def change_die(self, face: int, delta: int) -> None:
        """Move one face to or from the next face in turn, so there are always 6 (C-K5)."""
        for k in (1, 2):
            other = (face + k) % 3
            if delta > 0 and self.die[other] > 0:
                self.die[other] -= 1
                self.die[face] += 1
                return
            if delta < 0 and self.die[face] > 0:
                self.die[face] -= 1
                self.die[other] += 1
                return

    def open_guide(self) -> None:
        """The guided first game (always here; offered first to a newcomer)."""
        self.keep_names()
        self.app.replace(navigation.guide_screen())

    def start_game(self) -> None:
        mark_guide_seen()  # a player who starts a game of their own is not offered the guide first any more
        self.keep_names()
        bots = [self.seat_toggles[i].checked for i in range(self.players)]
        seed = game_seed(getattr(getattr(self.app, "options", None), "seed", None))
        match = Match.new(self.players, names=self.names_now(), seed=seed, options=self.options_now(), bots=bots,
                          bot_kinds=self.kinds[: self.players])
        self.started = match
        self.app.replace(navigation.play_screen(match))

    def open_continue(self) -> None:
        """The Continue list (a file that could not be read is said first: it was kept aside)."""
        found, problems = list_saves()
        if problems:
            self.show_problem(problems[0])
        if found:
            self.continue_list.show(self.app.size)
        elif not problems:
            self.message.show(t("cactus.setup.no_save"), "warn")

    def resume_save(self, info: saves.SaveInfo) -> None:
        self.continue_list.hide()
        self.resume_game(info.id)

    def ask_delete(self, info: saves.SaveInfo) -> None:
        """Delete a saved game after asking (Keep is the choice Enter makes)."""
        def delete() -> None:
            saves.remove(info.id)
            self.continue_list.refresh()
            self.resume.enabled = bool(list_saves()[0])

        self.open_dialog(t("saves.delete.title"),
                         t("saves.delete.body", seats=", ".join(info.seats), where=t("saves.turn", turn=info.turn)),
                         [(t("saves.delete.yes"), delete), (t("saves.delete.no"), lambda: None)], focus=1)

    def resume_game(self, save_id: str | None = None) -> None:
        """Resume the save ``save_id`` (None: the newest)."""
        resumed = load_autosave() if save_id is None else load_save(save_id)
        if resumed.problem is not None:
            self.show_problem(resumed.problem)
            return
        if resumed.match is None:
            self.message.show(t("cactus.setup.no_save"), "warn")
            return
        self.started = resumed.match
        self.app.replace(navigation.play_screen(resumed.match))

    def show_problem(self, body: str) -> None:
        self.open_dialog(t("cactus.save.problem"), body, [(lambda: t("common.ok"), lambda: None)])
        self.resume.enabled = bool(list_saves()[0])

    def leave(self) -> None:
        self.app.pop()

    def on_back(self) -> bool:
        """Esc puts the Continue list away first."""
        if self.continue_list.open:
            self.continue_list.hide()
            return True
        return False

    def show_rules(self) -> None:
        """The rules over this screen (F1, the Rules button); Esc returns here as it was."""
        self.app.push(navigation.rules_screen())

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        if self.entries:
            self.keep_names()
        if self.manager is None:
            self.manager = make_manager(size)
        else:
            self.manager.set_window_resolution(size)
        for entry in self.entries:
            entry.kill()
        self.entries = []
        # compact: a short window (800x600) packs the form tighter and gives the form more width
        compact = h - 40 < 640
        cw, ch = min(1000, w - 48), min(680, h - (16 if compact else 40))
        self.card = pygame.Rect(0, 0, cw, ch)
        self.card.center = (w // 2, h // 2)
        art_w = round(cw * (0.30 if compact else 0.36))
        self.art = pygame.Rect(self.card.x + 20, self.card.y + 20, art_w, round(art_w * 2 / 3))
        fx = self.art.right + (28 if compact else 32)
        self.form = pygame.Rect(fx, self.card.y + (20 if compact else 24), self.card.right - fx - 24, ch - 48)
        gap = 0 if compact else 1  # the loose layout's extra air between the sections
        y = self.form.y
        self.labels["players"] = (fx, y + 18)
        self.minus.rect = pygame.Rect(fx + 170, y, 40, 36)
        self.labels["count"] = (fx + 235, y + 18)
        self.plus.rect = pygame.Rect(fx + 260, y, 40, 36)
        y += 44 + 6 * gap
        row_h = 42 if ch >= 600 else 38
        entry_w = min(300, self.form.width - 150 - 130)
        kind_x = fx + entry_w + 20 + 120 + 6
        for i in range(MAX_PLAYERS):
            visible = i < self.players
            toggle = self.seat_toggles[i]
            toggle.rect = pygame.Rect(fx + entry_w + 20, y + i * row_h, 120, 34) if visible else pygame.Rect(0, 0, 0, 0)
            self.kind_buttons[i].rect = pygame.Rect(kind_x, y + i * row_h, self.form.right - kind_x, 34) \
                if visible else pygame.Rect(0, 0, 0, 0)
            if visible:
                entry = UITextEntryLine(pygame.Rect(fx, y + i * row_h, entry_w, 34), self.manager,
                                        initial_text=self.names[i],
                                        placeholder_text=self.default_name(i))
                entry.set_text_length_limit(NAME_LIMIT)
                self.entries.append(entry)
        y += self.players * row_h + 8 + 6 * gap
        self.labels["variants"] = (fx, y + 10)
        y += 24 + 2 * gap
        self.long_game.rect = pygame.Rect(fx, y, self.form.width, 30 + 2 * gap)
        self.strict.rect = pygame.Rect(fx, y + 32 + 4 * gap, self.form.width, 30 + 2 * gap)
        y += 68 + 16 * gap
        self.labels["die"] = (fx, y + 10)
        y += 24 + 4 * gap
        col = min(150, self.form.width // 3)
        for i, (minus, plus) in enumerate(self.die_buttons):
            x = fx + i * col
            self.labels[f"face{i}"] = (x + 60, y + 8)
            minus.rect = pygame.Rect(x, y + 22 + 2 * gap, 34, 34)
            plus.rect = pygame.Rect(x + 86, y + 22 + 2 * gap, 34, 34)
        bottom = self.card.bottom - (18 if compact else 24) - SIZES.button_height
        self.start.rect = pygame.Rect(self.card.right - 24 - 200, bottom, 200, SIZES.button_height)
        self.resume.rect = pygame.Rect(self.start.rect.x - 16 - 200, bottom, 200, SIZES.button_height)
        self.back.rect = pygame.Rect(self.card.x + 20, bottom, 140, SIZES.button_height)
        self.rules_button.rect = pygame.Rect(self.back.rect.right + 12, bottom, 130, SIZES.button_height)
        self.guide_button.rect = pygame.Rect(self.art.x, bottom - 16 - SIZES.button_height, self.art.width,
                                             SIZES.button_height)
        fy = self.die_buttons[0][0].rect.bottom + 22
        self.hint = pygame.Rect(self.form.x, fy, self.form.width, self.start.rect.top - fy - 12)
        found, problems = list_saves()
        self.resume.enabled = bool(found)
        self.continue_list.layout(size)
        if problems:  # a save that could not be read was kept aside: say so at once
            self.show_problem(problems[0])

    def widgets(self) -> list[Button]:
        kinds = [b for i, b in enumerate(self.kind_buttons[: self.players]) if self.seat_toggles[i].checked]
        return [self.minus, self.plus, self.start, self.resume, self.back, self.rules_button, self.guide_button,
                *[b for pair in self.die_buttons for b in pair], *kinds]

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == RULES_KEY:  # even while a name field has the keyboard
            self.show_rules()
            return
        if self.continue_list.handle_event(event):
            return
        if self.manager is not None and self.manager.process_events(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start.activate()
            return
        if first_taker([*self.widgets(), self.long_game, self.strict], event):
            return
        for toggle in self.seat_toggles[: self.players]:
            if toggle.handle_event(event):
                self.layout(self.app.size)  # the empty name field shows the name this seat will get
                return

    def update(self, dt: float) -> None:
        if self.manager is not None:
            self.manager.update(dt)
        for b in self.widgets():
            b.update(dt)
        for i, kind in enumerate(self.kind_buttons):  # only a bot seat's kind button is there to press
            kind.enabled = i < self.players and self.seat_toggles[i].checked
        self.minus.enabled = self.players > MIN_PLAYERS
        self.plus.enabled = self.players < MAX_PLAYERS
        for i, (minus, plus) in enumerate(self.die_buttons):
            minus.enabled = self.die[i] > 0
            plus.enabled = self.die[i] < 6
        self.message.update(dt)
        self.continue_list.update(dt)

    def still(self) -> bool:
        """No name field has the blinking cursor, no message or button flash runs: nothing moves (the app may sleep)."""
        return (self.dialog is None and not self.message.visible and not any(e.is_focused for e in self.entries)
                and all(b.flash <= 0 for b in self.widgets()) and self.continue_list.still())

    # ------------------------------------------------------------------ drawing
    def paint_card(self, surface: pygame.Surface) -> None:
        """What never changes on this screen: the backdrop, the card, the picture, the title and the blurb."""
        w, h = surface.get_size()
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
        dunes = [(0, h * 0.82), (w * 0.3, h * 0.76), (w * 0.6, h * 0.83), (w, h * 0.78), (w, h), (0, h)]
        draw.aa_polygon(surface, shade(PALETTE.sand, -0.05), dunes)
        draw.panel(surface, self.card, PALETTE.paper, PALETTE.sand_dark, 20)
        art = illustration("cactus", self.art.size)
        mask = pygame.Surface(self.art.size, pygame.SRCALPHA)
        draw.rounded_rect(mask, mask.get_rect(), (255, 255, 255), 14)
        framed = art.copy()
        framed.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(framed, self.art)
        draw.text(surface, t("cactus.title"), (self.art.x + 4, self.art.bottom + 18), size=44, display=True,
                  color=PALETTE.terracotta)
        blurb = pygame.Rect(self.art.x + 4, self.art.bottom + 80, self.art.width - 8,
                            self.guide_button.rect.top - self.art.bottom - 96 - (22 if self.guide_new else 0))
        layers.text_block(surface, t("cactus.setup.blurb"), blurb, size=SIZES.text_small, color=PALETTE.ink_soft)

    def draw(self, surface: pygame.Surface) -> None:
        card = self.card
        key = (get_language(), tuple(card), tuple(self.art), tuple(self.back.rect), self.guide_new)
        surface.blit(self.card_layer.get(surface, key, self.paint_card), (0, 0))  # painted once per layout
        head = {"size": SIZES.text_small, "bold": True, "color": PALETTE.ink_soft}
        x, y = self.labels["players"]
        draw.text(surface, t("cactus.setup.players"), (x, y), anchor="midleft", **head)  # type: ignore[arg-type]
        draw.text(surface, str(self.players), self.labels["count"], size=26, bold=True, color=PALETTE.ink,
                  anchor="center")
        self.minus.draw(surface)
        self.plus.draw(surface)
        for i, toggle in enumerate(self.seat_toggles[: self.players]):
            toggle.draw(surface)
            if toggle.checked:
                self.kind_buttons[i].draw(surface)
        x, y = self.labels["variants"]
        draw.text(surface, t("cactus.setup.variants"), (x, y), anchor="midleft", **head)  # type: ignore[arg-type]
        self.long_game.draw(surface)
        self.strict.draw(surface)
        x, y = self.labels["die"]
        draw.text(surface, t("cactus.setup.die", sides=6), (x, y), anchor="midleft", **head)  # type: ignore[arg-type]
        for i, face in enumerate(FACES):
            fx, fy = self.labels[f"face{i}"]
            draw.text(surface, t(f"cactus.die.{face}"), (fx, fy), size=SIZES.text_small, bold=True,
                      color=PALETTE.terracotta if face == "special" else PALETTE.ink, anchor="center")
            minus, plus = self.die_buttons[i]
            minus.draw(surface)
            plus.draw(surface)
            draw.text(surface, str(self.die[i]), ((minus.rect.right + plus.rect.x) / 2, minus.rect.centery),
                      size=22, bold=True, anchor="center")
        hint = self.hint
        fnt = font(SIZES.text_small - 1)
        lines = [line for line, _w in layers.wrapped(t("cactus.setup.controls"), SIZES.text_small - 1, False,
                                                     hint.width - 32)]
        if hint.height > 40 and HINT_TOP + len(lines) * fnt.get_linesize() <= hint.height:
            # drawn only when all of it fits (a 5-seat game in a short window has no room for it)
            draw.rounded_rect(surface, hint, PALETTE.sand_light, 12)
            draw.text(surface, t("cactus.setup.how"), (hint.x + 16, hint.y + 18), size=SIZES.text_small,
                      bold=True, color=PALETTE.ink_soft, anchor="midleft")
            for k, line in enumerate(lines):
                draw.text(surface, line, (hint.x + 16, hint.y + HINT_TOP + k * fnt.get_linesize()),
                          size=SIZES.text_small - 1, color=PALETTE.ink_soft)
        self.start.draw(surface)
        self.resume.draw(surface)
        self.back.draw(surface)
        self.rules_button.draw(surface)
        if self.guide_new:  # offered to a newcomer: a word over the button says what it is for
            g = self.guide_button.rect
            draw.fit_text(surface, t("cactus.setup.guide_offer"), (g.x + 2, g.top - 12), g.width,
                          size=SIZES.text_small, bold=True, color=PALETTE.terracotta_dark)
        self.guide_button.draw(surface)
        if self.manager is not None:
            self.manager.draw_ui(surface)
        self.message.draw(surface, (card.centerx, card.bottom - 84))
        self.continue_list.draw(surface)


navigation.register("setup", SetupScene)

__all__ = ["SetupScene"]
