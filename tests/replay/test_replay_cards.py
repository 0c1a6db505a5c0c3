"""Artischocken replays (docs/design.md, "Replays"): recorded while played, exact on verify, tampering never
verifies, every broken field is named, a resumed game records one replay of the whole game."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.artischocken import new_game
from game.artischocken.seats import Seat
from game.artischocken.turns import LocalTable
from game.replay import cards
from game.replay.format import FORMAT, ReplayError, checksum

KINDS = ["greedy", "random", "expert", "greedy"]


def _bot_table(players: int, seed: int, steps: int | None = None) -> LocalTable:
    seats = [Seat(f"Bot {i}", KINDS[i % len(KINDS)] if i else "greedy") for i in range(players)]
    table = LocalTable(new_game(players, seed=seed, round_limit=60), seats, seed)
    n = 0
    while not table.game.is_over and (steps is None or n < steps):
        action = table.bot_move()
        assert action is not None
        table.apply(action)
        n += 1
    return table


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_a_recorded_bot_game_verifies_exactly(players: int, seed: int) -> None:
    table = _bot_table(players, seed)
    replay = json.loads(json.dumps(table.replay("2026-12-01T09:00:00+00:00")))  # through JSON, as on disk
    assert replay["format"] == FORMAT and replay["room"] == "artischocken"
    assert cards.verify(replay) == {"exact": True, "room": "artischocken", "turns": table.game.turn_number}
    assert replay["result"]["winner"] == table.game.winner


def test_a_replay_is_small() -> None:
    table = _bot_table(4, 3)
    size = len(json.dumps(table.replay(), separators=(",", ":")))
    assert size < 40_000, size  # the first position and one short list per decision


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 500), how=st.sampled_from(["drop", "swap", "change", "truncate", "checksum"]),
       where=st.floats(0, 1))
def test_a_tampered_stream_never_verifies(seed: int, how: str, where: float) -> None:
    replay = _bot_table(2, seed).replay()
    stream = replay["stream"]
    before = copy.deepcopy(replay)
    i = min(len(stream) - 2, int(where * (len(stream) - 1)))
    if how == "drop":
        del stream[i]
    elif how == "swap":
        stream[i], stream[i + 1] = stream[i + 1], stream[i]
    elif how == "change":
        stream[i] = ["end_play"] if stream[i] != ["end_play"] else ["harvest", "leek"]
    elif how == "truncate":
        del stream[i:]
    else:
        replay["result"]["checksum"] = "0" * 16
    assume(replay != before)  # swapping two equal actions changes nothing: that is no tampering
    try:
        result = cards.verify(replay)
    except ReplayError:
        return  # no longer makes sense: refused with the field named
    assert result["exact"] is False


FIELDS = [("format", "garden-table-replay/0"), ("room", "chess"), ("seats", []), ("seats", [{"name": 1}]),
          ("seed", "7"), ("options", []), ("start", None), ("start", {"format": "artischocken/1"}),
          ("stream", {}), ("stream", [["harvest", 3]]), ("stream", [[]]), ("result", None),
          ("result", {"checksum": "abc"}), ("result", {"checksum": "0" * 16, "winner": 9}), ("created", 5),
          ("extra", 1)]


@pytest.mark.parametrize(("field", "value"), FIELDS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(FIELDS)])
def test_every_broken_field_is_named(field: str, value: object) -> None:
    replay = copy.deepcopy(_bot_table(2, 1, steps=8).replay())
    replay[field] = value
    with pytest.raises(ReplayError) as info:
        cards.verify(replay)
    assert field.split(".")[0] in str(info.value) or "key" in str(info.value)


def test_undo_takes_the_action_out_of_the_recording() -> None:
    game = new_game(2, seed=4, start_player=0)
    table = LocalTable(game, [Seat("Anna", "human"), Seat("Ben", "greedy")], 4)
    first = table.sessions[0].legal_actions()[0]
    table.apply(first)
    assert table.record.actions == [first]
    table.undo()
    assert table.record.actions == [] and cards.verify(table.replay())["exact"]


def test_checksum_is_canonical() -> None:
    assert checksum({"a": 1, "b": [1, 2]}) == checksum({"b": [1, 2], "a": 1})
    assert checksum({"a": 1}) != checksum({"a": 2}) and len(checksum({})) == 16


def test_a_resumed_game_records_one_replay_of_the_whole_game(home: Path) -> None:
    from game.artischocken import save as savemod

    table = _bot_table(3, 9, steps=25)
    start = table.record.start
    savemod.save_table(table, 9)
    saved = savemod.load()
    assert saved is not None and saved.record is not None and saved.record.start == start
    resumed = LocalTable(saved.game, saved.seats, saved.seed, saved.record)
    while not resumed.game.is_over:
        action = resumed.bot_move()
        assert action is not None
        resumed.apply(action)
    replay = resumed.replay()
    assert replay["start"] == start and cards.verify(replay)["exact"]


def test_a_save_whose_recording_does_not_lead_to_it_starts_recording_anew(home: Path) -> None:
    from game.artischocken import save as savemod

    table = _bot_table(2, 5, steps=10)
    table.record.actions.pop()  # the recording now stops one action short of the game
    savemod.save_table(table, 5)
    saved = savemod.load()
    assert saved is not None and saved.record is None


def _cli(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {"GARDEN_TABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env,
                          timeout=300, check=False)


@pytest.mark.slow
def test_the_cli_records_a_bot_game_that_verifies(tmp_path: Path) -> None:
    out = tmp_path / "a.json"
    run = _cli("artischocken", "--seats", "greedy,random,expert", "--headless", "--fast", "--until-over",
               "--record", str(out), home=tmp_path)
    assert run.returncode == 0, run.stderr
    check = _cli("replay", str(out), "--verify", home=tmp_path)
    assert check.returncode == 0, check.stderr
    result = json.loads(check.stdout)
    assert result["exact"] is True and result["room"] == "artischocken" and result["turns"] > 0


def test_the_cli_refuses_what_is_not_a_replay(tmp_path: Path) -> None:
    from game.replay.main import main

    bad = tmp_path / "bad.json"
    for content in ("{not json", "[]", json.dumps({"format": FORMAT, "room": "artischocken"})):
        bad.write_text(content, encoding="utf-8")
        assert main([str(bad), "--verify"]) == 2
    assert main([str(tmp_path / "missing.json"), "--verify"]) == 2
    assert main([str(tmp_path), "--verify"]) == 2


def test_the_table_writes_its_replay_when_the_game_ends(make_app, home: Path) -> None:
    from game.artischocken.table.scene_table import Options, TableScene
    from game.replay import store

    app = make_app((1024, 700))
    seats = [Seat("Anna", "greedy"), Seat("Ben", "random")]
    scene = TableScene.new(seats, Options(fast=True, seed=12, autosave=False))
    app.push(scene)
    for n in range(400):
        app.frame(n * 16)
        if scene.table.session.is_over:
            break
    assert scene.replay_written is not None and scene.replay_written.parent == store.replay_dir()
    assert cards.verify(store.read(scene.replay_written))["exact"]


def test_the_replays_folder_keeps_the_newest(home: Path) -> None:
    from game.replay import store

    replay = _bot_table(2, 2, steps=4).replay()
    for i in range(7):
        store.write(replay, stamp=f"20261201-0900{i:02d}")
    store.prune(store.replay_dir(), keep=5)
    names = sorted(p.name for p in store.replay_dir().glob("*.json"))
    assert len(names) == 5 and names[0].startswith("20261201-090002")
