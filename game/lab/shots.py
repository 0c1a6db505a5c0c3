"""What every screenshot script of the lab shares: its command line ``[FOLDER] [WxH] [LANG]`` and its headless
app."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.argtypes import parse_window

if TYPE_CHECKING:
    from game.app import App


def headless_app(folder: str, size: tuple[int, int], lang: str) -> tuple[App, Path]:
    """A headless app of ``size`` speaking ``lang`` (seed 7), and ``folder`` made ready for the pictures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game import i18n
    from game.app import App, AppOptions

    i18n.set_language(lang)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    return App(AppOptions(size=size, headless=True, seed=7)), out


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
