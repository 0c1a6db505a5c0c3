"""The program's own table server: the one the lobby's "Host a table" starts on this machine (no pygame).

It belongs to the program, not to the lobby: leaving the lobby keeps it serving, and the lobby finds it again
when it opens (:func:`program_server`). Its port is kept in the user folder (``home_server.json``) and asked
for again at the next start (a free one when it is taken), so the tables it resumes from its data folder keep
their codes. It runs with ``--advertise NAME``: the server itself announces its open tables on the network.

While the program runs, the server lives on the program's stdin lifeline (:class:`~game.net.client.host.
LocalServer`). Quitting with a hosted table not over, the player chooses: :meth:`HomeServer.end` (it saves
and stops) or :meth:`HomeServer.keep_running`: the server is started again on the same port, detached from
this program (its own session, no lifeline), and its process id is written down with ``"kept": true``. The
players at its tables reconnect by themselves within seconds. A program started later finds it there (the
process id and port in the file, the port answering) and uses it instead of starting one.

The server's id (said by ``hello``, learnt by the lobby) is written down there too (:meth:`HomeServer.note_id`):
the tables of "Your tables" at that id are the player's own, whatever port the server had when they were set.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.net.client.host import LocalServer, serve_command
from game.net.discovery import SERVER_ID
from game.paths import user_data_dir
from game.userdata import CorruptFileError, read_json, write_json_atomic

FILE_NAME = "home_server.json"
LOG_NAME = "home_server.log"
#: Seconds a server kept running may take to answer on its port.
START_TIMEOUT = 10.0


def answers(port: int, timeout: float = 0.5) -> bool:
    """Something accepts connections on this machine's ``port``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout):
            return True
    except OSError:
        return False


def read_saved(path: Path) -> dict[str, Any]:
    """The file's port, pid and kept flag, and the server's id when known (checked; what is missing or broken is
    left out)."""
    with contextlib.suppress(CorruptFileError, OSError):
        data = read_json(path, default={})
        if isinstance(data, dict):
            port, pid, server = data.get("port"), data.get("pid"), data.get("server")
            port_ok = isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536
            saved: dict[str, Any] = {
                "port": port if port_ok else 0,
                "pid": pid if isinstance(pid, int) and not isinstance(pid, bool) and pid > 0 else None,
                "kept": data.get("kept") is True}
            if isinstance(server, str) and SERVER_ID.fullmatch(server):
                saved["server"] = server
            return saved
    return {"port": 0, "pid": None, "kept": False}


def saved_id(path: Path | None = None) -> str | None:
    """The id of the program's server, as last learnt (None: not known)."""
    server = read_saved(path if path is not None else user_data_dir() / FILE_NAME).get("server")
    return server if isinstance(server, str) else None


def saved_port(path: Path | None = None) -> int:
    """The port the program's server served on last (0: none written down)."""
    port = read_saved(path if path is not None else user_data_dir() / FILE_NAME)["port"]
    return port if isinstance(port, int) else 0


