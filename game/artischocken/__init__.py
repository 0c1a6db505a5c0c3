"""Artischocken: a deck-wrecking card game. The pure rules engine lives in ``engine``."""

from game.artischocken.engine import CARDS, VEGETABLES, Action, Game, IllegalAction, new_game

__all__ = ["CARDS", "VEGETABLES", "Action", "Game", "IllegalAction", "new_game"]
