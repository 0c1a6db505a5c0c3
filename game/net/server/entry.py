"""One table of the server and everything around it (:class:`Entry`): its tokens, its seats' connections and
players, its life (:mod:`game.net.server.table_life`) and presence (:mod:`game.net.server.presence`), and what its
save keeps beside the table's own state."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.net import wire
from game.net.server import presence, table_life
from game.net.server.connection import Conn
from game.net.server.room_table import TableError
from game.net.server.seat_waits import SeatWaits
from game.net.server.table_host import TableHandle
from game.net.server.table_life import TableFacts

#: The letters of a table code: no 0/O, 1/I/L or U, so that a code read out or copied by hand is typed right.
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTVWXYZ"


def table_code() -> str:
    """A new table code people can read out: ``K7QX-2M9P`` (eight letters of :data:`CODE_LETTERS`, 39 bits; the
    seats are guarded by their tokens besides)."""
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


@dataclass(eq=False)
class Entry:
    """One table of the server and everything around it."""

    code: str
    table: TableHandle
    #: Remote seat -> sha256 of its token.
    tokens: dict[int, str]
    bot_takeover: bool = True
    #: Seats that were joined at least once (their wait starts when they drop, and again after a restart).
    joined: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seats: dict[int, Conn] = field(default_factory=dict)
    watchers: set[Conn] = field(default_factory=set)
    #: The waits of its dropped seats (frozen while the table stands still).
    waits: SeatWaits = field(default_factory=SeatWaits)
    bot_task: asyncio.Task[None] | None = None
    #: When the game ended (wall-clock ``time.time``, saved: a finished table is kept for a while after it, across
    #: restarts), else None.
    ended_at: float | None = None
    #: When the table was made or resumed (``time.monotonic``).
    born: float = field(default_factory=time.monotonic)
    #: The seat that decides now, and since when (``time.monotonic``; also since its player sat down).
    turn_seat: int | None = None
    turn_since: float = field(default_factory=time.monotonic)
    #: The remote seat kept for the creator (``"hold": true``): never handed out by a claim.
    held: int | None = None
    #: Answers to requests (a claim's ``request`` id hash -> its ``claimed``), kept until that seat is joined.
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Remote seat -> its player's name (``name`` of create, claim or join).
    names: dict[int, str] = field(default_factory=dict)
    #: Seats a connection held at least once (a seat claimed but not sat down at yet is "waiting").
    sat: set[int] = field(default_factory=set)
    #: Seats given up (``resign``): their tokens join no more, a bot plays them.
    resigned: set[int] = field(default_factory=set)
    #: Seats whose player stepped away on purpose (``leave``): a bot plays them until their token joins again.
    left: set[int] = field(default_factory=set)
    #: Remote seat -> its player's id (``player`` of create, claim or join): a person holds one seat per table.
    players: dict[int, str] = field(default_factory=dict)
    #: The seconds left of its seats' waits as saved (until the resumed table starts them again).
    resumed_waits: dict[int, float] = field(default_factory=dict)
    #: The presence last told (:func:`~game.net.server.presence.signature`): told again only when it changes.
    told: tuple[tuple[Any, ...], ...] = ()
    #: Whether any connection hears the spectators' messages, and the bodies, as the table was last told (a
    #: table makes both until told otherwise: :meth:`~game.net.server.room_table.RoomTable.listeners`).
    listening: tuple[bool, bool] = (True, True)

    def listeners(self) -> tuple[bool, bool]:
        """Whether any connection hears the spectators' messages, and the bodies, now."""
        return bool(self.watchers), any(conn.bodies for conn in (*self.seats.values(), *self.watchers))

    def persons(self) -> list[int]:
        """The seats that are a person's (remote seats not given up), whoever plays them now."""
        return [s for s in self.tokens if s not in self.resigned]

    def life(self) -> TableFacts:
        """The facts of the table's life (:mod:`game.net.server.table_life`)."""
        persons = self.persons()
        return TableFacts(over=self.table.is_over, persons=len(persons),
                          unsat=sum(s not in self.sat for s in persons),
                          connected=sum(s in self.seats for s in persons))

    def stands_still(self) -> bool:
        """Whether the table may not play now (nobody at a table of people: see table_life)."""
        return table_life.stands_still(self.life())

    def state(self) -> str:
        return table_life.state_of(self.life())

    def seat_of(self, player: str | None) -> int | None:
        """The seat the person ``player`` holds at this table (not given up), if any."""
        if player is None:
            return None
        return next((s for s, p in sorted(self.players.items()) if p == player and s not in self.resigned), None)

    def presence(self) -> list[dict[str, Any]]:
        """Every seat's entry of a ``presence`` (or ``table``) message now."""
        table = self.table
        out = []
        for seat, kind in enumerate(table.seats):
            person = seat in self.tokens
            out.append(presence.entry(presence.SeatFacts(
                seat, person, self.names.get(seat) if person else table.bot_name(seat), held=seat in self.seats,
                sat=seat in self.sat, bot_now=kind != "remote", over=table.is_over, bot_in=self.waits.left(seat),
                left=seat in self.left, resigned=seat in self.resigned)))
        return out

    def envelope(self) -> dict[str, Any]:
        """What the save keeps of the table beside the table's own state."""
        return {"bot_takeover": self.bot_takeover, "joined": sorted(self.joined), "held": self.held,
                "sat": sorted(self.sat), "resigned": sorted(self.resigned), "left": sorted(self.left),
                "names": {str(s): n for s, n in sorted(self.names.items())},
                "players": {str(s): p for s, p in sorted(self.players.items())},
                "waits": {str(s): round(w, 3) for s, w in self.waits.remaining().items()},
                "ended_at": self.ended_at, "tokens": {str(s): h for s, h in self.tokens.items()}}


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()  # never raises: no token matches


