"""Generate assets/pieces.json and assets/cacti.json from parametric outlines.

This is where the shipped outlines came from. ``python -m tools.make_assets OUT_DIR`` writes both files into
OUT_DIR; writing over the shipped ``assets/`` files needs ``--force``, because the shape editor tunes them by
hand and a regeneration would throw those edits away.
All sizes are millimetres, y up.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from physics.geometry import Point

COLOURS = {
    "red": "#c9483b",
    "yellow": "#e6b52e",
    "green": "#4f9a4a",
    "blue": "#3f6fb5",
    "purple": "#8a4fa3",
}


def arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int) -> list[Point]:
    """n+1 points on a circle from angle a0 to a1 (degrees, either direction), both ends included."""
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * k / n))) for k in range(n + 1)]


def mirror(right_half: Sequence[Point]) -> list[Point]:
    """A symmetric outline from its right half (top centre to bottom centre, both on x = 0)."""
    left = [(-x, y) for x, y in reversed(right_half[1:-1])]
    return [*right_half, *left]


def band(centre: Sequence[Point], half: Sequence[float] | float, *, round_end: bool = True,
         round_start: bool = False) -> list[Point]:
    """A thick polyline as one outline (mitred joins), optionally with round caps."""
    n = len(centre)
    hw = [float(half)] * n if isinstance(half, (int, float)) else [float(h) for h in half]
    normals: list[Point] = []
    for k in range(n):
        if k == 0:
            dx, dy = centre[1][0] - centre[0][0], centre[1][1] - centre[0][1]
            ln = math.hypot(dx, dy)
            normals.append((-dy / ln, dx / ln))
            continue
        if k == n - 1:
            dx, dy = centre[k][0] - centre[k - 1][0], centre[k][1] - centre[k - 1][1]
            ln = math.hypot(dx, dy)
            normals.append((-dy / ln, dx / ln))
            continue
        d1x, d1y = centre[k][0] - centre[k - 1][0], centre[k][1] - centre[k - 1][1]
        d2x, d2y = centre[k + 1][0] - centre[k][0], centre[k + 1][1] - centre[k][1]
        l1, l2 = math.hypot(d1x, d1y), math.hypot(d2x, d2y)
        n1 = (-d1y / l1, d1x / l1)
        n2 = (-d2y / l2, d2x / l2)
        mx, my = n1[0] + n2[0], n1[1] + n2[1]
        ml = math.hypot(mx, my)
        mx, my = mx / ml, my / ml
        scale = 1.0 / max(0.3, mx * n1[0] + my * n1[1])  # mitre length
        normals.append((mx * scale, my * scale))
    left = [(c[0] + nx * w, c[1] + ny * w) for c, (nx, ny), w in zip(centre, normals, hw)]
    right = [(c[0] - nx * w, c[1] - ny * w) for c, (nx, ny), w in zip(centre, normals, hw)]
    out: list[Point] = list(right)
    if round_end:
        ex, ey = centre[-1]
        nx, ny = normals[-1]
        base = math.degrees(math.atan2(-ny, -nx))
        out += arc(ex, ey, hw[-1], base, base + 180, 8)[1:-1]
    out += list(reversed(left))
    if round_start:
        sx, sy = centre[0]
        nx, ny = normals[0]
        base = math.degrees(math.atan2(ny, nx))
        out += arc(sx, sy, hw[0], base, base + 180, 8)[1:-1]
    return out


def scale(points: Sequence[Point], f: float) -> list[Point]:
    return [(x * f, y * f) for x, y in points]


# --------------------------------------------------------------------------- basic forms

def form_arch() -> list[Point]:
    """An inverted U: sits astride an arm tip."""
    return [(23.0, 0.0), *arc(0, 14, 23, 0, 180, 9), (-23.0, 0.0), (-12.0, 0.0),
            *arc(0, 14, 12, 180, 0, 6), (12.0, 0.0)]


def form_hook() -> list[Point]:
    """A shepherd's crook: a stem with a ring-shaped hook at the top."""
    cx, cy = 10.0, 12.0
    upright = [(-9.0, -24.0), (0.0, -24.0), (0.0, cy), *arc(cx, cy, 10, 180, -40, 7)[1:],
               *arc(cx, cy, 19, -40, 180, 9)[:-1], (-9.0, cy)]
    return [(-y, x) for x, y in upright]  # lying down: the bar below, the crook curling up on the left


