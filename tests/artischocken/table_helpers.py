"""Helpers for the table scene tests: a headless app, synthetic events, scenario positions."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App
from game.artischocken import Game
from game.artischocken.seats import Seat
from game.artischocken.table.scene_table import Options, TableScene


class Driver:
    """Runs app frames on a virtual clock and posts synthetic input."""

    def __init__(self, app: App, step_ms: int = 16) -> None:
        self.app = app
        self.now = 0
        self.step_ms = step_ms

    def frame(self, n: int = 1, step_ms: int | None = None) -> None:
        for _ in range(n):
            self.app.frame(self.now)
            self.now += step_ms or self.step_ms

    def post(self, *events: pygame.event.Event) -> None:
        for event in events:
            pygame.event.post(event)

    def move(self, pos: tuple[int, int]) -> None:
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frame()

    def click(self, pos: tuple[int, int]) -> None:
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame()

    def key(self, key: int) -> None:
        self.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        self.frame()

    def choice(self, scene: TableScene, key: str) -> tuple[int, int]:
        """The centre of the clickable thing named ``key`` that the last frame drew."""
        for choice in scene.choices:
            if choice.key == key:
                return choice.rect.center
        raise AssertionError(f"no choice {key!r} on screen; there are {[c.key for c in scene.choices]}")

    def button(self, scene: TableScene, label_part: str) -> tuple[int, int]:
        for button in scene.buttons:
            label = button.label() if callable(button.label) else button.label
            if label_part in label:
                return button.rect.center
        raise AssertionError(f"no button with {label_part!r}: {[b.label for b in scene.buttons]}")


def position(hands: list[list[str]], *, decks: list[list[str]] | None = None,
             discards: list[list[str]] | None = None, stack: list[str] | None = None, row: list[str] | None = None,
             compost: list[str] | None = None, player: int = 0, phase: str = "play", played: list[str] | None = None,
             rhubarb: bool = False, seed: int = 0) -> dict[str, Any]:
    """A scenario in the ``artischocken/1`` save format (docs/design.md)."""
    n = len(hands)
    return {
        "format": "artischocken/1",
        "options": {"players": n, "rhubarb": rhubarb},
        "players": [{"hand": list(hands[s]), "deck": list((decks or [[]] * n)[s]),
                     "discard": list((discards or [[]] * n)[s])} for s in range(n)],
        "garden_stack": list(stack or []), "garden_row": list(row or []), "compost": list(compost or []),
        "turn": {"player": player, "phase": phase, "played": list(played or [])},
        "seed": seed,
    }


def table(app: App, pos: dict[str, Any], kinds: list[str], *, fast: bool = True, **opts: Any) -> TableScene:
    names = ["Anna", "Ben", "Cleo", "Dana"]
    seats = [Seat(names[i], kind) for i, kind in enumerate(kinds)]
    scene = TableScene(Game.from_dict(pos), seats, Options(fast=fast, **opts))
    app.push(scene)
    return scene
