"""Servers as the program knows them: by their id, not by the address it happened to reach them at (no pygame).

A table server has an id, made once and kept in its data folder: the same server after a restart on another
port or address. ``{"type": "hello"}`` on any connection answers ``{"type": "hello", "server": ID, "name": HOST
or null, "addresses": ["ws://192.168.1.20:8765", ...]}`` (where another machine reaches it) and changes
nothing (docs/design.md, "Remote play"). :func:`read_hello` reads such an answer defensively; :func:`say_hello`
asks one address (blocking, with a timeout: for background threads only).

:class:`KnownServers` is the directory of the servers met (``servers.json`` in the user folder): for each id,
the addresses it last said, its name and when it was last seen. When a server no longer answers at the address a
seat was taken at, its last said addresses are where the program looks for it again (with the network's
announcements and the program's own server: :mod:`game.net.client.server_watch`). A file that cannot be read
is kept aside and the directory starts empty; a folder that cannot be written keeps it in memory.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from game.net.discovery import SERVER_ID
from game.paths import user_data_dir
from game.userdata import CorruptFileError, read_json, write_json_atomic

FILE_NAME = "servers.json"
#: The most addresses kept of one server, and the most servers kept (the longest unseen go first).
MAX_ADDRESSES, MAX_SERVERS = 8, 200
#: Seconds between two writes of a server's "last seen" when nothing else changed (the file is not a clock).
SEEN_EVERY = 3600.0


@dataclass(frozen=True)
class Hello:
    """A server's answer to ``hello``: its id, its name (None: it gives none) and where it can be reached."""

    server: str
    name: str | None
    addresses: tuple[str, ...]


def _address(value: object) -> str | None:
    if not isinstance(value, str) or len(value) > 300 or not value.isprintable():
        return None
    if not value.startswith(("ws://", "wss://")) or "0.0.0.0" in value:  # never an address nobody can reach
        return None
    return value.rstrip("/")


def read_hello(message: object) -> Hello | None:
    """The hello in ``message`` (None when it is not a well-formed one)."""
    if not isinstance(message, dict) or message.get("type") != "hello":
        return None
    server, name, addresses = message.get("server"), message.get("name"), message.get("addresses")
    if not isinstance(server, str) or not SERVER_ID.fullmatch(server):
        return None
    shown = name.strip()[:64] if isinstance(name, str) and name.strip().isprintable() else None
    said = [a for a in map(_address, addresses if isinstance(addresses, list) else []) if a is not None]
    return Hello(server, shown or None, tuple(dict.fromkeys(said))[:MAX_ADDRESSES])


def say_hello(url: str, timeout: float = 2.0) -> Hello | None:
    """Ask the server at ``url`` who it is (blocks up to about ``timeout`` seconds); None: no answer, or none
    that could be read."""
    try:
        with connect(url, open_timeout=timeout, close_timeout=0.5, compression=None) as ws:
            ws.send(json.dumps({"type": "hello"}))
            text = ws.recv(timeout=timeout)
    except (OSError, TimeoutError, WebSocketException):
        return None
    try:
        return read_hello(json.loads(text))
    except ValueError:
        return None


@dataclass(frozen=True)
class KnownServer:
    """A server met: the addresses it last said (and the one it answered at), its name, when it was last seen
    (ISO time)."""

    addresses: tuple[str, ...]
    name: str | None
    seen: str


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