def form_crescent() -> list[Point]:
    """A crescent moon with its horns pointing down."""
    return [*arc(0, 0, 25, -35, 215, 11), *arc(0, -7, 17, 215, -35, 9)]


def form_fork() -> list[Point]:
    """An inverted Y: a short stem on two spread legs."""
    return [*arc(0, 26, 5, 0, 180, 6), (-5.0, 12.0), (-25.0, -18.0), (-17.0, -24.0), (0.0, -4.0),
            (17.0, -24.0), (25.0, -18.0), (5.0, 12.0)]


def form_zigzag() -> list[Point]:
    """A thick Z: two bars joined by a diagonal, with a notch on each side."""
    z = [(-24, -24), (24, -24), (24, -14), (-6, -14), (24, 14), (24, 24), (-24, 24), (-24, 14), (6, 14),
         (-24, -14)]
    return scale([(float(x), float(y)) for x, y in z], 0.92)


FORMS = {
    "arch": form_arch,
    "hook": form_hook,
    "crescent": form_crescent,
    "fork": form_fork,
    "zigzag": form_zigzag,
}


# --------------------------------------------------------------------------- specials

def cow_skull() -> list[Point]:
    horn_c = [(9.0, 11.0), (16.0, 13.0), (22.0, 17.0), (26.0, 23.0), (27.0, 30.0)]
    horn_w = [3.5, 3.2, 2.6, 1.8, 0.9]
    horn = band(horn_c, horn_w, round_end=False)
    # band() returns right side (below) forward then left side (above) back; we need the upper edge
    # going out and the lower edge coming back.
    k = len(horn_c)
    lower, upper = horn[:k], horn[k:][::-1]
    right = [(0.0, 13.0), (6.0, 13.5), *upper[1:], *reversed(lower[1:]),
             (12.0, 6.0), (12.5, 1.0), (9.5, -4.0), (8.0, -12.0), (7.0, -20.0), (4.0, -25.0), (0.0, -26.0)]
    return mirror(right)


def snake() -> list[Point]:
    centre: list[Point] = []
    half: list[float] = []
    steps = 24
    for k in range(steps + 1):
        x = -26.0 + 48.0 * k / steps
        centre.append((x, 7.0 * math.sin(2 * math.pi * (x + 26.0) / 44.0)))
        t = k / steps
        half.append(1.0 + 4.0 * min(1.0, t * 4.0) + (2.0 * (t - 0.85) / 0.15 if t > 0.85 else 0.0))
    return band(centre, half, round_end=True)


def cowboy_boot() -> list[Point]:
    return [(-16.0, 30.0), (5.0, 30.0), (3.0, 27.0), (4.0, 8.0), (10.0, 3.0), (18.0, 0.0), (25.0, -4.0),
            (29.0, -9.0), (27.0, -12.0), (6.0, -12.0), (2.0, -8.0), (-4.0, -8.0), (-5.0, -15.0),
            (-15.0, -15.0), (-16.0, -6.0), (-17.0, 6.0), (-15.0, 18.0), (-17.0, 27.0)]


def sun() -> list[Point]:
    pts: list[Point] = []
    rays = 8
    for k in range(rays):
        a = 90.0 + 360.0 * k / rays
        pts.append((25.0 * math.cos(math.radians(a)), 25.0 * math.sin(math.radians(a))))
        for off in (12.0, 22.5, 33.0):
            b = math.radians(a + off)
            pts.append((14.0 * math.cos(b), 14.0 * math.sin(b)))
    return pts


def scorpion() -> list[Point]:
    right = [(0.0, 11.0), (3.0, 12.0), (5.0, 16.0), (6.0, 22.0), (7.0, 30.0), (9.0, 25.0), (12.0, 31.0),
             (15.0, 25.0), (14.0, 19.0), (10.0, 13.0), (8.0, 9.0),
             (14.0, 9.0), (16.0, 6.0), (15.0, 5.0), (8.0, 5.0),
             (15.0, 2.0), (17.0, -2.0), (16.0, -3.0), (8.0, 0.0),
             (14.0, -5.0), (15.0, -9.0), (14.0, -10.0), (7.0, -5.0),
             (5.0, -10.0), (3.0, -12.0), (3.0, -28.0), (5.0, -31.0), (2.0, -34.0), (0.0, -34.0)]
    return scale(mirror(right), 0.88)


