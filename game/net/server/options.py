"""The options of a table server (``python -m game serve``'s flags, and the tests' own)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.net.server.limits import Limits

#: How long a finished table is kept, with its result and its replay (seconds): 30 days.
KEEP_FINISHED = 30 * 24 * 3600.0


@dataclass
class ServerOptions:
    data: Path
    #: How long a dropped seat waits for its player before a bot may take it over (seconds).
    seat_timeout: float = 120.0
    #: Messages per second a connection may send, sustained, and in one burst.
    rate: float = 120.0
    burst: float = 240.0
    #: Dropped messages a connection may send before it is closed (refilled at a tenth of ``rate``).
    patience: float = 100.0
    max_tables: int = 10_000
    #: How long a finished table is kept after its end (with its result and replay, across restarts: the end is
    #: saved as wall-clock time) before it is dropped, once nobody is connected to it.
    keep_finished: float = KEEP_FINISHED
    #: Worker processes that hold the tables (0: this process, the tables' calls made on the event loop).
    workers: int = 0
    #: How long a person connected to a table may take for one turn before the table ends it its way (a Cactus
    #: turn is finished by the bot; seconds).
    turn_time: float = 600.0
    #: How long a table that no person ever sat down at is kept (seconds).
    keep_unjoined: float = 24 * 3600.0
    #: The bounds per connection, per address and per server (:mod:`game.net.server.limits`).
    limits: Limits = field(default_factory=Limits)
    #: The Redis of a cluster of server processes (``redis://HOST:PORT/DB``; None: this process alone, its tables
    #: saved in ``data``), and where the other processes reach this one (None: the address it listens on).
    redis: str | None = None
    peer: str | None = None
    #: The name the server goes by (``--advertise NAME``), told in ``hello``; None: none.
    name: str | None = None


__all__ = ["KEEP_FINISHED", "ServerOptions"]
