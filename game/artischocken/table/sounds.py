"""What the card table sounds like: the entries of the looking seat's log as effects.

The table scene hands over the log entries of each action (the ones its flights are made from); this module
picks the effects and plays them (:mod:`game.ui.sound`). A beet's play is the steal; cards moving between
zones slide, a reveal or swap flips, a reshuffle shuffles, composting thumps, a win plays the run.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.ui.sound import play

#: Log entry ("what") -> effect; entries with no effect are quiet.
ENTRY_SOUNDS: dict[str, str] = {
    "harvest": "slide", "draw": "slide", "refill": "slide", "move": "slide", "give": "slide", "take": "slide",
    "pass_done": "slide", "discard_hand": "slide", "to_deck": "slide", "under_stack": "slide",
    "reveal": "flip", "swap": "flip", "shuffle": "shuffle", "four_alike": "shuffle", "compost": "compost",
    "win": "win",
}


def entry_sound(entry: dict[str, Any]) -> str | None:
    """The effect of one log entry (None: quiet)."""
    what = entry.get("what")
    if what == "play":
        return "steal" if entry.get("cards") == ["beet"] else "slide"
    return ENTRY_SOUNDS.get(str(what))


def entry_sounds(entries: Iterable[dict[str, Any]]) -> list[str]:
    """Play the effects of one action's entries, each effect once; returns the effects played."""
    names: list[str] = []
    for entry in entries:
        name = entry_sound(entry)
        if name is not None and name not in names:
            names.append(name)
    return [name for name in names if play(name)]
