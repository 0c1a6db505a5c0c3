"""A table server on this machine, started in the background for the lobby's "Host a table".

:class:`LocalServer` runs ``python -m game serve --port 0`` as a child process, reads the one line it prints
(``serving ws://HOST:PORT``) in a thread, and is stopped when the program ends (or by :meth:`LocalServer.stop`;
the end of the pipe to its stdin stops it too, however this program ends).
Nothing here blocks: the lobby reads :attr:`LocalServer.status` every frame. :func:`lan_address` is the address
others on the network reach this machine at (for the table code). No pygame here.
"""

from __future__ import annotations

import atexit
import contextlib
import re
import socket
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Sequence
from pathlib import Path

SERVING = re.compile(r"serving\s+ws://(?P<host>\[[^\]]+\]|[^\s:]+):(?P<port>\d+)")

STATUSES = ("starting", "running", "failed", "stopped")


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent), else 127.0.0.1."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # a documentation address: only picks the outgoing interface
        address = str(probe.getsockname()[0])
        if not address.startswith("0."):
            return address
    return "127.0.0.1"


def serve_command(data: Path | None, host: str = "0.0.0.0", *, port: int = 0, advertise: str = "",
                  lifeline: bool = True) -> list[str]:
    """The command that runs the table server on ``port`` (0: a free one), listening on ``host`` (all interfaces:
    others on the network can join), advertising its open tables under the name ``advertise`` (when given).
    With ``lifeline`` it serves until its stdin ends: when this program ends however it ends (killed, crashed:
    no atexit), the pipe closes and the server saves and stops, instead of serving on forever. Without, it
    serves until it is told to stop (a server the player chose to keep running)."""
    command = [sys.executable, "-m", "game", "serve", "--host", host, "--port", str(port)]
    if lifeline:
        command.append("--stdin-lifeline")
    if advertise:
        command += ["--advertise", advertise]
    if data is not None:
        command += ["--data", str(data)]
    return command


class LocalServer:
    """A server process of our own (see the module text). ``command`` replaces :func:`serve_command`."""

    def __init__(self, data: Path | None = None, *, command: Sequence[str] | None = None) -> None:
        self.command = list(command) if command is not None else serve_command(data)
        self.status = "starting"
        #: The port the server got (once running).
        self.port: int | None = None
        #: Why the server is not running, in words.
        self.error: str | None = None
        self._stderr: deque[str] = deque(maxlen=6)
        self._process: subprocess.Popen[str] | None = None
        try:
            self._process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace")
        except OSError as exc:
            self.status, self.error = "failed", f"the server could not be started: {exc.strerror or exc}"
            return
        atexit.register(self.stop)
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    @property
    def pid(self) -> int | None:
        """The server process's id (None when it could not be started)."""
        return None if self._process is None else self._process.pid

    @property
    def url(self) -> str | None:
        """Where a client on this machine connects (None until running)."""
        return None if self.port is None else f"ws://127.0.0.1:{self.port}"

    def _read_stdout(self) -> None:
        process = self._process
        assert process is not None and process.stdout is not None
        for line in process.stdout:
            match = SERVING.search(line)
            if match and self.status == "starting":
                self.port = int(match["port"])
                self.status = "running"
        code = process.wait()
        if self.status in ("starting", "running"):
            detail = " / ".join(self._stderr) or f"exit code {code}"
            self.status, self.error = "failed", f"the server stopped: {detail}"

    def _read_stderr(self) -> None:
        process = self._process
        assert process is not None and process.stderr is not None
        for line in process.stderr:
            if line.strip():
                self._stderr.append(line.strip()[:200])

    def stop(self) -> None:
        """End the server process (at once; killed when it does not end within two seconds)."""
        process = self._process
        if self.status != "failed":
            self.status = "stopped"
        if process is None or process.poll() is not None:
            return
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        process.terminate()
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=2)


__all__ = ["LocalServer", "lan_address", "serve_command"]
