"""A table's life as the server tells it (docs/design.md, "Remote play"): waiting, playing, paused, over.

Pure: the server (:mod:`game.net.server.table_server`) counts the facts and this module says what state the table
is in and whether it may play. A table with at least one person's seat and no person connected to any of its
seats stands still: no bot moves and no seat wait counts down, so bots never finish a game no person watches.
A table of bots only (or whose persons all gave their seats up) plays as it always did.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The life states of a table: a person's seat was never sat at; playing; nobody is at it (it stands still);
#: the game is over.
LIFE_STATES = ("waiting", "playing", "paused", "over")


@dataclass(frozen=True)
class TableFacts:
    """What the server knows of a table at one moment."""

    over: bool
    #: Seats that are a person's (remote seats not given up), whoever plays them now.
    persons: int
    #: Of those, seats nobody ever sat down at.
    unsat: int
    #: Persons connected to a seat of the table now.
    connected: int


def stands_still(facts: TableFacts) -> bool:
    """Whether the table may not play now: it has a person's seat and no person is connected (nor is it over)."""
    return not facts.over and facts.persons > 0 and facts.connected == 0


def state_of(facts: TableFacts) -> str:
    """One of :data:`LIFE_STATES`: over; waiting while a person's seat was never sat at; paused while nobody is
    at the table; else playing."""
    if facts.over:
        return "over"
    if facts.unsat > 0:
        return "waiting"
    if stands_still(facts):
        return "paused"
    return "playing"


__all__ = ["LIFE_STATES", "TableFacts", "stands_still", "state_of"]
