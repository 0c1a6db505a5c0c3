"""The piles while a whole turn's cards fly (a bot's turn over the network comes in one message): a pile leaves
out the cards still flying to it, but a card that has yet to leave a pile still lies there, so the hand, the
discard and the deck never all read 0 in the frame the turn arrives, and no pile shows cards the state does not
hold."""

from __future__ import annotations

import pygame
from hypothesis import given
from hypothesis import strategies as st

from game.artischocken.table.flights import FLIGHT_TIME, Flight, arriving

HAND, DISCARD, DECK = ("hand", 0), ("discard", 0), ("deck", 0)
R = pygame.Rect(0, 0, 10, 14)


def flight(origin: tuple[str, int | None], dest: tuple[str, int | None], delay: float) -> Flight:
    return Flight(None, ("flight", None), R.copy(), R.copy(), delay, dest=dest, origin=origin)


def discard_shuffle_draw() -> list[Flight]:
    """Five cards discarded from the hand, the discard shuffled into the empty deck, five drawn again."""
    return ([flight(HAND, DISCARD, 0.1 * i) for i in range(5)]
            + [flight(DISCARD, DECK, 1.0 + 0.1 * i) for i in range(5)]
            + [flight(DECK, HAND, 2.0 + 0.1 * i) for i in range(5)])


def test_the_piles_do_not_all_read_zero_in_the_frame_a_whole_turn_arrives() -> None:
    flights = discard_shuffle_draw()
    final = {HAND: 5, DISCARD: 0, DECK: 0}  # the state, once the turn is played
    shown = {zone: max(0, n - arriving(flights, zone)) for zone, n in final.items()}
    assert shown[HAND] == 4  # the first discard is in the air; the hand holds the four yet to fly (never 0)


def test_cards_flying_to_a_pile_are_left_out_until_they_land() -> None:
    flights = discard_shuffle_draw()
    for f in flights:
        f.t = 2.0 + FLIGHT_TIME / 2  # the discards landed long ago, the shuffle is landing, the draw under way
    in_play = [f for f in flights if not f.done]
    assert arriving(in_play, HAND) == 5  # all five drawn cards are in the air or yet to leave the deck
    assert arriving(in_play, DISCARD) == 0


@given(st.lists(st.tuples(st.sampled_from([HAND, DISCARD, DECK]), st.sampled_from([HAND, DISCARD, DECK]),
                          st.floats(0, 3)), max_size=20), st.floats(0, 5))
def test_a_pile_never_shows_more_than_the_state_holds(moves: list[tuple[tuple[str, int], tuple[str, int], float]],
                                                      now: float) -> None:
    flights = [flight(a, b, d) for a, b, d in moves]
    for f in flights:
        f.t = now
    for zone in (HAND, DISCARD, DECK):
        assert 0 <= arriving(flights, zone) <= sum(1 for f in flights if f.dest == zone)
