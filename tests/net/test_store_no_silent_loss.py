"""No silent loss of a table (docs/remote-play.md, "Saving and resuming"): a save that fails is tried again until
it lands and the log says so once each way; shutdown names every table it could not write and exits 3; only
regular files are read at start."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from game.net.server.keeping import store
from game.net.server.keeping.store import TableStore
from game.net.server.table_server import Server, ServerOptions

from .inprocess import running
from .netserver import Client, ServerProcess, create, join

TIMEOUT = 10.0
STORE_LOG = "game.net.server.store"


class Blocker:
    """Makes the saves into a data folder fail and succeed again, and counts the tries.

    A real read-only folder (chmod) where that stops this user; as root, whom chmod does not stop, the store's
    write fails the way a read-only folder makes it fail."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = folder
        self.blocked = False
        self.tries = 0
        self.real_chmod = os.geteuid() != 0
        write = TableStore.write

        def counted(table_store: TableStore, code: str, text: str) -> None:
            self.tries += 1
            if self.blocked and not self.real_chmod:
                raise PermissionError(errno.EACCES, "Permission denied", str(table_store.path(code)))
            write(table_store, code, text)

        monkeypatch.setattr(TableStore, "write", counted)

    def block(self) -> None:
        self.blocked = True
        if self.real_chmod:
            self.folder.chmod(0o555)

    def allow(self) -> None:
        self.blocked = False
        if self.real_chmod:
            self.folder.chmod(0o755)


@pytest.fixture
def blocker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Blocker]:
    made = Blocker(tmp_path, monkeypatch)
    try:
        yield made
    finally:
        made.allow()  # tmp_path must stay removable


async def ask(ws: ClientConnection, message: dict[str, Any], kind: str) -> dict[str, Any]:
    """Send ``message`` and return the first reply of type ``kind`` (presence passed over)."""
    await ws.send(json.dumps(message))
    while True:
        reply = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        assert reply["type"] != "error", reply
        if reply["type"] == kind:
            return dict(reply)


async def until(done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + 3 * TIMEOUT
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


def without_log(view: dict[str, Any]) -> dict[str, Any]:
    """A seat's view less its log (a state after a move carries only the log's new end; log_size stays)."""
    return {key: value for key, value in view.items() if key != "log"}


def records(caplog: pytest.LogCaptureFixture, level: int, code: str) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == STORE_LOG and r.levelno == level and code in r.getMessage()]


