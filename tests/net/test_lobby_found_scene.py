"""The found list the lobby draws follows the server watch (docs/remote-play.md, "Joining a table"): a found
server whose hello stops answering leaves the drawn list, and the watch reports it (it wakes the window: an idle
window shows a new picture only when something wakes it), on a clock of the test's own, no timing asserted."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import settings
from game.i18n import t
from game.net.client.seats import FILE_NAME as SEATS_FILE
from game.net.client.seats import SeatBook
from game.net.client.server_watch import EVERY, KEEP, ServerWatch
from game.net.client.servers import Hello
from game.net.client.your_tables import SeatNews, TableNews
from game.net.discovery import FoundServer, OpenTable

from .test_lobby_found import Clock
from .test_lobby_home import Found, News, lobby_app


def test_a_found_server_that_stops_answering_leaves_the_drawn_list_and_wakes_the_window(
        make_app: Callable[..., Any], home: Path) -> None:
    settings.change("player_name", "Tom")
    clock = Clock()
    answers = {"ws://192.168.1.30:8801": "srv"}
    woken: list[int] = []
    watch = ServerWatch(ask=lambda url: Hello(answers[url], None, (url,)) if url in answers else None,
                        clock=clock, start=False)
    app, lobby = lobby_app(make_app)
    lobby.servers = watch
    lobby.browser = Found([FoundServer("Srv", "192.168.1.30", 8801, (OpenTable("ARTI-0001", "artischocken", 1),),
                                       "srv")])
    app.frame()  # the lobby hands the watch the found address
    watch.run_round()
    app.frame()
    assert [button.label for _, button in lobby.found_buttons] == ["Srv · Artischocken · 1 seat free"]
    answers.clear()  # killed -9: mDNS still announces it
    start = clock.now
    while lobby.found_buttons and clock.now - start < 10:
        clock.now += EVERY  # the watch's rounds, as its thread runs them
        if watch.run_round():
            woken.append(watch.version)
            app.frame()  # the window woken draws again
    assert lobby.found_buttons == [] and clock.now - start <= KEEP + EVERY < 10
    assert woken, "the window was never woken: an idle window keeps drawing the dead server"


class Watched(News):
    """A table watch that keeps which (address, table) pairs it was told to ask."""

    def __init__(self, said: dict[tuple[str, str], Any]) -> None:
        super().__init__(said)
        self.asked: list[tuple[str, str]] = []

    def watch(self, tables: list[tuple[str, str]]) -> None:
        self.asked = list(tables)


def test_a_server_back_on_another_port_with_its_tables_all_taken_serves_your_tables_again_without_a_code(
        make_app: Callable[..., Any], home: Path) -> None:
    """Seats are kept under (server id, table): the server killed and started on another port with the same data
    folder is announced under its id, though with no free seat; the lobby asks it hello there, and the "Your
    tables" row is asked about (and answered) at the new address."""
    settings.change("player_name", "Ann")
    old, new = "ws://192.168.1.30:8800", "ws://192.168.1.30:8801"
    SeatBook(home / SEATS_FILE).keep(old, "ZHEZ-BH9M", 0, "token", "artischocken", server="srv")
    watch = ServerWatch(ask=lambda url: Hello("srv", "Srv", (url,)) if url == new else None, start=False)
    news = Watched({(new, "ZHEZ-BH9M"): TableNews("artischocken", False, 1, (SeatNews(0, "Ann", "away"),
                                                                              SeatNews(1, "Ben", "here")),
                                                  state="playing")})
    app, lobby = lobby_app(make_app)
    lobby.servers, lobby.watch = watch, news
    lobby.browser = Found([FoundServer("Srv", "192.168.1.30", 8801, (), "srv")])  # its one table is full
    app.frame()  # the lobby hands the watch the addresses worth a hello
    watch.run_round()
    app.frame()
    assert (new, "ZHEZ-BH9M") in news.asked
    [(key, _title, state, kind)] = lobby.table_entries()
    assert key == "srv/ZHEZ-BH9M" and state != t("net.yours.unreachable") and kind != "error"
    held = SeatBook(home / SEATS_FILE).held(new, "ZHEZ-BH9M", "srv")
    assert held is not None and held.url == new  # asked there first next time


def test_a_server_that_does_not_answer_is_said_plainly_and_the_words_go_once_it_answers(
        make_app: Callable[..., Any], home: Path) -> None:
    """No raw address scheme, no "connection refused": where it is and that it does not answer; once the server
    answers hello again, the words no longer hold and are withdrawn."""
    from .test_lobby_scene import free_port, run_until

    settings.change("player_name", "Ben")
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    answers: dict[str, str] = {}
    watch = ServerWatch(ask=lambda at: Hello(answers[at], None, (at,)) if at in answers else None, start=False)
    app, lobby = lobby_app(make_app)
    lobby.servers = watch
    lobby.join_code(f"127.0.0.1:{port}/ABCD-EFGH")
    status = run_until(app, lambda: lobby.join_status if lobby.join_status and lobby.join_status[1] == "error"
                       else None)
    assert status[0] == f"The server at 127.0.0.1:{port} does not answer."
    app.frame()
    watch.run_round()
    app.frame()
    assert lobby.join_status == status  # still not answering: the words hold
    answers[url] = "srv"  # the server is back
    watch.run_round()
    app.frame()
    assert lobby.join_status is None


