"""Where a table's work is done: the calls of :class:`~game.net.server.room_table.RoomTable`, by table code.

A :class:`TableRunner` holds tables and makes one call at a time on a table (the caller sees to that; calls on
different tables may run at once, in threads). Each call answers a :class:`Reply`: what to send to whom, already
encoded (the work of encoding a big Cactus snapshot is done here too, not on the server's event loop), the facts
about the table that the server reads between calls (:class:`Facts`), the call's value (a save's text), the CPU time
the call took, and for a call that changed the table the call that makes that change again (``redo``: the server's
journal keeps it, :mod:`game.net.server.keeping.journal`; a bot's move as the move it made, which a bot deciding
anew might not make again). A refusal is a reply too (``error``): a runner in another process cannot raise into the
server.

The server's event loop never touches a table itself: a :mod:`~game.net.server.table_host` runs the runner in this
process or in worker processes.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.net import wire
from game.net.server import registry
from game.net.server.room_table import DecidesElsewhere, MakesBotInput, RoomTable, TableError

#: The error code of a save that cannot be resumed, and of a call that failed with a bug (its text: the traceback).
BAD_SAVE = "bad_save"
INTERNAL = "internal"
#: A message to an audience (a seat number or SPECTATORS) as the text of its frame.
Sent = tuple[int, str]
#: The calls that may change a table (what a resumed table would be).
CHANGING = frozenset({"join", "act", "bot_move", "bot_apply", "bot_input", "overdue", "seat_to_bot", "name_seat"})


@dataclass(frozen=True)
class Facts:
    """What the server knows of a table between calls (presence, claims, the bot loop, the reaper)."""

    room: str
    seats: tuple[str, ...]
    over: bool
    turn: int | None
    bot_due: bool
    bot_names: tuple[str | None, ...]
    seeded: bool = False
    #: The bot kind that plays a dropped seat of this room once its wait is over.
    takeover_bot: str = registry.DEFAULT_TAKEOVER_BOT


@dataclass
class Reply:
    """The outcome of one call."""

    sent: list[Sent] = field(default_factory=list)
    facts: Facts | None = None
    value: Any = None
    #: CPU seconds the call took (its thread's time).
    cpu: float = 0.0
    #: (code, message) of a refusal: the table is unchanged.
    error: tuple[str, str] | None = None
    #: More fields of the refusal's error message (TableError's ``extra``: a Cactus call's ``reason``).
    error_extra: dict[str, Any] = field(default_factory=dict)
    #: The call (op, args) that makes this call's change again on the table as it was before; None: no change.
    redo: tuple[str, tuple[Any, ...]] | None = None
    #: Whether the change must be durable before what the call sends goes out (False: a Cactus turn's pointer
    #: moves and steps, which a crash may lose; see docs/design.md, "Remote play").
    answered: bool = True


def facts_of(table: RoomTable) -> Facts:
    return Facts(room=table.room, seats=tuple(table.seats), over=table.is_over, turn=table.whose_turn(),
                 bot_due=table.bot_due(), bot_names=tuple(table.bot_name(s) for s in range(len(table.seats))),
                 seeded=bool(getattr(table, "seeded", False)), takeover_bot=registry.takeover_bot(table.room))


class TableRunner:
    """The tables of one process, by code (see the module doc)."""

    def __init__(self) -> None:
        self.tables: dict[str, RoomTable] = {}

    def run(self, code: str, op: str, args: tuple[Any, ...]) -> Reply:
        """Make call ``op`` on table ``code``; never raises for a refusal or a bad save."""
        start = time.thread_time()
        try:
            reply = self.dispatch(code, op, args)
        except TableError as exc:
            reply = Reply(error=(exc.code, exc.message), error_extra=dict(exc.extra))
        except Exception as exc:  # noqa: BLE001 - a bug of a table (a bot's) must reach the server's log, not end a worker
            reply = Reply(error=(INTERNAL, "".join(traceback.format_exception(exc)).rstrip()))
        table = self.tables.get(code)
        if table is not None and reply.facts is None:
            reply.facts = facts_of(table)
        if table is not None and op in CHANGING and (reply.error is None or reply.error[0] == INTERNAL):
            reply.redo, reply.answered = redo_of(table, op, args, reply)
        reply.cpu = time.thread_time() - start
        return reply

    def dispatch(self, code: str, op: str, args: tuple[Any, ...]) -> Reply:
        if op == "create":
            (message,) = args
            self.tables[code] = registry.create(message)
            return Reply()
        if op == "resume":
            room, state, names = args
            try:
                table = registry.resume(room, state)
            except ValueError as exc:
                raise TableError(BAD_SAVE, str(exc)) from None
            for seat, name in names.items():
                table.name_seat(seat, name)
            self.tables[code] = table
            return Reply()
        if op == "drop":
            self.tables.pop(code, None)
            return Reply()
        found = self.tables.get(code)
        if found is None:
            raise TableError("no_table", "no table has this code on this server")
        table = found
        if op == "join":
            return Reply(encoded(table.join(*args)))
        if op == "act":
            seat, message = args
            return Reply(encoded(table.act(seat, message)))
        if op == "bot_move":
            return Reply(encoded(table.bot_move()))
        if op == "bot_input":  # a Cactus bot's entries, made again (the journal's record of its move)
            seat, batches = args
            if not isinstance(table, MakesBotInput):
                raise TableError("bad_message", f"the bots of {table.room} are kept as their decisions")
            return Reply(encoded(table.bot_input(seat, batches)))
        if op == "overdue":
            return Reply(encoded(table.overdue()))
        if op == "seat_to_bot":
            return Reply(encoded(table.seat_to_bot(*args)))
        if op == "name_seat":
            table.name_seat(*args)
            return Reply()
        if op == "listeners":  # who hears what: no change of the game (nothing to keep)
            table.listeners(*args)
            return Reply()
        if op == "result":
            return Reply(value=table.result())
        if op == "replay":
            return Reply(value=table.replay(*args))
        if op == "save":
            return Reply(value=wire.encode(table.to_dict()))
        if op == "bot_job":  # what a bot worker needs to decide for it: None when it cannot (a Cactus bot)
            able = isinstance(table, DecidesElsewhere) and table.bot_due()
            return Reply(value={"room": table.room, "state": table.to_dict()} if able else None)
        if op == "bot_apply":
            (decision,) = args
            if not isinstance(table, DecidesElsewhere):
                raise TableError("bad_message", f"the bots of {table.room} decide where their table is")
            return Reply(encoded(table.bot_apply(decision)))
        raise ValueError(f"unknown table call {op!r}")


def redo_of(table: RoomTable, op: str, args: tuple[Any, ...], reply: Reply) -> tuple[tuple[str, tuple[Any, ...]] | None,
                                                                                   bool]:
    """The call that makes call ``op`` again (None when it changed nothing) and whether it is an answered change
    (a table may say it is not: ``settled`` False)."""
    if (op == "join" and args[0] is None) or (op == "overdue" and not reply.sent):
        return None, True
    redo: tuple[str, tuple[Any, ...]] = (op, args)
    if op == "bot_move":  # a table that knows its bot's move as a call says it in ``bot_made`` (each bot_move)
        made = getattr(table, "bot_made", None)
        if made is None and not reply.sent and reply.error is None:
            return None, True  # nothing was made
        redo = made if made is not None else redo
    settled = getattr(table, "settled", True) if op in ("act", "bot_move") else True
    return redo, bool(settled)


def bot_decision(job: Mapping[str, Any]) -> Any:
    """The decision of the bot that decides at the table of ``job`` (``bot_job``'s value), made from its save
    (ValueError when the save cannot be resumed, TableError when no bot of it can decide elsewhere)."""
    table = registry.resume(str(job["room"]), job["state"])
    if not isinstance(table, DecidesElsewhere):
        raise TableError("bad_message", f"the bots of {table.room} decide where their table is")
    return table.bot_decide()


def encoded(deliveries: Sequence[tuple[int, Mapping[str, Any]]]) -> list[Sent]:
    """Each delivery's message as the text of its frame (a message to several audiences is encoded once)."""
    out: list[Sent] = []
    last: tuple[Mapping[str, Any], str] | None = None
    for audience, message in deliveries:
        if last is None or last[0] is not message:
            last = (message, wire.encode(message))
        out.append((audience, last[1]))
    return out


__all__ = ["BAD_SAVE", "CHANGING", "INTERNAL", "Facts", "Reply", "Sent", "TableRunner", "bot_decision", "encoded",
           "facts_of", "redo_of"]
