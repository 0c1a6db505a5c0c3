"""Artischocken cards drawn with pygame primitives: one illustration per vegetable, a face and a back.

Every illustration is painted on a 100 x 100 design canvas, supersampled and scaled down smoothly (so all
edges are anti-aliased), then set on a card face with the card's name and rule text in the current language
(``describe.card_name`` / ``describe.card_short``: the one source of both, ``artischocken.json``; the table shows the
full ``describe.card_rule`` of a hovered card in a detail panel).
Faces and backs are cached per (card, size, language).

Secrecy instrumentation: :func:`draw_face` is the only way the table draws a card face up. When
:data:`RECORDER` is a list, each call appends ``(card, zone)`` where ``zone`` names where the card lies
(``("hand", seat)``, ``("row", None)``, ...). Tests use it to prove that no other seat's hand card is ever
drawn face up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from game import i18n
from game.artischocken.describe import card_name, card_short
from game.ui import draw, paint
from game.ui.fonts import font
from game.ui.theme import PALETTE, Color, lerp, shade

Zone = tuple[str, int | None]
Painter = Callable[[pygame.Surface, float], None]

#: When a list, every face-up card drawn is appended as (card, zone). None in normal play.
RECORDER: list[tuple[str, Zone]] | None = None

#: The card's proportions (width : height) like a real playing card.
RATIO = 1.42

#: A tint per card: (band, light background of the picture).
TINTS: dict[str, tuple[Color, Color]] = {
    "artichoke": (PALETTE.artichoke, (228, 240, 218)),
    "eggplant": ((118, 72, 140), (238, 228, 242)),
    "broccoli": ((52, 118, 64), (226, 240, 222)),
    "peas": ((110, 170, 70), (234, 244, 218)),
    "carrot": ((222, 120, 40), (252, 236, 214)),
    "potato": ((170, 128, 80), (244, 232, 210)),
    "leek": ((96, 150, 96), (232, 242, 226)),
    "corn": ((214, 170, 40), (252, 242, 206)),
    "pepper": ((200, 60, 48), (250, 228, 220)),
    "beet": ((150, 40, 80), (244, 224, 232)),
    "onion": ((196, 140, 70), (248, 234, 214)),
    "rhubarb": ((196, 70, 100), (248, 226, 232)),
}


# -- painting helpers (design units, scaled by s): game.ui.paint, plus shapes of the vegetables ---------
def _leaf(cx: float, cy: float, length: float, width: float, angle: float, n: int = 16) -> list[tuple[float, float]]:
    """A pointed leaf from (cx, cy) along ``angle`` (radians, 0 = right, screen y down)."""
    pts = []
    ca, sa = math.cos(angle), math.sin(angle)
    for i in range(n + 1):
        t = i / n
        w = math.sin(math.pi * t) * width / 2
        pts.append((t * length, w))
    for i in range(n, -1, -1):
        t = i / n
        w = math.sin(math.pi * t) * width / 2
        pts.append((t * length, -w))
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]


def _blob(cx: float, cy: float, rx: float, ry: float, wobble: list[float], n: int = 36) -> list[tuple[float, float]]:
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        k = 1 + sum(w * math.sin((j + 2) * a + j) for j, w in enumerate(wobble))
        pts.append((cx + rx * k * math.cos(a), cy + ry * k * math.sin(a)))
    return pts


LEAF = (84, 150, 70)
LEAF_DARK = (46, 98, 50)


# -- the vegetables -----------------------------------------------------------------------------------------
def paint_artichoke(surf: pygame.Surface, s: float) -> None:
    from game.ui.illustrations import artichoke_painter

    artichoke_painter(surf, 50, 44, 62, s)


def paint_eggplant(surf: pygame.Surface, s: float) -> None:
    body, dark = (112, 62, 138), (70, 34, 92)
    pts = [(50 + 26 * math.cos(a) * (0.72 + 0.38 * (math.sin(a) + 1) / 2), 58 + 34 * math.sin(a))
           for a in (2 * math.pi * i / 40 for i in range(40))]
    rot = math.radians(-18)
    pts = [(50 + (x - 50) * math.cos(rot) - (y - 58) * math.sin(rot), 58 + (x - 50) * math.sin(rot)
            + (y - 58) * math.cos(rot)) for x, y in pts]
    paint.poly(surf, body, pts, s, dark, 2)
    paint.ellipse(surf, shade(body, 0.35), 40, 58, 5, 14, s)
    calyx = [(38, 28), (46, 20), (50, 30), (58, 18), (62, 30), (72, 26), (64, 36), (50, 38), (40, 36)]
    paint.poly(surf, LEAF, calyx, s, LEAF_DARK, 1.4)
    paint.line(surf, LEAF_DARK, (56, 22), (62, 8), s, 4)


def paint_broccoli(surf: pygame.Surface, s: float) -> None:
    paint.poly(surf, (150, 190, 110), [(42, 56), (58, 56), (62, 92), (38, 92)], s, (96, 130, 70), 1.5)
    paint.line(surf, (120, 160, 90), (50, 60), (50, 90), s, 2)
    florets = [(50, 30, 15), (34, 38, 13), (66, 38, 13), (40, 52, 12), (60, 52, 12), (24, 50, 10), (76, 50, 10),
               (50, 46, 13)]
    for x, y, r in florets:
        paint.circle(surf, (38, 104, 56), x, y, r + 1.5, s)
    for x, y, r in florets:
        paint.circle(surf, (62, 134, 70), x, y, r, s)
        for k in range(5):
            a = k * 2 * math.pi / 5 + x
            paint.circle(surf, (86, 156, 84), x + r * 0.5 * math.cos(a), y + r * 0.5 * math.sin(a), r * 0.22, s)


def paint_peas(surf: pygame.Surface, s: float) -> None:
    pod = _leaf(12, 62, 78, 34, math.radians(-20))
    paint.poly(surf, (120, 180, 80), pod, s, (70, 120, 50), 2)
    inner = _leaf(18, 58, 66, 22, math.radians(-20))
    paint.poly(surf, (176, 214, 120), inner, s)
    for i in range(5):
        t = 0.2 + i * 0.15
        x = 18 + 66 * t * math.cos(math.radians(-20))
        y = 58 + 66 * t * math.sin(math.radians(-20))
        paint.circle(surf, (70, 140, 56), x, y, 6.2, s)
        paint.circle(surf, (120, 184, 90), x - 1.5, y - 1.5, 2.4, s)
    paint.line(surf, LEAF_DARK, (12, 62), (6, 72), s, 3)


def paint_carrot(surf: pygame.Surface, s: float) -> None:
    for ang, ln in ((-110, 30), (-80, 34), (-60, 28), (-130, 24)):
        paint.poly(surf, LEAF, _leaf(56, 30, ln, 10, math.radians(ang)), s, LEAF_DARK, 1.2)
    body = [(42, 30), (70, 30), (74, 36), (52, 94), (46, 90), (38, 38)]
    body = [(x - 2, y) for x, y in body]
    paint.poly(surf, (236, 128, 40), body, s, (176, 80, 24), 2)
    for y in (44, 56, 68, 80):
        paint.line(surf, (196, 96, 30), (44 + (y - 40) * 0.1, y), (52 + (y - 40) * 0.1, y + 2), s, 1.5)


def paint_potato(surf: pygame.Surface, s: float) -> None:
    pts = _blob(50, 56, 36, 26, [0.05, 0.04, 0.03])
    paint.poly(surf, (196, 156, 98), pts, s, (132, 96, 56), 2)
    paint.ellipse(surf, (214, 178, 120), 42, 50, 16, 9, s)
    for x, y in ((34, 48), (60, 44), (56, 66), (38, 64), (70, 58)):
        paint.ellipse(surf, (132, 96, 56), x, y, 2.6, 1.6, s)


def paint_leek(surf: pygame.Surface, s: float) -> None:
    rot = math.radians(20)

    def r(p: tuple[float, float]) -> tuple[float, float]:
        x, y = p[0] - 50, p[1] - 50
        return (50 + x * math.cos(rot) - y * math.sin(rot), 50 + x * math.sin(rot) + y * math.cos(rot))

    for ang, ln in ((-120, 40), (-95, 46), (-70, 40)):
        leaf = _leaf(50, 40, ln, 14, math.radians(ang))
        paint.poly(surf, (70, 130, 70), [r(p) for p in leaf], s, LEAF_DARK, 1.2)
    stalk = [(42, 36), (58, 36), (58, 84), (42, 84)]
    paint.poly(surf, (238, 240, 222), [r(p) for p in stalk], s, (150, 160, 130), 1.6)
    paint.poly(surf, (176, 208, 130), [r(p) for p in [(42, 36), (58, 36), (58, 52), (42, 52)]], s)
    for x in (46, 50, 54):
        paint.line(surf, (150, 160, 130), r((x, 86)), r((x + (x - 50) * 0.6, 94)), s, 1.2)


def paint_corn(surf: pygame.Surface, s: float) -> None:
    cob = _leaf(50, 90, 80, 30, math.radians(-90), 20)
    paint.poly(surf, (240, 200, 60), cob, s, (190, 140, 30), 1.6)
    for row in range(9):
        y = 80 - row * 7.5
        half = 13 * math.sin(math.pi * (90 - y) / 80)
        for k in range(-2, 3):
            x = 50 + k * half / 2.6
            paint.ellipse(surf, (250, 222, 100), x, y, 2.4, 2.6, s)
    paint.poly(surf, (110, 170, 80), [(50, 92), (26, 40), (34, 44), (52, 84)], s, LEAF_DARK, 1.3)
    paint.poly(surf, (96, 156, 70), [(50, 92), (76, 36), (68, 42), (48, 84)], s, LEAF_DARK, 1.3)


def _chaikin(outline: Sequence[tuple[float, float]], rounds: int = 3) -> list[tuple[float, float]]:
    """A closed outline with its corners cut smooth (Chaikin's algorithm)."""
    points = list(outline)
    for _ in range(rounds):
        out = []
        for i, (x0, y0) in enumerate(points):
            x1, y1 = points[(i + 1) % len(points)]
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        points = out
    return points


def paint_pepper(surf: pygame.Surface, s: float) -> None:
    """A bell pepper: square shoulders, three lobes at the bottom, a thick green stem."""
    body, dark = (214, 56, 44), (150, 30, 26)
    outline = [(24, 34), (38, 27), (50, 31), (62, 27), (76, 34), (82, 50), (78, 72), (72, 88), (61, 84), (50, 92),
               (39, 84), (28, 88), (22, 72), (18, 50)]
    paint.poly(surf, body, _chaikin(outline), s, dark, 2)
    for x0, x1 in ((38, 40), (62, 60)):
        paint.line(surf, shade(body, -0.22), (x0, 34), (x1, 84), s, 1.6)
    paint.poly(surf, shade(body, 0.35), _chaikin([(27, 42), (33, 38), (34, 62), (29, 70), (25, 58)]), s)
    paint.poly(surf, LEAF, _chaikin([(38, 30), (50, 24), (62, 30), (56, 35), (44, 35)]), s, LEAF_DARK, 1.2)
    stem = _chaikin([(47, 28), (53, 28), (56, 16), (63, 10), (60, 7), (50, 14)], 2)
    paint.poly(surf, (72, 130, 60), stem, s, LEAF_DARK, 1.2)


def paint_beet(surf: pygame.Surface, s: float) -> None:
    for ang, ln in ((-115, 34), (-90, 40), (-65, 34)):
        paint.line(surf, (170, 40, 80), (50, 40), (50 + ln * 0.7 * math.cos(math.radians(ang)),
                                              40 + ln * 0.7 * math.sin(math.radians(ang))), s, 2)
        paint.poly(surf, (70, 140, 70), _leaf(50 + ln * 0.4 * math.cos(math.radians(ang)),
                                         40 + ln * 0.4 * math.sin(math.radians(ang)), ln * 0.7, 14,
                                         math.radians(ang)), s, LEAF_DARK, 1.2)
    pts = []
    for i in range(48):
        a = 2 * math.pi * i / 48
        r = 24
        x, y = 50 + r * math.cos(a), 62 + r * math.sin(a)
        if math.sin(a) > 0:
            y += (math.sin(a) ** 6) * 22  # the tapering root tip
            x -= (math.sin(a) ** 6) * (x - 50) * 0.9
        pts.append((x, y))
    paint.poly(surf, (146, 32, 72), pts, s, (96, 18, 46), 2)
    paint.ellipse(surf, (178, 62, 102), 42, 56, 7, 10, s)


def paint_onion(surf: pygame.Surface, s: float) -> None:
    pts = []
    for i in range(48):
        a = 2 * math.pi * i / 48
        x, y = 50 + 30 * math.cos(a), 60 + 28 * math.sin(a)
        if math.sin(a) < 0:
            y -= (math.sin(a) ** 4) * 18
            x -= (math.sin(a) ** 4) * (x - 50) * 0.85
        pts.append((x, y))
    paint.poly(surf, (214, 156, 76), pts, s, (150, 96, 40), 2)
    for dx in (-16, -6, 6, 16):
        paint.line(surf, (176, 118, 54), (50 + dx * 0.3, 22), (50 + dx, 80), s, 1.2)
    paint.ellipse(surf, (236, 190, 120), 40, 54, 6, 12, s)
    for dx in (-6, -2, 2, 6):
        paint.line(surf, (160, 140, 110), (50, 88), (50 + dx * 1.4, 95), s, 1.2)
    paint.line(surf, (150, 120, 60), (50, 22), (53, 10), s, 2.4)


def paint_rhubarb(surf: pygame.Surface, s: float) -> None:
    big = _blob(50, 30, 34, 22, [0.08, 0.06, 0.05])
    paint.poly(surf, (90, 156, 74), big, s, LEAF_DARK, 1.6)
    for ang in (-160, -120, -60, -20):
        a = math.radians(ang)
        paint.line(surf, (60, 120, 56), (50, 38), (50 + 28 * math.cos(a), 38 + 20 * math.sin(a)), s, 1.2)
    for dx, col in ((-10, (200, 60, 90)), (0, (220, 80, 104)), (10, (186, 52, 82))):
        stalk = [(50 + dx - 4, 40), (50 + dx + 4, 40), (50 + dx * 1.6 + 4, 94), (50 + dx * 1.6 - 4, 94)]
        paint.poly(surf, col, stalk, s,
                   shade(col, -0.3), 1.2)


PAINTERS: dict[str, Painter] = {
    "artichoke": paint_artichoke, "eggplant": paint_eggplant, "broccoli": paint_broccoli, "peas": paint_peas,
    "carrot": paint_carrot, "potato": paint_potato, "leek": paint_leek, "corn": paint_corn,
    "pepper": paint_pepper, "beet": paint_beet, "onion": paint_onion, "rhubarb": paint_rhubarb,
}


@lru_cache(maxsize=256)
def illustration(card: str, size: int) -> pygame.Surface:
    """The vegetable ``card`` painted into a ``size`` x ``size`` square (supersampled, anti-aliased)."""
    painter = PAINTERS.get(card, paint_artichoke)

    def paint(big: pygame.Surface, factor: float) -> None:
        painter(big, factor * size / 100.0)

    return draw.supersampled((size, size), paint, factor=3)


# -- faces and backs ---------------------------------------------------------------------------------------
def radius_for(width: int) -> int:
    return max(4, width // 12)


@lru_cache(maxsize=512)
def face(card: str, size: tuple[int, int], lang: str) -> pygame.Surface:
    """A card face at ``size``: picture, name band and (when large enough) the rule text."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    band, light = TINTS.get(card, TINTS["artichoke"])
    r = radius_for(w)
    draw.rounded_rect(surf, surf.get_rect(), PALETTE.paper, r, shade(band, -0.25), max(1, w // 60))
    pad = max(3, w // 16)
    detailed = w >= 100
    size_px = _name_px(w, lang)
    lines = _name_lines(card, w, lang, size_px) if size_px is not None else []
    name_h = max(12, round(w * (0.16 if detailed else 0.2))) if lines else max(4, w // 10)
    if len(lines) > 1 and size_px is not None:  # a long name on a small face: two lines, the band grows
        name_h = max(name_h, len(lines) * font(size_px, bold=True).get_linesize() + 2)
    art_h = round(h * _art_share(size, lang)) if detailed else h - name_h - 3 * pad
    art_rect = pygame.Rect(pad, pad, w - 2 * pad, art_h)
    draw.rounded_rect(surf, art_rect, light, max(3, r - 2))
    side = min(art_rect.width, art_rect.height) - 2
    pic = illustration(card, max(8, side))
    surf.blit(pic, pic.get_rect(center=art_rect.center))
    band_rect = pygame.Rect(pad, art_rect.bottom + max(2, pad // 2), w - 2 * pad, name_h)
    draw.rounded_rect(surf, band_rect, band, max(3, name_h // 3))
    if lines and size_px is not None:
        fnt = font(size_px, bold=True)
        top = band_rect.centery - len(lines) * fnt.get_linesize() // 2
        for i, line in enumerate(lines):
            label = fnt.render(line, True, PALETTE.paper)
            surf.blit(label, label.get_rect(midtop=(band_rect.centerx, top + i * fnt.get_linesize())))
    if detailed:
        _fit_text(surf, card_short(card, lang), _rule_box(size, lang), lang)
    return surf


def _name_room(width: int) -> int:
    return width - 2 * max(3, width // 16) - 4


def _two_lines(card: str, lang: str) -> list[str]:
    """The name split where the language breaks it (``Arti-|schocke``: the catalogue's ``.two_lines``)."""
    return i18n.t(f"artischocken.card.{card}.two_lines", lang).split("|")


def _name_lines(card: str, width: int, lang: str, size_px: int) -> list[str]:
    """The name on a face ``width`` wide at ``size_px``: one line when it fits, else its two-line form."""
    name = card_name(card, lang)
    if font(size_px, bold=True).size(name)[0] <= _name_room(width):
        return [name]
    return _two_lines(card, lang)


@lru_cache(maxsize=64)
def _name_px(width: int, lang: str) -> int | None:
    """One size for the names on faces ``width`` wide: the largest (up to the band's) at which every name fits,
    on one line or, on a small face, on the two lines its language breaks it into (German names are long: a
    small discard's "Artischocke" must still be read). None when some name would not fit even so at 8 px: then
    faces this small carry a plain colour band and no names at all (the picture tells the card; the table's
    detail panel names it)."""
    name_h = max(12, round(width * (0.16 if width >= 100 else 0.2)))
    room = _name_room(width)
    for size_px in range(max(9, round(name_h * 0.62)), 7, -1):
        fnt = font(size_px, bold=True)
        if all(fnt.size(card_name(c, lang))[0] <= room or (
                width < 100 and all(fnt.size(part)[0] <= room for part in _two_lines(c, lang))) for c in PAINTERS):
            return size_px
    return None


def _rule_box(size: tuple[int, int], lang: str) -> pygame.Rect:
    """Where a detailed face (width >= 100) prints its short rule: under the picture and the name band."""
    w, h = size
    pad = max(3, w // 16)
    gap = max(2, pad // 2)
    name_h = max(12, round(w * 0.16))
    band_bottom = pad + round(h * _art_share(size, lang)) + gap + name_h
    return pygame.Rect(pad + 1, band_bottom + gap, w - 2 * pad - 2, h - band_bottom - pad - gap)


def rule_px(size: tuple[int, int], lang: str) -> int | None:
    """The text size of the short rule on a face of ``size`` (None: too small a face to carry a rule)."""
    return _rule_px(_rule_box(size, lang).size, lang) if size[0] >= 100 else None


@lru_cache(maxsize=64)
def _art_share(size: tuple[int, int], lang: str) -> float:
    """How much of a detailed card the picture takes: as much as lets every rule text fit readably."""
    w, h = size
    pad = max(3, w // 16)
    gap = max(2, pad // 2)
    name_h = max(12, round(w * 0.16))
    min_px = max(11, min(13, w // 9))
    for frac in (0.5, 0.46, 0.42, 0.38, 0.34):
        room = h - (pad + round(h * frac) + gap + name_h + gap) - pad
        if all(_fits(card_short(c, lang), w - 2 * pad - 2, room, min_px) for c in PAINTERS):
            return frac
    return 0.34


def _fits(content: str, width: int, height: int, size_px: int) -> bool:
    fnt = font(size_px)
    return len(draw.wrap_text(content, fnt, width)) * (fnt.get_linesize() - 1) <= height


@lru_cache(maxsize=64)
def _rule_px(box: tuple[int, int], lang: str) -> int:
    """One text size for every card's rule at this size: the largest at which all of them fit."""
    for size_px in range(max(8, min(15, box[0] // 7)), 7, -1):
        if all(_fits(card_short(c, lang), box[0], box[1], size_px) for c in PAINTERS):
            return size_px
    return 8


def _fit_text(surf: pygame.Surface, content: str, box: pygame.Rect, lang: str) -> None:
    """The rule text centred in ``box`` at the common size of this card size."""
    fnt = font(_rule_px(box.size, lang))
    line_h = fnt.get_linesize() - 1
    lines = draw.wrap_text(content, fnt, box.width)
    y = box.top + max(0, (box.height - len(lines) * line_h) // 2 - 2)
    for line in lines:
        if y + line_h > box.bottom + 2:
            break
        image = fnt.render(line, True, PALETTE.ink_soft)
        surf.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += line_h


@lru_cache(maxsize=64)
def back(size: tuple[int, int]) -> pygame.Surface:
    """The card back: deep artichoke green with a sand frame and a small artichoke emblem."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = radius_for(w)
    draw.rounded_rect(surf, surf.get_rect(), PALETTE.artichoke_dark, r, shade(PALETTE.artichoke_dark, -0.35),
                      max(1, w // 50))
    inset = max(3, w // 14)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)

    def paint(big: pygame.Surface, factor: float) -> None:
        iw, ih = big.get_size()
        step = max(4, round(iw / 7))
        for k in range(-ih, iw + ih, step):
            pygame.draw.line(big, shade(PALETTE.artichoke_dark, 0.12), (k, 0), (k + ih, ih), max(1, round(factor)))
            pygame.draw.line(big, shade(PALETTE.artichoke_dark, 0.12), (k + ih, 0), (k, ih), max(1, round(factor)))

    pattern = draw.supersampled(inner.size, paint, factor=2)
    surf.blit(pattern, inner.topleft)
    draw.rounded_ring(surf, inner, PALETTE.sand_dark, max(3, r - inset // 2), max(1, w // 40))
    emblem = max(10, round(w * 0.46))
    disc = pygame.Rect(0, 0, emblem, emblem)
    disc.center = inner.center
    pygame.draw.circle(surf, lerp(PALETTE.artichoke_dark, PALETTE.sand, 0.85), disc.center, emblem // 2)
    pic = illustration("artichoke", max(8, round(emblem * 0.9)))
    surf.blit(pic, pic.get_rect(center=(disc.centerx, disc.centery + 1)))
    return surf


def draw_face(surface: pygame.Surface, card: str, rect: pygame.Rect, zone: Zone, *, lang: str | None = None,
              angle: float = 0.0, alpha: int = 255, record: bool = True) -> None:
    """Draw ``card`` face up in ``rect`` (recorded in :data:`RECORDER` with its ``zone``, unless ``record`` is
    False: a caller that keeps painted frames records what each frame shows itself, see :func:`shown`)."""
    if record:
        shown(card, zone)
    language = lang or i18n.get_language()
    image = _turned_face(card, rect.size, language, round(angle, 1)) if angle else face(card, rect.size, language)
    _blit(surface, image, rect, 0.0, alpha)


def shown(card: str, zone: Zone) -> None:
    """``card`` is on screen face up in ``zone`` this frame (the secrecy tests' :data:`RECORDER`)."""
    if RECORDER is not None:
        RECORDER.append((card, zone))


def draw_back(surface: pygame.Surface, rect: pygame.Rect, *, angle: float = 0.0, alpha: int = 255) -> None:
    image = _turned_back(rect.size, round(angle, 1)) if angle else back(rect.size)
    _blit(surface, image, rect, 0.0, alpha)


@lru_cache(maxsize=256)
def _turned_face(card: str, size: tuple[int, int], lang: str, angle: float) -> pygame.Surface:
    return pygame.transform.rotozoom(face(card, size, lang), angle, 1.0)


@lru_cache(maxsize=128)
def _turned_back(size: tuple[int, int], angle: float) -> pygame.Surface:
    return pygame.transform.rotozoom(back(size), angle, 1.0)


def _blit(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, angle: float, alpha: int) -> None:
    if angle:
        image = pygame.transform.rotozoom(image, angle, 1.0)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, image.get_rect(center=rect.center))


def empty_slot(surface: pygame.Surface, rect: pygame.Rect, label: str = "") -> None:
    """An empty place on the felt: a faint dashed-looking outline with an optional label."""
    draw.rounded_ring(surface, rect, shade(PALETTE.felt, 0.18), radius_for(rect.width), 2)
    if label:
        draw.text(surface, label, rect.center, size=max(10, rect.width // 7), color=shade(PALETTE.felt, 0.35),
                  anchor="center")
