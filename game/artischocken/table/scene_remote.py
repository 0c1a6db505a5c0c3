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

The link, who is at the table, leaving and giving up are the remote screens' shared
:class:`~game.ui.remote_table.TableKeeper`'s: a banner over the table while the connection is lost (with the
reconnect countdown) or the server is silent, the question after 10 s without a word (keep waiting, or back to the
lobby: the game kept), a dialog back to the lobby when the server ended the table; the At-the-table panel at the top
of the side column, over the log (every seat's name and state, the wait until a bot plays an absent seat counting
down only while the link is open, every seat's state "not known" while it is not); a banner while another seat's turn
is not played by its person. While the link is not live no card is offered and nothing is sent: the prompt says the
connection is lost (or that the table waits for the server's news), until the server's next state. Seats are named
by presence wherever the table names them. Esc and the menu's Leave send ``leave`` (the seat stays the player's: a
bot plays it meanwhile, its token takes it back); giving the seat up is asked twice and sends ``resign``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.artischocken.seats import HUMAN, Seat, default_bot_name
from game.artischocken.table.canvas import Canvas
from game.artischocken.table.flights import row_slots
from game.artischocken.table.table_base import TableBase
from game.artischocken.turns import Options
from game.i18n import t
from game.net.client.presence import SeatLine, seat_name
from game.net.client.remote_cards import RemoteTable
from game.ui import draw, presence_strip
from game.ui.remote_table import TableFacts, TableKeeper
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
        #: What stands over the table this frame (the link's news first, then the table's own).
        self.banner: str | None = None
        if seeded:  # its creator chose the seed: every seat is told as it sits down
            self.message.show(t("net.seeded.note"), "info", 8.0)
        #: The link, who is at the table, leaving and giving up (shared with the Cactus room's remote screen).
        self.keeper = TableKeeper(self, self.message, remote.link, remote.presence, remote.seat,
                                  to_lobby=self._to_launcher, on_resign=on_resign, send_resign=remote.resign,
                                  send_leave=remote.leave)
        #: The presence strip: where it stands (None until the server said who is at the table) and whether it
        #: has one line a seat.
        self.strip: pygame.Rect | None = None
        self.strip_compact = False
        self.presence_seen = 0

    @property
    def on_resign(self) -> Callable[[], None] | None:
        """Called once the server confirmed that this player gave the seat up."""
        return self.keeper.on_resign

    @property
    def strip_lines(self) -> list[SeatLine]:
        return self.keeper.lines

    @property
    def turn_note(self) -> str | None:
        return self.keeper.turn_note

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
        return t("presence.leave.body")

    def _open_menu(self) -> None:
        """Leave and keep the seat, give the seat up (asked once more), or stay."""
        self.keeper.ask_leave()

    def ask_resign(self) -> None:
        self.keeper.ask_resign()

    def resign(self) -> None:
        self.keeper.resign()

    def leave(self) -> None:
        """Step away on purpose: ``leave``, then back to the lobby once the server answers."""
        self.keeper.leave()

    # -- who is at the table ------------------------------------------------------------------------------
    def now(self) -> float:
        """The app's clock in seconds (it goes on while the rules cover the table, so a countdown stays true)."""
        ms = self.app.last_frame_ms if hasattr(self, "app") else None
        return (ms or 0) / 1000.0

    def _watch_table(self) -> None:
        remote = self.remote
        board = remote.presence
        if board.changes != self.presence_seen:
            first = self.presence_seen == 0
            self.presence_seen = board.changes
            self._name_seats()
            if first and hasattr(self, "app"):
                self.layout(self.app.size)  # the strip takes its place in the side column
        session = remote.session
        ready = session.ready
        facts = TableFacts(session.players if ready else len(self.seats), self.game_names, remote.actor,
                           session.is_over, resigned=remote.resigned, refused=remote.resign_error,
                           left=remote.left or remote.leave_error is not None, ended=remote.ended)
        self.keeper.update(self.now(), facts)
        remote.session.held = not self.keeper.live  # a silent server hears no move: none is offered
        self.banner = self.keeper.banner
        if self.banner is None and session.waiting:
            self.banner = t("net.table.waiting")

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

    def bar_note(self) -> str | None:
        """While the link is not live the prompt says why nothing can be played (no card is offered then): lost,
        or waiting for the server's news (it is silent, or the seat's state after a reconnect has not come)."""
        session = self.remote.session
        if session.live or not session.ready or session.is_over:
            return None
        lost = self.keeper.view.shown in ("lost", "gone", "closed")
        return t("presence.link.prompt_lost") if lost else t("presence.link.prompt_wait")

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
            if message.get("type") == "error" and not self.keeper.resignation.waiting and not self.keeper.leaving:
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

    # -- the scene hooks --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.pump()
        self._watch_table()
        super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != NET_EVENT:  # the connection's wake-up: the next update reads the news
            super().handle_event(event)

    def still(self) -> bool:
        """Still as a local table is, and not while the connection is away or an action is on its way."""
        if self.banner is not None or self.remote.link.status not in ("open", "failed", "closed"):
            return False
        if self.keeper.lines_changed:
            return False  # a countdown ticked: this frame must be shown
        return super().still()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        note = self.banner or self.turn_note
        if note:
            lay = self.lay
            at = (lay.table.centerx, lay.row[0].top - 64) if lay is not None and lay.row else None
            _banner(surface, note, at)

    def keys_hint(self) -> str | None:
        """Nothing is taken back at a remote table (the server has the game): no undo key is offered."""
        return t("net.table.hint")

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
