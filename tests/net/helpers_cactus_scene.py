"""The remote Cactus play scene of seat 0 opened on an in-process table (headless), for the scene tests."""

from __future__ import annotations

from typing import Any

from helpers_scene import Driver

from game.app import BaseScene
from game.cactus.room import remote_play_scene

from .helpers_cactus_net import Inbox, Loop, LoopConnection


def open_remote_scene(make_app: Any, loop: Loop, *, hold: tuple[str, ...] = (),
                      seeded: bool = False) -> tuple[LoopConnection, Driver]:
    """Seat 0's scene (of a ``seeded`` table or not), joined to ``loop``'s table through a connection that holds
    back the message types in ``hold`` (a slow network), after two frames."""
    connection = LoopConnection(loop, 0, hold=hold)
    loop.links[0] = Inbox(connection)
    loop.route(loop.table.join(0), joined=0)
    app = make_app()
    app.push(BaseScene())
    app.push(remote_play_scene(connection, 0, "T1", seeded=seeded))
    driver = Driver(app, 33)
    driver.frames(2)
    return connection, driver
