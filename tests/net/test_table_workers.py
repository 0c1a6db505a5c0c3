"""The tables in worker processes (game/net/server/table_host.py): both rooms play through the process host, a save
resumed by a new server plays on, stopping the server leaves no worker behind, a table call that fails in a worker
is a failure of that call only."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.net.server.table_host import ProcessHost, TableFailure
from game.net.server.table_server import Server

from .inprocess import ServerThread, running
from .netserver import Client, ServerProcess, create, join


def wait_for(done: Callable[[], bool], limit: float, what: str) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.02)


def worker_pid(server: ServerThread, code: str) -> int:
    """The pid of the worker process that holds table ``code``."""
    def pid(s: Server) -> int:
        assert isinstance(s.host, ProcessHost)
        found = s.host.placed[code].process.pid
        assert found is not None
        return found

    return server.call(pid)


def worker_pids(server: ServerThread) -> list[int]:
    def pids(s: Server) -> list[int]:
        assert isinstance(s.host, ProcessHost)
        return [p for p in (w.process.pid for w in s.host.workers) if p is not None]

    return server.call(pids)


def worker_lost(server: Server, code: str) -> bool:
    """Whether the server knows the worker holding table ``code`` has stopped."""
    assert isinstance(server.host, ProcessHost)
    return server.host.placed[code].lost


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists (a zombie, not reaped, counts as left behind too)."""
    return Path(f"/proc/{pid}").exists()


def play_remote_cards(seats: list[Client], states: list[dict[str, Any]], moves: int) -> list[dict[str, Any]]:
    """``moves`` actions of a two-seat card table, each the first legal action of the seat whose turn it is."""
    for _ in range(moves):
        actor = next(s for s, state in enumerate(states) if state["legal"])
        seats[actor].send({"type": "act", "action": states[actor]["legal"][0]})
        states = [seats[s].recv() for s in range(len(seats))]
        assert all(state["type"] == "state" for state in states), states
    return states


def test_both_rooms_play_in_worker_processes(tmp_path: Path) -> None:
    with running(tmp_path, workers=2) as server:
        host = Client(server.url)
        cards = create(host, ["greedy", "greedy", "greedy"])
        watcher = Client(server.url)
        assert watcher.ask({"type": "watch", "table": cards["table"]})["type"] == "watching"
        state = watcher.recv()
        end = time.monotonic() + 30
        while not state["view"]["is_over"]:
            assert time.monotonic() < end, "the greedy bots did not finish their game"
            state = watcher.recv()
        cactus = host.ask({"type": "create", "room": "cactus", "seats": ["remote", "remote"]})
        assert cactus["type"] == "created", cactus
        seat = Client(server.url)
        joined = seat.ask({"type": "join", "table": cactus["table"], "seat": 0, "token": cactus["tokens"]["0"]})
        assert joined["type"] == "joined", joined
        turn = seat.recv()
        assert turn["type"] == "turn" and turn["reason"] == "join", sorted(turn)
        # both tables live in worker processes, one in each (a new table goes to the worker holding the fewest)
        pids = {worker_pid(server, cards["table"]), worker_pid(server, cactus["table"])}
        assert os.getpid() not in pids and len(pids) == 2
        assert server.call(lambda s: s.tables[cards["table"]].table.cpu) > 0


def test_a_save_resumed_by_a_new_server_plays_on_in_its_workers(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, workers=2)
    try:
        made = create(Client(server.url), ["remote", "remote"], seed=4, start_player=0)
        seats = [Client(server.url), Client(server.url)]
        states = [join(seats[s], made["table"], s, made["tokens"][str(s)]) for s in (0, 1)]
        states = play_remote_cards(seats, states, 6)
    finally:
        server.stop()
    again = ServerThread(tmp_path, workers=2)
    try:
        seats = [Client(again.url), Client(again.url)]
        resumed = [join(seats[s], made["table"], s, made["tokens"][str(s)]) for s in (0, 1)]
        for before, after in zip(states, resumed, strict=True):
            diff = {k for k in before["view"].keys() | after["view"].keys()
                    if before["view"].get(k) != after["view"].get(k)}
            assert diff <= {"log"}, (diff, before["view"], after["view"])
        later = play_remote_cards(seats, resumed, 4)
        assert later[0]["view"]["log_size"] > resumed[0]["view"]["log_size"]
        assert worker_pid(again, made["table"]) != os.getpid()
    finally:
        again.stop()


def test_stopping_the_server_leaves_no_worker_process_behind(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, workers=2)
    try:
        create(Client(server.url), ["remote", "greedy"])
        create(Client(server.url), ["remote", "greedy"])  # a worker is started as a table first needs it
        pids = worker_pids(server)
        assert len(pids) == 2 and all(alive(p) for p in pids)
    finally:
        server.stop()
    wait_for(lambda: not any(alive(p) for p in pids), 5, "the workers to end")


def children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        with open(task / "children") as f:
            out.update(int(p) for p in f.read().split())
    return out


def test_the_server_process_ends_its_workers_on_sigterm(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, "--workers", "2")
    try:
        create(Client(server.url), ["remote", "greedy"])
        workers = children(server.proc.pid)
        assert len(workers) >= 2, workers
    finally:
        assert server.stop() == 0
    wait_for(lambda: not any(alive(p) for p in workers), 5, "the workers to end")


