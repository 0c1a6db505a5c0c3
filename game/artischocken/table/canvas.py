"""The table's display list: what a frame shows, worked out in ``update`` and painted in ``draw``.

Planning a frame records every drawing call (cards face up or down, panels, texts, highlights) together with
what can be clicked (:class:`Choice`) and which face-up card lies under the mouse. Painting replays the
recorded calls on a surface and changes nothing, so ``draw()`` assigns nothing and the click regions the next
click depends on always belong to the frame the player saw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.artischocken.table import cards as cardsmod
from game.artischocken.table.cards import Zone
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
    #: What each op draws, comparable between frames: the same keys paint the same picture.
    keys: list[tuple[Any, ...]] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    hover: Hover | None = None
    #: What a counter or pile means, in words, over the rect it explains (the table's tooltip shows it beside).
    hints: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    #: The ops before this index are the table itself; the rest (cards in flight, overlays) is painted over it.
    base: int = 0

    # -- recording ------------------------------------------------------------------------------------------
    def op(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """Record ``fn(surface, *args, **kwargs)``."""
        self.ops.append((fn, args, kwargs))
        self.keys.append((fn, args, tuple(kwargs.items())))

    def live(self, fn: Callable[..., Any], obj: Any, state: tuple[Any, ...]) -> None:
        """Record ``fn(surface, obj)`` for an object with its own look (a widget): ``state`` is what that look
        depends on, so that an unchanged widget keeps the frame unchanged."""
        self.ops.append((fn, (obj,), {}))
        self.keys.append((fn, id(obj), state))

    def hint(self, rect: pygame.Rect, words: str) -> None:
        """``words`` explain what stands in ``rect`` (a pile and its count): shown beside it on a rest of the mouse."""
        self.hints.append((rect.copy(), words))

    def hint_at(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """The hint of what lies under ``pos`` (the last one planned: the topmost)."""
        return next(((rect, words) for rect, words in reversed(self.hints) if rect.collidepoint(pos)), None)

    def choice(self, rect: pygame.Rect, action: str, arg: Any = None, key: str = "") -> None:
        self.choices.append(Choice(rect.copy(), action, arg, key))

    def face(self, card: str, rect: pygame.Rect, zone: Zone, *, zoom: bool = True, angle: float = 0.0) -> None:
        """A card face up; with ``zoom`` it becomes the hovered card when the mouse is on it. It counts as shown
        in every frame that plans it, painted again or not (A-G2's recorder)."""
        cardsmod.shown(card, zone)
        self.op(cardsmod.draw_face, card, rect.copy(), zone, angle=angle, record=False)
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
        w, h = text_size(content, size, bold, display)
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

    def badge(self, pos: tuple[int, int], content: str) -> pygame.Rect:
        """A count in a dark pill; returns where it stands."""
        w = max(24, text_size(content, 14, True, False)[0] + 12)
        rect = pygame.Rect(0, 0, w, 22)
        rect.center = pos
        self.rounded_rect(rect, PALETTE.ink, 11, PALETTE.paper, 2)
        self.text(content, rect.center, size=14, bold=True, color=PALETTE.paper, anchor="center")
        return rect

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

    def mark_base(self) -> None:
        """What was recorded so far is the table; what follows is painted over it (see :class:`Layers`)."""
        self.base = len(self.ops)

    def paint_part(self, surface: pygame.Surface, start: int, stop: int | None = None) -> None:
        for fn, args, kwargs in self.ops[start:stop]:
            fn(surface, *args, **kwargs)


class Layers:
    """A planned frame painted into two images that are kept between frames: the table (everything up to the
    canvas's ``base``) and the frame (the table plus what moves over it). Only what changed is painted again:
    nothing when the frame is the same as the last, the overlays alone while cards fly over a table that stands
    still, everything when the table itself changed."""

    def __init__(self) -> None:
        self.table = pygame.Surface((1, 1))
        self.frame = pygame.Surface((1, 1))
        self._table_keys: list[tuple[Any, ...]] | None = None
        self._frame_keys: list[tuple[Any, ...]] | None = None
        self.repaints = 0  # how often the table layer was painted again (for tests and profiling)

    def _fit(self, size: tuple[int, int]) -> None:
        if self.frame.get_size() == size:
            return
        self.table, self.frame = pygame.Surface(size), pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            self.table, self.frame = self.table.convert(), self.frame.convert()
        self._table_keys = self._frame_keys = None

    def paint(self, canvas: Canvas, size: tuple[int, int]) -> None:
        self._fit(size)
        if canvas.keys == self._frame_keys:
            return
        table_keys = canvas.keys[:canvas.base]
        if table_keys != self._table_keys:
            canvas.paint_part(self.table, 0, canvas.base)
            self._table_keys = table_keys
            self.repaints += 1
        self.frame.blit(self.table, (0, 0))
        canvas.paint_part(self.frame, canvas.base)
        self._frame_keys = list(canvas.keys)


@lru_cache(maxsize=4096)
def text_size(content: str, size: int, bold: bool, display: bool) -> tuple[int, int]:
    """How big a line of text is drawn (measured once per text and style: the table measures every frame)."""
    return font(size, bold=bold, display=display).size(content)


def _veil(surface: pygame.Surface, rect: pygame.Rect, angle: float) -> None:
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    draw.rounded_rect(veil, veil.get_rect(), PALETTE.ink, cardsmod.radius_for(rect.width), alpha=90)
    veil = pygame.transform.rotozoom(veil, angle, 1.0) if angle else veil
    surface.blit(veil, veil.get_rect(center=rect.center))


def _blit(surface: pygame.Surface, image: pygame.Surface, pos: tuple[int, int]) -> None:
    surface.blit(image, pos)
