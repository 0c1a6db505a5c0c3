"""One seat's window on a game of Artischocken (pure: no pygame, no files, no clock).

A scene sees a game only through a session (docs/design.md, layer 5): the seat's view, its legal actions, its
view of the log, and whether it may take its last decision back. A local game, a replay and a remote table
are implementations of the same surface, so a scene cannot tell them apart and can never show what its seat
may not know (A-G2).

``SeatSession(game, seat)`` is the local one: it wraps an in-process :class:`~game.artischocken.Game`.
Several sessions may share one game (a hot-seat table holds one per seat); each only ever acts for its seat.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.artischocken.engine import Action, Game, IllegalAction


class Session(Protocol):
    """What a table scene needs of a seat's window on a game (local, replayed or remote)."""

    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def log_size(self) -> int: ...
    def view(self) -> dict[str, Any]: ...
    def legal_actions(self) -> list[Action]: ...
    def apply(self, action: Action) -> None: ...
    def log(self, since: int = 0) -> list[dict[str, Any]]: ...
    def why_unplayable(self, card: str) -> str | None: ...
    def can_undo(self) -> bool: ...
    def undo(self) -> None: ...


class SeatSession:
    """Seat ``seat``'s window on a local game.

    ``undoable``: this seat's decisions go onto the game's move stack (``Game.push``) so that the seat can take
    them back with :meth:`undo`, until a hidden card is revealed or chance is used; otherwise (bots) they are
    applied for good (``Game.apply``, which also empties the stack).
    """

    __slots__ = ("_game", "_seat", "undoable", "last_hidden")

    def __init__(self, game: Game, seat: int, *, undoable: bool = False) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ValueError(f"seat must be a seat number 0..{game.players - 1}, got {seat!r}")
        self._game = game
        self._seat = seat
        self.undoable = undoable
        #: Whether this seat's last action revealed hidden information, used chance or ended its decisions
        #: (so it cannot be taken back); None before its first action.
        self.last_hidden: bool | None = None

    # -- the contract (docs/design.md) -----------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self._seat

    def view(self) -> dict[str, Any]:
        """Everything this seat may know (``Game.view(seat)``), log included."""
        return self._game.view(self._seat)

    def table_view(self) -> dict[str, Any]:
        """The view without the log (what a frame needs; the log comes through :meth:`log`)."""
        return self._game.view(self._seat, log=False)

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions; [] while another seat decides or once the game is over."""
        if self._game.current_player != self._seat:
            return []
        return self._game.legal_actions()

    def apply(self, action: Action) -> None:
        """Carry out ``action`` for this seat; IllegalAction (game unchanged) when it is not this seat's decision
        or not legal."""
        game = self._game
        actor = game.current_player
        if actor != self._seat:
            who = "the game is over" if actor is None else f"seat {actor} decides now"
            raise IllegalAction(f"seat {self._seat} cannot act: {who}")
        if self.undoable:
            self.last_hidden = not game.push(action)
        else:
            game.apply(action)
            self.last_hidden = True

    def log(self, since: int = 0) -> list[dict[str, Any]]:
        """This seat's view of the event log, entries ``since``..end (hidden cards redacted)."""
        return self._game.log_view(self._seat, since)

    # -- what a table needs besides ---------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self._game.players

    @property
    def current_player(self) -> int | None:
        return self._game.current_player

    @property
    def is_over(self) -> bool:
        return self._game.is_over

    @property
    def winner(self) -> int | None:
        return self._game.winner

    @property
    def log_size(self) -> int:
        """A mark: :meth:`log` from here on gives the entries that come after now."""
        return self._game.log_size

    def why_unplayable(self, card: str) -> str | None:
        """None when this seat may play ``card`` now, else the engine's reason id (``UNPLAYABLE_REASONS``)."""
        return self._game.why_unplayable(card, self._seat)

    def can_undo(self) -> bool:
        """True when this seat decides now and its last decision of this turn can still be taken back."""
        return bool(self._game.undo_stack) and self._game.current_player == self._seat

    def undo(self) -> None:
        """Take back this seat's last decision; IllegalAction when that is not possible."""
        if not self.can_undo():
            raise IllegalAction(f"seat {self._seat} has nothing to take back")
        self._game.pop()


def sessions_for(game: Game, humans: set[int] | frozenset[int] = frozenset()) -> list[SeatSession]:
    """One session per seat of ``game``; the seats in ``humans`` may take their decisions back."""
    return [SeatSession(game, s, undoable=s in humans) for s in range(game.players)]


__all__ = ["SeatSession", "Session", "sessions_for"]
