"""What a seat may know (A-G2): the seat's view of a game and of its event log, and the full event dicts (pure).

Functions of the game (``engine.Game``, typed only). A seat's log entry (:func:`event_view`) keeps every field
of the event but shows the card names only when the event is public or names that seat in ``visible_to``;
otherwise ``cards`` is None and ``count`` still tells how many cards moved. An open decision is shown by
:func:`pending_view`: who decides, and what lies revealed for everyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.artischocken.engine.cards import ARTICHOKE, Event
from game.artischocken.engine.decisions import EggplantDecision, LeekDecision, PeasDecision

if TYPE_CHECKING:
    from game.artischocken.engine.game import Game


def check_seat(game: Game, player: object) -> int:
    """``player`` as a seat of this game, else ValueError."""
    if not isinstance(player, int) or not 0 <= player < game.players:
        raise ValueError(f"player must be a seat number 0..{game.players - 1}, got {player!r}")
    return player


def event_dict(e: Event) -> dict[str, Any]:
    """The full event (hidden cards included), as saved."""
    vis = e[7]
    return {"what": e[0], "seat": e[1], "cards": list(e[2]), "from": e[3], "to": e[4], "target": e[5],
            "by": e[6], "visible_to": None if vis is None else list(vis)}


def event_view(e: Event, viewer: int) -> dict[str, Any]:
    """The event as seat ``viewer`` sees it."""
    vis = e[7]
    if vis is None or viewer in vis:
        cards: list[str] | None = list(e[2])
    else:
        cards = None
    return {"what": e[0], "seat": e[1], "cards": cards, "count": len(e[2]), "from": e[3], "to": e[4],
            "target": e[5], "by": e[6], "public": vis is None}


def log_view(game: Game, player: int, since: int = 0) -> list[dict[str, Any]]:
    """Seat ``player``'s view of the event log from entry ``since`` on."""
    p = check_seat(game, player)
    return [event_view(e, p) for e in game.log[max(0, since):]]


def events(game: Game, since: int = 0) -> list[dict[str, Any]]:
    """The full event log as dicts; for replays and tests, never for a seat."""
    return [event_dict(e) for e in game.log[since:]]


def pending_view(game: Game, player: int) -> dict[str, Any] | None:
    """The open decision as seat ``player`` sees it (the ``pending`` of :func:`view`); None when there is none."""
    pending = game.pending
    if pending is None:
        return None
    current = game.current_player
    pend: dict[str, Any] = {"kind": pending.kind, "seat": current, "by": pending.seat, "mine": current == player}
    if isinstance(pending, LeekDecision | PeasDecision):  # the revealed cards lie face up for everyone
        pend["revealed"] = list(pending.revealed)
        if isinstance(pending, LeekDecision):
            pend["target"] = pending.target
    elif isinstance(pending, EggplantDecision):
        pend["waiting"] = list(pending.queue)
        if current == player:
            pend["count"] = min(2, len(game.hands[player]))
    return pend


def view(game: Game, player: int, *, log: bool = True, log_since: int = 0) -> dict[str, Any]:
    """What seat ``player`` may know (A-G2), JSON-safe. ``log=False`` leaves the event log out."""
    p = check_seat(game, player)
    known = game.known[p]
    deck = game.decks[p]
    current = game.current_player
    out: dict[str, Any] = {
        "seat": p,
        "players": game.players,
        "rhubarb": game.rhubarb,
        "open_artichokes": game.open_artichokes,
        "round_limit": game.round_limit,
        "current_player": current,
        "phase": game.phase,
        "turn": {"player": game.player, "number": game.turn_number, "round": game.round,
                 "played": list(game.played)},
        "hand": list(game.hands[p]),
        "deck_top_known": deck[:-known - 1:-1] if known else [],
        "seats": [
            {"seat": s, "hand_count": len(game.hands[s]), "deck_count": len(game.decks[s]),
             "discard": list(game.discards[s])}
            for s in range(game.players)
        ],
        "garden_row": list(game.row),
        "garden_stack_count": len(game.stack),
        "compost": list(game.compost),
        "in_play": game.in_play,
        "pending": pending_view(game, p),
        "is_over": game.is_over,
        "winner": game.won_by,
        "log_size": len(game.log),
    }
    if game.open_artichokes or game.is_over:  # the table rule, or the game is over: nothing is secret now
        for s, info in enumerate(out["seats"]):
            info["artichokes"] = (game.hands[s].count(ARTICHOKE) + game.decks[s].count(ARTICHOKE)
                                  + game.discards[s].count(ARTICHOKE))
        if game.won_by is not None:  # A-W1: the winner shows the hand without artichokes
            out["winner_hand"] = list(game.hands[game.won_by])
    if log:
        out["log"] = [event_view(e, p) for e in game.log[log_since:]]
    return out
