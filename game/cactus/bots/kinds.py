"""The kinds of Cactus bot a seat may be played by, and the bots of one table.

``simple`` (:class:`~game.cactus.bots.simple.Bot`: drops the piece at the first candidate that settles without a broken
rule) and ``planner`` at three levels (:class:`~game.cactus.bots.planner.PlannerBot`: searches placements on copies of
one snapshot and carries the best out with the hand). The names are :data:`game.cactus.match.BOT_KINDS`, the
per-seat choice is ``Match.bot_kinds`` (saved with the match).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.cactus.bots.planner import LEVELS, THINK_SECONDS, PlannerBot
from game.cactus.bots.simple import Bot
from game.cactus.match import BOT_KINDS, Match, MatchError

#: The kind a new bot seat gets in the setup screens.
DEFAULT_KIND = "planner"


class CactusBot(Protocol):
    """What a table needs of a bot: one step of the turn, and the piece it would take (the demo autopilot)."""

    def act(self, match: Match) -> str: ...

    def choose(self, match: Match) -> str: ...


def make_bot(kind: str, *, steps_world: bool = True, incremental: bool = False) -> CactusBot:
    """A bot of ``kind`` (one of BOT_KINDS); ``steps_world``: its hand's drive steps the world while it drags, or
    leaves that to its caller; ``incremental``: the planner searches across frames (``PlannerBot.think_some``),
    and so does the simple bot's rescue (``Bot.think_some``). An unknown kind raises ValueError naming the known
    ones."""
    if kind == "simple":
        return Bot(steps_world=steps_world, incremental=incremental)
    if kind == "planner" or kind.startswith("planner-"):
        level = "normal" if kind == "planner" else kind.removeprefix("planner-")
        if level in LEVELS and kind in BOT_KINDS:
            return PlannerBot(LEVELS[level], steps_world=steps_world, incremental=incremental)
    raise ValueError(f"unknown bot kind {kind!r} (known: {', '.join(BOT_KINDS)})")


class SeatBots:
    """The bots of one table: each seat's kind from ``Match.bot_kinds``; ``act`` / ``choose`` go to the bot of
    the seat whose turn it is (one bot per kind: a bot's state is per turn). An ``incremental`` table is on
    screen: its planners search across frames (:meth:`think`), headless tables search at once (by default a
    table whose bots leave stepping the world to its scene, ``steps_world`` off, is incremental). The play
    scene's bots step the world themselves while their hand drags, one frame per point of its path as in their
    trials, paced by the scene (:mod:`game.cactus.screens.scene_play`)."""

    def __init__(self, kinds: Sequence[str], *, steps_world: bool = True, incremental: bool | None = None) -> None:
        self.kinds = list(kinds)
        self.steps_world = steps_world
        self.incremental = not steps_world if incremental is None else incremental
        self.by_kind: dict[str, CactusBot] = {}

    @classmethod
    def of(cls, match: Match, *, steps_world: bool = True, incremental: bool | None = None) -> SeatBots:
        return cls(match.bot_kinds, steps_world=steps_world, incremental=incremental)

    def bot(self, match: Match) -> CactusBot:
        seat = match.current
        kind = self.kinds[seat] if 0 <= seat < len(self.kinds) else "simple"
        if kind not in self.by_kind:
            self.by_kind[kind] = make_bot(kind, steps_world=self.steps_world, incremental=self.incremental)
        return self.by_kind[kind]

    def act(self, match: Match) -> str:
        return self.bot(match).act(match)

    def choose(self, match: Match) -> str:
        return self.bot(match).choose(match)

    def think(self, match: Match, seconds: float = THINK_SECONDS) -> bool:
        """One frame's thinking for the seat on turn (its planner's search, about ``seconds``); whether a bot was
        thinking (the play scene shows it). Called from the scene's ``update``."""
        if match.is_over or not match.is_bot_turn:
            return False
        bot = self.bot(match)
        return isinstance(bot, (PlannerBot, Bot)) and bot.think_some(match, seconds)


def play_seats(match: Match, *, max_actions: int = 50_000, bots: SeatBots | None = None) -> int:
    """Let each seat's bot play until the game is over; returns the turns confirmed. RuntimeError after
    ``max_actions`` steps without an end."""
    table = bots or SeatBots.of(match)
    done = 0
    for _ in range(max_actions):
        if match.is_over:
            return done
        try:
            if table.act(match) == "confirm":
                done += 1
        except MatchError:
            continue  # refused (the world changed under the bot): the next step looks again, as the scene does
    raise RuntimeError(f"the bots made {max_actions} moves without finishing (stage {match.stage.value})")


__all__ = ["BOT_KINDS", "DEFAULT_KIND", "CactusBot", "SeatBots", "make_bot", "play_seats"]
