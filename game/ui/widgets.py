"""Small game widgets drawn in the house style: buttons, focus groups, tooltips, dialogs, a message line.

Text fields, sliders and drop-downs come from pygame_gui (see :mod:`game.ui.gui`); these are the pieces a
table game shows all the time and wants to look like part of the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

import pygame

from game.ui import draw
from game.ui.fonts import font
from game.ui.sound import play
from game.ui.theme import PALETTE, SIZES, Color, lerp, shade

TextSource = str | Callable[[], str]


def resolve(text: TextSource) -> str:
    return text() if callable(text) else text


STYLES: dict[str, tuple[Color, Color, Color]] = {
    # style: (body, text, border)
    "primary": (PALETTE.terracotta, PALETTE.paper, PALETTE.terracotta_dark),
    "secondary": (PALETTE.paper, PALETTE.ink, PALETTE.sand_dark),
    "green": (PALETTE.cactus, PALETTE.paper, PALETTE.cactus_dark),
    "ghost": (PALETTE.sand, PALETTE.ink, PALETTE.dune),
}


class Handles(Protocol):
    def handle_event(self, event: pygame.event.Event) -> bool: ...


def first_taker(widgets: Iterable[Handles | None], event: pygame.event.Event) -> bool:
    """Offer ``event`` to each widget in turn; True as soon as one takes it (None entries are skipped)."""
    return any(widget is not None and widget.handle_event(event) for widget in widgets)


class Pressable:
    """Hover, press and click-on-release for a widget with a ``rect``: buttons and the launcher's tiles.

    Motion sets ``hovered``; a left press inside sets ``pressed`` (when ``enabled``); the release inside after a
    press calls ``activate()``. ``handle_event`` returns True when the event was the widget's."""

    rect: pygame.Rect
    enabled: bool
    hovered: bool
    pressed: bool

    def activate(self) -> None:
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was this widget's."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.pressed = self.pressed, False
            if was and self.rect.collidepoint(event.pos):
                self.activate()
                return True
        return False


class Button(Pressable):
    """A rounded button with hover, pressed, focus and disabled states; ``on_click`` runs on release."""

    def __init__(self, label: TextSource, on_click: Callable[[], None], *, rect: pygame.Rect | None = None,
                 style: str = "secondary", tooltip: TextSource | None = None, enabled: bool = True,
                 text_size: int = SIZES.text) -> None:
        self.label = label
        self.on_click = on_click
        self.rect = rect or pygame.Rect(0, 0, 160, SIZES.button_height)
        self.style = style
        self.tooltip = tooltip
        self.enabled = enabled
        self.text_size = text_size
        self.hovered = False
        self.pressed = False
        self.focused = False
        self.flash = 0.0  # seconds of click feedback left

    def activate(self) -> None:
        if self.enabled:
            self.flash = 0.15
            play("click", 0.6)
            self.on_click()

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)

    def still(self) -> bool:
        """No click feedback running (hover and press change only with input)."""
        return self.flash <= 0

    def draw(self, surface: pygame.Surface) -> None:
        body, ink, border = STYLES.get(self.style, STYLES["secondary"])
        if not self.enabled:
            body, ink, border = lerp(body, PALETTE.sand, 0.6), PALETTE.ink_faint, PALETTE.sand_dark
        elif self.pressed or self.flash > 0:
            body = shade(body, -0.15)
        elif self.hovered or self.focused:
            body = shade(body, 0.12 if self.style != "secondary" else -0.04)
        rect = self.rect.move(0, 2) if self.pressed else self.rect
        if self.enabled and not self.pressed:
            draw.drop_shadow(surface, rect, SIZES.radius_small, offset=3, alpha=50)
        draw.rounded_rect(surface, rect, body, SIZES.radius_small, border, 2)
        if self.focused and self.enabled:
            draw.rounded_ring(surface, rect.inflate(10, 10), PALETTE.focus, SIZES.radius_small + 5, 3)
        draw.text(surface, resolve(self.label), rect.center, size=self.text_size, color=ink, bold=True,
                  anchor="center")


