"""The user's settings (``settings.json`` in the user data directory)."""

from __future__ import annotations

import contextlib
from dataclasses import asdict, dataclass
from pathlib import Path

from game.paths import user_data_dir
from game.userdata import CorruptFileError, read_json, write_json_atomic

SETTINGS_FILE = "settings.json"


@dataclass
class Settings:
    lang: str | None = None
    #: The message of a settings file that could not be read this start (shown once, then cleared).
    problem: str | None = None

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data.pop("problem")
        return data


def settings_path() -> Path:
    return user_data_dir() / SETTINGS_FILE


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
    lang = data.get("lang")
    return Settings(lang=lang if isinstance(lang, str) else None)


def save_settings(settings: Settings) -> None:
    with contextlib.suppress(OSError):  # settings are a convenience: never break the game for them
        write_json_atomic(settings_path(), settings.to_dict())
