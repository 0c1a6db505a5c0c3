"""``python -m game serve``: run the table server (no window) until Ctrl-C or SIGTERM.

Prints three lines on stdout once it accepts connections: ``serving ws://HOST:PORT`` (``--port 0``: the port it
got; HOST is an address another machine reaches it by: its address on the local network when it listens on every
interface, never 0.0.0.0), ``server ID``, the server's id (kept in the data folder: the same after a restart,
on any port), and ``page http://HOST:PORT/``, the server's own page for a seat in a browser.
With ``--advertise NAME`` it announces itself and its open tables on the local network (zeroconf,
:mod:`game.net.server.announce`) under the host player's NAME, and withdraws the announcement when it stops.
Ctrl-C and SIGTERM (and, with ``--stdin-lifeline``, the end of stdin) save every table and
exit 0; an address that cannot be had (a port in use) gives one line on stderr and exit 1; a data folder another
``serve`` holds (:mod:`game.net.server.data_lock`) one line and exit 2. When some table
cannot be saved on the way out (a read-only or full data folder), each is named in the log and the last line on
stderr says ``N tables could not be saved: CODE, CODE``: exit 3. The log (connections, joins, errors; never a
token) goes to stderr.

With ``--redis URL`` the process is one of a cluster that shares its tables and saves through that Redis
(:mod:`game.net.server.cluster.sharing`; a Redis that cannot be reached: one line on stderr, exit 1). With ``--redis URL
--bot-worker`` it serves no players: it prints ``serving bots of URL`` and decides the card bots' moves of the
cluster's tables (:mod:`game.net.server.cluster.bot_queue`) until Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import ipaddress
import logging
import os
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from game.argtypes import int_in_range
from game.net import wire
from game.net.discovery import Advertiser, reachable_address
from game.net.server import identity
from game.net.server.announce import Announcer
from game.net.server.cluster.bot_queue import run_worker
from game.net.server.cluster.directory import ClusterError
from game.net.server.connection import AcceptErrors
from game.net.server.data_lock import DataLock, FolderInUse
from game.net.server.limits import Limits
from game.net.server.options import KEEP_FINISHED
from game.net.server.room_table import TableError
from game.net.server.table_server import Server, ServerOptions

PROG = "python -m game serve"
#: The interpreter's switch interval in the server process (seconds; Python's default is 0.005). An answer crosses
#: threads on its way (its call sent to a worker, the reply read from the pipe, the journal's durable write), and a
#: thread that wants the interpreter while the event loop runs waits up to this long for it, each time.
SWITCH_INTERVAL = 0.001
#: The exit code when some table could not be saved on the way out.
EXIT_UNSAVED = 3
#: The exit code when another server holds the data folder.
EXIT_FOLDER_IN_USE = 2


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def player_name(text: str) -> str:
    try:
        name = wire.get_name({"name": text})
    except TableError:
        name = None
    if name is None:
        raise argparse.ArgumentTypeError(f"expected a name of 1 to {wire.MAX_NAME} characters, got {text!r}")
    return name


def redis_url(text: str) -> str:
    if not text.startswith(("redis://", "rediss://", "unix://")):
        raise argparse.ArgumentTypeError(f"expected a Redis address such as redis://127.0.0.1:6379/0, got {text!r}")
    return text


def ws_url(text: str) -> str:
    if not text.startswith(("ws://", "wss://")):
        raise argparse.ArgumentTypeError(f"expected a websocket address such as ws://10.0.0.5:8765, got {text!r}")
    return text


def ip_address(text: str) -> str:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an IP address such as 10.0.0.2, got {text!r}") from None


def default_workers() -> int:
    """One worker process per core the server may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no sched_getaffinity outside Linux
        return max(1, os.cpu_count() or 1)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description="Run the garden-table server for remote play.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; "
                        "0.0.0.0 for every interface)")
    parser.add_argument("--port", type=int_in_range(0, 65535, "a port number"), default=8765,
                        help="port to listen on (default 8765; 0 picks a free one)")
    parser.add_argument("--data", type=Path, default=None,
                        help="folder of the saved tables (default: 'server' in the user data folder)")
    parser.add_argument("--seat-timeout", type=positive_seconds, default=120.0, metavar="S",
                        help="seconds a dropped seat waits before a bot takes it over, where the table allows "
                        "it (default 120)")
    parser.add_argument("--keep-finished", type=positive_seconds, default=KEEP_FINISHED, metavar="S",
                        help="seconds a finished table (its result and replay) is kept after its end, across "
                        f"restarts, before it is dropped (default {KEEP_FINISHED:g}: 30 days)")
    parser.add_argument("--stdin-lifeline", action="store_true",
                        help="stop (saving every table) once stdin reaches its end: a parent process that holds "
                        "the other end of the pipe takes the server with it however it ends (the lobby's own server)")
    parser.add_argument("--advertise", type=player_name, default=None, metavar="NAME",
                        help="announce this server and its open tables on the local network (zeroconf) under "
                        "NAME, the host player's name")
    parser.add_argument("--workers", type=int_in_range(0, 64, "a number of worker processes"),
                        default=default_workers(), metavar="N",
                        help="worker processes that hold the tables and run their physics and bots (default: one "
                        f"per core, here {default_workers()}; 0 runs them in the server's own process)")
    parser.add_argument("--limit-loopback", action="store_true",
                        help="hold clients on this machine to the limits per address too (they are exempt: tests "
                        "and tools run there, and behind a local proxy every client would be one address)")
    parser.add_argument("--redis", type=redis_url, default=None, metavar="URL",
                        help="share the tables with every other server process of this Redis "
                        "(redis://HOST:PORT/DB): any of them serves any table, and takes over the tables of one "
                        "that stops; the saves are kept in Redis, not in --data")
    parser.add_argument("--peer", type=ws_url, default=None, metavar="URL",
                        help="with --redis: where the other server processes reach this one (ws://HOST:PORT; "
                        "default: the address it listens on)")
    parser.add_argument("--bot-worker", action="store_true",
                        help="with --redis: serve no players, but decide the card bots' moves of every table of "
                        "the cluster (a queue in Redis); run one per core, on any machine")
    parser.add_argument("--trust-proxy", type=ip_address, action="append", default=[], metavar="ADDRESS",
                        help="a proxy in front of the server (repeatable): its connections are bounded by the client "
                        "address its X-Forwarded-For header names, not as one address")
    parser.add_argument("--log-level", choices=("debug", "info", "warning", "error"), default="info",
                        help="what goes into the log on stderr (default info)")
    return parser


