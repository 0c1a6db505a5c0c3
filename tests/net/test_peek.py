"""Looking at a table without sitting down (docs/design.md, "Remote play": peek), against the real server: the
room, whether it is over, whose turn it is and the seats' presence; what the connection holds stays as it is."""

from __future__ import annotations

from pathlib import Path

from .inprocess import Peer, running


def test_peek_tells_how_a_table_stands_and_leaves_the_seat_held(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        tom = Peer(server.url)
        cards = tom.ask({"type": "create", "room": "artischocken", "seats": ["remote", "remote"], "seed": 2,
                         "start_player": 1, "hold": True, "name": "Tom"}, "created")
        cactus = tom.ask({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "seed": 2,
                          "start_player": 0}, "created")
        tom.ask({"type": "join", "table": cards["table"], "seat": 0, "token": cards["tokens"]["0"]}, "joined")
        tom.reply("state")

        seen = tom.ask({"type": "peek", "table": cards["table"].lower()}, "table")
        assert seen == {"type": "table", "table": cards["table"], "room": "artischocken", "over": False, "turn": 1,
                        "seats": [{"seat": 0, "name": "Tom", "kind": "remote", "state": "here", "bot_in": None},
                                  {"seat": 1, "name": None, "kind": "remote", "state": "waiting", "bot_in": None}],
                        "seeded": True,  # made with a seed: its creator can know the deal
                        "state": "waiting", "result": None}  # a seat nobody sat at yet; no result before the end
        other = tom.ask({"type": "peek", "table": cactus["table"]}, "table")
        assert other["room"] == "cactus" and other["turn"] == 0 and not other["over"]
        assert [(e["kind"], e["state"]) for e in other["seats"]] == [("remote", "waiting"), ("bot", "bot")]
        assert server.call(lambda s: s.tables[cards["table"]].seats[0] is not None)
        assert tom.ask({"type": "act", "action": {"kind": "end_play"}}, "state")["code"] == "not_your_turn"  # seated

        stranger = Peer(server.url)
        assert stranger.ask({"type": "peek", "table": "ZZZZ-ZZZZ"}, "table")["code"] == "no_table"
        assert stranger.ask({"type": "peek", "table": "no such code!"}, "table")["code"] == "bad_message"
        assert stranger.ask({"type": "peek", "table": cards["table"]}, "table")["seats"] == seen["seats"]
        assert server.call(lambda s: sum(len(e.watchers) for e in s.tables.values())) == 0  # not made a watcher


def test_peek_at_a_finished_table_says_it_is_over(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        peer = Peer(server.url)
        created = peer.ask({"type": "create", "room": "artischocken", "seats": ["greedy", "random"], "seed": 1},
                           "created")
        seen: dict[str, object] = {}
        for _ in range(600):
            seen = peer.ask({"type": "peek", "table": created["table"]}, "table")
            if seen["over"]:
                break
            peer.read(0.05)
        assert seen["over"] is True and seen["turn"] is None
        assert seen["state"] == "over"
