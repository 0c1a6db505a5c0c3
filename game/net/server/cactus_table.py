"""The Cactus table of the server: one authoritative match, the hand's input streamed live.

Determinism does the work. At every turn start the table rebuilds its match from the match's own dict (the
*snapshot*, ``game.replay.cactus.rebuilt``) and sends that snapshot to every seat and spectator; everyone
builds ``Match.from_dict(snapshot)``, and two matches from one dict have identical futures under the same
calls. What is sent is blind (:func:`~game.net.cactus_stream.blind`): the rules' generator and the seed stay
on the table, which rolls the die itself when a seat asks with ``["r"]`` and relays ``["r", face]`` to
everyone, the roller too (every copy makes it as a told roll); the table's own match keeps the real generator
(its save too). The seat whose turn it is plays on its own copy at once (no network delay) and streams its
calls (the replay stream's entries, :mod:`game.net.cactus_stream`); the table makes the same calls on its match
and relays them to the others, who make them too, so they see the drag live. When the turn ends (confirm) the table's
outcome is the one that counts: the next snapshot goes to all with the checksum of the ended turn, and a
client whose own checksum differs rebuilds from it; a confirm's ``claim`` is only compared with the table's
verdict (a forged one is answered with ``resync`` and changes nothing). Bot seats are played here by
:class:`~game.cactus.bots.simple.Bot` and streamed the same way (their piece falls live: settling is streamed as steps).

Messages (every one a JSON object; ``turn`` is the rules' turn number, ``seq`` counts the input messages
since the snapshot)::

    -> {"type": "create", "room": "cactus", "seats": ["remote", "remote", "bot"], "seed": 7?,   # seed: seeded
        "names": [...]?, "options": {"long_game": false, "strict_claim": false, "die": {...}}?,
        "start_player": 0?}                                    # seats: "remote" or "bot" ("greedy": the same)
    <- {"type": "turn", "reason": "join" | "sync" | "turn_end", "turn": T, "active": seat | null,
        "snapshot": {...Match.to_dict()...}, "checksum": "<16 hex>", "seq": K, "stream": [...],
        "ended": {"turn": T-1, "checksum": ..., "flowers": [...]} | null, "events": [...], "over": bool,
        "seats": [...]}                   # stream: the entries since the snapshot (join / sync only, else [])
    -> {"type": "input", "turn": T, "seq": K, "items": [...entries...], "claim": {"checksum", "flowers"}?}
    <- {"type": "input", "seat": S, "turn": T, "seq": K, "items": [...]}   # relayed to the others and spectators
                                          # (a roll, ["r", face], to the roller too: its face)
    <- {"type": "resync", "turn": T, "checksum": <the table's>, "claimed": {...}}  # a claim that was wrong
    -> {"type": "sync"}                   # any seat, any time: the snapshot and the stream so far again
    <- {"type": "seats", "seats": [...]}  # a dropped seat is played by a bot from now on
    <- {"type": "bodies", "turn": T, "seq": K, "active": seat | null, "stage": "...", "piece": id | null,
        "held": id | null, "flowers": [per seat], "pieces": [[id, x, y, angle], ...],
        "pointer": [qx, qy], "angle": a, "face": "..." | null, "first_turn": bool, "wanted": [what, value] | null,
        "allowed": [ids], "target": cactus | null, "violations": [{"kind", "pieces"}], "can_confirm": bool,
        "hand": {"grip": [x, y], "pointer": [x, y], "ring": mm, "touching": bool} | null}
                                          # after every change, to the connections that asked for it
                                          # ("bodies": true): a client that runs no physics (the browser's page),
                                          # which plays its seat by sending the stream's entries from the pointer
                                          # (pointer: the turn's pointer so far, in 1/100 mm; angle: the turn of
                                          # the piece in the hand)

A taken-over seat whose player joins again is theirs from the next turn start (the bot ends the running turn,
which may hold a piece in the air); the players' names (:meth:`CactusTable.name_seat`) become the match's at the
next turn start too, so every copy of the match changes alike.

Errors: input from a seat whose turn it is not: ``not_your_turn``; an old ``turn`` or ``seq`` or a call the match
refuses: ``illegal``; malformed entries or a message's limits broken (:func:`~game.net.cactus_stream.check_batch`):
``bad_message``; input after the end: ``table_over``. The table is unchanged by every refused message.

A turn has bounds (``MAX_TURN_*`` of :mod:`game.net.cactus_stream`: steps, simulated seconds, entries, bytes;
and the server's wall-clock bound, :meth:`CactusTable.overdue`). Input that would pass one is not made: the seat
is told ``{"type": "turn_limit", "seat": S, "turn": T, "bound": "steps" | "seconds" | "entries" | "bytes" |
"time"}``, everyone gets ``seats`` (the seat is the bot's), the bot finishes the turn and the seat is the
player's again from the next turn start.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from game.cactus.bots.simple import BOT_NAMES, Bot
from game.cactus.match import Match, MatchError, Stage
from game.cactus.rules import MAX_PLAYERS, MIN_PLAYERS, Options
from game.net.cactus_stream import (
    MAX_TURN_BYTES,
    MAX_TURN_ENTRIES,
    MAX_TURN_SECONDS,
    MAX_TURN_STEPS,
    REFUSABLE,
    Capture,
    Feed,
    NotedMatch,
    blind,
    check_batch,
    check_claim,
    flowers_of,
    noted,
    seconds_in,
    steps_in,
    verdict,
)
from game.net.server.room_table import BODY_WATCHERS, SPECTATORS, Delivery, TableError, seat_number
from game.replay.cactus import CactusRecord, plain, replay
from game.replay.format import ReplayError, checksum
from game.rngstate import rng_from_json, rng_to_json
from physics.hand import ZONE_RADIUS

SAVE_FORMAT = "cactus-table/1"
#: Seat kinds: a person over the wire, or the Cactus bot (one kind; "greedy", the server's default
#: takeover kind, is taken to mean it too).
REMOTE = "remote"
BOT_KINDS = ("bot", "greedy")
TAKEOVER_BOT = "bot"
#: A bot's falling piece is streamed as steps of this size, so many per :meth:`CactusTable.bot_move`.
BOT_DT = 0.01
BOT_STEPS = 25
#: A bot that cannot place its piece in this many moves of one turn stops (the table waits instead of spinning:
#: some positions leave the bot no placement it finds valid, in local play too).
MAX_BOT_MOVES = 1500
MAX_NAME = 24
#: What entries cost a turn (:meth:`CactusTable.cost`), and the names of the turn's bounds in that order.
Cost = tuple[int, float, int, int]
BOUNDS = ("steps", "seconds", "entries", "bytes")
#: The bits of a seed the table draws itself (the rules' saves hold seeds below 2**63).
SECRET_BITS = 62


class CactusTable:
    """One Cactus game as the server drives it (:class:`~game.net.server.room_table.RoomTable`)."""

    room = "cactus"

    def __init__(self, seats: list[str], match: NotedMatch, *, events: list[dict[str, Any]] | None = None,
                 ended: dict[str, Any] | None = None, taken_over: set[int] | None = None,
                 seeded: bool = False) -> None:
        self.seats = seats
        #: The ``create`` gave the seed: its creator can know every roll.
        self.seeded = seeded
        #: Remote seats a bot plays since their wait ran out; joining again takes them back at the next turn start.
        self.taken_over = set() if taken_over is None else set(taken_over)
        #: Taken-over seats whose player joined again: theirs from the next turn start (the bot ends this turn).
        self.back: set[int] = set()
        #: The players' names, set into the match at the next turn start (all copies of the match alike).
        self.names: dict[int, str] = {}
        self.bot = Bot()
        self.events = events or []  # of the last ended turn
        self.ended = ended
        self.match = match
        self.record = CactusRecord({})
        self.feed = Feed(match)
        self.batches = 0
        self.turn_steps = 0
        self.turn_seconds = 0.0  # simulated
        self.turn_entries = 0
        self.turn_bytes = 0
        self.bot_moves = 0  # this turn
        self.turn = match.turn_key
        self.checksum = ""
        #: The whole game's recording (the replay once it is over); None for a table saved before tables recorded
        #: their games.
        self.game: GameRecord | None = None
        #: Whether the last act or bot move settled something a player is answered (a roll's face, a turn's end, a
        #: turn handed to the bot): the server keeps such a change durably before its answer goes out; pointer moves
        #: and steps between are relayed at once (a crash may lose them: the seats rebuild from what is kept).
        self.settled = True
        #: The last bot_move's entries as the call that makes them again (the journal keeps the bot's move, not
        #: its search, part of which the save does not hold), None when it made none.
        self.bot_made: tuple[str, tuple[Any, ...]] | None = None
        #: Whether any connection asked for the bodies (:meth:`listeners`): they are made after a change only then.
        self.bodies_heard = True

    # ------------------------------------------------------------------ segments
    def begin(self) -> None:
        """A new snapshot: the match rebuilt from its own dict (so it shares the clients' future; the clients get
        the dict blind, the table keeps its generator). Seats whose players came back are theirs again from
        here, and the players' names are the match's."""
        for seat in self.back:
            self.taken_over.discard(seat)
            self.seats[seat] = REMOTE
        self.back.clear()
        for seat, name in self.names.items():
            self.match.rules.names[seat] = name
        over = self.match.is_over  # at the end the seats are their players' again (the replay names them so)
        self.match.bots = [kind != REMOTE and not (over and s in self.taken_over) for s, kind in enumerate(self.seats)]
        full = plain(self.match)
        if self.game is None and not self.record.start:  # the first turn: the game's recording begins here
            self.game = GameRecord(full)
        snapshot = blind(full)
        self.match = noted(full)
        self.record = CactusRecord(snapshot)
        self.feed = Feed(self.match)
        self.batches = 0
        self.turn_steps = 0
        self.turn_seconds = 0.0
        self.turn_entries = 0
        self.turn_bytes = 0
        self.bot_moves = 0
        self.turn = self.match.turn_key
        self.checksum = checksum(snapshot)

    def turn_message(self, reason: str, *, with_stream: bool = False) -> dict[str, Any]:
        m = self.match
        return {"type": "turn", "reason": reason, "turn": self.turn,
                "active": None if m.is_over else m.current, "snapshot": self.record.start,
                "checksum": self.checksum, "seq": self.batches if with_stream else 0,
                "stream": list(self.record.stream) if with_stream else [], "ended": self.ended,
                "events": self.events, "over": m.is_over, "seats": list(self.seats)}

    def everyone(self, message: dict[str, Any], but: int | None = None) -> list[Delivery]:
        """``message`` to every remote seat (but ``but``) and the spectators."""
        out: list[Delivery] = [(s, message) for s, kind in enumerate(self.seats)
                               if (kind == REMOTE or s in self.taken_over) and s != but]
        out.append((SPECTATORS, message))
        return out

    # ------------------------------------------------------------------ RoomTable
    def join(self, seat: int | None) -> list[Delivery]:
        if seat is None:
            return [(SPECTATORS, self.turn_message("join", with_stream=True)), self.bodies()]
        seat = seat_number(seat, len(self.seats))
        if seat in self.taken_over:  # the player is back: the bot ends the running turn (it may hold a piece)
            self.back.add(seat)
        return [(seat, self.turn_message("join", with_stream=True)), self.bodies()]

    def listeners(self, spectators: bool, bodies: bool) -> None:
        self.bodies_heard = bodies

    def heard_bodies(self) -> list[Delivery]:
        """:meth:`bodies` after a change, when any connection hears them."""
        return [self.bodies()] if self.bodies_heard else []

    def bodies(self) -> Delivery:
        """Every piece in the world where the table's match has it now (what a client without physics draws),
        after the turn's first ``seq`` input messages, with whose turn it is, its stage, the piece it places and the
        flowers: all public."""
        m = self.match
        pieces = []
        for pid in m.world.pieces_in_world():
            x, y, angle = m.world.pose(pid)
            pieces.append([pid, round(x, 2), round(y, 2), round(angle, 4)])
        rules = m.rules
        face = rules.turn.roll
        hand = m.world.hand
        grip = hand.grip_world()
        return (BODY_WATCHERS, {"type": "bodies", "turn": self.turn, "seq": self.batches,
                                "active": None if m.is_over else m.current, "stage": m.stage.value,
                                "piece": m.piece, "held": m.held, "flowers": flowers_of(m), "pieces": pieces,
                                "pointer": list(self.record.pointer), "angle": round(m.hand_angle, 4),
                                "face": None if face is None else face.value, "first_turn": rules.first_turn,
                                "wanted": list(rules.wanted()) if m.stage == Stage.CHOOSE else None,
                                "allowed": m.allowed(), "target": rules.target_cactus(),
                                "violations": [{"kind": v.kind, "pieces": list(v.pieces)} for v in m.violations],
                                "can_confirm": m.can_confirm,
                                "hand": None if grip is None else {
                                    "grip": [round(grip[0], 2), round(grip[1], 2)],
                                    "pointer": [round(v, 2) for v in hand.pointer], "ring": ZONE_RADIUS,
                                    "touching": hand.touching}})

    def act(self, seat: int, message: Mapping[str, Any]) -> list[Delivery]:
        kind = message.get("type")
        self.settled = False
        if kind == "sync":
            return [(seat, self.turn_message("sync", with_stream=True))]
        if kind != "input":
            raise TableError("bad_message", f"a Cactus table takes \"input\" or \"sync\", not {str(kind)[:20]!r}")
        if self.match.is_over:
            raise TableError("table_over", "the game is over")
        if seat != self.match.current or self.seats[seat] != REMOTE:
            raise TableError("not_your_turn", "it is not your turn")
        for key, want in (("turn", self.turn), ("seq", self.batches)):
            value = message.get(key)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TableError("bad_message", f"\"{key}\" is required (a whole number)")
            if value != want:
                raise TableError("illegal", f"out of step: {key} is {want} here, not {value} (send \"sync\")")
        items = check_batch(message.get("items"), self.record)
        claim = check_claim(message.get("claim"))
        cost = self.cost(items)
        bound = self.past_bound(cost)
        if bound is not None:  # this input is not made: the table's bot finishes the turn
            return self.end_by_bot(seat, bound)
        first = items[0]
        if isinstance(first, list) and isinstance(first[0], str) and first[0] in REFUSABLE:
            try:
                if first[0] == "r":  # the table's die (check_batch: alone, without a face)
                    items = [["r", self.match.roll().value]]
                    cost = self.cost(items)
                else:
                    self.feed.play(first)  # refused: raised before the match changed
            except MatchError as exc:  # the reason, for a client that words it (a browser seat)
                raise TableError("illegal", str(exc), reason=exc.reason) from None
            items_after = items[1:]
        else:
            items_after = items
        for entry in items_after:
            self.feed.play(entry)  # steps, pointer moves, turns, settling: never refused
        return [*self.accepted(seat, items, claim, cost=cost), *self.heard_bodies()]

    def accepted(self, seat: int, items: list[Any], claim: dict[str, Any] | None, *,
                 by_bot: bool = False, cost: Cost | None = None) -> list[Delivery]:
        """Entries made on the match: recorded, relayed, and the turn ended if it did. A seat's own entries go to
        the others; a bot's to everyone, its own seat too (a player back while the bot ends their turn); a roll
        to everyone too (the roller learns its face so)."""
        self.count(self.cost(items) if cost is None else cost)
        self.record.extend(items)
        relay = {"type": "input", "seat": seat, "turn": self.turn, "seq": self.batches, "items": items}
        self.batches += 1
        rolled = isinstance(items[0], list) and items[0][:1] == ["r"]
        out = self.everyone(relay, but=None if by_bot or rolled else seat)
        self.settled = self.settled or rolled
        if self.match.turn_key != self.turn or self.match.is_over:
            self.settled = True
            out += self.end_turn(seat, claim)
        return out

    def cost(self, items: list[Any]) -> Cost:
        """What checked ``items``, following the record, count toward the turn's bounds: steps, simulated
        seconds, entries, bytes."""
        return (sum(steps_in(e) for e in items), seconds_in(items, self.record.dt), len(items),
                len(json.dumps(items, separators=(",", ":"))))

    def count(self, cost: Cost) -> None:
        """Count entries made this turn toward its bounds."""
        self.turn_steps += cost[0]
        self.turn_seconds += cost[1]
        self.turn_entries += cost[2]
        self.turn_bytes += cost[3]

    def past_bound(self, cost: Cost) -> str | None:
        """The bound of the turn (``steps``, ``seconds``, ``entries``, ``bytes``) that entries of ``cost`` would
        pass, else None."""
        used = (self.turn_steps, self.turn_seconds, self.turn_entries, self.turn_bytes)
        for name, before, more, most in zip(BOUNDS, used, cost, (MAX_TURN_STEPS, MAX_TURN_SECONDS,
                                                                  MAX_TURN_ENTRIES, MAX_TURN_BYTES), strict=True):
            if before + more > most:
                return name
        return None

    def end_by_bot(self, seat: int, bound: str) -> list[Delivery]:
        """The turn of ``seat`` passed ``bound``: the table's bot finishes it (as for a seat whose player left),
        the seat is the player's again from the next turn start. The seat is told why; everyone sees the seats."""
        self.seats[seat] = TAKEOVER_BOT
        self.taken_over.add(seat)
        self.back.add(seat)
        self.settled = True
        notice = {"type": "turn_limit", "seat": seat, "turn": self.turn, "bound": bound}
        return [(seat, notice), *self.everyone({"type": "seats", "seats": list(self.seats)})]

    def overdue(self) -> list[Delivery]:
        """The turn took longer than the server allows (its wall-clock bound): a person's turn is finished by the
        bot (:meth:`end_by_bot`, bound ``time``)."""
        m = self.match
        if m.is_over or self.seats[m.current] != REMOTE:
            return []
        return self.end_by_bot(m.current, "time")

    def end_turn(self, seat: int, claim: dict[str, Any] | None) -> list[Delivery]:
        """The turn ended on the table's match: its verdict counts; everyone gets the next snapshot."""
        ended = {"turn": self.turn, **verdict(self.match)}
        out: list[Delivery] = []
        if claim is not None and any(claim.get(k) not in (None, ended[k]) for k in ("checksum", "flowers")):
            out.append((seat, {"type": "resync", "turn": self.turn, "checksum": ended["checksum"],
                               "flowers": ended["flowers"], "claimed": claim}))
        self.ended = ended
        self.events = [e.to_dict() for e in self.match.drain_events()]
        if self.game is not None:
            self.game.add_turn(self.record.stream)
        self.begin()
        return out + self.everyone(self.turn_message("turn_end"))

    def bot_due(self) -> bool:
        m = self.match
        return not m.is_over and self.seats[m.current] != REMOTE and self.bot_moves < MAX_BOT_MOVES

    def bot_move(self) -> list[Delivery]:
        """One decision of the bot (a settling piece: :data:`BOT_STEPS` steps), streamed like a seat's input."""
        self.settled, self.bot_made = False, None
        if not self.bot_due():
            return []
        m = self.match
        seat = m.current
        self.bot_moves += 1
        capture = Capture(dt=self.record.dt, pointer=self.record.pointer)
        m.capture = capture
        failure: Exception | None = None
        try:
            if m.stage == Stage.SETTLING:
                for _ in range(BOT_STEPS):
                    if m.stage != Stage.SETTLING:
                        break
                    m.step(BOT_DT)
            else:
                self.bot.act(m)
        except MatchError:
            pass  # refused: nothing changed (the bot tries anew on its next move)
        except Exception as exc:  # a bot's bug: the calls it made are still recorded (below), then it is raised,
            failure = exc  # so that the match, its record (the save) and the clients stay one game
        finally:
            m.capture = None
        out: list[Delivery] = []
        batches = capture.take()
        for batch in batches:
            self.feed.follow(batch["items"])
            out += self.accepted(seat, batch["items"], None, by_bot=True)
        if batches:
            self.bot_made = ("bot_input", (seat, [batch["items"] for batch in batches]))
            out += self.heard_bodies()
        if failure is not None:
            raise failure
        return out

    def bot_input(self, seat: int, batches: list[list[Any]]) -> list[Delivery]:
        """Make again the entries a :meth:`bot_move` of ``seat`` made (its ``bot_made``: the server's journal), its
        rolls with the table's die as they were made then."""
        self.settled = False
        self.bot_moves += 1
        out: list[Delivery] = []
        for items in batches:
            try:
                for entry in items:
                    if isinstance(entry, list) and entry[:1] == ["r"]:
                        self.match.roll()
                    else:
                        self.feed.play(entry)
            except MatchError as exc:
                raise TableError("illegal", str(exc)) from None
            out += self.accepted(seat, items, None, by_bot=True)
        return [*out, *self.heard_bodies()] if out else out

    def seat_to_bot(self, seat: int, kind: str) -> list[Delivery]:
        seat = seat_number(seat, len(self.seats))
        if kind not in BOT_KINDS:
            raise TableError("bad_message", f"a Cactus bot is one of {', '.join(BOT_KINDS)}")
        self.back.discard(seat)  # a player who came back and left again before their seat was theirs
        if self.seats[seat] != REMOTE:
            return []
        self.seats[seat] = kind  # the match's bot flags follow at the next snapshot (all copies alike)
        self.taken_over.add(seat)
        return self.everyone({"type": "seats", "seats": list(self.seats)})

    def whose_turn(self) -> int | None:
        return None if self.match.is_over else self.match.current

    def bot_name(self, seat: int) -> str | None:
        return None if self.seats[seat] == REMOTE or seat in self.taken_over else self.match.rules.names[seat]

    def name_seat(self, seat: int, name: str) -> None:
        self.names[seat] = name

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    def result(self) -> dict[str, Any] | None:
        """Once the game is over: the winners and each seat's score, its flowers."""
        m = self.match
        if not m.is_over:
            return None
        return {"winners": list(m.rules.winners), "scores": flowers_of(m)}

    def replay(self, created: str = "") -> dict[str, Any]:
        """The replay of the finished game, from its first position with the table's secret die (every roll is
        the generator's, shown now that the game is over); TableError ``not_over`` before the end, ``no_replay``
        for a table saved before tables recorded their games."""
        if not self.match.is_over:
            raise TableError("not_over", "the game is not over yet; its replay comes at the end")
        if self.game is None:
            raise TableError("no_replay", "this game was begun before the server recorded its games: it has no replay")
        return self.game.replay(self.match, created)

    def to_dict(self) -> dict[str, Any]:
        """The save: the blind start and the stream (as sent), and beside them the table's secret (the live
        generator state, the seeds) that :func:`resume` puts back after replaying the stream."""
        b = self.bot
        rules = self.match.rules
        return {"format": SAVE_FORMAT, "seats": list(self.seats), "taken_over": sorted(self.taken_over),
                "seeded": self.seeded,
                "secret": {"seed": rules.seed, "world_seed": self.match.world.seed, "rng": rng_to_json(rules.rng)},
                "start": self.record.start,
                "stream": list(self.record.stream), "batches": self.batches, "ended": self.ended,
                **({} if self.game is None else {"game": self.game.to_json()}),
                "events": self.events,
                "bot": {"turn": b.turn, "attempts": b.attempts, "tried": [list(t) for t in b.tried],
                        "simulated": b.simulated, "best": None if b.best is None else [list(b.best[0]),
                                                                                      list(b.best[1])]}}


