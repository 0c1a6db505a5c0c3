"""A client's messages for a table that another process of the cluster holds: passed there and back.

A process that is asked for a table it does not hold (:mod:`.directory`) opens a :class:`Relay`, a
websocket connection of its own to the owner's peer address, for that client connection: the client's frames
for that table go there as they came, and everything the owner sends comes back to the client as it was sent
(no frame is decoded on the way). The relay introduces itself with the cluster's shared secret and its client's
address (:data:`RELAY_HEADER`, :data:`CLIENT_HEADER`), so the owner bounds the client by its own address, not by
the relaying process's. When the owner's end closes (it died, it let the table go), the relay says so through
``on_close``: the client is asked to connect again, and its join then finds the table's new owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

log = logging.getLogger("game.net.server.cluster.relay")

#: The header of a relaying process: the cluster's secret.
RELAY_HEADER = "X-Garden-Relay"
#: The header with the relayed client's address (believed only with the right secret).
CLIENT_HEADER = "X-Garden-Client"
#: How long opening the connection to the owner may take (seconds).
OPEN_TIMEOUT = 2.0
#: The largest frame the owner may send (a Cactus snapshot is large).
MAX_SIZE = 8 * 2**20


class Relay:
    """One client connection's link to the process that holds its table (see the module text)."""

    def __init__(self, owner: str, ws: ClientConnection, push: Callable[[str | bytes], None],
                 on_close: Callable[[Relay], None]) -> None:
        self.owner = owner
        self.ws = ws
        self.push = push
        self.on_close = on_close
        self.closed = False
        self.reader = asyncio.get_running_loop().create_task(self.read())

    @classmethod
    async def open(cls, owner: str, url: str, secret: str, client: str, push: Callable[[str | bytes], None],
                   on_close: Callable[[Relay], None]) -> Relay:
        """A relay to process ``owner`` at ``url`` (OSError, TimeoutError or a websockets error when it cannot be
        reached)."""
        ws = await connect(url, compression=None, max_size=MAX_SIZE, open_timeout=OPEN_TIMEOUT, ping_interval=20,
                           ping_timeout=40, close_timeout=1.0,
                           additional_headers={RELAY_HEADER: secret, CLIENT_HEADER: client})
        return cls(owner, ws, push, on_close)

    async def send(self, raw: str | bytes) -> None:
        """Pass one client frame on (a closed relay drops it: its client is being asked to connect again)."""
        if self.closed:
            return
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(raw, text=True)

    async def read(self) -> None:
        try:
            while True:
                self.push(await self.ws.recv(decode=False))  # passed on as the text frame it came as
        except ConnectionClosed:
            pass
        finally:
            was_closed = self.closed
            self.closed = True
            if not was_closed:
                self.on_close(self)

    async def close(self) -> None:
        """Let go of the link (the owner sees its connection drop, like a client's)."""
        self.closed = True
        await self.ws.close()
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reader


__all__ = ["CLIENT_HEADER", "RELAY_HEADER", "Relay"]
