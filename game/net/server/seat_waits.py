"""The waits of a table's dropped seats (docs/design.md, "Remote play"): a dropped seat waits ``seat_timeout``
seconds for its player before the table's bot plays it.

The waits count only while the table plays: :meth:`SeatWaits.freeze` stops every running wait and keeps what was
left of it, :meth:`SeatWaits.thaw` starts them again with that (a paused table, :mod:`game.net.server.table_life`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping


class SeatWaits:
    """The running or frozen waits of one table's seats, each calling its ``done(seat)`` when it runs out."""

    def __init__(self) -> None:
        self.done: dict[int, Callable[[int], None]] = {}
        self.timers: dict[int, asyncio.TimerHandle] = {}
        #: Frozen waits: seat -> seconds that were left.
        self.frozen: dict[int, float] = {}

    def __contains__(self, seat: int) -> bool:
        return seat in self.timers or seat in self.frozen

    def start(self, seat: int, seconds: float, done: Callable[[int], None], *, frozen: bool) -> None:
        """A wait of ``seconds`` for ``seat`` that calls ``done(seat)`` when it runs out (kept frozen while the
        table stands still)."""
        self.cancel(seat)
        self.done[seat] = done
        if frozen:
            self.frozen[seat] = max(0.0, seconds)
        else:
            self._run(seat, seconds)

    def _run(self, seat: int, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        self.timers[seat] = loop.call_later(max(0.0, seconds), self._over, seat)

    def _over(self, seat: int) -> None:
        self.timers.pop(seat, None)
        done = self.done.pop(seat, None)
        if done is not None:
            done(seat)

    def cancel(self, seat: int) -> None:
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.frozen.pop(seat, None)
        self.done.pop(seat, None)

    def cancel_all(self) -> None:
        for seat in [*self.timers, *self.frozen]:
            self.cancel(seat)

    def freeze(self) -> None:
        """Stop every running wait, keeping what was left of it."""
        now = asyncio.get_running_loop().time()
        for seat, timer in list(self.timers.items()):
            timer.cancel()
            self.frozen[seat] = max(0.0, timer.when() - now)
        self.timers.clear()

    def thaw(self) -> None:
        """Run the frozen waits again, each with what was left of it."""
        frozen, self.frozen = self.frozen, {}
        for seat, left in frozen.items():
            self._run(seat, left)

    def left(self, seat: int) -> float | None:
        """Seconds until ``seat``'s wait runs out (None: it has none)."""
        timer = self.timers.get(seat)
        if timer is not None:
            return max(0.0, timer.when() - asyncio.get_running_loop().time())
        return self.frozen.get(seat)

    def remaining(self) -> Mapping[int, float]:
        """Every wait's seconds left (for the save)."""
        out = {seat: left for seat in [*self.timers, *self.frozen] if (left := self.left(seat)) is not None}
        return dict(sorted(out.items()))


__all__ = ["SeatWaits"]
