"""A client's end of a remote Cactus table: its own copy of the match, in step with the server.

:class:`CactusLink` builds its match from every ``turn`` message's snapshot (``Match.from_dict``: the same
future as the server's match, see :mod:`game.net.server.cactus_table`).

* This seat's turn: every call on :attr:`CactusLink.match` is made AT ONCE on the local match (no network
  delay while dragging) and noted as stream entries (:class:`~game.net.cactus_stream.Capture`).
  :meth:`CactusLink.outgoing` hands them out as ``input`` messages: everything since the last call (call it
  once per frame). A call that can be refused begins a message of its own, so a frame sends one message, plus
  one per such call; while the world moves, pointer moves wait for the next physics step, so a fast screen
  sends no more messages than there are steps. The roll is the exception: the die is the server's, so a roll is
  sent as ``["r"]`` and made here only when the server's ``["r", face]`` comes back (:attr:`CactusLink.rolling`
  meanwhile; the match takes no call until then, a second roll does nothing).
* Another seat's turn: the relayed entries are made on the local match, so a scene that draws
  :attr:`CactusLink.match` shows that drag live: at once (``paced=False``: headless clients, tests) or at the
  pace they were played (``paced=True``: a scene calls :meth:`CactusLink.advance` every fixed step; a backlog
  of more than :data:`LAG_STEPS` is caught up at once).
* Every turn end: the link compares its own checksum with the server's and rebuilds from the server's snapshot
  in any case; a difference is counted (:attr:`CactusLink.resyncs`): the server's game is the game.

Who is at the table (``presence``) is kept in :attr:`CactusLink.presence`, a ``resigned`` answer in
:attr:`CactusLink.resigned`, a ``left`` one in :attr:`CactusLink.left_table`, the end of the table (``table_ended``,
or the errors ``no_table`` and ``table_over``) in :attr:`CactusLink.ended`. A turn that the table's match gives a
bot at this seat (the player came back while the bot played it) is watched, not played: this seat plays again from
the next turn.

The match is rebuilt in place, so whoever holds it (a scene, its camera) always holds the current one. Pure: no
pygame, no sockets; the caller moves the messages (``receive`` what comes, send what ``outgoing`` gives).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from game.cactus.match import MatchError
from game.net.cactus_stream import Capture, Feed, NotedMatch, adopt, blind, noted, steps_in
from game.net.client.presence import PresenceBoard
from game.replay.cactus import CactusRecord
from game.replay.format import ReplayError, checksum

#: A paced observer more than this many steps behind the stream plays the backlog at once.
LAG_STEPS = 40


class CactusLink:
    """One seat's (or a spectator's, ``seat=None``) copy of a remote Cactus game.

    ``status``: "waiting" (no snapshot yet), "playing" (this seat's turn), "watching" (another seat's),
    "syncing" (asked the server for the state again), "over". :attr:`checks` lists ``(turn, own, server)``
    checksums of every turn end seen; :attr:`resyncs` counts the turns whose end differed (or whose claim the
    server answered with ``resync``).
    """

    def __init__(self, seat: int | None, *, paced: bool = False) -> None:
        self.seat = seat
        self.paced = paced
        self.match: NotedMatch | None = None
        self.turn = -1
        self.current: int | None = None  # the seat whose turn the last snapshot began
        self.over = False
        self.seq = 0  # input messages of this turn so far (sent or received)
        self.record = CactusRecord({})  # the entries of this turn (checked as they come)
        self.feed: Feed | None = None
        self.capture: Capture | None = None
        self.inbox: deque[dict[str, Any]] = deque()  # messages not played yet (paced)
        self.playing: deque[Any] = deque()  # entries of the input being played
        self.left = 0  # steps of the current step entry still to play
        self.queued = 0  # steps waiting in the inbox and in ``playing``
        self.clock = 0.0
        self.sync_wanted = False
        self.syncing = False
        self.resyncs = 0
        self.checks: list[tuple[int, str, str]] = []
        self.errors: list[dict[str, Any]] = []
        self.notices: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []  # of the last ended turn (the server's)
        self.seats: list[str] = []
        self.claim: dict[str, Any] | None = None  # this seat's verdict at its confirm
        self.presence = PresenceBoard()  # who is at the table (the last good ``presence``)
        self.resigned = False  # the server confirmed this seat's ``resign``
        #: The server confirmed this seat's ``leave`` (a bot plays it now; its token takes it back later).
        self.left_table = False
        #: The server ended the table ("table_over") or does not know it ("no_table"); None while it plays.
        self.ended: str | None = None
        #: Turns of this seat that the server's bot finished because they passed the turn's bounds.
        self.turn_limits = 0
        #: How many snapshots were taken (a scene compares it: the table is the server's again after a drop).
        self.snapshots = 0

    # ------------------------------------------------------------------ state
    @property
    def active(self) -> bool:
        """This seat plays now: its calls on :attr:`match` are made at once and sent."""
        return self.capture is not None and not self.capture.confirmed and not self.syncing \
            and self.match is not None and not self.match.is_over

    @property
    def rolling(self) -> bool:
        """This seat's roll is on its way to the server's die (its face has not come yet)."""
        return self.capture is not None and self.capture.rolling

    @property
    def status(self) -> str:
        if self.match is None:
            return "waiting"
        if self.syncing:
            return "syncing"
        if self.over or self.match.is_over:
            return "over"
        return "playing" if self.active else "watching"

    # ------------------------------------------------------------------ the wire
    def outgoing(self) -> list[dict[str, Any]]:
        """The messages to send now: the input noted since the last call (and a ``sync`` request)."""
        out: list[dict[str, Any]] = []
        if self.sync_wanted:
            self.sync_wanted = False
            out.append({"type": "sync"})
        if self.capture is not None and not self.syncing:
            moving = self.match is not None and not self.match.resting and not self.match.is_over
            for batch in self.capture.take(wait_for_steps=moving):
                out.append({"type": "input", "turn": self.turn, "seq": self.seq, **batch})
                self.seq += 1
                if "claim" in batch:
                    self.claim = batch["claim"]
        return out

    def receive(self, message: Mapping[str, Any]) -> None:
        """A message from the server."""
        kind = message.get("type")
        if kind == "input" and message.get("seat") == self.seat and self.capture is not None:
            self.rolled(message)
        elif kind == "turn" or (kind == "input" and (message.get("seat") != self.seat or self.capture is None)):
            if kind == "turn" and message.get("reason") in ("join", "sync"):
                self.inbox.clear()  # the whole state comes again: what was waiting is in it
                self.playing.clear()
                self.left = self.queued = 0
            self.inbox.append(dict(message))
            if kind == "input":
                self.queued += _steps(message.get("items"))
            if self.paced:
                self.advance(0.0)  # what takes no time (a snapshot, a grab) at once
            else:
                self.flush()
        elif kind == "turn_limit":
            self.turn_limits += 1  # this seat's turn passed a bound of the server: its bot finishes it
            self.notices.append(dict(message))
        elif kind == "seats":
            self.notices.append(dict(message))
            seats = message.get("seats")
            seat = self.seat
            if self.active and isinstance(seats, list) and seat is not None and 0 <= seat < len(seats) \
                    and seats[seat] != "remote":
                self.ask_sync()  # the table's bot finishes this turn (the turn's bounds): watch it from the state
        elif kind == "presence":
            self.presence.receive(message)
        elif kind == "resigned":
            self.resigned = True
        elif kind == "left":
            self.left_table = True
        elif kind == "table_ended":
            self.ended = "table_over"
        elif kind == "resync":
            self.resyncs += 1
            self.notices.append(dict(message))
        elif kind == "error":
            self.errors.append(dict(message))
            if message.get("code") in ("no_table", "table_over"):
                self.ended = str(message.get("code"))
            if message.get("code") in ("illegal", "bad_message", "not_your_turn") and self.active:
                self.ask_sync()  # the server did not take our input: take its state
        else:
            self.notices.append(dict(message))

    def rolled(self, message: Mapping[str, Any]) -> None:
        """This seat's own input relayed back: the server's face of the roll it asked for (anything else of its
        own it made already)."""
        items = message.get("items")
        capture, match = self.capture, self.match
        if capture is None or match is None or not capture.rolling or message.get("turn") != self.turn \
                or not isinstance(items, list) or len(items) != 1:
            return
        entry = items[0]
        try:
            CactusRecord({}).extend([entry], "items")
            if not (isinstance(entry, list) and len(entry) == 2 and entry[0] == "r"):
                raise ReplayError("expected the roll's face")
            capture.rolled(match, entry[1])
        except (ReplayError, MatchError):
            capture.rolling = False
            self.ask_sync()  # the server rolled where this copy could not: it drifted

    def ask_sync(self) -> None:
        self.sync_wanted = True
        self.syncing = True

    # ------------------------------------------------------------------ playing
    def flush(self) -> None:
        """Play everything received at once."""
        while self.left or self.playing or self.inbox:
            if self.left:
                self.step_once()
            elif self.playing:
                self.play_entry()
            else:
                self.open(self.inbox.popleft())

    def advance(self, dt: float) -> None:
        """Play what was received for ``dt`` seconds of game time (paced; a big backlog is caught up)."""
        self.clock += dt
        while self.left or self.playing or self.inbox:
            if self.left:
                if self.feed is None or self.match is None or self.match.resting or self.match.is_over:
                    self.queued -= self.left
                    self.left = 0
                    continue
                if self.clock < self.feed.dt and self.queued <= LAG_STEPS:
                    return
                self.clock = max(0.0, self.clock - self.feed.dt)
                self.step_once()
            elif self.playing:
                self.play_entry()
            else:
                self.open(self.inbox.popleft())
        self.clock = 0.0

    def step_once(self) -> None:
        self.left -= 1
        self.queued -= 1
        if self.feed is not None:
            self.feed.run(1)

    def play_entry(self) -> None:
        entry = self.playing.popleft()
        feed = self.feed
        if feed is None:
            return
        if isinstance(entry, int) and not isinstance(entry, bool):
            self.left = entry
            return
        if isinstance(entry, list) and entry[0] == "s":
            feed.dt = float(entry[2])
            self.left = int(entry[1])
            return
        self.queued -= steps_in(entry)
        try:
            feed.play(entry)
        except MatchError:
            self.ask_sync()  # our copy refused what the server made: it drifted

    def open(self, message: dict[str, Any]) -> None:
        """Take the next message in order: a snapshot, or another seat's input to play."""
        if message.get("type") == "turn":
            self.begin(message)
            return
        if self.match is None or message.get("turn") != self.turn or message.get("seq") != self.seq:
            if self.match is not None and not self.syncing:
                self.ask_sync()  # an input we cannot place: the state again
            return
        items = message.get("items")
        try:
            self.record.extend(items if isinstance(items, list) else [None], "items")
        except ReplayError:
            self.ask_sync()
            return
        self.seq += 1
        self.playing.extend(items)  # type: ignore[arg-type]

    def begin(self, message: dict[str, Any]) -> None:
        """A snapshot: compare the ended turn's checksum, then rebuild from the server's state."""
        ended = message.get("ended")
        if self.match is not None and isinstance(ended, Mapping) and ended.get("turn") == self.turn \
                and message.get("reason") == "turn_end":
            mine = self.claim["checksum"] if self.claim is not None else checksum(blind(self.match.to_dict()))
            server = str(ended.get("checksum"))
            self.checks.append((self.turn, mine, server))
            if mine != server:
                self.resyncs += 1
        snapshot = message.get("snapshot")
        try:
            if not isinstance(snapshot, Mapping) or checksum(snapshot) != message.get("checksum"):
                raise ValueError("the snapshot does not match its checksum")
            fresh = noted(snapshot)
            record = CactusRecord.from_json({"start": snapshot, "stream": message.get("stream", [])})
        except (ValueError, ReplayError) as exc:
            self.errors.append({"type": "error", "code": "bad_message", "message": str(exc)})
            self.ask_sync()
            return
        if self.match is None:
            self.match = fresh
        else:
            adopt(self.match, fresh)
        self.snapshots += 1
        match = self.match
        self.turn = match.turn_key
        self.current = message.get("active") if isinstance(message.get("active"), int) else None
        self.over = bool(message.get("over")) or match.is_over
        self.seats = [str(s) for s in message.get("seats", [])]
        self.events = [dict(e) for e in message.get("events", []) if isinstance(e, Mapping)]
        self.record = CactusRecord(dict(snapshot))
        self.feed = Feed(match)
        self.capture = None
        self.claim = None
        self.syncing = False
        self.playing.clear()
        self.left = 0
        for entry in record.stream:  # join / sync: the turn so far, at once
            self.feed.play(entry)
        self.record.extend(record.stream)
        seq = message.get("seq", 0)
        self.seq = seq if isinstance(seq, int) and not isinstance(seq, bool) else 0
        # the table's seat kinds, not the snapshot's bot flags (those change only at a turn start): a seat taken
        # over in its own turn, whose player came back, is still the bot's until the next turn start: watched
        seat = self.seat
        mine = seat is not None and (not self.seats or (0 <= seat < len(self.seats) and self.seats[seat] == "remote"))
        if mine and self.current == seat and not self.over:
            self.capture = Capture(dt=self.record.dt, pointer=self.feed.pointer, remote_die=True)
            match.capture = self.capture
        self.queued = sum(_steps(m.get("items")) for m in self.inbox if m.get("type") == "input")


def _steps(items: object) -> int:
    """The steps a received input asks for (0 for what is not a list of entries; it is checked when played)."""
    if not isinstance(items, list):
        return 0
    try:
        return sum(steps_in(e) for e in items)
    except (TypeError, ValueError, IndexError):
        return 0


__all__ = ["LAG_STEPS", "CactusLink"]
