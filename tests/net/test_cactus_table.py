"""Cactus over the wire, in one process (README "Remote play: Cactus over the wire"): the table and its
links end every turn with one world checksum; forged verdicts are corrected; every refused message leaves the
table unchanged; resumed tables, late spectators and seats taken over by a bot stay in step."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cactus.bots.simple import Bot
from game.cactus.match import Match, Stage
from game.net.cactus_stream import MAX_STEPS, blind, flowers_of
from game.net.client.cactus_link import CactusLink
from game.net.server import cactus_table
from game.net.server.room_table import BODY_WATCHERS, SPECTATORS, TableError
from game.replay.cactus import plain
from game.replay.format import checksum

from .helpers_cactus_net import DT, Loop, drag_in, human_turn, wire


def play_turns(loop: Loop, turns: int, **kw: Any) -> None:
    for _ in range(turns):
        if loop.table.is_over:
            return
        seat = loop.table.match.current
        if seat in loop.links:
            human_turn(loop.links[seat], loop.pump, **kw)
        else:
            loop.pump()


def state(table: cactus_table.CactusTable) -> str:
    return json.dumps(table.to_dict(), sort_keys=True)


def assert_in_step(loop: Loop) -> None:
    server = checksum(blind(loop.table.match.to_dict()))  # what is sent is blind: the generator is the table's
    for link in loop.all_links():
        assert link.match is not None and checksum(link.match.to_dict()) == server


def test_two_clients_and_the_server_end_every_turn_with_one_checksum() -> None:
    """Several turns with real drags; both clients, a spectator and the server agree at
    every turn end (the server's checksum comes in its turn_end message)."""
    loop = Loop(["remote", "remote", "bot"], seed=2)
    play_turns(loop, 5)
    ends = loop.server_ends
    assert len(ends) >= 6  # human and bot turns
    for link in loop.all_links():
        assert [(t, s) for t, _, s in link.checks] == ends  # every turn end seen by every client
        assert all(own == server for _, own, server in link.checks)
        assert link.resyncs == 0
    assert_in_step(loop)
    codes = [e[0] if isinstance(e, list) and isinstance(e[0], str) else type(e[0] if isinstance(e, list) else e)
             for _, m in loop.sent for e in m["items"]]
    assert codes.count("n") >= 3 and codes.count("l") >= 3 and codes.count(int) > 50  # drags: grabs, moves, steps
    assert not loop.errors


def test_the_others_see_the_drag_live_entry_by_entry() -> None:
    """While one seat drags, the other seat's and the spectator's copies hold the same piece at the same
    place after every message (not only at the turn end)."""
    loop = Loop(["remote", "remote"], seed=5)
    active = loop.links[loop.table.match.current]
    other = next(link for link in loop.all_links() if link is not active)
    match = active.match
    assert match is not None
    bot = Bot()
    while match.stage in (Stage.ROLL, Stage.CHOOSE):
        bot.act(match)
        loop.pump()  # a roll's face comes from the table's die
    seen: list[tuple[float, float]] = []

    def pump() -> None:
        loop.pump()
        if match.held is not None:
            assert other.match is not None and other.match.held == match.held
            mine, theirs = match.world.pose(match.held), other.match.world.pose(match.held)
            assert mine == theirs
            seen.append(theirs[:2])

    drag_in(match, bot, pump, steps_per_pump=1)
    assert len(seen) >= 30 and len(set(seen)) >= 20  # it moved, and the other copy moved with it


def test_a_forged_verdict_is_corrected_and_changes_nothing() -> None:
    """A client that gives itself flowers on its own copy claims them at its confirm; the
    server answers ``resync``, its state is the honest game's, and the client is rebuilt from it."""
    honest, forged = Loop(["remote", "remote"], seed=3), Loop(["remote", "remote"], seed=3)
    for loop, forge in ((honest, False), (forged, True)):
        seat = loop.table.match.current
        human_turn(loop.links[seat], loop.pump, forge=forge)
    assert forged.server_ends == honest.server_ends
    assert state(forged.table) == state(honest.table)
    cheat = forged.links[1 - forged.table.match.current]
    assert cheat.resyncs == 2  # its claim answered, and its own check at the turn end
    assert [n["type"] for n in cheat.notices] == ["resync"]
    assert cheat.checks[-1][1] != cheat.checks[-1][2]
    assert_in_step(forged)  # rebuilt from the server's snapshot
    play_turns(forged, 2)
    assert_in_step(forged)


def test_a_claim_alone_that_lies_changes_nothing() -> None:
    loop = Loop(["remote", "remote"], seed=4)
    seat = loop.table.match.current
    link = loop.links[seat]
    real_outgoing = link.outgoing

    def lying() -> list[dict[str, Any]]:
        out = real_outgoing()
        for m in out:
            if "claim" in m:
                m["claim"] = {"checksum": "0" * 16, "flowers": [99, 99]}
        return out

    link.outgoing = lying  # type: ignore[method-assign]
    human_turn(link, loop.pump)
    replies = [n for n in link.notices if n["type"] == "resync"]
    assert len(replies) == 1 and replies[0]["checksum"] == loop.server_ends[-1][1]
    assert loop.table.match.rules.bank.value(seat) != 99
    assert_in_step(loop)


def active_input(loop: Loop, items: list[Any], seq: int | None = None, **extra: Any) -> dict[str, Any]:
    t = loop.table
    return {"type": "input", "turn": t.turn, "seq": t.batches if seq is None else seq, "items": items, **extra}


def test_input_from_a_seat_whose_turn_it_is_not_is_refused() -> None:
    loop = Loop(["remote", "remote"], seed=1)
    t = loop.table
    before = state(t)
    with pytest.raises(TableError) as err:
        t.act(1 - t.match.current, active_input(loop, [["r"]]))
    assert err.value.code == "not_your_turn" and state(t) == before


@pytest.mark.parametrize(("items", "code"), [
    ([["l"]], "illegal"),  # release with nothing held
    ([["t", "no_such_piece"]], "illegal"),  # the stage: rolling first
    ([["n", 0.0, 0.0]], "illegal"),
    ([["c"]], "illegal"),
    ([], "bad_message"),
    ("r", "bad_message"),
    ([["x"]], "bad_message"),
    ([["!l"]], "bad_message"),  # refused marks are not sent
    ([["R", "0" * 16]], "bad_message"),
    ([3], "bad_message"),  # steps before any dt
    ([["s", 1, 0.5]], "bad_message"),  # dt out of range
    ([["s", MAX_STEPS + 1, 0.01]], "bad_message"),
    ([["s", 1, 0.01], ["r"]], "bad_message"),  # a refusable call not first
    ([["r"], ["c"]], "bad_message"),
    ([["n", 1e9, 0.0]], "bad_message"),
    ([[10**8, 10**8]], "bad_message"),
    ([["o", 1e6]], "bad_message"),
    ([["t", "x" * 100]], "bad_message"),
    ([["s", 1, 0.01]] * 300, "bad_message"),
])
def test_a_refused_input_leaves_the_table_unchanged(items: Any, code: str) -> None:
    loop = Loop(["remote", "remote"], seed=1)
    t = loop.table
    before = state(t)
    with pytest.raises(TableError) as err:
        t.act(t.match.current, active_input(loop, items))
    assert err.value.code == code, err.value.message
    assert state(t) == before


def test_a_refused_call_mid_turn_changes_nothing_and_the_client_resyncs() -> None:
    """A call the server refuses (the client drifted, or lies): illegal, the table unchanged; the client asks
    for the state again and goes on in step."""
    loop = Loop(["remote", "remote"], seed=6)
    t = loop.table
    seat = t.match.current
    link = loop.links[seat]
    assert link.match is not None
    Bot().act(link.match)
    loop.pump()
    before = state(t)
    with pytest.raises(TableError) as err:
        t.act(seat, active_input(loop, [["g", 0.0, 0.0]]))
    assert err.value.code == "illegal" and state(t) == before
    with pytest.raises(TableError) as err:
        t.act(seat, active_input(loop, [["s", 2, 0.01]], seq=t.batches + 1))
    assert err.value.code == "illegal" and "seq" in err.value.message and state(t) == before
    link.receive(err.value.reply())
    assert link.status == "syncing" and {"type": "sync"} in link.outgoing()
    loop.route(t.act(seat, {"type": "sync"}))
    assert link.status == "playing"
    human_turn(link, loop.pump)
    assert_in_step(loop)


_JUNK = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats()
                     | st.sampled_from(["r", "t", "n", "l", "c", "s", "z", "o", "!n", "R", "d", "g"]),
                     lambda inner: st.lists(inner, max_size=4), max_leaves=12)
