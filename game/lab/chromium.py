"""Debian's ``chromium``, headless, for the browser seat's tests and the web bench: Playwright for Python drives
that binary (``executable_path``); no browser of Playwright's own is ever downloaded (never ``playwright
install``)."""

from __future__ import annotations

import shutil
from typing import Any

#: Chromium's switches: headless, no sandbox (tests run as root in containers), and nothing that reaches out (no
#: QUIC, sync, component updates or background requests): the page must work on a LAN with no internet.
ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync")


def executable() -> str | None:
    """Where chromium is, or None."""
    return shutil.which("chromium")


def launch(playwright: Any, path: str) -> Any:
    """A headless Chromium of ``path`` started by ``playwright`` (a sync Playwright)."""
    return playwright.chromium.launch(executable_path=path, headless=True, args=list(ARGS))


__all__ = ["ARGS", "executable", "launch"]
