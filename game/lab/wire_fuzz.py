"""``python -m game bench fuzz-wire [--minutes N] [--json]``: a structure-aware fuzzer of the wire against a real
``serve`` with its worker processes.

Each *round* makes two tables of one room (Artischocken or Cactus, two remote seats, one seed): the *fuzzed* table
and its *mirror*. On the fuzzed table the seats play legal moves with mutated messages of their room between them
(shape, type, size, depth, numbers - NaN, infinities, huge, negative -, unicode, order), while *strangers* (other
connections at the same time, in threads) send mutated messages of every type of both rooms: create, join, claim,
watch, peek, replay, hello, resign, leave, act, input, sync, unknown types, text that is no JSON, binary frames,
frames too big. What a seat sent that the table took (a legal message, or a mutation that happens to be one) is
sent afterwards, in the same order, to the mirror, which got nothing else. A round *breaks* when a seat of either
table no longer answers, when the fuzzed table's state differs from the mirror's, or when the server's log holds a
traceback (or the server died).

The choices come from a :class:`Dice`: a seeded ``random.Random`` here, hypothesis in the test
(tests/net/test_wire_fuzz.py), so that a break found there shrinks to a short case.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from game.artischocken.engine.cards import ACTION_KINDS, CANON

T = TypeVar("T")
#: The longest any one answer may take before the seat counts as not answering (seconds).
WAIT = 10.0
ROOMS = ("artischocken", "cactus")
#: Kinds of message a stranger sends (a seat's own are its room's: ``act``, or ``input`` and ``sync``).
TYPES = ("create", "join", "claim", "watch", "peek", "replay", "hello", "resign", "leave", "act", "input", "sync",
         "nonsense")
TEXTS = ("", " ", "é", "日本語", "\u202e\u2066evil", "\x00", "\ud800", "🌵" * 30, "a" * 300, "\n\r\t", "null",
         "%s%n{0}", "../../etc/passwd", "K7QX-2M9P", "remote", "greedy", "cactus", "artischocken", "input")
NUMBERS: tuple[Any, ...] = (0, -1, 1, 2, 7, 255, 2**31, 2**63, -(2**63) - 1, 10**80, 1.5, -0.0, 1e308, -1e308,
                            1e-320, float("nan"), float("inf"), float("-inf"), 0.01, 100000.0)
DEPTHS = (2, 8, 15, 17, 40, 300, 900, 3000)
#: The largest frame a seat sends (the server closes a connection whose frame passes 256 KiB).
SEAT_FRAME = 200_000


class Dice(Protocol):
    def int(self, low: int, high: int) -> int: ...


class RandomDice:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def int(self, low: int, high: int) -> int:
        return self.random.randint(low, high)


def pick(dice: Dice, options: Sequence[T]) -> T:
    return options[dice.int(0, len(options) - 1)]


def chance(dice: Dice, percent: int) -> bool:
    return dice.int(1, 100) <= percent


# -- legal shapes -----------------------------------------------------------------------------------------------

def template(kind: str, table: str, dice: Dice) -> dict[str, Any]:
    """A message of ``kind`` in its legal shape (values may still be wrong: a token nobody has)."""
    room = pick(dice, ROOMS)
    if kind == "create" and room == "cactus":
        return {"type": "create", "room": "cactus", "seats": ["remote", "remote"], "seed": dice.int(0, 99),
                "names": ["Ann", "Bo"], "options": {"long_game": False, "strict_claim": False}, "start_player": 0}
    if kind == "create":
        return {"type": "create", "room": "artischocken", "seats": ["remote", "remote"], "seed": dice.int(0, 99),
                "name": "Ann", "player": "p1", "request": "r1", "hold": False, "bot_takeover": True,
                "rhubarb": False, "start_player": 0, "round_limit": 3, "open_artichokes": False}
    if kind == "join":
        return {"type": "join", "table": table, "seat": dice.int(0, 1), "token": "t" * 22, "name": "Ann",
                "player": "p1"}
    if kind == "claim":
        return {"type": "claim", "table": table, "request": "r2", "name": "Bo", "player": "p2"}
    if kind in ("watch", "peek", "replay"):
        return {"type": kind, "table": table}
    if kind == "act":
        return {"type": "act", "action": {"kind": pick(dice, ACTION_KINDS), "card": pick(dice, list(CANON)),
                                          "target": dice.int(0, 1), "cards": [pick(dice, list(CANON))],
                                          "option": pick(dice, ("take", "leave"))}}
    if kind == "input":
        items = [pick(dice, ([10, -5], ["s", 3, 0.01], ["r"], ["n", 1.0, 2.0], ["d", 1.0, 2.0, 0.5], ["g", 0.0, 0.0],
                             ["o", 0.3], ["l"], ["b"], ["c", ["a"]], ["z", 1.0], ["t", "p1"], 5))
                 for _ in range(dice.int(1, 4))]
        return {"type": "input", "turn": dice.int(0, 3), "seq": dice.int(0, 3), "items": items,
                "claim": {"checksum": "0" * 16, "flowers": [0, 0]}}
    return {"type": kind}


# -- mutations --------------------------------------------------------------------------------------------------

#: Nesting deeper than this is written into the frame's text (json.dumps itself could not write it): a mark in
#: the value, replaced by ``[[[...0...]]]``.
DEEP_MARK = "\x00deep"


def nested(value: Any, depth: int) -> Any:
    if depth > 200:
        return f"{DEEP_MARK}{depth}"
    for _ in range(depth):
        value = [value]
    return value


def unmark(text: str) -> str:
    """The frame's text with every deep mark written out (a mark a mutation changed beyond its number stays text)."""
    return _MARKS.sub(lambda m: "[" * int(m.group(1)) + "0" + "]" * int(m.group(1)), text)


