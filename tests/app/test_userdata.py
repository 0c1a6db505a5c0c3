"""Atomic writes, corrupt files kept aside, settings that survive a bad file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import settings
from game.userdata import CorruptFileError, read_json, write_json_atomic


def test_atomic_write_then_read(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "save.json"
    write_json_atomic(path, {"a": [1, 2, 3], "name": "Zwiebel"})
    assert read_json(path) == {"a": [1, 2, 3], "name": "Zwiebel"}
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]  # no temp file left


def test_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    write_json_atomic(path, {"v": 1})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"v": object()})  # not serialisable: fails before anything is replaced
    assert json.loads(path.read_text()) == {"v": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_missing_file_gives_default(tmp_path: Path) -> None:
    assert read_json(tmp_path / "nope.json", default={"x": 1}) == {"x": 1}


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00garbage", b""])
def test_corrupt_file_is_kept_aside_with_clear_message(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(content)
    with pytest.raises(CorruptFileError) as info:
        read_json(path)
    assert "save.json" in str(info.value) and "could not be read" in str(info.value)
    kept = info.value.kept_as
    assert kept is not None and kept.read_bytes() == content
    assert not path.exists()
    write_json_atomic(path, {"fresh": True})  # a new save does not touch the kept copy
    assert kept.read_bytes() == content
    path.write_bytes(content)
    with pytest.raises(CorruptFileError) as again:
        read_json(path)
    assert again.value.kept_as != kept and kept.exists()  # a second bad file gets its own name


def test_settings_roundtrip_and_corrupt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GARDEN_TABLE_HOME", str(tmp_path))
    assert settings.load_settings().lang is None
    settings.save_settings(settings.Settings(lang="de"))
    assert settings.load_settings().lang == "de"
    settings.settings_path().write_text("[[[")
    loaded = settings.load_settings()
    assert loaded.lang is None and loaded.problem and "settings.json" in loaded.problem
    assert list(tmp_path.glob("settings.corrupt-*.json"))
