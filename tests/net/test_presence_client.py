"""Who is at a remote table, on the client: the server's ``presence`` read defensively (a malformed or hostile one
is ignored whole, never an exception), kept with the time it came so an absent player's wait counts down here,
said in plain words; the card table's and the Cactus link's ends keep it, and the card table's resign."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from helpers_link import ScriptedLink

from game.i18n import t
from game.net.client.cactus_link import CactusLink
from game.net.client.presence import (
    KINDS,
    STATES,
    UNKNOWN,
    WORD_KEYS,
    PresenceBoard,
    clock,
    not_seated,
    parse,
    seat_lines,
    seat_words,
    turn_words,
    word_key,
)
from game.net.client.remote_cards import RemoteTable

GOOD: dict[str, Any] = {"type": "presence", "table": "K7QX-2M9P", "seats": [
    {"seat": 0, "name": "Tom", "kind": "remote", "state": "here", "bot_in": None},
    {"seat": 1, "name": "Anna", "kind": "remote", "state": "away", "bot_in": 102.5},
    {"seat": 2, "name": None, "kind": "bot", "state": "bot", "bot_in": None},
    {"seat": 3, "name": "Ben", "kind": "remote", "state": "waiting", "bot_in": None},
]}


def good(**seat1: Any) -> dict[str, Any]:
    message = copy.deepcopy(GOOD)
    message["seats"][1].update(seat1)
    return message


def test_a_good_presence_is_read_seat_by_seat() -> None:
    presence = parse(GOOD)
    assert presence is not None and presence.table == "K7QX-2M9P"
    assert [(e.seat, e.name, e.kind, e.state, e.bot_in) for e in presence.seats] == [
        (0, "Tom", "remote", "here", None), (1, "Anna", "remote", "away", 102.5), (2, None, "bot", "bot", None),
        (3, "Ben", "remote", "waiting", None)]


@pytest.mark.parametrize("message", [
    None, [], "presence", {"type": "presence"}, {**GOOD, "type": "state"}, {**GOOD, "table": 7},
    {**GOOD, "seats": {}}, {**GOOD, "seats": []}, {**GOOD, "seats": [GOOD["seats"][0]] * 17},
    {**GOOD, "seats": [GOOD["seats"][0], GOOD["seats"][0]]},  # a seat twice
    {**GOOD, "seats": [*GOOD["seats"], "seat 4"]},
    good(seat=True), good(seat=-1), good(seat=1.0), good(seat="1"), good(seat=99),
    good(kind="person"), good(state="gone"), good(state=None), good(name=5), good(name=["A"]),
    good(bot_in=-1), good(bot_in="soon"), good(bot_in=True), good(bot_in=float("nan")), good(bot_in=float("inf")),
], ids=lambda m: repr(m)[:60])
def test_a_malformed_presence_is_ignored_whole(message: Any) -> None:
    board = PresenceBoard()
    assert board.receive(GOOD, now=0.0)
    assert parse(message) is None
    assert not board.receive(message, now=1.0)
    assert board.current == parse(GOOD) and board.received == 0.0 and board.changes == 1  # the good one stays


def test_names_are_cleaned_and_cut_and_a_huge_wait_is_no_countdown() -> None:
    presence = parse(good(name="  An\x00na\n  the\tGreat " + "x" * 60, bot_in=10 ** 9))
    assert presence is not None
    entry = presence.get(1)
    assert entry is not None and entry.name is not None
    assert entry.name.startswith("Anna the Great") and len(entry.name) == 24
    assert entry.bot_in is None
    assert parse(good(name="\x07\x08  ")).get(1).name is None  # type: ignore[union-attr]


def test_the_wait_counts_down_from_when_the_presence_came() -> None:
    board = PresenceBoard("K7QX-2M9P")
    assert board.receive(GOOD, now=100.0)
    assert board.bot_in(1, 100.0) == 102.5
    assert board.bot_in(1, 160.0) == pytest.approx(42.5)
    assert board.bot_in(1, 500.0) == 0.0
    assert board.bot_in(0, 160.0) is None and board.bot_in(9, 160.0) is None
    assert [clock(s) for s in (102.5, 60, 59.01, 0.2, 0)] == ["1:43", "1:00", "1:00", "0:01", "0:00"]


def test_a_presence_taken_without_a_clock_counts_from_the_first_stamp() -> None:
    board = PresenceBoard()
    board.receive(GOOD)
    assert board.received is None and board.bot_in(1, 50.0) == 102.5
    board.stamp(50.0)
    board.stamp(80.0)  # only the first stamp counts
    assert board.bot_in(1, 80.0) == pytest.approx(72.5)


def test_another_table_s_presence_is_not_this_one_s() -> None:
    board = PresenceBoard("AAAA-BBBB")
    assert not board.receive(GOOD, now=0.0) and board.current is None
    assert PresenceBoard("k7qx 2m9p").receive(GOOD, now=0.0)  # the same code, however it is written


def test_every_seat_in_plain_words() -> None:
    board = PresenceBoard()
    assert seat_lines(board, 0.0, 4, 0) == []  # nothing said before the server said it
    board.receive(GOOD, now=0.0)
    lines = seat_lines(board, 30.0, 4, 0, ["Player 1", "Player 2", "Saguaro", "Player 4"])
    assert [(line.name, line.you, line.tone, line.text) for line in lines] == [
        ("Tom", True, "ok", t("presence.here")),
        ("Anna", False, "away", t("presence.away_bot_in", time="1:13")),
        ("Saguaro", False, "bot", t("presence.bot")),
        ("Ben", False, "wait", t("presence.waiting"))]
    assert "1:13" in lines[1].text and "bot" in lines[1].text
    taken = PresenceBoard()
    taken.receive(good(state="bot", bot_in=None), now=0.0)
    assert seat_lines(taken, 0.0, 2, None)[1].text == t("presence.taken", name="Anna") == "a bot plays for Anna"
    back = PresenceBoard()
    back.receive(good(state="returning", bot_in=None), now=0.0)
    assert seat_lines(back, 0.0, 2, None)[1].text == t("presence.returning")
    unnamed = PresenceBoard()
    unnamed.receive(good(name=None), now=0.0)
    assert seat_lines(unnamed, 0.0, 2, None)[1].name == "Player 2"  # no name anywhere: "Player N"


def test_the_turn_of_a_seat_nobody_plays_from_there_is_said() -> None:
    board = PresenceBoard()
    board.receive(GOOD, now=0.0)
    assert turn_words(board, 0, "Tom", 1.0) is None  # here
    assert turn_words(board, 2, "Saguaro", 1.0) is None  # a bot seat from the start
    assert turn_words(board, 1, "Anna", 2.0) == t("presence.turn.away_bot_in", name="Anna", time="1:41")
    assert turn_words(board, 1, "Anna", 200.0) == t("presence.turn.away_now", name="Anna")
    assert turn_words(board, 3, "Ben", 1.0) == t("presence.turn.waiting", name="Ben")
    assert not_seated(board, 0) == ["Ben"] and not_seated(board, 3) == []




def test_the_card_table_keeps_the_last_good_presence_whoever_passes_the_messages_on() -> None:
    link = ScriptedLink()
    remote = RemoteTable(link, "K7QX-2M9P", 0)
    remote.session.receive(GOOD)  # the lobby hands what came after "joined" to the session
    assert remote.presence.current == parse(GOOD)
    link.inbox += [{"type": "presence", "table": "K7QX-2M9P", "seats": "all"}, good(state="here", bot_in=None)]
    remote.pump()
    entry = remote.presence.get(1)
    assert entry is not None and entry.state == "here" and remote.presence.changes == 2


def test_the_card_table_s_resign_waits_for_the_server_s_word() -> None:
    link = ScriptedLink()
    remote = RemoteTable(link, "K7QX-2M9P", 0)
    remote.resign()
    assert link.sent == [{"type": "resign"}] and remote.resigning and not remote.resigned
    link.inbox.append({"type": "error", "code": "not_joined", "message": "this connection holds no seat"})
    remote.pump()
    assert not remote.resigning and not remote.resigned and remote.resign_error == "this connection holds no seat"
    remote.resign()
    assert remote.resign_error is None
    link.inbox.append({"type": "resigned", "table": "K7QX-2M9P", "seat": 0})
    remote.pump()
    assert remote.resigned and not remote.resigning


def test_the_cactus_link_keeps_presence_and_the_resign_answer() -> None:
    link = CactusLink(1)
    link.receive(GOOD)
    link.receive({"type": "presence", "table": "K7QX-2M9P", "seats": [{"seat": "x"}]})
    assert link.presence.current == parse(GOOD) and not link.errors
    link.receive({"type": "resigned", "table": "K7QX-2M9P", "seat": 1})
    assert link.resigned


def test_a_seat_a_bot_finishes_the_turn_of_is_watched_not_played_here() -> None:
    """A player back at a seat a bot took over ("returning"): the running turn is the bot's, so this copy takes no
    input of its own and plays what the table relays for that seat; the seat is theirs from the next turn."""
    from game.net.server import cactus_table

    table = cactus_table.create({"type": "create", "room": "cactus", "seats": ["remote", "bot"], "seed": 2,
                                 "start_player": 1})
    link = CactusLink(1)
    for _, message in table.join(1):
        link.receive(json.loads(json.dumps(message)))
    assert link.match is not None and link.current == 1
    assert not link.active and link.status == "watching" and link.capture is None
    relayed = []
    for _ in range(200):
        if relayed or not table.bot_due():
            break
        relayed = [m for _, m in table.bot_move() if m.get("type") == "input" and m.get("seat") == 1]
    assert relayed
    link.receive(json.loads(json.dumps(relayed[0])))
    assert link.seq == 1 and not link.errors and not link.sync_wanted  # the bot's input for this seat, played


# -- one function for a seat's words ----------------------------------------------------------------------------
def _every_seat_words() -> list[tuple[str, str, bool, bool, float | None, bool]]:
    cases = []
    for state in STATES:
        for kind in KINDS:
            for you in (False, True):
                for turn in (False, True):
                    for bot_in in ((None, 0.0, 75.0) if state == "away" else (None,)):
                        for over in (False, True):
                            cases.append((state, kind, you, turn, bot_in, over))
    return cases


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_seat_state_has_words_in_english_and_german_and_never_a_key_or_a_rule_id(lang: str) -> None:
    """Every state of the wire (waiting, here, away, left, bot, returning, resigned) has its own words, for this
    player's seat and another's, on its turn and off it: a catalogue entry in both languages (a missing one would
    show its key), no rule ID."""
    from game.i18n import catalogue

    keys = catalogue(lang)
    for state, kind, you, turn, bot_in, over in _every_seat_words():
        key = word_key(state, kind=kind, bot_in=bot_in, over=over)
        assert key in WORD_KEYS
        who = "you." if you else ""
        marks = [] if key == "here" else [f"presence.mark.{key}"]  # a person here carries no mark
        for name in (f"presence.{who}{key}", f"presence.short.{key}", *marks,
                     f"presence.{'turn' if turn else 'line'}.{who}{key}"):
            assert name in keys, name
        words = seat_words(state, "Ben", bot_in=bot_in, you=you, turn=turn, kind=kind, over=over)
        assert bool(words.mark) == (key != "here")
        assert words.tone in ("ok", "away", "bot", "wait") and words.text and words.short and words.line
        for text in (words.text, words.short, words.mark, words.line):
            assert "presence." not in text and not re.search(r"\b[A-Z]{1,2}-[A-Z0-9]+\d\b", text), text
    assert {k for k in keys if k.startswith("presence.")} == {
        k for k in catalogue("en" if lang == "de" else "de") if k.startswith("presence.")}


def test_a_countdown_is_shown_only_while_presence_is_live() -> None:
    board = PresenceBoard()
    board.receive(good(), now=0.0)
    live = seat_lines(board, 10.0, 4, 0)[1]
    stale = seat_lines(board, 10.0, 4, 0, live=False)[1]
    assert live.text == seat_words("away", "Anna", bot_in=92.5).text and "1:33" in live.text
    assert stale.text == seat_words("away", "Anna", live=False).text and ":" not in stale.short + stale.text
    assert turn_words(board, 1, "Anna", 10.0, live=False) is None  # the link's news says why, not a stale state


@pytest.mark.parametrize("lang", ["en", "de"])
def test_stale_presence_claims_nothing_of_any_seat(lang: str) -> None:
    """While the link is not live (rule: no words on any screen run on stale data), no seat is said to be here,
    away or a bot's, and nothing is green: every state gives the same grey "not known" words, in both languages."""
    from game.i18n import catalogue, get_language, set_language

    keys = catalogue(lang)
    for name in ("presence.unknown", "presence.short.unknown", "presence.line.unknown"):
        assert name in keys, name
    was = get_language()
    set_language(lang)
    try:
        for state, kind, you, turn, bot_in, over in _every_seat_words():
            words = seat_words(state, "Ben", bot_in=bot_in, you=you, turn=turn, kind=kind, live=False, over=over)
            assert words == seat_words("here", "Ben", live=False)  # the state it had says nothing any more
            assert words.tone == UNKNOWN and words.mark == "" and words.text == t("presence.unknown")
            assert words.line == t("presence.line.unknown", name="Ben")
            assert t("presence.here") not in words.text.split() and ":" not in words.short
    finally:
        set_language(was)
    board = PresenceBoard()
    board.receive(good(state="here", bot_in=None), now=0.0)
    lines = seat_lines(board, 1.0, 4, 0, live=False, turn=1)
    assert lines and all(line.tone == UNKNOWN and line.text == t("presence.unknown") for line in lines)


