"""A Cactus table and its clients in one process: a tiny driver playing the server's part (routing every
message through JSON, as the wire does), and a human-like turn with a real drag."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from game.cactus.bots.simple import Bot
from game.cactus.match import Match, MatchError, Stage
from game.net.client.cactus_link import CactusLink
from game.net.server import cactus_table
from game.net.server.room_table import BODY_WATCHERS, SPECTATORS, Delivery, TableError

DT = 0.01  # the app's fixed step


def wire(message: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(message, separators=(",", ":")))  # type: ignore[no-any-return]


class Loop:
    """The server's part in-process: a table, a link per remote seat, spectators; :meth:`pump` moves messages."""

    def __init__(self, seats: list[str], seed: int = 1, spectators: int = 1, **create: Any) -> None:
        self.table = cactus_table.create({"type": "create", "room": "cactus", "seats": seats, "seed": seed,
                                          **create})
        self.links = {s: CactusLink(s) for s, kind in enumerate(seats) if kind == "remote"}
        self.watchers = [CactusLink(None) for _ in range(spectators)]
        self.sent: list[tuple[int, dict[str, Any]]] = []  # every client -> server message
        self.server_ends: list[tuple[int, str]] = []  # (turn, checksum) of every turn end the table sent
        self.errors: list[tuple[int, dict[str, Any]]] = []
        for seat in self.links:
            self.route(self.table.join(seat), joined=seat)
        for w in self.watchers:
            self.route(self.table.join(None), watcher=w)

    def route(self, deliveries: list[Delivery], *, joined: int | None = None,
              watcher: CactusLink | None = None) -> None:
        for audience, message in deliveries:
            if audience == BODY_WATCHERS:
                continue  # a link runs the physics itself: it never asks for the bodies
            message = wire(message)
            if message.get("type") == "turn" and message.get("reason") == "turn_end" and message["ended"]:
                end = (message["ended"]["turn"], message["ended"]["checksum"])
                if not self.server_ends or self.server_ends[-1] != end:
                    self.server_ends.append(end)
            if watcher is not None:
                watcher.receive(message)  # a join answers the joining connection only
            elif joined is not None:
                self.links[joined].receive(message)
            elif audience == SPECTATORS:
                for w in self.watchers:
                    w.receive(message)
            elif audience in self.links:
                self.links[audience].receive(message)

    def pump(self, bots: bool = True) -> None:
        """Send what every link has to send; let due bots move."""
        for _ in range(1000):
            moved = False
            for seat, link in self.links.items():
                for message in link.outgoing():
                    moved = True
                    message = wire(message)
                    self.sent.append((seat, message))
                    try:
                        self.route(self.table.act(seat, message))
                    except TableError as exc:
                        self.errors.append((seat, exc.reply()))
                        link.receive(exc.reply())
            if bots and self.table.bot_due():
                self.route(self.table.bot_move())
                moved = True
            if not moved:
                return

    def all_links(self) -> list[CactusLink]:
        return [*self.links.values(), *self.watchers]


def human_turn(link: CactusLink, pump: Callable[[], None], *, steps_per_pump: int = 2, forge: bool = False) -> None:
    """The seat whose turn it is plays like a person through its link's match: roll, take, grab the piece in the
    air above where the bot would drop it, drag it down along a wavy path (steps and pointer moves), let go, let it
    settle, place again while a rule is broken, confirm. ``forge``: just before the confirm the client gives itself
    flowers on its own copy (a forged verdict: its claim then says so)."""
    match = link.match
    assert match is not None and link.active
    bot = Bot()
    turn = match.turn_key
    for _ in range(12):
        while match.stage in (Stage.ROLL, Stage.CHOOSE):
            bot.act(match)
            if link.rolling:  # the die is the server's: its face comes back with the relay
                pump()
        if match.stage == Stage.IN_HAND:
            drag_in(match, bot, pump, steps_per_pump)
        k = 0
        while match.stage == Stage.SETTLING:
            match.step(DT)
            k += 1
            if k % steps_per_pump == 0:
                pump()
        if match.stage == Stage.JUDGED and not match.violations:
            break
        if match.stage == Stage.JUDGED:
            match.take_back()
    assert match.can_confirm, match.stage
    if forge:
        match.rules.bank.award(match.current, 3)
    match.confirm(claims=[a.kind for a in match.preview_awards()] if match.rules.options.strict_claim else None)
    assert match.turn_key != turn or match.is_over
    pump()


def drag_in(match: Match, bot: Bot, pump: Callable[[], None], steps_per_pump: int) -> None:
    x, y, angle = bot.plan(match)
    match.rotate(angle - match.hand_angle)
    high = (x, y + 35.0)
    try:
        match.grab_new(high)
    except MatchError:
        match.drop((x, y), angle)  # no room up there: put it down as the bot would
        return
    frames = 40
    for k in range(1, frames + 1):
        match.move_hand((x + 3.0 * math.sin(k / 4), y + 35.0 - 35.0 * k / frames))
        match.step(DT)
        if k % steps_per_pump == 0:
            pump()
    for _ in range(10):
        match.step(DT)
    match.release()
    pump()


class LoopConnection:
    """A scene's connection to the in-process table (``send`` / non-blocking ``poll``): what it sends is routed to
    the table at once, except the message types in ``hold`` (only noted in ``sent``: the test answers those)."""

    def __init__(self, loop: Loop, seat: int, *, hold: tuple[str, ...] = ()) -> None:
        self.loop = loop
        self.seat = seat
        self.hold = hold
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.status = "open"

    @property
    def closed(self) -> bool:
        return self.status == "closed"

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        if message.get("type") in self.hold:
            return
        try:
            self.loop.route(self.loop.table.act(self.seat, wire(message)))
        except TableError as exc:
            self.inbox.append(exc.reply())

    def poll(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out

    def close(self) -> None:
        self.status = "closed"


class Inbox(CactusLink):
    """Stands in the loop for the scene's seat: what the table sends it goes to the scene's connection."""

    def __init__(self, connection: LoopConnection) -> None:
        super().__init__(connection.seat)
        self.connection = connection

    def receive(self, message: Any) -> None:
        self.connection.inbox.append(message)

    def outgoing(self) -> list[dict[str, Any]]:
        return []  # the scene sends through its connection
