"""The remote Cactus play scene, headless with synthetic mouse events, against an in-process table: the
seat's drag acts at once on its own copy and reaches the table; another seat's drag shows live on the scene;
both end every turn with the table's checksum."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
from helpers_scene import Driver

from game.cactus.bots.simple import Bot
from game.cactus.match import Stage
from game.cactus.screens.scene_remote import RemotePlayScene
from game.i18n import t

from .helpers_cactus_net import Loop, LoopConnection, human_turn
from .helpers_cactus_scene import open_remote_scene


def open_scene(make_app: Any, seed: int) -> tuple[Loop, LoopConnection, Driver]:
    loop = Loop(["remote", "remote"], seed=seed, start_player=0, spectators=0)
    connection, driver = open_remote_scene(make_app, loop)
    assert isinstance(driver.scene, RemotePlayScene)
    return loop, connection, driver


def settle(driver: Driver, limit: int = 90) -> None:
    for _ in range(limit):
        if not driver.scene.camera.moving:
            return
        driver.frames()


def test_the_seat_drags_with_the_mouse_and_the_table_follows(make_app: Any, tmp_path: Path) -> None:
    loop, connection, driver = open_scene(make_app, seed=3)
    scene = driver.scene
    assert isinstance(scene, RemotePlayScene) and scene.human_turn and scene.link.status == "playing"
    match = scene.match
    bot = Bot()
    if match.stage == Stage.ROLL:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
        driver.frames(30)
    if match.stage == Stage.CHOOSE:
        scene.choose(bot.choose(match))
        driver.frames()
    assert match.stage == Stage.IN_HAND
    settle(driver)
    x, y, _ = bot.plan(match)
    driver.mouse(pygame.MOUSEMOTION, (x, y + 60.0), rel=(0, 0), buttons=(0, 0, 0))
    driver.mouse(pygame.MOUSEBUTTONDOWN, (x, y + 60.0), button=1)
    assert match.stage == Stage.HOLDING  # at once: no round trip
    for k in range(1, 21):
        driver.mouse(pygame.MOUSEMOTION, (x, y + 60.0 - 3.0 * k), rel=(0, 0), buttons=(1, 0, 0))
    pygame.image.save(driver.app.surface, str(tmp_path / "remote-drag.png"))
    frames_sent = [m for m in connection.sent if m["type"] == "input"]
    assert len(frames_sent) >= 20  # one input message a frame while dragging
    assert loop.table.match.held == match.held  # the table holds the same piece, where the scene does
    assert loop.table.match.world.pose(str(match.held)) == match.world.pose(str(match.held))
    driver.mouse(pygame.MOUSEBUTTONUP, (x, y), button=1)
    for _ in range(400):
        if match.stage != Stage.SETTLING:
            break
        driver.frames()
    for _ in range(6):
        if match.can_confirm:
            break
        match.take_back()  # place it again the bot's way (through the noted match: it is sent too)
        px, py, pa = bot.plan(match)
        match.drop((px, py), pa)
        for _ in range(400):
            if match.stage != Stage.SETTLING:
                break
            driver.frames()
    driver.frames()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    driver.frames(3)
    assert loop.server_ends and scene.link.checks
    assert scene.link.checks[-1][1] == scene.link.checks[-1][2] == loop.server_ends[-1][1]
    other = loop.links[1]
    assert other.checks[-1] == scene.link.checks[-1]
    assert not scene.human_turn and scene.link.status == "watching"


def test_another_seat_s_drag_shows_live_on_the_scene(make_app: Any, tmp_path: Path) -> None:
    loop, connection, driver = open_scene(make_app, seed=4)
    scene = driver.scene
    assert isinstance(scene, RemotePlayScene)
    match = scene.match
    bot = Bot()
    while match.stage in (Stage.ROLL, Stage.CHOOSE):  # this seat's turn, played quickly through the noted match
        bot.act(match)
        driver.frames()
    while scene.link.active:
        bot.act(match)
        driver.frames()
    driver.frames(5)
    other = loop.links[1]
    assert other.active
    seen: list[tuple[float, float]] = []

    def pump() -> None:
        loop.pump()
        driver.frames()
        if match.held is not None:
            seen.append(match.world.pose(match.held)[:2])
            if len(seen) == 15:
                pygame.image.save(driver.app.surface, str(tmp_path / "remote-watch.png"))

    human_turn(other, pump, steps_per_pump=2)
    for _ in range(200):
        if not (scene.link.inbox or scene.link.playing or scene.link.left):
            break
        driver.frames()
    assert len(set(seen)) >= 10  # the piece moved on this screen while the other seat dragged it
    assert scene.link.checks[-1][1] == scene.link.checks[-1][2] == other.checks[-1][2]
    assert scene.human_turn and scene.link.status == "playing"


def test_a_remote_game_ends_on_an_end_screen_that_leads_back_to_the_lobby(make_app: Any) -> None:
    """At a remote table nothing is saved here and no local game follows: "Leave the table", and at the end one
    button, back to the scene the table was opened from (the lobby)."""
    from game.cactus.screens.scene_end import EndScene
    from game.i18n import t
    from game.ui.widgets import resolve

    _, _, driver = open_scene(make_app, seed=3)
    scene = driver.scene
    assert resolve(scene.leave_button.label) == t("cactus.remote.leave")
    lobby = driver.app.stack[-2]
    scene.finish()
    end = driver.app.scene
    assert isinstance(end, EndScene) and end.remote
    assert end.buttons == [end.back]
    driver.frames(2)
    end.back.on_click()
    driver.frames(1)
    assert driver.app.scene is lobby


def test_watching_a_seat_that_moves_nothing_lets_the_window_sleep(make_app: Any) -> None:
    """An idle window costs next to nothing, at a remote table too: watching, with the world at rest and nothing
    received, the scene is still (the app waits for events; the connection's news posts one); input arriving wakes
    it."""
    loop, _, driver = open_scene(make_app, seed=4)
    scene = driver.scene
    match = scene.match
    bot = Bot()
    while scene.link.active:  # this seat's turn, played quickly
        bot.act(match)
        driver.frames()
    assert not scene.link.active
    for _ in range(600):
        if scene.still():
            break
        driver.frames()
    assert scene.still() and scene.link.status == "watching"
    other = loop.links[1]
    other.match.roll()  # the other seat rolls: its input reaches this scene
    loop.pump()
    driver.frames()  # the frame the connection's wake-up event brings (NET_EVENT) reads the news
    assert not scene.still()


def test_escape_at_a_seat_asks_with_words_true_of_a_network_table(make_app: Any) -> None:
    """The server keeps the game and the seat (a bot plays it meanwhile): nothing is "saved" here. Enter right
    after Esc keeps the seat; choosing Leave sends ``leave`` (a consented leave), and once the server answers
    ``left`` the table is left and the connection closed."""
    loop = Loop(["remote", "remote"], seed=3, start_player=0, spectators=0)
    connection, driver = open_remote_scene(make_app, loop, hold=("leave",))
    scene = driver.scene
    driver.key(pygame.K_ESCAPE)
    dialog = scene.dialog
    assert dialog is not None and driver.app.scene is scene
    assert dialog.title == t("presence.leave.title") and dialog.body == t("presence.leave.body")
    assert "saved" not in dialog.body and "offered again" not in dialog.body
    driver.key(pygame.K_RETURN)  # the focused "Keep playing"
    assert scene.dialog is None and driver.app.scene is scene and not connection.closed
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)  # Leave
    assert connection.sent[-1] == {"type": "leave"} and driver.app.scene is scene  # waits for the answer
    connection.inbox.append({"type": "left", "table": "T", "seat": 0})
    driver.frames()
    assert driver.app.scene is not scene and connection.closed


def test_the_leave_button_of_a_network_table_asks_as_escape_does(make_app: Any) -> None:
    """The top bar's "Leave the table" does not leave at once: the same question as Esc (keep the seat and go,
    give it up, or stay); staying keeps the connection."""
    _loop, connection, driver = open_scene(make_app, seed=3)
    scene = driver.scene
    scene.leave_button.on_click()
    dialog = scene.dialog
    assert dialog is not None and driver.app.scene is scene
    assert dialog.title == t("presence.leave.title") and dialog.body == t("presence.leave.body")
    driver.key(pygame.K_RETURN)  # the focused "Keep playing"
    assert scene.dialog is None and driver.app.scene is scene and not connection.closed


def test_the_rules_open_at_a_remote_table_by_f1_and_by_the_button_while_the_game_goes_on(make_app: Any) -> None:
    """F1 and the top bar's "Rules" button open the same rules book as in a local game; the other seat plays on
    meanwhile (the server does not wait), the connection stays open, and after Esc the table shows that move."""
    from game.ui.rules_book import RulesBook

    loop, connection, driver = open_scene(make_app, seed=4)
    scene = driver.scene
    assert isinstance(scene, RemotePlayScene)
    match = scene.match
    bot = Bot()
    while scene.link.active:  # this seat's turn, played quickly
        bot.act(match)
        driver.frames()
    driver.frames(5)
    other = loop.links[1]
    assert other.active and other.match.stage == Stage.ROLL and match.stage == Stage.ROLL
    assert scene.controls.rules is not None
    driver.click_px(scene.controls.rules.rect.center)
    assert isinstance(driver.app.scene, RulesBook) and driver.app.stack[-2] is scene
    driver.key(pygame.K_ESCAPE)
    assert driver.app.scene is scene
    driver.key(pygame.K_F1)
    book = driver.app.scene
    assert isinstance(book, RulesBook) and book.title() == t("cactus.title")
    other.match.roll()  # the other seat rolls while this one reads the rules
    loop.pump()
    assert connection.inbox  # the table's news reached this seat's connection
    driver.frames(10)
    assert driver.app.scene is book and not connection.closed
    driver.key(pygame.K_ESCAPE)
    assert driver.app.scene is scene and not connection.closed
    for _ in range(120):
        if match.stage != Stage.ROLL:
            break
        driver.frames()
    assert match.stage == other.match.stage != Stage.ROLL  # the roll made meanwhile is on this table
    assert match.rules.turn.roll == other.match.rules.turn.roll
