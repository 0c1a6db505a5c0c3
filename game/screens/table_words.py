"""How a table of "Your tables" stands, in words: who won a finished one, whose turn it is, who has yet to sit
down, the names of the others. The seat words are presence's (:func:`game.net.client.presence.seat_words`), so a
seat reads the same here as on the table screens."""

from __future__ import annotations

from game.i18n import t
from game.net.client.presence import seat_words
from game.net.client.your_tables import TableNews


def _seat_name(result: dict[str, object], seat: int) -> str:
    seats = result.get("seats")
    for entry in seats if isinstance(seats, list) else []:
        if isinstance(entry, dict) and entry.get("seat") == seat and entry.get("name"):
            return str(entry["name"])
    return t("presence.player", n=seat + 1)


def over_words(result: dict[str, object], mine: int) -> str:
    """Who won a finished table, in plain words ("Over: Ann won"; ``mine``: this player's seat)."""
    winners = result.get("winners")
    seats = [w for w in winners if isinstance(w, int)] if isinstance(winners, list) else []
    if not seats:
        return t("net.yours.over")
    names = [t("net.yours.you") if seat == mine else _seat_name(result, seat) for seat in seats]
    if seats == [mine]:
        return t("net.yours.over_you")
    if len(names) == 1:
        return t("net.yours.over_one", name=names[0])
    return t("net.yours.over_many", names=t("net.yours.and").join([", ".join(names[:-1]), names[-1]]))


def other_names(news: TableNews, seat: int) -> tuple[str, ...]:
    """The names the server gives the other seats of a table (nameless ones left out)."""
    return tuple(s.name for s in news.seats if s.seat != seat and s.name)


def table_state(news: TableNews, seat: int) -> tuple[str, str]:
    """How a table of "Your tables" stands, in words, and the kind of it (see :class:`TableRow`): the seat words
    are presence's (:func:`game.net.client.presence.seat_words`), the same on every screen."""
    if news.state == "paused":
        return t("net.yours.paused"), "wait"
    waiting = [s for s in news.seats if s.state == "waiting" and s.seat != seat and s.kind != "bot"]
    if waiting:
        entry = waiting[0]
        return seat_words("waiting", entry.name or t("presence.player", n=entry.seat + 1)).line, "wait"
    player = news.seat(news.turn)
    if player is None:
        return t("net.yours.their_turn"), "info"
    name = player.name or t("presence.player", n=player.seat + 1)
    words = seat_words(player.state, name, you=player.seat == seat, turn=True, kind=player.kind)
    mine = player.seat == seat and player.kind != "bot" and player.state not in ("bot", "left", "resigned")
    return words.line, "turn" if mine else "info"