def test_a_table_call_that_raises_in_a_worker_fails_alone_and_the_worker_plays_on(tmp_path: Path) -> None:
    with running(tmp_path, workers=1) as server:
        made = create(Client(server.url), ["remote", "remote"], seed=3, start_player=0)
        pid = worker_pid(server, made["table"])

        async def bad_call(s: Server) -> Any:
            return await s.tables[made["table"]].table.call("no_such_call")

        future = asyncio.run_coroutine_threadsafe(bad_call(server.server), server.loop)
        with pytest.raises(TableFailure) as info:
            future.result(10)
        assert "no_such_call" in str(info.value) and "Traceback" in str(info.value)  # the worker's traceback
        assert alive(pid) and worker_pid(server, made["table"]) == pid
        seats = [Client(server.url), Client(server.url)]
        states = [join(seats[s], made["table"], s, made["tokens"][str(s)]) for s in (0, 1)]
        play_remote_cards(seats, states, 3)


def test_a_worker_that_dies_loses_only_its_own_tables(tmp_path: Path) -> None:
    """A worker process killed (out of memory, by hand): its tables answer an error, the other worker's tables play
    on and are still saved, in the background and at shutdown, and shutdown names the tables it could not save."""
    server = ServerThread(tmp_path, workers=2)
    try:
        lost = create(Client(server.url), ["remote", "remote"], seed=1, start_player=0)
        kept = create(Client(server.url), ["remote", "remote"], seed=2, start_player=0)
        dead = worker_pid(server, lost["table"])
        assert worker_pid(server, kept["table"]) != dead
        seats = [Client(server.url), Client(server.url)]
        states = [join(seats[s], kept["table"], s, kept["tokens"][str(s)]) for s in (0, 1)]
        saved = tmp_path / f"{kept['table']}.json"
        wait_for(saved.exists, 5, "the first save")
        os.kill(dead, signal.SIGKILL)
        wait_for(lambda: server.call(lambda s: worker_lost(s, lost["table"])), 5, "the server to see it")
        client = Client(server.url)
        client.send({"type": "join", "table": lost["table"], "seat": 0, "token": lost["tokens"]["0"]})
        answer = client.recv()
        if answer["type"] == "joined":  # told before the table was asked
            answer = client.recv()
        assert answer["type"] == "error", answer
        before = saved.read_text()
        states = play_remote_cards(seats, states, 3)
        wait_for(lambda: saved.read_text() != before, 5, "the kept table to be saved in the background")
        states = play_remote_cards(seats, states, 1)
        unsaved = asyncio.run_coroutine_threadsafe(server.server.shutdown(), server.loop).result(30)
        assert unsaved == [lost["table"]]
    finally:
        halt(server)
    again = ServerThread(tmp_path)
    try:
        resumed = join(Client(again.url), kept["table"], 0, kept["tokens"]["0"])
        assert resumed["view"]["log_size"] == states[0]["view"]["log_size"]
    finally:
        again.stop()


async def cancel_the_rest() -> None:
    """Cancel every other task of the loop (the connections' handlers a failed shutdown left) and let them end."""
    tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def halt(server: ServerThread) -> None:
    """Shut the server down (again: a second shutdown finds nothing to do) and end its loop, whatever shutdown
    raises."""
    try:
        asyncio.run_coroutine_threadsafe(server.server.shutdown(), server.loop).result(30)
    except Exception:  # noqa: BLE001 - the test has failed already or asserts what it wanted; the loop must end
        pass
    finally:
        asyncio.run_coroutine_threadsafe(cancel_the_rest(), server.loop).result(10)
        server.loop.call_soon_threadsafe(server.loop.stop)
        server.thread.join(10)
        server.loop.close()
        host = server.server.host
        if isinstance(host, ProcessHost):  # a shutdown that failed left them running (they ignore SIGTERM)
            for worker in host.workers:
                if worker.process.is_alive():
                    worker.process.kill()
                    worker.process.join(5)


def test_the_server_process_stops_on_sigterm_after_a_worker_died(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, "--workers", "2")
    try:
        made = [create(Client(server.url), ["remote", "remote"], seed=s, start_player=0) for s in (1, 2)]
        workers = sorted(p for p in children(server.proc.pid)
                         if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes())
        assert len(workers) == 2, workers
        os.kill(workers[0], signal.SIGKILL)  # one of the two tables is on it (a new table goes to the emptier one)
        time.sleep(0.3)
        lost = []
        for table in made:
            client = Client(server.url)
            client.send({"type": "join", "table": table["table"], "seat": 0, "token": table["tokens"]["0"]})
            answer = client.recv()
            if answer["type"] == "joined":  # told before the table was asked
                answer = client.recv()
            if answer["type"] == "error":
                lost.append(table["table"])
        assert len(lost) == 1, lost
    finally:
        server.proc.send_signal(signal.SIGTERM)
        try:
            code = server.proc.wait(5)
        except subprocess.TimeoutExpired:
            server.proc.kill()  # its workers end with it (their pipe ends)
            code = server.proc.wait()
        server.stop()
    assert code == 3, (code, server.stderr()[-2000:])
    assert f"could not be saved: {lost[0]}" in server.stderr()
