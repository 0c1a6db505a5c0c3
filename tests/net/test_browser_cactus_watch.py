"""A Cactus table watched in a real browser (docs/remote-play.md, "A seat in the browser"): headless Chromium opens
the table's link on a real ``serve``; the page runs no physics but asks the table for its bodies and draws every
piece where the table has it, the cacti and the ground, and follows a desktop player's drag live."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from game.cactus.bots.simple import Bot
from game.cactus.match import Stage

from .browser import browser, server
from .helpers_cactus_net import DT
from .inprocess import Peer, until
from .netserver import ServerProcess

__all__ = ["browser", "server"]  # the fixtures, used by name

pytestmark = pytest.mark.slow
#: The longest any one step of the page may take before the test gives up (a bound, not a measure).
STEP_MS = 20_000


def bodies_of(watcher: Peer) -> dict[str, Any] | None:
    """The last ``bodies`` the watcher heard (None before the first)."""
    found = [m for m in watcher.replies if m.get("type") == "bodies"]
    return found[-1] if found else None


def made_all(watcher: Peer, tom: Peer) -> None:
    """Read until the watcher's bodies follow every input message Tom sent this turn."""
    assert tom.link is not None

    def caught_up() -> bool:
        last = bodies_of(watcher)
        return last is not None and tom.link is not None and last["turn"] == tom.link.turn \
            and last["seq"] == tom.link.seq

    until(caught_up, [watcher, tom], what="the bodies after Tom's input")


def held_words(bodies: dict[str, Any]) -> str:
    """The held piece and where it is as the page keeps it (its id, x and y rounded to the mm, JavaScript's way)."""
    held = next(p for p in bodies["pieces"] if p[0] == bodies["held"])
    return f"{held[0]} {math.floor(held[1] + 0.5)} {math.floor(held[2] + 0.5)}"


@pytest.mark.parametrize("link", ["w", "t"])
def test_the_page_draws_the_tables_bodies_and_follows_a_desktop_players_drag(
        browser: Any, server: ServerProcess, tmp_path: Path, link: str) -> None:
    tom = Peer(server.url, 0, cactus=True)
    created = tom.ask({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "seed": 5,
                       "start_player": 0, "hold": True, "name": "Tom"}, "created")
    code = created["table"]
    tom.send({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"]})
    until(lambda: tom.link is not None and tom.link.active, [tom], what="Tom's turn")
    watcher = Peer(server.url)  # the table's bodies as a client without physics hears them
    watcher.send({"type": "watch", "table": code, "bodies": True})

    context = browser.new_context(locale="en-GB", viewport={"width": 1100, "height": 800})
    problems: list[str] = []
    page = context.new_page()
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.add_init_script('localStorage.setItem("garden-table", JSON.stringify({name: "Ann"}))')
    page.goto("http://" + server.url.removeprefix("ws://") + f"/{link}/{code}")
    board = page.locator("#board")
    page.locator("#board[data-drawn]").wait_for(timeout=STEP_MS)
    until(lambda: bodies_of(watcher) is not None, [watcher], what="the first bodies")
    first = bodies_of(watcher)
    assert first is not None and first["active"] == 0
    page.locator(f'#board[data-pieces="{len(first["pieces"])}"]').wait_for(timeout=STEP_MS)

    match = tom.link.match
    assert match is not None
    bot = Bot()
    while match.stage in (Stage.ROLL, Stage.CHOOSE):
        bot.act(match)
        tom.pump()
        until(lambda: not tom.link.rolling, [tom], what="the roll's face")
    x, y, _ = bot.plan(match)
    match.grab_new((x, y + 60.0))
    for k in range(20):  # the piece held in the air, dragged down
        match.move_hand((x + k, y + 60.0 - k))
        match.step(DT)
        tom.pump()
    held = match.held
    assert held is not None
    count = len(first["pieces"]) + 1

    made_all(watcher, tom)
    last = bodies_of(watcher)
    assert last is not None and len(last["pieces"]) == count
    page.locator(f'#board[data-pieces="{count}"]').wait_for(timeout=STEP_MS)
    page.locator(f'#board[data-held="{held_words(last)}"]').wait_for(timeout=STEP_MS)
    assert page.locator("#count").inner_text() == f"{count} piece{'s' if count != 1 else ''} on the table"
    assert page.locator("#turn").inner_text() == "Tom is playing… Their piece may go on any cactus."  # C-T1
    watching = "this Cactus table" if link == "w" else "Every seat of this table is taken"
    assert watching in page.locator("#link").inner_text()  # a seat's link to a full table: watching
    assert board.get_attribute("role") == "img"
    page.screenshot(path=str(tmp_path / "cactus.png"))

    for k in range(10):  # and on: the page follows
        match.move_hand((x + 20 + k, y + 40.0 - k))
        match.step(DT)
        tom.pump()
    made_all(watcher, tom)
    moved = bodies_of(watcher)
    assert moved is not None and held_words(moved) != held_words(last)
    page.locator(f'#board[data-held="{held_words(moved)}"]').wait_for(timeout=STEP_MS)
    assert problems == []
    context.close()
    for peer in (tom, watcher):
        peer.close()
