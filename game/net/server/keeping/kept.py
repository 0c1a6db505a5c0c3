"""The way between the server's tables and its journal: every change of a table is recorded before its answer goes
out (:class:`KeptHost`), and a table comes back from its save and its later records (:func:`reopen`,
:func:`entry_of`).

:class:`KeptHost` stands between the server and where its tables run (a
:class:`~game.net.server.table_host.Host`): a call that changed a table (its reply's ``redo``,
:mod:`game.net.server.table_runner`) is appended to the journal and, when it is an answered change, awaited until
durable before the reply goes back to the server, which only then sends what the call sends. The changes the
server keeps beside the table (tokens, seats, names) are recorded by the server itself (``env`` records).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from game.net.server.entry import Entry, saved_names, saved_players, saved_seats, saved_waits
from game.net.server.keeping.journal import Journal, NotKept, call_body
from game.net.server.room_table import TableError
from game.net.server.table_host import Host, TableFailure, TableHandle
from game.net.server.table_runner import INTERNAL, Reply

log = logging.getLogger("game.net.server.journal")


class KeptHost:
    """A :class:`~game.net.server.table_host.Host` whose table changes are kept in ``journal`` (see the module
    doc); ``host`` is where the tables run."""

    def __init__(self, host: Host, journal: Journal) -> None:
        self.host = host
        self.journal = journal

    def place(self, code: str, *, bots_only: bool) -> None:
        self.host.place(code, bots_only=bots_only)

    async def call(self, code: str, op: str, args: tuple[Any, ...]) -> Reply:
        reply = await self.host.call(code, op, args)
        if reply.redo is not None:
            ticket = self.journal.append(code, call_body(*reply.redo))
            if reply.answered:
                try:
                    await self.journal.kept(ticket, code)
                except NotKept as exc:  # another process holds the table now: nothing of this goes out
                    reply.sent, reply.error = [], ("busy", f"{exc}; join the table again")
        return reply

    async def close(self) -> None:
        await self.host.close()


def inner(host: Host) -> Host:
    """Where the tables of ``host`` run (the calls that make records again are not recorded again)."""
    return host.host if isinstance(host, KeptHost) else host


async def reopen(host: Host, code: str, save: Mapping[str, Any], records: list[dict[str, Any]]) -> TableHandle:
    """Table ``code`` back on ``host`` from ``save`` (the envelope) with the calls of ``records`` (made after it)
    made again in order; TableError or TableFailure when its save cannot be resumed. A call made again that fails
    is logged and passed over (it failed the first time too, or the table is as near as it can be)."""
    tokens = {int(s) for s in dict(save["tokens"])}
    names = saved_names(save.get("names"), dict.fromkeys(tokens, ""))
    where = inner(host)
    reply = await where.call(code, "resume", (str(save["room"]), save["state"], names))
    if reply.error is not None or reply.facts is None:
        await where.call(code, "drop", ())
        err, text = reply.error or (INTERNAL, "the table was not made")
        raise TableFailure(text) if err == INTERNAL else TableError(err, text)
    facts = reply.facts
    for record in records:
        call = record.get("call")
        if not isinstance(call, list) or len(call) != 2 or not isinstance(call[1], list):
            continue
        again = await where.call(code, str(call[0]), tuple(call[1]))
        if again.error is not None:
            log.warning("table %s: change %d (%s) could not be made again: %s", code, record["n"], call[0],
                        again.error[1].strip().splitlines()[-1])
        facts = again.facts or facts
    return TableHandle(code, host, facts)


def envelope_of(save: Mapping[str, Any], records: list[dict[str, Any]]) -> Mapping[str, Any]:
    """What the server keeps beside the table: the last ``env`` record's, else the save's."""
    for record in reversed(records):
        env = record.get("env")
        if isinstance(env, Mapping) and isinstance(env.get("tokens"), Mapping):
            return env
    return save


def entry_of(code: str, table: TableHandle, data: Mapping[str, Any]) -> Entry:
    """The server's entry of a resumed table, from what its save (or its last ``env`` record) keeps beside it."""
    tokens = {int(s): str(h) for s, h in dict(data["tokens"]).items()}
    entry = Entry(code, table, tokens, bool(data.get("bot_takeover", True)), {int(s) for s in data.get("joined", ())})
    held = data.get("held")
    entry.held = held if isinstance(held, int) and held in tokens else None
    entry.sat = saved_seats(data.get("sat"), tokens) if "sat" in data else set(entry.joined)
    entry.resigned = saved_seats(data.get("resigned"), tokens)
    entry.left = saved_seats(data.get("left"), tokens)
    entry.names = saved_names(data.get("names"), tokens)  # a save from before names: none
    entry.players = saved_players(data.get("players"), tokens)
    ended = data.get("ended_at")
    entry.ended_at = float(ended) if isinstance(ended, (int, float)) and not isinstance(ended, bool) else None
    entry.resumed_waits = saved_waits(data.get("waits"), tokens)
    return entry


__all__ = ["KeptHost", "entry_of", "envelope_of", "inner", "reopen"]