_COORD = st.floats(-50.0, 900.0)
_PLAUSIBLE = st.one_of(
    st.integers(1, 400), st.tuples(st.just("s"), st.integers(1, 400), st.sampled_from([0.01, 1 / 60, 0.5])).map(list),
    st.tuples(st.integers(-5000, 5000), st.integers(-5000, 5000)).map(list),
    st.sampled_from([["r"], ["l"], ["b"], ["c"], ["z"], ["t", "red_hook"]]),
    st.tuples(st.sampled_from(["n", "g"]), _COORD, _COORD).map(list),
    st.tuples(st.just("d"), _COORD, _COORD, st.floats(-7.0, 7.0)).map(list),
    st.tuples(st.just("o"), st.floats(-3.0, 3.0)).map(list))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_JUNK | _PLAUSIBLE, max_size=6))
def test_any_junk_input_is_a_clear_refusal_or_a_legal_change(items: list[Any]) -> None:
    """Whatever entries come, the table answers TableError (unchanged) or takes them; nothing else escapes."""
    loop = _junk_loop()
    t = loop.table
    before = state(t)
    try:
        t.act(t.match.current, active_input(loop, items))
    except TableError as exc:
        assert exc.code in ("bad_message", "illegal") and state(t) == before
        return
    assert t.batches == 1
    _junk.clear()  # taken: the next example gets a fresh table


