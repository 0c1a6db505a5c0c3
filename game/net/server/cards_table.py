"""The Artischocken table of the server (a :class:`~game.net.server.room_table.RoomTable`; pure: no sockets,
files, clock).

``create`` takes the ``create`` message of docs/design.md (``seats``, ``seed``, ``rhubarb``, ``start_player``; also
the table rules ``open_artichokes`` and ``round_limit``; without ``seed`` the table draws one from the operating
system's secure source, far too big to search, and the bots' seeds from another; with one it is ``seeded``: its
creator can know the deal) and starts ``new_game(len(seats), seed=...,
rhubarb=..., start_player=...)``, so that every view equals that local game's ``view(seat)`` after the same
actions. What each seat is sent is a ``state``: exactly ``Game.view(seat, log_since=K)``, its legal actions
(``[]`` while another seat decides) and ``log_from`` = K, where K is 0 after a join and the log size of the
previous state after that. Every change of the game sends every seat its new state (the server drops what
goes to a seat with no connection; that seat gets its whole state when it joins again), so one mark, the log
size at the last change, is every connected audience's K.

Spectators (``watch``) get the public view: the view of seat 0 with everything only seat 0 may know taken
out (hand, known deck top, the cards of private log entries), ``seat`` None and ``legal`` [].
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from typing import Any

from game.artischocken.bots import BOTS, make_bot
from game.artischocken.engine import Action, Game, IllegalAction, new_game
from game.artischocken.engine.cards import ARTICHOKE
from game.artischocken.session import SeatSession
from game.artischocken.turns import bot_decision, bot_seed
from game.net import wire
from game.net.server.room_table import SPECTATORS, Delivery, TableError, seat_number
from game.replay.cards import CardRecord
from game.replay.format import ReplayError

ROOM = "artischocken"
FORMAT = "net-artischocken/1"
#: The bits of the seeds a table draws itself.
SECRET_BITS = 128
#: The bot that plays a dropped seat once its wait is over.
TAKEOVER_BOT = "greedy"

log = logging.getLogger(__name__)


class CardsTable:
    """One Artischocken game on the server, its seats ("remote" or a bot kind) and the log mark."""

    room = ROOM

    def __init__(self, game: Game, seats: list[str], *, bot_seed_base: int, mark: int | None = None,
                 taken_over: set[int] | None = None, seeded: bool = False, record: CardRecord | None = None,
                 names: dict[int, str] | None = None) -> None:
        self.game = game
        #: The first position and every action since (the replay once the game is over); None for a table saved
        #: before tables recorded their games.
        self.record = record
        #: The players' names (for the replay).
        self.names = dict(names or {})
        self.seats = seats
        #: The ``create`` gave the seed: its creator can know the deal.
        self.seeded = seeded
        #: The seed the bots' seeds are derived from (with the position: a resumed table plays on the same).
        self.bot_seed_base = bot_seed_base
        #: The log size every audience was last sent (the next state's ``log_from``).
        self.mark = game.log_size if mark is None else mark
        #: Remote seats a bot plays since their wait ran out; joining again takes them back.
        self.taken_over = set() if taken_over is None else set(taken_over)
        #: The last bot_move's move as the call that makes it again (the server's journal keeps it: a searching
        #: bot deciding anew on a busier machine might choose otherwise), None when it made none.
        self.bot_made: tuple[str, tuple[Any, ...]] | None = None
        #: Whether any spectator hears the table (:meth:`listeners`): their state is made only then.
        self.watched = True

    # -- the RoomTable protocol ----------------------------------------------------------------------------
    def join(self, seat: int | None) -> list[Delivery]:
        if seat is None:
            return [(SPECTATORS, self.public_state(0))]
        seat = seat_number(seat, self.game.players)
        if seat in self.taken_over:  # the player is back: the seat is theirs again
            self.taken_over.discard(seat)
            self.seats[seat] = "remote"
        return [(seat, self.state(seat, 0))]

    def act(self, seat: int, message: Mapping[str, Any]) -> list[Delivery]:
        if message.get("type") != "act":
            raise wire.bad("an artischocken table takes \"act\" messages (and create, join, watch)")
        action = wire.action_from_json(message.get("action"))
        game = self.game
        if game.is_over:
            raise TableError("table_over", "the game is over; no action is possible")
        actor = game.current_player
        if actor != seat:
            raise TableError("not_your_turn", f"seat {actor} decides now, not seat {seat}")
        if self.seats[seat] != "remote":
            raise TableError("not_your_turn", f"seat {seat} is played by a bot now; join again to take it back")
        try:
            game.apply(action)
        except IllegalAction as exc:  # the engine's text names only this seat's own cards and public facts
            raise TableError("illegal", str(exc)) from None
        self.recorded(action)
        return self.changed(seat)

    def bot_due(self) -> bool:
        actor = self.game.current_player
        return actor is not None and self.seats[actor] != "remote"

    def bot_move(self) -> list[Delivery]:
        self.bot_made = None
        action = self.decision()
        if action is None:
            return []
        game, seat = self.game, self.game.current_player
        try:
            game.apply(action)
        except Exception:  # a bot's fault must not stall the table: its seat takes the first legal action
            log.exception("the %s bot of seat %s failed; it plays its first legal action", self.seats[seat or 0], seat)
            action = game.legal_actions()[0]
            game.apply(action)
        self.recorded(action)
        self.bot_made = ("bot_apply", (wire.action_to_json(action),))
        return self.changed()

    def decision(self) -> Action | None:
        """What the bot that decides now does (None when no bot decides): its seed comes from the table's, so
        the table alone decides it (unless a searching bot's CPU time cap cuts its search short on a busy
        machine). A bot that fails takes the first legal action."""
        game = self.game
        seat = game.current_player
        if seat is None or self.seats[seat] == "remote":
            return None
        bot = make_bot(self.seats[seat], bot_seed(self.bot_seed_base, game.log_size, seat))
        try:
            return bot_decision(bot, SeatSession(game, seat))
        except Exception:  # a bot's fault must not stall the table: its seat takes the first legal action
            log.exception("the %s bot of seat %d failed; it plays its first legal action", self.seats[seat], seat)
            return game.legal_actions()[0]

    # -- bots deciding in another process (``serve --bot-worker``) -------------------------------------------
    def bot_decide(self) -> dict[str, Any] | None:
        """:meth:`decision` as the wire's action: a process that resumed the table from its save decides as
        :meth:`bot_move` would here."""
        action = self.decision()
        return None if action is None else wire.action_to_json(action)

    def bot_apply(self, decision: object) -> list[Delivery]:
        """Make a decision of :meth:`bot_decide` taken elsewhere (TableError when no bot decides now or it is not
        a legal action: the table is unchanged)."""
        game = self.game
        if not self.bot_due():
            raise TableError("not_your_turn", "no bot decides at this table now")
        action = wire.action_from_json(decision)
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise TableError("illegal", str(exc)) from None
        self.recorded(action)
        return self.changed()

    def recorded(self, action: Action) -> None:
        if self.record is not None:
            self.record.push(action)

    def seat_to_bot(self, seat: int, kind: str) -> list[Delivery]:
        seat = seat_number(seat, self.game.players)
        if kind not in BOTS:
            raise TableError("bad_message", f"unknown bot kind (known: {', '.join(sorted(BOTS))})")
        if self.seats[seat] == "remote":
            self.seats[seat] = kind
            self.taken_over.add(seat)
        return []

    def whose_turn(self) -> int | None:
        return None if self.game.is_over else self.game.current_player

    def overdue(self) -> list[Delivery]:
        return []  # a card decision waits for its player (a dropped seat is the server's timer's)

    def bot_name(self, seat: int) -> str | None:
        return None  # the bots go by their kind, which each client names in its own language

    def listeners(self, spectators: bool, bodies: bool) -> None:
        self.watched = spectators

    def name_seat(self, seat: int, name: str) -> None:
        self.names[seat] = name  # the game shows no names (the presence does); the replay names the seats

    def result(self) -> dict[str, Any] | None:
        """Once the game is over: the winners and each seat's score, the artichokes left in its cards (the fewer
        the better; the winner has none)."""
        game = self.game
        if not game.is_over:
            return None
        scores = [sum(c == ARTICHOKE for c in (*game.hands[p], *game.decks[p], *game.discards[p]))
                  for p in range(game.players)]
        return {"winners": [] if game.winner is None else [game.winner], "scores": scores}

    def replay(self, created: str = "") -> dict[str, Any]:
        """The replay of the finished game (the deal and every hidden card shown: it is over); TableError
        ``not_over`` before the end, ``no_replay`` for a table saved before tables recorded their games."""
        if not self.game.is_over:
            raise TableError("not_over", "the game is not over yet; its replay comes at the end")
        if self.record is None:
            raise TableError("no_replay", "this game was begun before the server recorded its games: it has no replay")
        seats = [{"name": self.names.get(s, f"Player {s + 1}") if self.person(s) else kind,
                  "kind": "human" if self.person(s) else kind} for s, kind in enumerate(self.seats)]
        return self.record.replay(seats, self.game.seed, self.game, created, {"seeded": self.seeded})

    def person(self, seat: int) -> bool:
        return self.seats[seat] == "remote" or seat in self.taken_over

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "room": ROOM, "seats": list(self.seats), "bot_seed": self.bot_seed_base,
                "seeded": self.seeded, "mark": self.mark, "taken_over": sorted(self.taken_over),
                "game": self.game.to_dict(), "names": {str(s): n for s, n in sorted(self.names.items())},
                **({} if self.record is None else {"record": self.record.to_json()})}

    # -- what a seat is sent -------------------------------------------------------------------------------
    def state(self, seat: int, since: int) -> dict[str, Any]:
        game = self.game
        legal = game.legal_actions() if game.current_player == seat else []
        return {"type": "state", "view": game.view(seat, log_since=since),
                "legal": [wire.action_to_json(a) for a in legal], "log_from": since}

    def public_state(self, since: int) -> dict[str, Any]:
        view = self.game.view(0, log_since=since)
        view["seat"] = None
        view["hand"] = []
        view["deck_top_known"] = []
        pending = view.get("pending")
        if pending is not None:
            pending["mine"] = False
            pending.pop("count", None)
        for entry in view.get("log", ()):
            if not entry["public"]:
                entry["cards"] = None
        return {"type": "state", "view": view, "legal": [], "log_from": since}

    def changed(self, actor: int | None = None) -> list[Delivery]:
        """After a change: every seat played from afar gets its new state, and so do the spectators. The seat
        that acted hears first, then the seat that decides now (they wait on it), then the others."""
        since = self.mark
        first = [s for s in (actor, self.game.current_player) if s is not None]
        order = list(dict.fromkeys([*first, *range(self.game.players)]))
        out: list[Delivery] = [(s, self.state(s, since)) for s in order
                               if self.seats[s] == "remote" or s in self.taken_over]
        if self.watched:  # a spectator who comes later gets the whole public state (join)
            out.append((SPECTATORS, self.public_state(since)))
        self.mark = self.game.log_size
        return out


def create(message: Mapping[str, Any]) -> CardsTable:
    """A new table from a ``create`` message; TableError bad_message when a field is wrong."""
    seats = wire.get_seats(message, frozenset(BOTS))
    given = wire.get_int(message, "seed")
    seed = secrets.randbits(SECRET_BITS) if given is None else given
    rhubarb = wire.get_bool(message, "rhubarb", False)
    start = wire.get_int(message, "start_player", None, low=0, high=len(seats) - 1)
    round_limit = wire.get_int(message, "round_limit", None, low=1)
    open_artichokes = wire.get_bool(message, "open_artichokes", False)
    try:
        game = new_game(len(seats), seed=seed, rhubarb=rhubarb, start_player=start, round_limit=round_limit)
    except ValueError as exc:
        raise wire.bad(str(exc)) from None
    game.open_artichokes = open_artichokes
    bots = secrets.randbits(SECRET_BITS) if given is None else given  # not the deal's seed: bots show their play
    return CardsTable(game, seats, bot_seed_base=bots, seeded=given is not None, record=CardRecord(game.to_dict()))


def resume(d: Mapping[str, Any]) -> CardsTable:
    """The table :meth:`CardsTable.to_dict` wrote; ValueError when it is not one."""
    if d.get("format") != FORMAT:
        raise ValueError(f"not a saved artischocken table (format {d.get('format')!r})")
    try:
        game = Game.from_dict(dict(d["game"]))
        seats = [str(s) for s in d["seats"]]
        if len(seats) != game.players or any(s != "remote" and s not in BOTS for s in seats):
            raise ValueError("the seats do not fit the game")
        record = CardRecord.from_json(d["record"]) if "record" in d else None
        saved = d.get("names")
        names = {int(k): str(v) for k, v in saved.items() if isinstance(k, str) and k.isdigit()} \
            if isinstance(saved, dict) else {}
        return CardsTable(game, seats, bot_seed_base=int(d["bot_seed"]), mark=int(d["mark"]),
                          taken_over={int(s) for s in d.get("taken_over", ())}, seeded=d.get("seeded") is True,
                          record=record, names=names)
    except ReplayError as exc:
        raise ValueError(f"a saved artischocken table has a broken record: {exc}") from None
    except (KeyError, TypeError) as exc:
        raise ValueError(f"a saved artischocken table lacks or mistypes {exc}") from None


__all__ = ["CardsTable", "FORMAT", "ROOM", "TAKEOVER_BOT", "create", "resume"]
