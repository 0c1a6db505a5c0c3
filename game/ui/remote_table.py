"""What the remote table screens of both rooms share: the link to the server, who is at the table, leaving and
giving up. :class:`TableKeeper` is held by the card table's and the Cactus room's remote scene; each frame the
scene hands it the time and a few :class:`TableFacts` of its game, and shows what it gives back.

- **The link** (:mod:`game.net.client.link_watch`): a dropped connection shows at once in :attr:`banner`
  ("Connection lost — reconnecting in N s"; the attempts never end, at most 5 s apart), a server silent while
  the socket looks open too ("not answering": its pings go unanswered). After 10 s without a word from the
  server a plain dialog offers to keep waiting or to go back to the lobby; the game is kept either way (the
  seat and its token stay in the seat book; nothing is sent, nothing lost). A server that closed the connection
  for good, ended the table or does not know it any more: a dialog back to the lobby.
- **Who is at the table** (:mod:`game.net.client.presence`): :attr:`lines` (one per seat, for the At-the-table
  panel), :attr:`turn_note` (the banner while another seat's turn is not played by its person) and
  :meth:`marks` (beside the names in the labels) all come from :func:`~game.net.client.presence.seat_words`,
  so no two of them can contradict each other. While the link is not open nothing counts down: the presence
  is stale.
- **Leaving** (:meth:`ask_leave`): leave and keep the seat (``leave`` is sent; once the server says ``left``, or
  the link is gone, back to the lobby: a bot plays the seat at once and the token takes it back later), give it
  up (asked once more, then ``resign``: :class:`~game.net.client.resign.Resignation`), or stay.

The scene stays the one that draws: it paints :attr:`lines` in its side column and :attr:`banner` or
:attr:`turn_note` over its table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.i18n import t
from game.net.client.link_watch import LinkView, LinkWatch
from game.net.client.presence import PresenceBoard, SeatLine, not_seated, seat_lines, turn_words
from game.net.client.resign import Resignation
from game.ui.widgets import Dialog

#: Seconds the screen waits for the server's ``left`` before it goes anyway (the seat is the player's either way).
LEAVE_WAIT = 5.0


class Wire(Protocol):
    """What the keeper needs of a connection (:class:`game.net.client.connection.Connection`): ``send``; it
    reads ``status``, ``reconnect_in``, ``contacts`` and ``error`` where the object has them."""

    def send(self, message: dict[str, Any]) -> None: ...


class Host(Protocol):
    """The scene a keeper serves: its dialog and its message line."""

    dialog: Dialog | None

    def open_dialog(self, title: str, body: str, buttons: list[tuple[Any, Callable[[], None]]],
                    width: int = ..., focus: int = ...) -> Dialog: ...


class Notes(Protocol):
    def show(self, content: str, kind: str = ..., seconds: float = ...) -> None: ...
    def withdraw(self, content: str) -> None: ...


@dataclass(frozen=True)
class TableFacts:
    """What a remote scene tells its keeper each frame about its game: its seats (``players``, the ``names`` to
    fall back on where presence names none), whose turn it is (None: nobody's, or over), whether it is over, and
    the server's answers: ``resigned`` (the seat was given up), ``refused`` (why the server refused the
    ``resign``), ``left`` (the server answered the ``leave``: ``left``, or an error from a server that does not
    know it; the seat is the player's either way), ``ended`` ("table_over" or "no_table": the server
    ended the table or does not know it)."""

    players: int
    names: Sequence[str] = ()
    turn: int | None = None
    over: bool = False
    resigned: bool = False
    refused: str | None = None
    left: bool = False
    ended: str | None = None


class TableKeeper:
    """One remote seat's link, presence, leaving and giving up, for a table screen (see the module text).

    ``host``: the scene (its dialogs); ``notes``: its message line; ``wire``: the connection; ``board``: the
    table's presence; ``seat``: this player's (None: watching); ``to_lobby``: leaves the table screen;
    ``on_resign``: called once the server confirmed the seat was given up; ``send_resign`` and ``send_leave``:
    send ``resign`` and ``leave`` (by default over ``wire``)."""

    def __init__(self, host: Host, notes: Notes, wire: Wire, board: PresenceBoard, seat: int | None, *,
                 to_lobby: Callable[[], None], on_resign: Callable[[], None] | None = None,
                 send_resign: Callable[[], None] | None = None,
                 send_leave: Callable[[], None] | None = None) -> None:
        self.host = host
        self.notes = notes
        self.wire = wire
        self.board = board
        self.seat = seat
        self.to_lobby = to_lobby
        self.on_resign = on_resign
        self.send_resign = send_resign
        self.send_leave = send_leave
        self.watch = LinkWatch()
        self.view: LinkView = self.watch.view
        self.resignation = Resignation()
        #: ``leave`` was sent, and when (None until a frame saw it).
        self.leaving = False
        self.leaving_since: float | None = None
        self.gone = False  # the table screen was left (nothing more to do)
        self.contacts_seen: int | None = None
        #: The dialogs this keeper opened: the question about a silent server, and the one that ends the table.
        self.asked: Dialog | None = None
        self.trouble_shown = False
        #: Every seat as the At-the-table panel shows it; whether that changed this frame (a countdown ticked).
        self.lines: list[SeatLine] = []
        self.lines_changed = False
        #: While another seat's turn is not played by its person: what the banner says about it.
        self.turn_note: str | None = None
        #: The link's (or the leave's, or the resign's) news over the table, None while all is well.
        self.banner: str | None = None
        self.presence_seen = 0
        self.told_not_seated = False
        self.not_seated_said = ""

    # -- each frame -------------------------------------------------------------------------------------------
    @property
    def status(self) -> str:
        return str(getattr(self.wire, "status", "open"))

    @property
    def live(self) -> bool:
        """The server's news is current: countdowns may tick."""
        return self.view.live

    def update(self, now: float, facts: TableFacts) -> None:
        """Take the frame's news in: the link, the answers to a leave or a resign, who is at the table."""
        if self.gone:
            return
        contacts = getattr(self.wire, "contacts", None)
        # a connection that does not count its contacts is heard whenever it is open
        heard = self.status == "open" and (not isinstance(contacts, int) or contacts != self.contacts_seen)
        self.contacts_seen = contacts if isinstance(contacts, int) else None
        retry_in = getattr(self.wire, "reconnect_in", 0.0)
        self.view = self.watch.see(now, self.status, heard=heard,
                                   retry_in=float(retry_in) if isinstance(retry_in, int | float) else 0.0)
        self.board.stamp(now)
        self._presence(now, facts)
        if self._answers(now, facts):
            return
        self._dialogs(facts)
        self.banner = self._banner()

    def _presence(self, now: float, facts: TableFacts) -> None:
        board = self.board
        names = list(facts.names)
        turn = None if facts.over else facts.turn
        if board.changes != self.presence_seen:
            self.presence_seen = board.changes
            # a person whose turn it is is named by the banner over the table: the note would say it twice
            missing = not_seated(board, self.seat, names, besides=turn)
            if missing and not self.told_not_seated:
                self.told_not_seated = True
                self.not_seated_said = t("presence.not_seated", name=missing[0])
                self.notes.show(self.not_seated_said, "warn", 5.0)
            elif not missing:
                self.notes.withdraw(self.not_seated_said)
        lines = seat_lines(board, now, facts.players, self.seat, names, live=self.live, turn=turn)
        note = None
        if turn is not None and turn != self.seat and 0 <= turn < len(lines):
            note = turn_words(board, turn, lines[turn].name, now, live=self.live)
        self.lines_changed = (lines, note) != (self.lines, self.turn_note)
        self.lines, self.turn_note = lines, note

    def _answers(self, now: float, facts: TableFacts) -> bool:
        """The server's answer to a leave or a resign: True once the table screen was left."""
        if self.leaving:
            if self.leaving_since is None:
                self.leaving_since = now
            if facts.left or self.status != "open" or now - self.leaving_since >= LEAVE_WAIT:
                self._go()
                return True
        outcome = self.resignation.check(resigned=facts.resigned, refused=facts.refused,
                                         connected=self.status in ("open", "connecting"))
        if outcome is None:
            return False
        if outcome[0] == "done":
            if self.on_resign is not None:
                self.on_resign()
            self._go()
            return True
        self.host.open_dialog(t("presence.resign.failed_title"), outcome[1], [(t("presence.resign.ok"), _nothing)])
        return False

    def _dialogs(self, facts: TableFacts) -> None:
        """The question about a silent server (closed again once it answers), and the end of the table."""
        asked = self.asked
        if asked is not None and (self.view.live or not asked.open):
            if asked.open and self.host.dialog is asked:
                asked.open = False  # the server answers again: the question is moot
                self.host.dialog = None
            self.asked = None
        if self.trouble_shown or self.host.dialog is not None:
            return  # (a dialog the player has open is answered first)
        ended = facts.ended
        if ended is not None:
            body = t("presence.link.ended.over" if ended == "table_over" else "presence.link.ended.no_table")
            self._trouble(t("presence.link.ended.title"), body)
        elif self.view.shown == "gone" and not facts.over:
            error = getattr(self.wire, "error", None)
            body = t("presence.link.gone.body") + (f"\n{error}" if error else "")
            self._trouble(t("presence.link.gone.title"), body)
        elif self.view.ask and self.asked is None and not facts.over:
            self.asked = self.host.open_dialog(
                t("presence.link.ask.title"), t("presence.link.ask.body", seconds=int(self.view.silent_for)),
                [(t("presence.link.ask.lobby"), self._go), (t("presence.link.ask.wait"), self.watch.keep_waiting)])

    def _trouble(self, title: str, body: str) -> None:
        self.trouble_shown = True
        self.host.open_dialog(title, body, [(t("presence.link.lobby"), self._go)])

    def _banner(self) -> str | None:
        view = self.view
        if self.leaving:
            return t("presence.leave.waiting")
        if view.shown == "lost":
            seconds = int(view.retry_in + 0.999)
            return t("presence.link.lost", seconds=seconds) if seconds > 0 else t("presence.link.lost_now")
        if view.shown == "quiet":
            return t("presence.link.quiet")
        if self.resignation.waiting:
            return t("presence.resign.waiting")
        return None

    def marks(self) -> list[str]:
        """Beside each seat's name in a label: its state in a word or two that never ticks ("" while its person
        is here)."""
        return [line.mark for line in self.lines]

    # -- leaving and giving up --------------------------------------------------------------------------------
    def ask_leave(self) -> None:
        """Leave and keep the seat, give the seat up (asked once more), or stay."""
        self.host.open_dialog(t("presence.leave.title"), t("presence.leave.body"),
                              [(t("presence.resign.button"), self.ask_resign), (t("presence.leave.go"), self.leave),
                               (t("presence.leave.stay"), _nothing)])

    def ask_resign(self) -> None:
        """Giving the seat up cannot be undone: asked in plain words first (Enter keeps the seat)."""
        self.host.open_dialog(t("presence.resign.title"), t("presence.resign.body"),
                              [(t("presence.resign.go"), self.resign), (t("presence.resign.keep"), _nothing)])

    def resign(self) -> None:
        """Send ``resign``; the answer comes in :class:`TableFacts` (``resigned`` or ``refused``)."""
        if self.send_resign is not None:
            self.send_resign()
        else:
            self.wire.send({"type": "resign"})
        self.resignation.sent()

    def leave(self) -> None:
        """Step away on purpose: ``leave`` goes to the server, and the screen goes once it answers ``left`` (or
        the link is gone, or it does not answer in :data:`LEAVE_WAIT` s). Without a link, at once: the seat is
        the player's either way (the server sees the drop)."""
        if self.seat is None or self.status != "open":
            self._go()
            return
        if self.send_leave is not None:
            self.send_leave()
        else:
            self.wire.send({"type": "leave"})
        self.leaving = True
        self.banner = t("presence.leave.waiting")

    def _go(self) -> None:
        if not self.gone:
            self.gone = True
            self.to_lobby()


def _nothing() -> None:
    """A dialog's button that only closes it."""


__all__ = ["LEAVE_WAIT", "Host", "TableFacts", "TableKeeper", "Wire"]
