"""Table codes of remote play: the address plus the table id, read back leniently, bad ones named clearly."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.net.codes import DEFAULT_PORT, CodeError, make_code, parse_code


def test_code_round_trip_carries_address_and_table() -> None:
    code = parse_code(make_code("192.168.1.20", 8765, "K7QX2M"))
    assert (code.host, code.port, code.table) == ("192.168.1.20", 8765, "K7QX2M")
    assert code.url == "ws://192.168.1.20:8765"


def test_code_is_lenient_about_what_people_type() -> None:
    assert parse_code("  ws://myhost.local:9000/AB12/ ").url == "ws://myhost.local:9000"
    assert parse_code("myhost/AB12").port == DEFAULT_PORT
    six = parse_code("[::1]:8000/T1")
    assert six.host == "::1" and six.url == "ws://[::1]:8000" and str(six) == "[::1]:8000/T1"


@pytest.mark.parametrize("text", [
    "192.168.1.20:8765/K7QX-2M9P", " 192.168.1.20 : 8765 / K7QX-2M9P ", "192.168.1.20:8765/K7QX 2M9P",
    "192.168. 1.20:8765/K7QX - 2M9P", "ws://192.168.1.20:8765/ K7QX  2M9P /",
])
def test_a_code_typed_with_spaces_is_the_same_code(text: str) -> None:
    code = parse_code(text)
    assert (code.url, code.table) == ("ws://192.168.1.20:8765", "K7QX-2M9P")


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty"), ("   ", "empty"), ("192.168.1.20:8765", "no_table"), ("host:8765/", "no_table"),
    ("host:99999/AB", "bad_port"), ("host:port/AB", "bad_port"), ("host:1/A.B", "bad_table"),
    ("[zz]:1/AB", "bad_host"),
])
def test_bad_codes_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(CodeError) as err:
        parse_code(text)
    assert err.value.reason == reason and str(err.value)


@given(st.from_regex(r"[a-z][a-z0-9-]{0,10}(\.[a-z0-9]{1,5}){0,2}", fullmatch=True),
       st.integers(1, 65535), st.from_regex(r"[A-Za-z0-9_-]{1,20}", fullmatch=True))
def test_every_made_code_parses_back(host: str, port: int, table: str) -> None:
    code = parse_code(make_code(host, port, table))
    assert (code.host, code.port, code.table) == (host, port, table)
