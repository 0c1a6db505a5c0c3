"""``python -m game bench reconnect [--rounds N] [--json]``: how soon a table notices a server that stopped
answering, and how soon two friends sit at their table again after the server was killed and came back on another
port.

A real ``serve`` process (``--workers 0``) on loopback, and the program's own client parts: the link
(:class:`~game.net.client.connection.Connection`), the seating, the seat book and the server watch.

- ``notice_s``: from ``SIGSTOP`` of the server (a frozen machine: the socket stays open, nothing answers) to the
  link leaving ``open`` (its pings go unanswered); the server is then let go on (``SIGCONT``) and the link opens
  again (``resumed_s``).
- ``back_s``: from ``kill -9`` of the server holding a two-seat card table to both seats joined again with their
  tokens in the same game: the server started again on another port with the same data folder (``restart_s``: to
  its ``serving`` line), found by its id with one round of ``hello`` (``found_s``), both seats taken back
  (``seated_s``).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.net.client.connection import Connection
from game.net.client.lobby import Seating
from game.net.client.remote_cards import RemoteTable
from game.net.client.seats import SeatBook, note_seating, take_seat
from game.net.client.server_watch import ServerWatch

PATIENCE = 60.0


def wait(check: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + PATIENCE
    while not check():
        if time.monotonic() > end:
            raise RuntimeError(f"never happened: {what}")
        time.sleep(0.005)


def serve(data: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--workers", "0", "--data",
                             str(data), "--log-level", "error"], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().split()
    if len(line) != 2 or line[0] != "serving":
        proc.kill()
        raise RuntimeError(f"the server did not start: {line}")
    return proc, line[1]


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGCONT)
        proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def seated(seating: Seating) -> Seating:
    def done() -> bool:
        seating.step()
        return seating.done

    wait(done, "a seat is taken")
    if seating.phase != "ready":
        raise RuntimeError(f"no seat: {seating.problem} {seating.detail}")
    return seating


def has_state(remote: RemoteTable) -> Callable[[], bool]:
    def ready() -> bool:
        remote.pump()
        return remote.session.ready

    return ready


def notice(data: Path, rounds: int) -> dict[str, Any]:
    proc, url = serve(data)
    link = Connection(url)
    noticed, resumed = [], []
    try:
        wait(lambda: link.status == "open", "the link opens")
        for _ in range(rounds):
            time.sleep(0.5)
            os.kill(proc.pid, signal.SIGSTOP)
            stopped = time.monotonic()
            wait(lambda: link.status != "open", "the silent server is noticed")
            noticed.append(time.monotonic() - stopped)
            os.kill(proc.pid, signal.SIGCONT)
            going = time.monotonic()
            wait(lambda: link.status == "open", "the link opens again")
            resumed.append(time.monotonic() - going)
    finally:
        link.close()
        stop(proc)
    return {"notice_s": [round(x, 2) for x in noticed], "resumed_s": [round(x, 2) for x in resumed]}


def restart(data: Path, homes: Path) -> dict[str, float]:
    proc, url = serve(data)
    links: list[Connection] = []
    try:
        books = [SeatBook(homes / name / "remote_seats.json") for name in ("ann", "ben")]
        host_link = Connection(url)
        links.append(host_link)
        hosting = seated(Seating.host(host_link, "artischocken", ["remote", "remote"], name="Ann", player="ann",
                                      greet=True))
        note_seating(books[0], url, hosting)
        code = hosting.table
        assert code is not None and hosting.hello is not None
        server_id = hosting.hello.server
        guest_link = Connection(url)
        links.append(guest_link)
        note_seating(books[1], url, seated(take_seat(books[1], guest_link, url, "artischocken", code, "Ben", "ben")))
        time.sleep(0.5)  # saved at rest
        killed = time.monotonic()
        proc.kill()
        proc.wait()
        for link in links:
            link.close()
        links.clear()
        proc, url = serve(data)
        up = time.monotonic()
        watch = ServerWatch(start=False)
        watch.look([url])
        watch.run_round()
        found_at = watch.where(server_id)
        if found_at is None:
            raise RuntimeError("the server was not found again by its id")
        found = time.monotonic()
        seatings = []
        for book, name in zip(books, ("Ann", "Ben"), strict=True):
            link = Connection(found_at)
            links.append(link)
            seatings.append(take_seat(book, link, found_at, "artischocken", code, name, name.lower()))
        for seating in seatings:
            seated(seating)
            assert seating.remote is not None
            wait(has_state(seating.remote), "the seat's state")
        back = time.monotonic()
        return {"restart_s": round(up - killed, 3), "found_s": round(found - up, 3),
                "seated_s": round(back - found, 3), "back_s": round(back - killed, 3)}
    finally:
        for link in links:
            link.close()
        stop(proc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench reconnect", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="freezes and restarts measured (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        result: dict[str, Any] = notice(root / "frozen", args.rounds)
        backs = [restart(root / f"table-{n}", root / f"homes-{n}") for n in range(args.rounds)]
    result["restarts"] = backs
    result["back_s_median"] = round(statistics.median(b["back_s"] for b in backs), 3)
    result["notice_s_max"] = max(result["notice_s"])
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
