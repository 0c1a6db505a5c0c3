"""A turn is a function of its start and its input (docs/design.md, "Determinism, saves and user data"): every turn of
a match starts from its snapshot, so the live match played on from turn to turn and ``Match.from_dict`` of a turn's
snapshot (a bot's trial, a hint, a replay, a remote client) end that turn in the same state under the same calls,
knock-offs, fallen pieces and the restarts of a placement (taken back, or fallen) included; the match is rebuilt in
place, so whoever holds it keeps holding the current one."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cactus.match import Match, Stage
from game.replay.format import checksum
from physics.scenes import drop_position, hang_points

DT = 0.01
#: Drops a scripted turn tries before it gives up (the game then ends there for the test).
ATTEMPTS = 8


def _settle(m: Match) -> None:
    for _ in range(2_000):
        if m.stage != Stage.SETTLING:
            return
        m.step(DT)


def play_turn(m: Match, *, hand: bool, shift: int, first: int = 0,
              restarts: list[tuple[int, dict[str, Any]]] | None = None) -> bool:
    """One turn by a script that reads only the match: roll, take, then drops (or drags with the hand, from above)
    at the target cactus's hang points until a placement is valid, then confirm. False when it gave up.
    ``first``: the attempt to begin with; ``restarts`` collects the snapshot as each attempt after the first
    begins (the piece taken back, or fallen back into the hand)."""
    if m.stage == Stage.ROLL:
        m.roll()
    if m.stage == Stage.CHOOSE:
        m.take(m.allowed()[0])
    for k in range(first, ATTEMPTS):
        if m.is_over:
            return True
        if m.stage in (Stage.JUDGED, Stage.SETTLING):
            m.take_back()
        if restarts is not None and k > first and m.stage == Stage.IN_HAND:
            restarts.append((k, json.loads(json.dumps(m.to_dict()))))
        pid = str(m.piece)
        target = m.rules.target_cactus()
        points = hang_points(m.world, (shift if target is None else target) % 5)
        angle = 0.3 * ((k + shift) % 3 - 1)
        x = points[(k + shift) % len(points)]
        low = drop_position(m.world, pid, x, angle)
        if hand:
            m.rotate(angle - m.hand_angle)
            high = (low[0], low[1] + 30.0)
            if not m.is_free(pid, high, m.hand_angle):
                continue
            m.grab_new(high)
            for i in range(1, 21):
                m.move_hand((low[0], high[1] - 1.5 * i))
                m.step(DT)
            m.release()
        else:
            m.drop(low, angle)
        _settle(m)
        if m.stage == Stage.JUDGED and not m.violations:
            m.confirm()
            return True
    return False


Restarts = list[tuple[int, dict[str, Any]]]


def _game(seed: int, turns: int, *, hand: bool) -> tuple[list[dict[str, Any]], list[Restarts], list[str], Match]:
    """The live match played on for ``turns`` turns: each turn's snapshot at its start and at each restart of its
    placement, and each turn's end checksum."""
    m = Match.new(3, seed=seed)
    starts: list[dict[str, Any]] = []
    restarts: list[Restarts] = []
    ends: list[str] = []
    for turn in range(turns):
        if m.is_over:
            break
        starts.append(json.loads(json.dumps(m.to_dict())))
        restarts.append([])
        if not play_turn(m, hand=hand, shift=seed + turn, restarts=restarts[-1]):
            starts.pop()
            restarts.pop()
            break
        ends.append(checksum(m.to_dict()))
    return starts, restarts, ends, m


def _same_future(seed: int, turns: int, hand: bool, *, least: int = 1) -> tuple[Match, int]:
    """Each turn played again on the copy of its start, and from each restart of its placement on the copy of
    that moment: the same end. Returns the live match and the number of restarts checked."""
    starts, restarts, ends, live = _game(seed, turns, hand=hand)
    assert len(ends) >= least, "the script should play a few turns"
    for k, (start, end) in enumerate(zip(starts, ends, strict=True)):
        copy = Match.from_dict(start)
        assert play_turn(copy, hand=hand, shift=seed + k)
        assert checksum(copy.to_dict()) == end, f"turn {k + 1}: the copy of its start went otherwise"
        for attempt, snapshot in restarts[k]:
            again = Match.from_dict(snapshot)
            assert play_turn(again, hand=hand, shift=seed + k, first=attempt)
            assert checksum(again.to_dict()) == end, f"turn {k + 1}, attempt {attempt + 1}: went otherwise"
    return live, sum(len(r) for r in restarts)


def _kinds(m: Match) -> set[str]:
    return {e.kind for e in m.rules.log}


def test_every_turn_of_dropped_pieces_has_the_future_of_its_snapshot_knock_offs_included() -> None:
    kinds: set[str] = set()
    restarts = 0
    for seed in (0, 6, 2):
        live, again = _same_future(seed, 14, hand=False, least=10)
        kinds |= _kinds(live)
        restarts += again
    assert {"knocked", "placed_fell"} <= kinds, "these games should knock a piece off and drop one"
    assert restarts >= 3, "and take a piece back or see it fall, to place it again"


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_every_turn_the_hand_plays_has_the_future_of_its_snapshot(seed: int) -> None:
    _same_future(seed, 6, hand=True)


def test_a_turn_starts_from_a_snapshot_that_reads_back_as_itself() -> None:
    """The premise: the dict a turn starts from builds a match whose dict is that dict again."""
    starts, restarts, _ends, _live = _game(5, 6, hand=False)
    for start in starts + [snapshot for turn in restarts for _, snapshot in turn]:
        assert Match.from_dict(start).to_dict() == start


def test_the_match_is_rebuilt_in_place_and_keeps_what_its_holder_has_not_read() -> None:
    m = Match.new(2, seed=3)
    if m.stage == Stage.ROLL:
        m.roll()
    if m.stage == Stage.CHOOSE:
        m.take(m.allowed()[0])
    holder = m  # a scene or its camera holds the match, never its world
    world = m.world
    m.drain_events()
    for k in range(ATTEMPTS):
        if m.stage in (Stage.JUDGED, Stage.SETTLING):
            m.take_back()
        pid = str(m.piece)
        points = hang_points(m.world, (m.rules.target_cactus() or 0) % 5)
        m.drop(drop_position(m.world, pid, points[k % len(points)], 0.0), 0.0)
        _settle(m)
        if m.stage == Stage.JUDGED and not m.violations:
            break
    turn = m.turn_key
    m.confirm()
    assert holder.turn_key == turn + 1 and holder.stage == Stage.ROLL
    assert holder.world is not world, "the next turn runs on a world built from the turn's snapshot"
    assert "placed" in {e.kind for e in holder.drain_events()}, "the turn's events are still to be read"
    assert holder.drain_impacts(), "the landing's impacts are still to be heard"
    assert holder.to_dict() == Match.from_dict(holder.to_dict()).to_dict()
