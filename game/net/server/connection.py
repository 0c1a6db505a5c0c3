"""One client connection of the table server: its outbox, written in order by one task, its bounds, and what it
holds now (a seat, a watch)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

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
        reading: no keepalive is sent while a send waits) closes the connection."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                if not self.outbox:
                    self.sent_all.set()
                    self.ready.clear()
                    await self.ready.wait()
                    continue
                try:
                    async with asyncio.timeout(self.limits.send_timeout):  # no task of its own per frame
                        await self.ws.send(self.outbox.take(), text=True)
                except TimeoutError:
                    log.warning("#%d has read nothing for %g s; closing it", self.number, self.limits.send_timeout)
                    self.closing = self.gone = True
                    self.ws.transport.abort()  # a close frame could not reach it either
                    return


__all__ = ["CLOSE_TIMEOUT", "Conn", "SLOW_READER"]
