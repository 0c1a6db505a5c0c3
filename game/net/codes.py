"""Table codes: the short text a host reads out so that others can join (pure: no sockets, no pygame).

A code carries the server's address and the table's id: ``HOST:PORT/TABLE``, for example
``192.168.1.20:8765/K7QX-2M9P``. The tokens are not in it: the server hands a free seat's token to whoever joins
(``claim``, see :mod:`game.net.client.connection`). :func:`parse_code` is lenient about what people type (spaces around
it, a ``ws://`` in front, a missing port means :data:`DEFAULT_PORT`) and says clearly what is wrong otherwise.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

#: The port of ``python -m game serve`` when none is given.
DEFAULT_PORT = 8765

_TABLE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_HOST = re.compile(r"^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*\.?$")


class CodeError(ValueError):
    """A table code that cannot be read; the text says what is wrong, in English (the lobby shows its own
    translated text by ``reason``)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        #: One of "empty", "no_table", "bad_table", "bad_host", "bad_port".
        self.reason = reason


@dataclass(frozen=True)
class TableCode:
    host: str
    port: int
    table: str

    @property
    def url(self) -> str:
        """The server's websocket address."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}"

    @property
    def page(self) -> str:
        """The link to the table's page on its server (a seat in a browser): ``http://HOST:PORT/t/TABLE``."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/t/{self.table}"

    def __str__(self) -> str:
        return make_code(self.host, self.port, self.table)


def make_code(host: str, port: int, table: str) -> str:
    """The code of table ``table`` on the server at ``host``:``port`` (IPv6 hosts in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{shown}:{port}/{table}"


def _host(text: str) -> str:
    if text.startswith("["):
        inner = text[1:-1] if text.endswith("]") else ""
        try:
            return str(ipaddress.IPv6Address(inner))
        except ValueError:
            raise CodeError("bad_host", f"{text!r} is not an address") from None
    if not _HOST.match(text):
        raise CodeError("bad_host", f"{text!r} is not an address (e.g. 192.168.1.20 or myhost.local)")
    return text


_GAP = re.compile(r"\s*-\s*|\s+")


def parse_code(text: str) -> TableCode:
    """The address and table of a code typed by a person; :class:`CodeError` saying what is wrong. A code read
    out and typed with spaces (``192.168.1.20 : 8765 / K7QX 2M9P``) is the same code: no address holds a space,
    and a space inside the table stands for its dash."""
    raw = str(text).strip()
    if not raw:
        raise CodeError("empty", "the code is empty")
    for prefix in ("ws://", "wss://"):
        if raw.lower().startswith(prefix):
            raw = raw[len(prefix):]
    address, slash, table = raw.partition("/")
    table = _GAP.sub("-", table.strip().strip("/").strip())
    if not slash or not table:
        raise CodeError("no_table", "the code has no table after the address (HOST:PORT/TABLE)")
    if not _TABLE.match(table):
        raise CodeError("bad_table", f"{table!r} is not a table id (letters, digits, - and _)")
    address = "".join(address.split())
    port = DEFAULT_PORT
    if address.startswith("["):
        end = address.find("]")
        host_part, rest = (address[:end + 1], address[end + 1:]) if end >= 0 else (address, "")
        if rest and not rest.startswith(":"):
            raise CodeError("bad_host", f"{address!r} is not an address")
        port_text = rest[1:] if rest else None
    else:
        host_part, colon, port_text_raw = address.rpartition(":")
        if not colon:
            host_part, port_text = address, None
        else:
            port_text = port_text_raw
    if port_text is not None:
        if not (port_text.isascii() and port_text.isdigit()) or not 1 <= int(port_text) <= 65535:  # not "²"
            raise CodeError("bad_port", f"{port_text!r} is not a port (1 to 65535)")
        port = int(port_text)
    return TableCode(_host(host_part), port, table)


__all__ = ["DEFAULT_PORT", "CodeError", "TableCode", "make_code", "parse_code"]
