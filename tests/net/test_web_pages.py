"""The server answers plain HTTP on its websocket port with its own page (docs/remote-play.md, "A seat in the
browser"): the start page, a table's page and the page's own files, each with a content type and a
Content-Security-Policy; every other path, however it is written, is 404; websocket play is unchanged."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net.server.web import MAX_PAGE_BYTES, Pages

from .netserver import Client, ServerProcess, create, join


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("web"))
    yield proc
    assert proc.stop() == 0


def http_base(server: ServerProcess) -> str:
    return "http://" + server.url.removeprefix("ws://")


def get(server: ServerProcess, path: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(http_base(server) + path, timeout=10) as answer:
            return answer.status, dict(answer.headers.items()), answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers.items()), refused.read()


def raw_get(server: ServerProcess, target: str) -> str:
    """The status line of a GET of ``target`` sent byte for byte (no client tidies the path first)."""
    host, port = server.url.removeprefix("ws://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode("latin-1"))
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    return answer.split(b"\r\n", 1)[0].decode("latin-1")


def test_serve_prints_the_pages_link_on_the_address_of_its_websockets(server: ServerProcess) -> None:
    assert server.proc.stdout is not None
    assert server.proc.stdout.readline().startswith("server ")
    line = server.proc.stdout.readline().strip()
    assert line == f"page {http_base(server)}/"
    assert get(server, "/")[0] == 200


def test_the_start_page_and_a_table_page_are_served_with_a_type_and_a_policy(server: ServerProcess) -> None:
    for path, marker in (("/", b'src="/static/start.js"'), ("/t/K7QX-2M9P", b'src="/static/table.js"'),
                         ("/t/k7qx-2m9p?from=qr", b'src="/static/table.js"'),
                         ("/w/K7QX-2M9P", b'src="/static/table.js"')):
        status, headers, body = get(server, path)
        assert status == 200 and marker in body, path
        assert headers["Content-Type"] == "text/html; charset=utf-8"
        csp = headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp and "script-src 'self'" in csp
        host = server.url.removeprefix("ws://")
        assert f"connect-src 'self' ws://{host}" in csp
        assert headers["X-Content-Type-Options"] == "nosniff"


def test_the_page_files_come_with_their_types(server: ServerProcess) -> None:
    for name, kind in (("table.js", "text/javascript"), ("words.js", "text/javascript"), ("style.css", "text/css"),
                       ("words-de.json", "application/json")):
        status, headers, body = get(server, f"/static/{name}")
        assert status == 200 and body, name
        assert headers["Content-Type"].startswith(kind) and "Content-Security-Policy" in headers


def test_the_words_are_the_programs_own_in_both_languages(server: ServerProcess) -> None:
    en = json.loads(get(server, "/static/words-en.json")[2])
    de = json.loads(get(server, "/static/words-de.json")[2])
    assert en["artischocken.card.leek.name"] == "Leek" and de["artischocken.card.leek.name"] == "Lauch"
    assert set(en) == set(de) and "presence.here" in en and "web.move" in en
    assert not any(key.startswith(("net.", "launcher.")) for key in en)  # only what the page shows


@pytest.mark.parametrize("target", [
    "/static/../serve.py", "/static/%2e%2e/serve.py", "/static/%2E%2E%2Fserve.py", "/static/..%2fweb.py",
    "/static/..\\web.py", "/static/%5c..%5cweb.py", "/static//etc/passwd", "/static/%2fetc%2fpasswd",
    "/../../etc/passwd", "//etc/passwd", "/etc/passwd", "/static/", "/static", "/static/words-fr.json",
    "/t/", "/w/", "/x/K7QX-2M9P", "/t/K7QX/../../static/table.js", "/t/%2e%2e", "/favicon.ico", "/static/.hidden",
    "/index.htm",
    "/static/web.py", "/static/table.js/..", "/static/TABLE.JS",
])
def test_any_other_path_is_not_found(server: ServerProcess, target: str) -> None:
    assert raw_get(server, target) == "HTTP/1.1 404 Not Found", target


def test_a_refusal_carries_a_type_and_a_policy_too(server: ServerProcess) -> None:
    status, headers, _ = get(server, "/static/nothing.js")
    assert status == 404 and headers["Content-Type"].startswith("text/plain")
    assert "default-src 'self'" in headers["Content-Security-Policy"]


def test_websocket_play_is_unchanged_beside_the_page(server: ServerProcess) -> None:
    client = Client(server.url)
    assert client.ask({"type": "hello"})["type"] == "hello"
    created = create(client, ["remote", "greedy"], seed=3)
    state = join(client, created["table"], 0, created["tokens"]["0"])
    assert state["view"]["seat"] == 0
    client.close()
    assert get(server, "/")[0] == 200  # and the page still answers after a game's messages


def test_the_page_weighs_at_most_200_kB() -> None:
    assert Pages().total_bytes() <= MAX_PAGE_BYTES


def test_only_plain_files_of_the_page_folder_are_taken(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("<p>hi</p>")
    (tmp_path / "notes.txt").write_text("not a page file")
    (tmp_path / ".secret.js").write_text("hidden")
    (tmp_path / "sub").mkdir()
    (tmp_path / "link.js").symlink_to(tmp_path / "page.html")
    from game.net.server.web import read_files

    files = read_files(tmp_path)
    assert "page.html" in files and "words-en.json" in files
    assert not {"notes.txt", ".secret.js", "sub", "link.js"} & set(files)
