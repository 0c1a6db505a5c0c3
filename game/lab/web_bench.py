"""``python -m game bench web [--games N] [--others N] [--json]``: the browser seat's page on a real ``serve``, in
headless Chromium (Debian's ``chromium``, driven by Playwright for Python).

- ``page_bytes``: every file the server serves for its page (uncompressed), and ``table_page_bytes``, what opening
  a card table's link loads (the HTML, its style, its modules and the words of one language), and
  ``cactus_page_bytes``, a Cactus table's (its modules and the pieces' outlines besides);
- ``first_state_ms``: from opening the link (navigation start) to the frame that paints the seat's first state
  (a returning player: the browser holds the name and the seat's token), one table per game;
- the server: ``serve --workers 0`` (a card table's calls in the server's process, the cheapest way for cards);
- ``act_ms``: from the click on a move to the frame that paints the state answering it, over whole games against
  the table's greedy bot, while ``--others`` tables of two scripted players each (random legal moves over the
  wire, :mod:`game.lab.net_load`) play on the same server, in a thread of their own, a new game as one ends.

The page stamps both times itself (``performance.now()`` in the frame's ``requestAnimationFrame``) on its body
(``data-first-ms``, ``data-act-ms``); this process only reads them.

Then, the other tables stopped, a Cactus seat (``cactus``): the page takes its piece, holds it in the air and drags
it in circles for ``--drag`` seconds (a pointer move every 16 ms). ``move_ms``: from a pointer move to the frame
that draws the body the table moved by it (the page times each itself: ``window.cactusMarks``); ``frames_per_s``:
frames the page drew during the drag; ``table_cpu_share``: the server's CPU time over the drag's wall time (the
table runs the seat's hand: its physics and the bodies it sends back; 1.0 is one core).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from game.lab import chromium
from game.lab.net_load import load, percentile
from game.lab.reconnect_bench import serve
from game.net.server.web import MAX_PAGE_BYTES, Pages

#: What a table's page loads (besides the words of its language).
TABLE_FILES = ("table.js", "card_words.js", "seat_store.js", "ask.js", "link.js", "words.js", "style.css")
#: What a Cactus table's page loads besides.
CACTUS_FILES = ("cactus.js", "cactus_words.js", "cactus-shapes.json")
STEP_MS = 30_000


def table_page_bytes(base: str, files: tuple[str, ...] = ()) -> int:
    total = 0
    for path in ("/t/AAAA-AAAA", *(f"/static/{name}" for name in (*TABLE_FILES, *files)), "/static/words-en.json"):
        with urllib.request.urlopen(base + path, timeout=10) as answer:
            total += len(answer.read())
    return total


def new_table(url: str, seed: int) -> str:
    with connect(url, compression=None) as ws:
        ws.send(json.dumps({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"], "seed": seed}))
        created = json.loads(ws.recv(timeout=10))
    if created.get("type") != "created":
        raise RuntimeError(f"create refused: {created}")
    return str(created["table"])


class Others:
    """``count`` tables of two scripted players each, playing game after game in a process of their own (not this
    one's: Playwright's calls here must not wait for them) until :meth:`stop`."""

    def __init__(self, url: str, count: int) -> None:
        self.url, self.count = url, count
        self.games = 0
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> None:
        if self.count:
            self.proc = subprocess.Popen([sys.executable, "-m", "game.lab.web_bench", "--load", self.url,
                                          "--others", str(self.count)], stdout=subprocess.PIPE, text=True)

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        out, _ = self.proc.communicate(timeout=60)
        self.proc = None
        self.games = sum(int(line) for line in out.split() if line.isdigit())


def run_others(url: str, count: int) -> None:
    """The other tables' games, one round of ``count`` tables after another; each round's finished games on a line."""
    seed = 1
    while True:
        result = asyncio.run(load(url, count, 2, seed))
        print(result["games_finished"], flush=True)
        seed += 1


def moves(page: Any) -> str:
    page.locator("body[data-state=over], #move button:enabled").first.wait_for(timeout=STEP_MS)
    return "over" if page.locator("body").get_attribute("data-state") == "over" else "move"


def play(page: Any, acts: list[float]) -> None:
    """Play the page's seat to the end of its game, a vegetable before ending a turn; each act's time in ``acts``."""
    count = 0
    while moves(page) == "move":
        buttons = page.locator("#move button")
        words = buttons.all_inner_texts()
        buttons.nth(next((i for i, text in enumerate(words) if text != "End turn"), 0)).click()
        count += 1
        page.locator(f"body[data-acts='{count}']").wait_for(timeout=STEP_MS)
        acts.append(float(page.locator("body").get_attribute("data-act-ms") or "nan"))


def new_cactus_table(url: str, seed: int) -> str:
    with connect(url, compression=None) as ws:
        ws.send(json.dumps({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "seed": seed,
                            "start_player": 0}))
        created = json.loads(ws.recv(timeout=10))
    if created.get("type") != "created":
        raise RuntimeError(f"create refused: {created}")
    return str(created["table"])


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def drag(page: Any, server_pid: int, seconds: float) -> dict[str, Any]:
    """Take the first turn's piece, hold it high in the air and drag it in circles for ``seconds``."""
    page.locator("body[data-state='move choose']").wait_for(timeout=STEP_MS)
    page.get_by_role("region", name="Your move").get_by_role("button").first.click()
    page.locator("body[data-state='move in_hand']").wait_for(timeout=STEP_MS)
    box = page.locator("#board").bounding_box()
    # the middle of the table, 480 mm up: above every cactus (the canvas: 1020 px for 1700 mm, 12 px of ground)
    cx, cy = box["x"] + box["width"] * 0.5, box["y"] + box["height"] * (372 - 12 - 480 * 0.6) / 372
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.locator("body[data-state='move holding']").wait_for(timeout=STEP_MS)
    page.evaluate("window.cactusMarks.moves = []")
    drawn = int(page.evaluate("window.cactusMarks.drawn"))
    cpu, start = cpu_seconds(server_pid), time.monotonic()
    k = 0
    while time.monotonic() - start < seconds:
        k += 1
        page.mouse.move(cx + 60 * math.cos(k / 15), cy + 25 * math.sin(k / 15))
        page.wait_for_timeout(16)
    wall = time.monotonic() - start
    cpu = cpu_seconds(server_pid) - cpu
    frames = int(page.evaluate("window.cactusMarks.drawn")) - drawn
    moved = sorted(float(v) for v in page.evaluate("window.cactusMarks.moves"))
    page.mouse.up()
    return {"drag_s": round(wall, 1), "pointer_moves": k, "timed_moves": len(moved),
            "move_ms": {"p50": round(percentile(moved, 0.50), 1), "p95": round(percentile(moved, 0.95), 1),
                        "max": round(moved[-1], 1) if moved else 0.0},
            "frames_per_s": round(frames / wall, 1), "table_cpu_share": round(cpu / wall, 3)}


