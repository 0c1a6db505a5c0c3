"""Batches of games for ``simulate`` and the bot benches: jobs run here or in a pool of processes, with a tqdm
bar, and every result is handed back (in the order they finish; callers sort by game)."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Sequence
from typing import TextIO, TypeVar

from tqdm import tqdm

J = TypeVar("J")
R = TypeVar("R")


def run_jobs(work: Callable[[J], list[R]], jobs: Sequence[J], *, total: int, workers: int = 1,
             progress: TextIO | None = None, desc: str | None = None, mininterval: float = 0.2) -> list[R]:
    """``work(job)`` for every job (a module-level function when ``workers`` > 1, so that it pickles), each
    giving a list of results; ``total`` results in all, counted on a bar on ``progress`` (None: no bar)."""
    out: list[R] = []
    with tqdm(total=total, unit="game", file=progress, disable=progress is None, desc=desc,
              mininterval=mininterval) as bar:
        if workers <= 1:
            parts: Iterable[list[R]] = map(work, jobs)
            for part in parts:
                out.extend(part)
                bar.update(len(part))
        else:
            with multiprocessing.get_context().Pool(workers) as pool:
                for part in pool.imap_unordered(work, jobs):
                    out.extend(part)
                    bar.update(len(part))
    return out


__all__ = ["run_jobs"]