class KnownServers:
    """The directory of servers met (see the module text); ``path`` None: ``servers.json`` in the user folder.
    Safe to use from several threads."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else user_data_dir() / FILE_NAME
        self._lock = threading.Lock()
        self._written: dict[str, float] = {}
        self.servers: dict[str, KnownServer] = self._read()

    def _read(self) -> dict[str, KnownServer]:
        try:
            data = read_json(self.path, default={})
        except (CorruptFileError, OSError):
            return {}  # kept aside by read_json: the directory fills again from the next hellos
        entries = data.get("servers") if isinstance(data, dict) else None
        out: dict[str, KnownServer] = {}
        for server, entry in (entries.items() if isinstance(entries, dict) else ()):
            if not SERVER_ID.fullmatch(str(server)) or not isinstance(entry, dict):
                continue
            addresses = [a for a in map(_address, entry.get("addresses") or []) if a is not None]
            name = entry.get("name")
            out[str(server)] = KnownServer(tuple(addresses)[:MAX_ADDRESSES], name if isinstance(name, str) else None,
                                           str(entry.get("seen", "")))
        return out

    def note(self, hello: Hello, url: str | None = None, now: float = 0.0) -> None:
        """A server answered ``hello`` (at ``url``): its addresses and name kept, the answering one last. ``now``:
        a monotonic time, so that an unchanged server is written at most every :data:`SEEN_EVERY` seconds."""
        said = list(hello.addresses)
        if url is not None and _address(url) is not None and url.rstrip("/") not in said:
            said.append(url.rstrip("/"))
        with self._lock:
            old = self.servers.get(hello.server)
            fresh = KnownServer(tuple(said)[:MAX_ADDRESSES], hello.name, _now())
            same = old is not None and old.addresses == fresh.addresses and old.name == fresh.name
            last = self._written.get(hello.server)
            if same and last is not None and now - last < SEEN_EVERY:
                return
            self.servers[hello.server] = fresh
            self._written[hello.server] = now
            if len(self.servers) > MAX_SERVERS:
                for gone in sorted(self.servers, key=lambda s: self.servers[s].seen)[:-MAX_SERVERS]:
                    del self.servers[gone]
            data = {"servers": {server: {"addresses": list(known.addresses), "name": known.name, "seen": known.seen}
                                for server, known in self.servers.items()}}
        with contextlib.suppress(OSError):  # a folder that cannot be written: known while the program runs
            write_json_atomic(self.path, data)

    def addresses(self, server: str) -> tuple[str, ...]:
        """Where ``server`` said it can be reached, last time it answered (none: not met)."""
        with self._lock:
            known = self.servers.get(server)
        return known.addresses if known is not None else ()


class FindsAgain:
    """Where the server ``server`` (its id) answers now, when a table screen's connection finds nobody at its
    address (:attr:`game.net.client.connection.Connection.find`): each of the addresses ``places`` gives (asked
    anew each time: the servers the network announces, the program's own, the addresses the server last said) is
    asked ``hello`` in turn, the one it was reached at aside, and the first that answers with that id is where it
    is (written into ``known``). Blocks while it asks: for the connection's thread only."""

    def __init__(self, server: str, places: Callable[[], Iterable[str]], *, known: KnownServers | None = None,
                 ask: Callable[[str], Hello | None] | None = None) -> None:
        self.server = server
        self.places = places
        self.known = known
        self.ask = ask if ask is not None else (lambda url: say_hello(url, 2.0))

    def __call__(self, url: str) -> str | None:
        gone = url.rstrip("/")
        for place in dict.fromkeys(p.rstrip("/") for p in self.places() if p):
            if place == gone:
                continue
            hello = self.ask(place)
            if hello is not None and hello.server == self.server:
                if self.known is not None:
                    self.known.note(hello, place)
                return place
        return None


def ws_url(host: str, port: int) -> str:
    """The websocket address of ``host``:``port`` (IPv6 in brackets)."""
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


def is_loopback(url: str) -> bool:
    """``url`` reaches only this machine (127.x, ::1, localhost)."""
    host = url.split("://", 1)[-1].rsplit(":", 1)[0].strip("[]").lower()
    return host in ("localhost", "::1") or host.startswith("127.")


__all__ = ["FILE_NAME", "FindsAgain", "Hello", "KnownServer", "KnownServers", "is_loopback", "read_hello", "say_hello",
           "ws_url"]
