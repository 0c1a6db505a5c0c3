"""Remote tables with one life, against the real server (docs/design.md, "Remote play": hello, player ids,
leave, table life, result and replay): the server says who it is, a person never holds two seats of one table,
a seat left on purpose goes to a bot at once, a table nobody is at stands still, and a finished table keeps its
result and its replay (which plays back exactly) across restarts."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .helpers_two_seated import at_cactus_turn_begun, at_cards, steps_away
from .inprocess import Peer, ServerThread, running, until

CARDS = {"type": "create", "room": "artischocken", "seed": 4}


def sit(server: ServerThread, code: str, seat: int, token: str, **more: Any) -> Peer:
    peer = Peer(server.url)
    assert peer.ask({"type": "join", "table": code, "seat": seat, "token": token, **more}, "joined")["type"] \
        == "joined"
    return peer


def verified(replay: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """What ``python -m game replay FILE --verify`` prints for the replay document."""
    path = tmp_path / "got.replay.json"
    path.write_text(json.dumps(replay), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "game", "replay", str(path), "--verify"], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


# -- who the server is -----------------------------------------------------------------------------------------

def test_hello_says_the_server_id_and_where_it_is_reached_and_changes_nothing(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        tom = Peer(server.url)
        hello = tom.ask({"type": "hello"}, "hello")
        assert set(hello) == {"type", "server", "name", "addresses"}
        assert re.fullmatch(r"[A-Za-z0-9_-]{1,64}", hello["server"])
        assert hello["name"] is None  # no --advertise name
        assert hello["addresses"] == [server.url]  # listening on loopback: the loopback address only
        created = tom.ask({**CARDS, "seats": ["remote", "remote"], "start_player": 0}, "created")
        tom.ask({"type": "join", "table": created["table"], "seat": 0, "token": created["tokens"]["0"]}, "joined")
        state = tom.reply("state")
        assert tom.ask({"type": "hello"}, "hello") == hello  # on a seat's connection too
        tom.send({"type": "act", "action": state["legal"][0]})
        assert tom.reply("state")["view"]["log_size"] > state["view"]["log_size"]  # the seat is still held
        assert json.loads((tmp_path / "server.json").read_text())["id"] == hello["server"]


def test_the_server_id_is_the_same_after_a_restart_on_another_port(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        first = Peer(server.url).ask({"type": "hello"}, "hello")
    with running(tmp_path) as again:  # port 0: whatever port it gets
        second = Peer(again.url).ask({"type": "hello"}, "hello")
    assert second["server"] == first["server"]
    assert second["addresses"] == [again.url]
    with running(tmp_path / "another") as other:
        assert Peer(other.url).ask({"type": "hello"}, "hello")["server"] != first["server"]  # another data folder


# -- a seat knows its person -----------------------------------------------------------------------------------

def test_a_bad_player_id_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        tom = Peer(server.url)
        refused = tom.ask({**CARDS, "seats": ["remote", "remote"], "player": "not an id!"}, "created")
        assert refused["code"] == "bad_message" and "player" in refused["message"]
        assert server.call(lambda s: len(s.tables)) == 0
        created = tom.ask({**CARDS, "seats": ["remote", "remote"], "hold": True, "player": "tom-1"}, "created")
        code = created["table"]
        for bad in ("", "x" * 65, 7, "ü"):
            assert Peer(server.url).ask({"type": "claim", "table": code, "player": bad}, "claimed")["code"] \
                == "bad_message"
        claimed = Peer(server.url).ask({"type": "claim", "table": code, "player": "ann_2"}, "claimed")
        assert claimed["seat"] == 1  # the bad claims handed nothing out


def test_a_person_who_holds_a_seat_gets_no_second_one_and_joins_their_own_again(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        tom = Peer(server.url)
        created = tom.ask({**CARDS, "seats": ["remote", "remote", "remote"], "hold": True, "player": "tom"},
                          "created")
        code, tokens = created["table"], created["tokens"]
        again = Peer(server.url).ask({"type": "claim", "table": code, "player": "tom"}, "claimed")
        assert again == {"type": "error", "code": "already_seated", "seat": 0, "message": again["message"]}
        ann = Peer(server.url)
        claimed = ann.ask({"type": "claim", "table": code, "player": "ann"}, "claimed")
        assert claimed["seat"] == 1
        assert Peer(server.url).ask({"type": "claim", "table": code, "player": "ann"}, "claimed")["seat"] == 1  # error
        assert server.call(lambda s: sorted(s.tables[code].players.items())) == [(0, "tom"), (1, "ann")]
        # a join with another seat's token by a person seated here: refused, nothing changed
        refused = Peer(server.url).ask({"type": "join", "table": code, "seat": 1, "token": claimed["token"],
                                        "player": "tom"}, "joined")
        assert refused["code"] == "already_seated" and refused["seat"] == 0
        assert server.call(lambda s: sorted(s.tables[code].seats)) == []
        # one's own seat with its token: always
        seated = sit(server, code, 0, tokens["0"], player="tom")
        sit(server, code, 0, tokens["0"], player="tom")  # again, from another connection
        sit(server, code, 1, claimed["token"], player="ann")
        assert server.call(lambda s: sorted(s.tables[code].seats)) == [0, 1]
        seated.close()
        third = Peer(server.url).ask({"type": "claim", "table": code, "player": "ben"}, "claimed")
        assert third["seat"] == 2  # a claim without a seat here still gets one


# -- leave -----------------------------------------------------------------------------------------------------

def test_leave_gives_the_seat_to_a_bot_at_once_and_its_token_takes_it_back(tmp_path: Path) -> None:
    with running(tmp_path, seat_timeout=600) as server:
        assert Peer(server.url).ask({"type": "leave"}, "left")["code"] == "bad_message"  # no seat
        two = at_cards(server, seed=CARDS["seed"], tom={"player": "tom"}, ann={"player": "ann"})
        tom, ann, code, token = two.tom, two.ann, two.code, two.token
        steps_away(two, "leave")  # the bot takes Tom's decision at once, no wait
        assert tom.ask({"type": "leave"}, "left")["code"] == "bad_message"  # it holds no seat now
        assert tom.ask({"type": "act", "action": {"kind": "end_play"}}, "state")["code"] == "bad_message"
        back = sit(server, code, 0, token, player="tom")
        until(lambda: ann.states().get(0) == "here", [ann, back], what="Tom's seat back")


def test_leave_in_the_middle_of_a_cactus_turn_lets_the_bot_finish_it_and_the_token_takes_the_seat_back(
        tmp_path: Path) -> None:
    with running(tmp_path, seat_timeout=600) as server:
        two = at_cactus_turn_begun(server)  # Tom's turn begun: a roll or a piece taken
        tom, ann, code = two.tom, two.ann, two.code
        assert tom.ask({"type": "leave"}, "left")["seat"] == 0
        until(lambda: ann.link is not None and ann.link.active, [ann], what="the bot to end Tom's turn")
        assert ann.states()[0] == "left"
        back = Peer(server.url, 0, cactus=True)
        back.send({"type": "join", "table": code, "seat": 0, "token": two.token})
        until(lambda: ann.states().get(0) in ("here", "returning"), [ann, back], what="Tom back")


# -- a table nobody is at stands still -------------------------------------------------------------------------

def test_a_table_nobody_is_at_stands_still_past_the_seat_timeout_and_its_waits_go_on_when_somebody_is_back(
        tmp_path: Path) -> None:
    with running(tmp_path, seat_timeout=2.0) as server:
        tom = Peer(server.url)
        created = tom.ask({**CARDS, "seats": ["remote", "remote", "remote"], "start_player": 0, "hold": True},
                          "created")
        code, tokens = created["table"], created["tokens"]
        tom.ask({"type": "join", "table": code, "seat": 0, "token": tokens["0"]}, "joined")
        peers = [tom]
        for seat in (1, 2):
            claimed = Peer(server.url).ask({"type": "claim", "table": code}, "claimed")
            peers.append(sit(server, code, seat, claimed["token"]))
            tokens[str(seat)] = claimed["token"]
        watcher = Peer(server.url)
        watcher.ask({"type": "watch", "table": code}, "watching")
        watcher.reply("state")
        until(lambda: tom.states() == {0: "here", 1: "here", 2: "here"}, [tom])
        peers[1].close()  # Ann drops: her wait counts down while somebody is at the table
        until(lambda: tom.states().get(1) == "away", [tom])
        peers[2].close()
        until(lambda: tom.states().get(2) == "away", [tom])
        assert tom.ask({"type": "leave"}, "left")["seat"] == 0  # Tom steps away: nobody is at the table now
        time.sleep(3.0)  # past the seat timeout
        peek = watcher.ask({"type": "peek", "table": code}, "table")
        assert peek["state"] == "paused"
        assert [e["state"] for e in peek["seats"]] == ["left", "away", "away"]  # no seat was taken over
        frozen = {e["seat"]: e["bot_in"] for e in peek["seats"] if e["state"] == "away"}
        assert 0 < frozen[1] <= 2.0 and 0 < frozen[2] <= 2.0
        time.sleep(0.3)
        again = watcher.ask({"type": "peek", "table": code}, "table")
        assert {e["seat"]: e["bot_in"] for e in again["seats"] if e["state"] == "away"} == frozen  # frozen
        assert again["turn"] == 0 and not [r for r in watcher.replies if r.get("type") == "state"]  # no bot move
        ben = sit(server, code, 2, tokens["2"])  # Ben is back: the table plays again
        until(lambda: bool(ben.presences) and ben.presences[-1]["state"] == "playing", [ben])
        ann_wait = {e["seat"]: e["bot_in"] for e in ben.presences[-1]["seats"]}[1]
        assert ann_wait is not None and ann_wait <= frozen[1]  # what was left, not a new wait
        watcher.reply("state")  # the bot plays Tom's turn now
        until(lambda: ben.states().get(1) == "bot", [ben], what="Ann's wait to run out")


def test_a_table_of_bots_only_plays_though_nobody_is_at_it(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        peer = Peer(server.url)
        created = peer.ask({**CARDS, "seats": ["greedy", "random"]}, "created")
        until(lambda: peer.ask({"type": "peek", "table": created["table"]}, "table")["over"], [peer],
              what="the bots to finish")


# -- a finished table keeps its result and replay ----------------------------------------------------------------

def play_cards_to_the_end(peer: Peer, state: dict[str, Any]) -> None:
    while not state["view"]["is_over"]:
        if state["legal"]:
            peer.send({"type": "act", "action": state["legal"][0]})
        state = peer.reply("state")


def test_a_finished_card_table_tells_its_result_and_replay_also_after_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with running(data) as server:
        tom = Peer(server.url)
        created = tom.ask({**CARDS, "seats": ["remote", "greedy"], "start_player": 0, "hold": True,
                           "name": "Tom"}, "created")
        code = created["table"]
        tom.ask({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"]}, "joined")
        state = tom.reply("state")
        assert tom.ask({"type": "replay", "table": code}, "replay")["code"] == "not_over"
        play_cards_to_the_end(tom, state)
        seen = tom.ask({"type": "peek", "table": code}, "table")
        assert seen["state"] == "over"
        result = seen["result"]
        assert result["winners"] in ([0], [1])
        assert [(s["seat"], s["name"]) for s in result["seats"]] == [(0, "Tom"), (1, None)]
        assert result["seats"][result["winners"][0]]["score"] == min(s["score"] for s in result["seats"])
        replay = tom.ask({"type": "replay", "table": code}, "replay")
        assert replay["table"] == code and replay["type"] == "replay"
        assert replay["replay"]["seats"][0] == {"name": "Tom", "kind": "human"}
    with running(data) as again:
        peer = Peer(again.url)
        assert peer.ask({"type": "peek", "table": code}, "table")["result"] == result
        assert peer.ask({"type": "replay", "table": code}, "replay") == replay
    assert verified(replay["replay"], tmp_path) == {"exact": True, "room": "artischocken",
                                                    "turns": replay["replay"]["result"]["turns"]}


def test_a_finished_cactus_table_tells_its_result_and_its_replay_plays_back_exactly_across_a_restart(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    # a turn of Tom's that takes longer than turn_time is finished by the bot: the game runs on while he is there
    with running(data, turn_time=0.05, workers=0) as server:
        tom = Peer(server.url)
        created = tom.ask({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "start_player": 0,
                           "hold": True, "name": "Tom"}, "created")  # no seed: the table's secret die
        code = created["table"]
        tom.ask({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"]}, "joined")
        until(lambda: tom.ask({"type": "peek", "table": code}, "table")["state"] == "playing", [tom])
        assert tom.ask({"type": "replay", "table": code}, "replay")["code"] == "not_over"
        until(lambda: server.call(lambda s: s.tables[code].table.facts.turn != 0), [tom], what="a turn or two")
    with running(data, turn_time=0.05) as again:  # restarted in the middle of the game
        tom = Peer(again.url)
        tom.ask({"type": "join", "table": code, "seat": 0, "token": created["tokens"]["0"]}, "joined")
        until(lambda: tom.ask({"type": "peek", "table": code}, "table")["over"], [tom], limit=120,
              what="the game to end")
        seen = tom.ask({"type": "peek", "table": code}, "table")
        replay = tom.ask({"type": "replay", "table": code}, "replay")
    with running(data) as third:
        peer = Peer(third.url)
        assert peer.ask({"type": "peek", "table": code}, "table")["result"] == seen["result"]
        assert peer.ask({"type": "replay", "table": code}, "replay") == replay
    result = seen["result"]
    assert seen["state"] == "over" and [s["seat"] for s in result["seats"]] == [0, 1]
    assert result["seats"][0]["name"] == "Tom" and all(isinstance(s["score"], int) for s in result["seats"])
    assert set(result["winners"]) <= {0, 1} and result["winners"]
    assert verified(replay["replay"], tmp_path)["exact"] is True


def test_a_table_saved_before_games_were_recorded_tells_its_result_and_answers_no_replay(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        peer = Peer(server.url)
        code = peer.ask({**CARDS, "seats": ["greedy", "random"]}, "created")["table"]
        until(lambda: peer.ask({"type": "peek", "table": code}, "table")["over"], [peer], what="the bots to finish")
    path = tmp_path / f"{code}.json"
    save = json.loads(path.read_text(encoding="utf-8"))
    del save["state"]["record"]  # as an older server saved it
    path.write_text(json.dumps(save), encoding="utf-8")
    with running(tmp_path) as again:
        peer = Peer(again.url)
        assert peer.ask({"type": "peek", "table": code}, "table")["result"]["winners"]
        refused = peer.ask({"type": "replay", "table": code}, "replay")
        assert refused["type"] == "error" and refused["code"] == "no_replay" and "recorded" in refused["message"]
        assert peer.ask({"type": "hello"}, "hello")["type"] == "hello"  # the connection is fine
