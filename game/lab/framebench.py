"""Frame benchmark: ``python -m game bench frames [--json] [--window WxH] [--rooms a,b] [--idle-seconds S]``.

Each room is driven headless through a scripted, seeded minute that looks like play: its script, a module of the
lab (:data:`SCRIPTS`), has ``frame_bench(app, seed) -> Iterator[str]`` which puts the room's scene on ``app`` and,
before every frame, posts that frame's input (or calls the scene's public methods) and yields ``"play"``; at the
end it leaves the scene waiting for input with nothing moving and yields ``"idle"``.

Per room this prints the median and 95th percentile of one frame's time (events, fixed steps, update and
draw) in wall-clock milliseconds and in process CPU milliseconds (less sensitive to a busy machine), after 60
frames of warm-up, and ``idle_fps``: the frames the app's real loop draws per second of wall time while the
scene waits for input (the loop then waits instead of drawing, see ``App.pace``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from game.app import HEADLESS_FRAME_MS, App, AppOptions
from game.argtypes import parse_window

#: Room -> the lab module whose ``frame_bench`` drives it.
SCRIPTS: dict[str, str] = {
    "launcher": "game.lab.launcher_frames",
    "cactus": "game.lab.cactus.frames",
    "artischocken": "game.lab.artischocken.frames",
    "editor": "game.lab.editor_frames",
}
WARMUP_FRAMES = 60
#: The figures every room reports (``--json``: ``{"window": "WxH", "rooms": {room: {figure: value, "frames": n}}}``).
FIGURES = ("median_ms", "p95_ms", "cpu_median_ms", "cpu_p95_ms", "idle_fps")

Script = Callable[[App, int], Iterator[str]]


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def measure(room: str, size: tuple[int, int], seed: int = 0, idle_seconds: float = 3.0,
            app_options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run ``room``'s script once; its frame times and idle frame rate (all None, with ``missing`` saying
    why, for a room whose module has no ``frame_bench`` yet)."""
    script: Script | None = getattr(importlib.import_module(SCRIPTS[room]), "frame_bench", None)
    if script is None:
        return {**dict.fromkeys(FIGURES), "frames": 0, "missing": f"{SCRIPTS[room]} has no frame_bench"}
    app = App(AppOptions(size=size, headless=True, seed=seed, **(app_options or {})))
    wall: list[float] = []
    cpu: list[float] = []
    for frame, phase in enumerate(script(app, seed)):
        if phase == "idle" or not app.running:
            break
        t0, c0 = time.perf_counter(), time.process_time()
        app.frame(round(frame * HEADLESS_FRAME_MS))
        t1, c1 = time.perf_counter(), time.process_time()
        if frame >= WARMUP_FRAMES:
            wall.append((t1 - t0) * 1000)
            cpu.append((c1 - c0) * 1000)
    idle_fps = idle_rate(app, idle_seconds) if app.running else None
    return {
        "median_ms": round(statistics.median(wall), 2) if wall else None,
        "p95_ms": round(_percentile(wall, 0.95), 2) if wall else None,
        "cpu_median_ms": round(statistics.median(cpu), 2) if cpu else None,
        "cpu_p95_ms": round(_percentile(cpu, 0.95), 2) if cpu else None,
        "idle_fps": idle_fps,
        "frames": len(wall),
    }


def idle_rate(app: App, seconds: float) -> float:
    """Frames per wall second that the app's own loop draws while nobody touches it (real clock, real waits)."""
    start = time.perf_counter()
    offset = app.last_frame_ms or 0  # the app's time runs on from the script's last frame

    def real_ms() -> int:
        return int((time.perf_counter() - start) * 1000) + offset

    app.clock = real_ms
    app.frame()  # the first frame on the real clock
    drawn = 0
    while time.perf_counter() - start < seconds and app.running:
        app.pace()
        app.frame()
        drawn += 1
    return round(drawn / (time.perf_counter() - start), 1)


def run(rooms: Sequence[str], size: tuple[int, int], seed: int = 0, idle_seconds: float = 3.0) -> dict[str, Any]:
    from game.cli import app_scenes

    return {"window": f"{size[0]}x{size[1]}",
            "rooms": {room: measure(room, size, seed, idle_seconds, dict(app_scenes())) for room in rooms}}


def _rooms(text: str) -> list[str]:
    rooms = [r.strip() for r in text.split(",") if r.strip()]
    unknown = [r for r in rooms if r not in SCRIPTS]
    if unknown or not rooms:
        raise argparse.ArgumentTypeError(f"rooms from {', '.join(SCRIPTS)}, got {text!r}")
    return rooms


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench frames",
                                     description="time per frame of every room, and frames drawn while idle")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--window", type=parse_window, default=(1280, 800), metavar="WxH", help="window size")
    parser.add_argument("--rooms", type=_rooms, default=list(SCRIPTS), metavar="ROOM,...",
                        help=f"which rooms (default all: {','.join(SCRIPTS)})")
    parser.add_argument("--seed", type=int, default=0, help="the scripts' seed (default 0: the same games every run)")
    parser.add_argument("--idle-seconds", type=float, default=3.0, help="how long idle frames are counted")
    args = parser.parse_args(argv)
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    result = run(args.rooms, args.window, args.seed, args.idle_seconds)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"frames at {result['window']}: median / p95 ms (wall), median / p95 ms (CPU), idle frames per second")
    for room, r in result["rooms"].items():
        if "missing" in r:
            print(f"  {room:13s} not measured: {r['missing']}")
            continue
        print(f"  {room:13s} {r['median_ms']!s:>6} / {r['p95_ms']!s:>6}   {r['cpu_median_ms']!s:>6} / "
              f"{r['cpu_p95_ms']!s:>6}   idle {r['idle_fps']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
