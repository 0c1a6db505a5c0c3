"""Tables on the local network: the TXT format of the announcement, fail-soft browsing, and (where
multicast on loopback works here) a live announcement heard by a browser."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.net import discovery
from game.net.discovery import TXT_LIMIT, Advertiser, Browser, OpenTable, decode_tables, encode_tables

tables = st.lists(st.builds(OpenTable, st.from_regex(r"[A-Z0-9]{4,8}", fullmatch=True),
                            st.sampled_from(discovery.ROOMS), st.integers(0, 3)), max_size=30)


@given(tables)
def test_announced_tables_read_back_and_fit_one_txt_string(items: list[OpenTable]) -> None:
    props = encode_tables(items)
    assert len("tables=") + len(props["tables"].encode()) <= TXT_LIMIT
    read = decode_tables({k.encode(): v.encode() for k, v in props.items()})
    assert list(read) == items[:len(read)]  # those that fit, in order
    if len(items) <= 5:
        assert len(read) == len(items)


def test_malformed_announcements_are_skipped() -> None:
    assert decode_tables({b"v": b"2", b"tables": b"AB/cactus/1"}) == ()  # another format version
    assert decode_tables({b"v": b"1", b"tables": b"AB/chess/1;CD/cactus/x;/cactus/1;EF/cactus/2"}) == (
        OpenTable("EF", "cactus", 2),)
    assert decode_tables({"v": "1", "tables": None}) == ()


def test_no_multicast_means_an_empty_list_and_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(interfaces: Any = None) -> Any:
        raise OSError(19, "No such device")

    monkeypatch.setattr(discovery, "_zeroconf", refuse)
    browser = Browser()
    assert not browser.available and browser.found() == [] and browser.note and "No such device" in browser.note
    browser.close()
    advertiser = Advertiser("192.168.1.20", 8765, [OpenTable("AB", "cactus", 1)])
    for _ in range(100):
        if advertiser.note:
            break
        time.sleep(0.01)
    assert advertiser.note and not advertiser.registered.is_set()
    advertiser.close()


def test_an_announced_table_is_found_on_loopback_and_wakes_the_window() -> None:
    woken: list[bool] = []
    browser = Browser(interfaces=["127.0.0.1"], wake=lambda: woken.append(True))
    if not browser.available:
        pytest.skip(f"multicast DNS is not possible on loopback here: {browser.note}")
    advertiser = Advertiser("127.0.0.1", 8765, [OpenTable("K7QX2M", "artischocken", 2)], name="garden-test",
                            interfaces=["127.0.0.1"])
    try:
        end = time.monotonic() + 6
        while time.monotonic() < end and not browser.found():
            time.sleep(0.05)
        if advertiser.note:
            pytest.skip(f"multicast DNS is not possible on loopback here: {advertiser.note}")
        found = browser.found()
        assert found, "the announcement was not heard within 6 s"
        server = found[0]
        assert (server.name, server.host, server.port) == ("garden-test", "127.0.0.1", 8765)
        assert server.tables == (OpenTable("K7QX2M", "artischocken", 2),)
        assert woken, "an idle lobby was not woken by what it heard"
    finally:
        advertiser.close()
        browser.close()


ADVERTISE = """
import sys, time
from game.net.discovery import Advertiser, OpenTable
advertiser = Advertiser("127.0.0.1", int(sys.argv[1]), [OpenTable("K7QX2M", "artischocken", 1)], name="garden-back",
                        player="Srv", server_id="srv-id", interfaces=["127.0.0.1"])
advertiser.registered.wait(10)
print("announced" if advertiser.ready() else f"not announced: {advertiser.note}", flush=True)
time.sleep(60)
"""


def _announce(port: int) -> subprocess.Popen[str]:
    """A server's announcement in a process of its own (so that it can be killed -9: no goodbye)."""
    process = subprocess.Popen([sys.executable, "-c", ADVERTISE, str(port)], stdout=subprocess.PIPE, text=True,
                               cwd=Path(__file__).resolve().parents[2])
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if line != "announced":
        process.kill()
        pytest.skip(f"multicast DNS is not possible on loopback here: {line}")
    return process


def test_a_server_killed_and_announced_again_under_its_name_on_another_port_is_found_there() -> None:
    """A re-registration under the same name after a kill -9 (no goodbye, so no Removed) comes as an update while
    the old record still lies in the cache: the browser takes the newest record, not the first cached one."""
    browser = Browser(interfaces=["127.0.0.1"])
    if not browser.available:
        pytest.skip(f"multicast DNS is not possible on loopback here: {browser.note}")
    first = _announce(8811)
    second = None
    try:
        end = time.monotonic() + 8
        while time.monotonic() < end and [s.port for s in browser.found()] != [8811]:
            time.sleep(0.05)
        assert [s.port for s in browser.found()] == [8811]
        first.send_signal(signal.SIGKILL)
        first.wait()
        second = _announce(8812)
        end = time.monotonic() + 8
        while time.monotonic() < end and [s.port for s in browser.found()] != [8812]:
            time.sleep(0.05)
        assert [(s.port, s.server_id) for s in browser.found()] == [(8812, "srv-id")]
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
        browser.close()