_MARKS = re.compile(re.escape(json.dumps(DEEP_MARK)[:-1]) + r"(\d{1,5})[^\"]*\"")


def odd_value(dice: Dice) -> Any:
    kind = dice.int(0, 7)
    if kind <= 2:
        return pick(dice, NUMBERS)
    if kind <= 4:
        return pick(dice, TEXTS)
    if kind == 5:
        return pick(dice, (None, True, False, [], {}, [None], {"": None}))
    if kind == 6:
        return nested(pick(dice, (0, "x", {})), pick(dice, DEPTHS))
    return [pick(dice, NUMBERS)] * pick(dice, (3, 300, 5000))


def mutate(value: Any, dice: Dice, depth: int = 0) -> Any:
    """``value`` with one change somewhere in it."""
    op = dice.int(0, 9)
    if op == 0 or depth > 6:
        return odd_value(dice)
    if op == 1:
        return nested(value, pick(dice, DEPTHS))
    if isinstance(value, dict) and value:
        keys = list(value)
        out = dict(value)
        if op == 2:
            del out[pick(dice, keys)]
        elif op == 3:
            out[pick(dice, ("x", "type", "items", "__proto__", "é", "turn"))] = odd_value(dice)
        elif op == 4:
            return dict(reversed(list(out.items())))
        else:
            key = pick(dice, keys)
            out[key] = mutate(out[key], dice, depth + 1)
        return out
    if isinstance(value, list) and value:
        out_list = list(value)
        i = dice.int(0, len(out_list) - 1)
        if op == 2:
            del out_list[i]
        elif op == 3:
            out_list.insert(i, odd_value(dice))
        elif op == 4:
            out_list.reverse()
        elif op == 5:
            out_list = out_list * pick(dice, (2, 50, 400))
        else:
            out_list[i] = mutate(out_list[i], dice, depth + 1)
        return out_list
    if isinstance(value, bool):
        return pick(dice, (not value, 1, "true", None))
    if isinstance(value, int):
        return pick(dice, (-value, value + 1, value * 10**30, value + 0.5, str(value), -(2**70), True))
    if isinstance(value, float):
        return pick(dice, (-value, value * 1e300, round(value) if math.isfinite(value) else 0, float("nan"),
                           float("inf")))
    if isinstance(value, str):
        return pick(dice, (value * 40, value[:-1], value.upper(), "", value + "\u0301", pick(dice, TEXTS)))
    return odd_value(dice)


