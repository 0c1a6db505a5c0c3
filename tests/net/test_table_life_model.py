"""The pure models of a table's life and a seat's state (docs/design.md, "Remote play": presence and table life):
every combination of facts gives exactly one of the wire's states, and the states say what the facts are."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.net.server import presence, table_life
from game.net.server.table_life import TableFacts

SEAT_STATES = {"waiting", "here", "away", "left", "bot", "returning", "resigned"}
LIFE_STATES = {"waiting", "playing", "paused", "over"}


@st.composite
def table_facts(draw: st.DrawFn) -> TableFacts:
    persons = draw(st.integers(0, 6))
    return TableFacts(over=draw(st.booleans()), persons=persons, unsat=draw(st.integers(0, persons)),
                      connected=draw(st.integers(0, persons)))


seat_facts = st.builds(presence.SeatFacts, seat=st.integers(0, 5), person=st.booleans(),
                       name=st.none() | st.text(max_size=5), held=st.booleans(), sat=st.booleans(),
                       bot_now=st.booleans(), over=st.booleans(),
                       bot_in=st.none() | st.floats(-5, 500, allow_nan=False), left=st.booleans(),
                       resigned=st.booleans())


def test_the_wire_names_the_same_states_as_the_models() -> None:
    assert set(presence.STATES) == SEAT_STATES
    assert set(table_life.LIFE_STATES) == LIFE_STATES


@given(table_facts())
def test_every_table_is_in_one_life_state_and_stands_still_iff_nobody_is_at_a_table_of_people(
        facts: TableFacts) -> None:
    state = table_life.state_of(facts)
    assert state in LIFE_STATES
    still = table_life.stands_still(facts)
    assert still == (not facts.over and facts.persons > 0 and facts.connected == 0)
    assert (state == "over") == facts.over
    if state == "paused":
        assert still  # paused: nothing moves
    if still and facts.unsat == 0:
        assert state == "paused"
    if facts.persons == 0:
        assert not still  # a table of bots only plays as it always did
    if state == "playing":
        assert not still and facts.unsat == 0


@given(seat_facts)
def test_every_seat_is_in_one_state_that_follows_its_facts(facts: presence.SeatFacts) -> None:
    entry = presence.entry(facts)
    state = entry["state"]
    assert state in SEAT_STATES
    assert entry["kind"] == ("remote" if facts.person else "bot")
    if not facts.person:
        assert state == "bot"
    elif facts.resigned:
        assert state == "resigned"
    elif facts.held:
        assert state in ("here", "returning")
        assert (state == "returning") == (facts.bot_now and not facts.over)
    elif facts.left:
        assert state == "left"
    else:
        assert state == ("bot" if facts.bot_now else "away" if facts.sat else "waiting")
    # only a seat that waits for its player counts down, and never below zero
    assert entry["bot_in"] is None or (state == "away" and entry["bot_in"] >= 0)
