"""The remote table screens of both rooms watch their link the same way (game.ui.remote_table.TableKeeper),
headless, with synthetic link events: a drop is said at once with the reconnect countdown, a server silent for
10 s brings the question (keep waiting, or back to the lobby: the game kept, nothing sent), no countdown runs on
stale presence, the seat's words agree between the panel, the banner and the labels, a table the server ended
sends the player back, and Leave sends ``leave``. Screenshots of the lost and the asking states are kept for a
look (SHOTS)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from helpers_link import ScriptedLink
from helpers_scene import Driver

from game.app import App, BaseScene
from game.artischocken.engine import new_game
from game.artischocken.room import remote_table_scene
from game.artischocken.table.scene_remote import RemoteTableScene
from game.cactus.room import remote_play_scene
from game.cactus.screens.scene_remote import RemotePlayScene
from game.i18n import t
from game.net.client.presence import UNKNOWN, seat_words
from game.net.client.remote_cards import RemoteTable, action_to_dict

from .helpers_cactus_net import Inbox, Loop, LoopConnection

CODE = "K7QX-2M9P"
SHOTS = Path(os.environ.get("SHOTS", "")) if os.environ.get("SHOTS") else None


def presence(*states: tuple[str | None, str, str, float | None]) -> dict[str, Any]:
    return {"type": "presence", "table": CODE, "state": "playing", "seats": [
        {"seat": i, "name": name, "kind": kind, "state": state, "bot_in": bot_in}
        for i, (name, kind, state, bot_in) in enumerate(states)]}


class CountingLink(ScriptedLink):
    """A fake connection that counts its contacts as the real one does (a message or an answered ping)."""

    def __init__(self) -> None:
        super().__init__()
        self.contacts = 0

    def poll(self) -> list[dict[str, Any]]:
        out = super().poll()
        self.contacts += len(out)
        return out


class Room:
    """One remote table screen (``room``: "cards" or "cactus") over a fake connection, on a virtual clock of 100
    ms a frame; seat 1 is this player's, seat 0's turn (``start``: the seat whose turn it is), Tom at seat 0."""

    def __init__(self, make_app: Callable[..., Any], room: str, on_resign: Callable[[], None] | None = None, *,
                 start: int = 0) -> None:
        self.app: App = make_app((1280, 800))
        self.app.push(BaseScene())
        self.room = room
        if room == "cards":
            self.game = new_game(2, seed=3, start_player=start)
            self.link: Any = CountingLink()
            remote = RemoteTable(self.link, CODE, 1)
            self.link.inbox += [{"type": "joined"}, self.state()]
            remote.pump()
            self.scene: Any = remote_table_scene(remote, on_resign=on_resign)
            assert isinstance(self.scene, RemoteTableScene)
            self.app.push(self.scene)
        else:
            self.loop = loop = Loop(["remote", "remote"], seed=3, start_player=start, spectators=0)
            self.link = LoopConnection(loop, 1, hold=("leave", "resign"))
            self.link.contacts = 0
            loop.links[1] = Inbox(self.link)
            loop.route(loop.table.join(1), joined=1)
            self.app.push(remote_play_scene(self.link, 1, CODE, on_resign=on_resign))
        self.driver = Driver(self.app, 100)
        self.frames(2)
        if room == "cactus":
            self.scene = self.app.scene
            assert isinstance(self.scene, RemotePlayScene)
        self.tell(presence(("Tom", "remote", "away", 61.0), ("Anna", "remote", "here", None)))

    def state(self) -> dict[str, Any]:
        """The card table's state message for seat 1, with its legal actions on its turn."""
        legal = self.game.legal_actions() if self.game.current_player == 1 else []
        return {"type": "state", "view": self.game.view(1), "legal": [action_to_dict(a) for a in legal],
                "log_from": 0}

    def back(self) -> None:
        """The connection is made again: the seat is joined again and the server sends its state (the card table's
        state, the Cactus turn snapshot), as a real server does."""
        self.link.status = "open"
        self.link.reconnects = getattr(self.link, "reconnects", 0) + 1
        if self.room == "cards":
            self.tell({"type": "joined"})
            self.tell(self.state())
        else:
            self.loop.route(self.loop.table.join(1), joined=1)
            self.link.contacts += 1
            self.frames()

    def can_act(self) -> bool:
        """This seat is offered a move: legal actions and a decision at the card table, the hand at Cactus."""
        if self.room == "cards":
            return bool(self.scene.remote.my_decision() and self.scene.decision() != "wait")
        return bool(self.scene.human_turn)

    def tell(self, message: dict[str, Any]) -> None:
        self.link.inbox.append(message)
        self.link.contacts += 1
        self.frames()

    def frames(self, n: int = 1) -> None:
        self.driver.frames(n)

    def banner(self) -> str | None:
        if self.room == "cards":
            return self.scene.banner or self.scene.turn_note  # type: ignore[no-any-return]
        return self.scene.shown_banner.text  # type: ignore[no-any-return]

    def lose(self, retry_in: float = 3.2) -> None:
        self.link.status = "reconnecting"
        self.link.reconnect_in = retry_in
        self.frames()

    def buttons(self) -> list[str]:
        dialog = self.scene.dialog
        assert dialog is not None
        return [b.label() if callable(b.label) else b.label for b in dialog.widgets]

    def press(self, label: str) -> None:
        labels = self.buttons()
        self.scene.dialog.widgets[labels.index(label)].activate()
        self.frames()

    def shot(self, name: str) -> None:
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.app.surface, str(SHOTS / f"{self.room}-{name}.png"))


