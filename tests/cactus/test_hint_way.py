"""The hint says how to get there: the turn to apply (which way, how far), a way down from above that crosses no
cactus, and the release point at its end; carried out on the match it was asked on (not a copy), it is valid."""

from __future__ import annotations

import json
import math

import pytest
from helpers_scene import rolled_and_taken

from game.cactus.bots.drive import Placement
from game.cactus.bots.hint import Hint, descent, path_is_clear, suggest
from game.cactus.match import Stage
from game.cli import BENCHMARKS
from game.lab.cactus import hintbench


def test_the_turn_is_the_short_way_round_to_the_hint_angle() -> None:
    hint = Hint(4, Placement("sun", 100.0, math.radians(30)), ((100.0, 400.0), (100.0, 300.0)), (100.0, 290.0, 0.5),
                (), 1, 14)
    assert math.isclose(hint.turn_from(0.0), math.radians(30))  # counter-clockwise
    assert math.isclose(hint.turn_from(math.radians(80)), math.radians(-50))  # clockwise
    assert math.isclose(hint.turn_from(math.radians(30) + 4 * math.pi), 0.0, abs_tol=1e-9)
    assert math.isclose(hint.turn_from(math.radians(220)), math.radians(170))  # never more than half a turn
    assert hint.start == (100.0, 400.0) and hint.release == (100.0, 300.0)


def test_the_way_comes_down_from_above_and_crosses_no_cactus() -> None:
    m = rolled_and_taken()
    hint = suggest(m)
    assert hint is not None
    down = descent(m, hint.placement, hint.path)
    assert len(down) >= 2 and down[0] == hint.start
    assert all(b[1] <= a[1] + 1e-9 for a, b in zip(down, down[1:]))  # never up again on the way down
    assert path_is_clear(m, hint.placement, hint.path)
    target = m.world.cactus(m.rules.target_cactus() or 0)
    through = [(target.x, y) for y in range(500, 20, -20)]  # straight down through the trunk
    assert not path_is_clear(m, hint.placement, through)


def test_carried_out_on_the_match_it_was_asked_on_it_is_valid() -> None:
    m = rolled_and_taken()
    turn = m.turn_key
    carried = hintbench.carry_out(m)
    assert carried.result == "valid", carried
    assert m.turn_key == turn + 1 and m.stage == Stage.ROLL
    assert carried.off_ghost is not None and carried.off_ghost < 1.0


def test_the_bench_reports_the_valid_rate_and_the_failures() -> None:
    done = [hintbench.Carried(5, "valid", 4.0, 0.0), hintbench.Carried(7, "fell", 30.0, None),
            hintbench.Carried(9, "no_hint", 0.0, None), hintbench.Carried(11, "valid", 5.0, 0.2)]
    s = hintbench.summarize(done, 2)
    assert s["positions"] == 4 and s["hints_given"] == 3
    assert s["hint_valid_rate"] == round(2 / 3, 4) and s["hint_found_rate"] == 0.75
    assert s["failures"] == {"fell": 1, "no_hint": 1}
    assert s["path_lag_mm_max"] == 30.0 and s["turns"]["min"] == 5


@pytest.mark.slow
def test_bench_cactus_hint_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert "cactus-hint" in BENCHMARKS
    assert hintbench.main(["--json", "--positions", "2", "--seed", "1"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["positions"] == 2 and 0.0 <= s["hint_valid_rate"] <= 1.0 and s["seed"] == 1
    assert sum(s["failures"].values()) + round(s["hint_valid_rate"] * s["hints_given"]) == 2


def test_a_way_that_starts_out_of_sight_is_drawn_from_where_it_comes_into_the_table() -> None:
    """Zoomed in, the hint's way may start above the visible table: its take-circle is then drawn where the way
    comes into sight (the same way down), so a player can press there; a way in sight is drawn as it is."""
    import pygame

    from game.cactus.screens.hint_view import in_sight

    frame = pygame.Rect(0, 100, 400, 300)
    way = [(200.0, 20.0), (200.0, 80.0), (200.0, 250.0)]
    shown = in_sight(way, frame)
    assert shown[1:] == way[2:] and shown[0][0] == 200.0 and 100.0 <= shown[0][1] < 101.0
    assert in_sight(way[2:], frame) == way[2:]
