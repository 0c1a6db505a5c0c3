"""The command line every screenshot script of the lab shares: ``[FOLDER] [WxH] [LANG]``."""

from __future__ import annotations

from collections.abc import Callable


def screenshots_main(argv: list[str], screenshots: Callable[[str, tuple[int, int], str], list[str]]) -> int:
    """``[FOLDER] [WxH] [LANG]`` (default ``assets/screenshots 1280x800 en``) for a module's README screenshots:
    calls ``screenshots(folder, size, lang)`` and prints every file written."""
    folder = argv[0] if argv else "assets/screenshots"
    width, height = (int(v) for v in (argv[1] if len(argv) > 1 else "1280x800").lower().split("x"))
    for written in screenshots(folder, (width, height), argv[2] if len(argv) > 2 else "en"):
        print(written)
    return 0