class GameRecord:
    """The recording of a whole game: its first position as the table has it (its generator and seeds, the
    table's secret) and the ended turns' streams one after the other. A turn's stream counts its pointer from
    the turn start and tells its rolls' faces; here the pointer runs on from turn to turn and each roll is the
    generator's (``["r"]``), as a replay from the first position makes them."""

    def __init__(self, start: dict[str, Any], stream: list[Any] | None = None,
                 pointer: tuple[int, int] = (0, 0)) -> None:
        self.start = start
        self.stream = [] if stream is None else stream
        self.pointer = pointer

    def add_turn(self, entries: list[Any]) -> None:
        turn = (0, 0)
        for entry in entries:
            if isinstance(entry, list) and entry and isinstance(entry[0], int) and not isinstance(entry[0], bool):
                turn = (turn[0] + entry[0], turn[1] + entry[1])
                self.stream.append([turn[0] - self.pointer[0], turn[1] - self.pointer[1]])
                self.pointer = turn
            elif isinstance(entry, list) and entry[:1] == ["r"]:
                self.stream.append(["r"])
            else:
                self.stream.append(entry)

    def replay(self, final: Match, created: str) -> dict[str, Any]:
        """The replay ending in ``final``: what the game shows at its end (the players' names, who was a bot) is
        what the first position shows too (neither changes how the game plays)."""
        start = {**self.start, "rules": {**self.start["rules"], "names": list(final.rules.names)},
                 "bots": list(final.bots)}
        return replay(CactusRecord(start, list(self.stream)), final, created)

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "stream": self.stream, "pointer": list(self.pointer)}

    @classmethod
    def from_json(cls, d: object) -> GameRecord | None:
        """A saved recording (None when there is none: a table saved before tables recorded their games)."""
        if not isinstance(d, Mapping) or not isinstance(d.get("start"), Mapping):
            return None
        stream, pointer = d.get("stream"), d.get("pointer")
        if not isinstance(stream, list) or not isinstance(pointer, list) or len(pointer) != 2 \
                or not all(isinstance(v, int) for v in pointer):
            raise ValueError("broken Cactus table: its game's recording is not {start, stream, pointer}")
        return cls(dict(d["start"]), stream, (pointer[0], pointer[1]))


