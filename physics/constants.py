"""The numbers of the Cactus world: units, stepping, solver tuning, collision categories and types.

Millimetres and seconds, y up, the ground at y = 0. Shared by the world, the grip, the table builder and the
overlap checks, so none of them imports another for a number.
"""

from __future__ import annotations

import pymunk

GRAVITY = 9810.0          # mm/s^2
SUBSTEP = 1.0 / 240.0     # s
ITERATIONS = 25
SLEEP_TIME = 0.5          # s of idling before a body sleeps
IDLE_SPEED = 6.0          # mm/s below which a body counts as idle
COLLISION_SLOP = 0.15     # mm of allowed overlap
#: Share of an overlap left after one second: 20 % of it is corrected every 1/60 s (Chipmunk's default is 10 %),
#: so a piece wedged between an arm and the trunk comes to rest clear of them instead of falling asleep while
#: still a millimetre or two inside.
COLLISION_BIAS = (1.0 - 0.2) ** 60
TOLERANCE = 0.5           # mm: outlines closer than this touch (C-X2)

# Collision categories (ShapeFilter bits).
CAT_GROUND = 1 << 0
CAT_BASE = 1 << 1
CAT_CACTUS = 1 << 2
CAT_PIECE = 1 << 3
CAT_BOUNDS = 1 << 4
CAT_HAND = 1 << 5
ALL_MASK = pymunk.ShapeFilter.ALL_MASKS()

# Collision types.
CT_GROUND = 1
CT_BASE = 2
CT_CACTUS = 3
CT_PIECE = 4
CT_BOUNDS = 5

#: (x, y, angle) of a piece's centre of mass.
Pose = tuple[float, float, float]
