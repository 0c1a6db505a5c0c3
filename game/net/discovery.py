"""Tables on the local network, found by zeroconf (mDNS): a host advertises, the lobby lists (no pygame).

A server advertises itself (``python -m game serve --advertise NAME``) as a service of type :data:`SERVICE_TYPE`:
the address and port, and in the TXT record the open tables (``v=1``, ``tables=ID/room/free;ID/room/free...``, as
many as fit in one TXT string; a seeded table, whose creator chose the deal, is ``ID/room/free/s``) and the
host player's name (``name=Tom``) and the server's id (``id=...``, made once and kept by the server: the same
server after a restart on another port or address). Its records live :data:`TTL` seconds, so a server that ends
without a word (killed) leaves the browsers' lists after that; one that stops says goodbye. An announcement is
only a hint: the lobby lists a server only while it answers ``hello``
(:mod:`game.net.client.server_watch`).
:class:`Browser` collects what it hears in zeroconf's own threads; the lobby reads :meth:`Browser.found` each
frame. Both fail soft: when multicast is not possible here (no network, no permission) they do nothing,
:attr:`note` says why, and the list stays empty; nothing raises.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SERVICE_TYPE = "_garden-table._tcp.local."
FORMAT_VERSION = "1"
#: One TXT string holds at most 255 bytes (key and ``=`` included).
TXT_LIMIT = 255
ROOMS = ("artischocken", "cactus")
#: A server's id (and a player's): 1 to 64 of letters, digits, ``_`` and ``-``.
SERVER_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: How long the records of an announcement live (seconds; zeroconf's default for the service is 75 minutes).
TTL = 120
#: The longest name a TXT record may give its server (a player's name: see game.net.wire.MAX_NAME).
MAX_NAME = 24


@dataclass(frozen=True)
class OpenTable:
    """A table that takes players: its id, its room, how many remote seats are free and whether its creator chose
    the seed (``seeded``: the creator can know the deal)."""

    table: str
    room: str
    free: int
    seeded: bool = False


@dataclass(frozen=True)
class FoundServer:
    """A server heard on the network: its name (the host player's name, else the service's), where it is and its
    open tables."""

    name: str
    host: str
    port: int
    tables: tuple[OpenTable, ...]
    #: The server's id (None: an older server that does not say it).
    server_id: str | None = None


def encode_tables(tables: list[OpenTable], name: str | None = None, server_id: str | None = None) -> dict[str, str]:
    """The TXT properties for ``tables`` (those that do not fit into one TXT string are left out, with room kept for
    the id), the host player's ``name`` and the server's id."""
    parts: list[str] = []
    size = len("tables=")
    for table in tables:
        part = f"{table.table}/{table.room}/{max(0, table.free)}" + ("/s" if table.seeded else "")
        if size + len(part) + (1 if parts else 0) > TXT_LIMIT:
            break
        parts.append(part)
        size += len(part) + (1 if len(parts) > 1 else 0)
    props = {"v": FORMAT_VERSION, "tables": ";".join(parts)}
    if name:
        props["name"] = name[:MAX_NAME]
    if server_id and SERVER_ID.fullmatch(server_id):
        props["id"] = server_id
    return props


def _text(value: object) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return "" if value is None else str(value)


def decode_tables(properties: dict[Any, Any]) -> tuple[OpenTable, ...]:
    """The open tables of TXT ``properties`` (bytes or str keys); malformed entries are skipped."""
    props = {_text(k): _text(v) for k, v in properties.items()}
    if props.get("v") != FORMAT_VERSION:
        return ()
    out = []
    for part in props.get("tables", "").split(";"):
        fields = part.split("/")
        if len(fields) not in (3, 4) or not fields[0] or fields[1] not in ROOMS \
                or not (fields[2].isascii() and fields[2].isdigit()) or fields[3:] not in ([], ["s"]):
            continue
        out.append(OpenTable(fields[0], fields[1], int(fields[2]), len(fields) == 4))
    return tuple(out)


def decode_name(properties: dict[Any, Any]) -> str | None:
    """The host player's name of TXT ``properties`` (None when there is none, or it is no name)."""
    props = {_text(k): _text(v) for k, v in properties.items()}
    name = props.get("name", "").strip()
    return name if 0 < len(name) <= MAX_NAME and name.isprintable() else None


def decode_server_id(properties: dict[Any, Any]) -> str | None:
    """The server id of TXT ``properties`` (None when there is none, or it is not one)."""
    props = {_text(k): _text(v) for k, v in properties.items()}
    found = props.get("id", "")
    return found if SERVER_ID.fullmatch(found) else None


def reachable_address(host: str) -> str:
    """The IPv4 address to announce for a server listening on ``host``: ``host`` itself when it is one such
    address; else (every interface, a name, IPv6) this machine's address on the local network (no packet is sent)."""
    if host == "localhost":
        return "127.0.0.1"
    with contextlib.suppress(ValueError):
        address = ipaddress.ip_address(host)
        if address.version == 4 and not address.is_unspecified:
            return host
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # a documentation address: only picks the outgoing interface
        found = str(probe.getsockname()[0])
        if not found.startswith("0."):
            return found
    return "127.0.0.1"


