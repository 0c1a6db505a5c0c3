"""The Artischocken balance lab: ``python -m game simulate artischocken ... --plot OUT.png [--compare-rhubarb]``.

One PNG from the summaries of :mod:`game.artischocken.simulate` (drawn with the shared panels of
:mod:`game.balance`; matplotlib is the optional ``lab`` extra and is imported only when a plot is made):

- win rate per bot kind and per seat, each with its 95 % Wilson interval;
- the game-length histogram (turns per game, median marked);
- artichokes composted per game, by the card that composted them;
- with ``--compare-rhubarb``: the same seats without and with the rhubarb variant side by side (win rate per seat
  and per bot kind, composted per card, and both length histograms).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.balance import (
    LAB_MISSING,
    count_bar_panel,
    grouped_win_rate_panel,
    histogram_panel,
    load_pyplot,
    save_figure,
    win_rate_panel,
)


def check_plot_path(path: str) -> str | None:
    """None when a PNG can be written to ``path``, else a one-line reason (checked before any game is played)."""
    p = Path(path)
    if p.suffix.lower() != ".png":
        return f"--plot needs a .png file name, got {path!r}"
    if not p.parent.is_dir():
        return f"--plot: the folder {str(p.parent)!r} does not exist"
    if load_pyplot() is None:
        return LAB_MISSING
    return None


def _title(s: dict[str, Any]) -> str:
    return (f"Artischocken: {s['games']} games, seats {', '.join(s['seats'])} "
            f"({'fixed' if s['fixed_seats'] else 'rotating'}), seed {s['seed']}, "
            f"rhubarb {'on' if s['rhubarb'] else 'off'}")


def _kind_wins(s: dict[str, Any]) -> tuple[list[str], list[int]]:
    kinds = list(s["wins"])
    return kinds, [int(s["wins"][k]) for k in kinds]


def _seat_wins(s: dict[str, Any]) -> tuple[list[str], list[int]]:
    seats = list(s["wins_by_seat"])
    return [f"seat {x}" for x in seats], [int(s["wins_by_seat"][x]) for x in seats]


def plot(summary: dict[str, Any], turns: list[int], path: str,
         compare: tuple[dict[str, Any], list[int]] | None = None) -> None:
    """Write the lab figure for one batch (``summary`` and its games' lengths in turns) to ``path``.

    ``compare``: the same seats' batch with the rhubarb variant toggled (its summary and lengths)."""
    plt = load_pyplot()
    if plt is None:
        raise RuntimeError(LAB_MISSING)
    rows = 3 if compare else 2
    fig, axes = plt.subplots(rows, 2, figsize=(12, 4.2 * rows))
    games = summary["games"]
    fair = 1 / summary["players"]  # a fair share; also per bot kind when each kind has one seat
    kind_fair = fair if len(set(summary["seats"])) == len(summary["seats"]) else 0.5
    kinds, kind_wins = _kind_wins(summary)
    win_rate_panel(axes[0][0], kinds, kind_wins, games, title="Win rate by bot kind (95% Wilson interval)",
                   fair=kind_fair)
    seats, seat_wins = _seat_wins(summary)
    win_rate_panel(axes[0][1], seats, seat_wins, games, fair=fair,
                   title="Win rate by seat (95% Wilson interval; dashed: a fair share)")
    histogram_panel(axes[1][0], turns, f"Game length ({summary['draws']} draws at the round limit)",
                    xlabel="turns per game")
    count_bar_panel(axes[1][1], summary["artichokes_composted_per_game"], "Artichokes composted per game, by card",
                    ylabel="artichokes per game")
    if compare:
        other, _ = compare
        off, on = (summary, other) if not summary["rhubarb"] else (other, summary)
        _, off_seat = _seat_wins(off)
        _, on_seat = _seat_wins(on)
        grouped_win_rate_panel(axes[2][0], seats, {
            f"without rhubarb ({off['games']} games)": (off_seat, [off["games"]] * len(seats)),
            f"with rhubarb ({on['games']} games)": (on_seat, [on["games"]] * len(seats)),
        }, title="Win rate by seat: without / with rhubarb", fair=fair)
        _, off_kind = _kind_wins(off)
        _, on_kind = _kind_wins(on)
        grouped_win_rate_panel(axes[2][1], kinds, {
            f"without rhubarb (median {off['turns_median']:g} turns)": (off_kind, [off["games"]] * len(kinds)),
            f"with rhubarb (median {on['turns_median']:g} turns)": (on_kind, [on["games"]] * len(kinds)),
        }, title="Win rate by bot kind: without / with rhubarb",
            fair=kind_fair)
    fig.suptitle(_title(summary) + ("  |  bottom row: rhubarb off vs on" if compare else ""), fontsize=12)
    save_figure(fig, path)