def test_a_failed_save_is_tried_again_and_lands_once_the_folder_is_writable_again(
        tmp_path: Path, blocker: Blocker, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A move made while the data folder is read-only: the save is tried again and again (a save that failed
    once used to be dropped for good), the log warns once naming the table and why, and once the folder is
    writable again the move lands on disk (a server started on the folder afterwards shows it) with one line
    saying so."""
    caplog.set_level(logging.INFO, logger=STORE_LOG)
    monkeypatch.setattr(store, "RETRY_FIRST", 0.05)  # several tries within a short test
    monkeypatch.setattr(store, "RETRY_MAX", 0.2)
    monkeypatch.setattr(store, "MIN_INTERVAL", 0.05)

    async def play() -> tuple[str, str, dict[str, Any], list[str]]:
        server = Server(ServerOptions(data=tmp_path))
        ws_server = await server.start("127.0.0.1", 0)
        port = ws_server.sockets[0].getsockname()[1]
        try:
            async with connect(f"ws://127.0.0.1:{port}") as ws:
                created = await ask(ws, {"type": "create", "room": "artischocken", "seats": ["remote", "remote"],
                                         "seed": 3, "start_player": 0}, "created")
                code, token = created["table"], created["tokens"]["0"]
                state = await ask(ws, {"type": "join", "table": code, "seat": 0, "token": token}, "state")
                await until(lambda: (tmp_path / f"{code}.json").exists() and not server.saver.dirty, "the first save")
                blocker.block()
                tries = blocker.tries
                after = await ask(ws, {"type": "act", "action": state["legal"][0]}, "state")
                await until(lambda: blocker.tries >= tries + 4, "the save to be tried again")
                assert len(records(caplog, logging.WARNING, code)) == 1
                assert not records(caplog, logging.INFO, code)
                blocker.allow()
                await until(lambda: bool(records(caplog, logging.INFO, code)), "the save to land")
        finally:
            unsaved = await server.shutdown()
        return code, token, after, unsaved

    code, token, after, unsaved = asyncio.run(play())
    assert unsaved == []
    warned = records(caplog, logging.WARNING, code)
    assert len(warned) == 1 and "Permission denied" in warned[0]
    assert len(records(caplog, logging.INFO, code)) == 1

    async def look() -> dict[str, Any]:
        server = Server(ServerOptions(data=tmp_path))
        ws_server = await server.start("127.0.0.1", 0)
        port = ws_server.sockets[0].getsockname()[1]
        try:
            async with connect(f"ws://127.0.0.1:{port}") as ws:
                return await ask(ws, {"type": "join", "table": code, "seat": 0, "token": token}, "state")
        finally:
            await server.shutdown()

    assert without_log(asyncio.run(look())["view"]) == without_log(after["view"])


def unwritable(save: Path) -> None:
    """Put a directory where the table's save lies: no write can replace it, not even root's."""
    save.unlink()
    save.mkdir()
    (save / "keep").write_text("a directory, not a save")


def seated(server: ServerProcess) -> tuple[Client, dict[str, Any], dict[str, Any]]:
    """A new table, seat 0 joined and about to move: (its client, created, the move)."""
    created = create(Client(server.url), ["remote", "remote"], seed=5, start_player=0)
    seat = Client(server.url)
    state = join(seat, created["table"], 0, created["tokens"]["0"])
    return seat, created, {"type": "act", "action": state["legal"][0]}


def saved_game(folder: Path, code: str) -> Any:
    return json.loads((folder / f"{code}.json").read_text())["state"]["game"]


def wait_for(done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + TIMEOUT
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.02)


def test_shutdown_names_each_table_it_could_not_save_and_exits_3(tmp_path: Path) -> None:
    """SIGTERM with a table whose save cannot be written: the log names it, the last line on stderr counts and
    names the tables lost, the exit code is 3 - and the other tables are saved as ever."""
    server = ServerProcess(tmp_path)
    try:
        seat, lost, move = seated(server)
        other, kept, other_move = seated(server)
        for code in (lost["table"], kept["table"]):
            wait_for(lambda c=code: (tmp_path / f"{c}.json").is_file(), "the first saves")
        before = saved_game(tmp_path, kept["table"])
        unwritable(tmp_path / f"{lost['table']}.json")
        for client, act in ((seat, move), (other, other_move)):
            client.send(act)
            assert client.recv()["type"] == "state"
    finally:
        exit_code = server.stop()
    log = server.stderr()
    assert exit_code == 3, log
    assert log.strip().splitlines()[-1] == f"python -m game serve: 1 table could not be saved: {lost['table']}"
    errors = [line for line in log.splitlines() if " ERROR " in line]
    assert len(errors) == 1 and lost["table"] in errors[0], errors
    assert saved_game(tmp_path, kept["table"]) != before  # its move was saved


def test_a_move_made_while_its_save_fails_is_in_the_save_after_sigterm(tmp_path: Path) -> None:
    """The save fails, the player moves, the save is writable again, SIGTERM: the save holds the move (it used
    to keep the older state: a save that failed once was never tried again, not even on SIGTERM)."""
    server = ServerProcess(tmp_path)
    save = tmp_path / "placeholder"
    try:
        seat, created, move = seated(server)
        save = tmp_path / f"{created['table']}.json"
        wait_for(save.is_file, "the first save")
        unwritable(save)
        seat.send(move)
        after = seat.recv()
        assert after["type"] == "state"
        wait_for(lambda: "could not be saved" in server.stderr(), "the failing save to be reported")
        (save / "keep").unlink()
        save.rmdir()
    finally:
        exit_code = server.stop()
    assert exit_code == 0, server.stderr()
    warned = [line for line in server.stderr().splitlines() if "could not be saved" in line]
    assert len(warned) == 1 and " WARNING " in warned[0] and created["table"] in warned[0]

    again = ServerProcess(tmp_path)
    try:
        state = join(Client(again.url), created["table"], 0, created["tokens"]["0"])
    finally:
        assert again.stop() == 0
    assert without_log(state["view"]) == without_log(after["view"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_only_regular_files_are_read_at_start(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A FIFO, a directory and a symbolic link named like a table's save are skipped with one warning each and
    left as they are; the server starts (a FIFO used to block its start for ever) and resumes the real save."""
    caplog.set_level(logging.INFO)
    with running(tmp_path) as first:
        c = Client(first.url)
        created = create(c, ["remote", "greedy"], seed=1)
        c.close()
    real = tmp_path / f"{created['table']}.json"
    assert real.is_file()
    fifo, folder, link = (tmp_path / f"{name}.json" for name in ("FIFO-FIFO", "DDDD-DDDD", "LLLL-LLLL"))
    os.mkfifo(fifo)
    folder.mkdir()
    link.symlink_to(real)
    try:
        with running(tmp_path) as again:
            assert again.call(lambda s: sorted(s.tables)) == [created["table"]]
            c = Client(again.url)
            assert create(c, ["remote", "greedy"], seed=2)["type"] == "created"
            c.close()
    finally:
        with contextlib.suppress(OSError):  # a server blocked on the FIFO gets its end of file
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    for path, kind in ((fifo, "a FIFO"), (folder, "a directory"), (link, "a symbolic link")):
        said = [r.getMessage() for r in caplog.records if r.name == STORE_LOG and path.name in r.getMessage()]
        assert len(said) == 1 and kind in said[0], said
        assert [r.levelname for r in caplog.records if path.name in r.getMessage()] == ["WARNING"]
    assert fifo.exists() and folder.is_dir() and link.is_symlink()
