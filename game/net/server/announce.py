"""The server's own announcement on the local network (``python -m game serve --advertise NAME``).

An :class:`Announcer` keeps an advertiser (:class:`game.net.discovery.Advertiser`) telling the server's open
tables, with their true free-seat counts (:meth:`~game.net.server.table_server.Server.open_tables`): it looks at
them again at most once every :data:`INTERVAL` seconds, and only when a table changed since; it sends an update
only when what is announced would differ, off the event loop (zeroconf takes half a second to send one). Where
multicast is not possible the advertiser says so in its ``note`` and does nothing; the server serves on.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from game.net.discovery import OpenTable
from game.net.server.table_server import Server

log = logging.getLogger("game.net.server.announce")

#: The least time between two looks at the open tables (seconds).
INTERVAL = 1.0


class Announcing(Protocol):
    """What the announcer needs of an advertiser (``note``: why it cannot announce, once it knows)."""

    note: str | None

    def update(self, tables: list[OpenTable]) -> None: ...

    def ready(self) -> bool: ...

    def close(self) -> None: ...


class Announcer:
    """Keeps ``advertiser`` in step with ``server``'s open tables (see the module text)."""

    def __init__(self, server: Server, advertiser: Announcing, announced: list[OpenTable]) -> None:
        self.server = server
        self.advertiser = advertiser
        #: What the advertiser tells now.
        self.announced = list(announced)
        self.seen = server.changes

    def due(self) -> list[OpenTable] | None:
        """The open tables to announce now: looked at if a table changed since the last look, None when what is
        announced stays as it is."""
        if self.server.changes == self.seen or not self.advertiser.ready():
            return None  # an update before the advertiser stands would be lost: it waits for the next look
        self.seen = self.server.changes
        tables = self.server.open_tables()
        if tables == self.announced:
            return None
        self.announced = tables
        return tables

    async def run(self) -> None:
        """Refresh every :data:`INTERVAL` seconds until cancelled, then withdraw the announcement."""
        loop = asyncio.get_running_loop()
        said = False
        try:
            while True:
                await asyncio.sleep(INTERVAL)
                if self.advertiser.note and not said:
                    said = True
                    log.warning("%s; the server serves on", self.advertiser.note)
                tables = self.due()
                if tables is not None:
                    await loop.run_in_executor(None, self.advertiser.update, tables)
                    log.info("announced %d open tables", len(tables))
        finally:
            await loop.run_in_executor(None, self.advertiser.close)


__all__ = ["INTERVAL", "Announcer", "Announcing"]
