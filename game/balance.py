"""Balance-lab helpers shared by both rooms' ``simulate ... --plot`` (Artischocken and Cactus).

Stable API (other rooms import it; extend, do not change the signatures):

- ``wilson(wins, n, z=1.96) -> (lo, hi)``: the 95 % Wilson score interval of ``wins`` successes in ``n``
  trials (``(0.0, 1.0)`` for ``n == 0``). Pure, no matplotlib.
- ``load_pyplot() -> module | None``: ``matplotlib.pyplot`` on the non-interactive Agg backend, or None when
  matplotlib (the ``lab`` extra) is not installed. Import matplotlib only through this.
- ``LAB_MISSING``: the one-line message to print (stderr, exit 2) when ``load_pyplot()`` gives None.
- ``win_rate_panel(ax, labels, wins, games, title="Win rate", colours=None)``: a bar chart of
  ``wins[i] / games[i]`` per label with 95 % Wilson error bars and the rate written on each bar; ``games``
  may be one int for all bars. The y axis runs 0..1 (percent ticks); a dashed line marks ``fair`` (default 0.5,
  pass 1 / players for a fair share).
- ``grouped_win_rate_panel(ax, groups, series, title)``: several series side by side per group, e.g. the
  same seats with and without a variant: ``series`` maps a series name to ``(wins list, games list)``
  aligned with ``groups``; ``fair`` as above.
- ``histogram_panel(ax, values, title, xlabel="", bins=None)``: a histogram of integer values (one bar per
  value up to 40 distinct values, else automatic bins), with the median marked.
- ``count_bar_panel(ax, counts, title, ylabel="")``: bars of a ``{label: number}`` mapping, largest first.
- ``save_figure(fig, path)``: tight layout (the top 4 % kept for a suptitle), 120 dpi PNG, figure closed;
  the parent folder must exist.

Every ``*_panel`` takes a matplotlib ``Axes`` and draws on it only, so a caller lays out its own figure.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

LAB_MISSING = "plots need matplotlib: install the 'lab' extra (pip install -e '.[lab]')"

#: A calm palette readable by colour-blind viewers (Okabe-Ito).
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % for the default z) of ``wins`` successes out of ``n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def load_pyplot() -> Any | None:
    """``matplotlib.pyplot`` with the Agg backend (no window), or None without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _games_list(games: int | Sequence[int], k: int) -> list[int]:
    return [int(games)] * k if isinstance(games, int) else [int(g) for g in games]


def win_rate_panel(ax: Any, labels: Sequence[str], wins: Sequence[int], games: int | Sequence[int],
                   title: str = "Win rate", colours: Sequence[str] | None = None, fair: float = 0.5) -> None:
    """Bars of win rates with 95 % Wilson intervals; each bar is labelled with its rate and count."""
    n = _games_list(games, len(labels))
    rates = [w / g if g else 0.0 for w, g in zip(wins, n, strict=True)]
    lows, highs = [], []
    for w, g, r in zip(wins, n, rates, strict=True):
        lo, hi = wilson(w, g)
        lows.append(r - lo)
        highs.append(hi - r)
    xs = list(range(len(labels)))
    cols = list(colours) if colours else [PALETTE[i % len(PALETTE)] for i in xs]
    ax.bar(xs, rates, color=cols, yerr=[lows, highs], capsize=6, ecolor="#333333", width=0.6)
    for x, r, w, g, hi in zip(xs, rates, wins, n, highs, strict=True):
        ax.text(x, min(1.02, r + hi + 0.02), f"{100 * r:.0f}%\n({w}/{g})", ha="center", va="bottom", fontsize=9)
    ax.set_xticks(xs, list(labels))
    _rate_axis(ax, title, fair)


