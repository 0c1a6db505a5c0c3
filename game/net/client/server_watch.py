"""Which servers answer now, and where: ``hello`` asked again every few seconds in a thread (no pygame).

An mDNS announcement only hints that a server may be there (its records outlive a killed server by minutes),
and the address a seat was taken at may hold nobody after the server came back on another port. So the lobby
hands :meth:`ServerWatch.look` every address worth asking (the found servers', the program's own server's, the
ones its tables' servers last said), and the watch asks each of them ``hello`` every :data:`EVERY` seconds in a
thread of its own; the lobby reads :meth:`ServerWatch.alive` and :meth:`ServerWatch.where` each frame without
waiting. A server counts as there only while its last answer is at most :data:`KEEP` seconds old: one that stops
answering is gone within that (less than 10 s), whatever mDNS still says.

:func:`found_rows` turns what the network announced into the found list that tells the truth: only servers
that answered, one row per server id (the same server heard under its LAN address and 127.0.0.1 is one row,
its LAN address kept), the program's own server marked as the player's own.

The clock and the asking are handed in (``clock``, ``ask``), so tests run rounds by hand on a clock of their own.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from game.net.client.rounds import AsksInRounds, Rounds
from game.net.client.servers import Hello, KnownServers, is_loopback, say_hello, ws_url
from game.net.discovery import FoundServer, OpenTable

#: Seconds between two rounds of hellos; the oldest answer that still counts. A server that stops answering is
#: noticed at the first round after its last answer grew too old: within KEEP + EVERY (under 10 s).
EVERY, KEEP = 2.5, 7.0
#: Seconds a hello may take before the address counts as not answering this round.
TIMEOUT = 2.0
#: Hellos asked at the same time.
AT_ONCE = 8


class ServerWatch(AsksInRounds):
    """Asks the addresses of :meth:`look` ``hello`` again and again (see the module text). ``start`` False: no
    thread, rounds only by :meth:`run_round` (tests). ``known``: the directory every answer is written into.
    ``wake`` is called (in the thread) when the servers that answer changed."""

    def __init__(self, *, ask: Callable[[str], Hello | None] | None = None,
                 clock: Callable[[], float] = time.monotonic, every: float = EVERY, keep: float = KEEP,
                 known: KnownServers | None = None, wake: Callable[[], None] | None = None,
                 start: bool = True) -> None:
        self.ask = ask if ask is not None else (lambda url: say_hello(url, TIMEOUT))
        self.clock = clock
        self.every, self.keep = every, keep
        self.known = known
        self._lock = threading.Lock()
        self._urls: list[str] = []
        self._answers: dict[str, tuple[Hello, float]] = {}
        #: Counts the rounds after which the servers that answer were not the same as after the round before.
        self.version = 0
        # What answered as of the last round's end: an answer that grew too old between two rounds is a change
        # the next round reports (else nothing wakes the window and the dead server stays drawn).
        self._stood: frozenset[tuple[str, str]] = frozenset()
        self.rounds = Rounds("server watch", self.run_round, every, wake=wake, start=start)

    def look(self, urls: Iterable[str]) -> None:
        """Ask these addresses from now on (at once when there are new ones)."""
        wanted = list(dict.fromkeys(u.rstrip("/") for u in urls if u))
        with self._lock:
            new = set(wanted) - set(self._urls)
            self._urls = wanted
        if new or not self.active:
            self.rounds.ask_now()

    def alive(self, url: str) -> Hello | None:
        """What the server at ``url`` said, while its last answer counts (None: it does not answer)."""
        with self._lock:
            said = self._answers.get(url.rstrip("/"))
        return said[0] if said is not None and self.clock() - said[1] <= self.keep else None

    def forget(self, url: str) -> None:
        """The server at ``url`` was just found not to answer: its last answer no longer counts."""
        with self._lock:
            self._answers.pop(url.rstrip("/"), None)

    def where(self, server: str) -> str | None:
        """An address the server ``server`` answers at now (the latest answer first; None: nowhere)."""
        now = self.clock()
        with self._lock:
            answers = [(seen, url) for url, (hello, seen) in self._answers.items()
                       if hello.server == server and now - seen <= self.keep]
        return max(answers)[1] if answers else None

    def _standing(self) -> frozenset[tuple[str, str]]:
        now = self.clock()
        with self._lock:
            return frozenset((url, hello.server) for url, (hello, seen) in self._answers.items()
                             if now - seen <= self.keep)

    def run_round(self) -> bool:
        """Ask every address once (several at a time); True when the servers that answer changed."""
        with self._lock:
            urls = list(self._urls)
        if urls:
            with ThreadPoolExecutor(max_workers=min(AT_ONCE, len(urls))) as pool:
                said = list(pool.map(self._ask_one, urls))
            now = self.clock()
            with self._lock:
                for url, hello in zip(urls, said, strict=True):
                    if hello is not None:
                        self._answers[url] = (hello, now)
                for url in [u for u in self._answers if u not in urls]:
                    del self._answers[url]  # no longer asked: it says nothing any more
            if self.known is not None:
                for url, hello in zip(urls, said, strict=True):
                    if hello is not None:
                        self.known.note(hello, url, now)
        standing = self._standing()
        changed, self._stood = standing != self._stood, standing
        if changed:
            self.version += 1
        return changed

    def _ask_one(self, url: str) -> Hello | None:
        try:
            return self.ask(url)
        except Exception:  # an address that cannot be asked at all answers nothing, like a silent one
            return None


@dataclass(frozen=True)
class FoundRow:
    """A server of the found list: its id, where it answers, its name, its open tables, and whether it is the
    program's own server."""

    server: str
    url: str
    name: str
    tables: tuple[OpenTable, ...]
    own: bool


def found_url(found: FoundServer) -> str:
    return ws_url(found.host, found.port)


def found_rows(found: Iterable[FoundServer], watch: ServerWatch, own: str | None) -> list[FoundRow]:
    """The found list that tells the truth (see the module text): ``found`` as mDNS heard it, ``own`` the id of
    the program's own server (None: none known)."""
    rows: dict[str, FoundRow] = {}
    for server in found:
        url = found_url(server)
        hello = watch.alive(url)
        if hello is None or (server.server_id is not None and server.server_id != hello.server):
            continue  # not answering, or an old announcement of an address another server answers at now
        row = FoundRow(hello.server, url, server.name, server.tables, hello.server == own)
        kept = rows.get(hello.server)
        if kept is None or (is_loopback(kept.url) and not is_loopback(url)):
            rows[hello.server] = row  # one row per server: the address others reach it at
    return sorted(rows.values(), key=lambda row: (not row.own, row.name, row.url))


__all__ = ["EVERY", "KEEP", "FoundRow", "ServerWatch", "found_rows", "found_url"]
