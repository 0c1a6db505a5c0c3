"""German words a German player expects: recorded games are "Aufzeichnungen" (a "Wiederholung" is a rerun or
the editor's redo), and the card table uses the German rule sheet's own words ("Vorrat" for the deck, explained
as the draw pile where it stands; "Gartenstapel"; "Gemüsekisten")."""

from __future__ import annotations

from pathlib import Path

from game.i18n import catalogue, set_language


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


def test_cactus_names_the_pieces_under_the_table_and_the_flower_supply_apart() -> None:
    # "Vorrat" named both the basic pieces under the table and the spare flower tokens: each has its own word now
    for lang, pieces, flowers in (("de", "Grundform", "Vorrat"), ("en", "basic piece", "supply")):
        words = catalogue(lang)
        assert flowers.lower() in words["cactus.bank.supply"].lower()
        for key in ("cactus.heap", "cactus.prompt.choose", "cactus.refuse.choose_first", "cactus.guide.choose",
                    "cactus.place.supply", "rules.cactus.take.text"):
            assert pieces.lower() in words[key].lower(), (lang, key)
            assert flowers.lower() not in words[key].lower(), (lang, key)


def test_a_count_of_turns_reads_right_for_none_one_and_many() -> None:
    # a first-turn win left the other seat with "0 Züge", and a one-turn replay said "1 Züge"
    from game.artischocken.table.panels import stats_lines
    from game.screens.scene_replays import Entry

    def plain(text: str) -> str:
        return text.replace("\N{NO-BREAK SPACE}", " ")

    def listed(begun: int) -> str:
        data = {"room": "artischocken", "seats": [{"name": "Anna"}, {"name": "Ben"}],
                "result": {"winner": 0, "begun": begun, "over": True}}
        return Entry(Path("x.json"), data).summary[3]

    for lang, none, one, many in (("de", "kein Zug", "1 Zug", "2 Züge"), ("en", "no turn", "1 turn", "2 turns")):
        set_language(lang)
        try:
            assert [plain(stats_lines({"turns": n})[0].split("  ·  ")[0]) for n in (0, 1, 2)] == [none, one, many]
            assert [plain(listed(n).rsplit(" · ", 1)[1]) for n in (0, 1, 2)] == [none, one, many]
        finally:
            set_language("en")
