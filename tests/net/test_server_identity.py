"""``python -m game serve`` says where it is and who it is (docs/remote-play.md, "Running a server yourself"):
``serving ws://HOST:PORT`` with an address another machine can use, then ``server ID``; the id is kept in the
data folder and is the same after a restart on another port, and ``hello`` tells it with the addresses."""

from __future__ import annotations

import re
from pathlib import Path

from .netserver import Client, ServerProcess


def second_line(server: ServerProcess) -> str:
    assert server.proc.stdout is not None
    return server.proc.stdout.readline().strip()


def test_serve_prints_where_it_listens_and_then_its_id(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path)
    try:
        assert re.fullmatch(r"serving ws://127\.0\.0\.1:\d+", server.line)
        line = second_line(server)
        assert re.fullmatch(r"server [A-Za-z0-9_-]{1,64}", line), line
        hello = Client(server.url).ask({"type": "hello"})
        assert hello == {"type": "hello", "server": line.split()[1], "name": None, "addresses": [server.url]}
    finally:
        assert server.stop() == 0


def test_serve_on_every_interface_prints_an_address_another_machine_can_use(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, "--host", "0.0.0.0", "--advertise", "Tom")
    try:
        assert server.line.startswith("serving ws://") and "0.0.0.0" not in server.line
        port = server.url.rsplit(":", 1)[1]
        hello = Client(f"ws://127.0.0.1:{port}").ask({"type": "hello"})
        assert hello["name"] == "Tom" and hello["server"] == second_line(server).split()[1]
        assert server.url in hello["addresses"]
        assert all("0.0.0.0" not in a and a.endswith(f":{port}") for a in hello["addresses"])
    finally:
        assert server.stop() == 0


def test_the_id_is_the_same_after_a_restart_on_another_port(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path)
    try:
        made = second_line(first)
    finally:
        assert first.stop() == 0
    again = ServerProcess(tmp_path)
    try:
        assert second_line(again) == made
        assert Client(again.url).ask({"type": "hello"})["server"] == made.split()[1]
    finally:
        assert again.stop() == 0
    assert "set aside" not in again.stderr() and "cannot be resumed" not in again.stderr()  # server.json is no table


def test_the_processes_of_a_cluster_are_one_server_with_one_id(tmp_path: Path, redis_url: str) -> None:
    first = ServerProcess(tmp_path / "a", "--redis", redis_url, "--workers", "0")
    second = ServerProcess(tmp_path / "b", "--redis", redis_url, "--workers", "0")
    try:
        ids = {second_line(first), second_line(second)}
        assert len(ids) == 1  # one id for the whole cluster, kept in its Redis
        assert Client(second.url).ask({"type": "hello"})["server"] == ids.pop().split()[1]
    finally:
        assert first.stop() == 0
        assert second.stop() == 0
