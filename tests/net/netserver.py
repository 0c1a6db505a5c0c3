"""A real table server process for the tests of tests/net (``python -m game serve --port 0``) and a client."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

TIMEOUT = 10.0


class ServerProcess:
    """``python -m game serve --port 0 --data DATA [extra]``; ``url`` once it serves; stderr collected."""

    def __init__(self, data: Path, *extra: str) -> None:
        self.data = data
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--port", "0", "--data", str(data), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.log: list[str] = []
        self._reader = threading.Thread(target=self._read_log, daemon=True)
        self._reader.start()
        self.line = self.proc.stdout.readline().strip()
        assert self.line.startswith("serving ws://"), (self.line, self.stderr())
        self.url = self.line.split()[1]

    def _read_log(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.log.append(line)

    def stderr(self) -> str:
        return "".join(self.log)

    def stop(self) -> int:
        """SIGTERM, and the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        self._reader.join(2)
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        return code


class Client:
    """One websocket connection speaking the wire format (sync). ``presence``: :meth:`recv` returns the
    ``presence`` messages too (without it they are passed over, as a client that does not show who sits where
    passes them over: the tests of the games read only the games' messages)."""

    def __init__(self, url: str, *, presence: bool = False, headers: dict[str, str] | None = None) -> None:
        self.ws: ClientConnection = connect(url, compression=None, max_size=None, legacy=True,
                                            additional_headers=headers)
        self.received: list[str] = []
        self.presence = presence

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        while True:
            text = self.ws.recv(timeout=timeout)
            assert isinstance(text, str)
            self.received.append(text)
            message = json.loads(text)
            assert isinstance(message, dict)
            if self.presence or message.get("type") != "presence":
                return message

    def ask(self, message: dict[str, Any] | str) -> dict[str, Any]:
        self.send(message)
        return self.recv()

    def close(self) -> None:
        self.ws.close()


def create(client: Client, seats: list[str], **options: Any) -> dict[str, Any]:
    reply = client.ask({"type": "create", "room": "artischocken", "seats": seats, **options})
    assert reply["type"] == "created", reply
    return reply


def join(client: Client, table: str, seat: int, token: str) -> dict[str, Any]:
    """Join and return the first state."""
    joined = client.ask({"type": "join", "table": table, "seat": seat, "token": token})
    assert joined == {"type": "joined", "table": table, "seat": seat}, joined
    state = client.recv()
    assert state["type"] == "state" and state["log_from"] == 0, state
    return state
