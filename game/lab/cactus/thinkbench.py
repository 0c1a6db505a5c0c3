"""``python -m game bench cactus-bot --frames [--json]``: how long the play screen's frames get while the look-ahead
bot thinks and while a hint is looked for.

A headless play scene (1280x800, the real frame loop on a virtual 33 ms clock; three pieces hanging, or eleven
with ``crowded``) plays ``turns`` turns of two ``planner`` (normal) seats, then one more turn in which the seat
on turn is human, takes a piece and asks for a hint (H) until the ghost shows. Each frame's wall time (events,
fixed steps, update, draw) is recorded; the figures are the longest and the 95th percentile frame while a bot
seat is on turn and the longest frame from H to the ghost (wall time, and ``*_cpu_max_ms`` in process CPU time,
less sensitive to a busy machine), with the turns played and the hint's frames.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import pygame

from game.app import App, AppOptions, BaseScene
from game.cactus.match import Match, Stage
from game.cactus.rules import Die, Options
from game.cactus.screens.scene_play import PlayScene

FRAME_MS = 33
#: The start positions: three pieces hanging, or eleven (``crowded``: dearer trials).
START = {1: ["blue_arch", "green_hook"], 2: ["red_zigzag"]}
CROWDED = {0: ["yellow_hook", "green_arch", "red_fork"], 1: ["blue_arch", "green_hook", "purple_zigzag"],
           2: ["red_zigzag", "yellow_crescent"], 3: ["purple_arch"], 4: ["green_crescent", "red_arch"]}


def _frame(app: App, clock: list[int], cpu: list[float]) -> float:
    """One frame on the virtual clock: its wall time in ms (its process CPU time appended to ``cpu``)."""
    clock[0] += FRAME_MS
    t0, c0 = time.perf_counter(), time.process_time()
    app.frame(clock[0])
    cpu.append((time.process_time() - c0) * 1000)
    return (time.perf_counter() - t0) * 1000


def measure(turns: int = 2, seed: int = 0, crowded: bool = False) -> dict[str, Any]:
    """The frame figures (see the module doc), in wall-clock milliseconds; the die only rolls COLOUR."""
    app = App(AppOptions(size=(1280, 800), headless=True, seed=seed))
    try:
        m = Match.with_position(CROWDED if crowded else START, last="red_arch" if crowded else "green_hook",
                                options=Options(die=Die(6, 0, 0)), bots=[True, True], seed=seed)
        m.bot_kinds = ["planner", "planner"]
        app.push(BaseScene())
        scene = PlayScene(m, autosave=False, record_replay=False)
        app.push(scene)
        clock = [0]
        app.frame(0)
        bot_frames: list[float] = []
        bot_cpu: list[float] = []
        start = m.rules.turn_number
        for _ in range(4000):
            if m.rules.turn_number >= start + turns or m.is_over:
                break
            bot_frames.append(_frame(app, clock, bot_cpu))
        played = m.rules.turn_number - start
        # the hint: seat on turn turns human, rolls, takes the first allowed piece and presses H
        m.bots[m.current] = False
        for _ in range(200 if not m.is_over else 0):
            if m.stage == Stage.ROLL:
                m.roll()
            elif m.stage == Stage.CHOOSE:
                m.take(m.allowed()[0])
            if m.stage == Stage.IN_HAND:
                break
            _frame(app, clock, [])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode=""))
        hint_frames: list[float] = []
        hint_cpu: list[float] = []
        for _ in range(400 if not m.is_over else 0):
            hint_frames.append(_frame(app, clock, hint_cpu))
            if scene.hints.hint is not None or not scene.hints.busy or m.is_over:
                break
        ordered = sorted(bot_frames)
        return {
            "turns": played,
            "bot_frames": len(bot_frames),
            "bot_max_ms": round(max(bot_frames), 1) if bot_frames else None,
            "bot_p95_ms": round(ordered[round(0.95 * (len(ordered) - 1))], 1) if ordered else None,
            "bot_median_ms": round(statistics.median(bot_frames), 1) if bot_frames else None,
            "bot_cpu_max_ms": round(max(bot_cpu), 1) if bot_cpu else None,
            "hint_frames": len(hint_frames),
            "hint_max_ms": round(max(hint_frames), 1) if hint_frames else None,
            "hint_cpu_max_ms": round(max(hint_cpu), 1) if hint_cpu else None,
            "hint_found": scene.hints.hint is not None,
        }
    finally:
        pygame.quit()


__all__ = ["measure"]
