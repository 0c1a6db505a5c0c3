"""Cactus matches played on by the simple bot, for tests that need a game some turns in."""

from __future__ import annotations

from game.cactus.bots.simple import Bot
from game.cactus.match import Match, MatchError


def play_turns(match: Match, turns: int) -> None:
    """Let the simple bot play ``match`` until its turn number reaches ``turns`` (or the game ends)."""
    bot = Bot()
    for _ in range(20_000):
        if match.is_over or match.rules.turn_number >= turns:
            return
        try:
            bot.act(match)
        except MatchError:
            match.step(1 / 60)
