"""Who sits where at a table, as the ``presence`` and ``table`` messages tell it (docs/design.md, "Remote play").

Pure: the server (:mod:`game.net.server.table_server`) gathers the facts of each seat and this module turns them
into the wire's seat entries, and says which seats a ``claim`` could hand out (what the server advertises as
free). No sockets, no clock: the seconds until a bot plays a seat come in already counted.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

#: The states of a seat: a person's seat nobody sat down at yet; a connection holds it; dropped (its wait counts
#: down); stepped away on purpose (a bot plays it); a bot plays it (from the start, or its wait ran out); back, but
#: the bot finishes the running turn (Cactus); given up for good.
STATES = ("waiting", "here", "away", "left", "bot", "returning", "resigned")


@dataclass(frozen=True)
class SeatFacts:
    """What the server knows of one seat at one moment."""

    seat: int
    #: The seat was set up for a person over the network (else: a bot from the start).
    person: bool
    #: The person's name, or for a bot seat the game's name of its bot (None: none known).
    name: str | None
    #: A connection holds the seat now.
    held: bool
    #: A connection held the seat at least once.
    sat: bool
    #: A bot plays the seat now (from the start, since its wait ran out, or since it was given up).
    bot_now: bool
    #: The game is over.
    over: bool = False
    #: Seconds until a bot plays the seat (None: no wait is running; a frozen wait of a paused table counts too).
    bot_in: float | None = None
    #: Its player stepped away on purpose (``leave``) and has not joined again since.
    left: bool = False
    #: Its player gave it up for good (``resign``).
    resigned: bool = False


def state_of(facts: SeatFacts) -> str:
    """One of :data:`STATES` for the seat."""
    if not facts.person:
        return "bot"
    if facts.resigned:
        return "resigned"
    if facts.held:  # a bot still playing a held seat is the running turn's, until the next turn start
        return "returning" if facts.bot_now and not facts.over else "here"
    if facts.left:
        return "left"
    if facts.bot_now:
        return "bot"
    return "away" if facts.sat else "waiting"


def entry(facts: SeatFacts) -> dict[str, Any]:
    """The seat's entry of a ``presence`` or ``table`` message."""
    state = state_of(facts)
    bot_in = facts.bot_in if state == "away" and facts.bot_in is not None else None
    return {"seat": facts.seat, "name": facts.name, "kind": "remote" if facts.person else "bot", "state": state,
            "bot_in": None if bot_in is None else round(max(0.0, bot_in), 1)}


def signature(entries: Sequence[dict[str, Any]]) -> tuple[tuple[Any, ...], ...]:
    """What makes two presences differ for the players (a countdown ticking does not; one starting does)."""
    return tuple((e["seat"], e["name"], e["kind"], e["state"], e["bot_in"] is None) for e in entries)


def claimable(kinds: Sequence[str], remote: Collection[int], taken: Collection[int], held: Collection[int],
              kept: int | None, over: bool) -> list[int]:
    """The seats a ``claim`` could hand out, in order: remote seats (``remote``, with a token) that are still a
    person's (``kinds``: "remote"), never joined nor claimed (``taken``), held by no connection (``held``) and not
    kept for the creator (``kept``); none once the game is over."""
    if over:
        return []
    return [s for s in sorted(remote) if s not in taken and s not in held and s != kept and kinds[s] == "remote"]


__all__ = ["STATES", "SeatFacts", "claimable", "entry", "signature", "state_of"]
