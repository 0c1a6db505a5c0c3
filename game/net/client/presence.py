"""Who is at a remote table: the server's ``presence`` message on the client, and the plain words for it.

The server sends ``presence`` right after a join and whenever a seat's presence changes (docs/design.md, "Remote
play"): the table's life ``state`` (waiting, playing, paused, over) and for every seat its name (or null), how it
was set up (``kind``: a person over the network, or a bot from the start) and its ``state``: waiting (nobody has sat
down there yet), here, away (dropped; ``bot_in``: seconds until a bot plays it, or null), left (stepped away on
purpose: a bot plays it), bot (a bot plays it), returning (back: theirs from the next turn) or resigned.

:func:`parse` reads one message defensively: anything that is not exactly that shape (a hostile server, a broken
message) gives None and is ignored, never an exception. :class:`PresenceBoard` keeps the last good one and when it
arrived, so that the time until a bot takes a seat counts down here between two messages (not while the table is
paused). The caller hands in the time (``now``, seconds on any clock that goes on while the table is covered): no
clock here.

:func:`seat_words` is the one place a seat's state becomes words: every screen (the At-the-table panel, the
banner, the seat labels, the flowers panel, the top bar, the lobby's list of tables) takes them from it, so no two
screens can say different things about one seat. :func:`seat_lines` and :func:`turn_words` apply it to a board.
While the presence is not live (``live`` False: the link to the server is not open) it is stale: nothing is claimed
of any seat (no "here", no countdown), every seat reads the same grey "not known while the connection is lost"
(:data:`UNKNOWN`), on every screen. No pygame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.i18n import t

KINDS = ("remote", "bot")
STATES = ("waiting", "here", "away", "left", "bot", "returning", "resigned")
#: A table's life: some person's seat never sat at, playing, paused (no person connected: nothing moves), over.
TABLE_STATES = ("waiting", "playing", "paused", "over")
#: Every seat state's words (the keys under ``presence.``): a state, and for ``away`` how its wait stands.
WORD_KEYS = ("waiting", "here", "away", "away_bot_in", "away_now", "left", "bot", "taken", "returning", "resigned",
             "gone")
#: The colour a state is shown in, by its words' key: ok (here), away, bot (a bot plays it), wait.
TONES = {"waiting": "wait", "here": "ok", "away": "away", "away_bot_in": "away", "away_now": "away",
         "left": "bot", "bot": "bot", "taken": "bot", "returning": "wait", "resigned": "bot", "gone": "away"}
#: The words' key (and tone) of any seat while the link is not live: what the server last said may be stale.
UNKNOWN = "unknown"
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
    """A checked presence message: the table's code, its seats' entries by seat, and the table's life state (None
    when the server did not say)."""

    table: str
    seats: tuple[SeatPresence, ...]
    state: str | None = None

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
    """The presence ``message`` says, or None when it is not a well-formed presence message (ignored whole). A
    table ``state`` that is missing gives None there; one that is not a table state makes the message bad."""
    if not isinstance(message, dict) or message.get("type") != "presence":
        return None
    table, items, life = message.get("table"), message.get("seats"), message.get("state")
    if not isinstance(table, str) or not isinstance(items, list) or not 0 < len(items) <= MAX_SEATS:
        return None
    if life is not None and life not in TABLE_STATES:
        return None
    entries = [_entry(item) for item in items]
    seats = [e for e in entries if e is not None]
    if len(seats) != len(items) or len({e.seat for e in seats}) != len(seats):
        return None
    return Presence(table, tuple(sorted(seats, key=lambda e: e.seat)), life if isinstance(life, str) else None)


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

    @property
    def table_state(self) -> str | None:
        """The table's life state as the server last said it (None: not said)."""
        return self.current.state if self.current is not None else None

    def get(self, seat: int | None) -> SeatPresence | None:
        return self.current.get(seat) if self.current is not None else None

    def bot_in(self, seat: int, now: float) -> float | None:
        """Seconds left until a bot plays ``seat`` (0 at the latest), None when no bot is due for it. A paused
        table's waits stand still (the server counts them only while somebody is at the table)."""
        entry = self.get(seat)
        if entry is None or entry.bot_in is None:
            return None
        if self.table_state == "paused":
            return entry.bot_in
        since = max(0.0, now - self.received) if self.received is not None else 0.0
        return max(0.0, entry.bot_in - since)

    def name(self, seat: int) -> str | None:
        entry = self.get(seat)
        return entry.name if entry is not None else None


@dataclass(frozen=True)
class SeatWords:
    """A seat's state in words, for every screen: ``tone`` (ok, away, bot, wait or none: a colour), ``text`` (the
    state, its name shown beside it: "away: a bot plays for them in 1:42"), ``short`` (a few words where room is
    short), ``mark`` (one or two words that never tick, beside a name in a label; "" for a seat whose person is
    here) and ``line`` (a sentence naming the seat, for a banner; the turn's sentence when it is its turn)."""

    tone: str
    text: str
    short: str
    mark: str
    line: str


