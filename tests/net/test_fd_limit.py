"""At its file-descriptor limit the server refuses new connections politely and says so in a line or two
(contract: docs/remote-play.md "What an operator can rely on"): a real ``serve`` started with few descriptors and
flooded with idle connections writes no traceback and a bounded log, the client connected before the flood is
served throughout, and once the idle ones are gone a new client is served."""

from __future__ import annotations

import contextlib
import os
import resource
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from .netserver import TIMEOUT, Client

#: The descriptors the server is started with (its own need some 20, its reserve takes some 60).
NOFILE = 128
FLOOD = 400


def few_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (NOFILE, NOFILE))


def test_a_flood_of_idle_connections_at_the_descriptor_limit_leaves_a_short_log_and_the_server_serving(
        tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--data", str(tmp_path / "data"),
                             "--workers", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=few_descriptors, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None and proc.stderr is not None
    log: list[str] = []
    reader = threading.Thread(target=lambda: log.extend(proc.stderr or ()), daemon=True)
    reader.start()
    idle: list[socket.socket] = []
    try:
        line = proc.stdout.readline().strip()
        assert line.startswith("serving ws://"), (line, "".join(log))
        url = line.split()[1]
        port = int(url.rsplit(":", 1)[1])
        early = Client(url)
        assert early.ask({"type": "hello"})["type"] == "hello"
        for _ in range(FLOOD):
            with contextlib.suppress(OSError):  # refused at once: nothing to hold
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT))
        time.sleep(3.0)  # the server's accept loop meets the limit again and again meanwhile
        assert early.ask({"type": "hello"})["type"] == "hello"  # a connection it holds is served throughout
        for sock in idle:
            sock.close()
        idle.clear()
        end = time.monotonic() + 2 * TIMEOUT
        while True:  # the accept loop pauses a moment after it met the limit
            try:
                late = Client(url)
                break
            except OSError:
                assert time.monotonic() < end, "no new client was served after the flood"
                time.sleep(0.2)
        assert late.ask({"type": "hello"})["type"] == "hello"
        late.close()
        early.close()
    finally:
        for sock in idle:
            sock.close()
        proc.terminate()
        proc.wait(TIMEOUT)
        reader.join(2)
    text = "".join(log)
    assert "Traceback" not in text, text[:3000]
    assert len(log) < 30, text[:3000]
    assert "refused" in text or "could not accept" in text, text  # the problem is told, with a count
