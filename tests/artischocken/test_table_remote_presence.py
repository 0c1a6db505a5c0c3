"""Who is at a remote card table, as its player sees it (headless, a fake link feeding the server's messages): a
strip beside the table names every seat, marks this player's, says each seat's state in plain words and counts
an absent player's wait down; the seat labels and the log use the names; the leave dialog gives the seat up
only after a second, plain question, and calls ``on_resign`` once the server confirmed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from helpers_link import ScriptedLink

from game.app import App, BaseScene
from game.artischocken.engine import new_game
from game.artischocken.room import remote_table_scene
from game.artischocken.table import panels
from game.artischocken.table.scene_remote import RemoteTableScene
from game.i18n import t
from game.net.client.remote_cards import RemoteTable

CODE = "K7QX-2M9P"
STEP_MS = 100




def presence(*states: tuple[str | None, str, str, float | None]) -> dict[str, Any]:
    return {"type": "presence", "table": CODE, "seats": [
        {"seat": i, "name": name, "kind": kind, "state": state, "bot_in": bot_in}
        for i, (name, kind, state, bot_in) in enumerate(states)]}


class Table:
    """A remote card table scene over a fake link, on the app's virtual clock."""

    def __init__(self, app: App, players: int = 3, start_player: int = 1,
                 on_resign: Callable[[], None] | None = None, first: list[dict[str, Any]] | None = None,
                 seeded: bool = False) -> None:
        self.app = app
        self.game = new_game(players, seed=3, start_player=start_player)
        self.link = ScriptedLink()
        self.remote = RemoteTable(self.link, CODE, 0)
        self.link.inbox += [{"type": "joined"},
                            {"type": "state", "view": self.game.view(0), "legal": [], "log_from": 0}, *(first or [])]
        self.remote.pump()
        self.now = 0
        app.push(BaseScene())
        scene = remote_table_scene(self.remote, on_resign=on_resign, seeded=seeded)
        assert isinstance(scene, RemoteTableScene)
        self.scene = scene
        app.push(scene)
        self.frames(2)

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.now += STEP_MS
            self.app.frame(self.now)

    def key(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        self.frames()

    def press(self, label: str) -> None:
        dialog = self.scene.dialog
        assert dialog is not None
        labels = [b.label() if callable(b.label) else b.label for b in dialog.widgets]
        assert label in labels, labels
        dialog.widgets[labels.index(label)].activate()
        self.frames()


def texts(scene: RemoteTableScene) -> list[tuple[str, bool, str]]:
    return [(line.name, line.you, line.text) for line in scene.strip_lines]


def save(app: App, tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    pygame.image.save(app.surface, str(path))
    return path


def test_the_strip_names_every_seat_and_counts_an_absent_player_s_wait_down(
        make_app: Callable[..., Any], tmp_path: Path) -> None:
    app = make_app((1280, 800))
    table = Table(app)
    scene = table.scene
    assert scene.strip is None and scene.strip_lines == []  # nothing said before the server says it
    table.link.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "away", 101.9),
                                     (None, "bot", "bot", None)))
    table.frames()
    assert texts(scene) == [("Tom", True, t("presence.here")),
                            ("Anna", False, "away: a bot plays for them in 1:42"),
                            ("Seat 3", False, t("presence.bot"))]
    assert scene.names == ["Tom", "Anna", "Seat 3"]  # the seat labels and the log name the seats so
    assert scene.turn_note == "Anna is away: a bot plays for them in 1:42."  # Anna's turn waits for her
    assert any("Anna" in line for line, _ in scene.log_lines())
    lay = scene.lay
    assert lay is not None and scene.strip is not None
    for other in (lay.log, lay.table, scene.rules_button.rect):
        assert not scene.strip.colliderect(other)
    save(app, tmp_path, "cards-away.png")
    table.frames(30)  # three seconds later
    assert texts(scene)[1][2] == "away: a bot plays for them in 1:39"
    table.frames(1000)
    assert texts(scene)[1][2] == t("presence.away_now")
    table.link.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "bot", None),
                                     (None, "bot", "bot", None)))
    table.frames()
    assert texts(scene)[1][2] == "a bot plays for Anna" and scene.turn_note == "A bot plays for Anna."


def test_a_friend_who_comes_first_is_told_the_host_has_not_sat_down(
        make_app: Callable[..., Any], tmp_path: Path) -> None:
    app = make_app((1024, 700))
    table = Table(app, players=4, start_player=1)
    table.link.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "waiting", None),
                                     ("Ben", "remote", "returning", None), (None, "bot", "bot", None)))
    table.frames()
    scene = table.scene
    assert texts(scene)[1:3] == [("Anna", False, "has not sat down yet"), ("Ben", False, "back from the next turn")]
    assert scene.turn_note == t("presence.turn.waiting", name="Anna")
    assert not scene.message.visible  # the banner says it of the seat on turn: one sentence, not two
    save(app, tmp_path, "cards-waiting.png")


def test_a_friend_not_yet_seated_whose_turn_it_is_not_is_told_in_one_note(make_app: Callable[..., Any]) -> None:
    table = Table(make_app((1024, 700)), players=3, start_player=0)
    table.link.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "waiting", None),
                                     (None, "bot", "bot", None)))
    table.frames()
    assert table.scene.turn_note is None  # this player's turn: no banner
    assert table.scene.message.visible and table.scene.message.text == "Anna has not sat down at the table yet."


