"""Giving a seat up, as a table scene follows it (no pygame): ``resign`` sent, then the server's answer.

Both remote tables ask twice and then send ``resign`` (docs/design.md); what comes back decides what the scene
does: the server's ``resigned`` (the seat is a bot's now: the scene calls its ``on_resign`` and leaves), an
error (the server refused: the seat stays the player's, said in a dialog) or a connection that is gone before
the answer (said the same way; the seat stays the player's until the server hears otherwise).
:class:`Resignation` keeps that state in one place for both rooms.
"""

from __future__ import annotations

from game.i18n import t


class Resignation:
    """One seat's giving up, from the message sent to its outcome (see the module text)."""

    def __init__(self) -> None:
        #: Sent, and not answered yet (the scene says so while it waits).
        self.waiting = False
        self.done = False

    def sent(self) -> None:
        self.waiting = True

    def check(self, *, resigned: bool, refused: str | None, connected: bool) -> tuple[str, str] | None:
        """What became of it: ``("done", "")`` once the server confirmed (also when the confirmation comes after
        a failure was said), ``("failed", words)`` once when it was refused or the connection went before the
        answer, else None."""
        if resigned:
            if self.done:
                return None
            self.done, self.waiting = True, False
            return "done", ""
        if not self.waiting:
            return None
        if refused is not None:
            self.waiting = False
            return "failed", t("presence.resign.failed", detail=refused)
        if not connected:
            self.waiting = False
            return "failed", t("presence.resign.lost")
        return None


__all__ = ["Resignation"]
