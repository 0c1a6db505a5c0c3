"""A Cactus seat played in a real browser (docs/remote-play.md, "A seat in the browser"): headless Chromium opens the
table's link on a real ``serve``, sits down and plays its turns with the pointer: rolls (C-T2), takes the piece the
die allows, turns it with the wheel, presses in free space to hold it, drags it onto a cactus and lets go, then
confirms once the table judged the placement (C-X4). The page runs no physics: the table makes the hand's moves and
sends the bodies back, and a desktop spectator sees the drag live. A reload mid-turn takes the seat back."""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any

import pytest

from game.cactus.bots.simple import BOT_NAMES, Bot
from game.cactus.match import Match, Stage

from .browser import browser, server
from .inprocess import Peer, until
from .netserver import ServerProcess

__all__ = ["browser", "server"]  # the fixtures, used by name

pytestmark = pytest.mark.slow
#: The longest any one step of the page may take before the test gives up (a bound, not a measure).
STEP_MS = 20_000
#: The page's board: its canvas size (px), the table's width (mm) and the band under the ground (mm).
CANVAS_W, CANVAS_H, TABLE_W, MARGIN = 1020, 372, 1700.0, 20.0
TURN_STEP = math.radians(12)


def at(box: dict[str, float], x: float, y: float) -> tuple[float, float]:
    """The page's point (CSS px) of the table's point (mm)."""
    scale = CANVAS_W / TABLE_W
    px, py = x * scale, CANVAS_H - MARGIN * scale - y * scale
    return box["x"] + px * box["width"] / CANVAS_W, box["y"] + py * box["height"] / CANVAS_H


