"""The README screenshot of the lobby of remote play: ``python -m game.lab.lobby_shots [FOLDER] [WxH] [LANG]``.

It hosts a real table as "Tom": the program's own server started here in the background (``python -m game
serve``), an Artischocken table of three seats (you, a player over the network, a bot), its code shown; the join
card lists it under "Your tables" with how it stands, what zeroconf hears on this machine (a neighbour's table,
announced on loopback), and a code typed by hand. It runs in a temporary user folder (the seats, the server's
port and its tables), removed afterwards with the server stopped.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from game.lab.shots import headless_app, screenshots_main


def screenshots(folder: str, size: tuple[int, int] = (1280, 800), lang: str = "en",
                command: list[str] | None = None) -> list[str]:
    import os
    import tempfile

    data = tempfile.TemporaryDirectory(prefix="garden-table-shots-")
    os.environ["GARDEN_TABLE_HOME"] = data.name  # the player's own seats and server stay out of the picture
    app, out = headless_app(folder, size, lang)

    import pygame

    from game import settings
    from game.net.client.home_server import program_server
    from game.net.discovery import Advertiser, Browser, OpenTable
    from game.screens.scene_network import NetworkScene

    settings.change("player_name", "Tom")
    lobby = NetworkScene(server_command=command, data=Path(data.name) / "server", discover=False)
    app.push(lobby)
    advertiser = None
    try:
        lobby.cycle_seat(1)
        lobby.cycle_seat(1)
        lobby.add_seat()
        lobby.host()
        end = time.monotonic() + 20
        while lobby.hosted is None and time.monotonic() < end:
            app.frame()
            time.sleep(0.01)
        hosted = lobby.hosted
        if hosted is None:
            raise RuntimeError(f"hosting failed: {lobby.host_status}")
        # what a neighbour's server announces, heard on loopback (the table hosted here is under "Your tables")
        lobby.browser = Browser(interfaces=["127.0.0.1"])
        port = int(hosted.code.rsplit("/", 1)[0].rsplit(":", 1)[1])
        advertiser = Advertiser("127.0.0.1", port, [OpenTable("M4RT-7QZP", "cactus", 2)], name="anna-laptop",
                                player="Anna", interfaces=["127.0.0.1"])
        end = time.monotonic() + 6
        while not (lobby.found_buttons and lobby.tables and lobby.tables[0].kind != "info") \
                and time.monotonic() < end:
            app.frame()
            time.sleep(0.05)
        assert lobby.code_entry is not None
        lobby.code_entry.set_text("192.168.1.20:8765/K7QX-2M9P")
        for _ in range(3):
            app.frame()
        path = out / "network-lobby.png"
        pygame.image.save(app.surface, str(path))
        return [str(path)]
    finally:
        if advertiser is not None:
            advertiser.close()
        app.pop()
        server = program_server(app)
        if server is not None:  # the program's server outlives the lobby: ended here
            server.end()
        pygame.quit()
        data.cleanup()


def main(argv: list[str]) -> int:
    return screenshots_main(argv, screenshots, prog="python -m game.lab.lobby_shots")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
