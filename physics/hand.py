"""The hand's zone (C-X1): how big it is and what one touch of it records.

The hand itself (:class:`physics.world.Hand`, reached as ``World.hand``) lives beside the world, whose grip it
drives. This module holds what the rules and the drawing need to know of the zone without a world: its radius,
the margin it must clear before a new touch counts, how far inside the table the pointer stays, and
:class:`HandTouch`.
"""

from __future__ import annotations

from dataclasses import dataclass

ZONE_RADIUS = 6.0       # mm around the grip point
ZONE_MARGIN = 1.5       # mm the zone must clear before a new touch counts
EDGE = 5.0              # mm the pointer stays inside the table


@dataclass(frozen=True)
class HandTouch:
    """One touch of the hand zone (C-X1/C-R1): kind is "cactus" (target = cactus index) or "piece"; ``time`` the world
    time it began, ``until`` the world time the zone came free again (None: it still touches)."""

    kind: str
    target: int | str
    time: float
    until: float | None = None

    def lasted(self, now: float) -> float:
        """Seconds the touch has lasted by world time ``now`` (up to its end once it is over)."""
        return (now if self.until is None else self.until) - self.time