class FocusGroup:
    """Keyboard navigation over a list of buttons (or anything with ``rect``, ``focused``, ``activate``).

    Tab / Shift+Tab and the arrow keys move the focus, Enter or Space activates, hovering with the mouse moves
    the focus to what is under it.
    """

    def __init__(self, items: list[Button] | None = None, *, columns: int = 1) -> None:
        self.items: list[Button] = items or []
        self.columns = max(1, columns)
        self.index: int | None = None

    def set_items(self, items: list[Button], columns: int | None = None) -> None:
        self.items = items
        if columns is not None:
            self.columns = max(1, columns)
        if self.index is not None and self.index >= len(items):
            self.index = None
        self._sync()

    def _sync(self) -> None:
        for i, item in enumerate(self.items):
            item.focused = i == self.index

    def focus(self, index: int | None) -> None:
        self.index = None if index is None or not self.items else index % len(self.items)
        self._sync()

    @property
    def current(self) -> Button | None:
        return None if self.index is None else self.items[self.index]

    def move(self, delta: int) -> None:
        if not self.items:
            return
        start = (-1 if delta > 0 else 0) if self.index is None else self.index
        n = len(self.items)
        index = start
        for _ in range(n):
            index = (index + delta) % n
            if self.items[index].enabled:
                break
        self.focus(index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for i, item in enumerate(self.items):
                if item.rect.collidepoint(event.pos):
                    self.focus(i)
                    break
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_RIGHT, pygame.K_d):
            self.move(1)
        elif key in (pygame.K_LEFT, pygame.K_a):
            self.move(-1)
        elif key in (pygame.K_DOWN, pygame.K_s):
            self.move(self.columns)
        elif key in (pygame.K_UP, pygame.K_w):
            self.move(-self.columns)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.current is not None:
                self.current.activate()
            else:
                return False
        else:
            return False
        return True


#: The sides :func:`place_beside` tries, in its default order: under the subject first (a pointer's hint reads
#: below it), then above, right and left.
SIDES = ("below", "above", "right", "left")


