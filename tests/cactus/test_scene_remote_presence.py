"""Who is at a remote Cactus table, as its player sees it (headless, an in-process table, the server's presence fed
into the scene's connection): a strip beside the table names every seat, marks this player's, says each seat's
state in plain words and counts an absent player's wait down; the flowers panel and the banner use the names, and
the banner says when the seat whose turn it is is away or played by a bot; the leave dialog gives the seat up only
after a second, plain question, and calls ``on_resign`` once the server confirmed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
from helpers_scene import Driver
from net.helpers_cactus_net import Inbox, Loop, LoopConnection

from game.app import BaseScene
from game.cactus.room import remote_play_scene
from game.cactus.screens import panels
from game.cactus.screens.scene_remote import RemotePlayScene
from game.i18n import t

CODE = "T1"




def presence(*states: tuple[str | None, str, str, float | None]) -> dict[str, Any]:
    return {"type": "presence", "table": CODE, "seats": [
        {"seat": i, "name": name, "kind": kind, "state": state, "bot_in": bot_in}
        for i, (name, kind, state, bot_in) in enumerate(states)]}


def open_scene(make_app: Any, size: tuple[int, int] = (1280, 800), seats: tuple[str, ...] = ("remote", "remote", "bot"),
               on_resign: Callable[[], None] | None = None) -> tuple[LoopConnection, Driver, RemotePlayScene]:
    """Seat 1 of a table where seat 0 begins: this player watches."""
    loop = Loop(list(seats), seed=3, start_player=0, spectators=0)
    connection = LoopConnection(loop, 1, hold=("resign",))
    loop.links[1] = Inbox(connection)
    loop.route(loop.table.join(1), joined=1)
    app = make_app(size)
    app.push(BaseScene())
    app.push(remote_play_scene(connection, 1, CODE, on_resign=on_resign))
    driver = Driver(app, 100)
    driver.frames(2)
    scene = app.scene
    assert isinstance(scene, RemotePlayScene)
    return connection, driver, scene


def texts(scene: RemotePlayScene) -> list[tuple[str, bool, str]]:
    return [(line.name, line.you, line.text) for line in scene.strip_lines]


def test_the_strip_names_every_seat_and_the_banner_says_the_player_on_turn_is_away(
        make_app: Any, tmp_path: Path) -> None:
    connection, driver, scene = open_scene(make_app)
    assert scene.strip is None and scene.banner().text == t("cactus.remote.watching", name="Player 1")
    connection.inbox.append(presence(("Tom", "remote", "away", 101.9), ("Anna", "remote", "here", None),
                                     (None, "bot", "bot", None)))
    driver.frames()
    assert texts(scene) == [("Tom", False, "away: a bot plays for them in 1:42"), ("Anna", True, t("presence.here")),
                            (scene.match.rules.names[2], False, t("presence.bot"))]
    assert scene.seat_names()[:2] == ["Tom", "Anna"]  # the flowers panel and the top bar name the seats so
    assert scene.shown_banner.text == "Tom is away: a bot plays for them in 1:42."
    strip = scene.strip
    assert strip is not None
    for name in ("score", "log", "table", "prompt", "die_panel"):
        assert not strip.colliderect(scene.rects[name]), name
    pygame.image.save(driver.app.surface, str(tmp_path / "cactus-away.png"))
    driver.frames(30)  # three seconds later
    assert texts(scene)[0][2] == "away: a bot plays for them in 1:39"
    assert scene.shown_banner.text == "Tom is away: a bot plays for them in 1:39."
    connection.inbox.append(presence(("Tom", "remote", "bot", None), ("Anna", "remote", "here", None),
                                     (None, "bot", "bot", None)))
    driver.frames()
    assert texts(scene)[0][2] == "a bot plays for Tom"
    assert scene.shown_banner.text == t("presence.turn.taken", name="Tom")
    connection.inbox.append(presence(("Tom", "remote", "returning", None), ("Anna", "remote", "here", None),
                                     (None, "bot", "bot", None)))
    driver.frames()
    assert texts(scene)[0][2] == "back from the next turn"
    assert scene.shown_banner.text == t("presence.turn.returning", name="Tom")


def test_the_not_sat_down_note_goes_as_soon_as_everybody_sat_down(make_app: Any) -> None:
    """The note that a friend has not sat down (whose turn it is not: the banner names the one on turn) is withdrawn
    the moment the friend does."""
    connection, driver, scene = open_scene(make_app, (1024, 640), ("remote", "remote", "remote"))
    connection.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "here", None),
                                     ("Ben", "remote", "waiting", None)))
    driver.frames()
    assert scene.message.visible and scene.message.text == "Ben has not sat down at the table yet."
    connection.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "here", None),
                                     ("Ben", "remote", "here", None)))
    driver.frames()
    assert not scene.message.visible
    assert texts(scene)[2] == ("Ben", False, "here")


def test_a_friend_who_comes_first_is_told_the_host_has_not_sat_down(make_app: Any, tmp_path: Path) -> None:
    connection, driver, scene = open_scene(make_app, (1024, 640), ("remote", "remote", "bot", "remote"))
    connection.inbox.append(presence(("Tom", "remote", "waiting", None), ("Anna", "remote", "here", None),
                                     (None, "bot", "bot", None), ("Ben", "remote", "away", None)))
    driver.frames()
    assert texts(scene)[0] == ("Tom", False, "has not sat down yet")
    assert texts(scene)[3] == ("Ben", False, t("presence.away"))
    assert scene.shown_banner.text == t("presence.turn.waiting", name="Tom")
    assert not scene.message.visible  # the banner says it of the seat on turn: one sentence, not two
    strip = scene.strip
    assert strip is not None and scene.strip_compact  # a short window: a line a seat, the state in a few words
    assert [line.short for line in scene.strip_lines] == ["not here yet", "here", "bot", "away"]
    for name in ("score", "table", "prompt"):
        assert not strip.colliderect(scene.rects[name]), name
    pygame.image.save(driver.app.surface, str(tmp_path / "cactus-waiting.png"))


def test_the_turn_log_names_the_seats_as_the_panels_do_before_the_match_knows_their_names(
        make_app: Any, monkeypatch: Any) -> None:
    """The match learns a seat's name only at the next turn start; the log's first line ("... starts") names the
    seat as the flowers panel does meanwhile, not "Player 1"."""
    drawn: list[list[str]] = []
    real = panels.draw_log

    def draw_log(surface: Any, rules: Any, rect: Any, names: Any = None) -> None:
        drawn.append([line for _e, line, _c in panels.log_entries(rules, names=names)])
        real(surface, rules, rect, names)

    monkeypatch.setattr(panels, "draw_log", draw_log)
    connection, driver, scene = open_scene(make_app)
    assert scene.match.rules.names[0] == "Player 1"
    connection.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "here", None),
                                     (None, "bot", "bot", None)))
    driver.frames()
    assert drawn and drawn[-1][-1] == t("cactus.event.start", player="Tom")


def test_a_malformed_presence_changes_nothing(make_app: Any) -> None:
    connection, driver, scene = open_scene(make_app)
    names = scene.seat_names()
    connection.inbox += [{"type": "presence", "table": CODE, "seats": [{"seat": 0, "name": {"x": 1}}]},
                         {"type": "presence", "table": CODE, "seats": None}, {"type": "presence", "seats": []},
                         presence(("Eve", "remote", "here", None)) | {"table": "another table"}]
    driver.frames(3)
    assert scene.strip is None and scene.strip_lines == [] and scene.seat_names() == names
    assert driver.app.scene is scene


def test_giving_the_seat_up_is_asked_twice_and_done_once_the_server_confirms(make_app: Any) -> None:
    resigned: list[bool] = []
    connection, driver, scene = open_scene(make_app, on_resign=lambda: resigned.append(True))
    driver.key(pygame.K_ESCAPE)
    dialog = scene.dialog
    assert dialog is not None
    assert [b.label() if callable(b.label) else b.label for b in dialog.widgets] == [
        t("presence.resign.button"), t("presence.leave.go"), t("presence.leave.stay")]
    dialog.widgets[0].activate()
    driver.frames()
    assert scene.dialog is not None and scene.dialog.body == \
        "A bot plays for you from now on; you cannot come back to this seat."
    driver.key(pygame.K_RETURN)  # the focused button keeps the seat
    assert scene.dialog is None and not any(m["type"] == "resign" for m in connection.sent)
    scene.ask_resign()
    assert scene.dialog is not None
    scene.dialog.widgets[0].activate()
    driver.frames()
    assert connection.sent[-1] == {"type": "resign"} and not resigned and driver.app.scene is scene
    assert scene.shown_banner.text == t("presence.resign.waiting")
    connection.inbox.append({"type": "resigned", "table": CODE, "seat": 1})
    driver.frames()
    assert resigned == [True] and driver.app.scene is not scene and connection.status == "closed"


def test_a_refused_or_lost_resign_is_said_and_the_seat_stays(make_app: Any) -> None:
    resigned: list[bool] = []
    connection, driver, scene = open_scene(make_app, on_resign=lambda: resigned.append(True))
    scene.ask_resign()
    assert scene.dialog is not None
    scene.dialog.widgets[0].activate()
    connection.inbox.append({"type": "error", "code": "not_joined", "message": "this connection holds no seat"})
    driver.frames()
    assert scene.dialog is not None and scene.dialog.title == t("presence.resign.failed_title")
    assert "this connection holds no seat" in scene.dialog.body and "still yours" in scene.dialog.body
    scene.dialog.widgets[0].activate()
    driver.frames()
    scene.ask_resign()
    scene.dialog.widgets[0].activate()
    connection.status = "failed"
    driver.frames()
    assert scene.dialog is not None and scene.dialog.body == t("presence.resign.lost")
    assert not resigned and driver.app.scene is scene


def test_back_at_a_seat_a_bot_took_over_the_player_watches_the_bot_end_the_turn(make_app: Any) -> None:
    """The bot plays this seat's running turn (the table's match says so): nothing here acts, and the banner says
    the seat is this player's again from the next turn."""
    loop = Loop(["remote", "bot"], seed=3, start_player=1, spectators=0)
    connection = LoopConnection(loop, 1, hold=("resign",))
    loop.links[1] = Inbox(connection)
    loop.route(loop.table.join(1), joined=1)
    app = make_app((1280, 800))
    app.push(BaseScene())
    app.push(remote_play_scene(connection, 1, CODE))
    driver = Driver(app, 100)
    driver.frames(2)
    scene = app.scene
    assert isinstance(scene, RemotePlayScene)
    connection.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "returning", None)))
    driver.frames()
    assert scene.match.current == 1 and not scene.human_turn and scene.link.status == "watching"
    assert scene.shown_banner.text == t("presence.turn.you.returning")
    assert texts(scene)[1] == ("Anna", True, "back from the next turn")
