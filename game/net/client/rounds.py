"""Asking again and again in a thread of its own (no pygame): the lobby's look-outs (the servers that answer
``hello``, the tables of "Your tables") each run one round of asking every few seconds, and the window reads what
they learnt without waiting.

:class:`Rounds` calls ``round()`` every ``every`` seconds while :attr:`Rounds.active`; when a round says that what
it learnt changed (it returns True), ``wake`` is called (in the thread), so an idle window draws the news at
once. :meth:`Rounds.ask_now` starts the next round at once (a request made during a round is not lost: the next
one follows it straight away); :meth:`Rounds.close` ends the thread after the round under way, which can look at
:attr:`Rounds.stopping` to end early.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable


class Rounds:
    """Runs ``round`` again every ``every`` seconds in a thread named ``name`` (see the module text). ``start``
    False: no thread (tests run rounds by hand)."""

    def __init__(self, name: str, round: Callable[[], bool], every: float, *,
                 wake: Callable[[], None] | None = None, start: bool = True) -> None:
        self.round = round
        self.every = every
        self.wake = wake
        #: Asking at all (off while a table is open over the lobby: nobody reads the news then).
        self.active = True
        self._stop = threading.Event()
        self._asked = threading.Event()
        self._thread: threading.Thread | None = None
        if start:
            self._thread = threading.Thread(target=self._run, name=name, daemon=True)
            self._thread.start()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def ask_now(self) -> None:
        """Ask again at once (and from now on, when asking was off)."""
        self.active = True
        self._asked.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._asked.clear()  # before the round: a request made during it starts the next one at once
            if self.active and self.round() and self.wake is not None and not self._stop.is_set():
                with contextlib.suppress(Exception):  # a window that is gone: nothing to wake
                    self.wake()
            self._asked.wait(self.every)

    def close(self) -> None:
        self._stop.set()
        self._asked.set()


class AsksInRounds:
    """A look-out that asks through its :attr:`rounds`: asking on or off, and closing."""

    rounds: Rounds

    @property
    def active(self) -> bool:
        """Asking at all (off while a table is open over the lobby: nobody reads the news then)."""
        return self.rounds.active

    @active.setter
    def active(self, value: bool) -> None:
        self.rounds.active = value

    def close(self) -> None:
        self.rounds.close()


__all__ = ["AsksInRounds", "Rounds"]