def _zeroconf(interfaces: Any = None) -> Any:
    from zeroconf import InterfaceChoice, Zeroconf

    return Zeroconf(interfaces=InterfaceChoice.All if interfaces is None else interfaces)


class Advertiser:
    """Advertise the server at ``address``:``port`` with ``tables`` (registering runs in a thread); ``name`` is the
    service's name, ``player`` the host player's (in the TXT record)."""

    def __init__(self, address: str, port: int, tables: list[OpenTable], *, name: str | None = None,
                 player: str | None = None, server_id: str | None = None, interfaces: Any = None) -> None:
        self.address, self.port = address, port
        self.server_id = server_id
        self.name = name or f"{socket.gethostname().split('.')[0]}-{port}"
        self.player = player
        #: Counts the announcements: each TXT record differs from every earlier one (a browser that still holds an
        #: earlier record with the same text, say the same tables of a minute ago, would not hear the change).
        self.serial = 0
        self.note: str | None = None
        self.registered = threading.Event()
        self._zc: Any = None
        self._info: Any = None
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._register, args=(tables, interfaces), daemon=True).start()

    def _service_info(self, tables: list[OpenTable]) -> Any:
        from zeroconf import ServiceInfo

        self.serial += 1
        properties = {**encode_tables(tables, self.player, self.server_id), "n": str(self.serial)}
        return ServiceInfo(SERVICE_TYPE, f"{self.name}.{SERVICE_TYPE}", port=self.port,
                           addresses=[socket.inet_aton(self.address)], properties=properties,
                           server=f"{self.name}.local.", host_ttl=TTL, other_ttl=TTL)

    def _register(self, tables: list[OpenTable], interfaces: Any) -> None:
        try:
            with self._lock:
                if self._closed:
                    return
                self._zc = _zeroconf(interfaces)
                self._info = self._service_info(tables)
            self._zc.register_service(self._info, allow_name_change=True)
            self.registered.set()
        except Exception as exc:  # no multicast here: advertising is a nicety, never a crash
            self.note = f"tables cannot be announced on this network ({exc})"
            self.close()

    def ready(self) -> bool:
        """True once the announcement stands (until it is withdrawn)."""
        return self.registered.is_set() and not self._closed

    def update(self, tables: list[OpenTable]) -> None:
        """Announce the open tables again (after a seat was taken, say)."""
        if not self.registered.is_set() or self._closed:
            return
        try:
            self._info = self._service_info(tables)
            self._zc.update_service(self._info)
        except Exception as exc:
            self.note = f"tables cannot be announced on this network ({exc})"

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, info, self._zc = self._zc, self._info, None
        if zc is None:
            return
        with contextlib.suppress(Exception):
            if info is not None and self.registered.is_set():
                zc.unregister_service(info)
        with contextlib.suppress(Exception):
            zc.close()


class Browser:
    """Listen for advertised servers; :meth:`found` is the list heard so far (empty when mDNS is not here).
    ``wake`` is called (in zeroconf's thread) when what was heard changed, so an idle window looks again."""

    def __init__(self, *, interfaces: Any = None, wake: Callable[[], None] | None = None) -> None:
        self.note: str | None = None
        self.wake = wake
        self._found: dict[str, FoundServer] = {}
        self._lock = threading.Lock()
        self._zc: Any = None
        self._browser: Any = None
        try:
            from zeroconf import ServiceBrowser

            self._zc = _zeroconf(interfaces)
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])
        except Exception as exc:
            self.note = f"tables on this network cannot be looked for ({exc})"
            self.close()

    @property
    def available(self) -> bool:
        return self._zc is not None

    def found(self) -> list[FoundServer]:
        """The servers heard, by name, those with no open table left out."""
        return [server for server in self.heard() if server.tables]

    def heard(self) -> list[FoundServer]:
        """Every server heard, by name, open tables or not: a server whose tables are all taken is still where a
        player's seats there are found again by its id."""
        with self._lock:
            return sorted(self._found.values(), key=lambda s: s.name)

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            self._heard()
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        except Exception:
            return
        if info is None or not info.port:
            return
        addresses = info.parsed_addresses()
        if not addresses:
            return
        ipv4 = [a for a in addresses if ":" not in a]
        properties = info.properties or {}
        server = FoundServer(decode_name(properties) or name.removesuffix("." + SERVICE_TYPE),
                             (ipv4 or addresses)[0], int(info.port), decode_tables(properties),
                             decode_server_id(properties))
        with self._lock:
            self._found[name] = server
        self._heard()

    def _heard(self) -> None:
        if self.wake is not None:
            with contextlib.suppress(Exception):  # a window that is gone: nothing to wake
                self.wake()

    def close(self) -> None:
        browser, zc = self._browser, self._zc
        self._browser = self._zc = None
        with contextlib.suppress(Exception):
            if browser is not None:
                browser.cancel()
        with contextlib.suppress(Exception):
            if zc is not None:
                zc.close()


__all__ = ["Advertiser", "Browser", "FoundServer", "OpenTable", "SERVICE_TYPE", "SERVER_ID", "TTL", "decode_name",
           "decode_server_id", "decode_tables", "encode_tables", "reachable_address"]
