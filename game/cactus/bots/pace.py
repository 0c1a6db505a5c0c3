"""How a bot's turn is paced on the play screen at normal speed, and how long it takes there on a simulated clock.

The play scene (:mod:`game.cactus.screens.scene_play`) waits ``BOT_PAUSE`` before each step of a bot's turn that a
player should see (roll, take, the hand taking hold, take back, confirm), lets the die tumble ``ROLL_TIME`` after a
roll, moves the bot's hand one point of its path per drive frame (``DRAG_FRAME``, stepping the world as the bot's
trials did), lets the world settle in real time, and gives a running search ``THINK_SECONDS`` of each drawn frame
(``FRAME``). :class:`TurnClock` adds those up for the steps a headless bot takes, so a bench can say how long a
turn lasts as a player watches it without timing a single real frame (``python -m game bench cactus-bot``:
``turn_seconds_p95``). The only measured part is the thinking: a search's own time on this machine, shown at
``THINK_SECONDS`` per frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.cactus.bots.drive import FRAME as DRIVE_FRAME
from game.cactus.bots.planner import THINK_SECONDS

#: Seconds the play scene waits before each step of a bot's turn a player should see.
BOT_PAUSE = 0.45
#: Seconds the die tumbles after a roll (the bot waits for it).
ROLL_TIME = 0.7
#: The app's fixed update (``game.app.FIXED_STEP_MS``): the bot's hand moves one point of its path per step.
FIXED_STEP = 0.010
#: A drawn frame at the app's active rate (60 a second); a running search gets ``THINK_SECONDS`` of each.
FRAME = 1.0 / 60.0
#: Seconds per point of a bot hand's path on screen: the hand moves and the world steps one drive frame, as in
#: the bot's trials (:data:`game.cactus.bots.drive.FRAME`), so the hand does on screen what it did in its trial.
DRAG_FRAME = DRIVE_FRAME

#: The steps of a turn that come after a ``BOT_PAUSE`` on screen (the hand's moves and the settling do not).
PAUSED = frozenset({"roll", "take", "grab", "drop", "take_back", "confirm", "sweep", "idle"})


def think_seconds(search_seconds: float) -> float:
    """Screen seconds a search of ``search_seconds`` (its own time) takes at ``THINK_SECONDS`` per frame."""
    if search_seconds <= 0:
        return 0.0
    return math.ceil(search_seconds / THINK_SECONDS - 1e-9) * FRAME


@dataclass
class TurnClock:
    """The screen seconds of one bot turn so far, step by step (see the module doc)."""

    seconds: float = 0.0
    thinking: float = 0.0  # of which the bot was thinking
    settling: float = 0.0  # of which the world settled after the hand let go

    def add(self, done: str, *, searched: float = 0.0, settled: float = 0.0, blocked: float = 0.0) -> None:
        """Account for one step of the bot: ``done`` is what it returned ("roll", "move", ...); ``searched`` the
        search time a planner spent in it (shown across frames), ``settled`` the simulated seconds the world
        stepped in it, ``blocked`` the time a bot that searches inside one step held up its frame."""
        think = think_seconds(searched)
        wait = BOT_PAUSE if done in PAUSED else DRAG_FRAME if done in ("move", "release") else FIXED_STEP
        if done == "roll":
            wait += ROLL_TIME
        self.thinking += think + blocked
        self.settling += settled
        self.seconds += wait + think + blocked + settled


__all__ = ["BOT_PAUSE", "DRAG_FRAME", "FIXED_STEP", "FRAME", "PAUSED", "ROLL_TIME", "TurnClock", "think_seconds"]
