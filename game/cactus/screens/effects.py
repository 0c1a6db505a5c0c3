"""The play scene's effects: floating texts where a rule event happened, flower tokens flying between a seat
and the supply, and the die's roll. All of it runs on the frame's ``dt``; where a floating text stands is laid
out in the scene's ``update`` (beside the pieces it is about, never over them); drawing only reads it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.cactus.bots.pace import ROLL_TIME  # seconds the die tumbles after a roll (a bot waits for it)
from game.cactus.rules import CactusGame, Event, Face
from game.cactus.screens import texts as txt
from game.cactus.screens.view import flower_icon
from game.i18n import t
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, Color
from physics.geometry import Point


@dataclass
class FloatText:
    text: str
    pos: Point
    colour: Color
    age: float = 0.0
    life: float = 2.2
    world: Point | None = None  # follows the camera when set (world mm)
    pieces: tuple[str, ...] = ()  # what it is about: it never covers them
    rect: pygame.Rect | None = None  # where it stands this frame (laid out in update; None: not shown)
    base: str = ""  # the text before a repeat counted on it ("×3"); set from ``text`` when made

    def __post_init__(self) -> None:
        self.base = self.base or self.text

    @property
    def size(self) -> tuple[int, int]:
        return font(SIZES.text_small + 1, bold=True).size(self.text)[0] + 20, 28

    @property
    def rise(self) -> float:
        """How far (px) it has floated up from where it first stood."""
        return 50 * self.age / self.life


@dataclass
class Flyer:
    start: Point
    end: Point
    three: bool = False
    delay: float = 0.0
    age: float = 0.0
    life: float = 0.9


@dataclass(frozen=True)
class Spot:
    """Where a rule event happened: on screen (``at``) and in the world (``world``, None when nowhere), and the
    pieces it is about (its floating text never covers them)."""

    at: Point
    world: Point | None
    pieces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Notice:
    """A line for the scene's message bar: text, level ("error", "warn") and seconds."""

    text: str
    level: str
    seconds: float


