"""A real Redis for the cluster tests (``redis-server`` from the Debian package, which ``make test`` installs):
one process on a free loopback port with a throwaway folder."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis

START_TIMEOUT = 10.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisServer:
    """``redis-server`` on a free loopback port, its data in ``folder``: ``url`` once it answers."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is missing: `make test` installs it (Debian package redis-server)")
        folder.mkdir(parents=True, exist_ok=True)
        said = ""
        for _ in range(5):  # a port taken between the look and the start: another one
            self.port = free_port()
            self.proc = subprocess.Popen(
                [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "",
                 "--appendonly", "no", "--protected-mode", "yes"],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.url = f"redis://127.0.0.1:{self.port}/0"
            if self.wait():
                return
            said = self.stop()
        pytest.fail(f"redis-server did not start: {said}")

    def wait(self) -> bool:
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        deadline = time.monotonic() + START_TIMEOUT
        try:
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    return bool(client.ping())
                except redis.ConnectionError:
                    time.sleep(0.05)
            return False
        finally:
            client.close()

    def flush(self) -> None:
        client = redis.Redis(port=self.port)
        try:
            client.flushall()
        finally:
            client.close()

    def stop(self) -> str:
        """Stop it; what it printed."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        assert self.proc.stdout is not None
        said = self.proc.stdout.read()
        self.proc.stdout.close()
        return said
