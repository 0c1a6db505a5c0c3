"""The found list tells the truth (docs/remote-play.md, "Joining a table"): an announcement is only a hint, each
server is confirmed by hello; one that stops answering is gone within 10 s (on a clock of the test's own, no
timing asserted); one row per server id; the program's own server is the player's, never a stranger's; a server
that came back on another port is found again by its id."""

from __future__ import annotations

from game.net.client.server_watch import KEEP, ServerWatch, found_rows
from game.net.client.servers import Hello
from game.net.discovery import FoundServer, OpenTable


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Answers:
    """Which address answers hello as which server (None: silent)."""

    def __init__(self, answers: dict[str, str | None]) -> None:
        self.answers = answers

    def __call__(self, url: str) -> Hello | None:
        server = self.answers.get(url)
        return None if server is None else Hello(server, None, (url,))


TABLE = (OpenTable("T1", "cactus", 1),)


def watch_of(answers: Answers, clock: Clock) -> ServerWatch:
    return ServerWatch(ask=answers, clock=clock, start=False)


def test_a_server_that_stops_answering_is_gone_from_the_found_list_within_10_s() -> None:
    assert KEEP < 10
    clock, answers = Clock(), Answers({"ws://192.168.1.30:8765": "ben"})
    watch = watch_of(answers, clock)
    heard = [FoundServer("Ben", "192.168.1.30", 8765, TABLE, "ben")]
    watch.look(["ws://192.168.1.30:8765"])
    assert found_rows(heard, watch, None) == []  # heard, not yet confirmed: not listed
    watch.run_round()
    assert [row.name for row in found_rows(heard, watch, None)] == ["Ben"]
    answers.answers.clear()  # killed: mDNS still says it is there
    for _ in range(3):
        clock.now += 3.0  # rounds go on, nobody answers
        watch.run_round()
    assert clock.now - 1000.0 <= 10 and found_rows(heard, watch, None) == []


def test_one_row_per_server_id_and_the_own_server_is_the_players() -> None:
    clock = Clock()
    answers = Answers({"ws://192.168.1.20:8765": "mine", "ws://127.0.0.1:8765": "mine",
                       "ws://192.168.1.30:8765": "ben"})
    watch = watch_of(answers, clock)
    heard = [FoundServer("Tom", "127.0.0.1", 8765, TABLE, "mine"),
             FoundServer("Tom", "192.168.1.20", 8765, TABLE, "mine"),
             FoundServer("Ben", "192.168.1.30", 8765, TABLE, "ben")]
    watch.look(["ws://192.168.1.20:8765", "ws://127.0.0.1:8765", "ws://192.168.1.30:8765"])
    watch.run_round()
    rows = found_rows(heard, watch, "mine")
    assert [(row.server, row.url, row.own) for row in rows] == [("mine", "ws://192.168.1.20:8765", True),
                                                                 ("ben", "ws://192.168.1.30:8765", False)]


def test_an_announcement_for_an_address_another_server_answers_at_is_not_listed() -> None:
    clock = Clock()
    watch = watch_of(Answers({"ws://192.168.1.30:8765": "someone-else"}), clock)
    watch.look(["ws://192.168.1.30:8765"])
    watch.run_round()
    assert found_rows([FoundServer("Ben", "192.168.1.30", 8765, TABLE, "ben")], watch, None) == []


def test_a_server_back_on_another_port_is_found_again_by_its_id() -> None:
    clock = Clock()
    answers = Answers({"ws://127.0.0.1:8765": "ann"})
    watch = watch_of(answers, clock)
    watch.look(["ws://127.0.0.1:8765", "ws://127.0.0.1:9999"])
    watch.run_round()
    assert watch.where("ann") == "ws://127.0.0.1:8765"
    answers.answers = {"ws://127.0.0.1:9999": "ann"}  # crashed, came back on another port
    clock.now += 3.0
    watch.run_round()
    assert watch.where("ann") == "ws://127.0.0.1:9999"  # the older answer at 8765 is not the latest
    clock.now += KEEP + 1
    assert watch.where("ann") is None and watch.alive("ws://127.0.0.1:9999") is None