def place_beside(size: tuple[int, int], subject: pygame.Rect, bounds: pygame.Rect, *, gap: int = 8,
                 sides: tuple[str, ...] = SIDES, anchor: tuple[int, int] | None = None) -> pygame.Rect:
    """Where a box of ``size`` stands beside ``subject`` inside ``bounds`` without covering it: the first of
    ``sides`` with room, slid along that side to stay inside ``bounds`` (``anchor``: the point it starts from
    along that side, e.g. the pointer). With room on no side (a subject as large as the window), the side
    with the most room, clamped: a callout must stay readable even then."""
    w, h = size
    ax, ay = anchor if anchor is not None else subject.center
    # each side's free band inside bounds (a subject outside bounds, e.g. a hand under the felt, counts too)
    edge = {"below": max(subject.bottom + gap, bounds.top), "above": min(subject.top - gap, bounds.bottom),
            "right": max(subject.right + gap, bounds.left), "left": min(subject.left - gap, bounds.right)}
    room = {"below": bounds.bottom - edge["below"], "above": edge["above"] - bounds.top,
            "right": bounds.right - edge["right"], "left": edge["left"] - bounds.left}
    for side in sides:
        need = h if side in ("below", "above") else w
        if room[side] >= need:
            break
    else:
        side = max(sides, key=lambda name: room[name] / max(1, h if name in ("below", "above") else w))
    if side == "below":
        rect = pygame.Rect(ax - 12, edge["below"], w, h)
    elif side == "above":
        rect = pygame.Rect(ax - 12, edge["above"] - h, w, h)
    elif side == "right":
        rect = pygame.Rect(edge["right"], ay - h // 2, w, h)
    else:
        rect = pygame.Rect(edge["left"] - w, ay - h // 2, w, h)
    if side in ("below", "above"):  # slide along the side only: never back over the subject
        rect.x = max(bounds.left, min(rect.x, bounds.right - w))
    else:
        rect.y = max(bounds.top, min(rect.y, bounds.bottom - h))
    return rect.clamp(bounds) if room[side] < (h if side in ("below", "above") else w) else rect


class Tooltip:
    """A hint that appears after the pointer rests on something for a moment, beside what it explains.

    ``hover(text, pos, subject)``: the hint for the thing under the pointer (``subject``, its rect; without one,
    the pointer itself): the hint stands beside it, never over it (:func:`place_beside`)."""

    DELAY = 0.45

    def __init__(self) -> None:
        self.text: str | None = None
        self.pos = (0, 0)
        self.subject: pygame.Rect | None = None
        self.rest = 0.0

    def hover(self, content: str | None, pos: tuple[int, int], subject: pygame.Rect | None = None) -> None:
        if content != self.text:
            self.rest = 0.0
        self.text = content
        self.pos = pos
        self.subject = subject.copy() if subject is not None else None

    def update(self, dt: float) -> None:
        if self.text:
            self.rest += dt

    @property
    def visible(self) -> bool:
        return bool(self.text) and self.rest >= self.DELAY

    def still(self) -> bool:
        """No hint waiting to appear (a scene is not still while a tooltip is about to show)."""
        return not self.text or self.visible

    def box(self, bounds: pygame.Rect) -> pygame.Rect | None:
        """Where the tooltip stands in a window of ``bounds`` (None while it is not shown)."""
        if not self.visible or not self.text:
            return None
        fnt = font(SIZES.text_small)
        lines = draw.wrap_text(self.text, fnt, 320)
        width = max(fnt.size(line)[0] for line in lines) + 2 * 10
        height = len(lines) * fnt.get_linesize() + 2 * 8
        # the pointer's arrow is about 12x20 px: a hint without a subject keeps clear of it
        subject = self.subject if self.subject is not None else pygame.Rect(self.pos[0] - 2, self.pos[1] - 2, 16, 24)
        return place_beside((width, height), subject, bounds.inflate(-8, -8), anchor=self.pos)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface.get_rect())
        if rect is None or not self.text:
            return
        tooltip_panel(surface, self.text, rect)


def tooltip_panel(surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
    """A tooltip's dark panel with its text, at ``rect`` (:meth:`Tooltip.box` says where)."""
    fnt = font(SIZES.text_small)
    lines = draw.wrap_text(text, fnt, 320)
    draw.panel(surface, rect, PALETTE.ink, None, SIZES.radius_small, shadow=True)
    for i, line in enumerate(lines):
        draw.text(surface, line, (rect.x + 10, rect.y + 8 + i * fnt.get_linesize()), size=SIZES.text_small,
                  color=PALETTE.paper)


@dataclass
class Dialog:
    """A modal dialog: dims the scene, takes every event until one of its buttons closes it.

    ``buttons`` are (label, callback) pairs; the last one is the cancel action that Esc triggers. ``focus`` is the
    index of the button that has the keyboard focus when the dialog opens: by default the cancel action, so an
    Enter or Space meant for the scene below never leaves or discards anything. It is also the one drawn as the
    primary button (what Enter does is what stands out).
    """

    title: str
    body: str
    buttons: list[tuple[TextSource, Callable[[], None]]]
    width: int = 520
    focus: int = -1
    open: bool = True
    _widgets: list[Button] = field(default_factory=list)
    _focus: FocusGroup = field(default_factory=FocusGroup)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def _close_then(self, callback: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.open = False
            callback()

        return run

    def layout(self, size: tuple[int, int]) -> None:
        n = len(self.buttons)
        # the buttons share one width, wide enough for the longest label; the dialog grows to hold them
        widest = max((font(SIZES.text, bold=True).size(resolve(label))[0] for label, _ in self.buttons), default=0)
        bw = max(min(200, (self.width - 2 * 32 - (n - 1) * SIZES.gap) // max(1, n)), widest + 32)
        width = max(self.width, min(size[0] - 32, n * bw + (n - 1) * SIZES.gap + 2 * 32))
        bw = min(bw, (width - 2 * 32 - (n - 1) * SIZES.gap) // max(1, n))  # a narrow window: inside the dialog
        inner = width - 2 * SIZES.pad * 2
        body_h = draw.text_height(self.body, inner)
        height = 40 + 40 + body_h + 24 + SIZES.button_height + 32
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        # laid out again (a resize) the focus stays where the player moved it; the first time it is ``focus``
        focused = self._focus.index if self._widgets else self.focus
        self._widgets = []
        primary = self.focus % n if n else None
        x = self.rect.right - 32 - n * bw - (n - 1) * SIZES.gap
        for i, (label, callback) in enumerate(self.buttons):
            rect = pygame.Rect(x + i * (bw + SIZES.gap), self.rect.bottom - 28 - SIZES.button_height, bw,
                               SIZES.button_height)
            style = "primary" if i == primary else "secondary"
            self._widgets.append(Button(label, self._close_then(callback), rect=rect, style=style))
        self._focus.set_items(self._widgets, columns=len(self._widgets))
        self._focus.focus(focused)

    @property
    def widgets(self) -> list[Button]:
        return self._widgets

    def cancel(self) -> None:
        if self._widgets:
            self._widgets[-1].activate()
        else:
            self.open = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Modal: every event is the dialog's while it is open."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        if not self._focus.handle_event(event):
            first_taker(self._widgets, event)
        return True

    def update(self, dt: float) -> None:
        for widget in self._widgets:
            widget.update(dt)

    def still(self) -> bool:
        """Nothing of the dialog moves (no button flashing): the app may wait for input under it."""
        return all(widget.still() for widget in self._widgets)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        surface.blit(draw.veil(surface.get_size(), PALETTE.ink, 120), (0, 0))
        draw.panel(surface, self.rect, PALETTE.paper, PALETTE.dune)
        draw.text(surface, self.title, (self.rect.x + 32, self.rect.y + 28), size=SIZES.text_large, bold=True)
        draw.text_block(surface, self.body,
                        pygame.Rect(self.rect.x + 32, self.rect.y + 80, self.rect.width - 64, 400),
                        color=PALETTE.ink_soft)
        for widget in self._widgets:
            widget.draw(surface)


class MessageLine:
    """One short message at a time (info, ok, warn, error) that fades out after a few seconds."""

    COLORS: dict[str, Color] = {
        "info": PALETTE.ink, "ok": PALETTE.ok, "warn": PALETTE.warn, "error": PALETTE.error,
    }

    def __init__(self) -> None:
        self.text = ""
        self.kind = "info"
        self.left = 0.0
        self.total = 1.0

    def show(self, content: str, kind: str = "info", seconds: float = 3.5) -> None:
        self.text, self.kind, self.left, self.total = content, kind, seconds, seconds

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def withdraw(self, content: str) -> None:
        """Stop showing ``content`` at once if it is the message showing (it stopped being true)."""
        if self.text == content:
            self.left = 0.0

    @property
    def visible(self) -> bool:
        return bool(self.text) and self.left > 0

    def still(self) -> bool:
        """No message showing (a shown one fades out by itself)."""
        return not self.visible

    def draw(self, surface: pygame.Surface, midbottom: tuple[int, int]) -> None:
        if not self.visible:
            return
        alpha = round(255 * min(1.0, self.left / 0.4))
        layer = message_layer(self.text, self.COLORS.get(self.kind, PALETTE.ink))
        layer.set_alpha(alpha)  # the layer is shared: its alpha is set before every blit
        rect = layer.get_rect(midbottom=midbottom)
        surface.blit(layer, rect)


@lru_cache(maxsize=16)
def message_layer(content: str, colour: Color) -> pygame.Surface:
    """The pill a :class:`MessageLine` shows, made once per text and colour."""
    width = font(SIZES.text, bold=True).size(content)[0] + 48
    layer = pygame.Surface((width, 44), pygame.SRCALPHA)
    draw.rounded_rect(layer, layer.get_rect(), PALETTE.paper, 22, colour, 3)
    draw.text(layer, content, layer.get_rect().center, color=colour, bold=True, anchor="center")
    return layer