ROOMS = ["cards", "cactus"]


@pytest.mark.parametrize("room", ROOMS)
def test_a_drop_is_said_at_once_and_the_countdown_of_stale_presence_stops(make_app: Any, room: str) -> None:
    table = Room(make_app, room)
    words = seat_words("away", "Tom", bot_in=61.0, turn=True)
    assert table.banner() == words.line  # Tom's turn waits for him: the panel and the banner say the same
    assert table.scene.strip_lines[0].text == words.text
    table.lose(3.2)
    assert table.banner() == t("presence.link.lost", seconds=4)
    stale = seat_words("away", "Tom", live=False)  # what the server said is no longer current: not known
    assert all(line.text == stale.text and line.tone == UNKNOWN for line in table.scene.strip_lines)
    table.frames(20)
    assert table.scene.strip_lines[0].text == stale.text and table.scene.dialog is None
    table.shot("lost")
    table.back()
    table.tell(presence(("Tom", "remote", "away", 40.0), ("Anna", "remote", "here", None)))
    assert table.banner() == seat_words("away", "Tom", bot_in=40.0, turn=True).line


@pytest.mark.parametrize("room", ROOMS)
def test_ten_silent_seconds_bring_the_question_and_keep_waiting_keeps_the_table(make_app: Any, room: str) -> None:
    table = Room(make_app, room)
    table.lose()
    table.frames(95)  # 9.6 s without contact
    assert table.scene.dialog is None
    table.frames(10)
    assert table.buttons() == [t("presence.link.ask.lobby"), t("presence.link.ask.wait")]
    table.shot("asking")
    table.press(t("presence.link.ask.wait"))
    assert table.scene.dialog is None and table.app.scene is table.scene
    table.frames(200)
    assert table.scene.dialog is None  # not asked again until the server is heard from
    assert table.banner() == t("presence.link.lost", seconds=4)


@pytest.mark.parametrize("room", ROOMS)
def test_back_to_the_lobby_from_the_question_keeps_the_game(make_app: Any, room: str) -> None:
    gave_up: list[bool] = []
    table = Room(make_app, room, on_resign=lambda: gave_up.append(True))
    table.lose()
    table.frames(110)
    sent = list(table.link.sent)
    table.press(t("presence.link.ask.lobby"))
    assert table.app.scene is not table.scene
    assert table.link.sent == sent and not gave_up  # nothing sent, nothing given up: the seat stays the player's


@pytest.mark.parametrize("room", ROOMS)
def test_a_server_that_answers_again_takes_the_question_back(make_app: Any, room: str) -> None:
    table = Room(make_app, room)
    table.lose()
    table.frames(110)
    assert table.scene.dialog is not None
    table.link.status = "open"
    table.tell(presence(("Tom", "remote", "here", None), ("Anna", "remote", "here", None)))
    assert table.scene.dialog is None and table.app.scene is table.scene


@pytest.mark.parametrize("room", ROOMS)
def test_an_open_link_that_stays_silent_is_noticed(make_app: Any, room: str) -> None:
    table = Room(make_app, room)
    table.frames(45)
    assert table.banner() == t("presence.link.quiet")
    table.frames(60)
    assert table.buttons() == [t("presence.link.ask.lobby"), t("presence.link.ask.wait")]


@pytest.mark.parametrize("room", ROOMS)
@pytest.mark.parametrize("code", ["no_table", "table_over"])
def test_a_table_the_server_ended_sends_the_player_back_to_the_lobby(make_app: Any, room: str, code: str) -> None:
    table = Room(make_app, room)
    table.tell({"type": "error", "code": code, "message": "gone"})
    dialog = table.scene.dialog
    assert dialog is not None and dialog.title == t("presence.link.ended.title")
    table.press(t("presence.link.lobby"))
    assert table.app.scene is not table.scene


