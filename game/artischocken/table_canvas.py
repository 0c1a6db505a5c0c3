"""The table's display list: what a frame shows, worked out in ``update`` and painted in ``draw``.

Planning a frame records every drawing call (cards face up or down, panels, texts, highlights) together with
what can be clicked (:class:`Choice`) and which face-up card lies under the mouse. Painting replays the
recorded calls on a surface and changes nothing, so ``draw()`` assigns nothing and the click regions the next
click depends on always belong to the frame the player saw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.artischocken import cards as cardsmod
from game.artischocken.cards import Zone
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, Color, lerp

Op = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]


@dataclass(frozen=True)
class Choice:
    """One clickable thing of the frame: its rect, what it does (``action`` with ``arg``) and a test key."""

    rect: pygame.Rect
    action: str  # hand, row, target, peas, pick, browse, close_browse, swallow
    arg: Any = None
    key: str = ""


@dataclass
class Hover:
    """The face-up card under the mouse (the detail panel shows it in full)."""

    card: str
    zone: Zone
    rect: pygame.Rect


@dataclass
class Canvas:
    """A frame being planned: recorded drawing calls, click regions and the hovered card."""

    mouse: tuple[int, int] = (-1, -1)
    pulse: float = 0.0  # 0..1, the highlight's breathing
    ops: list[Op] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    hover: Hover | None = None

    # -- recording ------------------------------------------------------------------------------------------
    def op(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """Record ``fn(surface, *args, **kwargs)``."""
        self.ops.append((fn, args, kwargs))

    def choice(self, rect: pygame.Rect, action: str, arg: Any = None, key: str = "") -> None:
        self.choices.append(Choice(rect.copy(), action, arg, key))

    def face(self, card: str, rect: pygame.Rect, zone: Zone, *, zoom: bool = True, angle: float = 0.0) -> None:
        """A card face up; with ``zoom`` it becomes the hovered card when the mouse is on it."""
        self.op(cardsmod.draw_face, card, rect.copy(), zone, angle=angle)
        if zoom and rect.collidepoint(self.mouse):
            self.hover = Hover(card, zone, rect.copy())

    def back(self, rect: pygame.Rect, angle: float = 0.0) -> None:
        self.op(cardsmod.draw_back, rect.copy(), angle=angle)

    def empty(self, rect: pygame.Rect) -> None:
        self.op(cardsmod.empty_slot, rect.copy())

    def shadow(self, rect: pygame.Rect, offset: int, alpha: int) -> None:
        self.op(draw.drop_shadow, rect.copy(), cardsmod.radius_for(rect.width), offset=offset, alpha=alpha)

    def text(self, content: str, pos: tuple[float, float], *, size: int, color: Color = PALETTE.ink,
             bold: bool = False, display: bool = False, anchor: str = "topleft") -> pygame.Rect:
        """One line of text; returns where it will stand (measured now)."""
        self.op(draw.text, content, pos, size=size, color=color, bold=bold, display=display, anchor=anchor)
        w, h = font(size, bold=bold, display=display).size(content)
        rect = pygame.Rect(0, 0, w, h)
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        return rect

    def rounded_rect(self, rect: pygame.Rect, color: Color, radius: int, border: Color | None = None,
                     border_width: int = 2, alpha: int = 255) -> None:
        self.op(draw.rounded_rect, rect.copy(), color, radius, border, border_width, alpha)

    def panel(self, rect: pygame.Rect, color: Color, border: Color | None, alpha: int = 255) -> None:
        self.op(draw.panel, rect.copy(), color, border, alpha=alpha)

    def highlight(self, rect: pygame.Rect, color: Color = PALETTE.sun, width: int = 4) -> None:
        """A breathing ring around a card or panel that can be chosen (or is chosen)."""
        ring = lerp(color, PALETTE.paper, 0.35 * self.pulse)
        self.op(draw.rounded_ring, rect.inflate(10, 10), ring, cardsmod.radius_for(rect.width) + 5, width)

    def badge(self, pos: tuple[int, int], content: str) -> None:
        """A count in a dark pill."""
        w = max(24, font(14, bold=True).size(content)[0] + 12)
        rect = pygame.Rect(0, 0, w, 22)
        rect.center = pos
        self.rounded_rect(rect, PALETTE.ink, 11, PALETTE.paper, 2)
        self.text(content, rect.center, size=14, bold=True, color=PALETTE.paper, anchor="center")

    def keycap(self, centre: tuple[int, int], label: str) -> None:
        """The number key that chooses a card."""
        self.op(pygame.draw.circle, PALETTE.ink, centre, 10)
        self.text(label, centre, size=13, bold=True, color=PALETTE.paper, anchor="center")

    def veil(self, rect: pygame.Rect, angle: float = 0.0) -> None:
        """A dark veil over a card that cannot be played now."""
        self.op(_veil, rect.copy(), angle)

    def blit(self, image: pygame.Surface, pos: tuple[int, int]) -> None:
        self.op(_blit, image, pos)

    # -- painting -------------------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        """Replay the frame on ``surface``."""
        for fn, args, kwargs in self.ops:
            fn(surface, *args, **kwargs)


def _veil(surface: pygame.Surface, rect: pygame.Rect, angle: float) -> None:
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    draw.rounded_rect(veil, veil.get_rect(), PALETTE.ink, cardsmod.radius_for(rect.width), alpha=90)
    veil = pygame.transform.rotozoom(veil, angle, 1.0) if angle else veil
    surface.blit(veil, veil.get_rect(center=rect.center))


def _blit(surface: pygame.Surface, image: pygame.Surface, pos: tuple[int, int]) -> None:
    surface.blit(image, pos)
