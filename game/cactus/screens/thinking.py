"""What the play screen shows while a bot thinks: the planner's search runs a frame's budget at a time from the
scene's ``update`` (:meth:`game.cactus.bots.kinds.SeatBots.think`), and the message line says "<name> is
thinking…" meanwhile (unless it shows another message, which is left to fade first)."""

from __future__ import annotations

from game.cactus.bots.kinds import SeatBots
from game.cactus.match import Match
from game.i18n import t
from game.ui.widgets import MessageLine

#: Seconds the cue stays after the last frame of thinking (it is shown again every frame while it lasts).
CUE_SECONDS = 0.6


def think_and_show(bots: SeatBots, m: Match, message: MessageLine) -> bool:
    """One frame of the thinking bot's search; the cue on ``message`` while it runs. Whether a bot thought."""
    if not bots.think(m):
        return False
    cue = t("cactus.bot.thinking", player=m.rules.names[m.current])
    if not message.visible or message.text == cue:
        message.show(cue, "info", CUE_SECONDS)
    return True


__all__ = ["CUE_SECONDS", "think_and_show"]
