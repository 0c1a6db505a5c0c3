"""Fixtures of the network tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .netserver import ServerProcess
from .redis_server import RedisServer


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real table server (``python -m game serve``), one per test module: its address."""
    proc = ServerProcess(tmp_path_factory.mktemp("server"))
    yield proc.url
    assert proc.stop() == 0


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A real Redis of its own for a test (``redis-server`` on a free loopback port)."""
    server = RedisServer(tmp_path / "redis")
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The address of the test's own Redis."""
    return redis_server.url
