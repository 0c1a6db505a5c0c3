"""The README screenshots of the card room: ``python -m game.lab.artischocken.screenshots [FOLDER] [WxH] [LANG]``.

Setup, a table mid-game (the mouse on a card that cannot be played), the eggplant pass, pepper's discard
picker, the end screen and the replay viewer, rendered headless into FOLDER (default ``assets/screenshots``)
as ``artischocken-*.png``.
"""

from __future__ import annotations

import sys

from game.lab.shots import headless_app, screenshots_main


def screenshots(folder: str, size: tuple[int, int] = (1280, 800), lang: str = "en") -> list[str]:
    """Render the README screenshots (setup, mid-game table, eggplant pass, end screen, replay) into ``folder``."""
    app, out = headless_app(folder, size, lang)
    import pygame

    from game.artischocken import Game
    from game.artischocken.room import replay_scene, table_scene
    from game.artischocken.seats import Seat
    from game.artischocken.table.scene_setup import SetupScene
    from game.artischocken.table.scene_table import TableScene
    from game.artischocken.turns import Options
    from game.lab.artischocken.demo import demo

    saved: list[str] = []
    clock = [0]

    def frames(n: int) -> None:
        for _ in range(n):
            app.frame(clock[0])
            clock[0] += 16

    def shot(name: str) -> None:
        path = out / f"artischocken-{name}.png"
        pygame.image.save(app.surface, str(path))
        saved.append(str(path))

    try:
        setup = SetupScene(open_table=table_scene, offer_resume=False)
        app.push(setup)
        frames(2)
        setup.add_button.activate()
        setup.entries[0].set_text("Anna")
        setup.kinds[1] = "greedy"
        setup.entries[1].set_text("Basil")
        setup.entries[2].set_text("Cleo")
        setup.rhubarb = True
        frames(3)
        shot("setup")
        seats = [Seat("Anna", "human"), Seat("Basil", "greedy"), Seat("Cleo", "random")]
        table = TableScene(demo("table"), seats, Options(seed=7, autosave=False, record_replays=False))
        app.replace(table)
        frames(2)
        view = table.table.session.table_view()
        hand = table.hand()
        blocked = next(i for i, c in enumerate(hand) if c != "artichoke" and not table.playable(c))
        assert table.lay is not None and view["hand"]
        rect = table.lay.hand_rects(len(hand))[blocked]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.centerx, rect.top + 40), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        frames(45)
        shot("table")
        egg = TableScene(demo("eggplant"), seats, Options(seed=7, autosave=False, record_replays=False))
        app.replace(egg)
        frames(2)
        egg.select_hand(0)
        egg.select_hand(1)
        frames(3)
        shot("eggplant")
        # pepper's discard picker: the card chosen, Play ready, the rest of the table waiting under the picker
        a = "artichoke"
        picker = TableScene(Game.from_dict({
            "format": "artischocken/1", "options": {"players": 2, "rhubarb": False},
            "players": [{"hand": ["pepper", "broccoli", a, a, a], "deck": [a], "discard": ["carrot", "leek", "corn"]},
                        {"hand": [a], "deck": [a], "discard": []}],
            "garden_stack": [], "garden_row": ["beet", "peas"], "compost": [],
            "turn": {"player": 0, "phase": "play", "played": []}, "seed": 7}),
            [Seat("Anna", "human"), Seat("Basil", "greedy")], Options(seed=7, autosave=False, record_replays=False))
        app.replace(picker)
        frames(60)  # the table's opening pause
        picker.select_hand(picker.hand().index("pepper"))
        frames(3)
        pick = next(c.rect for c in picker.choices if c.key == "pick1")
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pick.center, button=1))
        frames(3)
        shot("picker")
        end = TableScene.new([Seat("Anna", "greedy"), Seat("Basil", "greedy"), Seat("Cleo", "random")],
                             Options(seed=3, fast=True, autosave=False, record_replays=False))
        app.replace(end)
        for _ in range(400):
            frames(1)
            if end.table.session.is_over:
                break
        frames(3)
        shot("end")
        # the replay viewer: that game again, halfway, with every card face up
        viewer = replay_scene(end.table.replay())
        app.replace(viewer)
        session = viewer.session  # type: ignore[attr-defined]
        session.turn_start(len(session.turn_starts) // 2)
        session.open = True
        frames(3)
        shot("replay")
    finally:
        pygame.quit()
    return saved


def main(argv: list[str]) -> int:
    """``python -m game.lab.artischocken.screenshots [FOLDER] [WxH] [LANG]``: the README screenshots."""
    return screenshots_main(argv, screenshots, prog="python -m game.lab.artischocken.screenshots")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
