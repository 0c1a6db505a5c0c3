"""The link's health as a table screen shows it (game.net.client.link_watch): whatever the connection does and
whenever, what is shown is one of the allowed states, a reconnect countdown never passes the 5 s cap, and the
player is asked (keep waiting, or back to the lobby) only after 10 s without a word from the server."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from game.net.client.connection import STATUSES
from game.net.client.link_watch import ASK_AFTER, RETRY_CAP, SHOWN, LinkWatch, retry_wait

EVENTS = st.lists(st.tuples(
    st.floats(min_value=-5.0, max_value=30.0) | st.just(math.nan),  # time step (a clock may even go back)
    st.sampled_from([*STATUSES, "nonsense"]),
    st.booleans(),  # heard from the server
    st.floats(allow_nan=True, allow_infinity=True),  # the connection's reconnect_in
    st.booleans(),  # the player chose to keep waiting
), max_size=60)


@given(EVENTS)
def test_whatever_happens_the_shown_state_is_allowed_the_wait_capped_and_the_question_after_ten_seconds(
        events: list[tuple[float, str, bool, float, bool]]) -> None:
    watch = LinkWatch()
    now = contact = 100.0
    watch.see(now, "connecting")  # the watch starts counting here
    for step, status, heard, retry_in, keep in events:
        opened = status == "open" and watch.view.shown not in ("open", "quiet")
        view = watch.see(now + step, status, heard=heard, retry_in=retry_in)
        assert watch.now is not None and math.isfinite(watch.now)
        if math.isfinite(step):
            now = max(now, now + step)  # a time before the last one counts as the last one
        if contact is None or heard or opened:
            contact = now
        assert view.shown in SHOWN
        assert 0.0 <= view.retry_in <= RETRY_CAP
        if view.ask:
            assert now - contact >= ASK_AFTER and view.shown in ("connecting", "quiet", "lost")
        if view.live:
            assert status == "open"
        if keep:
            watch.keep_waiting()
            assert not watch.view.ask


@given(st.integers(min_value=-3, max_value=10 ** 6))
def test_no_reconnect_wait_passes_the_cap(attempt: int) -> None:
    assert 0 < retry_wait(attempt) <= RETRY_CAP


def test_the_waits_grow_to_the_cap_and_stay_there() -> None:
    assert [retry_wait(n) for n in range(6)] == [1.0, 2.0, 4.0, 5.0, 5.0, 5.0]


def test_a_drop_shows_at_once_with_its_countdown_and_the_question_comes_after_ten_silent_seconds() -> None:
    watch = LinkWatch()
    assert watch.see(0.0, "open").shown == "open"
    view = watch.see(1.0, "reconnecting", retry_in=3.2)
    assert (view.shown, view.retry_in, view.ask) == ("lost", 3.2, False)
    assert not watch.see(9.9, "reconnecting", retry_in=1.0).ask  # 9.9 s since the last contact
    assert watch.see(10.0, "reconnecting", retry_in=1.0).ask


def test_keep_waiting_holds_the_question_back_until_the_server_answers_again() -> None:
    watch = LinkWatch()
    watch.see(0.0, "open")
    assert watch.see(12.0, "reconnecting", retry_in=2.0).ask
    watch.keep_waiting()
    assert not watch.see(60.0, "reconnecting", retry_in=2.0).ask
    assert watch.see(61.0, "open").shown == "open"  # back: a new connection is contact
    assert watch.see(62.0, "reconnecting", retry_in=1.0).shown == "lost"
    assert watch.see(72.0, "reconnecting", retry_in=1.0).ask  # a new outage asks again


def test_an_open_connection_that_says_nothing_turns_quiet_then_asks() -> None:
    watch = LinkWatch()
    watch.see(0.0, "open")
    assert watch.see(3.0, "open", heard=True).shown == "open"
    assert watch.see(8.0, "open").shown == "quiet"
    assert not watch.see(12.9, "open").ask
    assert watch.see(13.0, "open").ask
    assert watch.see(13.5, "open", heard=True).shown == "open"


def test_a_server_that_closed_for_good_is_gone_and_no_countdown_runs() -> None:
    watch = LinkWatch()
    watch.see(0.0, "open")
    view = watch.see(1.0, "failed", retry_in=4.0)
    assert (view.shown, view.retry_in, view.live) == ("gone", 0.0, False)


def test_a_time_that_is_not_a_time_counts_as_the_last_one() -> None:
    watch = LinkWatch()
    assert watch.see(math.nan, "open").shown == "connecting" and watch.now is None  # nothing to count from
    watch.see(5.0, "open")
    assert watch.see(math.inf, "reconnecting", retry_in=1.0).silent_for == 0.0 and watch.now == 5.0
