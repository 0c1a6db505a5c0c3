"""What the server needs of one table of one room (:class:`RoomTable`), whatever the room.

The server (:mod:`game.net.server.table_server`) owns the connections, the tokens, the rate limits, the saving and the
timers; a table owns one game and decides everything about it. A table is pure: no sockets, no files, no
clock, no pygame. Every call either changes the game and returns what to send, or raises
:class:`TableError` and changes nothing.

Seats are numbered 0..n-1. ``Delivery`` is ``(audience, message)``: ``audience`` is a seat number, or
:data:`SPECTATORS` (every watcher of the table). The server sends each message only to the connections that
hold that audience now; a seat that is not connected simply misses it (it gets the whole state when it joins
again, through :meth:`RoomTable.join`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

#: The audience of every spectator of a table.
SPECTATORS = -1
#: The audience of the connections (seats and spectators alike) that asked for the table's bodies as they stand
#: (``"bodies": true`` in their join or watch): a client that draws without a physics engine of its own.
BODY_WATCHERS = -2

Delivery = tuple[int, dict[str, Any]]

#: The error codes of docs/design.md (``{"type": "error", "code": ...}``), and the server's own.
ERROR_CODES = ("illegal", "not_your_turn", "bad_token", "bad_message", "no_table", "table_full", "rate_limited",
               "too_big", "table_over", "already_seated", "not_over", "no_replay")


class TableError(Exception):
    """A message that the table refuses; the game is unchanged. ``message`` never names a hidden card."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        #: More fields of the error message (``already_seated``: the ``seat`` that person holds).
        self.extra = extra

    def reply(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, **self.extra, "message": self.message}


class RoomTable(Protocol):
    """One table of one room, as the server drives it."""

    #: "artischocken" or "cactus".
    room: str
    #: Per seat: "remote" (a person over the wire) or a bot kind.
    seats: list[str]
    #: The ``create`` gave the seed: its creator can know the deal (or the rolls); said to every seat.
    seeded: bool

    def join(self, seat: int | None) -> list[Delivery]:
        """Seat ``seat`` (or a spectator, None) connects or reconnects: what it is sent at once (its whole
        state)."""
        ...

    def act(self, seat: int, message: Mapping[str, Any]) -> list[Delivery]:
        """A message from seat ``seat`` (already checked to be a JSON object of at most 64 KiB with a str
        ``type``): apply it, or raise :class:`TableError`. Returns what to send to whom."""
        ...

    def bot_due(self) -> bool:
        """True while a bot seat decides now (the server then calls :meth:`bot_move`, off its event loop)."""
        ...

    def bot_move(self) -> list[Delivery]:
        """One decision of the bot whose turn it is."""
        ...

    def seat_to_bot(self, seat: int, kind: str) -> list[Delivery]:
        """A dropped seat that timed out (or was given up) is played by a bot of ``kind`` from now on; a seat a
        bot plays already stays the bot's (a return on the way is called off)."""
        ...

    def whose_turn(self) -> int | None:
        """The seat that decides now (None once the game is over)."""
        ...

    def overdue(self) -> list[Delivery]:
        """The seat that decides now has taken longer than the server allows for a turn: end the turn the
        room's way (or not at all: [])."""
        ...

    def bot_name(self, seat: int) -> str | None:
        """The game's name of the bot that plays ``seat`` from the start (None: the game names none)."""
        ...

    def listeners(self, spectators: bool, bodies: bool) -> None:
        """Whether any connection hears the spectators' messages (:data:`SPECTATORS`) and the bodies
        (:data:`BODY_WATCHERS`) now: a table may leave out of its deliveries what nobody hears (a joiner is sent
        its whole state by :meth:`join` in any case). A new or resumed table makes both until told."""
        ...

    def name_seat(self, seat: int, name: str) -> None:
        """The player of ``seat`` goes by ``name`` (where the game shows names: from the next turn start)."""
        ...

    @property
    def is_over(self) -> bool: ...

    def result(self) -> dict[str, Any] | None:
        """Once the game is over: ``{"winners": [seat, ...], "scores": [per seat]}`` (the room's score), else None."""
        ...

    def replay(self, created: str = "") -> dict[str, Any]:
        """The replay document of the finished game (:mod:`game.replay`, hidden cards shown); TableError
        ``not_over`` before the end, ``no_replay`` when the table has no recording."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to resume the table after a server restart (JSON-able)."""
        ...


def seat_number(value: object, seats: int) -> int:
    """``value`` as a seat number of a table of ``seats`` seats, else TableError bad_message."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise TableError("bad_message", f"seat must be a seat number 0..{seats - 1}")
    return value


@runtime_checkable
class DecidesElsewhere(Protocol):
    """A table whose bots' decisions any process can make from the table's save (``serve --bot-worker``):
    ``bot_decide`` gives the decision of the bot that decides now (None when none does), ``bot_apply`` makes it
    (TableError when it is no longer legal)."""

    def bot_decide(self) -> Any: ...

    def bot_apply(self, decision: object) -> list[Delivery]: ...


@runtime_checkable
class MakesBotInput(Protocol):
    """A table whose bots' moves are kept as the entries they made (Cactus: its bot's search is not all in the
    save): ``bot_input`` makes those entries again, as the bot of ``seat`` made them."""

    def bot_input(self, seat: int, batches: list[list[Any]]) -> list[Delivery]: ...


__all__ = ["BODY_WATCHERS", "DecidesElsewhere", "Delivery", "ERROR_CODES", "MakesBotInput", "RoomTable", "SPECTATORS",
           "TableError", "seat_number"]
