"""Remote play, crash safety (docs/remote-play.md, "Saving and resuming"): a table's save is never left cut short
where a restart would trust it. A write that fails part-way (a full disk, a failed fsync or rename) leaves the save
before it whole and no temporary file; the temporary file of a write a crash cut short is never read and is deleted
at start; a save damaged on disk is set aside with one clear line, and its table comes back from the journal when
the journal still holds it from its making (else one line says it is not resumed)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.artischocken.engine import new_game
from game.net import wire
from game.net.server.keeping.journal import later_records
from game.net.server.keeping.store import FORMAT, Saver, TableStore

from .netserver import TIMEOUT, Client, ServerProcess, create, join

CODE = "ABCD-EFGH"
STORE_LOG = "game.net.server.store"
JOURNAL_LOG = "game.net.server.journal"


def envelope(fill: str) -> dict[str, Any]:
    return {"format": FORMAT, "code": CODE, "room": "artischocken", "tokens": {}, "state": {"fill": fill}}


class FullDisk:
    """The file of a save that takes ``room`` bytes and then refuses the rest, as a disk that fills up does."""

    def __init__(self, fh: Any, room: int) -> None:
        self.fh = fh
        self.room = room

    def __enter__(self) -> FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.fh.close()  # what was taken reaches the temporary file

    def write(self, data: bytes) -> int:
        self.fh.write(data[:self.room])
        if len(data) > self.room:
            raise OSError(errno.ENOSPC, "No space left on device")
        return len(data)

    def flush(self) -> None:
        self.fh.flush()

    def fileno(self) -> int:
        return int(self.fh.fileno())


@contextlib.contextmanager
def failing(stage: str, room: int) -> Iterator[None]:
    """Saves fail at ``stage``: ``write`` after ``room`` bytes, ``fsync`` or ``rename``."""
    real_fdopen = os.fdopen

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> FullDisk:
        return FullDisk(real_fdopen(fd, *args, **kwargs), room)

    def refuse(*args: Any) -> None:
        raise OSError(errno.EIO, "Input/output error")

    with pytest.MonkeyPatch.context() as patch:
        if stage == "write":
            patch.setattr(os, "fdopen", fdopen)
        else:
            patch.setattr(os, "fsync" if stage == "fsync" else "replace", refuse)
        yield


@settings(max_examples=60, deadline=None)
@given(before=st.text(max_size=300), after=st.text(min_size=1, max_size=3000),
       stage=st.sampled_from(["write", "fsync", "rename"]), cut=st.floats(0.0, 0.999))
def test_a_save_that_fails_part_way_leaves_the_save_before_it_whole_and_no_temporary_file(
        before: str, after: str, stage: str, cut: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = TableStore(Path(folder))
        old = json.dumps(envelope(before))
        store.write(CODE, old)
        new = json.dumps(envelope(after))
        with failing(stage, int(cut * len(new.encode()))), pytest.raises(OSError):
            store.write(CODE, new)
        assert store.path(CODE).read_text("utf-8") == old
        assert os.listdir(folder) == [f"{CODE}.json"]
        assert list(store.load_all()) == [(CODE, json.loads(old))]


def test_the_temporary_file_of_a_save_a_crash_cut_short_is_never_read_and_is_deleted_at_start(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = TableStore(tmp_path)
    old = json.dumps(envelope("before"))
    store.write(CODE, old)
    new = json.dumps(envelope("after")).encode()
    (tmp_path / f".{CODE}.json.k2x9a_1q.tmp").write_bytes(new[:len(new) // 2])
    (tmp_path / f".{CODE}.json.p0q1r2s3.tmp").write_bytes(new[:1])
    with caplog.at_level(logging.INFO, STORE_LOG):
        assert list(store.load_all()) == [(CODE, json.loads(old))]
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{CODE}.json"]
    assert "deleted 2 saves cut short by a crash" in caplog.text


def test_a_table_with_no_readable_save_whose_journal_lacks_its_start_is_not_resumed_and_the_log_says_so(
        caplog: pytest.LogCaptureFixture) -> None:
    records = [{"t": CODE, "n": n, "call": ["act", [n]]} for n in (7, 8)]
    with caplog.at_level(logging.ERROR, JOURNAL_LOG):
        assert later_records(None, records, CODE) == (None, [], 0)
    assert f"table {CODE} has no save that can be read" in caplog.text and "only from 7 on" in caplog.text


class Recorder:
    """A store that notes what the saver asks of it."""

    def __init__(self) -> None:
        self.events: list[str] = []

    def write(self, code: str, text: str) -> None:
        self.events.append(f"write {code}")

    def sync(self) -> None:
        self.events.append("sync")

    def remove(self, code: str) -> None:
        self.events.append(f"remove {code}")


def test_a_round_of_saves_counts_as_landed_only_after_the_folder_is_synced_once() -> None:
    """The journal lets go of the records a save holds when it hears the save landed: by then a power cut must not
    be able to bring the older save back (the renames are durable), and one sync serves the whole round."""
    store = Recorder()

    async def snapshot(code: str) -> tuple[str, int]:
        return f"text of {code}", 3

    async def run() -> None:
        saver = Saver(store, snapshot, lambda code, n: store.events.append(f"landed {code} {n}"))
        saver.mark("AAAA-AAAA")
        saver.mark("BBBB-BBBB")
        end = time.monotonic() + TIMEOUT
        while sum(e.startswith("landed") for e in store.events) < 2:
            assert time.monotonic() < end, store.events
            await asyncio.sleep(0.01)

    asyncio.run(run())
    events = store.events
    assert sorted(events[:2]) == ["write AAAA-AAAA", "write BBBB-BBBB"] and events[2] == "sync"
    assert sorted(events[3:]) == ["landed AAAA-AAAA 3", "landed BBBB-BBBB 3"]


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def saved_mark(path: Path) -> int:
    """The journal mark of the save at ``path`` (0 while there is none that parses)."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return 0
    return int(data.get("journal", 0)) if isinstance(data, dict) else 0


