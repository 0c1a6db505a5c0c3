"""The question on quitting while the program's own server serves a hosted table still in play: keep it running
without the program, or end it (see :mod:`game.net.client.home_server`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import t
from game.net.client.home_server import program_server, saved_id
from game.net.client.host import lan_address
from game.net.client.seats import SeatBook, table_of
from game.net.client.your_tables import GONE, TableNews, peek_server

if TYPE_CHECKING:
    from game.app import App


class AskBeforeQuit:
    """The app's quit check while the program's own server serves: with a hosted table still in play, ask
    whether it keeps running without the program or ends (see :mod:`game.net.client.home_server`)."""

    def __init__(self, app: App, seats_file: Path | None) -> None:
        self.app = app
        self.seats_file = seats_file

    def in_play(self) -> list[str]:
        """The tables of the seat book at the program's server that are not over (or cannot be told)."""
        server = program_server(self.app)
        if server is None or server.url is None or server.port is None:
            return []
        here = {f"ws://{host}:{server.port}" for host in ("127.0.0.1", "localhost", lan_address())}
        own = saved_id()
        tables = [table_of(key) for key, held in SeatBook(self.seats_file).seats.items()
                  if not held.over and ((own is not None and held.server == own) or held.url in here)]
        news = peek_server(server.url, tables, timeout=1.0) if tables else {}
        return [table for table, said in news.items()
                if said != GONE and not (isinstance(said, TableNews) and said.over)]

    def __call__(self) -> bool:
        server = program_server(self.app)
        if server is None or server.status != "running":
            return True
        playing = self.in_play()
        if not playing:
            if server.kept:
                server.end()  # kept for tables that are over now: nothing left to serve
            return True
        scene = self.app.scene
        if scene is None:
            return True
        words = "net.quit.body_one" if len(playing) == 1 else "net.quit.body_many"
        scene.open_dialog(t("net.quit.title"), t(words, n=len(playing)), [
            (lambda: t("net.quit.keep"), self.keep),
            (lambda: t("net.quit.end"), self.end),
            (lambda: t("common.cancel"), lambda: None),
        ], width=620)
        return False

    def keep(self) -> None:
        server = program_server(self.app)
        if server is not None and not server.keep_running():
            server.end()
        self.app.quit()

    def end(self) -> None:
        server = program_server(self.app)
        if server is not None:
            server.end()
        self.app.quit()


__all__ = ["AskBeforeQuit"]
