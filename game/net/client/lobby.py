"""Taking a seat at a table on a server: hosting one or joining one by its code (no pygame, no blocking).

:class:`Seating` drives one connection through the messages of docs/design.md's "Remote play" until the seat is
taken, one step per frame (:meth:`Seating.step`):

- host: ``create`` with ``"hold": true`` -> ``created`` (the tokens of the remote seats) -> ``join`` with the
  first remote seat's token (the host's own seat: the server keeps it for the creator, so no claim can hand it
  out, not even before the host's join);
- join by code: ``claim`` -> ``claimed`` (a free seat, a token for it, the room) -> ``join``;
- rejoin: ``join`` with a seat's token (the host back at the table after leaving it).

Each of them carries the player's ``name`` where there is one (the server shows it on the seat), and the
player's id (``player``, :mod:`game.net.client.identity`): a server never gives one person two seats at a table,
and a claim by a person who holds a seat there is refused with ``already_seated`` (problem ``already_seated``,
the seat in :attr:`Seating.held_seat`; this machine has no token for it, and nothing is lost or claimed).

The lobby's seatings begin with ``hello`` (``greet``; :meth:`Seating.enter` always): the server's id and
addresses (:attr:`Seating.hello`) key the seat book (:mod:`game.net.client.seats`) and give the code its
reachable address. A join by code learns the id first, then looks up the seat held at (id, table) and takes
it back with its token, or claims a free one. A server that does not know ``hello`` (an older one) answers an
error: the seating goes on without an id.

A ``create`` or ``claim`` carries a random ``request`` id. When the connection drops before the answer came
and is made again, the request is sent again: the server answers a request it knows with the same table and
tokens (the same seat and token), so a lost answer neither strands the seating nor makes a second table or
takes a second seat. (A ``join`` the connection sends again itself.)

Then ``joined``: a card table waits for its first ``state`` and offers a ready
:class:`~game.net.client.remote_cards.RemoteTable`; any other room is ready at once and hands its connection on with
the messages that came after ``joined`` (:attr:`Seating.leftover`).

The lobby itself never sends a seed (the server draws a secret one); ``created``, ``claimed`` and ``joined`` say
whether the table is ``seeded`` (its creator chose the seed, so can know the deal): :attr:`Seating.seeded`.

``claim`` is the lobby's addition to the wire format: ``{"type": "claim", "table": id}`` ->
``{"type": "claimed", "table": id, "room": room, "seat": s, "token": "...", "seeded": bool}`` (a remote seat
nobody joined or claimed yet, with a new token), or the error ``table_full`` (none is left) or ``no_table``.

Problems are ids (:attr:`Seating.problem`): ``unreachable``, ``full``, ``no_table``, ``ended``, ``bad_token`` (a
token the seat no longer takes), ``refused`` (any other error; :attr:`Seating.detail` has the server's text),
``already_seated`` and ``lost`` (the connection dropped and the reconnect attempts ran out).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from game.net.client.remote_cards import Link, RemoteSeat, RemoteTable
from game.net.client.servers import Hello, read_hello

PHASES = ("greeting", "creating", "claiming", "joining", "starting", "ready", "failed")

PROBLEMS = {"table_full": "full", "no_table": "no_table", "table_over": "ended", "bad_token": "bad_token",
            "already_seated": "already_seated"}

#: What a join by code asks the seat book once the server's id is known: the (seat, token, room) held at this
#: table of that server (id None: a server without one), or None.
Lookup = Callable[[str | None], "tuple[int, str, str] | None"]


class Seating:
    """One connection on its way to a seat (see the module text)."""

    def __init__(self, link: Link, room: str, name: str = "", player: str = "") -> None:
        self.link = link
        self.room = room
        #: The player's name, sent with the create, claim and join ("" sends none).
        self.name = name
        #: The player's id, sent with the create, claim and join ("" sends none).
        self.player = player
        #: The server's answer to ``hello`` (None: not asked, not answered yet, or a server without one).
        self.hello: Hello | None = None
        #: What is done once the hello is answered (the create or the claim/join that waits for it).
        self._after_hello: Callable[[], None] | None = None
        #: already_seated: the seat the server says this person holds at the table.
        self.held_seat: int | None = None
        self.phase = "joining"
        self.table: str | None = None
        self.seat: int | None = None
        #: The token of the seat joined (or being joined): the key to take it back later.
        self.token: str | None = None
        #: The host's tokens of every remote seat (host only).
        self.tokens: dict[int, str] = {}
        self.problem: str | None = None
        self.detail = ""
        self.remote: RemoteTable | None = None
        #: Messages after ``joined`` that the room's scene is to read (rooms other than the card table).
        self.leftover: list[dict[str, Any]] = []
        self.seats: list[RemoteSeat] = []
        #: The create or claim waiting for its answer (sent again after a reconnect), and the link's reconnects.
        self.request: dict[str, Any] | None = None
        self.reconnects: int = getattr(link, "reconnects", 0)
        #: Host: join the creator's seat at once (else it is only kept for the creator, see :meth:`host`).
        self.sit = True
        #: The server said the table's creator chose its seed (``created``, ``claimed`` or ``joined``).
        self.seeded = False

    # -- the two ways in ------------------------------------------------------------------------------------
    @classmethod
    def host(cls, link: Link, room: str, kinds: list[str], seed: int | None = None, *, name: str = "",
             sit: bool = True, player: str = "", greet: bool = False, **options: Any) -> Seating:
        """Create a table of ``kinds`` (each "remote" or a bot kind) and take its first remote seat; ``seed``
        None: the server draws a fresh one (a new game every time). ``sit`` False: the seat is kept for the
        creator (its token in :attr:`tokens`) but not joined: the seating is ready once the table is made, and
        the others see the host as not sat down yet until the host joins with the token."""
        seating = cls(link, room, name, player)
        seating.sit = sit
        seating.seats = [RemoteSeat("", kind if kind != "remote" else "human") for kind in kinds]
        seeded = {} if seed is None else {"seed": seed}

        def create() -> None:
            seating.phase = "creating"
            seating.ask({"type": "create", "room": room, "seats": list(kinds), **seeded, **options, "hold": True,
                         **seating.named()})

        seating._greet(create) if greet else create()
        return seating

    @classmethod
    def rejoin(cls, link: Link, room: str, table: str, seat: int, token: str,
               kinds: list[str] | None = None, *, name: str = "", player: str = "", greet: bool = False) -> Seating:
        """Take seat ``seat`` of ``table`` with its token; ``greet``: ``hello`` first, so the seat is kept under the
        server's id (never a second time under the address it was reached at)."""
        seating = cls(link, room, name, player)
        seating.table, seating.seat = table, seat
        seating.seats = [RemoteSeat("", kind if kind != "remote" else "human") for kind in kinds or []]
        seating._greet(lambda: seating._send_join(token)) if greet else seating._send_join(token)
        return seating

    @classmethod
    def join(cls, link: Link, room: str, table: str, *, name: str = "", player: str = "") -> Seating:
        """Ask the server for a free seat of ``table`` and take it."""
        seating = cls(link, room, name, player)
        seating.table = table
        seating._claim()
        return seating

    @classmethod
    def enter(cls, link: Link, room: str, table: str, lookup: Lookup, *, name: str = "",
              player: str = "") -> Seating:
        """Join ``table`` by its code: ``hello`` first, then the seat ``lookup`` finds held at (the server's id,
        ``table``) taken back with its token, or else a free one claimed."""
        seating = cls(link, room, name, player)
        seating.table = table

        def sit() -> None:
            held = lookup(seating.hello.server if seating.hello is not None else None)
            if held is None:
                seating._claim()
                return
            seating.seat, token, held_room = held
            seating.room = held_room or seating.room
            seating._send_join(token)

        seating._greet(sit)
        return seating

    def _claim(self) -> None:
        self.phase = "claiming"
        self.ask({"type": "claim", "table": self.table, **self.named()})

    def _greet(self, then: Callable[[], None]) -> None:
        self.phase, self._after_hello = "greeting", then
        self.link.send({"type": "hello"})

    def named(self) -> dict[str, str]:
        """The ``name`` and ``player`` fields of a create, claim or join (none when the player has none)."""
        return {**({"name": self.name} if self.name else {}), **({"player": self.player} if self.player else {})}

    def ask(self, message: dict[str, Any]) -> None:
        """Send a create or claim with a new ``request`` id, remembered until its answer comes."""
        self.request = {**message, "request": secrets.token_urlsafe(12)}
        self.link.send(self.request)

    # -- every frame ----------------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.phase in ("ready", "failed")

    def fail(self, problem: str, detail: str = "") -> None:
        self.phase, self.problem, self.detail = "failed", problem, detail

    def step(self) -> None:
        """Read what arrived and answer it; a lost or unreachable server fails the seating."""
        if self.done:
            return
        if self.link.status == "failed":
            self.fail("unreachable", self.link.error or "")
            return
        if self.remote is not None:
            self._starting()
            return
        reconnects = getattr(self.link, "reconnects", 0)
        if reconnects != self.reconnects:
            self.reconnects = reconnects
            if self.phase in ("creating", "claiming") and self.request is not None:
                self.link.send(self.request)  # the answer may have been lost with the connection
            elif self.phase == "greeting":
                self.link.send({"type": "hello"})
        messages = self.link.poll()
        for i, message in enumerate(messages):
            kind = message.get("type")
            if self.phase == "greeting":
                if kind in ("hello", "error"):  # an error: a server that does not know hello goes on without
                    self._greeted(message)
                    if self.done:
                        return
                continue
            if kind in ("created", "claimed", "joined") and message.get("seeded") is True:
                self.seeded = True
            if kind == "error":
                code = str(message.get("code", ""))
                seat = message.get("seat")
                if code == "already_seated" and isinstance(seat, int) and not isinstance(seat, bool):
                    self.held_seat = seat
                # a create refused (a room this server does not hold, say): the server's own words
                problem = "refused" if self.phase == "creating" else PROBLEMS.get(code, "refused")
                self.fail(problem, str(message.get("message", "")))
                return
            if kind == "created" and self.phase == "creating":
                self._created(message)
            elif kind == "claimed" and self.phase == "claiming":
                self._claimed(message)
            elif kind == "joined" and self.phase == "joining":
                rest = messages[i + 1:]
                if self.room == "artischocken":
                    assert self.table is not None and self.seat is not None
                    self.remote = RemoteTable(self.link, self.table, self.seat, self.seats or None)
                    self.remote.joined = True
                    self.phase = "starting"
                    for later in rest:
                        self.remote.session.receive(later)
                    self._starting(poll=False)
                else:
                    self.leftover = rest
                    self.phase = "ready"
                return

    def _greeted(self, message: dict[str, Any]) -> None:
        self.hello = read_hello(message)
        then, self._after_hello = self._after_hello, None
        if then is not None:
            then()

    def _created(self, message: dict[str, Any]) -> None:
        tokens = message.get("tokens")
        table = message.get("table")
        if not isinstance(table, str) or not isinstance(tokens, dict) or not tokens:
            self.fail("refused", "the server created the table without a remote seat")
            return
        self.table = table
        self.tokens = {int(seat): str(token) for seat, token in tokens.items()
                       if str(seat).isascii() and str(seat).isdigit()}  # "²".isdigit(), but int("²") fails
        if not self.tokens:
            self.fail("refused", "the server sent no seat tokens")
            return
        self.seat = min(self.tokens)
        if self.sit:
            self._send_join(self.tokens[self.seat])
        else:
            self.phase, self.request, self.token = "ready", None, self.tokens[self.seat]

    def _claimed(self, message: dict[str, Any]) -> None:
        seat, token = message.get("seat"), message.get("token")
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(token, str):
            self.fail("refused", "the server's answer to claim had no seat and token")
            return
        self.seat = seat
        room = message.get("room")
        if isinstance(room, str) and room:
            self.room = room
        self._send_join(token)

    def _send_join(self, token: str) -> None:
        self.phase, self.request, self.token = "joining", None, token
        self.link.send({"type": "join", "table": self.table, "seat": self.seat, "token": token, **self.named()})

    def _starting(self, poll: bool = True) -> None:
        remote = self.remote
        assert remote is not None
        if poll:
            remote.pump()
        if remote.ended is not None:
            self.fail("ended" if remote.ended == "table_over" else "no_table")
        elif remote.session.problem is not None and not remote.session.ready:
            problem = remote.session.problem
            self.fail(PROBLEMS.get(problem.code, "refused"), problem.message)
        elif remote.session.ready:
            self.phase = "ready"

    @property
    def free_seats(self) -> int:
        """Host: the remote seats besides the host's own (for others to claim)."""
        return max(0, len(self.tokens) - 1)


__all__ = ["PHASES", "Seating"]
