"""The user's settings (``settings.json`` in the user data directory) and this run's view of them.

:class:`Settings` is what the file holds: the language, the sound volume and mute, the colour aids, the
animation speed, the window size and fullscreen. A value the file holds badly falls back to its default (the
rest of the file still counts). :func:`current` is what this run uses: the saved settings with the command
line's one-run overrides on top (``--mute``, ``--colour-blind``; see :func:`begin_run`). A change made in the
settings screen goes through :func:`change`: it takes effect at once, drops the override of that setting and
is saved (atomically).
"""

from __future__ import annotations

import contextlib
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.userdata import CorruptFileError, read_json, write_json_atomic

SETTINGS_FILE = "settings.json"

#: The animation speeds: name -> how fast animations run (``reduced``: as fast as ``fast``, and the
#: scenes leave out motion that is only decoration: glides, wobbles, flights).
MOTION_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 1.6, "reduced": 1.6}
#: The window sizes the settings screen offers.
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((800, 600), (1024, 768), (1280, 800), (1600, 900), (1920, 1080))
VOLUME_STEP = 10


@dataclass
class Settings:
    lang: str | None = None
    #: Sound volume in percent (0..100) and the mute switch.
    volume: int = 80
    muted: bool = False
    #: Colour aids: every piece and colour cue carries its colour's mark (game.ui.colour_aids).
    colour_aids: bool = False
    #: One of MOTION_SPEEDS.
    motion: str = "normal"
    #: The window size to open with (None: the command line's default) and fullscreen.
    window: tuple[int, int] | None = None
    fullscreen: bool = False
    #: The name this player goes by at remote tables ("": not asked yet; the lobby asks once).
    player_name: str = ""
    #: The message of a settings file that could not be read this start (shown once, then cleared).
    problem: str | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data.pop("problem")
        if self.window is not None:
            data["window"] = list(self.window)
        return data


def settings_path() -> Path:
    return user_data_dir() / SETTINGS_FILE


def _read(data: dict[str, Any]) -> Settings:
    """The settings of a file's object, each bad value replaced by its default."""
    s = Settings()
    lang = data.get("lang")
    s.lang = lang if isinstance(lang, str) else None
    volume = data.get("volume")
    if isinstance(volume, int) and not isinstance(volume, bool):
        s.volume = min(100, max(0, volume))
    for name in ("muted", "colour_aids", "fullscreen"):
        value = data.get(name)
        if isinstance(value, bool):
            setattr(s, name, value)
    motion = data.get("motion")
    if motion in MOTION_SPEEDS:
        s.motion = str(motion)
    window = data.get("window")
    if (isinstance(window, list) and len(window) == 2 and all(isinstance(v, int) for v in window)
            and window[0] >= 800 and window[1] >= 600):
        s.window = (int(window[0]), int(window[1]))
    s.player_name = clean_name(data.get("player_name"))
    return s


#: The longest player name (the server takes names of 1 to this many characters).
MAX_NAME = 24


def clean_name(value: object) -> str:
    """``value`` as a player name: printable, spaces folded, at most :data:`MAX_NAME` characters ("" when there
    is none)."""
    if not isinstance(value, str):
        return ""
    text = " ".join("".join(c for c in value if c.isprintable()).split())
    return text[:MAX_NAME].strip()


def load_settings() -> Settings:
    """The saved settings; defaults (with ``problem`` set) when the file is missing or unreadable."""
    try:
        data = read_json(settings_path(), default={})
    except CorruptFileError as exc:
        return Settings(problem=str(exc))
    except OSError as exc:
        return Settings(problem=f"settings could not be read: {exc}")
    if not isinstance(data, dict):
        return Settings(problem="settings.json does not hold an object; defaults are used")
    return _read(data)


def save_settings(settings: Settings) -> None:
    with contextlib.suppress(OSError):  # settings are a convenience: never break the game for them
        write_json_atomic(settings_path(), settings.to_dict())


# -- this run ---------------------------------------------------------------------------------------------

_saved: Settings | None = None
_overrides: dict[str, Any] = {}
_run: Settings | None = None  # _saved with _overrides on top (made again when either changes)


def begin_run(*, mute: bool = False, colour_blind: bool = False, saved: Settings | None = None) -> Settings:
    """Start this run's settings from ``saved`` (default: the file) with the command line's overrides for this
    run only (``--mute``, ``--colour-blind``): they are used, never saved."""
    global _saved, _run
    _saved = saved if saved is not None else load_settings()
    _overrides.clear()
    if mute:
        _overrides["muted"] = True
    if colour_blind:
        _overrides["colour_aids"] = True
    _run = None
    return current()


def current() -> Settings:
    """The settings this run uses (saved values, overrides on top); loaded from the file on first use."""
    global _saved, _run
    if _run is None:
        if _saved is None:
            _saved = load_settings()
        _run = replace(_saved, **_overrides) if _overrides else _saved
    return _run


def change(name: str, value: Any) -> Settings:
    """Set one setting now and save it (its one-run override, if any, ends)."""
    if name not in {f.name for f in fields(Settings)} or name == "problem":
        raise KeyError(name)
    global _saved, _run
    fresh = load_settings()  # the file is the truth (another screen, e.g. the launcher's L, may have saved)
    if fresh.problem is None or _saved is None:
        _saved = fresh
    setattr(_saved, name, value)
    _overrides.pop(name, None)
    _run = None
    save_settings(_saved)
    return current()


def motion_factor() -> float:
    """How fast animations run this run (1: as designed)."""
    return MOTION_SPEEDS.get(current().motion, 1.0)


def reduced_motion() -> bool:
    """The player asked for reduced motion: leave out movement that is only decoration."""
    return current().motion == "reduced"
