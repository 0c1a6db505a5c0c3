"""A Cactus seat that runs no physics (the browser's page, game/net/web/cactus.js) plays from the table's bodies
alone: it sends the stream's entries built from the pointer (moves relative to the pointer the last bodies told, the
time passed as steps, the hand's calls), one input message at a time, and each accepted message is answered with
the bodies the table made. The table decides everything (C-T1, C-T2, C-X1, C-X4); a refused call names its reason
and leaves the table unchanged."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cactus.bots.simple import Bot
from game.net.server import cactus_table
from game.net.server.room_table import BODY_WATCHERS, TableError
from game.replay.cactus import QUANTUM

SEAT = 0


class PageSeat:
    """What the page knows and sends: the last bodies, nothing else of the game."""

    def __init__(self, table: cactus_table.CactusTable) -> None:
        self.table = table
        self.bodies = self.heard(table.join(SEAT))
        self.answers: list[dict[str, Any]] = []

    @staticmethod
    def heard(deliveries: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
        found = [m for audience, m in deliveries if audience == BODY_WATCHERS]
        assert found, "every accepted input is answered with the bodies"
        return json.loads(json.dumps(found[-1]))  # as the wire carries it

    def send(self, items: list[Any]) -> dict[str, Any]:
        before = self.bodies
        message = {"type": "input", "turn": before["turn"], "seq": before["seq"], "items": items}
        self.bodies = self.heard(self.table.act(SEAT, message))
        self.answers.append(self.bodies)
        return self.bodies

    def move(self, x: float, y: float, steps: int = 1) -> dict[str, Any]:
        """The pointer to (x, y) mm and ``steps`` steps of 0.01 s, as one frame of the page sends them."""
        q = (round(x * QUANTUM), round(y * QUANTUM))
        dx, dy = q[0] - self.bodies["pointer"][0], q[1] - self.bodies["pointer"][1]
        return self.send([*([[dx, dy]] if dx or dy else []), ["s", steps, 0.01]])


def table_of(seed: int = 11) -> cactus_table.CactusTable:
    return cactus_table.create({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "seed": seed,
                                "start_player": 0})


def state(table: cactus_table.CactusTable) -> str:
    return json.dumps(table.to_dict(), sort_keys=True)


def place(page: PageSeat) -> None:
    """Hold the piece above a good drop point (the bot's), drag it down, let go, wait until it rests."""
    x, y, angle = Bot().plan(page.table.match)
    if angle:
        page.send([["o", angle]])  # the piece in the hand turns before it is held
    page.send([["n", x, y + 40.0]])
    assert page.bodies["stage"] == "holding" and page.bodies["held"] == page.bodies["piece"]
    hand = page.bodies["hand"]  # C-X1: the ring around the fingers must touch neither a cactus nor a piece
    assert hand["grip"] == pytest.approx([x, y + 40.0], abs=0.01) and hand["ring"] > 0 and hand["touching"] is False
    for k in range(1, 21):
        page.move(x, y + 40.0 - 2.0 * k, steps=2)
    page.send([["l"]])
    assert page.bodies["hand"] is None  # let go: no hand
    for _ in range(2000):
        if page.bodies["stage"] != "settling":
            break
        page.move(x, y, steps=3)


def test_a_seat_without_physics_plays_its_first_turn_from_the_bodies_alone() -> None:
    """C-T1: the first turn takes any basic piece, with no roll; the table holds, drags and judges it (C-X1, C-X4)."""
    page = PageSeat(table_of())
    first = page.bodies
    assert first["active"] == SEAT and first["stage"] == "choose" and first["first_turn"] is True
    assert first["face"] is None and first["wanted"] == ["any", None] and first["allowed"]
    assert first["pointer"] == [0, 0] and first["target"] is None and first["can_confirm"] is False
    page.send([["t", first["allowed"][0]]])
    assert page.bodies["stage"] == "in_hand" and page.bodies["piece"] == first["allowed"][0]
    place(page)
    assert page.bodies["stage"] == "judged"
    assert page.bodies["can_confirm"] is (not page.bodies["violations"])
    assert page.bodies["can_confirm"], page.bodies["violations"]
    seqs = [b["seq"] for b in page.answers]
    assert seqs == list(range(first["seq"] + 1, first["seq"] + 1 + len(seqs)))  # one answer per message
    page.send([["c"]])
    assert page.bodies["turn"] > first["turn"] and page.bodies["active"] == 1  # the bot's turn now


def test_the_bodies_tell_the_roll_what_it_allows_and_the_target_cactus() -> None:
    """C-T2: after the first turn the die is rolled; its face, the pieces it allows and the cactus the piece must
    hang on (clockwise after the last) are in the bodies."""
    table = table_of()
    page = PageSeat(table)
    page.send([["t", page.bodies["allowed"][0]]])
    place(page)
    page.send([["c"]])
    while table.bot_due():
        table.bot_move()
    page.bodies = PageSeat.heard(table.join(SEAT))
    assert page.bodies["active"] == SEAT and page.bodies["stage"] == "roll" and page.bodies["first_turn"] is False
    page.send([["r"]])
    m = table.match
    assert m.rules.turn.roll is not None and page.bodies["face"] == m.rules.turn.roll.value
    assert page.bodies["target"] == m.rules.target_cactus() is not None
    if page.bodies["stage"] == "choose":
        assert page.bodies["allowed"] == m.allowed() and page.bodies["wanted"] == list(m.rules.wanted())
    else:  # one piece fits: taken at once
        assert page.bodies["stage"] == "in_hand" and page.bodies["allowed"] == []


def test_a_refused_hold_names_its_reason_and_changes_nothing() -> None:
    """C-X1: a piece is held only in free space; a press on a cactus is refused with its reason, for the page's
    words, and the table is as it was."""
    page = PageSeat(table_of())
    page.send([["t", page.bodies["allowed"][0]]])
    cactus = page.table.match.world
    before = state(page.table)
    x, y = next((x, y) for x in range(0, 1700, 5) for y in range(40, 400, 5)
                if (cactus.what_is_at((float(x), float(y))) or ("",))[0] == "cactus")
    with pytest.raises(TableError) as refused:
        page.send([["n", float(x), float(y)]])
    assert refused.value.code == "illegal" and refused.value.extra == {"reason": "on_cactus"}
    assert refused.value.reply()["reason"] == "on_cactus"
    assert state(page.table) == before


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.floats(-60, 60), st.floats(-30, 60)), min_size=1, max_size=12))
def test_the_bodies_pointer_is_where_the_page_last_put_it(path: list[tuple[float, float]]) -> None:
    """Whatever way the pointer goes, the pointer the bodies tell is the page's last one (in 1/100 mm), so moves
    relative to it never drift; the held piece follows the hand."""
    page = PageSeat(table_of(3))
    page.send([["t", page.bodies["allowed"][0]]])
    start = (850.0, 520.0)  # high above every cactus
    page.send([["n", *start]])
    for dx, dy in path:
        x, y = start[0] + dx, start[1] + dy
        page.move(x, y)
        assert page.bodies["pointer"] == [round(x * QUANTUM), round(y * QUANTUM)]
    for _ in range(40):
        page.move(*start, steps=2)
    held = next(p for p in page.bodies["pieces"] if p[0] == page.bodies["held"])
    assert math.dist(held[1:3], start) < 15.0  # the hand brought it back near the pointer
