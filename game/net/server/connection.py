"""One client connection of the table server: its outbox, written in order by one task, its bounds, and what it
holds now (a seat, a watch)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.net.server.cluster.relay import Relay
from game.net.server.limits import Outbox, TokenBucket
from game.net.server.options import ServerOptions

if TYPE_CHECKING:  # the server's tables hold connections, and a connection names the table it holds
    from game.net.server.table_server import Entry

log = logging.getLogger("game.net.server.table_server")

#: The close code for a connection that cannot keep up or a server that is full: "try again later" (the client
#: reconnects and joins again with its token).
SLOW_READER = 1013
#: How long a connection's closing handshake may take (seconds): a peer gone without a word (a laptop asleep)
#: holds a shutdown up no longer (the lobby's own server is killed two seconds after it was asked to stop).
CLOSE_TIMEOUT = 1.0
#: File descriptors kept free of connections: the process's own (its log, the worker pipes, a save being
#: written, Redis, the announcement), so that the descriptors never run out under a flood of connections ...
RESERVE = 48
#: ... and per worker process (its pipe and its process handle, with room to spare).
RESERVE_PER_WORKER = 4
#: How often at most the count of connections refused for want of room is logged (seconds).
SUMMARY_EVERY = 60.0


def descriptor_room(workers: int) -> int | None:
    """How many connections (sockets) the process may hold below its descriptor limit (``RLIMIT_NOFILE``), keeping
    :data:`RESERVE` free; the soft limit is raised towards the hard one first when it is the tighter. None where
    the limit cannot be read (no ``resource`` module outside Unix)."""
    try:
        import resource
    except ImportError:
        return None
    reserve = RESERVE + RESERVE_PER_WORKER * (workers + 1)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    if soft == resource.RLIM_INFINITY:
        return None
    return max(1, soft - reserve)


class Sockets:
    """The sockets the server holds, counted from the moment each is accepted (an idle one that never says a word
    holds a descriptor too, for up to the handshake's timeout); one past :attr:`most` is closed at once. The
    refusals are logged as a count, the first at once and then at most once per :data:`SUMMARY_EVERY` seconds."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open = 0
        #: Refused since the last line of the log, and when that line was written.
        self.refused = 0
        self.logged = -SUMMARY_EVERY
        self.flush: asyncio.TimerHandle | None = None

    def admit(self) -> bool:
        if self.open < self.most:
            self.open += 1
            return True
        self.refused += 1
        now = time.monotonic()
        if now - self.logged >= SUMMARY_EVERY:
            self.summary()
        elif self.flush is None:
            loop = asyncio.get_running_loop()
            self.flush = loop.call_later(SUMMARY_EVERY - (now - self.logged), self.summary)
        return False

    def closed(self) -> None:
        self.open -= 1

    def summary(self) -> None:
        if self.flush is not None:
            self.flush.cancel()
            self.flush = None
        if self.refused:
            log.warning("refused %d connection%s: too many open files (the server holds %d, all its descriptors allow)",
                        self.refused, "" if self.refused == 1 else "s", self.most)
            self.refused = 0
            self.logged = time.monotonic()

    def connection_class(self) -> type[ServerConnection]:
        """The websockets connection that counts itself here (``serve(create_connection=...)``)."""
        sockets = self

        class CountedConnection(ServerConnection):
            counted = False

            def connection_made(self, transport: Any) -> None:
                if not sockets.admit():
                    transport.abort()  # at once: the descriptor is free again before the next accept
                    return
                self.counted = True
                super().connection_made(transport)

            def connection_lost(self, exc: Exception | None) -> None:
                if not self.counted:
                    return  # refused: it never became a connection
                self.counted = False
                sockets.closed()
                super().connection_lost(exc)

        return CountedConnection


class AcceptErrors:
    """The event loop's exception handler while the server runs: a failed accept (the descriptors or the memory
    ran out: asyncio tries again and again, each try a traceback) is counted and logged as one line at most once
    per :data:`SUMMARY_EVERY` seconds; anything else goes to the handler that was there before."""

    MESSAGE = "socket.accept() out of system resource"

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.before = loop.get_exception_handler()
        self.failed = 0
        self.logged = -SUMMARY_EVERY
        self.reason = ""
        self.flush: asyncio.TimerHandle | None = None

    def install(self) -> None:
        self.loop.set_exception_handler(self)

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") != self.MESSAGE:
            if self.before is not None:
                self.before(loop, context)
            else:
                loop.default_exception_handler(context)
            return
        self.failed += 1
        exc = context.get("exception")
        self.reason = getattr(exc, "strerror", None) or str(exc or "out of resources")
        now = time.monotonic()
        if now - self.logged >= SUMMARY_EVERY:
            self.summary()
        elif self.flush is None:
            self.flush = loop.call_later(SUMMARY_EVERY - (now - self.logged), self.summary)

    def summary(self) -> None:
        if self.flush is not None:
            self.flush.cancel()
            self.flush = None
        if self.failed:
            log.error("could not accept %d connection%s: %s", self.failed, "" if self.failed == 1 else "s",
                      self.reason.lower())
            self.failed = 0
            self.logged = time.monotonic()


def counted_connections(options: ServerOptions) -> type[ServerConnection]:
    """The connection class of a server of ``options``: never more sockets than its descriptors allow
    (:func:`descriptor_room`). The server's own bound of connections (:attr:`Limits.connections`) is kept after
    the handshake, politely (1013); this one, for the descriptors, closes a socket at once."""
    room = descriptor_room(options.workers)
    most = sys.maxsize if room is None else room
    if most < options.limits.connections:
        log.info("the file descriptors allow %d connections at once", most)
    return Sockets(most).connection_class()


class Conn:
    """One client connection: its outbox (written in order by one task) and what it holds now."""

    def __init__(self, ws: ServerConnection, number: int, options: ServerOptions, address: str = "?") -> None:
        self.ws = ws
        self.number = number
        self.address = address
        self.limits = options.limits
        self.outbox = Outbox()
        self.ready = asyncio.Event()
        #: Set while nothing waits to be sent.
        self.sent_all = asyncio.Event()
        self.sent_all.set()
        self.bucket = TokenBucket(options.rate, options.burst)
        self.patience = TokenBucket(options.rate / 10, options.patience)
        self.entry: Entry | None = None
        self.seat: int | None = None
        self.watching = False
        #: It asked for the table's bodies as they stand (a client without physics): audience BODY_WATCHERS.
        self.bodies = False
        #: Closing: nothing more it sends is handled; the answer to a message in the middle of its handling still
        #: goes out before the close (``gone``: nothing at all is sent any more).
        self.closing = False
        self.gone = False
        #: Set while none of its messages is being handled.
        self.idle = asyncio.Event()
        self.idle.set()
        #: Bytes of its messages admitted and not handled yet.
        self.waiting = 0
        #: Refused messages by error code: the first of each code is logged, the rest counted (and summed up when
        #: the connection goes), so a client sending garbage cannot fill the operator's log.
        self.refused: dict[str, int] = {}
        #: With ``--redis``: its links to the processes that hold the tables it named (by process id), and the one
        #: that holds its seat or its watch (None: this process).
        self.relays: dict[str, Relay] = {}
        self.remote: str | None = None
        #: When the frame on its way began to be sent (loop time; None: none is), and the timer that watches it:
        #: a timer of its own for every frame cost the loop more than the frame's sending.
        self.send_began: float | None = None
        self.send_watch: asyncio.TimerHandle | None = None

    def push(self, text: str | bytes) -> None:
        if self.gone:
            return
        if self.outbox.bytes + len(text) > self.limits.outbox_bytes:  # compact JSON is ASCII: characters are bytes
            log.warning("#%d reads too slowly (%d bytes waiting); closing it", self.number, self.outbox.bytes)
            self.close(SLOW_READER, "you read too slowly; join again")
            self.gone = True
            return
        self.outbox.put(text)
        self.ready.set()
        self.sent_all.clear()

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            asyncio.get_running_loop().create_task(self.say_goodbye(code, reason))

    async def say_goodbye(self, code: int, reason: str) -> None:
        """Close with ``code`` once what waits for the peer was sent (the answers to a flood, say, come before the
        close); a peer that takes neither within :data:`CLOSE_TIMEOUT` each (it stopped reading: the close frame
        would wait behind what it did not read) is cut off."""
        try:
            await asyncio.wait_for(self.idle.wait(), CLOSE_TIMEOUT)
            await asyncio.wait_for(self.sent_all.wait(), CLOSE_TIMEOUT)
            self.gone = True
            await asyncio.wait_for(self.ws.close(code, reason), CLOSE_TIMEOUT)
        except TimeoutError:
            self.gone = True
            self.ws.transport.abort()

    async def write(self) -> None:
        """Send the outbox in order; a frame that cannot leave within the send timeout (a peer that stopped
        reading: no keepalive is sent while a send waits) closes the connection (:meth:`watch_send`)."""
        loop = asyncio.get_running_loop()
        try:
            with contextlib.suppress(ConnectionClosed):
                while True:
                    if not self.outbox:
                        self.sent_all.set()
                        self.ready.clear()
                        await self.ready.wait()
                        continue
                    self.send_began = loop.time()
                    if self.send_watch is None:  # one timer per send timeout, not one per frame
                        self.send_watch = loop.call_at(self.send_began + self.limits.send_timeout, self.watch_send)
                    await self.ws.send(self.outbox.take(), text=True)
                    self.send_began = None
        finally:
            if self.send_watch is not None:
                self.send_watch.cancel()
                self.send_watch = None

    def watch_send(self) -> None:
        """(The send timer) cut the connection off when the frame on its way has taken the whole send timeout;
        else wait for that frame's own deadline (none while nothing is sent: the next frame sets the timer again)."""
        self.send_watch = None
        began = self.send_began
        if began is None or self.gone:
            return
        loop = asyncio.get_running_loop()
        timeout = self.limits.send_timeout
        if loop.time() < began + timeout:
            self.send_watch = loop.call_at(began + timeout, self.watch_send)
            return
        log.warning("#%d has read nothing for %g s; closing it", self.number, timeout)
        self.closing = self.gone = True
        self.ws.transport.abort()  # a close frame could not reach it either


__all__ = ["AcceptErrors", "CLOSE_TIMEOUT", "Conn", "SLOW_READER", "Sockets", "counted_connections", "descriptor_room"]
