"""Two friends seated at a new table of the real server (in-process), the setups the leave and resign tests
share: Tom at seat 0 whose turn it is, Ann at seat 1 who claimed her seat with the code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cactus.bots.simple import Bot

from .inprocess import Peer, ServerThread, until


@dataclass
class TwoSeated:
    tom: Peer
    ann: Peer
    code: str
    #: Tom's token (seat 0).
    token: str
    #: Tom's first state (card tables; None at a Cactus table).
    first: dict[str, Any] | None = None


def at_cards(server: ServerThread, *, tom: dict[str, Any] | None = None,
             ann: dict[str, Any] | None = None, **create: Any) -> TwoSeated:
    """An Artischocken table, Tom to decide now: ``create`` adds to the create message, ``tom`` and ``ann`` to
    each one's messages (a player id, say)."""
    me = Peer(server.url)
    created = me.ask({"type": "create", "room": "artischocken", "seats": ["remote", "remote"], "start_player": 0,
                      "hold": True, "name": "Tom", **(tom or {}), **create}, "created")
    code, token = created["table"], created["tokens"]["0"]
    me.ask({"type": "join", "table": code, "seat": 0, "token": token}, "joined")
    first = me.reply("state")
    assert first["view"]["current_player"] == 0  # Tom decides now
    friend = Peer(server.url)
    claimed = friend.ask({"type": "claim", "table": code, "name": "Ann", **(ann or {})}, "claimed")
    friend.ask({"type": "join", "table": code, "seat": claimed["seat"], "token": claimed["token"]}, "joined")
    friend.reply("state")
    return TwoSeated(me, friend, code, token, first)


def at_cactus_turn_begun(server: ServerThread) -> TwoSeated:
    """A Cactus table, Tom's first turn begun (a roll or a piece taken) and Ann watching it live."""
    me = Peer(server.url, 0, cactus=True)
    created = me.ask({"type": "create", "room": "cactus", "seats": ["remote", "remote"], "seed": 5,
                      "start_player": 0, "hold": True, "name": "Tom"}, "created")
    code, token = created["table"], created["tokens"]["0"]
    me.send({"type": "join", "table": code, "seat": 0, "token": token})
    friend = Peer(server.url, 1, cactus=True)
    claimed = friend.ask({"type": "claim", "table": code, "name": "Ann"}, "claimed")
    friend.send({"type": "join", "table": code, "seat": claimed["seat"], "token": claimed["token"]})
    until(lambda: me.link is not None and me.link.active and friend.link is not None
          and friend.link.match is not None, [me, friend])
    assert me.link is not None and me.link.match is not None
    Bot().act(me.link.match)
    me.pump()
    return TwoSeated(me, friend, code, token)


def steps_away(two: TwoSeated, kind: str) -> None:
    """Tom at a card table sends ``kind`` ("leave" or "resign"): the server confirms it for seat 0 (answer "left"
    or "resigned", the seat's state from then on), Ann hears it, and a bot takes Tom's decision at once."""
    state = {"leave": "left", "resign": "resigned"}[kind]
    assert two.tom.ask({"type": kind}, state) == {"type": state, "table": two.code, "seat": 0}
    until(lambda: two.ann.states().get(0) == state, [two.ann], what=f"Ann to hear Tom's seat {state}")
    assert two.ann.presences[-1]["seats"][0] == {"seat": 0, "name": "Tom", "kind": "remote", "state": state,
                                                 "bot_in": None}
    moved = two.ann.reply("state")  # no wait for the seat timeout
    assert two.first is not None and moved["view"]["log_size"] > two.first["view"]["log_size"]
