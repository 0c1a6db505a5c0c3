"""The command line every screenshot script of the lab shares: ``[FOLDER] [WxH] [LANG]``."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from game.argtypes import parse_window


def screenshots_main(argv: list[str], screenshots: Callable[[str, tuple[int, int], str], list[str]],
                     prog: str | None = None) -> int:
    """``[FOLDER] [WxH] [LANG]`` (default ``assets/screenshots 1280x800 en``) for a module's README screenshots:
    calls ``screenshots(folder, size, lang)`` and prints every file written. ``--help`` and bad values are
    answered by argparse (exit 0 or 2), never taken for a folder."""
    parser = argparse.ArgumentParser(prog=prog, description="Render the README screenshots into FOLDER.")
    parser.add_argument("folder", nargs="?", default="assets/screenshots", help="where the PNGs go")
    parser.add_argument("window", nargs="?", type=parse_window, default=(1280, 800), metavar="WxH",
                        help="the window size (default 1280x800)")
    parser.add_argument("lang", nargs="?", choices=("en", "de"), default="en", help="the language (default en)")
    args = parser.parse_args(argv)
    for written in screenshots(args.folder, args.window, args.lang):
        print(written)
    return 0
