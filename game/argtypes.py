"""argparse value types shared by every command line of the program (clear messages, exit 2 on bad input)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Collection


def whole_number(text: str, what: str = "a whole number") -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None


def int_in_range(low: int | None = None, high: int | None = None, what: str = "a whole number",
                 message: str | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number in ``low..high`` (either end open when None).

    ``message`` (formatted with ``low``, ``high`` and ``n``) replaces the default out-of-range message.
    """

    def parse(text: str) -> int:
        n = whole_number(text, what)
        if (low is not None and n < low) or (high is not None and n > high):
            if message is not None:
                raise argparse.ArgumentTypeError(message.format(low=low, high=high, n=n))
            if high is None:
                raise argparse.ArgumentTypeError(f"expected a number of at least {low}, got {n}")
            if low is None:
                raise argparse.ArgumentTypeError(f"expected a number of at most {high}, got {n}")
            raise argparse.ArgumentTypeError(f"expected a number from {low} to {high}, got {n}")
        return n

    return parse


positive_int = int_in_range(1)


def parse_window(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d{2,5})\s*[xX]\s*(\d{2,5})\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x800, got {text!r}")
    width, height = int(match.group(1)), int(match.group(2))
    if not (800 <= width <= 7680 and 600 <= height <= 4320):
        raise argparse.ArgumentTypeError("the window must be between 800x600 and 7680x4320")
    return width, height


def kind_lineup(known: Collection[str], low: int, high: int) -> Callable[[str], tuple[str, ...]]:
    """An argparse type: ``low``..``high`` comma-separated names, each one of ``known`` (bot kinds per seat)."""

    def parse(text: str) -> tuple[str, ...]:
        kinds = tuple(k.strip() for k in text.split(",") if k.strip())
        if not low <= len(kinds) <= high:
            raise argparse.ArgumentTypeError(f"give {low} to {high} comma-separated bot kinds, got {len(kinds)}")
        unknown = [k for k in kinds if k not in known]
        if unknown:
            raise argparse.ArgumentTypeError(f"unknown bot kind(s) {', '.join(unknown)} (known: {', '.join(known)})")
        return kinds

    return parse


def add_simulate_flags(parser: argparse.ArgumentParser, *, games: int, seats: tuple[str, ...],
                       kinds: Collection[str], lineup: Callable[[str], tuple[str, ...]]) -> None:
    """The flags both rooms' ``simulate`` take: ``--games``, ``--seats``, ``--seed``, ``--workers``,
    ``--fixed-seats`` and ``--json`` (``games`` and ``seats`` are the room's defaults)."""
    parser.add_argument("--games", type=positive_int, default=games, metavar="N", help=f"number of games ({games})")
    parser.add_argument("--seats", type=lineup, default=seats, metavar="KINDS",
                        help=f"comma-separated bot kinds, one per seat ({', '.join(kinds)}); "
                             f"default {','.join(seats)}")
    parser.add_argument("--seed", type=whole_number, default=0, metavar="S",
                        help="base seed (default 0: the same games every run)")
    parser.add_argument("--workers", type=positive_int, default=1, metavar="K", help="worker processes (1)")
    parser.add_argument("--fixed-seats", action="store_true", help="do not rotate the seats between games")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
