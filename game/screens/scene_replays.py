"""The replays list: every recorded game in the user data dir's ``replays/``, newest first, one click to watch.

Each row says when, which room, who played, who won and how long it went; a file that is not a readable
replay is listed greyed with the reason (it is never deleted). Opening one goes through :mod:`game.rooms`
(the room's own viewer). Keys: Up/Down choose, Enter opens, the wheel scrolls, Esc goes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game import rooms
from game.app import BaseScene
from game.i18n import plural, t
from game.replay import store
from game.replay.format import OlderReplay, ReplayError, check
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, MessageLine, first_taker

ROW_H = 56


@dataclass
class Entry:
    path: Path
    data: dict[str, Any] | None
    problem: str | None = None

    @property
    def summary(self) -> tuple[str, str, str, str]:
        """(when, room, players, result) in words."""
        d = self.data or {}
        when = str(d.get("created", ""))[:16].replace("T", " ")
        room = t(f"launcher.{d.get('room')}.name") if d.get("room") in rooms.ROOMS else str(d.get("room", "?"))
        seats: list[Any] = d.get("seats") or []
        names = [str(s.get("name", "?")) for s in seats if isinstance(s, dict)]
        result: dict[str, Any] = d.get("result") or {}
        winner = result.get("winner")
        turns = result.get("begun", result.get("turns", 0))  # the turns begun, as the viewer counts them
        won = names[winner] if isinstance(winner, int) and 0 <= winner < len(names) else None
        count = plural("replays.turns", turns, n=turns) if isinstance(turns, int) else str(turns)
        if result.get("over") is False:
            outcome = t("replays.unfinished", turns=count)
        else:
            outcome = t("replays.won", name=won, turns=count) if won else t("replays.no_winner", turns=count)
        return when, room, ", ".join(names), outcome


def entries(folder: Path | None = None) -> list[Entry]:
    """The replays in ``folder`` (default: the user data dir's), newest first."""
    folder = folder or store.replay_dir()
    out: list[Entry] = []
    for path in sorted(folder.glob("*.json"), reverse=True) if folder.is_dir() else []:
        try:
            out.append(Entry(path, check(store.read(path))))
        except OlderReplay:
            out.append(Entry(path, None, t("replays.older")))
        except (OSError, ValueError, RecursionError) as exc:
            reason = str(exc) if isinstance(exc, ReplayError) else type(exc).__name__
            out.append(Entry(path, None, reason))
    return out


class ReplaysScene(BaseScene):
    """Choose a recorded game to watch."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.items = entries(folder)
        self.selected = 0 if self.items else None
        self.scroll = 0
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.message = MessageLine()
        self.back = Button(lambda: t("replays.back"), self._back, style="secondary")
        self.open_button = Button(lambda: t("replays.open"), self.open_selected, style="primary")
        self.list_rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        width = min(980, w - 80)
        self.list_rect = pygame.Rect((w - width) // 2, 120, width, h - 120 - 110)
        y = h - 40 - SIZES.button_height
        self.back.rect = pygame.Rect(self.list_rect.x, y, 180, SIZES.button_height)
        self.open_button.rect = pygame.Rect(self.list_rect.right - 220, y, 220, SIZES.button_height)
        self._rows()

    def _rows(self) -> None:
        visible = max(1, self.list_rect.height // ROW_H)
        if self.selected is not None:
            self.scroll = min(max(self.scroll, self.selected - visible + 1), self.selected)
        self.scroll = max(0, min(self.scroll, max(0, len(self.items) - visible)))
        self.rows = [(pygame.Rect(self.list_rect.x, self.list_rect.y + k * ROW_H, self.list_rect.width, ROW_H - 6),
                      i) for k, i in enumerate(range(self.scroll, min(len(self.items), self.scroll + visible)))]
        self.open_button.enabled = self.selected is not None and self.items[self.selected].data is not None

    def _back(self) -> None:
        rooms.leave_room(self.app)

    def open_selected(self) -> None:
        if self.selected is None:
            return
        item = self.items[self.selected]
        if item.data is None:
            self.message.show(t("replays.unreadable", error=item.problem or ""), "warn", 4)
            return
        try:
            rooms.open_replay(self.app, item.data)
        except OlderReplay:
            self.message.show(t("replays.unreadable", error=t("replays.older")), "warn", 5)
        except ReplayError as exc:
            self.message.show(t("replays.unreadable", error=str(exc)), "error", 5)

    def still(self) -> bool:
        return not self.message.visible and self.back.flash <= 0 and self.open_button.flash <= 0

    def handle_event(self, event: pygame.event.Event) -> None:
        if first_taker([self.back, self.open_button], event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y
            self._rows()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, i in self.rows:
                if rect.collidepoint(event.pos):
                    if self.selected == i:
                        self.open_selected()
                    else:
                        self.selected = i
                        self._rows()
                    return
        elif event.type == pygame.KEYDOWN and self.items:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = max(0, min(len(self.items) - 1, (self.selected or 0) + step))
                self._rows()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()

    def update(self, dt: float) -> None:
        self.message.update(dt)
        self.back.update(dt)
        self.open_button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw.backdrop(surface)
        w, _h = surface.get_size()
        draw.text(surface, t("replays.title"), (w // 2, 40), size=38, display=True, color=PALETTE.terracotta,
                  anchor="midtop")
        box = self.list_rect
        if not self.items:
            draw.text_block(surface, t("replays.none"), box.inflate(-40, -40), size=18, align="center",
                            color=PALETTE.ink_soft)
        for rect, i in self.rows:
            item = self.items[i]
            chosen = i == self.selected
            draw.rounded_rect(surface, rect, PALETTE.paper if not chosen else shade(PALETTE.sun, 0.55),
                              SIZES.radius_small, PALETTE.sun if chosen else PALETTE.sand_dark, 2)
            if item.data is None:
                draw.text(surface, item.path.name, (rect.x + 16, rect.y + 8), size=16, bold=True,
                          color=PALETTE.ink_faint)
                draw.fit_text(surface, t("replays.unreadable", error=item.problem or ""),
                              (rect.x + 16, rect.bottom - 14), rect.width - 32, size=13, color=PALETTE.ink_faint)
                continue
            when, room, players, outcome = item.summary
            draw.text(surface, room, (rect.x + 16, rect.y + 8), size=17, bold=True)
            draw.text(surface, when, (rect.right - 16, rect.y + 8), size=14, color=PALETTE.ink_soft,
                      anchor="topright")
            draw.fit_text(surface, f"{players}  ·  {outcome}", (rect.x + 16, rect.bottom - 14), rect.width - 32,
                          size=14, color=PALETTE.ink_soft)
        self.back.draw(surface)
        self.open_button.draw(surface)
        self.message.draw(surface, (w // 2, self.back.rect.top - 10))
