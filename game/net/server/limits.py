"""What one client may ask of the table server: the bounds per connection, per address and per server.

Every bound is counted in what it costs the server (bytes, tables, CPU) rather than in messages alone, and each
refusal has an error code of its own (docs/design.md, "Transport and limits"), so a client knows which bound it
met:

- per connection: the messages it may send (:class:`TokenBucket`: ``rate_limited``, then closed with 1008) and the
  bytes waiting for it to read (:data:`Limits.outbox_bytes`; a client that cannot keep up is closed with 1013, "try
  again later": it may join again with its token);
- per address (:class:`AddressBook`; clients on this machine only with :attr:`Limits.loopback`: tests and tools
  run there, and a local proxy would make every client one address): tables made recently (``create_rate``),
  tables of the address not over yet (``address_tables``), all-bot tables (``address_bots``), and failed
  ``join``/``claim``/``watch``/``peek`` lookups (``slow_down``: a table code cannot be guessed by trying);
- per server: connections (a connection past :data:`Limits.connections` is closed at once with 1013) and tables
  (``table_full``).

Bookkeeping only: no sockets (the server applies what it is told).
"""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    """The bounds of one server (defaults for a public server on a small machine)."""

    #: Bytes waiting to be sent to one connection before it is closed (1013): room for the largest message (a
    #: Cactus turn's snapshot and its stream, at most MAX_TURN_BYTES) and what follows it.
    outbox_bytes: int = 2 * 1024 * 1024
    #: Seconds one frame may take to leave (a reader that stopped reading) before the connection is closed (1013).
    send_timeout: float = 10.0
    #: Connections at once (those past it are closed at once with 1013).
    connections: int = 2000
    #: Tables one address may make: ``create_burst`` at once, then one per ``create_every`` seconds.
    create_burst: int = 10
    create_every: float = 6.0
    #: Tables of one address that are not over yet.
    address_tables: int = 16
    #: All-bot tables (no remote seat) of one address that are not over yet.
    address_bots: int = 2
    #: Failed lookups (join, claim, watch, peek of a code or a token that is wrong) of one address: a burst, then
    #: one per ``lookup_every`` seconds.
    lookup_burst: int = 20
    lookup_every: float = 2.0
    #: Whether the bounds per address hold for clients on this machine (loopback addresses) too.
    loopback: bool = False
    #: The proxies whose ``X-Forwarded-For`` is believed (their clients are bounded by the address it names).
    proxies: frozenset[str] = frozenset()


class TokenBucket:
    """``take()`` is True while the bucket holds a token; it refills at ``rate`` per second up to ``burst``."""

    __slots__ = ("rate", "burst", "level", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.stamp = time.monotonic()

    def refill(self) -> float:
        """The level now (what flowed in since the last look is added)."""
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.level

    def take(self) -> bool:
        if self.refill() >= 1.0:
            self.level -= 1.0
            return True
        return False

    def empty(self) -> bool:
        """Whether a :meth:`take` now would fail (nothing is taken)."""
        return self.refill() < 1.0


@dataclass
class Address:
    """What one client address holds and did."""

    creates: TokenBucket
    lookups: TokenBucket
    #: Codes of the address's tables that are not over yet, and which of them have no remote seat.
    tables: set[str] = field(default_factory=set)
    bots: set[str] = field(default_factory=set)
    connections: int = 0


class AddressBook:
    """Per-address counts (see the module doc)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.addresses: dict[str, Address] = {}
        #: Codes of tables -> the address that made them.
        self.maker: dict[str, str] = {}

    def get(self, address: str) -> Address:
        found = self.addresses.get(address)
        if found is None:
            limits = self.limits
            found = Address(TokenBucket(1.0 / limits.create_every, limits.create_burst),
                            TokenBucket(1.0 / limits.lookup_every, limits.lookup_burst))
            self.addresses[address] = found
        return found

    def bounded(self, address: str) -> bool:
        """Whether the bounds per address hold for ``address``."""
        if self.limits.loopback:
            return True
        try:
            return not ipaddress.ip_address(address).is_loopback
        except ValueError:  # not an IP address: bounded like any other
            return True

    def may_create(self, address: str, *, all_bots: bool) -> str | None:
        """None when ``address`` may make a table now, else the error code of the bound it met (nothing taken)."""
        if not self.bounded(address):
            return None
        entry = self.get(address)
        if len(entry.tables) >= self.limits.address_tables:
            return "address_tables"
        if all_bots and len(entry.bots) >= self.limits.address_bots:
            return "address_bots"
        if entry.creates.empty():
            return "create_rate"
        return None

    def created(self, address: str, code: str, *, all_bots: bool) -> None:
        if not self.bounded(address):
            return
        entry = self.get(address)
        entry.creates.take()
        entry.tables.add(code)
        if all_bots:
            entry.bots.add(code)
        self.maker[code] = address

    def ended(self, code: str) -> None:
        """Table ``code`` is over or gone: it no longer counts for its address."""
        address = self.maker.pop(code, None)
        if address is None:
            return
        entry = self.addresses.get(address)
        if entry is not None:
            entry.tables.discard(code)
            entry.bots.discard(code)
            self.forget_idle(address)

    def may_look_up(self, address: str) -> bool:
        """Whether ``address`` may try a code or token now (its failed lookups are within their bound)."""
        return not self.bounded(address) or not self.get(address).lookups.empty()

    def failed_lookup(self, address: str) -> None:
        if self.bounded(address):
            self.get(address).lookups.take()

    def connected(self, address: str) -> None:
        self.get(address).connections += 1

    def disconnected(self, address: str) -> None:
        entry = self.addresses.get(address)
        if entry is not None:
            entry.connections -= 1
            self.forget_idle(address)

    def forget_idle(self, address: str) -> None:
        """Drop an address that holds nothing and whose buckets are full again (the book does not grow for ever)."""
        entry = self.addresses.get(address)
        if entry is None or entry.connections > 0 or entry.tables:
            return
        if _full(entry.creates) and _full(entry.lookups):
            del self.addresses[address]


    def sweep(self) -> None:
        """Forget every address that holds nothing any more."""
        for address in list(self.addresses):
            self.forget_idle(address)


def _full(bucket: TokenBucket) -> bool:
    return bucket.refill() >= bucket.burst


class Outbox:
    """The text frames waiting for one connection, and their bytes (a frame is compact JSON: ASCII, as a string,
    or as the UTF-8 bytes a relay passes on undecoded)."""

    def __init__(self) -> None:
        self.frames: deque[str | bytes] = deque()
        self.bytes = 0

    def put(self, text: str | bytes) -> None:
        self.frames.append(text)
        self.bytes += len(text)

    def take(self) -> str | bytes:
        text = self.frames.popleft()
        self.bytes -= len(text)
        return text

    def __len__(self) -> int:
        return len(self.frames)


__all__ = ["Address", "AddressBook", "Limits", "Outbox", "TokenBucket"]
