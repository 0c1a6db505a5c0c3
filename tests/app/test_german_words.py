"""German words a German player expects: recorded games are "Aufzeichnungen" (a "Wiederholung" is a rerun or
the editor's redo), and the card table uses the German rule sheet's own words ("Vorrat" for the deck, explained
as the draw pile where it stands; "Gartenstapel"; "Gemüsekisten")."""

from __future__ import annotations

from game.i18n import catalogue


def test_recorded_games_are_aufzeichnungen_never_wiederholungen() -> None:
    de = catalogue("de")
    assert de["launcher.replays"] == "Aufzeichnungen" and de["replays.title"] == "Spielaufzeichnungen"
    wrong = {k: v for k, v in de.items() if "iederhol" in v and not k.startswith("editor.")}
    assert not wrong, wrong


def test_the_card_table_speaks_the_rule_sheets_words() -> None:
    de = catalogue("de")
    assert de["table.deck"] == "Vorrat" and "Nachziehstapel" in de["table.hint.deck_own"]
    assert de["table.stack"] == "Gartenstapel" and de["table.row"] == "Gemüsekisten"


def test_the_replay_counters_say_what_they_count() -> None:
    # "0/1704" said nothing: each number is named (turn of turns, step of steps), in both languages
    for lang in ("en", "de"):
        status = catalogue(lang)["replay.status"]
        assert "/" not in status and status.count("{") == 4, status