_junk: list[Loop] = []


def _junk_loop() -> Loop:
    """One table for the examples (each refused one leaves it as it was)."""
    if not _junk:
        _junk.append(Loop(["remote", "remote"], seed=1, spectators=0))
    return _junk[0]


def test_a_resumed_table_goes_on_exactly_mid_drag() -> None:
    """to_dict is the snapshot and the stream since: a table saved mid-drag and resumed continues with the
    clients' copies, which are not rebuilt."""
    loop = Loop(["remote", "remote", "bot"], seed=7)
    play_turns(loop, 1)
    seat = loop.table.match.current
    link = loop.links[seat]
    match = link.match
    assert match is not None
    bot = Bot()
    while match.stage in (Stage.ROLL, Stage.CHOOSE):
        bot.act(match)
        loop.pump()  # a roll's face comes from the table's die
    saved: list[str] = []

    def pump() -> None:
        loop.pump()
        if not saved and match.held is not None and loop.table.turn_steps > 20:
            saved.append(json.dumps(loop.table.to_dict()))
            loop.table = cactus_table.resume(json.loads(saved[0]))  # the server restarted

    drag_in(match, bot, pump, steps_per_pump=2)
    assert saved
    human_turn(link, loop.pump)
    play_turns(loop, 2)
    assert all(own == server for link in loop.all_links() for _, own, server in link.checks)
    assert_in_step(loop)


def test_a_spectator_joining_mid_drag_gets_the_snapshot_and_the_stream() -> None:
    loop = Loop(["remote", "remote"], seed=8, spectators=0)
    seat = loop.table.match.current
    match = loop.links[seat].match
    assert match is not None
    bot = Bot()
    while match.stage in (Stage.ROLL, Stage.CHOOSE):
        bot.act(match)
        loop.pump()  # a roll's face comes from the table's die
    late = CactusLink(None)

    def pump() -> None:
        loop.pump()
        if not loop.watchers and loop.table.turn_steps > 15:
            (audience, message), (bodies, _) = loop.table.join(None)
            assert bodies == BODY_WATCHERS
            assert audience == SPECTATORS and message["stream"] and message["seq"] == loop.table.batches
            loop.watchers.append(late)
            late.receive(wire(message))

    drag_in(match, bot, pump, steps_per_pump=2)
    assert late.match is not None and late.status == "watching"
    human_turn(loop.links[seat], loop.pump)
    assert late.checks and all(own == server for _, own, server in late.checks)
    assert_in_step(loop)


def test_a_seat_taken_over_by_a_bot_mid_drag_stays_in_step() -> None:
    loop = Loop(["remote", "remote"], seed=9)
    seat = loop.table.match.current
    match = loop.links[seat].match
    assert match is not None
    bot = Bot()
    while match.stage in (Stage.ROLL, Stage.CHOOSE):
        bot.act(match)
        loop.pump()  # a roll's face comes from the table's die
    x, y, _ = bot.plan(match)
    match.grab_new((x, y + 35.0))
    for k in range(10):
        match.move_hand((x, y + 35.0 - k))
        match.step(DT)
    loop.pump(bots=False)
    dropped = loop.links.pop(seat)  # the connection is gone
    loop.route(loop.table.seat_to_bot(seat, "bot"))
    assert loop.links[1 - seat].notices[-1] == {"type": "seats", "seats": ["bot" if s == seat else "remote"
                                                                           for s in range(2)]}
    loop.pump()  # the bot finishes the turn: the piece is let go, settles, and the turn is confirmed
    assert loop.table.turn != dropped.turn
    assert loop.table.match.bots[seat] and loop.table.bot_due() is False
    assert_in_step(loop)