def test_a_paused_table_s_waits_stand_still() -> None:
    board = PresenceBoard()
    board.receive({**good(), "state": "paused"}, now=0.0)
    assert board.table_state == "paused" and board.bot_in(1, 500.0) == 102.5
    assert parse({**good(), "state": "sleeping"}) is None  # not a table's life state: the message is bad


def test_the_panel_the_banner_and_the_marks_say_the_same_of_a_seat() -> None:
    """The words of one seat come from one function: the strip's line, the turn banner and the label's mark agree
    (a seat shown as a bot's beside "back from the next turn" cannot happen)."""
    board = PresenceBoard()
    message = good(state="returning", bot_in=None)
    board.receive(message, now=0.0)
    line = seat_lines(board, 1.0, 4, 0, turn=1)[1]
    words = seat_words("returning", "Anna", turn=True)
    assert (line.tone, line.text, line.short, line.mark, line.line) == (
        words.tone, words.text, words.short, words.mark, words.line)
    assert turn_words(board, 1, "Anna", 1.0) == words.line


def test_at_a_finished_table_a_person_away_or_gone_is_only_not_at_the_table() -> None:
    """Once the game is over nothing waits for a seat and no bot plays for it: the words say neither."""
    board = PresenceBoard()
    board.receive({**good(state="away", bot_in=None), "state": "over"}, now=0.0)
    lines = seat_lines(board, 0.0, 4, 0)
    assert (lines[1].text, lines[1].mark, lines[1].line) == (
        "not at the table", "not here", "Anna is not at the table.")
    gone = PresenceBoard()
    gone.receive({**good(state="left", bot_in=None), "state": "over"}, now=0.0)
    assert seat_lines(gone, 0.0, 4, 0)[1].text == "not at the table"
    playing = PresenceBoard()
    playing.receive({**good(state="away", bot_in=None), "state": "playing"}, now=0.0)
    assert seat_lines(playing, 0.0, 4, 0)[1].text == t("presence.away")
