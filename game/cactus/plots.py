"""The Cactus balance lab's plots (``python -m game simulate cactus --plot OUT.png``), drawn with the shared
helpers of :mod:`game.balance` (matplotlib, the optional ``lab`` extra, loaded only here and only when plotting).

One figure of four panels: the win rate per bot kind (95 % Wilson intervals), flowers per seat and game by bot
kind (at the end, and earned by awards), the penalties per seat and game by bot kind (hand touches C-R1, pieces
knocked off C-R5, own pieces that fell C-R5), and the game length (turns)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.balance import (
    LAB_MISSING,
    PALETTE,
    count_bar_panel,
    histogram_panel,
    load_pyplot,
    save_figure,
    win_rate_panel,
)


def plot_problem(path: Path) -> str | None:
    """Why ``path`` cannot take the plot (no matplotlib, no such folder), or None."""
    if load_pyplot() is None:
        return LAB_MISSING
    if not path.parent.exists() or not path.parent.is_dir():
        return f"the folder of {path} does not exist"
    if path.suffix.lower() != ".png":
        return f"the plot is a PNG: give a path ending in .png, not {path.name!r}"
    return None


def plot(summary: dict[str, Any], turns: Sequence[int], path: Path) -> None:
    """Draw the summary of :func:`game.cactus.simulate.summarize` (and each game's length) into ``path``."""
    plt = load_pyplot()
    if plt is None:
        raise RuntimeError(LAB_MISSING)
    by_bot = summary["by_bot"]
    kinds = list(by_bot)
    fig, axes = plt.subplots(2, 2, figsize=(11, 7.5))
    win_rate_panel(axes[0][0], kinds, [by_bot[k]["wins"] for k in kinds], [by_bot[k]["seat_games"] for k in kinds],
                   title=f"Win rate per seat-game ({summary['games']} games, {summary['players']} seats)")
    ax = axes[0][1]
    xs = list(range(len(kinds)))
    ax.bar([x - 0.2 for x in xs], [by_bot[k]["flowers_mean"] for k in kinds], width=0.4, color=PALETTE[0],
           label="flower value at the end")
    ax.bar([x + 0.2 for x in xs], [by_bot[k]["award_flowers_mean"] for k in kinds], width=0.4, color=PALETTE[1],
           label="flowers from awards (C-P1..C-P3)")
    ax.set_xticks(xs, kinds)
    top = max([by_bot[k]["flowers_mean"] for k in kinds] + [1.0])
    ax.set_ylim(0, top * 1.35)  # room for the legend above the bars
    ax.set_title("Flowers per seat and game", fontsize=11)
    ax.legend(loc="upper center", ncol=2, fontsize=8, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    penalties = {f"{k}: {label}": by_bot[k][f"{name}_mean"] for k in kinds
                 for name, label in (("hand_touches", "hand C-R1"), ("knocked", "knocked C-R5"),
                                     ("fell", "own fell"))}
    count_bar_panel(axes[1][0], penalties, "Penalties and falls per seat and game", "per seat-game")
    histogram_panel(axes[1][1], list(turns), "Game length", "turns")
    fig.suptitle(f"Cactus bots: seats {', '.join(summary['seats'])} "
                 f"({'fixed' if summary['fixed_seats'] else 'rotating'}), seed {summary['seed']}", fontsize=12)
    save_figure(fig, path)


__all__ = ["plot", "plot_problem"]
