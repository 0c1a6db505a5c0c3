"""Physics reports impacts as facts (a piece meeting a cactus or a piece, and how hard); reading
them changes nothing in the simulation."""

from __future__ import annotations

from physics import World
from physics.impacts import Impact


def drop(height: float, read: bool = True) -> tuple[World, list[Impact]]:
    world = World.standard()
    pid = next(iter(world.pieces))
    x, y = world.cactus_top(2)
    world.spawn(pid, (x, y + height))
    seen: list[Impact] = []
    for _ in range(200):
        world.step(1 / 60)
        if read:
            seen += world.impacts()
    return world, seen


def test_a_piece_landing_on_a_cactus_is_reported_with_its_speed() -> None:
    _, low = drop(10.0)
    _, high = drop(120.0)
    assert low and high
    first_low, first_high = low[0], high[0]
    assert first_low.kind == "cactus" and first_low.other == 2
    assert first_high.speed > first_low.speed > 0
    assert first_high.impulse > first_low.impulse > 0


def test_reading_impacts_changes_nothing() -> None:
    read, _ = drop(60.0, read=True)
    unread, _ = drop(60.0, read=False)
    assert read.facts().poses == unread.facts().poses