def grouped_win_rate_panel(ax: Any, groups: Sequence[str], series: Mapping[str, tuple[Sequence[int], Sequence[int]]],
                           title: str = "Win rate", fair: float = 0.5) -> None:
    """Several series of win rates side by side per group, each with 95 % Wilson intervals and a legend."""
    k = max(1, len(series))
    width = 0.8 / k
    for j, (name, (wins, games)) in enumerate(series.items()):
        xs = [i - 0.4 + width * (j + 0.5) for i in range(len(groups))]
        rates = [w / g if g else 0.0 for w, g in zip(wins, games, strict=True)]
        err_lo, err_hi = [], []
        for w, g, r in zip(wins, games, rates, strict=True):
            lo, hi = wilson(w, g)
            err_lo.append(r - lo)
            err_hi.append(hi - r)
        ax.bar(xs, rates, width=width * 0.92, color=PALETTE[j % len(PALETTE)], yerr=[err_lo, err_hi], capsize=4,
               ecolor="#333333", label=name)
        for x, r, hi in zip(xs, rates, err_hi, strict=True):
            ax.text(x, min(1.02, r + hi + 0.02), f"{100 * r:.0f}%", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(list(range(len(groups))), list(groups))
    _rate_axis(ax, title, fair)
    ax.set_ylim(0, 1.3)  # room for the legend above the 100 % line
    ax.legend(loc="upper center", ncol=min(k, 3), fontsize=8, frameon=False)


def _rate_axis(ax: Any, title: str, fair: float) -> None:
    ax.set_ylim(0, 1.15)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0], ["0%", "25%", "50%", "75%", "100%"])
    ax.axhline(fair, color="#999999", linewidth=0.8, linestyle="--")
    ax.set_title(title, fontsize=11)
    ax.spines[["top", "right"]].set_visible(False)


def histogram_panel(ax: Any, values: Sequence[int | float], title: str, xlabel: str = "",
                    bins: int | Sequence[float] | None = None) -> None:
    """A histogram of ``values`` with the median marked by a dashed line."""
    vals = sorted(values)
    if bins is None:
        distinct = len(set(vals))
        if vals and distinct <= 40 and all(float(v).is_integer() for v in vals):
            lo, hi = int(vals[0]), int(vals[-1])
            bins = [x - 0.5 for x in range(lo, hi + 2)]
        else:
            bins = 30
    ax.hist(vals, bins=bins, color=PALETTE[0], edgecolor="white")
    if vals:
        mid = len(vals) // 2
        median = vals[mid] if len(vals) % 2 else (vals[mid - 1] + vals[mid]) / 2
        ax.axvline(median, color=PALETTE[5], linestyle="--", linewidth=1.2, label=f"median {median:g}")
        ax.legend(loc="upper right", fontsize=8, frameon=False)
    ax.set_title(title, fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.spines[["top", "right"]].set_visible(False)


def count_bar_panel(ax: Any, counts: Mapping[str, float], title: str, ylabel: str = "") -> None:
    """Bars of a ``{label: number}`` mapping, largest first, each with its number on top."""
    items = sorted(counts.items(), key=lambda kv: -kv[1])
    labels = [k for k, _ in items]
    vals = [v for _, v in items]
    xs = list(range(len(items)))
    ax.bar(xs, vals, color=PALETTE[2], width=0.6)
    top = max(vals, default=0.0)
    for x, v in zip(xs, vals, strict=True):
        ax.text(x, v + top * 0.02, f"{v:.2f}" if isinstance(v, float) and not v.is_integer() else f"{v:g}",
                ha="center", va="bottom", fontsize=8)
    ax.set_xticks(xs, labels, rotation=30, ha="right")
    ax.set_ylim(0, top * 1.15 if top else 1)
    ax.set_title(title, fontsize=11)
    ax.set_ylabel(ylabel)
    ax.spines[["top", "right"]].set_visible(False)


def save_figure(fig: Any, path: str | Path) -> None:
    """Write ``fig`` as a 120 dpi PNG (tight layout) and close it."""
    fig.tight_layout(rect=(0, 0, 1, 0.96))  # room for a suptitle
    fig.savefig(str(path), dpi=120)
    plt = load_pyplot()
    if plt is not None:
        plt.close(fig)
