"""The lobby's own server (game.net.client.host.LocalServer) ends with the program however the program ends - also
killed, when no atexit runs (otherwise it would serve on for ever, on every interface)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PARENT = """
import os, signal, sys, time
from pathlib import Path
from game.net.client.host import LocalServer, serve_command
data = Path(sys.argv[1])
server = LocalServer(data, command=serve_command(data, host="127.0.0.1"))
end = time.monotonic() + 30
while server.status == "starting" and time.monotonic() < end:
    time.sleep(0.02)
print(server.status, server.pid, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def gone(pid: int) -> bool:
    """The process ended (a zombie waiting for whoever inherited it counts as ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return any(line.startswith("State:") and "Z" in line.split()[1] for line in status.splitlines())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_lobby_server_stops_when_its_program_is_killed(tmp_path: Path) -> None:
    """No server left running after the program that started it: the parent is SIGKILLed (no atexit); the
    server sees its stdin end and stops (saving: it exits 0 on its own)."""
    parent = subprocess.run([sys.executable, "-c", PARENT, str(tmp_path)], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    status, pid_text = parent.stdout.split()
    assert status == "running", parent.stderr
    pid = int(pid_text)
    end = time.monotonic() + 15
    while not gone(pid) and time.monotonic() < end:
        time.sleep(0.05)
    still = not gone(pid)
    if still:  # do not leave it behind whatever the test says
        subprocess.run(["kill", str(pid)], check=False)
    assert not still, "the lobby's server outlived the program that started it"