@pytest.mark.parametrize(("message", "field"), [
    ({"seats": ["remote"]}, "seats"),
    ({"seats": "remote,remote"}, "seats"),
    ({"seats": ["remote", "alien"]}, "seat"),
    ({"seats": ["remote", "bot"], "seed": "7"}, "seed"),
    ({"seats": ["remote", "bot"], "names": ["a"]}, "names"),
    ({"seats": ["remote", "bot"], "names": ["a", ""]}, "names"),
    ({"seats": ["remote", "bot"], "start_player": 2}, "start_player"),
    ({"seats": ["remote", "bot"], "options": {"die": {"colour": 9}}}, "die"),
    ({"seats": ["remote", "bot"], "options": []}, "options"),
])
def test_create_names_what_is_wrong(message: dict[str, Any], field: str) -> None:
    with pytest.raises(TableError) as err:
        cactus_table.create({"type": "create", "room": "cactus", **message})
    assert err.value.code == "bad_message" and field in err.value.message


def test_resume_refuses_broken_saves_with_a_message() -> None:
    good = Loop(["remote", "bot"], seed=1).table.to_dict()
    for broken in ({}, {**good, "format": "x"}, {**good, "seats": ["remote"]}, {**good, "stream": [["l"], 5]},
                   {**good, "start": {"format": "cactus-match/1"}}, {**good, "stream": [["n", 0.0, 0.0]]}):
        with pytest.raises(ValueError):
            cactus_table.resume(json.loads(json.dumps(broken)))


def test_the_active_client_sends_one_message_a_frame_and_each_call_that_can_be_refused_first() -> None:
    """Batches: a frame's steps and pointer moves go in one message; a grab or release begins its own; every
    message is far below the 64 KiB limit."""
    loop = Loop(["remote", "remote"], seed=10)
    seat = loop.table.match.current
    frames: list[list[dict[str, Any]]] = []
    link = loop.links[seat]

    def frame() -> None:
        out = link.outgoing()
        frames.append(out)
        for message in out:
            loop.route(loop.table.act(seat, wire(message)))

    human_turn(link, frame, steps_per_pump=1)
    messages = [m for f in frames for m in f]
    assert messages and all(len(json.dumps(m)) < 4096 for m in messages)
    for f in frames:
        plain = [m for m in f if not (isinstance(m["items"][0], list) and isinstance(m["items"][0][0], str)
                                      and m["items"][0][0] in "rtndglbc")]
        assert len(plain) <= 1
    assert [m["seq"] for m in messages] == list(range(len(messages)))


def test_a_paced_observer_plays_a_bot_turn_at_its_pace() -> None:
    """A bot's whole turn may arrive at once; a paced link (a scene) plays it in game time, catching up on a big
    backlog, and ends it in step."""
    loop = Loop(["bot", "remote"], seed=11, start_player=0, spectators=0)
    watcher = CactusLink(None, paced=True)
    (_, message), (bodies, _) = loop.table.join(None)
    assert bodies == BODY_WATCHERS
    watcher.receive(wire(message))
    assert watcher.match is not None
    start = watcher.match.turn_key
    burst: list[dict[str, Any]] = []
    while loop.table.bot_due():
        burst += [wire(m) for audience, m in loop.table.bot_move() if audience == SPECTATORS]
    for m in burst:
        watcher.receive(m)
    assert watcher.match.turn_key == start  # nothing played yet
    frames = 0
    while watcher.inbox or watcher.playing or watcher.left:
        watcher.advance(1 / 60)
        frames += 1
        assert frames < 5000
    assert frames > 5 and watcher.checks and watcher.checks[-1][1] == watcher.checks[-1][2]
    assert checksum(watcher.match.to_dict()) == checksum(blind(loop.table.match.to_dict()))


def test_a_taken_over_seat_joining_again_plays_on_from_the_next_turn_start() -> None:
    """docs/design.md, "Remote play": a bot plays a dropped seat until it joins again with its token; the table then
    gives the seat back at the next turn start (the bot flags change with that snapshot), everyone stays in step."""
    loop = Loop(["remote", "remote"], seed=12)
    seat = loop.table.match.current
    loop.links.pop(seat)
    loop.route(loop.table.seat_to_bot(seat, "bot"))
    loop.pump()  # the bot plays the dropped seat's turn
    assert loop.table.match.bots[seat] and seat in loop.table.taken_over
    back = CactusLink(seat)
    loop.links[seat] = back
    loop.route(loop.table.join(seat), joined=seat)
    assert loop.table.seats[seat] == "bot" and seat in loop.table.taken_over  # the running turn is not its own
    assert back.match is not None and back.status == "watching"
    play_turns(loop, 1)  # the other seat's turn ends: the next one starts with the seat back
    assert loop.table.seats[seat] == "remote" and not loop.table.taken_over
    play_turns(loop, 2)
    assert not loop.table.match.bots[seat]
    assert back.checks and all(own == server for _, own, server in back.checks)
    assert_in_step(loop)
    saved = cactus_table.resume(json.loads(json.dumps(loop.table.to_dict())))
    assert saved.taken_over == set() and saved.seats == loop.table.seats