@pytest.mark.parametrize("room", ROOMS)
def test_leave_sends_leave_and_the_table_goes_once_the_server_says_left(make_app: Any, room: str) -> None:
    gave_up: list[bool] = []
    table = Room(make_app, room, on_resign=lambda: gave_up.append(True))
    table.driver.key(pygame.K_ESCAPE)
    assert table.buttons() == [t("presence.resign.button"), t("presence.leave.go"), t("presence.leave.stay")]
    table.press(t("presence.leave.go"))
    assert table.link.sent[-1] == {"type": "leave"} and table.app.scene is table.scene
    assert table.banner() == t("presence.leave.waiting")
    table.tell({"type": "left", "table": CODE, "seat": 1})
    assert table.app.scene is not table.scene and not gave_up


@pytest.mark.parametrize("room", ROOMS)
def test_leave_without_a_link_goes_at_once(make_app: Any, room: str) -> None:
    table = Room(make_app, room)
    table.lose()
    table.driver.key(pygame.K_ESCAPE)
    table.press(t("presence.leave.go"))
    assert table.app.scene is not table.scene and {"type": "leave"} not in table.link.sent


def test_the_flowers_panel_marks_a_seat_as_presence_does(make_app: Any) -> None:
    """"Tom (bot)" beside "back from the next turn" cannot happen: the mark beside a name is presence's word."""
    table = Room(make_app, "cactus")
    table.tell(presence(("Tom", "remote", "returning", None), ("Anna", "remote", "here", None)))
    assert table.scene.seat_marks() == (seat_words("returning", "Tom").mark, "")
    table.tell(presence(("Tom", "remote", "left", None), ("Anna", "remote", "here", None)))
    assert table.scene.seat_marks()[0] == seat_words("left", "Tom").mark
    assert table.banner() == seat_words("left", "Tom", turn=True).line


@pytest.mark.parametrize("room", ROOMS)
def test_a_server_that_does_not_know_leave_lets_the_player_go_all_the_same(make_app: Any, room: str) -> None:
    """An older server answers ``leave`` with an error: the screen goes (the seat is a dropped one, still the
    player's), and the error is not shown as a refused move."""
    table = Room(make_app, room)
    table.driver.key(pygame.K_ESCAPE)
    table.press(t("presence.leave.go"))
    table.tell({"type": "error", "code": "bad_message", "message": "unknown type 'leave'"})
    assert table.app.scene is not table.scene


@pytest.mark.parametrize("room", ROOMS)
def test_a_seat_whose_link_is_lost_offers_no_move_and_sends_none(make_app: Any, room: str) -> None:
    """Nothing runs on stale data: while the link is not live this seat's turn offers no card and no piece, a key
    or a click sends nothing, the panel claims nobody is here (no green), and the banner or the prompt says why;
    once the link is back and the server's state came, the seat plays again."""
    table = Room(make_app, room, start=1)
    table.tell(presence(("Tom", "remote", "here", None), ("Anna", "remote", "here", None)))
    assert table.can_act() and {line.tone for line in table.scene.strip_lines} == {"ok"}
    table.lose(1.0)
    assert not table.can_act()
    assert {line.tone for line in table.scene.strip_lines} == {UNKNOWN}
    assert not any(line.text == t("presence.here") for line in table.scene.strip_lines)
    sent = list(table.link.sent)
    if room == "cards":
        assert table.scene.bar_note() == t("presence.link.prompt_lost")
        assert not any(table.scene.playable(card) for card in table.scene.hand())
        legal = table.game.legal_actions()
        for key in (pygame.K_1, pygame.K_RETURN):
            table.driver.key(key)
        assert not table.scene.apply(legal[0])
    else:
        assert t("presence.link.hold_turn") in table.banner()
        stage = table.scene.match.stage
        for key in (pygame.K_SPACE, pygame.K_RETURN):
            table.driver.key(key)
        rect = table.scene.rects["table"]
        table.driver.mouse(pygame.MOUSEBUTTONDOWN, rect.center, button=1)
        table.driver.mouse(pygame.MOUSEBUTTONUP, rect.center, button=1)
        table.frames(5)
        assert table.scene.match.stage == stage
    table.shot("lost-own-turn")
    assert table.link.sent == sent  # nothing for a server that cannot hear it
    table.link.status = "open"  # open again, the seat's state not back yet: still nothing on stale data
    table.frames()
    assert not table.can_act()
    table.back()
    assert table.can_act()
