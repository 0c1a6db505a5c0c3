"""The lab's rules screenshots: one page of each room's rules, written at the window size asked for."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.lab.rules_shots import screenshots


def test_the_rules_shots_are_written_for_both_rooms(home: Path, tmp_path: Path) -> None:
    written = screenshots(str(tmp_path / "shots"), (800, 600), "de")
    assert [Path(p).name for p in written] == ["cactus-rules-de.png", "artischocken-rules-de.png"]
    for path in written:
        assert pygame.image.load(path).get_size() == (800, 600)
