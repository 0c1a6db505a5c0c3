"""The lab's pictures of the hand's cues: each written at the window size asked for, showing its cue."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.lab.cactus.cue_shots import write


@pytest.mark.slow
def test_the_three_cue_pictures_are_written(home: Path, tmp_path: Path) -> None:
    written = write(tmp_path / "shots", (1280, 800))
    assert [p.name for p in written] == ["cactus-blocked-drag.png", "cactus-ring-warning.png",
                                         "cactus-hint-turn.png"]
    for path in written:
        assert pygame.image.load(str(path)).get_size() == (1280, 800)
