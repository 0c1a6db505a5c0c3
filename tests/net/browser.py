"""Headless Chromium for the browser seat's tests: Debian's ``chromium`` (``make test`` installs it), driven by
Playwright for Python pointed at that binary (no browser of Playwright's own is ever downloaded).

Where chromium or Playwright is missing the tests are skipped, saying why; in CI (``CI`` set) they fail instead,
so a run that should have driven a browser cannot pass without one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from game.lab import chromium

from .netserver import ServerProcess


def missing(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{why}: CI must run the browser tests (make test installs chromium; the test extra, Playwright)")
    pytest.skip(f"{why} (make test installs it)")


def chromium_path() -> str:
    path = chromium.executable()
    if path is None:
        missing("chromium is not installed")
    assert path is not None
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for a test module."""
    path = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright for Python is not installed")
    with sync_playwright() as playwright:
        launched = chromium.launch(playwright, path)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A real ``serve`` (tables in its own process) for a test module's pages."""
    proc = ServerProcess(tmp_path_factory.mktemp("browser"), "--workers", "0")
    yield proc
    assert proc.stop() == 0