def clock(seconds: float) -> str:
    """``seconds`` as a countdown reads: 1:42 (rounded up, so 0:00 only when the time is up)."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def word_key(state: str, *, kind: str = "remote", bot_in: float | None = None, over: bool = False) -> str:
    """The key of a seat's words under ``presence.`` (one of :data:`WORD_KEYS`; "" for a state this client does
    not know): a bot seat from the start is a bot's; an away seat says how its wait stands; at a table that is
    ``over`` a person away or gone is only not at the table (nothing waits for them, no bot plays for them)."""
    if kind == "bot":
        return "bot"
    if over and state in ("away", "left"):
        return "gone"
    if state == "away":
        return "away" if bot_in is None else "away_now" if bot_in <= 0 else "away_bot_in"
    if state == "bot":
        return "taken"
    return state if state in WORD_KEYS else ""


def seat_words(state: str, name: str, *, bot_in: float | None = None, you: bool = False, turn: bool = False,
               kind: str = "remote", live: bool = True, over: bool = False) -> SeatWords:
    """The words for a seat in ``state`` (one of :data:`STATES`) named ``name``: ``bot_in``, the seconds until a
    bot plays an away seat (None: no countdown); ``you``: it is this player's seat; ``turn``: it is its turn (the
    ``line`` says so); ``kind``: "bot" for a bot seat from the start. Without ``live`` (the link is not open) the
    state is not known: the same grey words for every seat, whatever it was (tone :data:`UNKNOWN`, no mark)."""
    if not live:  # what the server last said may be stale: claim nothing (a person "here" may be gone)
        return SeatWords(UNKNOWN, t("presence.unknown"), t("presence.short.unknown"), "",
                         t("presence.line.unknown", name=name))
    key = word_key(state, kind=kind, bot_in=bot_in, over=over)
    if not key:
        return SeatWords("none", "", "", "", "")
    values = {"name": name, "time": clock(bot_in) if bot_in is not None else ""}
    who = "you." if you else ""
    line = t(f"presence.{'turn' if turn else 'line'}.{who}{key}", **values)
    return SeatWords(TONES[key], t(f"presence.{who}{key}", **values), t(f"presence.short.{key}", **values),
                     "" if key == "here" else t(f"presence.mark.{key}"), line)  # a person here needs no mark


@dataclass(frozen=True)
class SeatLine:
    """One seat as a presence strip shows it: its name, whether it is this player's, and its
    :class:`SeatWords` (``tone``, ``text``, ``short``, ``mark``, ``line``)."""

    seat: int
    name: str
    you: bool
    tone: str
    text: str
    short: str = ""
    mark: str = ""
    line: str = ""


def seat_name(board: PresenceBoard, seat: int, game_names: Sequence[str] = (), default: str = "") -> str:
    """The name to show for ``seat``: the one presence gives, else the game's, else ``default`` (e.g. "Player 2")."""
    name = board.name(seat)
    if name:
        return name
    if 0 <= seat < len(game_names) and game_names[seat]:
        return game_names[seat]
    return default or t("presence.player", n=seat + 1)


def board_words(board: PresenceBoard, seat: int, name: str, now: float, *, live: bool = True, you: bool = False,
                turn: bool = False) -> SeatWords:
    """:func:`seat_words` for ``seat`` as ``board`` tells it at ``now``; without ``live`` (the link is not open)
    the seat's state is not known."""
    entry = board.get(seat)
    if entry is None:  # a seat the server did not name: nothing to say about it
        return SeatWords("none", "", "", "", "")
    left = board.bot_in(seat, now) if live else None
    over = board.table_state == "over"
    return seat_words(entry.state, name, bot_in=left, you=you, turn=turn, kind=entry.kind, live=live, over=over)


def seat_lines(board: PresenceBoard, now: float, players: int, me: int | None,
               game_names: Sequence[str] = (), *, live: bool = True, turn: int | None = None) -> list[SeatLine]:
    """Every seat of a table of ``players`` as a strip shows it (``me``: this player's seat, None: watching;
    ``turn``: the seat whose turn it is); empty until a presence arrived. Without ``live`` every seat's state
    reads as not known."""
    if board.current is None:
        return []
    lines = []
    for seat in range(players):
        name = seat_name(board, seat, game_names)
        words = board_words(board, seat, name, now, live=live, you=seat == me, turn=seat == turn)
        lines.append(SeatLine(seat, name, seat == me, words.tone, words.text, words.short, words.mark, words.line))
    return lines


def turn_words(board: PresenceBoard, seat: int | None, name: str, now: float, *, live: bool = True,
               you: bool = False) -> str | None:
    """What to say while it is ``seat``'s turn and nobody plays it from there (away, waiting, left, a bot plays it
    or finishes it); None when its player is at the table (or a bot seat from the start plays), and while the
    presence is not ``live`` (nothing is known of the seat then: the link's news says why)."""
    entry = board.get(seat)
    if not live or seat is None or entry is None or entry.kind == "bot" or entry.state == "here":
        return None
    return board_words(board, seat, name, now, live=live, you=you, turn=True).line or None


def not_seated(board: PresenceBoard, me: int | None, game_names: Sequence[str] = (),
               besides: int | None = None) -> list[str]:
    """The names of the people who have not sat down at the table yet (this player aside, and seat ``besides``)."""
    current = board.current
    if current is None:
        return []
    return [seat_name(board, e.seat, game_names) for e in current.seats
            if e.seat not in (me, besides) and e.kind == "remote" and e.state == "waiting"]


__all__ = ["KINDS", "MAX_NAME", "MAX_SEATS", "MAX_WAIT", "STATES", "TABLE_STATES", "TONES", "UNKNOWN", "WORD_KEYS",
           "Presence", "PresenceBoard", "SeatLine", "SeatPresence", "SeatWords", "board_words", "clock", "not_seated",
           "parse", "seat_lines", "seat_name", "seat_words", "turn_words", "word_key"]
