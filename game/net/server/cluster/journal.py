"""The journal of the cluster's tables in Redis (``serve --redis``): the :class:`~game.net.server.keeping.journal.Sink`
of a process of the cluster (:class:`RedisJournal`).

Each table's records are the sorted set ``journal:CODE`` (score: the record's number). The journal's writer thread
appends a whole group of records, of any tables, with one script (one round trip): each record is added only
while this process holds the table's lease (a record of a table another process took over is refused; that
process resumed from what was there), and the table's code is listed among the saved tables, so that a table
made a moment ago is found and taken over from its ``save`` record after a crash. Once a save holding records up
to ``n`` is written, they are removed; a dropped table's set goes with its save. A table taken over is resumed
from ``save:CODE`` and then ``journal:CODE`` (:meth:`~.directory.Cluster.journal`).

An answered move so survives the death of the process that answered it: it was in Redis before the answer went
out. (That it survives the death of Redis too is Redis's own persistence: ``appendonly yes``, ``appendfsync
always`` for every write, docs/remote-play.md.)
"""

from __future__ import annotations

from redis.exceptions import RedisError

from game.net.server.cluster.directory import Cluster, key
from game.net.server.keeping.journal import Line

#: Append records: ``KEYS[1]`` the saved tables, then per record its lease and its journal; ``ARGV[1]`` this
#: process, then per record its number, text and table code. The codes of the records refused.
APPEND = """
local refused = {}
for i = 2, #KEYS, 2 do
  local a = (i - 2) / 2 * 3 + 2
  if redis.call('get', KEYS[i]) == ARGV[1] then
    redis.call('zadd', KEYS[i + 1], ARGV[a], ARGV[a + 1])
    redis.call('sadd', KEYS[1], ARGV[a + 2])
  else
    refused[#refused + 1] = ARGV[a + 2]
  end
end
return refused
"""


class RedisJournal:
    """The records of this process's tables in the cluster's Redis (see the module doc); called by the journal's
    writer thread (synchronous client)."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.append_script = cluster.sync.register_script(APPEND)

    def append(self, lines: list[Line]) -> set[str]:
        keys = [key("tables")]
        args: list[str | int] = [self.cluster.id]
        for line in lines:
            keys += [key("owner", line.code), key("journal", line.code)]
            args += [line.n, line.text, line.code]
        try:
            refused = self.append_script(keys=keys, args=args)
        except RedisError as exc:
            raise OSError(f"Redis: {exc}") from None
        return {str(code) for code in refused or ()}

    def saved(self, code: str, n: int) -> None:
        try:
            self.cluster.sync.zremrangebyscore(key("journal", code), "-inf", n)
        except RedisError as exc:
            raise OSError(f"Redis: {exc}") from None

    def drop(self, code: str) -> None:
        pass  # the table's save and journal were removed together (directory.REMOVE)

    def set_table_aside(self, code: str) -> None:
        pass  # never asked: a cluster's tables are taken over from Redis, not resumed from a folder at start

    def close(self) -> None:
        pass  # the cluster's clients are closed with it


__all__ = ["APPEND", "RedisJournal"]
