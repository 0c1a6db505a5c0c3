"""Where the table's explanations go, so that none hides what it explains.

Every callout on the table (the speech bubble at a placed piece, the message line, the floating texts of the
rule events) takes the first of its candidate places (:func:`around`: the sky above its subject, then beside
it, then under it) that covers nothing it must leave visible: the pieces and the cactus it talks about, the
prompt, the buttons and every callout laid out before it. A first round also keeps the other pieces and the
cacti with their pots and numbers clear (:func:`scenery`); only when no place is left does a second round let a
callout lie over those. What was laid out is kept as :class:`Laid` rectangles, computed once per frame in
``update``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import pygame

from game.cactus.screens.view import TableView
from physics import World
from physics.geometry import Point

#: Pixels between a callout and the box of its subject.
GAP = 12


class Laid(NamedTuple):
    """Something explanatory or interactive on screen this frame: its kind ("prompt", "button", "tooltip",
    "badge", "hint", "hand", "bubble", "message", "float"), its rectangle, and the rectangles of what it talks
    about (it never covers them)."""

    kind: str
    rect: pygame.Rect
    subjects: tuple[pygame.Rect, ...] = ()


class Placed(NamedTuple):
    """A place found: the rectangle, the side of it that faces the subject, and the point it was put at."""

    rect: pygame.Rect
    where: str
    at: Point


def box_of(points: Iterable[Point]) -> pygame.Rect:
    """The smallest whole-pixel rectangle around screen points."""
    pts = list(points)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    return pygame.Rect(left, top, math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1)


def piece_box(view: TableView, world: World, pid: str) -> pygame.Rect | None:
    """The screen box of a piece's outline (None when it is not in the world)."""
    if not world.has_piece(pid):
        return None
    return box_of(view.pts(world.outline_world(pid)))


def pot_box(view: TableView, world: World, cactus: int) -> pygame.Rect:
    """The screen box of a cactus's pot (its base) with its number under the ground line."""
    return box_of(view.pts(world.base_outline(cactus))).union(view.label_box(world, cactus))


def cactus_box(view: TableView, world: World, cactus: int) -> pygame.Rect:
    """The screen box of a cactus with its pot and its number."""
    return pot_box(view, world, cactus).unionall([box_of(view.pts(part)) for part in world.cactus_outlines(cactus)])


def scenery(view: TableView, world: World) -> list[pygame.Rect]:
    """What a callout had better leave visible too: every cactus (pot and number with it), in their order,
    then every piece."""
    boxes = [cactus_box(view, world, i) for i in range(len(world.cacti.cacti))]
    boxes.extend(box for pid in world.pieces_in_world() if (box := piece_box(view, world, pid)) is not None)
    return boxes


def around(subject: pygame.Rect, gap: int = GAP) -> list[tuple[str, Point]]:
    """The places to try for a callout about ``subject``: above it, right of it, left of it, under it (the side of
    the callout that faces the subject, and the point that side is put at)."""
    return [("midbottom", (subject.centerx, subject.top - gap)), ("midleft", (subject.right + gap, subject.centery)),
            ("midright", (subject.left - gap, subject.centery)), ("midtop", (subject.centerx, subject.bottom + gap))]


def first_free(size: tuple[int, int], tries: Sequence[tuple[str, Point]], must: Sequence[pygame.Rect],
               rather: Sequence[pygame.Rect], area: pygame.Rect) -> Placed | None:
    """The first of ``tries`` where a callout of ``size`` (kept inside ``area``) covers none of ``must`` nor of
    ``rather``; failing that, the first that covers none of ``must``; None when every place covers one of those."""
    for keep in ([*must, *rather], list(must)):
        for where, (x, y) in tries:
            rect = pygame.Rect((0, 0), size)
            setattr(rect, where, (round(x), round(y)))
            rect.clamp_ip(area)
            if area.contains(rect) and rect.collidelist(keep) < 0:
                return Placed(rect, where, (x, y))
    return None


def least_covering(size: tuple[int, int], tries: Sequence[tuple[str, Point]], keep: Sequence[pygame.Rect],
                   area: pygame.Rect) -> Placed:
    """When no place is free: the one of ``tries`` (kept inside ``area``) that covers the fewest pixels of
    ``keep`` (the first of them on a tie)."""

    def covered(rect: pygame.Rect) -> int:
        return sum(rect.clip(other).width * rect.clip(other).height for other in keep)

    best: Placed | None = None
    for where, (x, y) in tries:
        rect = pygame.Rect((0, 0), size)
        setattr(rect, where, (round(x), round(y)))
        rect.clamp_ip(area)
        if best is None or covered(rect) < covered(best.rect):
            best = Placed(rect, where, (x, y))
    assert best is not None, "no place to try"
    return best


__all__ = ["GAP", "Laid", "Placed", "around", "box_of", "cactus_box", "first_free", "least_covering", "piece_box",
           "pot_box", "scenery"]
