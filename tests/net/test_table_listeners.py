"""A table makes only what somebody hears: the spectators' state of a card table, a Cactus table's bodies. The
server tells the table who hears what whenever that changes; a spectator or a page that comes later still gets
the whole state at once and every change after it (A-G2: what it gets is the spectators' view)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from game.net import wire
from game.net.server import cactus_table, registry
from game.net.server.room_table import BODY_WATCHERS, SPECTATORS

from .netserver import Client, ServerProcess, create, join


def card_act(table: Any, rng: random.Random) -> list[tuple[int, dict[str, Any]]]:
    actor = table.game.current_player
    return table.act(actor, {"type": "act", "action": wire.action_to_json(rng.choice(table.game.legal_actions()))})


def test_a_card_table_makes_the_spectators_state_only_while_somebody_watches() -> None:
    table = registry.create({"type": "create", "room": "artischocken", "seats": ["remote", "remote"], "seed": 3})
    rng = random.Random(3)
    assert SPECTATORS in {audience for audience, _ in card_act(table, rng)}  # until told, as ever
    table.listeners(False, False)
    assert SPECTATORS not in {audience for audience, _ in card_act(table, rng)}
    [(audience, state)] = table.join(None)  # a spectator comes: the whole public state at once
    assert audience == SPECTATORS and state["log_from"] == 0 and state["view"]["seat"] is None
    table.listeners(True, False)
    after = dict(card_act(table, rng))
    assert after[SPECTATORS]["view"]["hand"] == [] and after[SPECTATORS]["log_from"] > 0


def test_a_cactus_table_makes_its_bodies_only_while_somebody_asked_for_them() -> None:
    table = cactus_table.create({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "seed": 5,
                                 "start_player": 0})
    take = {"type": "input", "turn": table.turn, "items": [["t", table.match.allowed()[0]]]}
    table.listeners(True, False)
    assert BODY_WATCHERS not in {a for a, _ in table.act(0, {**take, "seq": table.batches})}
    assert BODY_WATCHERS in {a for a, _ in table.join(None)}  # a joiner is sent them in any case
    table.listeners(True, True)
    turn = {"type": "input", "turn": table.turn, "seq": table.batches, "items": [["o", 0.5]]}
    assert BODY_WATCHERS in {a for a, _ in table.act(0, turn)}


def test_a_spectator_who_comes_late_follows_every_state_and_one_who_left_is_not_missed(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, "--workers", "1")
    try:
        host = Client(server.url)
        created = create(host, ["remote", "remote"], seed=6)
        code, tokens = created["table"], created["tokens"]
        seats = [Client(server.url) for _ in range(2)]
        states = [join(seats[s], code, s, tokens[str(s)]) for s in range(2)]
        rng = random.Random(6)

        def play(moves: int) -> None:
            for _ in range(moves):
                mover = next((s for s in range(2) if states[s]["legal"]), None)
                if mover is None:
                    return
                seats[mover].send({"type": "act", "action": rng.choice(states[mover]["legal"])})
                for s in range(2):
                    states[s] = seats[s].recv()
                    assert states[s]["type"] == "state", states[s]

        play(6)  # nobody watches: the table makes no spectators' state
        watcher = Client(server.url)
        assert watcher.ask({"type": "watch", "table": code})["type"] == "watching"
        seen = watcher.recv()
        assert seen["type"] == "state" and seen["log_from"] == 0
        log = list(seen["view"]["log"])
        play(6)
        for _ in range(6):
            state = watcher.recv()
            assert state["type"] == "state" and state["log_from"] == len(log)  # nothing missed between
            log += state["view"]["log"]
        watcher.close()
        play(4)  # the table hears it left (it may make a state or two for nobody meanwhile)
        again = Client(server.url)
        assert again.ask({"type": "watch", "table": code})["type"] == "watching"
        whole = again.recv()
        assert whole["log_from"] == 0 and whole["view"]["log"][:len(log)] == log
        for client in (host, *seats, again):
            client.close()
    finally:
        assert server.stop() == 0
    assert "Traceback" not in server.stderr()
