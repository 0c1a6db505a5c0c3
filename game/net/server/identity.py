"""Who a server is and where it can be reached (docs/design.md, "Remote play": ``hello``).

A server's id is made once and kept in its data folder (``server.json``: ``{"id": ...}``), so it survives
restarts and port changes; with ``--redis`` one id is kept in Redis for the whole cluster. Its addresses are where
another machine can reach it: the machine's addresses on the local network when it listens on every interface
(never 0.0.0.0; the loopback address only when the machine has no other), the loopback address when it listens on
loopback, and the address it listens on otherwise.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import re
import secrets
import socket
from pathlib import Path

from game import userdata
from game.net.discovery import reachable_address

log = logging.getLogger("game.net.server.identity")

#: A server id: 1 to 64 letters, digits, - and _ (the same as discovery's SERVER_ID).
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: The file of the data folder that keeps the id.
ID_FILE = "server.json"
ANY = ("0.0.0.0", "", "::")


def new_id() -> str:
    return secrets.token_urlsafe(12)


def folder_id(folder: Path) -> str:
    """The id kept in ``folder/server.json``, made and written there when there is none (or it is unreadable: the
    broken file is set aside, never lost)."""
    path = Path(folder) / ID_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        value = data.get("id") if isinstance(data, dict) else None
        if isinstance(value, str) and ID_PATTERN.fullmatch(value):
            return value
        log.warning("%s holds no server id; a new one is made", path)
        with contextlib.suppress(OSError):
            userdata.move_aside(path)
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as exc:
        log.warning("%s cannot be read (%s); a new server id is made", path, exc)
        with contextlib.suppress(OSError):
            userdata.move_aside(path)
    made = new_id()
    path.parent.mkdir(parents=True, exist_ok=True)
    userdata.write_bytes_atomic(path, json.dumps({"id": made}).encode("utf-8"))
    return made


def url(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on the networks it is on (no loopback; the outgoing one first; no packet is
    sent)."""
    found: list[str] = []
    first = reachable_address("0.0.0.0")
    if not first.startswith("127."):
        found.append(first)
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith(("127.", "0.", "169.254.")) and address not in found:
                found.append(address)
    return found


def hosts(listening: str) -> list[str]:
    """The hosts another machine (or this one, on loopback) reaches a server listening on ``listening`` by."""
    if listening in ANY:
        return lan_addresses() or ["127.0.0.1"]
    if is_loopback(listening):
        return ["127.0.0.1" if listening == "localhost" else listening]
    try:
        ipaddress.ip_address(listening)
    except ValueError:  # a host name: the address it stands for here
        return [reachable_address(listening)]
    return [listening]


def addresses(listening: str, port: int) -> list[str]:
    """The ``ws://`` addresses of a server listening on ``listening``:``port`` (see :func:`hosts`)."""
    return [url(h, port) for h in hosts(listening)]


__all__ = ["ID_FILE", "ID_PATTERN", "addresses", "folder_id", "hosts", "is_loopback", "lan_addresses", "new_id", "url"]
