"""Cactus seats that drop and come back, against the real server in this process (a small seat timeout): a seat
dropped mid-drag is played on by the bot once its wait is over and the game goes on; its player, back, gets the
seat from the next turn start ("returning" until then); the Artischocken table gives a seat back at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cactus.bots.simple import Bot
from game.cactus.match import Stage
from game.net.cactus_stream import blind
from game.net.client.cactus_link import CactusLink
from game.replay.format import checksum

from .helpers_cactus_net import DT, Loop, human_turn
from .inprocess import Peer, running, until

pytestmark = pytest.mark.slow


def test_a_seat_dropped_mid_drag_is_played_on_by_the_bot_and_given_back_at_the_next_turn_start(
        tmp_path: Path) -> None:
    with running(tmp_path, seat_timeout=0.3) as server:
        host = Peer(server.url)
        created = host.ask({"type": "create", "room": "cactus", "seats": ["remote", "remote"], "seed": 21,
                            "start_player": 0}, "created")
        code, tokens = created["table"], created["tokens"]
        tom, ann = Peer(server.url, 0, cactus=True), Peer(server.url, 1, cactus=True)
        for peer, seat in ((tom, 0), (ann, 1)):
            peer.send({"type": "join", "table": code, "seat": seat, "token": tokens[str(seat)], "name": "Tom Ann"[
                4 * seat:4 * seat + 3]})
        until(lambda: tom.link is not None and tom.link.active, [tom, ann], what="Tom's turn")
        assert tom.link is not None and ann.link is not None
        match = tom.link.match
        assert match is not None
        bot = Bot()
        while match.stage in (Stage.ROLL, Stage.CHOOSE):
            bot.act(match)
            tom.pump()  # a roll goes to the table's die
            until(lambda: not tom.link.rolling, [tom, ann], what="the roll's face")
        x, y, _ = bot.plan(match)
        match.grab_new((x, y + 35.0))
        for k in range(12):  # mid-drag: the piece held in the air
            match.move_hand((x, y + 35.0 - k))
            match.step(DT)
            tom.pump()
        turn = tom.link.turn
        until(lambda: ann.link is not None and ann.link.record.stream != [], [ann], what="the drag to be relayed")
        tom.close()  # gone with the piece in the hand

        until(lambda: ann.heard(0, "away") is not None, [ann], what="the seat to wait")
        waiting = ann.heard(0, "away")
        assert waiting is not None
        assert waiting["name"] == "Tom" and waiting["kind"] == "remote" and 0 < waiting["bot_in"] <= 0.3
        until(lambda: ann.link is not None and ann.link.turn != turn, [ann], what="the bot to finish the turn")
        assert ann.states()[0] == "bot"
        assert ann.link.active  # the game went on: Ann's turn

        back = Peer(server.url, 0, cactus=True)
        back.send({"type": "join", "table": code, "seat": 0, "token": tokens["0"]})
        until(lambda: back.states().get(0) == "returning", [back, ann],
              what="the player to be back")
        assert ann.states()[0] == "returning"
        assert back.link is not None and not back.link.active  # Ann's turn runs on
        human_turn(ann.link, ann.pump)
        until(lambda: back.link is not None and back.link.active, [back, ann], what="the seat to be Tom's again")
        assert back.states()[0] == "here" and ann.states()[0] == "here"
        assert back.link.seats[0] == "remote"
        assert back.link.match is not None and back.link.match.rules.names[:2] == ["Tom", "Ann"]
        human_turn(back.link, back.pump)  # Tom plays his own turn again
        until(lambda: ann.link is not None and ann.link.active, [back, ann], what="Ann's next turn")
        for peer in (back, ann, host):
            peer.close()


def test_a_player_back_while_the_bot_plays_their_turn_gets_the_seat_at_the_next_turn_start() -> None:
    """The table alone: the bot holds the seat's running turn to its end (a piece may be in its hand), the seat is
    the player's from the snapshot after it; everyone stays in step; leaving again before that calls it off."""
    loop = Loop(["remote", "remote"], seed=12)
    seat = loop.table.match.current
    loop.links.pop(seat)
    loop.route(loop.table.seat_to_bot(seat, "bot"))
    for _ in range(3):
        loop.route(loop.table.bot_move())  # the bot is in the middle of the turn
    turn = loop.table.turn
    assert loop.table.turn == turn and not loop.table.is_over
    back = CactusLink(seat)
    loop.links[seat] = back
    loop.route(loop.table.join(seat), joined=seat)
    assert loop.table.seats[seat] == "bot" and loop.table.bot_due()  # the bot plays on
    assert back.seats[seat] == "bot"  # what the player is told: the running turn is the bot's
    assert back.capture is None  # watched, not played
    seen = len(back.record.stream)
    while loop.table.turn == turn:
        loop.route(loop.table.bot_move())
        if loop.table.turn == turn:
            assert len(back.record.stream) > seen  # the bot's moves reach the player back at the seat, live
            seen = len(back.record.stream)
    assert back.resyncs == 0
    assert loop.table.seats[seat] == "remote" and not loop.table.taken_over and not loop.table.match.bots[seat]
    assert all(link.seats[seat] == "remote" for link in loop.all_links())
    assert checksum(back.match.to_dict() if back.match else {}) == checksum(blind(loop.table.match.to_dict()))


def test_a_player_back_and_gone_again_before_the_turn_start_leaves_the_seat_to_the_bot() -> None:
    loop = Loop(["remote", "remote"], seed=12)
    seat = loop.table.match.current
    loop.links.pop(seat)
    loop.route(loop.table.seat_to_bot(seat, "bot"))
    loop.route(loop.table.join(seat))
    loop.route(loop.table.seat_to_bot(seat, "bot"))  # gone again: the server's wait ran out once more
    turn = loop.table.turn
    while loop.table.turn == turn:
        loop.route(loop.table.bot_move())
    assert loop.table.seats[seat] == "bot" and seat in loop.table.taken_over
