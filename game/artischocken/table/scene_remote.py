"""The card table on a remote session: one seat of a game that runs on a table server.

The card table itself is :class:`~game.artischocken.table.table_base.TableBase`, played here at a
:class:`~game.net.client.remote_cards.RemoteTable` instead of the local one of ``scene_table``: the seat always
looks (no hot-seat hand-over), the bots play on the server, nothing is taken back, saved or recorded here. Every
frame it takes the server's messages in; a new state animates the log entries it brought, as a local action does.
While an action is on its way the prompt says so; a refused one is shown as a message, the game unchanged. The
room opens it through ``room.remote_table_scene``.

The rules (F1, the Rules button) show over the table as at a local one; the game goes on at the server
meanwhile. The covered table is not updated, so what arrives waits in the connection's queue (unbounded; its
own thread keeps the socket alive, and the server's seat timeout counts only a dropped seat) and is taken in,
animated, at the first frame after the rules close.

The connection's troubles are shown over the table: a banner with the reconnect countdown while it is away,
and a dialog (back to the lobby) when the server cannot be reached any more or ended the table.

Who is at the table (the server's ``presence``, :mod:`game.net.client.presence`) stands at the top of the side
column, over the log: every seat's name, this player's marked, and its state in plain words, the wait until a bot
plays an absent player's seat counting down. Seats are named by presence wherever the table names them. While
another seat's turn waits for a player who is away or has not sat down, a banner says so.

The leave dialog keeps the seat (as before) or gives it up: asked once more, then ``resign`` goes to the server;
once it confirms, ``on_resign`` is called (the lobby forgets the seat) and the table is left. A refusal or a lost
connection is said, and the seat stays.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.artischocken.seats import HUMAN, Seat, default_bot_name
from game.artischocken.table.canvas import Canvas
from game.artischocken.table.flights import row_slots
from game.artischocken.table.table_base import TableBase
from game.artischocken.turns import Options
from game.i18n import t
from game.net.client.presence import SeatLine, not_seated, seat_lines, seat_name, turn_words
from game.net.client.remote_cards import RemoteTable
from game.net.client.resign import Resignation
from game.ui import draw, presence_strip
from game.ui.theme import PALETTE, SIZES
from game.ui.wake import NET_EVENT, post_wake


def seats_for(remote: RemoteTable, names: list[str] | None = None) -> list[Seat]:
    """The seats as the scene shows them: by name where known, a bot seat (as the host set it, or as the server's
    presence tells it) by a bot's name as in a local game, else "Seat n" (the table marks this seat as the
    player's own); a bot seat the host set keeps its kind."""
    players = remote.session.players
    out = []
    bots = 0
    for i in range(players):
        known = remote.seats[i] if i < len(remote.seats) else None
        kind = known.kind if known is not None and not known.human else HUMAN
        told = remote.session.presence.get(i)
        if names and i < len(names) and names[i]:
            name = names[i]
        elif kind != HUMAN or (told is not None and told.kind == "bot"):
            name = default_bot_name(bots)
            bots += 1
        else:
            name = t("net.table.seat", n=i + 1)
        out.append(Seat(name, kind))
    return out


