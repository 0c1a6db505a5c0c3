"""Who sits where, told by the real server (docs/design.md, "Remote play": names and presence): every seat and
spectator hears a ``presence`` after joining or watching and whenever a seat's presence changes; names come with
create, claim and join, are kept with the save, and a bad one is refused with nothing changed."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from game.net.server.presence import SeatFacts, entry, signature, state_of

from .inprocess import Peer, ServerThread, running, until

CARDS = {"type": "create", "room": "artischocken", "seed": 4, "start_player": 1}


def seat(peer: Peer, number: int) -> dict[str, Any]:
    return next(e for e in peer.presences[-1]["seats"] if e["seat"] == number)


def host_and_guest(server: ServerThread, seats: list[str], **create: Any) -> tuple[Peer, Peer, str]:
    """Tom creates (holding the first seat) and sits down, Ann claims a seat by code and sits down."""
    tom = Peer(server.url)
    created = tom.ask({**CARDS, "seats": seats, "hold": True, "name": "Tom", **create}, "created")
    code = created["table"]
    tom.ask({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"]}, "joined")
    ann = Peer(server.url)
    claimed = ann.ask({"type": "claim", "table": code, "name": "  Ann "}, "claimed")
    ann.ask({"type": "join", "table": code, "seat": claimed["seat"], "token": claimed["token"]}, "joined")
    until(lambda: bool(tom.presences and ann.presences) and tom.states().get(1) == "here", [tom, ann])
    return tom, ann, code


def test_names_are_told_to_both_players_and_a_watcher(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        tom, ann, code = host_and_guest(server, ["remote", "remote", "greedy"])
        for peer in (tom, ann):
            assert peer.presences[-1]["table"] == code
            assert peer.presences[-1]["seats"] == [
                {"seat": 0, "name": "Tom", "kind": "remote", "state": "here", "bot_in": None},
                {"seat": 1, "name": "Ann", "kind": "remote", "state": "here", "bot_in": None},  # trimmed
                {"seat": 2, "name": None, "kind": "bot", "state": "bot", "bot_in": None}]
        watcher = Peer(server.url)
        watcher.ask({"type": "watch", "table": code}, "watching")
        until(lambda: bool(watcher.presences), [watcher])
        assert watcher.presences[-1] == tom.presences[-1]


def test_a_seat_is_waiting_then_here_then_away_with_a_countdown_then_played_by_a_bot(tmp_path: Path) -> None:
    with running(tmp_path, seat_timeout=0.5) as server:
        tom = Peer(server.url)
        created = tom.ask({**CARDS, "seats": ["remote", "remote"], "hold": True, "name": "Tom"}, "created")
        code = created["table"]
        tom.ask({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"]}, "joined")
        until(lambda: bool(tom.presences), [tom])
        assert tom.states() == {0: "here", 1: "waiting"}
        ann = Peer(server.url)
        claimed = ann.ask({"type": "claim", "table": code}, "claimed")
        peek = ann.ask({"type": "peek", "table": code}, "table")
        assert [e["state"] for e in peek["seats"]] == ["here", "waiting"]  # claimed, but nobody sat down there yet
        ann.ask({"type": "join", "table": code, "seat": 1, "token": claimed["token"], "name": "Ann"}, "joined")
        until(lambda: tom.states() == {0: "here", 1: "here"}, [tom])
        ann.close()
        until(lambda: tom.heard(1, "away") is not None, [tom], what="the dropped seat to wait")
        away = tom.heard(1, "away")
        assert away is not None and away["name"] == "Ann" and 0 < away["bot_in"] <= 0.5
        until(lambda: tom.states().get(1) == "bot", [tom], what="the bot to take the seat")
        assert seat(tom, 1)["kind"] == "remote" and seat(tom, 1)["name"] == "Ann"
        again = Peer(server.url)
        again.ask({"type": "join", "table": code, "seat": 1, "token": claimed["token"]}, "joined")
        until(lambda: tom.states().get(1) == "here", [tom, again], what="the seat back (at once, in Artischocken)")
        assert seat(tom, 1)["name"] == "Ann"  # a join without a name keeps the one it had
        assert again.presences[-1] == tom.presences[-1]


def test_a_table_that_hands_no_seats_to_bots_tells_no_countdown(tmp_path: Path) -> None:
    with running(tmp_path, seat_timeout=0.2) as server:
        tom, ann, _ = host_and_guest(server, ["remote", "remote"], bot_takeover=False)
        ann.close()
        until(lambda: tom.states().get(1) == "away", [tom])
        assert seat(tom, 1)["bot_in"] is None
        time.sleep(0.5)
        tom.read()
        assert tom.states()[1] == "away"  # and it stays so


def test_a_cactus_bot_seat_goes_by_its_bot_name_and_a_player_s_name_reaches_the_match(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        tom = Peer(server.url, 0, cactus=True)
        created = tom.ask({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "seed": 3,
                           "start_player": 1, "hold": True, "name": "Tom"}, "created")
        tom.send({"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]})
        until(lambda: bool(tom.presences), [tom])
        bot = seat(tom, 1)
        assert bot["kind"] == "bot" and bot["state"] == "bot" and isinstance(bot["name"], str) and bot["name"]
        assert tom.link is not None
        until(lambda: tom.link is not None and tom.link.active, [tom], what="the bot's turn to end")
        assert tom.link.match is not None and tom.link.match.rules.names[0] == "Tom"  # from this turn start on


def test_names_are_kept_with_the_save_and_an_old_save_without_names_resumes(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        tom, ann, code = host_and_guest(server, ["remote", "remote"])
        kept = tom.presences[-1]["seats"]
        tom.close()
        ann.close()
    with running(tmp_path) as server:
        peek = Peer(server.url).ask({"type": "peek", "table": code}, "table")
        assert [(e["name"], e["state"]) for e in peek["seats"]] == [(e["name"], "away") for e in kept]
    save = tmp_path / f"{code}.json"
    old = json.loads(save.read_text())
    for key in ("names", "sat", "resigned"):
        del old[key]  # as saved before the server knew names
    save.write_text(json.dumps(old))
    with running(tmp_path) as server:
        peek = Peer(server.url).ask({"type": "peek", "table": code}, "table")
        assert [(e["name"], e["state"]) for e in peek["seats"]] == [(None, "away"), (None, "away")]


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "Tom\nAnn", "Tom\x00", 7, ["Tom"], True])
def test_a_bad_name_is_refused_and_changes_nothing(tmp_path: Path, name: object) -> None:
    with running(tmp_path) as server:
        tom = Peer(server.url)
        refused = tom.ask({**CARDS, "seats": ["remote", "remote"], "hold": True, "name": name}, "created")
        assert refused["type"] == "error" and refused["code"] == "bad_message" and "name" in refused["message"]
        assert server.call(lambda s: len(s.tables)) == 0
        created = tom.ask({**CARDS, "seats": ["remote", "remote"], "hold": True, "name": "Tom"}, "created")
        code = created["table"]
        ann = Peer(server.url)
        refused = ann.ask({"type": "claim", "table": code, "name": name}, "claimed")
        assert refused["code"] == "bad_message"
        refused = tom.ask({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"],
                           "name": name}, "joined")
        assert refused["code"] == "bad_message"
        peek = ann.ask({"type": "peek", "table": code}, "table")
        assert [(e["name"], e["state"]) for e in peek["seats"]] == [("Tom", "waiting"), (None, "waiting")]
        assert ann.ask({"type": "claim", "table": code}, "claimed")["seat"] == 1  # the seat was not handed out


def test_the_state_of_a_seat_follows_its_facts() -> None:
    def facts(**kw: Any) -> SeatFacts:
        return SeatFacts(**{"seat": 0, "person": True, "name": "Tom", "held": False, "sat": True,
                            "bot_now": False, **kw})

    assert state_of(facts(person=False, bot_now=True)) == "bot"
    assert state_of(facts(held=True)) == "here"
    assert state_of(facts(held=True, bot_now=True)) == "returning"
    assert state_of(facts(held=True, bot_now=True, over=True)) == "here"
    assert state_of(facts(bot_now=True)) == "bot"
    assert state_of(facts(sat=False)) == "waiting"
    assert entry(facts(bot_in=12.345)) == {"seat": 0, "name": "Tom", "kind": "remote", "state": "away",
                                           "bot_in": 12.3}
    assert entry(facts(held=True, bot_in=5.0))["bot_in"] is None  # a countdown only for a seat that is away
    ticking = [entry(facts(bot_in=10.0))], [entry(facts(bot_in=9.0))]
    assert signature(ticking[0]) == signature(ticking[1])
    assert signature([entry(facts())]) != signature(ticking[0])  # a wait starting is told