class Effects:
    """The floating texts and flying flowers of one play scene.

    Floating texts never pile up: an event that repeats the one before it (the same piece fell again) replaces
    its text with one that counts ("×3", started afresh), and a text the scene found no free place for waits,
    not ageing, until one frees up (the scene lays them out off each other)."""

    def __init__(self) -> None:
        self.floats: list[FloatText] = []
        self.flyers: list[Flyer] = []
        self.last: tuple[Event, int] | None = None  # the last rule event and how many times it came in a row

    @property
    def flying(self) -> bool:
        return bool(self.flyers)

    def clear(self) -> None:
        self.floats.clear()
        self.flyers.clear()

    def update(self, dt: float) -> None:
        for f in self.floats:
            if f.rect is not None:  # one still waiting for a place keeps its whole life for when it shows
                f.age += dt
        self.floats = [f for f in self.floats if f.age < f.life]
        for fl in self.flyers:
            fl.age += dt
        self.flyers = [fl for fl in self.flyers if fl.age < fl.delay + fl.life]

    def event(self, e: Event, rules: CactusGame, spot: Spot, seat: Callable[[int | None], Point], supply: Point,
              table: Point, names: Sequence[str] | None = None) -> Notice | None:
        """Feedback for a rule event: floating text where it happened and flowers flying; returns the line
        for the message bar, if the event has one (the seats by ``names`` where given, as the panels name them). A
        repeat of the event before counts on its text (``×N``)."""
        count = self.last[1] + 1 if self.last is not None and self.last[0] == e else 1
        self.last = (e, count)
        before = len(self.floats)
        notice = self._feedback(e, rules, spot, seat, supply, table, names)
        if len(self.floats) > before:
            self._fold(count)
        if notice is not None and count > 1:
            notice = Notice(txt.describe_times(rules, e, count, names), notice.level, notice.seconds)
        return notice

    def _fold(self, count: int) -> None:
        """The float just added, for an event that came ``count`` times in a row: it takes the place of the
        same text still showing, and says how often."""
        if count <= 1:
            return
        new = self.floats.pop()
        same = [f for f in self.floats if f.base == new.base and f.colour == new.colour]
        new.text = t("cactus.repeated", text=new.base, count=count)
        if same:
            self.floats = [f for f in self.floats if f not in same]
            new.rect = same[-1].rect  # where it stood: it does not jump, and it shows at once
        self.floats.append(new)

    def _feedback(self, e: Event, rules: CactusGame, spot: Spot, seat: Callable[[int | None], Point],
                  supply: Point, table: Point, names: Sequence[str] | None) -> Notice | None:
        if e.kind == "award" and e.flowers > 0:
            label = t("cactus.float.award", flowers=e.flowers, award=txt.award_name(e.detail))
            self.floats.append(FloatText(label, spot.at, PALETTE.ok, world=spot.world, pieces=spot.pieces))
            for k in range(e.flowers):
                self.flyers.append(Flyer(spot.at, seat(e.player), delay=0.15 * k))
        elif e.kind in ("hand_touch", "knocked"):
            named = "hand_touch_piece" if e.kind == "hand_touch" and e.detail == "piece" else e.kind
            label = t(f"cactus.float.{named}", flowers=abs(e.flowers))
            self.floats.append(FloatText(label, spot.at, PALETTE.error, world=spot.world, pieces=spot.pieces))
            for k in range(abs(e.flowers)):
                self.flyers.append(Flyer(seat(e.player), supply, delay=0.15 * k))
            return Notice(txt.describe(rules, e, names), "error", 4.0)
        elif e.kind == "placed_fell":
            self.floats.append(FloatText(t("cactus.float.fell"), spot.at, PALETTE.warn,
                                         world=spot.world, pieces=spot.pieces))
            return Notice(txt.describe(rules, e, names), "warn", 4.0)
        elif e.kind == "awards_void":
            self.floats.append(FloatText(t("cactus.float.void"), table, PALETTE.error))
        elif e.kind in ("piece_out", "piece_returned"):
            self.floats.append(FloatText(txt.describe(rules, e, names), spot.at, PALETTE.ink_soft, life=1.6,
                                         pieces=spot.pieces))
        elif e.kind == "award_lost":
            self.floats.append(FloatText(txt.describe(rules, e, names), table, PALETTE.warn))
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for f in self.floats:
            box = f.rect
            if box is None:
                continue
            k = f.age / f.life
            alpha = round(255 * (1.0 if k < 0.6 else max(0.0, (1 - k) / 0.4)))
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            draw.rounded_rect(layer, layer.get_rect(), PALETTE.paper, 12, f.colour, 2)
            draw.text(layer, f.text, layer.get_rect().center, size=SIZES.text_small + 1, bold=True, color=f.colour,
                      anchor="center")
            layer.set_alpha(alpha)
            surface.blit(layer, box)
        for fl in self.flyers:
            k = (fl.age - fl.delay) / fl.life
            if k < 0:
                continue
            k = min(1.0, k)
            ease = 1 - (1 - k) ** 3
            x = fl.start[0] + (fl.end[0] - fl.start[0]) * ease
            y = fl.start[1] + (fl.end[1] - fl.start[1]) * ease - math.sin(math.pi * k) * 80
            icon = flower_icon(24, fl.three)
            surface.blit(icon, icon.get_rect(center=(round(x), round(y))))


def rolling_face(roll_anim: float, face: Face | None) -> tuple[Face | None, float]:
    """The face the die shows and its wobble while it tumbles (``roll_anim`` seconds left), else the face."""
    if roll_anim <= 0:
        return face, 0.0
    faces = list(Face)
    return faces[int(roll_anim * 14) % len(faces)], roll_anim


__all__ = ["ROLL_TIME", "Effects", "FloatText", "Flyer", "Notice", "Spot", "rolling_face"]