def lizard() -> list[Point]:
    right = [(0.0, 30.0), (3.0, 29.0), (5.0, 25.0), (4.0, 21.0), (6.0, 17.0),
             (12.0, 19.0), (14.0, 23.0), (16.0, 22.0), (14.0, 17.0), (8.0, 13.0),
             (7.0, 6.0), (7.0, -2.0),
             (12.0, -1.0), (16.0, -5.0), (17.0, -9.0), (15.0, -9.0), (12.0, -5.0), (6.0, -8.0),
             (3.0, -14.0), (2.0, -24.0), (1.0, -32.0), (0.0, -34.0)]
    return [(y, -x) for x, y in scale(mirror(right), 0.88)]  # walking to the right


def pot() -> list[Point]:
    right = [(0.0, 22.0), (13.0, 22.0), (13.0, 19.0), (8.0, 17.0), (8.0, 14.0), (15.0, 8.0), (17.0, 0.0),
             (15.0, -9.0), (10.0, -16.0), (11.0, -19.0), (0.0, -19.0)]
    return mirror(right)


def feather() -> list[Point]:
    pts = [(1.0, -32.0), (1.0, -20.0), (8.0, -14.0), (11.0, -5.0), (8.0, -3.0), (12.0, 2.0), (12.0, 10.0),
           (9.0, 12.0), (11.0, 17.0), (7.0, 25.0), (2.0, 31.0), (-3.0, 28.0), (-8.0, 20.0), (-9.0, 10.0),
           (-7.0, 8.0), (-10.0, 2.0), (-9.0, -8.0), (-6.0, -15.0), (-1.0, -20.0), (-1.0, -32.0)]
    return scale(pts, 0.88)


def cactus_flower() -> list[Point]:
    pts: list[Point] = []
    n = 50
    for k in range(n):
        a = 2 * math.pi * k / n + math.pi / 2
        r = 16.0 + 8.0 * math.cos(5 * (a - math.pi / 2))
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts


def horseshoe() -> list[Point]:
    return [*arc(0, 3, 23, -40, 220, 12), *arc(0, 3, 13, 220, -40, 9)]


SPECIALS: list[tuple[str, str, object]] = [
    ("cactus_flower", "red", cactus_flower),
    ("cowboy_boot", "red", cowboy_boot),
    ("sun", "yellow", sun),
    ("scorpion", "yellow", scorpion),
    ("lizard", "green", lizard),
    ("snake", "green", snake),
    ("pot", "blue", pot),
    ("horseshoe", "blue", horseshoe),
    ("cow_skull", "purple", cow_skull),
    ("feather", "purple", feather),
]


def _r(points: Sequence[Point]) -> list[list[float]]:
    return [[round(x, 2), round(y, 2)] for x, y in points]


def pieces_document() -> dict[str, object]:
    pieces: list[dict[str, object]] = []
    for colour in COLOURS:
        for form in FORMS:
            pieces.append({"id": f"{colour}_{form}", "kind": "basic", "colour": colour, "form": form})
    for pid, colour, fn in SPECIALS:
        assert callable(fn)
        pieces.append({"id": pid, "kind": "special", "colour": colour, "outline": _r(fn())})
    return {
        "format": "cactus-pieces/1",
        "units": "mm, y up",
        "colours": COLOURS,
        "default": {"density": 0.0024, "friction": 0.8, "elasticity": 0.05},
        "forms": {name: _r(fn()) for name, fn in FORMS.items()},
        "pieces": pieces,
    }


# --------------------------------------------------------------------------- cacti

BASE_HEIGHT = 26.0
ARM_HALF = 9.0


def trunk(width: float, height: float) -> list[Point]:
    w = width / 2
    right = [(0.0, height - 6.0), (w - 8.0, height), (w - 3.0, height - 1.5), (w, height - 7.0),
             (w, BASE_HEIGHT), (0.0, BASE_HEIGHT)]
    return mirror(right)