def measure(games: int, others: int, drag_seconds: float = 10.0) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    path = chromium.executable()
    if path is None:
        raise RuntimeError("chromium is not installed (make test installs Debian's chromium)")
    with tempfile.TemporaryDirectory(prefix="web-bench-") as root:
        proc, url = serve(Path(root))
        base = "http://" + url.removeprefix("ws://")
        load_thread = Others(url, others)
        try:
            weight = table_page_bytes(base)
            cactus_weight = table_page_bytes(base, CACTUS_FILES)
            with sync_playwright() as playwright:
                browser = chromium.launch(playwright, path)
                context = browser.new_context(locale="en-GB")
                page = context.new_page()
                page.goto(f"{base}/t/{new_table(url, 0)}")  # the name, asked once
                page.get_by_label("Your name").fill("Bench")
                page.get_by_role("button", name="Sit down").click()
                moves(page)
                page.close()
                load_thread.start()
                time.sleep(1.0 if others else 0.0)  # the other tables under way
                firsts: list[float] = []
                acts: list[float] = []
                for game in range(games):
                    page = context.new_page()
                    page.goto(f"{base}/t/{new_table(url, 100 + game)}")
                    page.locator("body[data-first-ms]").wait_for(timeout=STEP_MS)
                    firsts.append(float(page.locator("body").get_attribute("data-first-ms") or "nan"))
                    play(page, acts)
                    page.close()
                load_thread.stop()
                page = context.new_page()
                page.goto(f"{base}/t/{new_cactus_table(url, 7)}")
                cactus = drag(page, proc.pid, drag_seconds)
                page.close()
                browser.close()
        finally:
            load_thread.stop()
            proc.terminate()
            proc.wait(30)
    acts.sort()
    return {
        "bench": "web", "games": games, "other_tables": others, "other_games_finished": load_thread.games,
        "page_bytes": Pages().total_bytes(), "table_page_bytes": weight,
        "cactus_page_bytes": cactus_weight, "page_bytes_bound": MAX_PAGE_BYTES,
        "first_state_ms": {"median": round(statistics.median(firsts), 1), "max": round(max(firsts), 1)},
        "act_ms": {"acts": len(acts), "p50": round(percentile(acts, 0.50), 1), "p95": round(percentile(acts, 0.95), 1),
                   "max": round(acts[-1], 1) if acts else 0.0},
        "cactus": cactus,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench web", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="whole games the page plays (default 3)")
    parser.add_argument("--others", type=int, default=20,
                        help="tables of two scripted players playing on the same server meanwhile (default 20)")
    parser.add_argument("--drag", type=float, default=10.0,
                        help="seconds the Cactus seat drags its piece (default 10)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--load", default=None, help=argparse.SUPPRESS)  # the other tables' own process
    args = parser.parse_args(argv)
    if args.load is not None:
        with contextlib.suppress(KeyboardInterrupt):
            run_others(args.load, max(1, args.others))
        return 0
    result = measure(max(1, args.games), max(0, args.others), max(1.0, args.drag))
    if args.json:
        print(json.dumps(result))
    else:
        acts, first = result["act_ms"], result["first_state_ms"]
        print(f"page {result['page_bytes']} bytes (a table's page loads {result['table_page_bytes']}); first state "
              f"on screen {first['median']} ms (max {first['max']}); act to next state p50 {acts['p50']} ms, p95 "
              f"{acts['p95']} ms over {acts['acts']} acts, {result['other_tables']} other tables playing")
        cactus = result["cactus"]
        print(f"Cactus drag: pointer move to drawn body p50 {cactus['move_ms']['p50']} ms, p95 "
              f"{cactus['move_ms']['p95']} ms; {cactus['frames_per_s']} frames a second; the table's CPU "
              f"{cactus['table_cpu_share']} of a core")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["main", "measure"]
