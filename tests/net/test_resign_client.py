"""Giving a seat up as a table scene follows it (game.net.client.resign.Resignation): nothing happens before the
message is sent; the server's confirmation ends it once; a refusal or a lost connection is said once and the
seat stays; a confirmation that comes after a failure was said still counts."""

from __future__ import annotations

from game.i18n import t
from game.net.client.resign import Resignation


def test_nothing_is_said_before_the_resign_is_sent_and_the_confirmation_counts_once() -> None:
    r = Resignation()
    assert r.check(resigned=False, refused="no", connected=False) is None  # not sent: nothing to say
    r.sent()
    assert r.waiting
    assert r.check(resigned=False, refused=None, connected=True) is None  # on its way
    assert r.check(resigned=True, refused=None, connected=True) == ("done", "")
    assert not r.waiting
    assert r.check(resigned=True, refused=None, connected=True) is None  # once


def test_a_refusal_or_a_lost_connection_is_said_once_and_a_late_confirmation_still_counts() -> None:
    r = Resignation()
    r.sent()
    assert r.check(resigned=False, refused="the game is over", connected=True) == (
        "failed", t("presence.resign.failed", detail="the game is over"))
    assert r.check(resigned=False, refused="the game is over", connected=True) is None
    r.sent()
    assert r.check(resigned=False, refused=None, connected=False) == ("failed", t("presence.resign.lost"))
    assert r.check(resigned=True, refused=None, connected=True) == ("done", "")  # it reached the server after all
