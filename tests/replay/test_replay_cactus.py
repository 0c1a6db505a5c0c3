"""Cactus replays (docs/design.md, "Replays"): the match's actions, steps and the hand's input recorded from a
rebuilt start verify exactly; a resumed game records one replay of the whole game; tampered streams never
verify; every broken field is named."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from game.cactus.bots.simple import Bot
from game.cactus.match import Match, MatchError, Stage
from game.cactus.record import Recorder, adopt, saved_form
from game.cactus.rules import Options
from game.replay import cactus
from game.replay.format import FORMAT, ReplayError


def _bot_game(players: int, seed: int, turns: int | None = None,
              options: Options | None = None) -> tuple[Match, Recorder]:
    """Bots play (each call of theirs recorded), to the end or up to turn ``turns``."""
    match = Match.new(players, seed=seed, bots=[True] * players, options=options)
    recorder = Recorder.begin(match)
    _play_on(match, turns)
    return match, recorder


def _play_on(match: Match, turns: int | None = None) -> None:
    bot = Bot()
    for _ in range(20_000):
        if match.is_over or (turns is not None and match.rules.turn_number >= turns):
            return
        try:
            bot.act(match)
        except MatchError:
            match.step(1 / 60)


@cache
def _replay(players: int = 2, seed: int = 1, turns: int | None = 8, strict: bool = False) -> str:
    match, recorder = _bot_game(players, seed, turns, Options(strict_claim=True) if strict else None)
    return json.dumps(recorder.replay("2026-12-01T09:00:00+00:00"))


def _fresh(players: int = 2, seed: int = 1, turns: int | None = 8, strict: bool = False) -> dict[str, Any]:
    return json.loads(_replay(players, seed, turns, strict))  # type: ignore[no-any-return]


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (2, 3), (3, 8)])
def test_a_recorded_bot_game_verifies_exactly(players: int, seed: int) -> None:
    match, recorder = _bot_game(players, seed)
    assert match.is_over
    replay = json.loads(json.dumps(recorder.replay()))  # through JSON, as on disk
    assert replay["format"] == FORMAT and replay["room"] == "cactus" and replay["seed"] == seed
    assert cactus.verify(replay) == {"exact": True, "room": "cactus", "turns": match.rules.turn_number}
    winners = match.rules.winners
    assert replay["result"]["winner"] == (winners[0] if len(winners) == 1 else None)


def test_recording_rebuilds_the_live_match_in_place_from_its_start() -> None:
    """Both the live match and the replay are built from ``start`` (so they share one future)."""
    match = Match.new(2, seed=3)
    recorder = Recorder.begin(match)
    assert Recorder.begin(match) is recorder  # begun once per match
    assert cactus.plain(match) == recorder.record.start
    trial = match.clone()
    trial.take(trial.allowed()[0])  # copies are not recorded
    assert recorder.record.stream == []


def test_the_hand_drags_replay_with_rounded_pointer_input() -> None:
    """The pointer and the rotation per step while a piece is held (delta-encoded, 0.01 mm)."""
    match = Match.new(2, seed=4)
    recorder = Recorder.begin(match)
    bot = Bot()
    while match.stage != Stage.IN_HAND:
        bot.act(match)
    x, y, angle = bot.plan(match)
    match.rotate(angle - match.hand_angle)
    match.grab_new((x, y + 40.0))
    for k in range(1, 31):
        match.move_hand((x + 0.123456 * k, y + 40.0 - 40.0 * k / 30))
        match.step(1 / 60)
        if k == 15:
            match.rotate(0.2)
    assert match.world.hand.pointer == (round((x + 0.123456 * 30) * 100) / 100, round(y * 100) / 100)
    match.release()
    _play_on(match, 4)
    stream = recorder.record.stream
    moves = [e for e in stream if isinstance(e, list) and len(e) == 2 and isinstance(e[0], int)]
    assert len(moves) == 30 and all(abs(dx) < 100 for dx, _ in moves[1:])  # small deltas after the first
    assert ["o", 0.2] in stream
    assert cactus.verify(json.loads(json.dumps(recorder.replay())))["exact"]


def test_a_game_saved_mid_drag_and_resumed_records_one_exact_replay() -> None:
    """The autosave carries the recording; the resumed match goes on with it (one replay)."""
    match = Match.new(3, seed=6, bots=[False, True, True])
    recorder = Recorder.begin(match)
    start = recorder.record.start
    bot = Bot()
    _play_on(match, 3)
    while match.stage != Stage.IN_HAND:
        bot.act(match)
    x, y, _ = bot.plan(match)
    match.grab_new((x, y + 30.0))
    for k in range(10):
        match.move_hand((x, y + 30.0 - k))
        match.step(1 / 60)
    saved = json.loads(json.dumps(saved_form(match)))  # held: saved as let go
    assert saved["replay"]["start"] == start
    resumed = Match.from_dict(saved)
    adopt(resumed, saved)
    again = Recorder.begin(resumed)
    assert again.record.start == start and again.record.stream[-1][0] == "R"
    _play_on(resumed)
    assert resumed.is_over
    replay = json.loads(json.dumps(again.replay()))
    assert cactus.verify(replay) == {"exact": True, "room": "cactus", "turns": resumed.rules.turn_number}
    # the stream before the resume is the one the first recorder kept
    assert replay["stream"][:len(recorder.record.stream)] == recorder.record.stream


def test_calls_the_live_match_refused_are_recorded_as_refused() -> None:
    """A refused call is marked ``!`` and must be refused again on replay."""
    match = Match.new(2, seed=4)
    recorder = Recorder.begin(match)
    with pytest.raises(MatchError):
        match.roll()  # the first turn takes at once: no roll
    assert recorder.record.stream == [["!r"]]
    _play_on(match, 3)
    replay = json.loads(json.dumps(recorder.replay()))
    assert cactus.verify(replay)["exact"]
    replay["stream"][0] = ["r"]  # claimed to be taken: the replay knows better
    assert cactus.verify(replay)["exact"] is False


def test_a_save_with_a_broken_recording_starts_recording_anew() -> None:
    match, _ = _bot_game(2, 2, 3)
    saved = json.loads(json.dumps(saved_form(match)))
    saved["replay"]["stream"] = [["no such action"]]
    resumed = Match.from_dict(saved)
    adopt(resumed, saved)
    recorder = Recorder.begin(resumed)
    assert recorder.record.stream == [] and recorder.record.start == cactus.plain(resumed)


TAMPER = ["drop", "swap", "move", "steps", "truncate", "checksum", "claims", "resume", "refused"]


@pytest.mark.parametrize("how", TAMPER)
@pytest.mark.parametrize("where", [0.1, 0.45, 0.8])
def test_a_tampered_stream_never_verifies(how: str, where: float) -> None:
    replay = _fresh(strict=how == "claims", turns=None if how == "claims" else 8)  # claims count when strict
    stream = replay["stream"]
    before = copy.deepcopy(replay)
    drops = [i for i, e in enumerate(stream) if isinstance(e, list) and e[0] == "d"]
    i = min(len(stream) - 2, int(where * (len(stream) - 1)))
    if how == "drop":
        del stream[i]
    elif how == "swap":
        j = next(k for k in range(i, len(stream) - 1) if stream[k] != stream[k + 1])
        stream[j], stream[j + 1] = stream[j + 1], stream[j]
    elif how == "move":
        d = drops[int(where * (len(drops) - 1))]
        stream[d][1] += 7.5
    elif how == "steps":
        stream.insert(drops[int(where * (len(drops) - 1))] + 1, ["s", 40, 1 / 60])
    elif how == "truncate":
        del stream[i:]
    elif how == "claims":
        c = [k for k, e in enumerate(stream) if isinstance(e, list) and e[0] == "c" and e[1]]
        stream[c[int(where * (len(c) - 1))]] = ["c", []]
    elif how == "resume":
        stream.insert(i, ["R", "0" * 16])
    elif how == "refused":
        stream.insert(i, ["t", "no_such_piece"])  # refused on replay, but not marked as refused live
    else:
        replay["result"]["checksum"] = "0" * 16
    assert replay != before
    try:
        result = cactus.verify(replay)
    except ReplayError:
        return  # no longer makes sense: refused with the field named
    assert result["exact"] is False


FIELDS: list[tuple[str, object]] = [
    ("format", "garden-table-replay/0"), ("room", "artischocken"), ("room", "chess"), ("seats", []),
    ("seats", [{"name": 1}]), ("seats", [{"name": "A", "kind": "bot"}, {"name": "B", "kind": "human"}]),
    ("seed", "7"), ("seed", 99), ("options", []), ("options", {"long_game": True}), ("start", None),
    ("start", {"format": "cactus-match/1"}), ("stream", {}), ("stream", [[]]), ("stream", [["q"]]),
    ("stream", [5]), ("stream", [["s", 0, 0.01]]), ("stream", [["s", 2, -1]]), ("stream", [["t", 3]]),
    ("stream", [[1.5, 2]]), ("stream", [["R", "x"]]), ("stream", [["d", 1, 2]]), ("stream", [["c", [1]]]),
    ("stream", ["roll"]), ("result", None), ("result", {"checksum": "abc"}),
    ("result", {"checksum": "0" * 16, "winner": 9}), ("result", {"checksum": "0" * 16, "turns": -1}),
    ("created", 5), ("extra", 1)]


@pytest.mark.parametrize(("field", "value"), FIELDS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(FIELDS)])
def test_every_broken_field_is_named(field: str, value: object) -> None:
    replay = _fresh(2, 1, 3)
    replay[field] = value
    with pytest.raises(ReplayError) as info:
        cactus.verify(replay)
    assert field in str(info.value) or "key" in str(info.value), info.value


def test_replay_main_verifies_a_cactus_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.replay.main import main

    path = tmp_path / "c.json"
    path.write_text(_replay(), encoding="utf-8")
    assert main([str(path), "--verify"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is True and out["room"] == "cactus" and out["turns"] == 8
    tampered = _fresh()
    tampered["result"]["checksum"] = "f" * 16
    path.write_text(json.dumps(tampered), encoding="utf-8")
    assert main([str(path), "--verify"]) == 1
    broken = _fresh()
    broken["stream"] = [["q"]]
    path.write_text(json.dumps(broken), encoding="utf-8")
    assert main([str(path), "--verify"]) == 2
    assert "stream[0]" in capsys.readouterr().err


def _cli(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {"GARDEN_TABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env,
                          timeout=300, check=False)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 2])
def test_the_cli_records_a_bot_game_that_verifies(tmp_path: Path, seed: int) -> None:
    """A whole bot game from the command line records a replay that verifies:
    ``cactus --players 3 --bots 3 --headless --fast --until-over --record C``."""
    from game.replay.main import main

    out = tmp_path / "c.json"
    run = _cli("cactus", "--players", "3", "--bots", "3", "--headless", "--fast", "--until-over", "--seed",
               str(seed), "--record", str(out), home=tmp_path)
    assert run.returncode == 0, run.stderr
    replay = json.loads(out.read_text(encoding="utf-8"))
    assert replay["seed"] == seed and [s["kind"] for s in replay["seats"]] == ["bot"] * 3
    assert main([str(out), "--verify"]) == 0
    assert cactus.verify(replay)["exact"]
