"""The hand (C-X1): grab, drag, turn and let go of one piece at a time, and count the touches of its zone.

The hand drives the world's grip (:mod:`physics.grip`) through the world's public methods only
(``attach_grip``, ``move_grip``, ``turn_grip``, ``detach_grip``, ``grip_point``, ``zone_hits``): the held piece
follows the pointer through force-limited joints, so it pushes what it meets, and the world steps finer while it
moves fast (no tunnelling, :mod:`physics.overlap`). The *hand zone* is a circle of ``ZONE_RADIUS`` around the grip
point on the piece, outside the held piece; whenever it comes to overlap a cactus (trunk or arm, never a base) or
another piece, one :class:`HandTouch` is recorded (checked after every sub-step, in a hook the hand registers with
``World.on_held_substep``). A new touch needs the zone to come free first (by ``ZONE_MARGIN``). The rules learn of the
touches from ``World.hand_touch_count`` / ``Facts.hand_touches``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from physics.geometry import Point

if TYPE_CHECKING:
    from physics.world import World

ZONE_RADIUS = 6.0       # mm around the grip point
ZONE_MARGIN = 1.5       # mm the zone must clear before a new touch counts
EDGE = 5.0              # mm the pointer stays inside the table


@dataclass(frozen=True)
class HandTouch:
    """One touch of the hand zone (C-X1/C-R1): kind is "cactus" (target = cactus index) or "piece"."""

    kind: str
    target: int | str
    time: float


class Hand:
    """Grab, drag, rotate and let go of one piece at a time."""

    def __init__(self, world: World) -> None:
        self._world = world
        self.touch_events: list[HandTouch] = []
        self.touching = False
        world.on_held_substep(self._after_substep)

    @property
    def held(self) -> str | None:
        """The piece in the hand, or None."""
        return self._world.gripped

    # ------------------------------------------------------------------ actions

    def grab(self, piece_id: str, point: tuple[float, float]) -> None:
        """Take hold of a piece at a world point (normally a point on the piece)."""
        w = self._world
        if not w.has_piece(piece_id):
            raise ValueError(f"piece {piece_id!r} is not in the world")
        if self.held is not None:
            self.release()
        w.attach_grip(piece_id, self._clamp(point), (float(point[0]), float(point[1])))
        self.touching = False

    def move_to(self, point: tuple[float, float]) -> None:
        """Move the pointer (the held piece follows through the joint)."""
        if self.held is None:
            return
        self._world.move_grip(self._clamp(point))

    def rotate(self, delta: float) -> None:
        """Turn the held piece by ``delta`` radians (counter-clockwise), through the bounded gear."""
        if self.held is None:
            return
        if not math.isfinite(delta):
            raise ValueError("rotation must be finite")
        self._world.turn_grip(float(delta))

    def release(self) -> str | None:
        """Let go; returns the piece id that was held. A piece let go on the ground or outside the table
        falls at once (C-X3)."""
        if self.held is None:
            return None
        self.touching = False
        return self._world.detach_grip()

    # ------------------------------------------------------------------ queries

    @property
    def pointer(self) -> tuple[float, float]:
        return self._world.grip_target

    def grip_world(self) -> tuple[float, float] | None:
        """Where the fingers hold the piece (world), or None when nothing is held."""
        return self._world.grip_point()

    @property
    def touch_count(self) -> int:
        return len(self.touch_events)

    def clear_touches(self) -> None:
        self.touch_events.clear()

    # ------------------------------------------------------------------ internals

    def _clamp(self, point: tuple[float, float]) -> Point:
        x, y = float(point[0]), float(point[1])
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError("pointer position must be finite")
        left, bottom, right, top = self._world.bounds
        return min(max(x, left + EDGE), right - EDGE), min(max(y, bottom), top - EDGE)

    def _after_substep(self) -> None:
        """Check the hand zone once per sub-step (only while holding)."""
        w = self._world
        held = w.gripped
        if held is None:
            return
        centre = w.grip_point()
        if centre is None:
            return
        hits = w.zone_hits(centre, ZONE_RADIUS + ZONE_MARGIN, exclude=held)
        if not hits:
            self.touching = False
            return
        if self.touching:
            return
        best = hits[0]
        if best.distance > ZONE_RADIUS:
            return
        self.touching = True
        self.touch_events.append(HandTouch(best.kind, best.target, w.time))
