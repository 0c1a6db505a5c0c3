"""Two friends' table through the real ``serve`` process and the program's own client parts (connection, seating,
seat book, server watch): a server killed with ``kill -9`` and started again on another port is found again by
its id, every seat is taken back with its token in the same game, and a server that stops answering is noticed.

These hold the end-to-end cases of docs/remote-play.md ("Seats that survive", "Dropped connection") and the
wire of docs/design.md ("Tables, seats and servers"); the rules of the game itself are the engine's (A-G2: each
seat sees its own view).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.net.client.connection import Connection
from game.net.client.lobby import Seating
from game.net.client.remote_cards import RemoteTable
from game.net.client.seats import SeatBook, note_seating, take_seat
from game.net.client.server_watch import ServerWatch
from game.net.client.servers import say_hello

from .netserver import Client, ServerProcess

T = TypeVar("T")
#: How long a step of the game may take before the test calls it stuck (not a speed check: a bound on waiting).
PATIENCE = 30.0


def until(check: Callable[[], T | None], what: str, patience: float = PATIENCE) -> T:
    end = time.monotonic() + patience
    while time.monotonic() < end:
        got = check()
        if got is not None and got is not False:
            return got
        time.sleep(0.02)
    raise AssertionError(f"never happened: {what}")


def seated(seating: Seating) -> Seating:
    def done() -> bool:
        seating.step()
        return seating.done

    until(done, "the seating ends")
    assert seating.phase == "ready", (seating.problem, seating.detail)
    return seating


def settled(tables: list[RemoteTable]) -> None:
    """Take in what the server sent until every seat has a state and none waits for an answer."""
    def calm() -> bool:
        for table in tables:
            table.pump()
        return all(t.session.ready and not t.session.waiting for t in tables)

    until(calm, "every seat has its state")
    time.sleep(0.2)  # a state sent after the last answer (the next seat's refill) is taken in too
    for table in tables:
        table.pump()


def play(tables: list[RemoteTable], moves: int) -> None:
    """``moves`` legal actions, each by the seat whose turn it is (the first legal one that is not ``end_play``
    while another exists, so that the game moves on through both phases)."""
    for _ in range(moves):
        settled(tables)
        actor = next(t for t in tables if t.session.legal_actions())
        legal = actor.session.legal_actions()
        action = next((a for a in legal if a.kind != "end_play"), legal[0])
        actor.apply(action)
    settled(tables)


def facts(table: RemoteTable) -> dict[str, Any]:
    """What a seat sees of the game, the log aside (each client kept its own copy of the log)."""
    view = dict(table.session.view())
    view.pop("log", None)
    return view


def home(tmp_path: Path, name: str) -> SeatBook:
    return SeatBook(tmp_path / name / "remote_seats.json")


def test_kill_9_and_a_restart_on_another_port_give_both_friends_their_seats_in_the_same_game(tmp_path: Path) -> None:
    data = tmp_path / "server"
    first = ServerProcess(data, "--workers", "0")
    ann_book, ben_book = home(tmp_path, "ann"), home(tmp_path, "ben")
    links: list[Connection] = []
    second: ServerProcess | None = None
    try:
        ann_link = Connection(first.url)
        links.append(ann_link)
        hosting = seated(Seating.host(ann_link, "artischocken", ["remote", "remote"], name="Ann", player="ann-1",
                                      greet=True))
        note_seating(ann_book, first.url, hosting)
        assert hosting.table is not None and hosting.hello is not None
        code, server_id = hosting.table, hosting.hello.server
        ben_link = Connection(first.url)
        links.append(ben_link)
        joining = seated(take_seat(ben_book, ben_link, first.url, "artischocken", code, "Ben", player="ben-1"))
        note_seating(ben_book, first.url, joining)
        assert hosting.remote is not None and joining.remote is not None
        tables = [hosting.remote, joining.remote]
        assert {t.seat for t in tables} == {0, 1}
        play(tables, 8)
        before = [facts(t) for t in tables]
        time.sleep(1.5)  # a table at rest is saved within a tenth of a second (docs/remote-play.md)

        os.kill(first.proc.pid, signal.SIGKILL)
        first.proc.wait(10)
        until(lambda: all(link.status != "open" for link in links), "both windows see the link drop")
        for link in links:
            link.close()
        links.clear()

        second = ServerProcess(data, "--workers", "0")
        assert second.url != first.url
        hello = say_hello(second.url)
        assert hello is not None and hello.server == server_id  # the same server, though on another port

        # each program looks for its tables' server by id, at the address the network (or its own
        # server) names now; the seat book keeps the seat under (server id, table), not under the old address
        watch = ServerWatch(start=False)
        watch.look([first.url, second.url])
        watch.run_round()
        assert watch.alive(first.url) is None
        found = watch.where(server_id)
        assert found == second.url
        again = []
        for book, name, player in ((ann_book, "Ann", "ann-1"), (ben_book, "Ben", "ben-1")):
            assert book.held(first.url, code, server_id) is not None
            link = Connection(found)
            links.append(link)
            seating = seated(take_seat(book, link, found, "artischocken", code, name, player=player))
            assert seating.remote is not None
            again.append(seating.remote)
        assert [t.seat for t in again] == [t.seat for t in tables]  # nobody got another seat
        settled(again)
        assert [facts(t) for t in again] == before  # the game exactly where both friends saw it

        # a person who holds a seat is never given a second one, whatever address they came by
        stranger = Client(found)
        try:
            refused = stranger.ask({"type": "claim", "table": code, "player": "ann-1"})
        finally:
            stranger.close()
        assert refused["type"] == "error" and refused["code"] == "already_seated" and refused["seat"] == 0
        play(again, 2)  # and the game goes on
    finally:
        for link in links:
            link.close()
        if first.proc.poll() is None:
            first.stop()
        if second is not None:
            assert second.stop() == 0


def test_a_server_that_stops_answering_is_noticed_by_the_table_and_leaves_the_found_list(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "server", "--workers", "0")
    link = Connection(server.url)
    watch = ServerWatch()
    try:
        until(lambda: link.status == "open", "the link opens")
        watch.look([server.url])
        until(lambda: watch.alive(server.url), "the server answers hello")
        os.kill(server.proc.pid, signal.SIGSTOP)  # the machine froze: the socket stays open, nothing answers
        stopped = time.monotonic()
        until(lambda: link.status != "open" and watch.alive(server.url) is None, "the silent server is noticed")
        assert time.monotonic() - stopped <= 10.0 + 1.0  # within 10 s (one more for a busy test machine)
        os.kill(server.proc.pid, signal.SIGCONT)
        until(lambda: link.status == "open", "the link is back once the server answers")
        until(lambda: watch.alive(server.url), "the server is listed again")
    finally:
        if server.proc.poll() is None:
            os.kill(server.proc.pid, signal.SIGCONT)
        link.close()
        watch.close()
        assert server.stop() == 0
