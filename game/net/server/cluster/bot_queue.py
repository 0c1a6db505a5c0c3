"""Bot decisions made in any process of a cluster: a queue in Redis served by ``serve --bot-worker``.

A table's owner that has a costly bot to move (its last decision there took
:data:`~game.net.server.cluster.sharing.OFFLOAD_ABOVE` or more) and sees a live bot worker (:meth:`BotQueue.available`)
sends the job (the table's room and save: :meth:`~game.net.server.table_host.TableHandle.bot_job`) to the list
``bots:jobs`` and waits for the answer on ``bots:reply:ID``; it makes the decision on its table (``bot_apply``) as
if its own bot had decided. A card bot's decision is a function of the table alone (its seed comes from the
table's), so the game is the same wherever the bot thought (but for a searching bot's CPU time cap, which on a busy
machine may cut a search short there as here). When no worker answers within :data:`ASK_TIMEOUT`, or the decision
is no longer legal, the owner's own bot moves: a worker that dies costs a few seconds, never a game. Cactus bots
decide where their table is (their decisions are the world's physics).

A bot worker (:func:`run_worker`) takes one job at a time, oldest first; run one per core, on any machine that
reaches the Redis. It says it is alive in ``bots:worker:ID`` (expiring after :data:`ALIVE`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import Any

import redis.asyncio as aredis
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from game.net.server.cluster.directory import CONNECT_TIMEOUT, ClusterError, describe, key
from game.net.server.room_table import TableError
from game.net.server.table_runner import bot_decision

log = logging.getLogger("game.net.server.cluster.bot_queue")

JOBS = key("bots", "jobs")
#: How many decisions the workers made (for the operator, and the tests).
DECIDED = key("bots", "decided")
#: How long an owner waits for a worker's decision before its own bot decides (seconds).
ASK_TIMEOUT = 5.0
#: How long a worker counts as alive after it last said so (seconds); it says so every third of that.
ALIVE = 3.0
#: How long an answer nobody took is kept (seconds).
REPLY_TTL = 30
#: How often an owner looks again whether any worker is alive (seconds).
LOOK_EVERY = 1.0
#: How long an owner asks no worker after a job went unanswered (seconds).
PAUSE_AFTER_SILENCE = 30.0


class BotQueue:
    """The owner's side: send a job, wait for its decision."""

    def __init__(self, url: str) -> None:
        # its own client: a job's wait is longer than the cluster's commands may take
        self.redis: aredis.Redis = aredis.from_url(url, decode_responses=True, socket_connect_timeout=CONNECT_TIMEOUT,
                                                   socket_timeout=ASK_TIMEOUT + 2)
        self.looked = -LOOK_EVERY
        self.alive = False

    async def available(self) -> bool:
        """Whether a bot worker said lately that it is alive (looked up at most every :data:`LOOK_EVERY`)."""
        now = time.monotonic()
        if now - self.looked >= LOOK_EVERY:
            self.looked = now
            try:
                self.alive = any([k async for k in self.redis.scan_iter(match=key("bots", "worker", "*"), count=100)])
            except (RedisError, OSError):
                self.alive = False
        return self.alive

    async def ask(self, job: dict[str, Any]) -> Any | None:
        """A worker's decision for ``job``; None when none came in time (or it could not decide)."""
        ident = secrets.token_hex(8)
        reply_key = key("bots", "reply", ident)
        try:
            await self.redis.lpush(JOBS, json.dumps({**job, "reply": reply_key,
                                                     "until": time.time() + ASK_TIMEOUT}))
            answer = await self.redis.blpop([reply_key], timeout=ASK_TIMEOUT)
        except RedisTimeoutError:  # the client's own read gave up first: no answer came either
            answer = None
        except (RedisError, OSError, TypeError, ValueError) as exc:
            log.warning("a bot's job could not be sent or answered: %s", exc)
            return None
        if answer is None:  # the workers are stuck or overloaded: the tables' own bots decide for a while
            log.warning("no bot worker answered within %g s; the tables' own bots decide for the next %g s",
                        ASK_TIMEOUT, PAUSE_AFTER_SILENCE)
            self.alive, self.looked = False, time.monotonic() + PAUSE_AFTER_SILENCE
            return None
        try:
            reply = json.loads(answer[1])
        except ValueError:
            return None
        return reply.get("decision") if isinstance(reply, dict) else None

    async def close(self) -> None:
        await self.redis.aclose()


async def work_once(client: aredis.Redis, raw: str) -> None:
    """Decide one job and answer it (a job past its time, or one that is not a job, is dropped)."""
    try:
        job = json.loads(raw)
        reply_key, until = str(job["reply"]), float(job["until"])
    except (ValueError, KeyError, TypeError):
        log.warning("a job on the bot queue is not one; dropped")
        return
    if time.time() > until:  # its table's own bot has decided already
        return
    try:
        decision = await asyncio.to_thread(bot_decision, job)
    except (TableError, ValueError, KeyError, TypeError) as exc:
        log.warning("a bot's job could not be decided: %s", exc)
        decision = None
    async with client.pipeline(transaction=True) as pipe:
        await pipe.lpush(reply_key, json.dumps({"decision": decision}))
        await pipe.expire(reply_key, REPLY_TTL)
        await pipe.incr(DECIDED)
        await pipe.execute()


async def run_worker(url: str, stop: asyncio.Event) -> None:
    """Serve the bot queue of the Redis at ``url`` until ``stop`` is set (ClusterError when it cannot be reached)."""
    client: aredis.Redis = aredis.from_url(url, decode_responses=True, socket_connect_timeout=CONNECT_TIMEOUT,
                                           socket_timeout=ALIVE + 2)
    alive = key("bots", "worker", secrets.token_hex(6))
    try:
        try:
            await client.set(alive, "1", px=int(ALIVE * 1000))
        except (RedisError, OSError) as exc:
            raise ClusterError(describe(url, exc)) from None
        log.info("serving the bot queue of %s", url)
        said = time.monotonic()
        while not stop.is_set():
            try:
                if time.monotonic() - said >= ALIVE / 3:
                    await client.set(alive, "1", px=int(ALIVE * 1000))
                    said = time.monotonic()
                job = await client.brpop([JOBS], timeout=ALIVE / 3)
                if job is not None:
                    await work_once(client, str(job[1]))
            except (RedisError, OSError) as exc:
                log.warning("the bot queue cannot be reached (%s); trying again", exc)
                await asyncio.sleep(1.0)
    finally:
        with contextlib.suppress(RedisError, OSError):
            await client.delete(alive)
        await client.aclose()


__all__ = ["ASK_TIMEOUT", "BotQueue", "DECIDED", "JOBS", "run_worker", "work_once"]