# ---------------------------------------------------------------------- making tables
def _seats(value: object) -> list[str]:
    if not isinstance(value, list) or not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise TableError("bad_message", f"\"seats\" must list {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    for kind in value:
        if kind != REMOTE and kind not in BOT_KINDS:
            raise TableError("bad_message", f"a seat is \"remote\" or one of {', '.join(BOT_KINDS)}")
    return [str(kind) for kind in value]


def _names(value: object, seats: list[str]) -> list[str]:
    if value is None:
        bots = iter(BOT_NAMES)
        return [f"Player {i + 1}" if kind == REMOTE else next(bots) for i, kind in enumerate(seats)]
    if not isinstance(value, list) or len(value) != len(seats) \
            or not all(isinstance(n, str) and 0 < len(n.strip()) <= MAX_NAME for n in value):
        raise TableError("bad_message", f"\"names\" must give each seat a name of 1 to {MAX_NAME} characters")
    return [n.strip() for n in value]


def _whole(message: Mapping[str, Any], key: str, default: int | None, low: int, high: int) -> int | None:
    value = message.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TableError("bad_message", f"\"{key}\" must be a whole number {low}..{high}")
    return value


def create(message: Mapping[str, Any]) -> CactusTable:
    """A new table from a ``create`` message (see the module doc); TableError bad_message naming the field."""
    seats = _seats(message.get("seats"))
    given = _whole(message, "seed", None, -(2**63), 2**63 - 1)
    # no seed: one from the operating system's secure source, far beyond a search from what is seen
    seed = secrets.randbits(SECRET_BITS) if given is None else given
    start = _whole(message, "start_player", None, 0, len(seats) - 1)
    raw_options = message.get("options", {})
    if not isinstance(raw_options, Mapping):
        raise TableError("bad_message", "\"options\" must be an object")
    try:
        options = Options.from_dict(raw_options)
    except ValueError as exc:
        raise TableError("bad_message", str(exc)) from None
    names = _names(message.get("names"), seats)
    first = Match.new(len(seats), names=names, seed=seed, options=options,
                      bots=[kind != REMOTE for kind in seats], start_player=start)
    table = CactusTable(seats, noted(plain(first)), seeded=given is not None)
    table.begin()
    return table


def resume(d: Mapping[str, Any]) -> CactusTable:
    """A table back from :meth:`CactusTable.to_dict`: the snapshot rebuilt and the stream made again, so it
    goes on exactly where it was (and with the clients' matches). ValueError naming what is wrong."""
    if not isinstance(d, Mapping) or d.get("format") != SAVE_FORMAT:
        raise ValueError(f"not a Cactus table (expected format {SAVE_FORMAT!r})")
    try:
        seats = _seats(d.get("seats"))
        record = CactusRecord.from_json({"start": d.get("start"), "stream": d.get("stream")})
        match = noted(record.start)
    except (TableError, ReplayError) as exc:
        raise ValueError(f"broken Cactus table: {getattr(exc, 'message', exc)}") from None
    taken = d.get("taken_over", [])
    taken_over = {s for s in taken if isinstance(s, int) and 0 <= s < len(seats)} if isinstance(taken, list) else set()
    table = CactusTable(seats, match, events=_list(d.get("events")), ended=_map(d.get("ended")),
                        taken_over=taken_over, seeded=d.get("seeded") is True)
    start = blind(record.start)  # a save of the older form kept the generator in its start
    table.record = CactusRecord(start)
    table.checksum = checksum(start)
    try:
        for entry in record.stream:
            if entry == ["r"]:  # the older form: rolled by the start's generator, sent with its face from now on
                entry = ["r", table.match.roll().value]
            else:
                table.feed.play(entry)
            table.count(table.cost([entry]))
            table.record.extend([entry])
    except MatchError as exc:
        raise ValueError(f"broken Cactus table: the stream does not replay ({exc})") from None
    _resume_secret(table.match, d.get("secret"))
    table.game = GameRecord.from_json(d.get("game"))
    batches = d.get("batches", 0)
    table.batches = batches if isinstance(batches, int) and not isinstance(batches, bool) and batches >= 0 else 0
    _resume_bot(table.bot, d.get("bot"))
    return table


def _list(value: object) -> list[dict[str, Any]]:
    return [dict(v) for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _map(value: object) -> dict[str, Any] | None:
    return dict(value) if isinstance(value, Mapping) else None


def _resume_secret(match: Match, d: object) -> None:
    """The table's generator and seeds as they were saved (the stream's rolls were told: they left the
    generator where the turn began). A save without them (the older form) had them in its start."""
    if d is None:
        return
    if not isinstance(d, Mapping):
        raise ValueError("broken Cactus table: \"secret\" must be an object {seed, world_seed, rng}")
    seeds = [d.get("seed"), d.get("world_seed", d.get("seed"))]
    if not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 2**63 for v in seeds):
        raise ValueError("broken Cactus table: the secret's seeds must be whole numbers")
    match.rules.rng = rng_from_json(d.get("rng"), "secret.rng")
    match.rules.seed, match.world.seed = seeds


def _resume_bot(bot: Bot, d: object) -> None:
    """The bot's memory of the running turn (its tries), so a resumed bot chooses as it would have."""
    if not isinstance(d, Mapping):
        return
    try:
        bot.turn = int(d["turn"])
        bot.attempts = int(d["attempts"])
        bot.simulated = int(d["simulated"])
        bot.tried = [(float(x), float(a)) for x, a in d["tried"]]
        best = d["best"]
        bot.best = None if best is None else ((int(best[0][0]), int(best[0][1])),
                                              (float(best[1][0]), float(best[1][1]), float(best[1][2])))
    except (KeyError, TypeError, ValueError, IndexError):
        bot.turn = -1  # a broken memory: the bot starts the turn's search afresh


def size_of(message: Mapping[str, Any]) -> int:
    """Bytes of a message on the wire (compact JSON), for the figures in the README."""
    return len(json.dumps(message, separators=(",", ":")))


__all__ = ["BOT_KINDS", "MAX_BOT_MOVES", "REMOTE", "SAVE_FORMAT", "SECRET_BITS", "TAKEOVER_BOT", "CactusTable",
           "create", "resume", "size_of"]
