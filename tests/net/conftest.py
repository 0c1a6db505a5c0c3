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
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A real Redis of its own for a test (``redis-server`` on a free loopback port): its address."""
    server = RedisServer(tmp_path / "redis")
    yield server.url
    server.stop()
