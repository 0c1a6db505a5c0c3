"""The server's own page (plain HTTP on the websocket port): a browser seat needs nothing but a link.

websockets hands every opening request to :meth:`Pages.answer` (``serve(process_request=...)``) before the
websocket handshake. A request that asks for a websocket (an ``Upgrade: websocket`` header) goes on to the
handshake as before, whatever its path. Any other GET is answered here, and only these paths exist:

- ``/``: the start page (type a table code, or open a link);
- ``/t/CODE``: the table page of table CODE (letters, digits, ``-`` and ``_``, as table ids are), a seat's;
  ``/w/CODE`` the same page for a spectator;
- ``/static/NAME``: one of the page's own files (``game/net/web/``: HTML, CSS, JavaScript modules), and the
  words of the page in each language (``words-en.json``, ``words-de.json``) made from the program's own
  catalogues, so the page says what the program says; and ``cactus-shapes.json``, the outlines of the Cactus
  table (every piece's outline about its centre of mass and its colour, the cacti and the table's size in mm,
  y up) made from the program's own assets, which the wire never carries (a Cactus seat gets only where each
  piece is).

The files are read once, into memory, when the server starts: a request names a key of that mapping, never a
path, so nothing else of the machine can be reached (``..``, encoded or not, a backslash, an absolute path: 404).
Every answer carries a content type, ``X-Content-Type-Options: nosniff`` and a Content-Security-Policy that lets the
page load only its own files and open a websocket only to the server it came from.
"""

from __future__ import annotations

import email.utils
import json
import re
from collections.abc import Mapping
from http import HTTPStatus
from pathlib import Path

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from game.i18n import LANGUAGES, catalogue
from physics.cacti import load_cacti
from physics.pieces import load_pieces

#: Where the page's files live in the package.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: A file of the page: a plain name with one of these endings (nothing else in the folder is served).
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}\.[a-z]{2,4}$")
_TABLE_PATH = re.compile(r"^/[tw]/[A-Za-z0-9_-]{1,64}$")
#: What a Host header may hold to be named in the policy (a host name or address and a port): anything else is
#: left out, and the page may then talk only to ``'self'``.
_HOST = re.compile(r"^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$")
#: The catalogue keys the page uses: the card game's words, the names of its bots, the question before a turn ends
#: while a card could still be played, the words about seats, the Cactus
#: words a seat reads (pieces, the die, the rules' events and broken rules, why a press was refused), and the
#: page's own.
WORD_PREFIXES = ("artischocken.", "table.bot_names", "table.end_turn.", "table.btn.end_turn", "table.menu.stay",
                 "presence.", "web.",
                 *(f"cactus.{part}" for part in ("piece.", "colour.", "form.", "special.", "pronoun.", "event.",
                                                 "violation.", "explain.", "refuse.", "die.", "award.", "place.",
                                                 "end.", "target", "where.", "names.", "repeated")))
#: The most a page of this server may weigh (every file together), checked by the tests and the web bench.
MAX_PAGE_BYTES = 200_000


def page_words(lang: str) -> dict[str, str]:
    """The words of the page in ``lang``: the program's catalogue entries it shows."""
    return {key: text for key, text in sorted(catalogue(lang).items()) if key.startswith(WORD_PREFIXES)}


def cactus_shapes() -> dict[str, object]:
    """What a page draws a Cactus table with: the table's size, the cacti's outlines (world mm) and every
    piece's outline about its centre of mass (where the wire's positions put it) with its colour, and what names
    it (its kind, colour and form: the catalogue's words)."""
    cacti = load_cacti()

    def points(outline: object) -> list[list[float]]:
        return [[round(float(x), 2), round(float(y), 2)] for x, y in outline]  # type: ignore[attr-defined]

    return {"width": cacti.width, "height": cacti.height,
            "cacti": [[points(part) for part in (cactus.base, *cactus.parts)] for cactus in cacti.cacti],
            "pieces": {pid: {"colour": spec.colour_hex, "outline": points(spec.outline), "kind": spec.kind,
                             "colour_name": spec.colour, "form": spec.form}
                       for pid, spec in sorted(load_pieces().items())}}


def read_files(folder: Path = WEB_DIR) -> dict[str, bytes]:
    """The page's files by name (regular files with a plain name and a known ending only) and its words."""
    files: dict[str, bytes] = {}
    for path in sorted(folder.iterdir()):
        if _NAME.match(path.name) and path.suffix in TYPES and path.is_file() and not path.is_symlink():
            files[path.name] = path.read_bytes()
    for lang in LANGUAGES:
        files[f"words-{lang}.json"] = json.dumps(page_words(lang), ensure_ascii=False,
                                                 separators=(",", ":")).encode("utf-8")
    files["cactus-shapes.json"] = json.dumps(cactus_shapes(), separators=(",", ":")).encode("utf-8")
    return files


def policy(host: str | None) -> str:
    """The Content-Security-Policy: the page's own files only, and its websocket to the server it came from."""
    sockets = "'self'"
    if host is not None and _HOST.match(host):
        sockets += f" ws://{host}"
    return ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            f"connect-src {sockets}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'")


class Pages:
    """The page's files in memory, and the answer to a plain HTTP request (``process_request``)."""

    def __init__(self, files: Mapping[str, bytes] | None = None) -> None:
        self.files = dict(read_files() if files is None else files)

    def total_bytes(self) -> int:
        return sum(len(body) for body in self.files.values())

    def answer(self, connection: ServerConnection, request: Request) -> Response | None:
        """None for a websocket's handshake (it goes on), else the HTTP response to a GET of ``request.path``."""
        del connection  # every answer is made from the request alone
        upgrade = request.headers.get("Upgrade", "")
        if "websocket" in upgrade.lower():
            return None
        return self.respond(request.path, request.headers.get("Host"))

    def respond(self, target: str, host: str | None) -> Response:
        path = target.split("?", 1)[0].split("#", 1)[0]
        name: str | None = None
        if path in ("/", "/index.html"):
            name = "index.html"
        elif _TABLE_PATH.match(path):
            name = "table.html"
        elif path.startswith("/static/"):
            name = path[len("/static/"):]
        body = self.files.get(name) if name is not None else None
        if name is None or body is None:
            return response(HTTPStatus.NOT_FOUND, b"Not found\n", "text/plain; charset=utf-8", host)
        return response(HTTPStatus.OK, body, TYPES[name[name.rindex("."):]], host)


def response(status: HTTPStatus, body: bytes, content_type: str, host: str | None) -> Response:
    headers = Headers([
        ("Date", email.utils.formatdate(usegmt=True)),
        ("Connection", "close"),
        ("Content-Length", str(len(body))),
        ("Content-Type", content_type),
        ("Content-Security-Policy", policy(host)),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-cache"),
    ])
    return Response(status.value, status.phrase, headers, body)


__all__ = ["MAX_PAGE_BYTES", "Pages", "page_words", "policy", "read_files"]
