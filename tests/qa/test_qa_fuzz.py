"""QA: a seeded stream of random player input (mouse, wheel, keys incl. Esc/Enter/Backspace/U/1-9/Q/E/+/-, text,
window resizes) through the real App with catch_errors=False: any exception is a bug. Bounded frames, fixed seeds."""

from __future__ import annotations

from pathlib import Path

import pytest
from qa_common import scene_factories
from qa_fuzz import Fuzzer

import tools.room
from game import i18n

pytestmark = pytest.mark.slow  # long runs, left out of `make quick`

FRAMES = {"launcher": 260, "cactus-setup": 220, "cactus-play": 260, "art-setup": 220, "art-table": 300, "editor": 220}


@pytest.mark.parametrize(("room", "seed", "lang"), [
    ("launcher", 11, "en"), ("cactus-setup", 12, "de"), ("cactus-play", 13, "en"), ("art-setup", 14, "de"),
    ("art-table", 15, "en"), ("editor", 16, "de"),
])
def test_qa_fuzz_room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make_app, room: str, seed: int,
                      lang: str) -> None:
    factories = scene_factories(tmp_path)
    # the launcher opens the editor on copies, never on the bundled assets
    monkeypatch.setattr(tools.room, "create_scene", lambda args: factories["editor"]())
    i18n.set_language(lang)
    app = make_app((1024, 700), seed=seed)
    app.push(factories[room]())
    seen: set[str] = set()

    def keep_alive(app) -> None:
        if not app.stack:
            app.push(factories[room]())
        seen.add(type(app.scene).__name__)

    fuzz = Fuzzer(app, seed, keep_alive=keep_alive)
    fuzz.run(FRAMES[room])
    assert app.frame_count > FRAMES[room] // 2  # frames that end in a scene change are not counted
    assert seen, "no scene was ever on top"
