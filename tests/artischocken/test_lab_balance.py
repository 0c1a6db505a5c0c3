"""game.balance: the shared plotting helpers of the balance lab (Wilson intervals, panels)."""

from __future__ import annotations

import pytest

from game import balance


def test_wilson_interval_contains_rate_and_narrows_with_n() -> None:
    lo, hi = balance.wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(0.192, abs=0.005)
    lo2, hi2 = balance.wilson(500, 1000)
    assert hi2 - lo2 < hi - lo
    assert balance.wilson(0, 0) == (0.0, 1.0)
    assert balance.wilson(0, 10)[0] == 0.0 and balance.wilson(10, 10)[1] == 1.0


def test_panels_draw_on_given_axes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    plt = balance.load_pyplot()
    if plt is None:
        pytest.skip("matplotlib not installed")
    fig, axes = plt.subplots(2, 2, figsize=(8, 6))
    balance.win_rate_panel(axes[0][0], ["a", "b"], [30, 70], 100)
    balance.grouped_win_rate_panel(axes[0][1], ["seat 0", "seat 1"], {"x": ([5, 6], [10, 10]), "y": ([1, 2], [4, 4])})
    balance.histogram_panel(axes[1][0], [3, 4, 4, 5, 9], "length", "turns")
    balance.count_bar_panel(axes[1][1], {"onion": 2.5, "carrot": 1.0}, "composted")
    assert len(axes[0][0].patches) == 2 and len(axes[0][1].patches) == 4
    out = tmp_path / "p.png"
    balance.save_figure(fig, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
