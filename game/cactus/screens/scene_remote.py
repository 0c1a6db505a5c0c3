"""Cactus at a remote table (issue 14): the play scene over a :class:`~game.net.client.cactus_link.CactusLink`.

Scenes never import each other (DESIGN.md, layer 4), so this module holds what a remote table changes of the
play scene as a mixin, :class:`RemoteControls`; :mod:`game.cactus.room` makes the scene of it
(``RemotePlayScene(RemoteControls, PlayScene)``) and :func:`game.cactus.room.remote_play_scene` opens it.

The scene draws the link's match and sends what the link noted once a frame; the server decides (see
:mod:`game.net.server.cactus_table`). On this seat's turn the input acts on the local match at once, as in a local
game; on another seat's turn the relayed input plays on that match at game speed (``paced``), so the drag is
seen live, and nothing here acts (no local bot, no local step). ``connection`` is anything with
``send(message: dict)`` and a non-blocking ``poll() -> list[dict]`` (``game.net.client.connection.Connection``).

:class:`ConnectingScene` waits for the table's first snapshot, then replaces itself with
:class:`RemotePlayScene`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app import BaseScene
from game.cactus.screens import callouts, navigation
from game.i18n import t
from game.net.client.cactus_link import CactusLink
from game.ui import draw
from game.ui.theme import PALETTE, SIZES
from game.ui.wake import NET_EVENT, post_wake

if TYPE_CHECKING:
    from game.cactus.screens.scene_play import PlayScene as PlayBase
else:
    PlayBase = object


class Connection(Protocol):
    def send(self, message: dict[str, Any]) -> None: ...

    def poll(self) -> list[dict[str, Any]]: ...


def pass_messages(link: CactusLink, connection: Connection) -> None:
    """What came in, to the link."""
    for message in connection.poll():
        link.receive(message)


class RemoteControls(PlayBase):
    """What a remote table changes of the play scene: the match is the link's (rebuilt in place at every turn
    start), this seat acts only on its turn, the others' input plays at game speed, the link's messages go out
    once a frame. Call :meth:`attach_link` at the end of the scene's ``__init__``."""

    link: CactusLink
    connection: Connection
    table_id: str
    resyncs_seen: int
    errors_seen: int

    def attach_link(self, link: CactusLink, connection: Connection, table_id: str = "") -> None:
        self.link = link
        self.connection = connection
        self.table_id = table_id
        self.resyncs_seen = link.resyncs
        self.errors_seen = len(link.errors)
        self.leave_button.label = lambda: t("cactus.remote.leave")  # the server keeps the table: nothing to save

    def finish(self) -> None:
        """The game is over at the remote table: its end screen, whose one button leads back to the lobby."""
        if self.finished:
            return
        self.finished = True
        self.app.replace(navigation.end_screen(self.match, remote=True))

    @property
    def human_turn(self) -> bool:
        return self.link.active

    def fixed_update(self, dt: float) -> None:
        m = self.match
        if self.link.active:
            if not self.woken:
                m.step(dt)  # noted and sent: the server and the others make the same step
        else:
            self.link.advance(dt)  # another seat's input (or the bot's), at game speed
        self.take_events(m.drain_events())

    def update(self, dt: float) -> None:
        pass_messages(self.link, self.connection)
        if self.link.resyncs != self.resyncs_seen:
            self.resyncs_seen = self.link.resyncs
            self.message.show(t("cactus.remote.resynced"), "warn")
        if len(self.link.errors) != self.errors_seen:
            error = self.link.errors[-1]
            self.errors_seen = len(self.link.errors)
            self.message.show(t("cactus.remote.refused", message=str(error.get("message", ""))[:120]), "error")
        super().update(dt)
        for message in self.link.outgoing():  # one message a frame (and one per call that can be refused)
            self.connection.send(message)

    def banner(self) -> callouts.Banner:
        """Another seat's turn: whose it is (the stage prompt speaks to the seat that plays)."""
        m = self.match
        if self.link.active or m.is_over:
            return super().banner()
        base = self.rects["prompt"]
        if self.link.status == "syncing":
            text = t("cactus.remote.syncing")
        else:
            text = t("cactus.remote.watching", name=m.rules.names[m.current])
        return callouts.Banner(text, pygame.Rect(base.x, base.y, base.width, 40), False)

    def on_enter(self) -> None:
        super().on_enter()
        if hasattr(self.connection, "wake"):
            setattr(self.connection, "wake", post_wake)  # news wakes an idle window  # noqa: B010

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != NET_EVENT:  # the connection's wake-up: the next update reads the news
            super().handle_event(event)

    def still(self) -> bool:
        """Idle only while watching another seat that moves nothing (the world at rest, no input waiting to be
        played): news from the table wakes the window (:func:`post_wake`). This seat's own turn keeps the
        frames coming, since its steps are the table's clock."""
        link = self.link
        return (link.status in ("watching", "over") and not link.inbox and not link.playing and not link.left
                and link.queued == 0
                and super().still())

    def state(self) -> dict[str, Any]:
        return {**super().state(), "link": self.link.status, "seat": self.link.seat}


class ConnectingScene(BaseScene):
    """Waits for the table's first snapshot (asking again once if it does not come), then replaces itself with
    ``play(link, connection, table_id)``."""

    def __init__(self, connection: Connection, seat: int | None, table_id: str,
                 play: Callable[[CactusLink, Connection, str], BaseScene]) -> None:
        self.connection = connection
        self.link = CactusLink(seat, paced=True)
        self.table_id = table_id
        self.play = play
        self.time = 0.0
        self.asked = False

    def update(self, dt: float) -> None:
        self.time += dt
        pass_messages(self.link, self.connection)
        if self.link.match is not None:
            self.app.replace(self.play(self.link, self.connection, self.table_id))
            return
        if not self.asked and self.time > 2.0 and self.link.seat is not None:
            self.asked = True
            self.connection.send({"type": "sync"})  # the join's snapshot went astray: ask again

    def draw(self, surface: pygame.Surface) -> None:
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
        rect = surface.get_rect()
        draw.text(surface, t("cactus.remote.connecting", table=self.table_id), rect.center, size=SIZES.text,
                  anchor="center", color=PALETTE.ink)


__all__ = ["ConnectingScene", "Connection", "RemoteControls"]
