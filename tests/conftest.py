"""Test set-up: headless SDL before anything imports pygame; hypothesis repeatable on CI."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import HealthCheck, settings  # noqa: E402

# On CI every run draws the same examples (a red CI is then reproducible, never a coin toss); locally each run
# explores new ones and hypothesis keeps the failures it finds in .hypothesis/.
settings.register_profile("ci", derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
if os.environ.get("CI"):
    settings.load_profile("ci")


# --------------------------------------------------------------------------------------------------------
# The tests reach this machine only. Many of them name made-up LAN servers (``ws://192.168.1.20:8765``) that the
# program's watchers would try to reach; a stream connection to any address but loopback fails at once, as an
# unreachable network does, so no test ever sends a packet past this machine. (A datagram "connect" sends
# nothing: it is how the program finds its own LAN address, and stays allowed.)

import errno  # noqa: E402
import ipaddress  # noqa: E402
import socket  # noqa: E402
from typing import Any  # noqa: E402

_connect = socket.socket.connect
_connect_ex = socket.socket.connect_ex


def _loopback_only(sock: socket.socket, address: Any) -> None:
    if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.type == socket.SOCK_STREAM:
        host = address[0] if isinstance(address, tuple) and address else ""
        try:
            ok = ipaddress.ip_address(str(host).split("%")[0]).is_loopback
        except ValueError:
            ok = host == "localhost"
        if not ok:
            raise OSError(errno.ENETUNREACH, f"tests reach loopback only, not {host}")


def _connect_loopback(self: socket.socket, address: Any) -> None:
    _loopback_only(self, address)
    _connect(self, address)


def _connect_ex_loopback(self: socket.socket, address: Any) -> int:
    try:
        _loopback_only(self, address)
    except OSError as exc:
        return exc.errno or errno.ENETUNREACH
    return _connect_ex(self, address)


socket.socket.connect = _connect_loopback  # type: ignore[method-assign]
socket.socket.connect_ex = _connect_ex_loopback  # type: ignore[method-assign]


# --------------------------------------------------------------------------------------------------------
# Root fixtures: a user data folder of the test's own, and headless apps built in it.

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user data directory for this test (``GARDEN_TABLE_HOME``), UI language English."""
    from game import i18n

    monkeypatch.setenv("GARDEN_TABLE_HOME", str(tmp_path))
    i18n.set_language("en")
    return tmp_path


@pytest.fixture
def make_app(home: Path) -> Iterator[Callable[..., Any]]:
    """``make_app(size=(1280, 800), clock=None, **AppOptions fields)``: a headless App in this test's user data
    folder, handed the same scenes the CLI hands it (error message, room placeholder, launcher as home; pass
    ``error_scene=None`` and so on to leave one out). ``clock`` replaces the app's virtual clock. Its games start
    with seed 0, as ``--seed 0`` does, so that a test sees the same game every run (``seed=None``: fresh seeds).

    pygame is shut down once the test ends."""

    from game.app import App, AppOptions
    from game.cli import app_scenes
    from game.ui.sound import quit_pygame

    def build(size: tuple[int, int] = (1280, 800), *, clock: Callable[[], int] | None = None,
              **options: Any) -> App:
        opts = AppOptions(size=size, **{"headless": True, "seed": 0, **app_scenes(), **options})
        return App(opts) if clock is None else App(opts, clock=clock)

    yield build
    quit_pygame()  # the mixer closed first, never while an effect ends (that would hang)
