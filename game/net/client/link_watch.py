"""How the link to a table server stands, as a table screen shows it: a pure model (no clock, no sockets).

A remote table screen feeds :class:`LinkWatch` once a frame with the time (``now``, seconds on any clock), the
connection's status (:data:`game.net.client.connection.STATUSES`), whether anything was heard from the server
since the last frame (a message or an answered ping) and the seconds until the next reconnect attempt. It gives
back a :class:`LinkView`: what to show (:data:`SHOWN`), the reconnect countdown (never more than
:data:`RETRY_CAP`), how long the server has been silent, and whether to ask the player (keep waiting, or back to
the lobby: :data:`ASK_AFTER` seconds without contact; once the player chose to wait, not again until the server
is heard from).

:func:`retry_wait` is the wait before each reconnect attempt (1, 2, 4, then 5 s for ever): the connection waits
that long, so a countdown shown never passes :data:`RETRY_CAP`.

What is shown:

- ``connecting``: the first connection is being made (nothing heard yet);
- ``open``: the server answers;
- ``quiet``: the connection looks open but the server has said nothing for :data:`QUIET_AFTER` seconds (its
  pings go unanswered: the connection drops by itself soon);
- ``lost``: the connection dropped: reconnecting (``retry_in``: seconds until the next attempt; 0 while one is
  being made);
- ``gone``: the server closed the connection for good, or could not be reached at all;
- ``closed``: this side closed it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SHOWN = ("connecting", "open", "quiet", "lost", "gone", "closed")
#: The waits before the reconnect attempts after a drop, one after the other (the last repeats for ever).
BACKOFF = (1.0, 2.0, 4.0, 5.0)
#: No reconnect wait is longer than this (seconds).
RETRY_CAP = 5.0
#: Seconds without a word from the server before the link shows as quiet while it looks open.
QUIET_AFTER = 4.0
#: Seconds without contact before the player is asked whether to keep waiting.
ASK_AFTER = 10.0


def retry_wait(attempt: int) -> float:
    """Seconds to wait before reconnect attempt ``attempt`` (0 the first after a drop): never over
    :data:`RETRY_CAP`."""
    return min(RETRY_CAP, BACKOFF[min(max(0, attempt), len(BACKOFF) - 1)])


@dataclass(frozen=True)
class LinkView:
    """What a table screen shows of its link (see the module text)."""

    shown: str
    retry_in: float = 0.0
    silent_for: float = 0.0
    ask: bool = False

    @property
    def live(self) -> bool:
        """What the server said is current (countdowns may tick)."""
        return self.shown == "open"


class LinkWatch:
    """The link's health over time (see the module text); ``ask_after`` and ``quiet_after`` in seconds."""

    def __init__(self, *, ask_after: float = ASK_AFTER, quiet_after: float = QUIET_AFTER) -> None:
        self.ask_after = ask_after
        self.quiet_after = quiet_after
        #: When the server was last heard from (None until the first :meth:`see`, which counts as contact).
        self.contact: float | None = None
        self.now: float | None = None
        self.ever_open = False
        #: The player chose to keep waiting: not asked again until the server is heard from.
        self.kept = False
        self.view = LinkView("connecting")

    def see(self, now: float, status: str, *, heard: bool = False, retry_in: float = 0.0) -> LinkView:
        """The link at ``now`` (a time before the last one, or not a time, counts as the last one)."""
        if not math.isfinite(now):
            if self.now is None:
                return self.view  # no time to count from yet
            now = self.now
        elif self.now is not None and now < self.now:
            now = self.now
        self.now = now
        was_open = self.view.shown in ("open", "quiet")
        answered = heard or (status == "open" and not was_open)  # a message, a ping's answer, or a new connection
        if self.contact is None or answered:
            self.contact = now
        if answered:
            self.kept = False
        silent = max(0.0, now - self.contact)
        if status == "open":
            self.ever_open = True
            shown = "quiet" if silent >= self.quiet_after else "open"
        elif status == "failed":
            shown = "gone"
        elif status == "closed":
            shown = "closed"
        elif status == "connecting" and not self.ever_open:
            shown = "connecting"
        else:  # reconnecting, a new attempt being made, or a status this model does not know
            shown = "lost"
        wait = 0.0
        if shown == "lost" and status == "reconnecting" and math.isfinite(retry_in):
            wait = min(RETRY_CAP, max(0.0, retry_in))
        ask = shown in ("connecting", "quiet", "lost") and silent >= self.ask_after and not self.kept
        self.view = LinkView(shown, wait, silent, ask)
        return self.view

    def keep_waiting(self) -> None:
        """The player chose to keep waiting: the question is not asked again until the server answers."""
        self.kept = True
        self.view = LinkView(self.view.shown, self.view.retry_in, self.view.silent_for, False)


__all__ = ["ASK_AFTER", "BACKOFF", "QUIET_AFTER", "RETRY_CAP", "SHOWN", "LinkView", "LinkWatch", "retry_wait"]
