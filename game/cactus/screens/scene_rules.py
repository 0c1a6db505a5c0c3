"""The Cactus rules screen: the rules as docs/rules.md states them, in plain words, drawn with the game's own
pieces, die and flower tokens (:mod:`~game.cactus.screens.view`) and the room's cactus picture.

Opened over the setup screen, the play screen or a remote table (F1, or their "Rules" button) through
:mod:`~game.cactus.screens.navigation`; Esc returns. The screen under it is neither updated nor drawn while
the rules show, so a local game waits: no bot moves, no physics step (a remote one goes on at the server; the
table takes in what came meanwhile when it shows again).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial

import pygame

from game.cactus.rules import COLOURS, FORMS, Face
from game.cactus.screens import navigation
from game.cactus.screens.view import BASE_BODY, BASE_EDGE, GROUND, GROUND_DARK, draw_die, draw_icon, flower_icon
from game.i18n import t
from game.ui import draw
from game.ui.illustrations import illustration
from game.ui.rules_book import Chapter, Entry, Painter, RulesBook, mark
from game.ui.theme import PALETTE
from physics.pieces import PieceSpec, load_pieces

#: The specials' ids drawn as examples (any two of the ten).
SPECIALS = ("cactus_flower", "lizard")


@cache
def _spec(pid: str) -> PieceSpec:
    return load_pieces()[pid]


def _piece(colour: str, form: str) -> PieceSpec:
    return _spec(f"{colour}_{form}")


# -- the pictures (each draws into its rectangle only) ------------------------------------------------------------

def _pieces(specs: Sequence[PieceSpec], surface: pygame.Surface, rect: pygame.Rect, overlap: float = 0.0) -> None:
    """``specs`` side by side in ``rect`` (``overlap``: how far each piece reaches over the one before)."""
    n = len(specs)
    size = min(rect.height * 0.9, rect.width / (n - overlap * (n - 1)) * 0.95)
    step = size * (1 - overlap)
    x0 = rect.centerx - step * (n - 1) / 2
    for k, spec in enumerate(specs):
        draw_icon(surface, spec, (x0 + k * step, rect.centery), size)


def _touching(specs: Sequence[PieceSpec], ok: bool, surface: pygame.Surface, rect: pygame.Rect) -> None:
    box = rect.inflate(-rect.width // 8, -rect.height // 8)
    _pieces(specs, surface, box, overlap=0.3)
    mark(surface, rect, ok)


def _on_base(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A piece lying on a cactus's stand, on the ground: a broken rule."""
    ground = pygame.Rect(rect.x, rect.bottom - rect.height // 5, rect.width, rect.height // 5)
    pygame.draw.rect(surface, GROUND, ground)
    pygame.draw.line(surface, GROUND_DARK, ground.topleft, ground.topright, 2)
    w = rect.width * 0.5
    top = ground.top - rect.height * 0.22
    stand = [(rect.centerx - w / 2, top), (rect.centerx + w / 2, top), (rect.centerx + w * 0.4, ground.top),
             (rect.centerx - w * 0.4, ground.top)]
    draw.aa_polygon(surface, BASE_BODY, stand, BASE_EDGE)
    size = rect.height * 0.4
    draw_icon(surface, _piece("blue", "crescent"), (rect.centerx - w * 0.15, top - size * 0.35), size)
    mark(surface, rect, False)


def _cactus(surface: pygame.Surface, rect: pygame.Rect) -> None:
    side = min(rect.width, rect.height * 3 // 2)
    picture = illustration("cactus", (side, side * 2 // 3))
    surface.blit(picture, picture.get_rect(center=rect.center))


def _cacti(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Five cacti in a row: the last piece hangs on the second, so the third (glowing) is the next."""
    step = rect.width / 5
    ground = rect.bottom - rect.height // 6
    pygame.draw.rect(surface, GROUND, pygame.Rect(rect.x, ground, rect.width, rect.bottom - ground))
    for k in range(5):
        cx = rect.x + step * (k + 0.5)
        trunk = pygame.Rect(0, 0, max(6, round(step * 0.3)), round(rect.height * 0.55))
        trunk.midbottom = (round(cx), ground - rect.height // 10)
        stand = pygame.Rect(0, 0, round(step * 0.6), rect.height // 10)
        stand.midtop = trunk.midbottom
        if k == 2:
            draw.rounded_ring(surface, trunk.inflate(10, 10), PALETTE.focus, trunk.width // 2 + 5, 3)
        pygame.draw.rect(surface, BASE_BODY, stand, border_radius=3)
        pygame.draw.rect(surface, PALETTE.cactus, trunk, border_radius=trunk.width // 2)
        pygame.draw.rect(surface, PALETTE.cactus_dark, trunk, 2, border_radius=trunk.width // 2)
    draw_icon(surface, _piece("red", "crescent"), (rect.x + step * 1.5, rect.y + rect.height * 0.3), step * 0.5)
    y = rect.y + rect.height * 0.12
    x0, x1 = rect.x + step * 1.6, rect.x + step * 2.4
    pygame.draw.line(surface, PALETTE.ink_soft, (x0, y), (x1 - 5, y), 2)
    draw.aa_polygon(surface, PALETTE.ink_soft, [(x1, y), (x1 - 8, y - 5), (x1 - 8, y + 5)])


def _die(face: Face | None, surface: pygame.Surface, rect: pygame.Rect) -> None:
    side = min(rect.width, rect.height) - 8
    body = pygame.Rect(0, 0, side, side)
    body.center = rect.center
    if face == Face.COLOUR:
        draw_die(surface, body, face, colour=(201, 72, 59))
    elif face == Face.FORM:
        draw_die(surface, body, face, form=_piece("purple", "hook"))
    else:
        draw_die(surface, body, face)


def _flowers(threes: Sequence[bool], label: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Flower tokens (``threes``: which show their 3-side), then ``label`` (such as "+1") beside them."""
    size = min(rect.height - 6, rect.width // (len(threes) + 1))
    room = draw.font_width(label, max(12, size // 2), bold=True) + 8 if label else 0
    x = rect.x + max(0, (rect.width - size * len(threes) - room) // 2)
    for k, three in enumerate(threes):
        icon = flower_icon(size, three)
        surface.blit(icon, icon.get_rect(midleft=(x + k * size, rect.centery)))
    if label:
        draw.text(surface, label, (x + size * len(threes) + 6, rect.centery), size=max(12, size // 2), bold=True,
                  color=PALETTE.error if label.startswith("−") else PALETTE.ok, anchor="midleft")


def _award(specs: Sequence[PieceSpec], label: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Pieces, then a flower with the award (``label``)."""
    split = rect.width * 2 // 3
    _pieces(specs, surface, pygame.Rect(rect.x, rect.y, split, rect.height))
    _flowers((False,), label, surface, pygame.Rect(rect.x + split, rect.y, rect.width - split, rect.height))


def _hand(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The hand's ring over a cactus arm, and the flower it costs."""
    arm = pygame.Rect(rect.x + rect.width // 10, rect.centery - rect.height // 8, rect.width // 2, rect.height // 4)
    pygame.draw.rect(surface, PALETTE.cactus, arm, border_radius=arm.height // 2)
    pygame.draw.rect(surface, PALETTE.cactus_dark, arm, 2, border_radius=arm.height // 2)
    centre = (arm.right - arm.height // 2, arm.centery)
    radius = arm.height * 0.75
    pygame.draw.circle(surface, PALETTE.error, centre, radius, 3)
    _flowers((False,), "−1", surface, pygame.Rect(arm.right + 12, rect.y, rect.right - arm.right - 12, rect.height))


def _fall(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A piece tumbling to the ground, and the flower it costs."""
    ground = pygame.Rect(rect.x, rect.bottom - rect.height // 6, rect.width * 3 // 5, rect.height // 6)
    pygame.draw.rect(surface, GROUND, ground)
    size = rect.height * 0.36
    spec = _piece("green", "zigzag")
    for k, alpha in enumerate((0.3, 0.6, 1.0)):
        centre = (rect.x + size * 0.6 + k * size * 0.55, rect.y + size * 0.5 + k * (ground.top - rect.y - size) / 2)
        draw_icon(surface, spec, centre, size, dim=alpha < 1)
    _flowers((False,), "−1", surface, pygame.Rect(ground.right + 8, rect.y, rect.right - ground.right - 8,
                                                   rect.height))


def _ends(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The three ways a game ends: no special left, no fitting piece, every flower on its 3-side."""
    third = rect.width // 3
    cells = [pygame.Rect(rect.x + k * third, rect.y, third, rect.height).inflate(-6, -6) for k in range(3)]
    draw.rounded_rect(surface, cells[0], PALETTE.sand_light, 8, PALETTE.sand_dark, 2)
    draw.text(surface, "!!", cells[0].center, size=max(12, cells[0].height // 3), bold=True,
              color=PALETTE.ink_faint, anchor="center")
    _die(Face.FORM, surface, cells[1])
    _flowers((True,), "", surface, cells[2])


def _row(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The row of special pieces: the leftmost is the one !! asks for."""
    _pieces([_spec(pid) for pid in SPECIALS] + [_spec("sun")], surface, rect.inflate(-4, -rect.height // 4))
    cell = min(rect.height, rect.width // 3)
    pygame.draw.rect(surface, PALETTE.focus, pygame.Rect(rect.x + 2, rect.centery - cell // 2, cell, cell), 2,
                     border_radius=8)


# -- the chapters ---------------------------------------------------------------------------------------------------

def chapters() -> list[Chapter]:
    """The book's chapters in the language in use."""
    def tx(key: str) -> str:
        return t(f"rules.cactus.{key}")

    def entry(key: str, picture: Painter | None = None, size: tuple[int, int] = (150, 100)) -> Entry:
        return Entry(tx(f"{key}.text"), tx(f"{key}.head"), picture, size if picture else (0, 0))

    red, blue = _piece("red", "arch"), _piece("blue", "hook")
    rainbow = [_piece(c, f) for c, f in zip(COLOURS, FORMS, strict=True)]
    return [
        Chapter(tx("turn.title"), [
            entry("goal", _cactus, (180, 120)),
            entry("roll", partial(_die, None), (90, 90)),
            entry("take", partial(_pieces, [_piece("yellow", f) for f in FORMS[:3]]), (150, 70)),
            entry("hang", _cacti, (180, 90)),
            entry("first", partial(_pieces, [_piece("green", "fork")]), (90, 70)),
        ]),
        Chapter(tx("die.title"), [
            entry("colour", partial(_die, Face.COLOUR), (90, 90)),
            entry("form", partial(_die, Face.FORM), (90, 90)),
            entry("special", partial(_die, Face.SPECIAL), (90, 90)),
            entry("row", _row, (160, 70)),
            entry("faces"),
        ]),
        Chapter(tx("touch.title"), [
            entry("colours", partial(_touching, [red, _piece("red", "fork")], False), (150, 90)),
            entry("forms", partial(_touching, [red, _piece("green", "arch")], False), (150, 90)),
            entry("specials", partial(_touching, [_spec(SPECIALS[0]), _spec(SPECIALS[1])], True), (150, 90)),
            entry("base", _on_base, (150, 90)),
            entry("mixed", partial(_touching, [red, blue], True), (150, 90)),
            entry("target"),
        ]),
        Chapter(tx("penalty.title"), [
            entry("hand", _hand, (160, 80)),
            entry("knock", _fall, (160, 80)),
            entry("own_fall"),
            entry("zero"),
        ]),
        Chapter(tx("flowers.title"), [
            entry("tokens", partial(_flowers, (False, True), ""), (120, 60)),
            entry("colour3", partial(_award, [_piece("blue", f) for f in FORMS[:3]], "+1"), (200, 60)),
            entry("form3", partial(_award, [_piece(c, "crescent") for c in COLOURS[:3]], "+1"), (200, 60)),
            entry("rainbow", partial(_award, rainbow, "+2"), (200, 60)),
            entry("add_up"),
            entry("strict"),
        ]),
        Chapter(tx("end.title"), [
            entry("ends", _ends, (210, 70)),
            entry("winner", partial(_flowers, (True, True, False), ""), (150, 60)),
        ]),
    ]


def rules_scene() -> RulesBook:
    """The Cactus rules book."""
    return RulesBook(lambda: t("cactus.title"), chapters)


navigation.register("rules", rules_scene)

__all__ = ["chapters", "rules_scene"]