class RemoteTableScene(TableBase):
    """One seat of a remote game at the card table (see the module text)."""

    def __init__(self, remote: RemoteTable, names: list[str] | None = None, options: Options | None = None, *,
                 on_resign: Callable[[], None] | None = None, seeded: bool = False) -> None:
        self.remote = remote
        opts = options or Options()
        opts.autosave = False
        opts.record_replays = False
        opts.fast = False
        seats = seats_for(remote, names)
        self.game_names = [seat.name for seat in seats]  # the names to fall back on where presence gives none
        super().__init__(seats, opts, remote)
        self.banner: str | None = None
        self.trouble_shown = False
        if seeded:  # its creator chose the seed: every seat is told as it sits down
            self.message.show(t("net.seeded.note"), "info", 8.0)
        #: Called once the server confirmed that this player gave the seat up.
        self.on_resign = on_resign
        self.resignation = Resignation()
        #: The presence strip: where it stands (None until the server said who is at the table), whether it has
        #: one line a seat, what it shows, and whether that changed this frame (the countdown ticks).
        self.strip: pygame.Rect | None = None
        self.strip_compact = False
        self.strip_lines: list[SeatLine] = []
        self.strip_changed = False
        #: While another seat's turn waits for its absent player: what the banner says about it.
        self.turn_note: str | None = None
        self.presence_seen = 0
        self.told_not_seated = False
        #: The words that said so (withdrawn once everybody sat down).
        self.not_seated_said = ""

    # -- the wire ------------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if hasattr(self.remote.link, "wake"):
            setattr(self.remote.link, "wake", post_wake)  # news wakes an idle window  # noqa: B010

    def on_exit(self) -> None:
        """Leaving the table closes the connection (the seat stays this player's: its token is kept in the user
        folder)."""
        self.remote.close()

    def leave_body(self) -> str:
        """Nothing is saved here: the server keeps the game, and the kept token takes the seat back."""
        return t("net.table.leave_body")

    def _open_menu(self) -> None:
        """Leave and keep the seat, give the seat up (asked once more), or stay."""
        self.open_dialog(t("table.menu.title"), self.leave_body(),
                         [(t("presence.resign.button"), self.ask_resign), (t("table.menu.leave"), self._to_launcher),
                          (t("table.menu.stay"), lambda: None)])

    def ask_resign(self) -> None:
        """Giving the seat up cannot be undone: asked in plain words first (Enter keeps the seat)."""
        self.open_dialog(t("presence.resign.title"), t("presence.resign.body"),
                         [(t("presence.resign.go"), self.resign), (t("presence.resign.keep"), lambda: None)])

    def resign(self) -> None:
        """Send ``resign``; the answer is watched in :meth:`_watch_resign`."""
        self.remote.resign()
        self.resignation.sent()

    def _watch_resign(self) -> None:
        remote = self.remote
        outcome = self.resignation.check(resigned=remote.resigned, refused=remote.resign_error,
                                         connected=remote.link.status == "open")
        if outcome is None:
            return
        if outcome[0] == "done":
            if self.on_resign is not None:
                self.on_resign()
            self._to_launcher()
        else:
            self.open_dialog(t("presence.resign.failed_title"), outcome[1], [(t("presence.resign.ok"), lambda: None)])

    # -- who is at the table ------------------------------------------------------------------------------
    def now(self) -> float:
        """The app's clock in seconds (it goes on while the rules cover the table, so a countdown stays true)."""
        ms = self.app.last_frame_ms if hasattr(self, "app") else None
        return (ms or 0) / 1000.0

    def _watch_presence(self) -> None:
        board = self.remote.presence
        now = self.now()
        board.stamp(now)
        players = self.remote.session.players
        me = self.remote.seat
        if board.changes != self.presence_seen:
            first = self.presence_seen == 0
            self.presence_seen = board.changes
            self._name_seats()
            if first and hasattr(self, "app"):
                self.layout(self.app.size)  # the strip takes its place in the side column
            missing = not_seated(board, me, self.game_names)
            if missing and not self.told_not_seated:
                self.told_not_seated = True
                self.not_seated_said = t("presence.not_seated", name=missing[0])
                self.message.show(self.not_seated_said, "warn", 5.0)
            elif not missing:
                self.message.withdraw(self.not_seated_said)
        lines = seat_lines(board, now, players, me, self.game_names)
        actor = self.remote.actor
        note = None
        if actor is not None and actor != me and not self.remote.session.is_over:
            note = turn_words(board, actor, self._name(actor), now)
        self.strip_changed = (lines, note) != (self.strip_lines, self.turn_note)
        self.strip_lines, self.turn_note = lines, note

    def _name_seats(self) -> None:
        """Every seat by the name presence gives it (else the one it had at the start)."""
        renamed = False
        for i, seat in enumerate(self.seats):
            name = seat_name(self.remote.presence, i, self.game_names)
            if name != seat.name:
                self.seats[i] = Seat(name, seat.kind)
                renamed = True
        if renamed:
            self._log_image = None  # the log names the seats
            self.refresh_bar()

    def layout(self, size: tuple[int, int]) -> None:
        """The table's layout; once presence came, its strip off the top of the log column."""
        super().layout(size)
        lay = self.lay
        if lay is None or self.remote.presence.current is None:
            self.strip = None
            return
        self.strip, lay.log, self.strip_compact = presence_strip.split(lay.log, self.remote.session.players)
        self.rules_button.rect.y = lay.log.y + 9
        self._plan()

    def plan_aside(self, c: Canvas) -> None:
        if self.strip is not None and self.strip_lines:
            c.op(_strip, self.strip, tuple(self.strip_lines), self.strip_compact)

    def pump(self) -> None:
        """Take in what the server sent: animate a new state's log, show a refused action."""
        session = self.remote.session
        mark = session.log_size
        before = row_slots(self.lay, session.table_view()["garden_row"])
        states, was_over = session.states, session.is_over
        for message in self.remote.pump():
            if message.get("type") == "error":
                self.message.show(_error_text(message), "error", 4.0)
                self.clear_selection()
                self.calm = 0.0
        if session.states != states:
            self.calm = 0.0
            self.refresh_bar()
            if session.log_size >= mark:
                self._animate(mark, before)
            if session.is_over and not was_over:
                self._on_over()
        self._watch_link()

    def _watch_link(self) -> None:
        link = self.remote.link
        self.banner = None
        if link.status == "reconnecting":
            left = link.reconnect_in
            self.banner = (t("net.table.reconnecting", seconds=math.ceil(left)) if left > 0
                           else t("net.table.reconnecting_now"))
        elif self.remote.session.waiting:
            self.banner = t("net.table.waiting")
        elif self.resignation.waiting:
            self.banner = t("presence.resign.waiting")
        if self.trouble_shown or self.dialog is not None:
            return
        if self.remote.ended is not None:
            self._trouble(t("net.table.ended.title"), t("net.problem.ended" if self.remote.ended == "table_over"
                                                          else "net.problem.no_table"))
        elif link.status == "failed" and not self.remote.session.is_over:
            self._trouble(t("net.table.lost.title"), t("net.problem.lost") + (f"\n{link.error}" if link.error
                                                                              else ""))

    def _trouble(self, title: str, body: str) -> None:
        self.trouble_shown = True
        self.open_dialog(title, body, [(t("net.table.lobby"), self._to_launcher)])

    # -- the scene hooks --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.pump()
        self._watch_presence()
        self._watch_resign()
        super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != NET_EVENT:  # the connection's wake-up: the next update reads the news
            super().handle_event(event)

    def still(self) -> bool:
        """Still as a local table is, and not while the connection is away or an action is on its way."""
        if self.banner is not None or self.remote.link.status not in ("open", "failed", "closed"):
            return False
        if self.strip_changed:
            return False  # a countdown ticked: this frame must be shown
        return super().still()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        note = self.banner or self.turn_note
        if note:
            lay = self.lay
            at = (lay.table.centerx, lay.row[0].top - 64) if lay is not None and lay.row else None
            _banner(surface, note, at)

    def _after_game(self) -> tuple[str, Callable[[], None]]:
        """The game was the server's: no "again" here, back to the lobby instead."""
        return t("net.table.lobby"), self._to_launcher


