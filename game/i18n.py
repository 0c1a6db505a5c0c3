"""Translations: every visible string comes from the catalogues in ``assets/i18n/<lang>/*.json``.

Each room keeps its own catalogue file (``app.json``, ``artischocken.json``, ...); all files of one language
are merged into one flat mapping of dotted keys (``"launcher.title"``) to ``str.format`` templates.
A missing key never crashes the game: it falls back to English, then to the key itself (a test fails on it).
"""

from __future__ import annotations

import json
import locale
import os
from functools import cache
from pathlib import Path

from game.paths import asset

LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"

_current = DEFAULT_LANGUAGE


def catalogue_dir() -> Path:
    return asset("i18n")


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The merged catalogue of one language (read once, cached)."""
    merged: dict[str, str] = {}
    folder = catalogue_dir() / lang
    for path in sorted(folder.glob("*.json")):
        with path.open(encoding="utf-8") as fh:
            data = json.load(fh)
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a catalogue must be a JSON object of key -> text")
        for key, text in data.items():
            if not isinstance(text, str):
                raise ValueError(f"{path}: the value of {key!r} must be a string")
            merged[key] = text
    return merged


def detect_language() -> str:
    """The language of the user's locale when we have it, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    try:
        code = (locale.getlocale()[0] or "")[:2].lower()
    except ValueError:
        code = ""
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _current = lang


def get_language() -> str:
    return _current


def t(key: str, lang: str | None = None, **values: object) -> str:
    """The text for ``key`` in ``lang`` (default: the current language), formatted with ``values``."""
    language = lang or _current
    template = catalogue(language).get(key)
    if template is None:
        template = catalogue(DEFAULT_LANGUAGE).get(key, key)
    if not values:
        return template
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def plural(key: str, number: int, lang: str | None = None, **values: object) -> str:
    """The text of ``key_one`` when ``number`` is 1, else of ``key_other`` (English and German plurals); of
    ``key_zero`` for 0 where the catalogue has one ("no turn yet" rather than "0 turns")."""
    language = lang or _current
    if number == 0 and (f"{key}_zero" in catalogue(language) or f"{key}_zero" in catalogue(DEFAULT_LANGUAGE)):
        return t(f"{key}_zero", lang, **values)
    return t(f"{key}_{'one' if number == 1 else 'other'}", lang, **values)
