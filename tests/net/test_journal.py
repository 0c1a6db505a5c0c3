"""The server's journal (docs/design.md, "Remote play: what survives a crash"): records of many tables made durable
in one group, a last line cut short by a crash passed over, a damaged segment set aside with one log line, the
segments that saves hold deleted, and what a table resumes from."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.net.server.keeping import segments
from game.net.server.keeping.journal import Journal, later_records
from game.net.server.keeping.segments import FolderJournal, decode_line, encode_line

from .inprocess import Peer, running

JOURNAL_LOG = "game.net.server.journal"


def write(folder: Path, records: list[tuple[str, int]], *, saved: dict[str, int] | None = None) -> FolderJournal:
    """Records (code, n) appended through a journal and its writer thread, then saves landed for ``saved``."""
    sink = FolderJournal(folder)
    journal = Journal(sink)

    async def run() -> None:
        journal.start()
        tickets = [journal.append(code, '{"call":["act",[0,{}]]}') for code, _ in records]
        await asyncio.gather(*(journal.kept(t, code) for t, (code, _) in zip(tickets, records, strict=True)))
        for code, n in (saved or {}).items():
            journal.saved(code, n)
        await journal.close()

    asyncio.run(run())
    assert journal.groups <= len(records)
    return sink


def test_records_of_many_tables_share_durable_writes_and_read_back_in_order(tmp_path: Path) -> None:
    records = [(code, 0) for code in ("AAAA-AAAA", "BBBB-BBBB") * 50]
    write(tmp_path, records)
    back = FolderJournal(tmp_path).load()
    assert [r["n"] for r in back["AAAA-AAAA"]] == list(range(1, 51))
    assert [r["n"] for r in back["BBBB-BBBB"]] == list(range(1, 51))


def test_a_segment_all_of_whose_records_saves_hold_is_deleted(tmp_path: Path) -> None:
    write(tmp_path, [("AAAA-AAAA", 0)] * 3 + [("BBBB-BBBB", 0)], saved={"AAAA-AAAA": 3, "BBBB-BBBB": 1})
    assert list((tmp_path / "journal").glob("*.log")) == []


def test_a_segment_a_save_does_not_hold_yet_is_kept(tmp_path: Path) -> None:
    write(tmp_path, [("AAAA-AAAA", 0)] * 3, saved={"AAAA-AAAA": 2})
    assert [r["n"] for r in FolderJournal(tmp_path).load()["AAAA-AAAA"]] == [1, 2, 3]


def test_a_last_line_cut_short_by_a_crash_is_passed_over(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    write(tmp_path, [("AAAA-AAAA", 0)] * 2)
    (segment,) = (tmp_path / "journal").glob("*.log")
    segment.write_bytes(segment.read_bytes() + encode_line('{"t":"AAAA-AAAA","n":3,"call":["act",[0,{}]]}')[:20])
    with caplog.at_level(logging.INFO, JOURNAL_LOG):
        back = FolderJournal(tmp_path).load()
    assert [r["n"] for r in back["AAAA-AAAA"]] == [1, 2]
    assert segment.exists() and "cut short" in caplog.text and "ERROR" not in caplog.text


def test_a_damaged_segment_is_set_aside_with_one_log_line_after_its_good_records(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    write(tmp_path, [("AAAA-AAAA", 0)] * 3)
    (segment,) = (tmp_path / "journal").glob("*.log")
    lines = segment.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b"act", b"acx")  # its CRC no longer fits
    segment.write_bytes(b"\n".join(lines))
    with caplog.at_level(logging.INFO, JOURNAL_LOG):
        back = FolderJournal(tmp_path).load()
    assert [r["n"] for r in back["AAAA-AAAA"]] == [1]
    assert not segment.exists() and (tmp_path / "journal" / f"{segment.stem}.corrupt-1.log").exists()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1
    assert "line 2 is not a record" in errors[0].getMessage() and "kept as" in errors[0].getMessage()


@given(st.binary(max_size=200))
def test_a_line_that_is_not_a_record_is_never_taken_for_one(raw: bytes) -> None:
    record = segments.decode_line(raw)
    assert record is None or (isinstance(record["t"], str) and record["n"] > 0)


def test_a_table_resumes_from_its_save_and_the_records_after_it_up_to_a_gap(
        caplog: pytest.LogCaptureFixture) -> None:
    save = {"journal": 2, "tokens": {}}
    records = [{"t": "A", "n": n, "call": ["act", [n]]} for n in (1, 2, 3, 4, 6)]
    with caplog.at_level(logging.ERROR, JOURNAL_LOG):
        base, later, last = later_records(save, records, "A")
    assert base is save and [r["n"] for r in later] == [3, 4] and last == 4
    assert "lacks the changes 5..5" in caplog.text


def test_a_table_made_a_moment_ago_resumes_from_its_save_record_and_a_dropped_one_not_at_all() -> None:
    made = [{"t": "A", "n": 1, "save": {"tokens": {}, "journal": 1}}, {"t": "A", "n": 2, "call": ["act", [0]]}]
    base, later, last = later_records(None, made, "A")
    assert base == made[0]["save"] and later == made[1:] and last == 2
    assert later_records(None, [*made, {"t": "A", "n": 3, "drop": True}], "A")[0] is None
    assert later_records(None, made[1:], "A")[0] is None  # neither its save nor its first record


def test_the_records_of_a_table_that_cannot_be_resumed_are_set_aside_once_and_the_next_start_is_quiet(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with running(tmp_path) as server:
        peer = Peer(server.url)
        kept = peer.ask({"type": "create", "room": "artischocken", "seats": ["remote", "remote"]}, "created")["table"]
        peer.close()
    mark = json.loads((tmp_path / f"{kept}.json").read_text("utf-8"))["journal"]
    # What a crash may leave: a record the table's save holds already, and records of a table with no save whose
    # journal lacks its start.
    lost = "AAAA-AAAA"
    lines = [f'{{"t":"{kept}","n":{mark},"env":{{}}}}',
             *(f'{{"t":"{lost}","n":{n},"call":["act",[0,{{}}]]}}' for n in (3, 4))]
    (tmp_path / "journal" / "000009.log").write_bytes(b"".join(encode_line(line) for line in lines))
    with caplog.at_level(logging.INFO, JOURNAL_LOG), running(tmp_path) as server:
        assert server.call(lambda s: sorted(s.tables)) == [kept]
    assert f"table {lost} has no save that can be read" in caplog.text
    damaged = (tmp_path / "journal" / "damaged" / f"{lost}.log").read_bytes().splitlines()
    assert [(r["t"], r["n"]) for r in map(decode_line, damaged) if r is not None] == [(lost, 3), (lost, 4)]
    assert list((tmp_path / "journal").glob("*.log")) == []  # neither table needs the segment any more
    caplog.clear()
    with caplog.at_level(logging.INFO, JOURNAL_LOG), running(tmp_path) as server:
        assert server.call(lambda s: sorted(s.tables)) == [kept]
    assert lost not in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
