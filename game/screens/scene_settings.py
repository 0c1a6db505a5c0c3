"""The settings screen: language, sound volume and mute, colour aids, animation speed, window size and
fullscreen, and the name the other players see at network tables. F2 opens it from every room (the app's key),
the launcher has a button for it; Esc or Back returns.

Every change takes effect at once (the texts here and in the rooms below, the mixer, the window) and is saved
(:func:`game.settings.change`, atomic). Mouse: click a choice. Keyboard: Up/Down (or Tab) move between the
rows, Left/Right between a row's choices, Enter or Space chooses (on the name: puts the cursor in; Enter in the
field keeps the name, as does a click elsewhere).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui

from game import i18n, settings
from game.app import BaseScene
from game.i18n import t
from game.ui import draw
from game.ui.gui import make_manager
from game.ui.sound import sounds
from game.ui.theme import PALETTE, SIZES
from game.ui.widgets import Button, MessageLine, first_taker

ROW_H = 58
LABEL_W = 170
NAME_W = 360
MOTIONS = tuple(settings.MOTION_SPEEDS)


@dataclass
class Row:
    """One setting: its label and its buttons (laid out left to right)."""

    key: str
    buttons: list[Button]


class ChoiceButton(Button):
    """A button whose style shows whether its choice is the current one (evaluated as it is drawn)."""

    def __init__(self, label: Callable[[], str], on_click: Callable[[], None], chosen: Callable[[], bool]) -> None:
        super().__init__(label, on_click, style="secondary", text_size=SIZES.text_small + 1)
        self.chosen = chosen

    def draw(self, surface: pygame.Surface) -> None:
        self.style = "primary" if self.chosen() else "secondary"
        super().draw(surface)


class SettingsScene(BaseScene):
    is_settings = True

    def __init__(self) -> None:
        self.message = MessageLine()
        s = settings
        self.rows: list[Row] = [
            Row("language", [ChoiceButton(lambda lang=lang: t(f"settings.lang.{lang}"),  # type: ignore[misc]
                                          lambda lang=lang: self.set_language(lang),  # type: ignore[misc]
                                          lambda lang=lang: i18n.get_language() == lang)  # type: ignore[misc]
                             for lang in i18n.LANGUAGES]),
            Row("sound", [Button(lambda: t("settings.quieter"), lambda: self.change_volume(-1),
                                 text_size=SIZES.text),
                          Button(lambda: t("settings.volume", n=s.current().volume), lambda: None,
                                 style="ghost", text_size=SIZES.text_small + 1),
                          Button(lambda: t("settings.louder"), lambda: self.change_volume(1), text_size=SIZES.text),
                          ChoiceButton(lambda: t("settings.muted") if s.current().muted else t("settings.unmuted"),
                                       self.toggle_mute, lambda: s.current().muted)]),
            Row("colour_aids", [ChoiceButton(lambda: t("settings.colour_aids.on" if s.current().colour_aids
                                                       else "settings.colour_aids.off"),
                                             self.toggle_colour_aids, lambda: s.current().colour_aids)]),
            Row("motion", [ChoiceButton(lambda m=m: t(f"settings.motion.{m}"),  # type: ignore[misc]
                                        lambda m=m: self.set_motion(m),  # type: ignore[misc]
                                        lambda m=m: s.current().motion == m)  # type: ignore[misc]
                           for m in MOTIONS]),
            Row("window", [Button(lambda: "<", lambda: self.step_window(-1), text_size=SIZES.text),
                           Button(self.window_label, lambda: None, style="ghost", text_size=SIZES.text_small + 1),
                           Button(lambda: ">", lambda: self.step_window(1), text_size=SIZES.text),
                           ChoiceButton(lambda: t("settings.fullscreen.on" if self.app.fullscreen
                                                  else "settings.fullscreen.off"),
                                        self.toggle_fullscreen, lambda: self.app.fullscreen)]),
        ]
        # the name's row: a plain button under the text field, so that the keyboard reaches the field too
        self.name_button = Button(lambda: "", self.edit_name, style="ghost")
        self.rows.append(Row("name", [self.name_button]))
        self.manager: pygame_gui.UIManager | None = None
        self.name_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.back = Button(lambda: t("settings.back"), self.go_back, style="green")
        self.rows.append(Row("back", [self.back]))
        self.card = pygame.Rect(0, 0, 0, 0)
        self.focus: tuple[int, int] | None = None
        self._layout_key: tuple[object, ...] | None = None

    # -- what the buttons do ---------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        i18n.set_language(lang)
        settings.change("lang", lang)
        self.relayout()

    def change_volume(self, steps: int) -> None:
        volume = min(100, max(0, settings.current().volume + steps * settings.VOLUME_STEP))
        settings.change("volume", volume)
        sounds.set_volume(volume)
        sounds.play("click")  # how loud it is now

    def toggle_mute(self) -> None:
        self.app.toggle_mute()

    def toggle_colour_aids(self) -> None:
        settings.change("colour_aids", not settings.current().colour_aids)

    def set_motion(self, motion: str) -> None:
        settings.change("motion", motion)

    def window_label(self) -> str:
        w, h = self.app.size
        return f"{w} × {h}"

    def step_window(self, direction: int) -> None:
        """The next (or previous) window size of the list, as near to the present one as the list allows."""
        if self.app.fullscreen:
            self.app.set_fullscreen(False)
            settings.change("fullscreen", False)
        sizes = settings.WINDOW_SIZES
        now = self.app.size[0] * self.app.size[1]
        if direction > 0:
            size = next((s for s in sizes if s[0] * s[1] > now), sizes[-1])
        else:
            size = next((s for s in reversed(sizes) if s[0] * s[1] < now), sizes[0])
        self.app.resize(size)
        settings.change("window", size)

    def toggle_fullscreen(self) -> None:
        self.app.set_fullscreen(not self.app.fullscreen)
        settings.change("fullscreen", self.app.fullscreen)
        self.relayout()

    def edit_name(self) -> None:
        if self.manager is not None and self.name_entry is not None:
            self.manager.set_focus_set(self.name_entry)

    def keep_name(self) -> None:
        """The name typed, kept (cleaned); an empty field gets the kept name back."""
        if self.name_entry is None:
            return
        name = settings.clean_name(self.name_entry.get_text())
        if name and name != settings.current().player_name:
            settings.change("player_name", name)
            self.message.show(t("settings.saved"), "ok", 1.5)
        if self.name_entry.get_text() != settings.current().player_name:
            self.name_entry.set_text(settings.current().player_name)

    def typing(self) -> bool:
        return self.name_entry is not None and self.name_entry.is_focused

    def on_exit(self) -> None:
        self.keep_name()  # Esc while typing: the name typed counts

    def go_back(self) -> None:
        self.keep_name()
        self.app.pop()

    def relayout(self) -> None:
        self.layout(self.app.size)

    # -- layout ------------------------------------------------------------------------------------------
    @property
    def buttons(self) -> list[Button]:
        return [b for row in self.rows for b in row.buttons]

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        width = min(820, w - 40)
        self.card = pygame.Rect(0, 0, width, 110 + ROW_H * (len(self.rows) - 1) + 24 + SIZES.button_height + 56)
        self.card.center = (w // 2, h // 2)
        x0 = self.card.x + 32 + LABEL_W
        room = self.card.right - 32 - x0
        y = self.card.y + 104
        self.manager = make_manager(size)
        for row in self.rows[:-1]:
            if row.key == "name":
                self.name_button.rect = pygame.Rect(x0, y + (ROW_H - 42) // 2, min(NAME_W, room), 42)
                self.name_entry = pygame_gui.elements.UITextEntryLine(self.name_button.rect, manager=self.manager,
                                                                      placeholder_text=t("settings.name.hint"))
                self.name_entry.set_text_length_limit(settings.MAX_NAME)
                self.name_entry.set_text(settings.current().player_name)
                y += ROW_H
                continue
            labels = [draw.font_width(str(b.label() if callable(b.label) else b.label), b.text_size, bold=True)
                      for b in row.buttons]
            gap = 10
            widths = [max(48, lw + 28) for lw in labels]
            if sum(widths) + gap * (len(widths) - 1) > room:  # narrow window or long words: smaller text
                for b in row.buttons:
                    b.text_size = SIZES.text_small - 1
                widths = [max(40, draw.font_width(str(b.label() if callable(b.label) else b.label),
                                                  b.text_size, bold=True) + 18) for b in row.buttons]
                gap = 6
            x = x0
            for b, bw in zip(row.buttons, widths, strict=True):
                b.rect = pygame.Rect(x, y + (ROW_H - 42) // 2, bw, 42)
                x += bw + gap
            y += ROW_H
        self.back.rect = pygame.Rect(0, 0, 200, SIZES.button_height)
        self.back.rect.midtop = (self.card.centerx, y + 20)
        self._sync_focus()

    def update(self, dt: float) -> None:
        if self.manager is not None:
            self.manager.update(dt)
        if self.name_entry is not None and not self.name_entry.is_focused \
                and self.name_entry.get_text() != settings.current().player_name:
            self.keep_name()  # the field was left (a click elsewhere, Tab): what it holds is the name
        for b in self.buttons:
            b.update(dt)
        self.message.update(dt)
        key = (i18n.get_language(), self.app.size, self.app.fullscreen, settings.current().volume,
               settings.current().muted, settings.current().colour_aids)
        if key != self._layout_key:  # a label changed its width: lay the row out again
            self._layout_key = key
            self.layout(self.app.size)

    def still(self) -> bool:
        return all(b.still() for b in self.buttons) and self.message.still() and not self.typing()

    # -- input -------------------------------------------------------------------------------------------
    def _sync_focus(self) -> None:
        for r, row in enumerate(self.rows):
            for c, b in enumerate(row.buttons):
                b.focused = self.focus == (r, c)

    def move_focus(self, drow: int, dcol: int) -> None:
        if self.focus is None:
            self.focus = (0, 0)
        else:
            r, c = self.focus
            if drow:
                r = (r + drow) % len(self.rows)
                c = min(c, len(self.rows[r].buttons) - 1)
            else:
                c = (c + dcol) % len(self.rows[r].buttons)
            self.focus = (r, c)
        self._sync_focus()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.manager is not None:
            consumed = self.manager.process_events(event)
            if self.typing() and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) or consumed:
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.manager.set_focus_set(None)
                    self.keep_name()
                return
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_TAB:
                self.move_focus(0, 1) if self.focus is not None and not event.mod & pygame.KMOD_SHIFT \
                    else self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1, 0)
            elif key == pygame.K_DOWN:
                self.move_focus(1, 0)
            elif key == pygame.K_UP:
                self.move_focus(-1, 0)
            elif key == pygame.K_RIGHT:
                self.move_focus(0, 1)
            elif key == pygame.K_LEFT:
                self.move_focus(0, -1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
                r, c = self.focus
                self.rows[r].buttons[c].activate()
            return
        if event.type == pygame.MOUSEMOTION:
            for r, row in enumerate(self.rows):
                for c, b in enumerate(row.buttons):
                    if b.rect.collidepoint(event.pos):
                        self.focus = (r, c)
            self._sync_focus()
        first_taker(self.buttons, event)

    # -- drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
        card = self.card
        draw.panel(surface, card, border=PALETTE.sand_dark)
        draw.text(surface, t("settings.title"), (card.centerx, card.y + 52), size=40, display=True,
                  color=PALETTE.terracotta, anchor="center")
        for row in self.rows[:-1]:
            first = row.buttons[0].rect
            draw.text(surface, t(f"settings.{row.key}"), (card.x + 32, first.centery), size=SIZES.text, bold=True,
                      color=PALETTE.ink, anchor="midleft")
        for b in self.buttons:
            b.draw(surface)
        if self.manager is not None:
            self.manager.draw_ui(surface)
        draw.text(surface, t("settings.hint"), (card.centerx, card.bottom - 22), size=SIZES.text_small,
                  color=PALETTE.ink_faint, anchor="center")
        self.message.draw(surface, (card.centerx, card.bottom + 24))
