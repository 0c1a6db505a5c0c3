"""Replay versions (docs/design.md, "Replays"): a Cactus replay says which version of the recording it is; one
recorded before every turn started from its snapshot (version 1, no ``version`` field) is refused in plain words
wherever a replay is read (verify, the command line, the replays list); an autosave carrying such a recording
begins a new one; Artischocken replays are unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from helpers_cactus import play_turns

from game.cactus.match import Match
from game.cactus.record import Recorder, adopt, saved_form
from game.i18n import t
from game.replay import cactus, store
from game.replay.format import FORMAT, OlderReplay, ReplayError, check
from game.screens.scene_replays import ReplaysScene, entries

#: A game whose recording as turns ran before goes otherwise when every turn starts from its snapshot.
SEED_OLDER = 2


def _recorded(seed: int = 2, turns: int = 9) -> dict[str, Any]:
    match = Match.new(3, seed=seed, bots=[True] * 3)
    recorder = Recorder.begin(match)
    play_turns(match, turns)
    return json.loads(json.dumps(recorder.replay("2026-12-02T09:00:00+00:00")))  # type: ignore[no-any-return]


def _older() -> dict[str, Any]:
    replay = _recorded()
    del replay["version"]
    return replay


def test_a_cactus_replay_is_of_the_current_version_and_verifies() -> None:
    replay = _recorded()
    assert replay["format"] == FORMAT and replay["version"] == cactus.VERSION == 2
    assert cactus.verify(replay)["exact"] is True


def test_the_stream_of_the_older_version_plays_another_game_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why the version matters: a game recorded as turns ran before (the physics run on from turn to turn, not
    rebuilt as a turn ends) does not replay exactly now, even if it claimed the current version."""
    rebuild = Match.rebuild
    monkeypatch.setattr(Match, "rebuild", lambda self, snapshot=None: None if snapshot is None
                        else rebuild(self, snapshot))
    replay = _recorded(seed=SEED_OLDER, turns=30)
    monkeypatch.undo()
    assert cactus.verify(replay)["exact"] is False


def test_an_older_replay_is_refused_in_plain_words() -> None:
    with pytest.raises(OlderReplay) as info:
        cactus.verify(_older())
    assert str(info.value) == "it was recorded by an older version of the game and no longer plays back exactly"
    assert isinstance(info.value, ReplayError)  # the existing error path shows it


def test_a_newer_replay_says_so() -> None:
    replay = _recorded()
    replay["version"] = 3
    with pytest.raises(ReplayError, match="newer version"):
        cactus.verify(replay)
    replay["version"] = "2"
    with pytest.raises(ReplayError, match="version"):
        cactus.verify(replay)


def test_the_command_line_says_an_older_replay_cannot_be_played_back(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from game.replay.main import main

    path = tmp_path / "old.json"
    path.write_text(json.dumps(_older()), encoding="utf-8")
    assert main([str(path), "--verify"]) == 2
    assert "recorded by an older version of the game" in capsys.readouterr().err


def test_an_artischocken_replay_has_no_version_and_still_checks() -> None:
    replay = {"format": FORMAT, "room": "artischocken", "seats": [{"name": "A", "kind": "human"}], "seed": 1,
              "options": {}, "start": {}, "stream": [], "result": {"checksum": "0" * 16}}
    assert check(replay)["room"] == "artischocken"


def test_the_replays_list_shows_an_older_replay_in_the_players_words(make_app: Callable[..., Any], home: Path) -> None:
    store.write(_older(), stamp="20261201-100000")
    app = make_app((1024, 700))
    scene = ReplaysScene()
    app.push(scene)
    app.frame(0)
    [item] = entries()
    assert item.data is None and item.problem == t("replays.older")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    app.frame(16)
    assert app.scene is scene and scene.message.visible  # it says why, and stays on the list
    assert (store.replay_dir() / "20261201-100000-cactus.json").exists()  # never deleted


def test_an_autosave_with_an_older_recording_records_anew() -> None:
    match = Match.new(2, seed=4, bots=[True, True])
    Recorder.begin(match)
    play_turns(match, 3)
    saved = json.loads(json.dumps(saved_form(match)))
    del saved["replay"]["version"]
    resumed = Match.from_dict(saved)
    adopt(resumed, saved)
    recorder = Recorder.begin(resumed)
    assert recorder.record.stream == [] and recorder.record.start == cactus.plain(resumed)
    play_turns(resumed, 6)
    assert cactus.verify(json.loads(json.dumps(recorder.replay())))["exact"] is True
