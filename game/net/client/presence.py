"""Who is at a remote table: the server's ``presence`` message on the client, and the plain words for it.

The server sends ``presence`` right after a join and whenever a seat's presence changes (docs/design.md, "Remote
play"): for every seat its name (or null), how it was set up (``kind``: a person over the network, or a bot from
the start) and its ``state``: here, away (``bot_in``: seconds until a bot plays it, or null), bot, waiting (nobody
has sat down there yet) or returning (back, a bot finishes the running turn).

:func:`parse` reads one message defensively: anything that is not exactly that shape (a hostile server, a broken
message) gives None and is ignored, never an exception. :class:`PresenceBoard` keeps the last good one and when it
arrived, so that the time until a bot takes a seat counts down here between two messages. The caller hands in the
time (``now``, seconds on any clock that goes on while the table is covered): no clock here. :func:`seat_lines`
turns a board into what a strip shows, one :class:`SeatLine` per seat, in plain words. No pygame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.i18n import t

KINDS = ("remote", "bot")
STATES = ("here", "away", "bot", "waiting", "returning")
#: More seats than any table has: a longer list is not a table's presence.
MAX_SEATS = 16
#: A name longer than a player name may be is cut to this.
MAX_NAME = 24
#: A wait longer than a day is not a seat timeout: shown as no countdown at all.
MAX_WAIT = 24 * 3600.0


@dataclass(frozen=True)
class SeatPresence:
    """One seat's entry of a presence message."""

    seat: int
    name: str | None
    kind: str
    state: str
    bot_in: float | None = None


@dataclass(frozen=True)
class Presence:
    """A checked presence message: the table's code and its seats' entries, by seat."""

    table: str
    seats: tuple[SeatPresence, ...]

    def get(self, seat: int | None) -> SeatPresence | None:
        return next((entry for entry in self.seats if entry.seat == seat), None)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _name(value: object) -> str | None:
    """A seat's name as it may be shown: printable, spaces folded, at most :data:`MAX_NAME` characters."""
    if not isinstance(value, str):
        return None
    kept = "".join(c if c.isprintable() else " " if c.isspace() else "" for c in value)
    text = " ".join(kept.split())[:MAX_NAME].strip()
    return text or None


def _entry(item: object) -> SeatPresence | None:
    if not isinstance(item, dict):
        return None
    seat, name, kind, state, bot_in = (item.get(k) for k in ("seat", "name", "kind", "state", "bot_in"))
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_SEATS:
        return None
    if kind not in KINDS or state not in STATES or (name is not None and not isinstance(name, str)):
        return None
    if bot_in is not None and not (_number(bot_in) and math.isfinite(bot_in) and bot_in >= 0):
        return None
    wait = float(bot_in) if bot_in is not None and bot_in <= MAX_WAIT else None
    return SeatPresence(seat, _name(name), str(kind), str(state), wait)


def parse(message: object) -> Presence | None:
    """The presence ``message`` says, or None when it is not a well-formed presence message (ignored whole)."""
    if not isinstance(message, dict) or message.get("type") != "presence":
        return None
    table, items = message.get("table"), message.get("seats")
    if not isinstance(table, str) or not isinstance(items, list) or not 0 < len(items) <= MAX_SEATS:
        return None
    entries = [_entry(item) for item in items]
    seats = [e for e in entries if e is not None]
    if len(seats) != len(items) or len({e.seat for e in seats}) != len(seats):
        return None
    return Presence(table, tuple(sorted(seats, key=lambda e: e.seat)))


def _code(table: str) -> str:
    """A table code as compared: its letters and digits, upper case (however it was written)."""
    return "".join(c for c in table if c.isalnum()).upper()


class PresenceBoard:
    """The last good presence of one table (``table``: its code; "" takes any) and when it arrived."""

    def __init__(self, table: str = "") -> None:
        self.table = table
        self.current: Presence | None = None
        #: When :attr:`current` arrived (None until a clock stamped it: see :meth:`stamp`).
        self.received: float | None = None
        #: How many presence messages were taken (a scene compares it to notice news).
        self.changes = 0

    def receive(self, message: object, now: float | None = None) -> bool:
        """Take ``message`` if it is a good presence of this table (True); anything else is ignored (False).
        ``now``: the time it arrived; None leaves it to the next :meth:`stamp` (a caller without a clock)."""
        presence = parse(message)
        if presence is None or (self.table and _code(presence.table) != _code(self.table)):
            return False
        self.current = presence
        self.received = now
        self.changes += 1
        return True

    def stamp(self, now: float) -> None:
        """A presence taken without a time counts from ``now``, the first time a clock sees it."""
        if self.current is not None and self.received is None:
            self.received = now

    def get(self, seat: int | None) -> SeatPresence | None:
        return self.current.get(seat) if self.current is not None else None

    def bot_in(self, seat: int, now: float) -> float | None:
        """Seconds left until a bot plays ``seat`` (0 at the latest), None when no bot is due for it."""
        entry = self.get(seat)
        if entry is None or entry.bot_in is None:
            return None
        since = max(0.0, now - self.received) if self.received is not None else 0.0
        return max(0.0, entry.bot_in - since)

    def name(self, seat: int) -> str | None:
        entry = self.get(seat)
        return entry.name if entry is not None else None


