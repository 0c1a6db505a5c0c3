"""The README screenshot of the lobby of remote play: ``python -m game.lab.lobby_shots [FOLDER] [WxH] [LANG]``.

It hosts a real table: a server started here in the background (``python -m game serve``), an Artischocken
table of three seats (you, a player over the network, a bot), its code shown; the join card lists what zeroconf
hears on this machine (the table just hosted, announced on loopback), and a code typed by hand. The server is
stopped at the end (its tables are kept in a temporary folder, removed afterwards).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from game.lab.shots import headless_app, screenshots_main


def screenshots(folder: str, size: tuple[int, int] = (1280, 800), lang: str = "en",
                command: list[str] | None = None) -> list[str]:
    app, out = headless_app(folder, size, lang)
    import tempfile

    import pygame

    from game.net.discovery import Advertiser, Browser, OpenTable
    from game.screens.scene_network import NetworkScene

    data = tempfile.TemporaryDirectory(prefix="garden-table-shots-")
    lobby = NetworkScene(server_command=command, data=Path(data.name), discover=False)
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
        # what a neighbour's lobby would hear: this table, announced on loopback
        lobby.browser = Browser(interfaces=["127.0.0.1"])
        port = int(hosted.code.rsplit("/", 1)[0].rsplit(":", 1)[1])
        advertiser = Advertiser("127.0.0.1", port, [OpenTable(hosted.table, hosted.room, hosted.free)],
                                name="anna-laptop", interfaces=["127.0.0.1"])
        end = time.monotonic() + 6
        while not lobby.found_buttons and time.monotonic() < end:
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
        app.pop()  # the lobby's server stops with it
        pygame.quit()
        data.cleanup()


def main(argv: list[str]) -> int:
    return screenshots_main(argv, screenshots, prog="python -m game.lab.lobby_shots")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