def frame(message: Any, dice: Dice, *, big: bool = True) -> str | bytes:
    """A message as the frame a client sends: its JSON (NaN and infinities as Python writes them), or now and then
    text that is no message at all. ``big``: frames past what the server reads (it closes the connection)."""
    text = unmark(json.dumps(message, allow_nan=True))
    op = dice.int(0, 19)
    if op == 0:
        return text[: dice.int(0, max(0, len(text) - 1))]
    if op == 1:
        return text.encode("utf-8")  # a binary frame
    if op == 2:
        return text.replace("0", "1e400", 1)
    if op == 3:
        return "[" * 5000 + "]" * 5000
    if op == 4:
        return json.dumps({"type": "input", "pad": "x" * pick(dice, (70_000, 300_000 if big else 80_000))})
    if op == 5:
        return pick(dice, ("", "null", "[]", "\"input\"", "{}", "{\"type\": 5}", "\ufeff{}", "{\"type\":\"x\"}x"))
    return text


def mutated(message: dict[str, Any], dice: Dice, *, big: bool = True) -> str | bytes:
    for _ in range(dice.int(1, 3)):
        message = mutate(message, dice)
    return frame(message, dice, big=big)


# -- clients ----------------------------------------------------------------------------------------------------

class NoAnswer(Exception):
    """A seat's connection got no answer in time (a break)."""


class Seat:
    """One seat's connection (joined again with its token whenever the server closed it)."""

    def __init__(self, url: str, table: str, seat: int, token: str, stats: Counter[str]) -> None:
        self.url, self.table, self.seat, self.token, self.stats = url, table, seat, token, stats
        self.ws: ClientConnection | None = None
        self.first: dict[str, Any] = {}

    def open(self) -> dict[str, Any]:
        """Connect and join; the first state (``state``, or Cactus ``turn``)."""
        self.close()
        self.ws = connect(self.url, compression=None, max_size=None, open_timeout=WAIT, legacy=True)
        self.send(json.dumps({"type": "join", "table": self.table, "seat": self.seat, "token": self.token}))
        joined = self.recv()
        if joined.get("type") != "joined":
            raise NoAnswer(f"seat {self.seat} could not join again: {joined}")
        self.first = self.recv()
        return self.first

    def send(self, text: str | bytes) -> None:
        assert self.ws is not None
        self.stats["sent"] += 1
        self.ws.send(text)

    def recv(self) -> dict[str, Any]:
        """The next message other than ``presence``."""
        assert self.ws is not None
        while True:
            try:
                text = self.ws.recv(timeout=WAIT)
            except TimeoutError:
                raise NoAnswer(f"seat {self.seat} of {self.table} got no answer in {WAIT:g} s") from None
            message = json.loads(text)
            if message.get("type") == "error":
                self.stats[f"refused {message.get('code')}"] += 1
            if message.get("type") != "presence":
                return dict(message)

    def until_hello(self) -> list[dict[str, Any]]:
        """Everything before the answer to a ``hello`` sent now (what the messages before it came to)."""
        self.send("{\"type\":\"hello\"}")
        got = []
        while (message := self.recv()).get("type") != "hello":
            got.append(message)
        return got

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None