def state_of(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.state || ''"))


def wait_state(page: Any, *wanted: str, peers: list[Peer]) -> str:
    """Wait until the page stands at one of ``wanted`` (a prefix: "move", "move judged", "wait", "over")."""
    end = time.monotonic() + STEP_MS / 1000
    while True:
        now = state_of(page)
        if any(now.startswith(w) for w in wanted):
            return now
        assert time.monotonic() < end, f"the page stands at {now!r}, not at {wanted}"
        for peer in peers:
            peer.read(0.02)


def spectators_match(spectator: Peer) -> Match:
    assert spectator.link is not None and spectator.link.match is not None
    return spectator.link.match


def play_turn(page: Any, spectator: Peer, tmp_path: Path) -> list[str]:
    """Play the page's turn as a person would, from the roll to the confirm; returns the pieces the spectator saw
    held during the drags (the other players see it live)."""
    region = page.get_by_role("region", name="Your move")
    seen_held: list[str] = []
    if state_of(page) == "move roll":
        region.get_by_role("button", name="Roll the die").click()
        wait_state(page, "move choose", "move in_hand", peers=[spectator])
    if state_of(page) == "move choose":
        region.get_by_role("button").first.click()
        wait_state(page, "move in_hand", peers=[spectator])
    box = page.locator("#board").bounding_box()
    assert box is not None
    for attempt in range(6):
        until(lambda: spectators_match(spectator).stage == Stage.IN_HAND, [spectator], what="the piece in the hand")
        x, y, angle = Bot().plan(spectators_match(spectator))
        x += 12.0 * (attempt % 3 - 1) * (attempt > 0)
        page.mouse.move(*at(box, x, y + 90.0))
        notches = round(math.remainder(angle, math.tau) / TURN_STEP)
        for _ in range(abs(notches)):
            page.mouse.wheel(0, -100 if notches > 0 else 100)
            page.wait_for_timeout(20)
        page.mouse.down()
        wait_state(page, "move holding", peers=[spectator])
        for k in range(1, 21):  # down to the drop point, a little at a time, as a hand does
            page.mouse.move(*at(box, x, y + 90.0 - 4.3 * k))
            page.wait_for_timeout(25)
            spectator.read(0.0)
            held = spectators_match(spectator).held
            if held is not None:
                seen_held.append(held)
        page.mouse.up()
        page.screenshot(path=str(tmp_path / f"drop{attempt}.png"))
        now = wait_state(page, "move judged", "wait", "over", peers=[spectator])
        if now != "move judged":
            return seen_held  # the turn ended (a knock-off ends it at once)
        confirm = region.get_by_role("button", name="Confirm")
        if confirm.is_enabled():
            confirm.click()
            wait_state(page, "wait", "over", "move roll", peers=[spectator])
            return seen_held
        region.get_by_role("button", name="Take it back").click()
        wait_state(page, "move in_hand", peers=[spectator])
    raise AssertionError("no placement held in six tries")


def new_table(server: ServerProcess) -> tuple[Peer, str, Peer]:
    """A table of a browser's seat and a bot (the seat first, seed 11): its maker, its code and a desktop watching
    it (which runs the physics from the relayed input)."""
    host = Peer(server.url)
    created = host.ask({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "seed": 11,
                        "start_player": 0}, "created")
    spectator = Peer(server.url, cactus=True)
    spectator.send({"type": "watch", "table": created["table"]})
    return host, str(created["table"]), spectator


def anns_browser(browser: Any) -> Any:
    """A browser profile of its own that knows its player's name (Ann)."""
    context = browser.new_context(locale="en-GB", viewport={"width": 1100, "height": 900})
    context.add_init_script('if (!localStorage.getItem("garden-table")) '
                            'localStorage.setItem("garden-table", JSON.stringify({name: "Ann"}))')
    return context


def link_of(server: ServerProcess, code: str) -> str:
    return "http://" + server.url.removeprefix("ws://") + f"/t/{code}"


def test_a_browser_seat_plays_its_cactus_turns_with_the_pointer_and_gets_its_seat_back_after_a_reload(
        browser: Any, server: ServerProcess, tmp_path: Path) -> None:
    host, code, spectator = new_table(server)
    context = anns_browser(browser)
    problems: list[str] = []
    page = context.new_page()
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(link_of(server, code))
    wait_state(page, "move choose", peers=[spectator])  # C-T1: the first turn has no roll
    assert page.locator("#turn").inner_text().startswith("First turn: take any basic piece")

    held = play_turn(page, spectator, tmp_path)  # C-T1: the first turn, any piece on any cactus
    assert held, "the desktop spectator never saw the browser's piece held"
    log = page.locator("#log").inner_text()
    assert "Ann placed" in log, log
    page.screenshot(path=str(tmp_path / "after_first_turn.png"))

    wait_state(page, "move roll", "over", peers=[spectator])  # the bot played its turn; Ann's again (C-T2)
    assert page.locator("#turn").inner_text() == "Your turn: roll the die (the button, or Space)."
    assert f"{BOT_NAMES[0]} placed" in page.locator("#log").inner_text()
    page.get_by_role("region", name="Your move").get_by_role("button", name="Roll the die").click()
    stage = wait_state(page, "move choose", "move in_hand", peers=[spectator])
    page.reload()  # mid-turn: the kept token takes the seat back, where the turn stood
    assert wait_state(page, "move choose", "move in_hand", peers=[spectator]) == stage
    play_turn(page, spectator, tmp_path)
    marks = page.evaluate("window.cactusMarks")
    assert marks["moves"], "no pointer move was timed to its drawn body"
    assert problems == []
    context.close()
    for peer in (host, spectator):
        peer.close()


def test_a_tab_closed_mid_drag_leaves_the_seat_waiting_and_the_link_opened_again_lets_go_of_the_piece(
        browser: Any, server: ServerProcess, tmp_path: Path) -> None:
    host, code, spectator = new_table(server)
    context = anns_browser(browser)
    link = link_of(server, code)
    page = context.new_page()
    page.goto(link)
    wait_state(page, "move choose", peers=[spectator])
    page.get_by_role("region", name="Your move").get_by_role("button").first.click()
    wait_state(page, "move in_hand", peers=[spectator])
    box = page.locator("#board").bounding_box()
    assert box is not None
    page.mouse.move(*at(box, 850.0, 500.0))
    page.mouse.down()
    wait_state(page, "move holding", peers=[spectator])
    page.mouse.move(*at(box, 870.0, 490.0), steps=5)
    page.close()  # mid-drag: the piece is still held on the table
    until(lambda: spectator.states().get(0) == "away", [spectator], what="the seat away")
    match = spectators_match(spectator)
    assert match.stage == Stage.HOLDING and match.held is not None

    page = context.new_page()  # the link again, in the same browser: the seat's token takes it back
    page.goto(link)
    wait_state(page, "move holding", peers=[spectator])
    until(lambda: spectator.states().get(0) == "here", [spectator], what="the seat back")
    where = spectators_match(spectator).world.hand.pointer
    for k in range(5):  # the bare pointer over the board: the piece stays where it is until a press
        page.mouse.move(*at(box, 700.0 + 10 * k, 300.0))
        page.wait_for_timeout(60)
    spectator.read(0.2)
    assert spectators_match(spectator).world.hand.pointer == where
    page.mouse.move(*at(box, 850.0, 480.0))
    page.mouse.down()  # the hand again, then let go: the piece falls
    page.mouse.move(*at(box, 840.0, 470.0), steps=5)
    page.mouse.up()
    assert wait_state(page, "move settling", "move judged", "wait", peers=[spectator])
    context.close()
    for peer in (host, spectator):
        peer.close()


def test_a_cactus_seat_given_up_in_the_browser_is_the_bots_for_good(
        browser: Any, server: ServerProcess) -> None:
    host, code, spectator = new_table(server)
    context = anns_browser(browser)
    page = context.new_page()
    page.goto(link_of(server, code))
    wait_state(page, "move choose", peers=[host])
    page.get_by_role("button", name="Leave the table").click()  # leaving first: it can sit down again
    page.get_by_text("You left the table").first.wait_for(timeout=STEP_MS)
    page.get_by_role("region", name="Your move").get_by_role("button", name="Sit down again").click()
    wait_state(page, "move", "wait", peers=[host])
    page.get_by_role("button", name="Give up my seat").click()
    page.get_by_role("dialog").get_by_role("button", name="Give it up").click()
    page.get_by_text("You gave up this seat.").first.wait_for(timeout=STEP_MS)
    host.send({"type": "peek", "table": code})
    assert host.reply("table")["seats"][0]["state"] == "resigned"
    context.close()
    for peer in (host, spectator):
        peer.close()