def _error_text(message: dict[str, object]) -> str:
    code, detail = message.get("code"), str(message.get("message", ""))
    if code == "illegal":
        return t("net.error.illegal", detail=detail)
    if code == "not_your_turn":
        return t("net.error.not_your_turn")
    return t("net.error.other", detail=detail or str(code))


def _strip(surface: pygame.Surface, rect: pygame.Rect, lines: tuple[SeatLine, ...], compact: bool) -> None:
    presence_strip.paint(surface, rect, t("presence.title"), lines, compact, fill=PALETTE.sand_light,
                         border=PALETTE.dune, title_size=18)


def _banner(surface: pygame.Surface, text: str, midbottom: tuple[int, int] | None) -> None:
    """The connection's news over the table: above the garden row (``midbottom``), else at the top."""
    width = draw.font_width(text, SIZES.text, bold=True) + 56
    rect = pygame.Rect(0, 0, width, 44)
    if midbottom is None:
        rect.midtop = (surface.get_width() // 2, 12)
    else:
        rect.midbottom = midbottom
    draw.panel(surface, rect, PALETTE.paper, PALETTE.warn, 22)
    draw.text(surface, text, rect.center, size=SIZES.text, bold=True, color=PALETTE.ink, anchor="center")


__all__ = ["NET_EVENT", "RemoteTableScene", "seats_for"]
