"""Cactus at a remote table: the match of a :class:`~game.net.client.cactus_link.CactusLink` on screen.

:class:`RemotePlayScene` is a :class:`~game.cactus.screens.match_scene.MatchScene` (the table, its input and its
drawing, as in a local game) whose match is the link's. It draws that match and sends what the link noted once a
frame; the server decides (see :mod:`game.net.server.cactus_table`). On this seat's turn the input acts on the
local match at once, as in a local game; on another seat's turn the relayed input plays on that match at game
speed (``paced``), so the drag is seen live, and nothing here acts (no local bot, no local step). Nothing is saved
or recorded here: the server keeps the table. ``connection`` is anything with ``send(message: dict)`` and a
non-blocking ``poll() -> list[dict]`` (``game.net.client.connection.Connection``).

:class:`ConnectingScene` waits for the table's first snapshot, then replaces itself with
:class:`RemotePlayScene`; :func:`game.cactus.room.remote_play_scene` opens it.

The link, who is at the table, leaving and giving up are the remote screens' shared
:class:`~game.ui.remote_table.TableKeeper`'s (as at the card table): the banner says at once when the connection is
lost (with the reconnect countdown) or the server is silent, whoever's turn it is; after 10 s without a word a
dialog offers to keep waiting or to go back to the lobby (the game kept); a server that ended the table, or does
not know it any more, sends the player back to the lobby. The At-the-table panel stands in the side column between
the flowers and the turn log (the wait until a bot plays an absent seat counts down only while the link is open);
the flowers panel marks each seat with presence's word for it, the top bar and the banner name the seats by
presence; while the link is not live every seat's state reads "not known", and this seat takes and moves no piece
and sends nothing (the banner says why) until the server's next snapshot rebuilds the table. Esc and the top bar's
Leave send ``leave`` (the seat stays the player's; a bot plays it, the running turn
too, and its token takes it back); giving the seat up is asked twice and sends ``resign``. The connecting screen
watches the link the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from game.app import BaseScene
from game.cactus.screens import callouts, navigation
from game.cactus.screens.match_scene import MatchScene
from game.i18n import t
from game.net.client.cactus_link import CactusLink
from game.net.client.presence import SeatLine, seat_name
from game.ui import draw, presence_strip
from game.ui.remote_table import TableFacts, TableKeeper
from game.ui.rules_book import RULES_KEY
from game.ui.theme import PALETTE, SIZES
from game.ui.wake import NET_EVENT, post_wake
from game.ui.widgets import Button


class Connection(Protocol):
    def send(self, message: dict[str, Any]) -> None: ...

    def poll(self) -> list[dict[str, Any]]: ...


class _Quiet:
    """A message line that shows nothing (the connecting screen has none)."""

    def show(self, content: str, kind: str = "info", seconds: float = 3.5) -> None:
        pass

    def withdraw(self, content: str) -> None:
        pass


def pass_messages(link: CactusLink, connection: Connection) -> None:
    """What came in, to the link."""
    for message in connection.poll():
        link.receive(message)


#: How long a seeded table's note shows as the table opens (seconds).
SEEDED_NOTE_SECONDS = 8.0

class RemotePlayScene(MatchScene):
    """The table at a remote seat: the match is the link's (rebuilt in place at every turn start), this seat acts
    only on its turn, the others' input plays at game speed, the link's messages go out once a frame."""

    def __init__(self, link: CactusLink, connection: Connection, table_id: str = "", *,
                 on_resign: Callable[[], None] | None = None, seeded: bool = False) -> None:
        if link.match is None:
            raise ValueError("the link needs the table's first snapshot")
        self.link = link  # (before the match scene's set-up: the panels ask it for the seats' names)
        self.strip: pygame.Rect | None = None
        self.strip_compact = False
        self.keeper: TableKeeper | None = None  # (the panels ask it for the seats' marks during the set-up)
        super().__init__(link.match)
        self.connection = connection
        self.table_id = table_id
        self.resyncs_seen = link.resyncs
        self.turn_limits_seen = link.turn_limits
        self.errors_seen = len(link.errors)
        self.resign_errors = 0  # the link's errors when the resign was sent: a later one is its refusal
        self.leave_errors: int | None = None  # the same for a leave (None: not sent)
        #: The link, who is at the table, leaving and giving up (shared with the card table's remote screen).
        self.keeper = TableKeeper(self, self.message, connection, link.presence, link.seat, to_lobby=self.leave,
                                  on_resign=on_resign, send_resign=self._send_resign, send_leave=self._send_leave)
        self.presence_seen = 0
        #: Since the connection dropped, the snapshot count at the drop: the table is stale until the server's next
        #: snapshot (None while it is current). No piece is taken or moved meanwhile: the server cannot hear it.
        self.stale_at: int | None = None
        self.reconnects_seen = getattr(connection, "reconnects", None)
        self.leave_button.label = lambda: t("cactus.remote.leave")  # the server keeps the table: nothing to save
        self.leave_button.on_click = self.ask_leave  # asks, as Esc does: stay, leave keeping the seat, or give it up
        if seeded:  # its creator chose the seed: every seat is told as it sits down
            self.message.show(t("net.seeded.note"), "info", SEEDED_NOTE_SECONDS)
        self.controls.rules = Button(lambda: t("rules.button"), self.show_rules, style="ghost",
                                     text_size=SIZES.text_small)
        self.buttons.append(self.controls.rules)

    @property
    def on_resign(self) -> Callable[[], None] | None:
        """Called once the server confirmed that this player gave the seat up."""
        return self.keeper.on_resign if self.keeper is not None else None

    @property
    def strip_lines(self) -> list[SeatLine]:
        return self.keeper.lines if self.keeper is not None else []

    def show_rules(self) -> None:
        """The rules over the table (F1, the top bar's button). The game goes on at the server meanwhile: this
        scene is not updated while covered, so what arrives waits in the connection's queue (unbounded; the
        connection's own thread keeps the socket alive) and is taken in at the first frame after Esc. A paced
        backlog longer than the link's lag limit is played at once, so the table shows the current state."""
        self.app.push(navigation.rules_screen())

    def finish(self) -> None:
        """The game is over at the remote table: its end screen, whose one button leads back to the lobby."""
        if self.finished:
            return
        self.finished = True
        self.app.replace(navigation.end_screen(self.match, remote=True))

    @property
    def human_turn(self) -> bool:
        return self.link.active and not self.offline

    @property
    def offline(self) -> bool:
        """The link is not live (lost, or the server silent), or the table is stale since a drop until the
        server's next snapshot: this seat takes and moves nothing, and nothing is sent."""
        return self.stale_at is not None or (self.keeper is not None and not self.keeper.live)

    def _see_drop(self) -> None:
        """A drop (the connection not open, or made again since the last frame) makes the table stale until the
        server's next snapshot (it sends one as the seat is joined again)."""
        reconnects = getattr(self.connection, "reconnects", None)
        dropped = getattr(self.connection, "status", "open") != "open" or reconnects != self.reconnects_seen
        if dropped and self.stale_at is None:
            self.stale_at = self.link.snapshots
        self.reconnects_seen = reconnects

    def ask_leave(self) -> None:
        if not self.on_back():
            self.leave()

    def on_back(self) -> bool:
        """Esc (and the top bar's leave button) asks first at a seat (the table goes on without it): leave and
        keep the seat, give it up (asked once more), or stay; a spectator or a finished table just goes."""
        if self.finished or self.match.is_over or self.link.seat is None or self.keeper is None:
            return False
        self.tooltip.hover(None, (0, 0))  # a hint shown a moment ago would stand under the dialog
        self.keeper.ask_leave()
        return True

    def ask_resign(self) -> None:
        if self.keeper is not None:
            self.keeper.ask_resign()

    def resign(self) -> None:
        if self.keeper is not None:
            self.keeper.resign()

    def _send_leave(self) -> None:
        self.connection.send({"type": "leave"})
        self.leave_errors = len(self.link.errors)

    def _send_resign(self) -> None:
        self.connection.send({"type": "resign"})
        self.resign_errors = len(self.link.errors)

    # ------------------------------------------------------------------ who is at the table
    def now(self) -> float:
        """The app's clock in seconds (it goes on while the rules cover the table, so a countdown stays true)."""
        ms = self.app.last_frame_ms if hasattr(self, "app") else None
        return (ms or 0) / 1000.0

    def seat_names(self) -> list[str]:
        """The match's names, where presence names a seat its name (the match learns it at the next turn)."""
        names = list(self.match.rules.names)
        return [seat_name(self.link.presence, i, names) for i in range(len(names))]

    def seat_marks(self) -> tuple[str, ...] | None:
        """Presence's word for each seat beside its name (none while its person is here); before presence
        came, the match's "(bot)" marks."""
        if self.keeper is None or not self.keeper.lines:
            return None
        return tuple(self.keeper.marks())

    def _watch_table(self) -> None:
        keeper = self.keeper
        if keeper is None:
            return
        board = self.link.presence
        if board.changes != self.presence_seen:
            first = self.presence_seen == 0
            self.presence_seen = board.changes
            if first and hasattr(self, "app"):
                self.layout(self.app.size)  # the strip takes its place in the side column
        errors = self.link.errors
        refused = None
        if keeper.resignation.waiting and len(errors) > self.resign_errors:
            refused = str(errors[-1].get("message") or errors[-1].get("code") or "")[:200]
            self.errors_seen = len(errors)  # said in the dialog, not again as a message
        m = self.match
        keeper.update(self.now(), TableFacts(m.rules.players, self.seat_names(), m.current, m.is_over or self.finished,
                                             resigned=self.link.resigned, refused=refused,
                                             left=self.link.left_table or self._leave_refused(),
                                             ended=self.link.ended))

    def _leave_refused(self) -> bool:
        """A server that does not know ``leave`` answered it with an error: the seat is a dropped one, the player's
        either way."""
        if self.leave_errors is None or len(self.link.errors) <= self.leave_errors:
            return False
        self.errors_seen = len(self.link.errors)  # not said as a refused move
        return True

    def layout(self, size: tuple[int, int]) -> None:
        """The table's layout; once presence came, its strip between the flowers and the turn log."""
        super().layout(size)
        if self.link.presence.current is None:
            self.strip = None
            return
        self.strip, self.rects["log"], self.strip_compact = presence_strip.split(
            self.rects["log"], self.match.rules.players, keep=callouts.EXPLAIN_MIN_HEIGHT)
        self.layers.clear()
        self._compose()

    def aside_key(self) -> tuple[object, ...]:
        return (self.strip and tuple(self.strip), tuple(self.strip_lines), self.strip_compact)

    def paint_aside(self, surface: pygame.Surface) -> None:
        if self.strip is not None and self.strip_lines:
            presence_strip.paint(surface, self.strip, t("presence.title").upper(), self.strip_lines,
                                 self.strip_compact)

    def on_exit(self) -> None:
        """Leaving closes the connection, so the server sees the seat go (a bot may play it after the seat timeout;
        the token kept in the user folder takes it back) instead of a seat that stays joined with nobody at it."""
        close = getattr(self.connection, "close", None)
        if callable(close):
            close()

    def fixed_update(self, dt: float) -> None:
        m = self.match
        if self.link.active:
            if not self.woken and not self.offline:
                m.step(dt)  # noted and sent: the server and the others make the same step
        else:
            self.link.advance(dt)  # another seat's input (or the bot's), at game speed
        self.take_events(m.drain_events())

    def update(self, dt: float) -> None:
        self._see_drop()
        pass_messages(self.link, self.connection)
        if self.stale_at is not None and self.link.snapshots != self.stale_at:
            self.stale_at = None  # rebuilt from the server's snapshot: its turn is current again
        self._watch_table()
        if self.keeper is not None and self.keeper.gone:
            return
        if self.link.resyncs != self.resyncs_seen:
            self.resyncs_seen = self.link.resyncs
            self.message.show(t("cactus.remote.resynced"), "warn")
        if self.link.turn_limits != self.turn_limits_seen:
            self.turn_limits_seen = self.link.turn_limits
            self.message.show(t("cactus.remote.turn_limit"), "warn")
        if len(self.link.errors) != self.errors_seen:
            error = self.link.errors[-1]
            self.errors_seen = len(self.link.errors)
            self.message.show(t("cactus.remote.refused", message=str(error.get("message", ""))[:120]), "error")
        super().update(dt)
        if self.link.rolling:  # the die is the server's: it tumbles on until the face comes back
            self.roll_anim = max(self.roll_anim, dt)
        if self.offline:
            return  # nothing for a server that cannot hear it (what was noted goes once it is live, or the snapshot
            # after a drop replaces it)
        for message in self.link.outgoing():  # one message a frame (and one per call that can be refused)
            self.connection.send(message)

    def banner(self) -> callouts.Banner:
        """The link's news first (whoever's turn it is); then another seat's turn: whose it is (the stage prompt
        speaks to the seat that plays)."""
        m = self.match
        base = self.rects["prompt"]
        news = self.keeper.banner if self.keeper is not None else None
        if self.offline and not m.is_over and not (self.keeper is not None and self.keeper.leaving):
            text = news or t("presence.link.prompt_wait")
            if self.link.active:  # this seat's turn: its pieces wait, and the banner says why
                text = f"{text}{' ' if text.endswith(('…', '.')) else '. '}{t('presence.link.hold_turn')}"
            return callouts.Banner(text, base.copy(), False)
        if news is not None and not m.is_over:
            return callouts.Banner(news, base.copy(), False)
        if self.link.active or m.is_over:
            return super().banner()
        if self.link.status == "syncing":
            text = t("cactus.remote.syncing")
        elif m.current == self.link.seat:  # this seat's turn, and still the bot's that played it meanwhile
            text = t("presence.turn.you.returning")
        else:
            name = self.seat_names()[m.current]
            note = self.keeper.turn_note if self.keeper is not None else None
            text = note or t("cactus.remote.watching", name=name)
        return callouts.Banner(text, base.copy(), False)

    def on_enter(self) -> None:
        super().on_enter()
        if hasattr(self.connection, "wake"):
            setattr(self.connection, "wake", post_wake)  # news wakes an idle window  # noqa: B010

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == RULES_KEY:
            self.show_rules()
        elif event.type != NET_EVENT:  # the connection's wake-up: the next update reads the news
            super().handle_event(event)

    def still(self) -> bool:
        """Idle only while watching another seat that moves nothing (the world at rest, no input waiting to be
        played) and the link is well: news from the table wakes the window (:func:`post_wake`). This seat's own
        turn keeps the frames coming, since its steps are the table's clock."""
        link = self.link
        keeper = self.keeper
        calm = keeper is None or (keeper.banner is None and not keeper.lines_changed)
        return (link.status in ("watching", "over") and not link.inbox and not link.playing and not link.left
                and link.queued == 0 and calm and super().still())


class ConnectingScene(BaseScene):
    """Waits for the table's first snapshot (asking again once if it does not come), then replaces itself with
    :class:`RemotePlayScene`. It watches the link as the table does: a lost connection is said at once, a server
    silent for 10 s is asked about (keep waiting, or back to the lobby), one that closed for good or ended the
    table sends the player back."""

    def __init__(self, connection: Connection, seat: int | None, table_id: str, *,
                 on_resign: Callable[[], None] | None = None, seeded: bool = False) -> None:
        self.connection = connection
        self.seeded = seeded
        self.link = CactusLink(seat, paced=True)
        self.link.presence.table = table_id  # another table's presence is not this one's
        self.table_id = table_id
        self.on_resign = on_resign
        self.time = 0.0
        self.asked = False
        self.keeper = TableKeeper(self, _Quiet(), connection, self.link.presence, seat, to_lobby=self.leave)

    def leave(self) -> None:
        self.app.pop()

    def on_exit(self) -> None:
        if self.keeper.gone:  # back to the lobby from here: the connection goes with this screen
            close = getattr(self.connection, "close", None)
            if callable(close):
                close()

    def update(self, dt: float) -> None:
        self.time += dt
        pass_messages(self.link, self.connection)
        self.keeper.update(self.time, TableFacts(0, ended=self.link.ended))
        if self.keeper.gone:
            return
        if self.link.match is not None:
            self.app.replace(RemotePlayScene(self.link, self.connection, self.table_id, on_resign=self.on_resign,
                                             seeded=self.seeded))
            return
        if not self.asked and self.time > 2.0 and self.link.seat is not None:
            self.asked = True
            self.connection.send({"type": "sync"})  # the join's snapshot went astray: ask again

    def draw(self, surface: pygame.Surface) -> None:
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
        rect = surface.get_rect()
        draw.text(surface, t("cactus.remote.connecting", table=self.table_id), rect.center, size=SIZES.text,
                  anchor="center", color=PALETTE.ink)
        if self.keeper.banner:
            draw.text(surface, self.keeper.banner, (rect.centerx, rect.centery + 44), size=SIZES.text, bold=True,
                      anchor="center", color=PALETTE.terracotta_dark)


__all__ = ["ConnectingScene", "Connection", "RemotePlayScene"]