@dataclass(frozen=True)
class SeatLine:
    """One seat as a presence strip shows it: its name, whether it is this player's, its state (``tone``: ok,
    away, bot, wait or none, for a colour), the state in words and in a few words (where room is short)."""

    seat: int
    name: str
    you: bool
    tone: str
    text: str
    short: str = ""


def clock(seconds: float) -> str:
    """``seconds`` as a countdown reads: 1:42 (rounded up, so 0:00 only when the time is up)."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def seat_name(board: PresenceBoard, seat: int, game_names: Sequence[str] = (), default: str = "") -> str:
    """The name to show for ``seat``: the one presence gives, else the game's, else ``default`` (e.g. "Player 2")."""
    name = board.name(seat)
    if name:
        return name
    if 0 <= seat < len(game_names) and game_names[seat]:
        return game_names[seat]
    return default or t("presence.player", n=seat + 1)


def state_words(entry: SeatPresence | None, left: float | None) -> tuple[str, str, dict[str, str]]:
    """(tone, the state's key under ``presence.`` and ``presence.short.``, its values) for a seat in ``entry``'s
    state; ``left``: seconds until a bot plays it (away)."""
    if entry is None:  # a seat the server did not name: nothing to say about it
        return "none", "", {}
    if entry.kind == "bot":
        return "bot", "bot", {}
    if entry.state == "here":
        return "ok", "here", {}
    if entry.state == "away":
        if left is None:
            return "away", "away", {}
        return ("away", "away_now", {}) if left <= 0 else ("away", "away_bot_in", {"time": clock(left)})
    if entry.state == "bot":
        return "bot", "taken", {}
    return "wait", "waiting" if entry.state == "waiting" else "returning", {}


def seat_lines(board: PresenceBoard, now: float, players: int, me: int | None,
               game_names: Sequence[str] = ()) -> list[SeatLine]:
    """Every seat of a table of ``players`` as a strip shows it (``me``: this player's seat, None: watching);
    empty until a presence arrived."""
    if board.current is None:
        return []
    lines = []
    for seat in range(players):
        name = seat_name(board, seat, game_names)
        tone, key, values = state_words(board.get(seat), board.bot_in(seat, now))
        text = t(f"presence.{key}", name=name, **values) if key else ""
        short = t(f"presence.short.{key}", **values) if key else ""
        lines.append(SeatLine(seat, name, seat == me, tone, text, short))
    return lines


def turn_words(board: PresenceBoard, seat: int | None, name: str, now: float) -> str | None:
    """What to say while it is ``seat``'s turn and nobody plays it from there (away, waiting, a bot plays it or
    finishes the turn); None when its player is at the table (or a bot seat from the start plays)."""
    entry = board.get(seat)
    if seat is None or entry is None or entry.kind == "bot":
        return None
    if entry.state == "away":
        left = board.bot_in(seat, now)
        if left is None:
            return t("presence.turn.away", name=name)
        return t("presence.turn.away_bot_in", name=name, time=clock(left)) if left > 0 else \
            t("presence.turn.away_now", name=name)
    if entry.state == "bot":
        return t("presence.turn.taken", name=name)
    if entry.state == "waiting":
        return t("presence.turn.waiting", name=name)
    if entry.state == "returning":
        return t("presence.turn.returning", name=name)
    return None


def not_seated(board: PresenceBoard, me: int | None, game_names: Sequence[str] = ()) -> list[str]:
    """The names of the people who have not sat down at the table yet (this player aside)."""
    current = board.current
    if current is None:
        return []
    return [seat_name(board, e.seat, game_names) for e in current.seats
            if e.seat != me and e.kind == "remote" and e.state == "waiting"]


__all__ = ["KINDS", "MAX_NAME", "MAX_SEATS", "MAX_WAIT", "STATES", "Presence", "PresenceBoard", "SeatLine",
           "SeatPresence", "clock", "not_seated", "parse", "seat_lines", "seat_name", "state_words", "turn_words"]
