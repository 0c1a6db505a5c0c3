"""Fixtures of the network tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .netserver import ServerProcess


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real table server (``python -m game serve``), one per test module: its address."""
    proc = ServerProcess(tmp_path_factory.mktemp("server"))
    yield proc.url
    assert proc.stop() == 0