def url(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


def page_url(host: str, port: int) -> str:
    """The server's own page (:mod:`game.net.server.web`), on the same address and port as its websockets."""
    return "http" + url(host, port)[2:] + "/"


def watch_stdin(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    """Set ``stop`` once stdin reaches its end (read in a thread of its own: it blocks)."""

    def read() -> None:
        with contextlib.suppress(OSError, ValueError, AttributeError):  # AttributeError: no stdin at all
            while os.read(sys.stdin.fileno(), 4096):
                pass
        with contextlib.suppress(RuntimeError):  # the loop is gone already
            loop.call_soon_threadsafe(stop.set)

    threading.Thread(target=read, name="stdin lifeline", daemon=True).start()


def announce(server: Server, host: str, port: int, name: str) -> asyncio.Task[None]:
    """Start announcing ``server`` (listening on ``host``:``port``) under ``name``: a task to cancel at the end.
    A server on a loopback address is announced on loopback only (nobody else could reach it)."""
    address = reachable_address(host)
    tables = server.open_tables()
    interfaces = [address] if address.startswith("127.") else None
    advertiser = Advertiser(address, port, tables, player=name, server_id=server.id, interfaces=interfaces)
    return asyncio.get_running_loop().create_task(Announcer(server, advertiser, tables).run())


async def run(options: ServerOptions, host: str, port: int, *, lifeline: bool = False,
              advertise: str | None = None) -> int:
    sys.setswitchinterval(SWITCH_INTERVAL)
    AcceptErrors(asyncio.get_running_loop()).install()  # a flood at the descriptor limit: one line, not a flood
    server = Server(options)
    try:
        ws_server = await server.start(host, port)
    except ClusterError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        if server.host is not None:
            await server.host.close()
        return 1
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            print(f"{PROG}: port {port} on {host} is in use (choose another with --port, or --port 0)",
                  file=sys.stderr)
        else:
            print(f"{PROG}: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        if server.host is not None:
            await server.host.close()
        return 1
    got = ws_server.sockets[0].getsockname()[1] if port == 0 else port
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # before the lines: whoever read them may stop it at once
        with contextlib.suppress(NotImplementedError, RuntimeError):  # no signal handlers on Windows
            loop.add_signal_handler(sig, stop.set)
    print(f"serving {url(identity.hosts(host)[0], got)}", flush=True)
    print(f"server {server.id}", flush=True)
    print(f"page {page_url(identity.hosts(host)[0], got)}", flush=True)  # the browser seat's start page
    if lifeline:
        watch_stdin(loop, stop)
    announcing = announce(server, host, got, advertise) if advertise is not None else None
    try:
        await stop.wait()
    finally:
        if announcing is not None:
            announcing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await announcing  # withdrawn before the tables are saved: nobody is sent to a closing server
        unsaved = await server.shutdown()
    if unsaved:
        count = f"{len(unsaved)} table{'s' if len(unsaved) > 1 else ''}"
        print(f"{PROG}: {count} could not be saved: {', '.join(unsaved)}", file=sys.stderr)
        return EXIT_UNSAVED
    return 0


async def run_bots(url: str) -> int:
    """``--bot-worker``: serve the cluster's bot queue until Ctrl-C or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    print(f"serving bots of {url}", flush=True)
    try:
        await run_worker(url, stop)
    except ClusterError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.bot_worker and args.redis is None:
        parser.error("--bot-worker needs --redis (the queue of the bots' moves is in Redis)")
    logging.basicConfig(level=args.log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    if args.bot_worker:
        try:
            return asyncio.run(run_bots(args.redis))
        except KeyboardInterrupt:
            return 0
    data = args.data
    if data is None:
        from game.paths import user_data_dir

        data = user_data_dir() / "server"
    lock = None
    if args.redis is None:  # (a cluster keeps its tables in Redis: its processes share no folder's saves)
        try:
            lock = DataLock.take(data)
        except FolderInUse as exc:
            print(f"{PROG}: {exc}", file=sys.stderr)
            return EXIT_FOLDER_IN_USE
        except OSError as exc:  # the data folder cannot be made
            print(f"{PROG}: {exc}", file=sys.stderr)
            return 1
    try:
        options = ServerOptions(data=data, seat_timeout=args.seat_timeout, keep_finished=args.keep_finished,
                                workers=args.workers, limits=Limits(loopback=args.limit_loopback,
                                              proxies=frozenset(args.trust_proxy)),
                                redis=args.redis, peer=args.peer, name=args.advertise)
        return asyncio.run(run(options, args.host, args.port, lifeline=args.stdin_lifeline,
                               advertise=args.advertise))
    except OSError as exc:  # the data folder cannot be made
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C before the signal handlers stood
        return 0
    finally:
        if lock is not None:
            lock.release()


__all__ = ["EXIT_FOLDER_IN_USE", "EXIT_UNSAVED", "build_parser", "main", "run", "url"]
