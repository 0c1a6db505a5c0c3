"""``python -m game bench artischocken-bots [--json] [--kind K] [--decisions N] [--seed S]``: how long the card
table's frames get while its bots think.

A headless table (1280x800) of two ``kind`` bots (default ``search-hard``, the slowest) is run at a real 60
frames a second (each frame is followed by a sleep to the next 1/60 s, as a window's loop does, so the pause
after a bot's move lasts its real 0.8 s) until ``decisions`` bot decisions that had a choice were made, three
times:

* ``in_frame``: the decision is taken inside the frame that needs it (as before the bots moved off the frame);
* ``thread``: worked out in a worker thread from the moment the bot is to decide, the frame going on;
* ``process``: the table as it plays in a window (:class:`~game.artischocken.bots.thinker.Thinker` configured
  for a window): the same in a worker process.

Per mode: the longest frame and the 95th percentile (wall ms) over every frame, the longest frame's process CPU
time, and the frames in which a decision was still pending. Both modes play the same game (same seed).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from game.app import App, AppOptions, BaseScene
from game.argtypes import positive_int, whole_number
from game.artischocken.bots import BOTS
from game.artischocken.bots.thinker import JobSource, Thinker
from game.artischocken.engine import Action
from game.artischocken.seats import Seat
from game.artischocken.table.scene_table import Options, TableScene
from game.artischocken.turns import new_table_game

FRAME_S = 1 / 60
MODES = ("in_frame", "thread", "process")


class InFrame(Thinker):
    """The decision inside the frame that needs it (no thinking ahead)."""

    def prepare(self, table: JobSource) -> None:
        pass

    def take(self, table: JobSource) -> Action | None:
        job = table.bot_job()
        return None if job is None else job.run()


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def measure(kind: str, decisions: int, seed: int, mode: str) -> dict[str, Any]:
    app = App(AppOptions(size=(1280, 800), headless=True, seed=seed))
    try:
        options = Options(seed=seed, autosave=False, record_replays=False)
        scene = TableScene(new_table_game(2, options), [Seat("A", kind), Seat("B", kind)], options)
        app.push(BaseScene())
        app.push(scene)
        if mode == "in_frame":
            scene.thinker = InFrame(wait=True)
        else:
            scene.thinker.configure(window=True, bots=mode == "process")
            time.sleep(0.5)  # a window shows the table a moment before the first bot moves: the process starts
        wall: list[float] = []
        cpu: list[float] = []
        pending = 0
        made = 0
        clock = 0.0
        last_size = scene.table.game.log_size
        began = time.perf_counter()
        while made < decisions and not scene.table.game.is_over and time.perf_counter() - began < 120:
            choice = len(scene.table.game.legal_actions()) > 1
            t0, c0 = time.perf_counter(), time.process_time()
            app.frame(round(clock * 1000))
            t1, c1 = time.perf_counter(), time.process_time()
            wall.append((t1 - t0) * 1000)
            cpu.append((c1 - c0) * 1000)
            pending += scene.thinker.thinking
            size = scene.table.game.log_size
            if size != last_size and choice:
                made += 1
            last_size = size
            clock += FRAME_S
            rest = FRAME_S - (time.perf_counter() - t0)
            if rest > 0:
                time.sleep(rest)
        scene.on_exit()
        worst = max(range(len(wall)), key=wall.__getitem__) if wall else 0
        return {"max_ms": round(max(wall, default=0.0), 1), "p95_ms": round(_p95(wall), 2),
                "median_ms": round(statistics.median(wall), 2) if wall else 0.0,
                "max_frame_cpu_ms": round(cpu[worst], 1) if cpu else 0.0,
                "frames": len(wall), "frames_thinking": pending, "decisions": made}
    finally:
        app.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench artischocken-bots",
                                     description="The card table's frame times while its bots think, with the "
                                                 "decision in the frame and off it.")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--kind", choices=sorted(BOTS), default="search-hard", help="the bots (search-hard)")
    parser.add_argument("--decisions", type=positive_int, default=12, metavar="N",
                        help="bot decisions with a choice to time (12)")
    parser.add_argument("--seed", type=whole_number, default=0, metavar="S",
                        help="the table's seed (default 0: the same games every run)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    result: dict[str, Any] = {"kind": args.kind, "decisions": args.decisions}
    for mode in MODES:
        result[mode] = measure(args.kind, args.decisions, args.seed, mode)
    if args.json:
        print(json.dumps(result))
    else:
        for mode in MODES:
            r = result[mode]
            print(f"{mode:9}: longest frame {r['max_ms']} ms (p95 {r['p95_ms']} ms, median {r['median_ms']} ms) over "
                  f"{r['frames']} frames, {r['frames_thinking']} of them while a bot thought")
    return 0


__all__ = ["MODES", "InFrame", "main", "measure"]