def stranger(url: str, frames: list[str | bytes], stats: Counter[str], lock: threading.Lock) -> None:
    """Send ``frames`` on one connection (a new one whenever the server closes it), reading every answer."""
    ws: ClientConnection | None = None
    done = threading.Event()

    def drain(conn: ClientConnection) -> None:
        try:
            for text in conn:
                message = json.loads(text)
                if message.get("type") == "error":
                    with lock:
                        stats[f"refused {message.get('code')}"] += 1
        except ConnectionClosed as exc:
            if exc.rcvd is not None:
                with lock:
                    stats[f"closed {exc.rcvd.code}"] += 1

    try:
        for text in frames:
            if ws is None or ws.protocol.state.name != "OPEN":
                if ws is not None:
                    ws.close()
                ws = connect(url, compression=None, max_size=None, open_timeout=WAIT, legacy=True)
                threading.Thread(target=drain, args=(ws,), daemon=True).start()
            try:
                ws.send(text)
                with lock:
                    stats["sent"] += 1
            except ConnectionClosed:
                ws = None
            time.sleep(0.004)  # within the rate a connection may send
    except (OSError, InvalidHandshake):
        with lock:
            stats["stranger could not connect"] += 1
    finally:
        done.set()
        if ws is not None:
            ws.close()


# -- rounds -----------------------------------------------------------------------------------------------------

@dataclass
class Table:
    code: str
    seats: list[Seat]
    states: list[dict[str, Any]]


def make_table(url: str, room: str, seed: int, stats: Counter[str]) -> Table:
    maker = connect(url, compression=None, max_size=None, open_timeout=WAIT, legacy=True)
    try:
        create: dict[str, Any] = {"type": "create", "room": room, "seats": ["remote", "remote"], "seed": seed,
                                  "start_player": 0}
        maker.send(json.dumps(create))
        made = json.loads(maker.recv(timeout=WAIT))
    finally:
        maker.close()
    if made.get("type") != "created":
        raise NoAnswer(f"a table could not be made: {made}")
    seats = [Seat(url, made["table"], s, made["tokens"][str(s)], stats) for s in (0, 1)]
    return Table(made["table"], seats, [seat.open() for seat in seats])


def card_actor(states: list[dict[str, Any]]) -> int | None:
    return next((s for s, state in enumerate(states) if state.get("legal")), None)


def cactus_position(seat: Seat) -> tuple[Any, ...]:
    """Where the Cactus table stands, as ``sync`` tells it."""
    seat.send("{\"type\":\"sync\"}")
    while (message := seat.recv()).get("type") != "turn":
        pass
    seat.first = message
    return message["turn"], message["seq"], message["checksum"], message["active"], json.dumps(message["stream"])


@dataclass
class Round:
    """One round's course: the seat messages the fuzzed table took, in order (seat, frame)."""

    taken: list[tuple[int, str | bytes]] = field(default_factory=list)


def legal_cactus(table: Table, dice: Dice) -> tuple[int, str]:
    cactus_position(table.seats[0])
    turn_message = table.seats[0].first
    active = turn_message.get("active")
    seat = 0 if active is None else int(active)
    items = [pick(dice, ([dice.int(-300, 300), dice.int(-300, 300)], ["s", dice.int(1, 20), 0.01], ["r"]))]
    return seat, json.dumps({"type": "input", "turn": turn_message["turn"], "seq": turn_message["seq"],
                             "items": items})


def seat_step(table: Table, room: str, dice: Dice, played: Round) -> None:
    """One step of the fuzzed table's seats: a legal move or a mutation of one, by either seat."""
    if room == "artischocken":
        actor = card_actor(table.states)
        seat = actor if actor is not None and chance(dice, 60) else dice.int(0, 1)
        legal = table.states[seat].get("legal") or []
        message: dict[str, Any] = {"type": "act", "action": pick(dice, legal)} if legal \
            else template("act", table.code, dice)
    else:
        seat, text = legal_cactus(table, dice)
        seat = seat if chance(dice, 70) else 1 - seat
        message = json.loads(text)
    text_or_bytes: str | bytes = unmark(json.dumps(message)) if chance(dice, 35) else mutated(message, dice, big=False)
    if chance(dice, 10):
        text_or_bytes = mutated(template(pick(dice, ("sync", "nonsense", "input", "act")), table.code, dice), dice,
                                big=False)
    if len(text_or_bytes) > SEAT_FRAME:  # a seat keeps its connection: too_big, not closed
        text_or_bytes = json.dumps({"type": "input", "pad": "x" * 70_000})
    player = table.seats[seat]
    if room == "artischocken":
        player.send(text_or_bytes)
        answers = player.until_hello()
        states = [m for m in answers if m.get("type") == "state"]
        if states:  # taken: both seats have a new state
            played.taken.append((seat, text_or_bytes))
            table.states[seat] = states[-1]
            other = table.seats[1 - seat]
            while (got := other.recv()).get("type") != "state":
                pass
            table.states[1 - seat] = got
    else:
        before = cactus_position(player)
        player.send(text_or_bytes)
        player.until_hello()
        after = cactus_position(player)
        if after[:2] != before[:2]:
            played.taken.append((seat, text_or_bytes))
        cactus_position(table.seats[1 - seat])  # the other seat reads what was relayed, and answers