def test_a_screen_faster_than_the_physics_sends_no_more_messages_than_steps() -> None:
    """The server allows 120 messages a second: at 144 frames a second and 100 steps a second, pointer moves
    wait for the next step, so the drag sends at most one message per step."""
    loop = Loop(["remote", "remote"], seed=13, spectators=0)
    seat = loop.table.match.current
    link = loop.links[seat]
    match = link.match
    assert match is not None
    bot = Bot()
    while match.stage in (Stage.ROLL, Stage.CHOOSE):
        bot.act(match)
        loop.pump()  # a roll's face comes from the table's die
    loop.pump()
    x, y, _ = bot.plan(match)
    match.grab_new((x, y + 50.0))
    loop.pump()
    sent, steps, clock = 0, 0, 0.0
    for frame in range(288):  # two seconds at 144 fps
        match.move_hand((x + frame * 0.1, y + 50.0))
        clock += 1 / 144
        while clock >= DT:
            match.step(DT)
            steps += 1
            clock -= DT
        for message in link.outgoing():
            sent += 1
            loop.route(loop.table.act(seat, wire(message)))
    assert 150 <= steps <= 210 and sent <= steps
    assert loop.table.match.world.pose(str(match.held)) == match.world.pose(str(match.held))


def test_a_bot_that_cannot_place_its_piece_stops_instead_of_spinning(monkeypatch: pytest.MonkeyPatch) -> None:
    """Some positions leave the bot no placement it finds valid: after MAX_BOT_MOVES moves in one turn the table
    no longer asks for bot moves (the server's bot loop ends) and nothing changes."""
    monkeypatch.setattr(cactus_table, "MAX_BOT_MOVES", 3)
    loop = Loop(["bot", "remote"], seed=2, start_player=0, spectators=0)
    t = loop.table
    moves = 0
    while t.bot_due():
        loop.route(t.bot_move())
        moves += 1
    assert moves == 3 and t.turn == 1 and not t.bot_due()
    before = state(t)
    assert t.bot_move() == [] and state(t) == before


def test_the_bench_plays_in_step() -> None:
    from game.lab import cactus_net_bench as cactus_bench

    result = cactus_bench.run(seed=4, frames=30, turns=1)
    assert result["in_step"] and result["resyncs"] == 0 and result["drag_messages_per_s"] > 50
    assert 0 < result["drag_message_bytes_mean"] < 200 and result["snapshot_bytes_start"] > 1000


def test_a_cactus_bot_that_raises_leaves_the_table_and_its_save_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Remote play, a table whose bot raises: the server logs it and the table waits; what the bot did before
    it raised is recorded, so that the save resumes to the very match the table holds (the calls used to be
    made on the match but left out of its record: save, resume and clients went apart)."""
    table = cactus_table.create({"seats": ["bot", "remote"], "seed": 4, "start_player": 0})
    assert table.bot_due()
    act = Bot.act

    def act_then_fail(self: Bot, match: Match) -> None:
        act(self, match)
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(Bot, "act", act_then_fail)
    with pytest.raises(RuntimeError):
        table.bot_move()
    monkeypatch.setattr(Bot, "act", act)
    again = cactus_table.resume(json.loads(json.dumps(table.to_dict())))
    assert checksum(plain(again.match)) == checksum(plain(table.match))
    table.bot_move()  # and it plays on from there
    again.bot_move()
    assert checksum(plain(again.match)) == checksum(plain(table.match))


def test_the_bodies_for_a_client_without_physics_are_where_the_tables_match_has_every_piece() -> None:
    loop = Loop(["remote", "bot"], seed=4, start_player=0, spectators=0)
    play_turns(loop, 3)
    (audience, bodies), = [d for d in loop.table.join(None) if d[0] == BODY_WATCHERS]
    world = loop.table.match.world
    assert audience == BODY_WATCHERS and len(bodies["pieces"]) == len(world.pieces_in_world()) > 0
    for pid, x, y, angle in bodies["pieces"]:
        assert (x, y, angle) == pytest.approx(world.pose(pid), abs=0.01)
    assert bodies["flowers"] == flowers_of(loop.table.match) and bodies["turn"] == loop.table.turn
    assert json.loads(json.dumps(bodies)) == bodies  # it goes over the wire as it is