def test_the_host_card_says_what_your_tables_says_and_follows_its_server(
        make_app: Callable[..., Any], home: Path) -> None:
    """The host card's words come from the same table news as Your tables: Ben seated stays known while the
    server does not answer (never "1 seat is for a player" again), a finished game says who won (never "open the
    table and play"), and the code follows the server to its new port."""
    from game.screens.scene_network import Hosted

    settings.change("player_name", "Ann")
    old, new = "ws://192.168.1.20:38693", "ws://192.168.1.20:8801"
    SeatBook(home / SEATS_FILE).keep(old, "8RBR-A7PT", 0, "token", "cactus", server="ann-srv")
    answers: dict[str, str] = {old: "ann-srv"}
    watch = ServerWatch(ask=lambda url: Hello(answers[url], None, (url,)) if url in answers else None,
                        start=False)
    seated = TableNews("cactus", False, 0, (SeatNews(0, "Ann", "here"), SeatNews(1, "Ben", "here")),
                       state="playing")
    news = Watched({(old, "8RBR-A7PT"): seated})
    app, lobby = lobby_app(make_app)
    lobby.servers, lobby.watch = watch, news
    lobby.hosted = Hosted("cactus", old, "192.168.1.20:38693/8RBR-A7PT", "8RBR-A7PT", 0, "token",
                          ["remote", "remote"], 1, "ann-srv/8RBR-A7PT")
    app.frame()
    watch.run_round()
    app.frame()
    assert lobby.host_words() == t("net.host.free_taken") and lobby.seat_names()[1] == "Ben"
    news.said = {(old, "8RBR-A7PT"): "unreachable"}  # killed
    app.frame()
    assert lobby.host_words() == t("net.host.no_answer") and lobby.seat_names()[1] == "Ben"
    answers.clear()
    answers[new] = "ann-srv"  # back on another port
    lobby.known.note(Hello("ann-srv", None, (new,)))
    app.frame()
    watch.run_round()
    news.said = {(new, "8RBR-A7PT"): TableNews("cactus", True, None, seated.seats, state="over",
                                               result={"winners": [0], "seats": []})}
    app.frame()
    assert lobby.hosted.code == "192.168.1.20:8801/8RBR-A7PT"
    assert lobby.host_words() == t("net.host.over", result=t("net.yours.over_you"))
    assert "open the table" not in lobby.host_words()


def test_the_host_card_offers_open_the_table_only_while_there_is_a_game_to_sit_at(
        make_app: Callable[..., Any], home: Path) -> None:
    """A finished game's host card says who won and offers no "Open the table" (only "Host another"); a table the
    host holds no seat at any more (its server lost it, or the seat was given up) says so, never "Everyone is
    seated: open the table and play" from the seats its server said last, and cannot be opened."""
    from game.screens.scene_network import Hosted

    settings.change("player_name", "Ann")
    url = "ws://192.168.1.20:8801"
    for table in ("8RBR-A7PT", "KQ2M-9XTP"):
        SeatBook(home / SEATS_FILE).keep(url, table, 0, "token", "cactus", server="ann-srv")
    watch = ServerWatch(ask=lambda at: Hello("ann-srv", None, (at,)) if at == url else None, start=False)
    seated = TableNews("cactus", False, 0, (SeatNews(0, "Ann", "here"), SeatNews(1, "Ben", "here")),
                       state="playing")
    news = Watched({(url, "8RBR-A7PT"): seated, (url, "KQ2M-9XTP"): seated})
    app, lobby = lobby_app(make_app)
    lobby.servers, lobby.watch = watch, news

    def host(table: str) -> None:
        lobby.hosted = Hosted("cactus", url, f"192.168.1.20:8801/{table}", table, 0, "token",
                              ["remote", "remote"], 1, f"ann-srv/{table}")
        app.frame()

    watch.run_round()
    host("8RBR-A7PT")
    assert lobby.host_words() == t("net.host.free_taken")
    assert lobby.host_can_open() and lobby.open_button in lobby.host_buttons()
    lobby.dismiss("ann-srv/8RBR-A7PT")  # as the lobby drops a table its server does not know any more
    app.frame()
    assert lobby.host_words() == t("net.host.no_seat")
    assert not lobby.host_can_open() and lobby.host_buttons() == [lobby.new_button]

    host("KQ2M-9XTP")
    news.said[(url, "KQ2M-9XTP")] = TableNews("cactus", True, None, seated.seats, state="over", result={
        "winners": [1], "seats": [{"seat": 0, "name": "Ann", "score": 2}, {"seat": 1, "name": "Ben", "score": 5}]})
    news.version += 1
    app.frame()
    assert lobby.host_words() == t("net.host.over", result=t("net.yours.over_one", name="Ben"))
    assert not lobby.host_can_open() and lobby.host_buttons() == [lobby.new_button]
    assert lobby.open_button not in lobby.focus.items
    joining = lobby.joining
    lobby.open_hosted()  # a key or a stale click: nothing is opened
    assert lobby.joining is joining