def arm(side: int, trunk_width: float, height: float, out: float, up: float, rise: float = 0.0,
        lean: float = 0.0) -> list[Point]:
    """An L-shaped arm leaving the trunk at `height`: out `out` mm (rising `rise` degrees), then up `up` mm
    leaning `lean` degrees outward; side = +1 right, -1 left."""
    x0 = trunk_width / 2 - 6.0
    p0 = (x0, height)
    p1 = (x0 + out * math.cos(math.radians(rise)), height + out * math.sin(math.radians(rise)))
    p2 = (p1[0] + up * math.sin(math.radians(lean)), p1[1] + up * math.cos(math.radians(lean)))
    pts = band([p0, p1, p2], ARM_HALF, round_end=True)
    if side < 0:
        pts = [(-x, y) for x, y in reversed(pts)]
    return pts


def base() -> list[Point]:
    return [(-65.0, 0.0), (65.0, 0.0), (56.0, BASE_HEIGHT), (-56.0, BASE_HEIGHT)]


CACTI = [
    # name, trunk width, trunk height, arms (side, height, out, up, rise, lean)
    ("saguaro", 38.0, 250.0, [(1, 110.0, 45.0, 70.0, 0.0, 0.0), (-1, 150.0, 40.0, 55.0, 0.0, 0.0)]),
    ("candelabra", 40.0, 290.0, [(-1, 90.0, 50.0, 90.0, 10.0, 15.0), (1, 170.0, 35.0, 50.0, 0.0, 0.0)]),
    ("elbow", 36.0, 230.0, [(1, 80.0, 55.0, 75.0, 20.0, 5.0), (-1, 125.0, 32.0, 40.0, 0.0, 10.0)]),
    ("trident", 40.0, 270.0, [(-1, 70.0, 45.0, 60.0, 0.0, 0.0), (1, 120.0, 50.0, 80.0, 5.0, 0.0),
                              (-1, 190.0, 30.0, 40.0, 25.0, 0.0)]),
    ("twin", 38.0, 240.0, [(-1, 130.0, 40.0, 60.0, 0.0, 20.0), (1, 130.0, 40.0, 60.0, 0.0, 20.0)]),
]

PITCH = 320.0
TABLE_WIDTH = 1700.0
TABLE_HEIGHT = 600.0


def cacti_document() -> dict[str, object]:
    cacti: list[dict[str, object]] = []
    first = TABLE_WIDTH / 2 - 2 * PITCH
    for k, (name, width, height, arms) in enumerate(CACTI):
        cacti.append({
            "name": name,
            "x": first + k * PITCH,
            "base": _r(base()),
            "trunk": _r(trunk(width, height)),
            "arms": [_r(arm(*a[:1], width, *a[1:])) for a in arms],
        })
    return {
        "format": "cactus-cacti/1",
        "units": "mm, y up; outlines relative to the ground point below the cactus centre",
        "table": {"width": TABLE_WIDTH, "height": TABLE_HEIGHT},
        "cacti": cacti,
    }


def dumps(doc: object) -> str:
    """JSON with each outline on one line."""
    text = json.dumps(doc, indent=1)
    num = r"-?[0-9][0-9.eE+-]*"
    text = re.sub(rf"\[\s*({num}),\s*({num})\s*\]", r"[\1, \2]", text)
    pair = rf"\[{num}, {num}\]"
    return re.sub(rf"\[\s*({pair}(?:,\s*{pair})*)\s*\]",
                  lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text)


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tools.make_assets",
                                     description="Generate pieces.json and cacti.json from parametric outlines.")
    parser.add_argument("out", type=Path, help="the folder to write into")
    parser.add_argument("--force", action="store_true", help="allow overwriting existing files")
    args = parser.parse_args(argv)
    out: Path = args.out
    existing = [out / name for name in ("pieces.json", "cacti.json") if (out / name).exists()]
    if existing and not args.force:
        parser.exit(2, f"{', '.join(str(p) for p in existing)} exists; add --force to overwrite\n")
    out.mkdir(parents=True, exist_ok=True)
    for name, doc in (("pieces.json", pieces_document()), ("cacti.json", cacti_document())):
        (out / name).write_text(dumps(doc) + "\n", encoding="utf-8")
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