def claimable(entry: Entry) -> list[int]:
    """The seats of ``entry`` a claim could hand out now."""
    table = entry.table
    return presence.claimable(table.seats, entry.tokens, entry.joined, entry.seats, entry.held, table.is_over)


def saved_seats(value: object, tokens: Mapping[int, str]) -> set[int]:
    """A saved list of remote seats (what is not one is left out)."""
    if not isinstance(value, list):
        return set()
    return {s for s in value if isinstance(s, int) and not isinstance(s, bool) and s in tokens}


def saved_players(value: object, tokens: Mapping[int, str]) -> dict[int, str]:
    """The saved player ids of remote seats (what is not one is left out)."""
    if not isinstance(value, Mapping):
        return {}
    out = {}
    for key, player in value.items():
        seat = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else -1
        if seat in tokens and isinstance(player, str) and wire.CODE_PATTERN.fullmatch(player):
            out[seat] = player
    return out


def saved_waits(value: object, tokens: Mapping[int, str]) -> dict[int, float]:
    """The saved seconds left of seats' waits (what is not one is left out)."""
    if not isinstance(value, Mapping):
        return {}
    out = {}
    for key, left in value.items():
        seat = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else -1
        if seat in tokens and isinstance(left, (int, float)) and not isinstance(left, bool) and 0 <= left < 1e9:
            out[seat] = float(left)
    return out


def saved_names(value: object, tokens: Mapping[int, str]) -> dict[int, str]:
    """The saved names of remote seats (what is not a seat's name is left out)."""
    if not isinstance(value, Mapping):
        return {}
    names = {}
    for key, name in value.items():
        seat = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else -1
        try:
            checked = wire.get_name({"name": name})
        except TableError:
            continue
        if seat in tokens and checked is not None:
            names[seat] = checked
    return names


def request_key(message: Mapping[str, Any]) -> str | None:
    """The hash of a message's ``request`` id (None when it has none; bad_message when it is not one)."""
    request = wire.get_request(message)
    return None if request is None else token_hash(request)


__all__ = ["CODE_LETTERS", "Entry", "claimable", "request_key", "saved_names", "saved_players", "saved_seats",
           "saved_waits", "table_code", "token_hash"]
