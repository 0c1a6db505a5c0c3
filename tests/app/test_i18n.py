"""Every visible string exists in both catalogues; a missing key never crashes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game import i18n
from game.paths import asset

PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}")


def catalogue_files(lang: str) -> dict[str, Path]:
    return {p.name: p for p in (asset("i18n") / lang).glob("*.json")}


def test_same_catalogue_files_in_every_language() -> None:
    names = {lang: set(catalogue_files(lang)) for lang in i18n.LANGUAGES}
    assert names["en"] and all(n == names["en"] for n in names.values())


@pytest.mark.parametrize("name", sorted(catalogue_files("en")))
def test_same_keys_and_placeholders_in_de_and_en(name: str) -> None:
    en = json.loads((asset("i18n") / "en" / name).read_text(encoding="utf-8"))
    de = json.loads((asset("i18n") / "de" / name).read_text(encoding="utf-8"))
    assert set(en) - set(de) == set(), f"missing in de/{name}"
    assert set(de) - set(en) == set(), f"missing in en/{name}"
    for key in en:
        assert set(PLACEHOLDER.findall(en[key])) == set(PLACEHOLDER.findall(de[key])), key
        assert en[key].strip() and de[key].strip(), key


def test_source_keys_exist_in_the_catalogue() -> None:
    """Every literal t("...") key in the code is in the English catalogue."""
    root = Path(__file__).resolve().parents[2]
    pattern = re.compile(r"""\bt\(\s*["']([\w.]+)["']""")
    missing = set()
    for folder in ("game", "tools"):
        for path in (root / folder).rglob("*.py"):
            for key in pattern.findall(path.read_text(encoding="utf-8")):
                if key not in i18n.catalogue("en"):
                    missing.add(f"{path.relative_to(root)}: {key}")
    assert not missing


def test_missing_key_falls_back_without_crashing() -> None:
    assert i18n.t("no.such.key") == "no.such.key"
    assert i18n.t("launcher.title", lang="de") == "garden-table"
    assert i18n.t("launcher.quit", lang="de") == "Beenden"
    assert i18n.t("launcher.quit", lang="en") == "Quit"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        i18n.set_language("fr")


def test_detect_language_from_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.detect_language() == "de"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.detect_language() == "en"
