"""A connection to the table server that never blocks a frame (websockets, in a thread of its own).

:class:`Connection` runs an asyncio loop in a background thread. The game's loop only ever calls
:meth:`Connection.send` (queued, returns at once) and :meth:`Connection.poll` (what arrived since the last
poll), and reads :attr:`Connection.status`:

- ``"connecting"``: the first connection is being made;
- ``"open"``: connected;
- ``"reconnecting"``: the connection dropped; a new attempt follows in :attr:`Connection.reconnect_in` seconds
  (:func:`game.net.client.link_watch.retry_wait`: 1, 2, 4, then 5 s for ever; the attempts never end unless
  ``attempts`` is given). Once connected again the last ``join`` is sent again by itself (with its token), so
  the seat is taken back and the server sends the whole state;
- ``"failed"``: the server could not be reached (first attempt), the reconnect attempts ran out (only with
  ``attempts``), or the server closed the connection for good (:func:`final_close`: e.g. the seat was joined
  from elsewhere); :attr:`Connection.error` says why in words;
- ``"closed"``: :meth:`Connection.close` was called.

A server may come back elsewhere (killed and started again on another port: the same server, by its id). When a
reconnect attempt finds nobody at the address, :attr:`Connection.find` (when set: the lobby sets a
:class:`~game.net.client.servers.FindsAgain` for the server's id) is asked, in the connection's thread, where that
server answers now; the next attempts go there, and the seat is joined again there with its token.

While open, the connection pings the server every :data:`PING_INTERVAL` seconds; a ping unanswered for
:data:`PING_TIMEOUT` seconds drops the connection (a server that went silent is noticed even while the socket
looks open) and reconnecting begins. :attr:`Connection.contacts` counts what was heard from the server (messages
and answered pings): a screen compares it to tell a silent server (:mod:`game.net.client.link_watch`).

Every message is one JSON object in a text frame (docs/design.md, "Remote play"). Messages that are not JSON
objects are dropped. No pygame here; ``wake`` (a callable, run in the connection's thread) lets a scene wake
an idle window when something arrives.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.net.client.link_watch import BACKOFF, retry_wait

#: Server messages may be large (a Cactus snapshot): the largest accepted, in bytes.
MAX_SIZE = 8 * 2**20
#: Reconnect attempts after a drop before the connection gives up: None, never (the waits are capped instead).
RECONNECT_ATTEMPTS: int | None = None
OPEN_TIMEOUT = 5.0
#: Seconds between two pings of an open connection, and how long one may go unanswered.
PING_INTERVAL = 2.5
PING_TIMEOUT = 5.0


class ServerSilent(Exception):
    """The server did not answer a ping in time: the connection is dropped and made again."""

STATUSES = ("connecting", "open", "reconnecting", "closed", "failed")


def final_close(code: int | None) -> bool:
    """A close the server means for good: no reconnect (1008: a policy, e.g. a flood; 4000-4999: the
    application's, e.g. 4000 the seat was joined from another connection)."""
    return code is not None and (code == 1008 or 4000 <= code <= 4999)


def describe_failure(url: str, exc: BaseException) -> str:
    """Why ``url`` could not be reached, in words (no traceback)."""
    if isinstance(exc, InvalidURI):
        return f"{url} is not a server address"
    if isinstance(exc, ConnectionRefusedError):
        return f"no table server answers at {url} (connection refused)"
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return f"the server at {url} did not answer in time"
    if isinstance(exc, InvalidHandshake):
        return f"{url} is not a garden-table server ({exc})"
    if isinstance(exc, OSError):
        return f"cannot reach {url}: {exc.strerror or exc}"
    return f"cannot reach {url}: {exc}"


class Connection:
    """One client connection (see the module text). Start it by making it; stop it with :meth:`close`."""

    def __init__(self, url: str, *, max_size: int = MAX_SIZE, reconnect: bool = True,
                 backoff: tuple[float, ...] | None = None, attempts: int | None = RECONNECT_ATTEMPTS,
                 open_timeout: float = OPEN_TIMEOUT, wake: Callable[[], None] | None = None,
                 ping_interval: float = PING_INTERVAL, ping_timeout: float = PING_TIMEOUT) -> None:
        self.url = url
        self.max_size = max_size
        self.reconnect = reconnect
        #: The waits before the reconnect attempts (None: :func:`retry_wait`'s, capped at 5 s).
        self.backoff = backoff
        self.attempts = attempts
        self.open_timeout = open_timeout
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        #: How often the server was heard from: messages and answered pings (a screen compares it).
        self.contacts = 0
        self.wake = wake
        self.status = "connecting"
        #: Why the connection failed or dropped, in words (None while all is well).
        self.error: str | None = None
        #: How many times the connection was made again after a drop.
        self.reconnects = 0
        #: The reason the server gave when it last closed the connection ("" for none).
        self.close_reason = ""
        #: Asked after a reconnect attempt found nobody at :attr:`url` (given it): where the same server answers now
        #: (None: nowhere else). Runs in the connection's thread; it may block for a few seconds.
        self.find: Callable[[str], str | None] | None = None
        self.close_code: int | None = None
        self._inbox: deque[dict[str, Any]] = deque()
        self._pending: deque[dict[str, Any]] = deque()  # sent while not connected: sent once connected
        self._last_join: dict[str, Any] | None = None
        self._retry_at: float | None = None
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._wakeup: asyncio.Event | None = None
        self._stop = False
        self._thread = threading.Thread(target=self._thread_main, name=f"connection {url}", daemon=True)
        self._thread.start()

    # -- the game's side -------------------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (a JSON object) to be sent; returns at once. A ``join`` is remembered and sent again
        after a reconnect."""
        if message.get("type") == "join":
            self._last_join = dict(message)
        with self._lock:
            self._pending.append(dict(message))
        self._kick()

    def poll(self) -> list[dict[str, Any]]:
        """The messages received since the last poll, oldest first (never blocks)."""
        with self._lock:
            out = list(self._inbox)
            self._inbox.clear()
        return out

    def unread(self, messages: list[dict[str, Any]]) -> None:
        """Put ``messages`` (taken by :meth:`poll`) back in front, for whoever polls next (a scene handed on)."""
        with self._lock:
            self._inbox.extendleft(reversed(messages))

    @property
    def reconnect_in(self) -> float:
        """Seconds until the next reconnect attempt (0 when none is waiting)."""
        at = self._retry_at
        if self.status != "reconnecting" or at is None:
            return 0.0
        return max(0.0, at - time.monotonic())

    def close(self) -> None:
        """Close the connection and end its thread (waits briefly for it)."""
        self._stop = True
        if self.status != "failed":
            self.status = "closed"
        self._kick()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2.0)

    # -- the connection's thread ----------------------------------------------------------------------------
    def _kick(self) -> None:
        wakeup = self._wakeup
        if wakeup is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(wakeup.set)

    def _notify(self) -> None:
        if self.wake is not None:
            with contextlib.suppress(Exception):
                self.wake()

    def _thread_main(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._run())
        finally:
            self._loop.close()

    async def _run(self) -> None:
        self._wakeup = asyncio.Event()
        attempt = 0
        ever_open = False
        while not self._stop:
            try:
                opened = await self._open()
                if opened is None:  # close() came while the connection was being made
                    break
                async with opened as ws:
                    if ever_open:
                        self.reconnects += 1
                        if self._last_join is not None:
                            with self._lock:  # the seat back first; anything queued while away after it
                                self._pending = deque(m for m in self._pending if m.get("type") != "join")
                                self._pending.appendleft(dict(self._last_join))
                    ever_open = True
                    attempt = 0
                    self.status, self.error, self._retry_at = "open", None, None
                    self._notify()
                    await self._talk(ws)
                    if not self._stop:
                        reason = ws.close_reason or ""
                        self.close_reason, self.close_code = reason, ws.close_code
                        if final_close(ws.close_code):
                            self.error = f"the server closed the connection: {reason or ws.close_code}"
                            self.status = "failed"
                            self._notify()
                            return
                        self.error = f"the server at {self.url} closed the connection" + (f" ({reason})" if reason
                                                                                            else "")
            except ConnectionClosed as exc:
                self.error = f"the connection to {self.url} was lost ({exc})"
                if exc.rcvd is not None and final_close(exc.rcvd.code):
                    self.close_code, self.close_reason = exc.rcvd.code, exc.rcvd.reason
                    self.error = f"the server closed the connection: {exc.rcvd.reason or exc.rcvd.code}"
                    self.status = "failed"  # e.g. the seat was joined from elsewhere: trying again would take
                    self._notify()  # it back and forth
                    return
            except ServerSilent:
                self.error = f"the server at {self.url} stopped answering"
            except Exception as exc:  # unreachable, refused, not a websocket server...
                self.error = describe_failure(self.url, exc)
                if not ever_open:
                    self.status = "failed"
                    self._notify()
                    return
                if await self._found_elsewhere():
                    attempt = 0  # a new address: its waits begin from the shortest
            if self._stop:
                break
            if not self.reconnect or (self.attempts is not None and attempt >= self.attempts):
                self.status = "failed"
                self._notify()
                return
            delay = self.backoff[min(attempt, len(self.backoff) - 1)] if self.backoff else retry_wait(attempt)
            attempt += 1
            self._retry_at = time.monotonic() + delay
            self.status = "reconnecting"
            self._notify()
            self._wakeup.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wait_stop(), timeout=delay)
        if self.status != "failed":
            self.status = "closed"
        self._notify()

    async def _found_elsewhere(self) -> bool:
        """Nobody answered at :attr:`url`: ask :attr:`find` where the same server answers now, and go there (True
        when it answers elsewhere)."""
        find = self.find
        if find is None or self._stop:
            return False
        try:
            there = await asyncio.to_thread(find, self.url)
        except Exception:  # a look-out that failed finds nothing: the address stays
            return False
        if not there or there.rstrip("/") == self.url.rstrip("/") or self._stop:
            return False
        self.url = there.rstrip("/")
        return True

    async def _open(self) -> ClientConnection | None:
        """A new connection, or None when :meth:`close` is called before it is made (the attempt is dropped at
        once, so that no thread goes on waiting for a server that does not answer)."""
        opening = asyncio.ensure_future(self._connect())
        stopper = asyncio.ensure_future(self._wait_stop())
        try:
            await asyncio.wait({opening, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopper.cancel()
            if not opening.done():
                opening.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await opening
        if opening.cancelled():
            return None
        return opening.result()

    async def _connect(self) -> ClientConnection:
        return await connect(self.url, max_size=self.max_size, open_timeout=self.open_timeout, close_timeout=1.0,
                             ping_interval=None)  # pinged by :meth:`_ping`, which counts the answers

    async def _wait_stop(self) -> None:
        assert self._wakeup is not None
        while not self._stop:
            await self._wakeup.wait()
            self._wakeup.clear()

    async def _talk(self, ws: ClientConnection) -> None:
        """Read and write until the connection drops or :meth:`close` is called."""
        reader = asyncio.ensure_future(self._read(ws))
        pinger = asyncio.ensure_future(self._ping(ws))
        try:
            while not self._stop and not reader.done() and not pinger.done():
                await self._flush(ws)
                assert self._wakeup is not None
                waiter = asyncio.ensure_future(self._wakeup.wait())
                await asyncio.wait({reader, waiter, pinger}, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
                self._wakeup.clear()
            if pinger.done():
                pinger.result()  # raises ServerSilent for a server that stopped answering
            if reader.done():
                reader.result()  # raises ConnectionClosed for a dropped connection
        finally:
            for task in (reader, pinger):
                if not task.done():
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, ConnectionClosed, ServerSilent):
                        await task
                elif not task.cancelled():
                    task.exception()  # the other's end was the one raised: this one is told as retrieved
        if self._stop:
            await ws.close()

    async def _flush(self, ws: ClientConnection) -> None:
        while True:
            with self._lock:
                if not self._pending:
                    return
                message = self._pending[0]
            await ws.send(json.dumps(message, separators=(",", ":")))
            with self._lock:
                if self._pending and self._pending[0] is message:
                    self._pending.popleft()

    async def _ping(self, ws: ClientConnection) -> None:
        """Ping every :attr:`ping_interval` seconds; an answer is contact. A ping unanswered for
        :attr:`ping_timeout` seconds drops the connection at once (a silent server would not answer a close
        either) and raises :class:`ServerSilent`."""
        while not self._stop:
            await asyncio.sleep(self.ping_interval)
            try:
                answer = await ws.ping()
                await asyncio.wait_for(answer, timeout=self.ping_timeout)
            except TimeoutError:
                with contextlib.suppress(Exception):
                    ws.transport.abort()
                raise ServerSilent from None
            self.contacts += 1

    async def _read(self, ws: ClientConnection) -> None:
        async for frame in ws:
            self.contacts += 1
            try:
                message = json.loads(frame)
            except (ValueError, TypeError, RecursionError):  # not JSON, or nested past what json reads
                continue
            if isinstance(message, dict):
                with self._lock:
                    self._inbox.append(message)
                self._notify()


__all__ = ["BACKOFF", "MAX_SIZE", "PING_INTERVAL", "PING_TIMEOUT", "STATUSES", "Connection", "ServerSilent",
           "describe_failure", "final_close"]
