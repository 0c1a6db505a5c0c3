"""Giving a seat up (docs/design.md, "Remote play": resign), against the real server: the player is told, the
token joins no more, a bot plays the seat at once (whatever the table's bot_takeover), everyone else is told (the
seat's presence state is "resigned")."""

from __future__ import annotations

from pathlib import Path

from .helpers_two_seated import at_cactus_turn_begun, at_cards, steps_away
from .inprocess import Peer, running, until


def test_a_seat_given_up_is_played_by_a_bot_at_once_and_its_token_joins_no_more(tmp_path: Path) -> None:
    with running(tmp_path, seat_timeout=600) as server:
        two = at_cards(server, seed=8, bot_takeover=False)
        tom, code, token = two.tom, two.code, two.token
        steps_away(two, "resign")  # the bot takes Tom's decision at once, though the table hands no seat to bots
        refused = Peer(server.url).ask({"type": "join", "table": code, "seat": 0, "token": token}, "joined")
        assert refused["type"] == "error" and refused["code"] == "bad_token"
        assert tom.ask({"type": "act", "action": {"kind": "end_play"}}, "state")["code"] == "bad_message"
        peek = tom.ask({"type": "peek", "table": code}, "table")
        assert [e["state"] for e in peek["seats"]] == ["resigned", "here"]
        again = Peer(server.url).ask({"type": "claim", "table": code}, "claimed")
        assert again["code"] == "table_full"  # a seat given up is not handed out to anyone


def test_only_a_seat_can_be_given_up(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        nobody = Peer(server.url)
        refused = nobody.ask({"type": "resign"}, "resigned")
        assert refused["code"] == "bad_message"
        created = nobody.ask({"type": "create", "room": "artischocken", "seats": ["remote", "greedy"]}, "created")
        nobody.ask({"type": "watch", "table": created["table"]}, "watching")
        assert nobody.ask({"type": "resign"}, "resigned")["code"] == "bad_message"
        assert server.call(lambda s: s.tables[created["table"]].resigned) == set()


def test_a_cactus_seat_given_up_mid_turn_is_finished_by_the_bot(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        two = at_cactus_turn_begun(server)  # Tom's turn begun: a roll or a piece taken
        tom, ann = two.tom, two.ann
        assert tom.ask({"type": "resign"}, "resigned")["seat"] == 0
        until(lambda: ann.link is not None and ann.link.active, [ann], what="the bot to end Tom's turn")
        assert ann.states()[0] == "resigned"
