"""``python -m game bench cactus [--json]``: the physics benchmark of the Cactus room.

A scripted, seeded scene hangs all 35 pieces on the five cacti, then measures:

(a) ``overhead_ratio``: ``World.step`` (sub-steps plus all bookkeeping) divided by bare ``space.step``
    calls of the same space for the same simulated time, measured side by side in one run, alternating
    which goes first. Bodies are woken before every round so both step a live scene (target <= 1.3);
    ``overhead_ratio_asleep`` is the same with the scene at rest.
(b) ``settle_steps`` / ``settle_ms``: one piece dropped onto a loaded cactus until everything rests
    (median wall time of several identical runs; target well under 100 ms).
(c) ``checksum``: a hash of all poses after a scripted sequence (scene, a drag with the hand, drops);
    the sequence runs twice and both checksums must match (exit code 1 otherwise).
(d) ``rebuild_ms``: ``World.from_dict`` of the scene's snapshot (median of several): the bulk of what every
    Cactus turn start costs (``Match.rebuild``, the match rebuilt from its own dict), here with all 35 pieces.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import time

from physics import SUBSTEP, World
from physics.scenes import drop_position, hang_pieces

FRAME = 1.0 / 60.0


def build_scene(seed: int) -> tuple[World, int]:
    world = World.standard(seed=seed)
    ids = list(world.pieces)
    rng = random.Random(seed)
    rng.shuffle(ids)
    hanging = hang_pieces(world, ids, rng)
    return world, hanging


def checksum(world: World) -> str:
    h = hashlib.sha256()
    for pid in world.pieces_in_world():
        x, y, a = world.pose(pid)
        h.update(f"{pid}:{x.hex()}:{y.hex()}:{a.hex()};".encode())
    for pid in sorted(world.facts().fallen):
        h.update(f"fallen:{pid};".encode())
    return h.hexdigest()[:16]


def scripted_sequence(seed: int) -> str:
    """Scene, then the hand drags a piece from cactus 2 over to cactus 3, turns it and lets go."""
    world, _ = build_scene(seed)
    facts = world.facts()
    on_two = [p for p in world.pieces_in_world() if facts.carried_by.get(p) == 2]
    pid = on_two[-1]
    x, y, _ = world.pose(pid)
    world.hand.grab(pid, (x, y))
    target = world.cactus_top(3)
    for k in range(1, 61):
        t = k / 60.0
        world.hand.move_to((x + (target[0] - x) * t, y + (target[1] + 40.0 - y) * t))
        if k % 20 == 0:
            world.hand.rotate(0.3)
        world.step(FRAME)
    world.hand.release()
    world.settle(3.0)
    return checksum(world)


def measure_overhead(world: World, rounds: int, awake: bool) -> float:
    space = world.space
    per_frame = round(FRAME / SUBSTEP)
    t_world = t_bare = 0.0
    for r in range(rounds):
        if awake:
            world.wake()
        if r % 2:
            a = time.perf_counter()
            world.step(FRAME)
            b = time.perf_counter()
            for _ in range(per_frame):
                space.step(SUBSTEP)
            c = time.perf_counter()
            t_world += b - a
            t_bare += c - b
        else:
            a = time.perf_counter()
            for _ in range(per_frame):
                space.step(SUBSTEP)
            b = time.perf_counter()
            world.step(FRAME)
            c = time.perf_counter()
            t_bare += b - a
            t_world += c - b
    return t_world / t_bare


def measure_settle(snapshot: dict, repeats: int) -> tuple[int, float, str]:
    steps: list[int] = []
    times: list[float] = []
    piece = ""
    for _ in range(repeats):
        world = World.from_dict(snapshot)
        facts = world.facts()
        piece = next(p for p in reversed(world.pieces_in_world()) if facts.carried_by.get(p) == 1)
        world.remove(piece)
        world.spawn(piece, drop_position(world, piece, world.cactus(1).x, 0.0, clearance=20.0))
        a = time.perf_counter()
        world.settle(5.0)
        times.append((time.perf_counter() - a) * 1000.0)
        steps.append(world.last_settle_steps)
    if len(set(steps)) != 1:
        raise RuntimeError(f"settle is not deterministic: {steps}")
    return steps[0], statistics.median(times), piece


def measure_rebuild(snapshot: dict, repeats: int) -> float:
    times: list[float] = []
    for _ in range(repeats):
        a = time.perf_counter()
        World.from_dict(snapshot)
        times.append((time.perf_counter() - a) * 1000.0)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench cactus",
                                     description="Benchmark the Cactus physics world.")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seed", type=int, default=0, help="scene seed (default 0: the same games every run)")
    parser.add_argument("--rounds", type=int, default=300, help="frames per overhead measurement")
    args = parser.parse_args(argv)

    world, hanging = build_scene(args.seed)
    snapshot = world.to_dict()
    ratio_awake = measure_overhead(world, args.rounds, awake=True)
    ratio_asleep = measure_overhead(World.from_dict(snapshot), args.rounds, awake=False)
    settle_steps, settle_ms, settle_piece = measure_settle(snapshot, 5)
    first = scripted_sequence(args.seed)
    second = scripted_sequence(args.seed)
    rebuild_ms = measure_rebuild(snapshot, 21)
    result = {
        "overhead_ratio": round(ratio_awake, 3),
        "settle_steps": settle_steps,
        "settle_ms": round(settle_ms, 2),
        "checksum": first,
        "overhead_ratio_asleep": round(ratio_asleep, 3),
        "settle_sim_s": round(settle_steps * SUBSTEP, 3),
        "checksum_repeat_equal": first == second,
        "pieces_hanging": hanging,
        "rebuild_ms": round(rebuild_ms, 2),
        "seed": args.seed,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"cactus bench (seed {args.seed}): {hanging} pieces hanging on 5 cacti")
        print(f"(a) overhead ratio World.step / bare space.step: {result['overhead_ratio']} "
              f"(scene awake), {result['overhead_ratio_asleep']} (scene at rest); target <= 1.3")
        print(f"(b) settle of one dropped piece ({settle_piece}): {settle_steps} sub-steps "
              f"({result['settle_sim_s']} s simulated) in {result['settle_ms']} ms; target < 100 ms")
        print(f"(c) checksum after the scripted sequence: {first} "
              f"({'equal' if first == second else 'DIFFERENT'} on repeat)")
        print(f"(d) a turn start's rebuild from the snapshot ({hanging} pieces): {result['rebuild_ms']} ms")
    return 0 if first == second else 1