def final_view(table: Table, room: str) -> list[Any]:
    """What each seat of ``table`` is told on a fresh join (NoAnswer when a seat does not answer)."""
    views = []
    for seat in table.seats:
        first = seat.open()
        if room == "artischocken":
            views.append({k: first.get(k) for k in ("view", "legal")})
        else:
            views.append({k: first.get(k) for k in ("turn", "seq", "checksum", "stream", "active", "snapshot")})
    return views


def replay_on(table: Table, room: str, taken: list[tuple[int, str | bytes]]) -> None:
    for seat, text in taken:
        player = table.seats[seat]
        player.send(text)
        answers = player.until_hello()
        if any(m.get("type") == "error" for m in answers):
            raise NoAnswer(f"the mirror refused what the fuzzed table took: {answers}")
        if room == "artischocken":
            for other in table.seats:
                if other is not player:
                    while other.recv().get("type") != "state":
                        pass


@dataclass
class Report:
    rounds: int = 0
    breaks: list[str] = field(default_factory=list)
    stats: Counter[str] = field(default_factory=Counter)


def play_round(url: str, dice: Dice, report: Report, *, steps: int, strangers: int, frames: int,
               stranger_dice: Dice | None = None) -> None:
    """One round (see the module doc); a break is added to ``report.breaks``. ``stranger_dice``: where the
    strangers' frames come from (default ``dice``)."""
    room = pick(dice, ROOMS)
    seed = dice.int(0, 10_000)
    lock = threading.Lock()
    stats: Counter[str] = Counter()  # the strangers' (under the lock)
    seats: Counter[str] = Counter()  # the seats' (this thread's)
    try:
        fuzzed = make_table(url, room, seed, seats)
        mirror = make_table(url, room, seed, seats)
    except (NoAnswer, ConnectionClosed, OSError, InvalidHandshake) as exc:  # TimeoutError is an OSError
        report.breaks.append(f"a {room} table could not be made: {type(exc).__name__}: {exc}"[:500])
        report.rounds += 1
        return
    codes = (fuzzed.code, mirror.code, "ZZZZ-ZZZZ")
    other = dice if stranger_dice is None else stranger_dice
    plans = [[mutated(template(pick(other, TYPES), pick(other, codes), other), other) if chance(other, 85)
              else unmark(json.dumps(template(pick(other, TYPES), pick(other, codes), other)))
              for _ in range(frames)] for _ in range(strangers)]
    threads = [threading.Thread(target=stranger, args=(url, plan, stats, lock), daemon=True) for plan in plans]
    for thread in threads:
        thread.start()
    played = Round()
    try:
        for _ in range(steps):
            seat_step(fuzzed, room, dice, played)
        for thread in threads:
            thread.join(WAIT * 3)
        replay_on(mirror, room, played.taken)
        got, want = final_view(fuzzed, room), final_view(mirror, room)
        if got != want:
            report.breaks.append(f"{room} table {fuzzed.code} differs from its mirror after {len(played.taken)} "
                                 "moves taken")
    except (NoAnswer, ConnectionClosed, OSError, InvalidHandshake) as exc:
        report.breaks.append(f"{room} table {fuzzed.code}: {type(exc).__name__}: {exc}"[:500])
    finally:
        for table in (fuzzed, mirror):
            for seat in table.seats:
                seat.close()
    for thread in threads:
        thread.join(WAIT)
    with lock:
        report.stats.update(stats)
    report.stats.update(seats)
    report.stats["taken"] += len(played.taken)
    report.rounds += 1


