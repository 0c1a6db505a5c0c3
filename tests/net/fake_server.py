"""A small table server for the client tests, speaking docs/design.md's "Remote play" format (create, claim, join,
act, state, error) over websockets, with real Artischocken games and bots. It stands in for
``python -m game serve`` where the real server is not needed (or not there yet)."""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from game.artischocken.bots import make_bot
from game.artischocken.engine import Game, IllegalAction, new_game
from game.artischocken.session import SeatSession
from game.artischocken.turns import bot_decision
from game.net.client.remote_cards import action_from_dict, action_to_dict


@dataclass
class Table:
    game: Game
    kinds: list[str]
    tokens: dict[int, str]
    claimed: set[int] = field(default_factory=set)
    conns: dict[int, ServerConnection] = field(default_factory=dict)
    sent: dict[int, int] = field(default_factory=dict)  # seat -> log size of its last state


class FakeServer:
    """``with FakeServer() as server: server.url``; ``server.drop_all()`` cuts every connection."""

    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}
        self.url = ""
        self.received: list[dict[str, Any]] = []
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Future[None] | None = None
        self._thread = threading.Thread(target=self._main, daemon=True)
        self._conns: set[ServerConnection] = set()

    def __enter__(self) -> FakeServer:
        self._thread.start()
        assert self._ready.wait(5)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        if self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set_result, None)
            self._thread.join(5)

    def drop_all(self) -> None:
        for conn in list(self._conns):
            asyncio.run_coroutine_threadsafe(conn.close(1011, "dropped by the test"), self._loop)

    def _main(self) -> None:
        self._loop.run_until_complete(self._serve())

    async def _serve(self) -> None:
        self._stop = self._loop.create_future()
        async with serve(self._handle, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            self.url = f"ws://127.0.0.1:{port}"
            self._ready.set()
            await self._stop

    async def _send_state(self, table: Table, seat: int) -> None:
        conn = table.conns.get(seat)
        if conn is None:
            return
        since = table.sent.get(seat, 0)
        game = table.game
        legal = game.legal_actions() if game.current_player == seat else []
        view = game.view(seat, log_since=since)
        table.sent[seat] = game.log_size
        await conn.send(json.dumps({"type": "state", "view": view, "legal": [action_to_dict(a) for a in legal],
                                    "log_from": since}))

    async def _after_change(self, table: Table) -> None:
        game = table.game
        while not game.is_over and table.kinds[game.current_player] != "remote":
            seat = game.current_player
            bot = make_bot(table.kinds[seat], game.log_size)
            game.apply(bot_decision(bot, SeatSession(game, seat)))
        for seat in list(table.conns):
            await self._send_state(table, seat)

    async def _handle(self, conn: ServerConnection) -> None:
        self._conns.add(conn)
        seat_of: tuple[str, int] | None = None
        try:
            async for frame in conn:
                try:
                    msg = json.loads(frame)
                except ValueError:
                    await conn.send(json.dumps({"type": "error", "code": "bad_message", "message": "not JSON"}))
                    continue
                self.received.append(msg)
                reply = await self._answer(conn, msg, seat_of)
                if isinstance(reply, tuple):
                    seat_of = reply
                elif reply is not None:
                    await conn.send(json.dumps(reply))
        finally:
            self._conns.discard(conn)
            if seat_of and seat_of[0] in self.tables:
                self.tables[seat_of[0]].conns.pop(seat_of[1], None)

    async def _answer(self, conn: ServerConnection, msg: dict[str, Any],
                      seat_of: tuple[str, int] | None) -> dict[str, Any] | tuple[str, int] | None:
        kind = msg.get("type")
        if kind == "create":
            kinds = list(msg["seats"])
            game = new_game(len(kinds), seed=msg.get("seed", 0), rhubarb=bool(msg.get("rhubarb")),
                            start_player=msg.get("start_player"))
            table_id = secrets.token_hex(3).upper()
            tokens = {i: secrets.token_hex(8) for i, k in enumerate(kinds) if k == "remote"}
            table = Table(game, kinds, tokens)
            self.tables[table_id] = table
            await self._after_change(table)
            return {"type": "created", "table": table_id, "tokens": {str(s): tok for s, tok in tokens.items()}}
        table = self.tables.get(msg.get("table", ""))
        if table is None and kind in ("claim", "join"):
            return {"type": "error", "code": "no_table", "message": "no such table"}
        if kind == "claim":
            assert table is not None
            free = [s for s in table.tokens if s not in table.claimed]
            if not free:
                return {"type": "error", "code": "table_full", "message": "every seat is taken"}
            table.claimed.add(free[0])
            return {"type": "claimed", "table": msg["table"], "room": "artischocken", "seat": free[0],
                    "token": table.tokens[free[0]]}
        if kind == "join":
            assert table is not None
            seat = msg.get("seat")
            if table.tokens.get(seat) != msg.get("token"):
                return {"type": "error", "code": "bad_token", "message": "wrong token"}
            table.claimed.add(seat)
            table.conns[seat] = conn
            table.sent[seat] = 0
            await conn.send(json.dumps({"type": "joined", "table": msg["table"], "seat": seat}))
            await self._send_state(table, seat)
            return (msg["table"], seat)
        if kind == "act":
            if seat_of is None:
                return {"type": "error", "code": "bad_message", "message": "join first"}
            table = self.tables[seat_of[0]]
            if table.game.current_player != seat_of[1]:
                return {"type": "error", "code": "not_your_turn", "message": "not your turn"}
            try:
                table.game.apply(action_from_dict(msg.get("action")))
            except (IllegalAction, ValueError) as exc:
                return {"type": "error", "code": "illegal", "message": str(exc)}
            await self._after_change(table)
            return None
        return {"type": "error", "code": "bad_message", "message": f"unknown type {kind!r}"}
