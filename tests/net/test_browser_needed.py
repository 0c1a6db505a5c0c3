"""The browser tests skip, saying why, only where chromium is missing outside CI; in CI a missing chromium fails
them (``make test`` installs Debian's chromium, as it does redis-server)."""

from __future__ import annotations

import pytest

from . import browser


def test_a_missing_chromium_skips_outside_ci_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser.chromium.shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="chromium is not installed"):
        browser.chromium_path()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the browser tests"):
        browser.chromium_path()


def test_chromium_is_found_where_it_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser.chromium.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert browser.chromium_path() == "/usr/bin/chromium"