class HomeServer:
    """The program's server (see the module text). ``name``: what it advertises (the player's name);
    ``command``: a fixed command instead of ``python -m game serve`` (tests); ``path``: the file."""

    def __init__(self, data: Path | None = None, *, name: str = "", command: Sequence[str] | None = None,
                 path: Path | None = None, start: bool = True) -> None:
        self.data = data
        self.name = name
        self.command = list(command) if command is not None else None
        self.path = path if path is not None else user_data_dir() / FILE_NAME
        self.local: LocalServer | None = None
        #: A server kept running by an earlier run of the program (or by this one): its process id.
        self.kept_pid: int | None = None
        self._port: int | None = None
        self._asked_port = 0
        self._noted = False
        self._detached: subprocess.Popen[bytes] | None = None
        saved = read_saved(self.path)
        if saved["kept"] and saved["pid"] and saved["port"] and answers(saved["port"]):
            self.kept_pid, self._port = saved["pid"], saved["port"]
        elif start:
            self._start(saved["port"])

    @classmethod
    def find_kept(cls, data: Path | None = None, *, name: str = "", path: Path | None = None) -> HomeServer | None:
        """The server an earlier run kept running, when it still answers (None: there is none; nothing started)."""
        found = cls(data, name=name, path=path, start=False)
        return found if found.kept else None

    def _command(self, port: int, lifeline: bool) -> list[str]:
        if self.command is not None:
            return list(self.command)
        return serve_command(self.data, port=port, advertise=self.name, lifeline=lifeline)

    def _start(self, port: int) -> None:
        self._asked_port, self._noted = port, False
        self.local = LocalServer(command=self._command(port, True))

    # -- read every frame ----------------------------------------------------------------------------------
    def step(self) -> None:
        """Follow the server starting: a saved port that is taken gives way to a free one; once it serves, its
        port is written down."""
        local = self.local
        if local is None:
            return
        if local.status == "failed" and self.name and "--advertise" in (local.error or "") and self.command is None:
            self.name = ""  # a server that does not advertise (an older one): it serves all the same
            self._start(self._asked_port)
        elif local.status == "failed" and self._asked_port and self.command is None and local.port is None:
            self._start(0)  # the saved port is taken (or not to be had): any free one
        elif local.status == "running" and not self._noted and local.port is not None:
            self._noted = True
            self._write(local.port, local.pid, kept=False)

    @property
    def status(self) -> str:
        """"starting", "running", "failed" or "stopped" (a kept server counts as running)."""
        if self.local is None:
            return "running" if self._port is not None else "stopped"
        return self.local.status

    @property
    def port(self) -> int | None:
        return self.local.port if self.local is not None else self._port

    @property
    def url(self) -> str | None:
        """Where a client on this machine connects (None until running)."""
        return None if self.port is None or self.status != "running" else f"ws://127.0.0.1:{self.port}"

    @property
    def error(self) -> str | None:
        return self.local.error if self.local is not None else None

    @property
    def down(self) -> bool:
        """It served and serves no more (killed, crashed), or a server kept running by an earlier run no longer
        answers (asks it: up to half a second; not for every frame)."""
        local = self.local
        if local is not None:
            # a killed server's children may hold its output open a while: "running" until it answers no more
            return local.port is not None and (local.status == "failed" or (
                local.status == "running" and not answers(local.port)))
        return self._port is not None and not answers(self._port)

    def revive(self) -> None:
        """Start it again after it went :attr:`down`: on the same port when that is free (its tables are served
        under the same codes), else on a free one."""
        port = self.port or read_saved(self.path)["port"]
        if self.local is not None:
            self.local.stop()
        self.kept_pid, self._port, self._detached = None, None, None
        self._start(port)

    @property
    def kept(self) -> bool:
        """The server runs on without this program (kept running, now or by an earlier run)."""
        return self.kept_pid is not None

    # -- the end of the program -----------------------------------------------------------------------------
    def keep_running(self) -> bool:
        """Let the server serve on after this program ends (see the module text); False when it could not be
        started again detached (then it is stopped, its tables saved)."""
        if self.kept_pid is not None or self.local is None or self.local.port is None:
            return self.kept_pid is not None
        port = self.local.port
        self.local.stop()  # saves every table; the detached one resumes them from the same folder
        self.local = None
        command = self._command(port, False)
        flags: dict[str, Any] = {"start_new_session": True} if os.name == "posix" else {
            "creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
            | getattr(subprocess, "DETACHED_PROCESS", 0)}
        try:
            with open(self.path.with_name(LOG_NAME), "ab") as log:
                self._detached = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                                  **flags)
        except OSError:
            self._port = None
            return False
        end = time.monotonic() + START_TIMEOUT
        while not answers(port, 0.2) and self._detached.poll() is None and time.monotonic() < end:
            time.sleep(0.05)
        if self._detached.poll() is not None or not answers(port, 0.5):
            self._port = None
            return False
        self.kept_pid, self._port = self._detached.pid, port
        self._write(port, self.kept_pid, kept=True)
        return True

    def end(self) -> None:
        """Stop the server (it saves every table); the port stays written down for the next start."""
        if self.local is not None:
            self.local.stop()
        if self.kept_pid is not None:
            with contextlib.suppress(OSError):
                os.kill(self.kept_pid, signal.SIGTERM)
            if self._detached is not None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self._detached.wait(timeout=10)
            self.kept_pid = None
        port = self.port or read_saved(self.path)["port"]
        self._port = None
        if port:
            self._write(port, None, kept=False)

    def note_id(self, server: str) -> None:
        """The server said its id (``hello``): written down with its port."""
        saved = read_saved(self.path)
        if saved.get("server") != server and SERVER_ID.fullmatch(server):
            self._write(self.port or saved["port"], saved["pid"], kept=saved["kept"], server=server)

    def _write(self, port: int, pid: int | None, *, kept: bool, server: str | None = None) -> None:
        server = server or read_saved(self.path).get("server")
        with contextlib.suppress(OSError):  # a folder that cannot be written: a new port next time, no more
            write_json_atomic(self.path, {"port": port, "pid": pid, "kept": kept,
                                          **({"server": server} if server else {})})


#: Each app's server (by the app object: a new app, as in each test, starts with none).
_SERVERS: weakref.WeakKeyDictionary[object, HomeServer] = weakref.WeakKeyDictionary()


def program_server(app: object) -> HomeServer | None:
    """The server this program (``app``) started or found, if any."""
    return _SERVERS.get(app)


def set_program_server(app: object, server: HomeServer) -> None:
    _SERVERS[app] = server


__all__ = ["FILE_NAME", "HomeServer", "answers", "program_server", "read_saved", "saved_id", "saved_port",
           "set_program_server"]
