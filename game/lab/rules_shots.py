"""The README screenshots of the rules screens: ``python -m game.lab.rules_shots [FOLDER] [WxH] [LANG]``.

One page of each room's rules (Cactus: what may touch; Artischocken: the cards), rendered headless into FOLDER
(default ``assets/screenshots``) as ``cactus-rules-LANG.png`` and ``artischocken-rules-LANG.png``.
"""

from __future__ import annotations

import sys

from game.lab.shots import headless_app, screenshots_main

#: The chapter each shot shows (Cactus: what may touch; Artischocken: the cards).
CHAPTERS = {"cactus": 2, "artischocken": 2}


def screenshots(folder: str, size: tuple[int, int] = (1280, 800), lang: str = "en") -> list[str]:
    """Render one rules page of each room into ``folder``; the paths written."""
    app, out = headless_app(folder, size, lang)
    import pygame

    from game.artischocken.room import rules_scene
    from game.cactus import room as cactus_room
    from game.ui.rules_book import RulesBook

    saved: list[str] = []
    try:
        for name, book in (("cactus", cactus_room.rules_scene()), ("artischocken", rules_scene())):
            assert isinstance(book, RulesBook)
            app.push(book)
            book.open_chapter(CHAPTERS[name])
            app.frame(0)
            path = out / f"{name}-rules-{lang}.png"
            pygame.image.save(app.surface, str(path))
            saved.append(str(path))
            app.pop()
    finally:
        pygame.quit()
    return saved


def main(argv: list[str]) -> int:
    """``python -m game.lab.rules_shots [FOLDER] [WxH] [LANG]``: the rules screenshots."""
    return screenshots_main(argv, screenshots, prog="python -m game.lab.rules_shots")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
