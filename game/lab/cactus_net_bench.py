"""``python -m game bench cactus-net [--seed N] [--frames N] [--turns N]``: what Cactus over the wire costs (JSON).

In one process (no sockets: the sizes are those of the JSON text frames) a table of one remote seat and two
bots is played: the remote seat drags its piece for ``--frames`` frames at 60 fps (the app's 100 Hz steps)
through a :class:`~game.net.client.cactus_link.CactusLink`, then ``--turns`` more turns. Printed: the input messages a
second while dragging and their sizes, the server's time per input message (median and 95th percentile, ms),
the size of a ``join`` mid-drag, of the snapshots at the start and the end, and of the table's save.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence
from typing import Any

from game.cactus.bots.simple import Bot
from game.cactus.match import MatchError, Stage
from game.net.client.cactus_link import CactusLink
from game.net.server import cactus_table
from game.net.server.cactus_table import CactusTable, size_of
from game.net.server.room_table import Delivery

STEP_MS = 10
FRAME_MS = 1000 / 60


def _route(link: CactusLink, deliveries: list[Delivery], seat: int) -> int:
    """Deliveries to ``seat`` into its link; the bytes sent to it."""
    sent = 0
    for audience, message in deliveries:
        if audience == seat:
            text = json.dumps(message, separators=(",", ":"))
            sent += len(text)
            link.receive(json.loads(text))
    return sent


def _send(table: CactusTable, link: CactusLink, seat: int, timings: list[float] | None = None) -> list[int]:
    sizes = []
    for message in link.outgoing():
        text = json.dumps(message, separators=(",", ":"))
        sizes.append(len(text))
        start = time.perf_counter()
        deliveries = table.act(seat, json.loads(text))
        if timings is not None:
            timings.append((time.perf_counter() - start) * 1000)
        _route(link, deliveries, seat)
    return sizes


def _bots(table: CactusTable, link: CactusLink, seat: int) -> int:
    received = 0
    while table.bot_due():
        received += _route(link, table.bot_move(), seat)
    return received


def _play_turn(table: CactusTable, link: CactusLink, seat: int) -> None:
    """The remote seat's turn the bot's way, through its link (what a quick player sends)."""
    match = link.match
    bot = Bot()
    for _ in range(60):
        if match is None or not link.active:
            return
        try:
            bot.act(match)
        except MatchError:
            match.step(STEP_MS / 1000)
        _send(table, link, seat)


def run(seed: int, frames: int, turns: int) -> dict[str, Any]:
    seat = 0
    table = cactus_table.create({"type": "create", "room": "cactus", "seats": ["remote", "bot", "bot"],
                                 "seed": seed, "start_player": seat})
    link = CactusLink(seat)
    start_bytes = _route(link, table.join(seat), seat)
    match = link.match
    assert match is not None
    start_snapshot = size_of(table.record.start)
    bot = Bot()
    while match.stage in (Stage.ROLL, Stage.CHOOSE):
        bot.act(match)
    _send(table, link, seat)
    x, y, angle = bot.plan(match)
    match.rotate(angle - match.hand_angle)
    match.grab_new((x, y + 60.0))
    sizes: list[int] = []
    timings: list[float] = []
    clock = 0.0
    for frame in range(frames):
        match.move_hand((x + 40.0 * math.sin(frame / 30), y + 60.0 + 20.0 * math.cos(frame / 20)))
        clock += FRAME_MS
        while clock >= STEP_MS:
            match.step(STEP_MS / 1000)
            clock -= STEP_MS
        sizes += _send(table, link, seat, timings)
    join_bytes = size_of(table.join(None)[0][1])
    match.release()
    _send(table, link, seat)
    received = 0
    first = table.turn
    while not table.is_over and table.turn < first + turns:
        turn = table.turn
        if table.match.current == seat:
            _play_turn(table, link, seat)
        received += _bots(table, link, seat)
        if table.turn == turn:
            break  # nobody could place the piece (the bot's limit): stop measuring here
    seconds = frames / 60
    return {
        "bench": "cactus-net", "seed": seed, "drag_frames": frames,
        "drag_messages_per_s": round(len(sizes) / seconds, 1),
        "drag_message_bytes_mean": round(statistics.mean(sizes), 1), "drag_message_bytes_max": max(sizes),
        "drag_bytes_per_s": round(sum(sizes) / seconds),
        "server_ms_per_input_median": round(statistics.median(timings), 3),
        "server_ms_per_input_p95": round(sorted(timings)[int(len(timings) * 0.95)], 3),
        "join_bytes_start": start_bytes, "snapshot_bytes_start": start_snapshot,
        "join_bytes_mid_drag": join_bytes, "snapshot_bytes_end": size_of(table.record.start),
        "save_bytes_end": size_of(table.to_dict()), "turns": table.turn, "over": table.is_over,
        "bytes_to_the_seat_after_the_drag": received, "in_step": link.checks[-1][1] == link.checks[-1][2],
        "resyncs": link.resyncs,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench cactus-net", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4, help="default 4: the same games every run")
    parser.add_argument("--frames", type=int, default=600, help="frames of the drag at 60 fps (default 600)")
    parser.add_argument("--turns", type=int, default=10, help="turns played after the drag (default 10)")
    parser.add_argument("--json", action="store_true", help="print JSON (the only output; kept like the other benches)")
    args = parser.parse_args(argv)
    if args.frames < 1 or args.turns < 0:
        parser.error("--frames must be at least 1 and --turns at least 0")
    result = run(args.seed, args.frames, args.turns)
    print(json.dumps(result))
    return 0 if result["in_step"] and not result["resyncs"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
