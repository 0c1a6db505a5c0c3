"""The operator's log under a client that sends garbage: the first refused message of each kind is logged, the rest
only counted and summed up in one line when the connection goes, so a flood of bad messages cannot fill the log;
every refusal is still answered."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from .inprocess import Peer, running, until


def test_refusals_are_logged_once_a_kind_and_summed_up_when_the_connection_goes(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="game.net.server.table_server")
    with running(tmp_path) as server:
        peer = Peer(server.url)
        for _ in range(30):
            peer.send({"type": "act", "action": {"kind": "nonsense"}})  # not at a table: bad_message
        peer.send({"type": "join", "table": "NONE-NONE", "seat": 0, "token": "x"})  # no_table
        until(lambda: sum(1 for m in peer.replies if m.get("type") == "error") >= 31, [peer],
              what="every refusal answered")
        peer.close()
        end = time.monotonic() + 15
        while "messages refused" not in caplog.text and time.monotonic() < end:
            time.sleep(0.02)
    lines = [r.getMessage() for r in caplog.records if "error " in r.getMessage() or "refused" in r.getMessage()]
    assert sum(1 for line in lines if "error bad_message" in line) == 1
    assert sum(1 for line in lines if "error no_table" in line) == 1
    summary = [line for line in lines if "messages refused" in line]
    assert len(summary) == 1 and "bad_message 30" in summary[0] and "no_table 1" in summary[0]