def test_the_not_sat_down_note_goes_as_soon_as_everybody_sat_down(make_app: Callable[..., Any]) -> None:
    """The note that a friend has not sat down is withdrawn the moment the friend does: it never contradicts the
    list of who is at the table."""
    table = Table(make_app((1024, 700)), players=2, start_player=0)
    table.link.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "waiting", None)))
    table.frames()
    assert table.scene.message.visible and table.scene.message.text == "Anna has not sat down at the table yet."
    table.link.inbox.append(presence(("Tom", "remote", "here", None), ("Anna", "remote", "here", None)))
    table.frames()
    assert not table.scene.message.visible
    assert texts(table.scene)[1] == ("Anna", False, "here")


def test_a_malformed_presence_changes_nothing(make_app: Callable[..., Any]) -> None:
    app = make_app((1280, 800))
    table = Table(app)
    table.link.inbox += [{"type": "presence", "table": CODE, "seats": [{"seat": 0, "state": "here"}]},
                         {"type": "presence", "table": CODE, "seats": "everyone"}, {"type": "presence"}]
    table.frames(3)
    scene = table.scene
    assert scene.strip is None and scene.strip_lines == [] and scene.names == ["Seat 1", "Seat 2", "Seat 3"]
    assert app.scene is scene


def test_giving_the_seat_up_is_asked_twice_and_done_once_the_server_confirms(make_app: Callable[..., Any]) -> None:
    app = make_app((1280, 800))
    resigned: list[bool] = []
    table = Table(app, on_resign=lambda: resigned.append(True))
    scene = table.scene
    table.key(pygame.K_ESCAPE)
    table.press(t("presence.resign.button"))
    assert scene.dialog is not None and scene.dialog.body == t("presence.resign.body") == \
        "A bot plays for you from now on; you cannot come back to this seat."
    table.key(pygame.K_RETURN)  # the focused button keeps the seat
    assert scene.dialog is None and table.link.sent == [] and app.scene is scene
    table.key(pygame.K_ESCAPE)
    table.press(t("presence.resign.button"))
    table.press(t("presence.resign.go"))
    assert table.link.sent == [{"type": "resign"}] and not resigned and app.scene is scene
    assert scene.banner == t("presence.resign.waiting")
    table.link.inbox.append({"type": "resigned", "table": CODE, "seat": 0})
    table.frames()
    assert resigned == [True] and app.scene is not scene and table.link.status == "closed"


def test_a_refused_resign_is_said_and_the_seat_stays(make_app: Callable[..., Any]) -> None:
    app = make_app((1280, 800))
    resigned: list[bool] = []
    table = Table(app, on_resign=lambda: resigned.append(True))
    scene = table.scene
    scene.ask_resign()
    table.press(t("presence.resign.go"))
    table.link.inbox.append({"type": "error", "code": "not_joined", "message": "this connection holds no seat"})
    table.frames()
    assert scene.dialog is not None and scene.dialog.title == t("presence.resign.failed_title")
    assert "this connection holds no seat" in scene.dialog.body and "still yours" in scene.dialog.body
    assert not resigned and app.scene is scene
    table.press(t("presence.resign.ok"))
    scene.ask_resign()
    table.press(t("presence.resign.go"))
    table.link.status = "reconnecting"
    table.frames()
    assert scene.dialog is not None and scene.dialog.body == t("presence.resign.lost")
    assert not resigned and app.scene is scene


def test_leaving_sends_leave_and_goes_to_the_lobby_once_the_server_says_left(make_app: Callable[..., Any]) -> None:
    """A consented leave (the wire's ``leave``): the seat stays the player's (nothing given up, ``on_resign`` not
    called); the table is left once the server answers ``left``."""
    app = make_app((1280, 800))
    resigned: list[bool] = []
    table = Table(app, on_resign=lambda: resigned.append(True))
    table.key(pygame.K_ESCAPE)
    table.press(t("presence.leave.go"))
    assert table.link.sent == [{"type": "leave"}] and app.scene is table.scene
    assert table.scene.banner == t("presence.leave.waiting")
    table.link.inbox.append({"type": "left", "table": CODE, "seat": 0})
    table.frames()
    assert app.scene is not table.scene and not resigned


def test_a_bot_seat_the_server_names_as_a_bot_gets_a_bot_s_name_as_in_a_local_game(
        make_app: Callable[..., Any]) -> None:
    """A joiner does not know how the host set the seats: the presence that comes with the first state says which
    are bots, and those are named as a local game names its bots (not "Seat 3"), on the table and in the strip."""
    from game.artischocken.seats import default_bot_name

    app = make_app((1280, 800))
    table = Table(app, first=[presence(("Tom", "remote", "here", None), ("Anna", "remote", "here", None),
                                       (None, "bot", "bot", None))])
    scene = table.scene
    assert [seat.name for seat in scene.seats] == ["Tom", "Anna", default_bot_name(0)]
    assert texts(scene)[2] == (default_bot_name(0), False, t("presence.bot"))


@pytest.mark.parametrize("seeded", [True, False])
def test_a_card_table_whose_creator_chose_the_seed_says_so_as_it_opens(make_app: Callable[..., Any],
                                                                      seeded: bool) -> None:
    table = Table(make_app((1280, 800)), seeded=seeded)
    message = table.scene.message
    assert (message.visible and message.text == t("net.seeded.note")) is seeded


def test_the_keys_under_the_log_offer_no_undo_at_a_remote_table(make_app: Callable[..., Any],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is taken back at a remote table: the keys line under its log does not offer U (undo)."""
    hints: list[str | None] = []
    real = panels.log_layer

    def log_layer(size: Any, lines: Any, hint: str | None = None, **more: Any) -> pygame.Surface:
        hints.append(hint)
        return real(size, lines, hint, **more)

    monkeypatch.setattr(panels, "log_layer", log_layer)
    table = Table(make_app((1280, 800)))
    table.frames()
    assert hints and hints[-1] == t("net.table.hint")
    assert "U " not in t("net.table.hint") and "U " in t("table.hint")
