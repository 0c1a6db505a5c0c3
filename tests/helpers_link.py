"""A link to a table server whose every message the test writes itself (the client side's ``Link``): what the
client sends is kept in ``sent``; what the "server" says is put in ``inbox`` and read by the next ``poll``."""

from __future__ import annotations

from typing import Any


class ScriptedLink:
    status = "open"
    error: str | None = None
    reconnect_in = 0.0

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.inbox: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def poll(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out

    def close(self) -> None:
        self.status = "closed"