def until_saved(path: Path) -> None:
    end = time.monotonic() + 3 * TIMEOUT
    while saved_mark(path) == 0:
        assert time.monotonic() < end, f"{path.name} was never saved"
        time.sleep(0.02)


def played(server: ServerProcess, seed: int) -> tuple[dict[str, Any], Any]:
    """A two-seat card table with seat 0 joined and one act answered after its save landed; (created, mirror)."""
    client = Client(server.url)
    created = create(client, ["remote", "remote"], seed=seed, start_player=0)
    state = join(client, created["table"], 0, created["tokens"]["0"])
    mirror = new_game(2, seed=seed, start_player=0)
    until_saved(server.data / f"{created['table']}.json")
    action = state["legal"][0]
    answer = client.ask({"type": "act", "action": action})
    assert answer["type"] == "state" and answer["view"]["log_size"] > state["view"]["log_size"], answer
    mirror.apply(wire.action_from_json(action))
    client.close()
    return created, mirror


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["one byte", "cut in half"])
def test_contract_remote_a_damaged_save_is_set_aside_with_a_clear_line_and_its_table_resumes_from_the_journal(
        tmp_path: Path, damage: str) -> None:
    """After a ``kill -9`` the save of one table is damaged on disk: the restart sets it aside (``CODE.corrupt-1.json``,
    holding the damaged bytes) with one line naming both, resumes that table from its journal with the act its
    player saw answered, resumes the other table from its save, and writes the damaged table's save whole again."""
    data = tmp_path / "data"
    server = ServerProcess(data, "--workers", "0")
    try:
        damaged, damaged_mirror = played(server, seed=7)
        kept, kept_mirror = played(server, seed=8)
    finally:
        server.proc.send_signal(signal.SIGKILL)
        server.proc.wait()
        server.stop()
    code = damaged["table"]
    whole = (data / f"{code}.json").read_bytes()
    broken = whole[:1] if damage == "one byte" else whole[:len(whole) // 2]
    (data / f"{code}.json").write_bytes(broken)

    again = ServerProcess(data, "--workers", "0")
    try:
        for created, mirror in ((damaged, damaged_mirror), (kept, kept_mirror)):
            back = join(Client(again.url), created["table"], 0, created["tokens"]["0"])
            assert back["view"] == plain(mirror.view(0, log_since=0))
        until_saved(data / f"{code}.json")
    finally:
        assert again.stop() == 0
    lines = [line for line in again.stderr().splitlines() if f"{code}.json" in line]
    assert len(lines) == 1 and "could not be read" in lines[0] and f"kept as {code}.corrupt-1.json" in lines[0], lines
    assert (data / f"{code}.corrupt-1.json").read_bytes() == broken
    assert json.loads((data / f"{code}.json").read_bytes())["format"] == FORMAT