# -- the server -------------------------------------------------------------------------------------------------

class Server:
    """``python -m game serve --port 0 --workers N --data DATA``, its log collected."""

    def __init__(self, data: Path, workers: int = 2) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--workers", str(workers),
                                      "--data", str(data)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert self.proc.stdout is not None
        self.log: list[str] = []
        self.stopped = False
        self.reader = threading.Thread(target=self.read_log, daemon=True)
        self.reader.start()
        line = self.proc.stdout.readline().strip()
        if not line.startswith("serving ws://"):
            self.stop()
            raise RuntimeError(f"the server did not start: {line!r} {''.join(self.log)[-2000:]}")
        self.url = line.split()[1]

    def read_log(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.log.append(line)

    def breaks(self) -> list[str]:
        """What the log and the process tell of a break: a traceback, a logging error, the process gone."""
        out = []
        text = "".join(self.log)
        if "Traceback" in text:
            start = text.index("Traceback")
            out.append("the server's log holds a traceback: " + text[max(0, start - 300): start + 1500])
        if "--- Logging error ---" in text:
            out.append("the server could not write a line of its log")
        if not self.stopped and self.proc.poll() is not None:
            out.append(f"the server stopped (exit {self.proc.returncode})")
        return out

    def stop(self) -> int:
        self.stopped = True
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        self.reader.join(2)
        return code


def run(minutes: float, seed: int, *, workers: int = 2) -> dict[str, Any]:
    """Rounds for ``minutes`` against one server; the figures as a dict."""
    report = Report()
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as data:
        server = Server(Path(data), workers)
        try:
            dice = RandomDice(seed)
            while time.monotonic() - start < minutes * 60:
                play_round(server.url, dice, report, steps=40, strangers=3, frames=150)
                if server.proc.poll() is not None:
                    break
        finally:
            code = server.stop()
        report.breaks += server.breaks()
        if code != 0:
            report.breaks.append(f"the server ended with exit code {code}")
    stats = report.stats
    refusals = {key.split(" ", 1)[1]: n for key, n in sorted(stats.items()) if key.startswith("refused ")}
    closes = {key.split(" ", 1)[1]: n for key, n in sorted(stats.items()) if key.startswith("closed ")}
    return {"bench": "fuzz-wire", "minutes": round((time.monotonic() - start) / 60, 2), "seed": seed,
            "workers": workers, "rounds": report.rounds, "messages_sent": stats["sent"],
            "seat_messages_taken": stats["taken"], "refusals": refusals, "closes": closes,
            "breaks": len(report.breaks), "break_texts": report.breaks[:10]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game bench fuzz-wire", description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=2.0, help="how long to fuzz (default 2)")
    parser.add_argument("--seed", type=int, default=None, help="the seed of the choices (default: a random one)")
    parser.add_argument("--workers", type=int, default=2, help="the server's worker processes (default 2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not args.minutes > 0:
        parser.error("--minutes must be positive")
    seed = random.randrange(2**32) if args.seed is None else args.seed
    result = run(args.minutes, seed, workers=args.workers)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"fuzz-wire: {result['rounds']} rounds in {result['minutes']} min (seed {seed}), "
              f"{result['messages_sent']} messages sent, {result['seat_messages_taken']} seat moves taken")
        print("refusals: " + ", ".join(f"{code} {n}" for code, n in result["refusals"].items()))
        print("closes: " + (", ".join(f"{code} {n}" for code, n in result["closes"].items()) or "none"))
        print(f"breaks: {result['breaks']}")
        for text in result["break_texts"]:
            print("  " + text)
    return 1 if result["breaks"] else 0


if __name__ == "__main__":
    sys.exit(main())
