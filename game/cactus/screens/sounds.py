"""What the Cactus table sounds like: the match's rule events and the world's impacts as effects.

The play scene hands over what it gets anyway (the events it drains from the match, the impacts the world
reports through the match, :meth:`~game.cactus.match.Match.drain_impacts`); this module picks the effect
and its loudness and plays it (:mod:`game.ui.sound`). It decides nothing about the game.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.cactus.match import Match
from game.cactus.rules import Event
from game.ui.sound import impact_volume, play

#: Rule event -> effect (events with no effect are quiet). Paying flowers buzzes (C-R1, C-R5).
EVENT_SOUNDS: dict[str, str] = {
    "roll": "roll", "take": "grab", "placed_fell": "fall", "knocked": "fall", "piece_out": "fall",
    "award": "chime", "hand_touch": "buzz", "award_lost": "buzz", "claim_rejected": "buzz",
    "awards_void": "buzz", "game_over": "fanfare",
}
#: At most this many clacks per frame (the loudest), however many pieces land at once.
CLACKS_PER_FRAME = 2


def event_sounds(events: Iterable[Event]) -> list[str]:
    """Play the effect of each rule event; returns the effects played."""
    played = []
    for e in events:
        name = EVENT_SOUNDS.get(e.kind)
        if name is not None and play(name):
            played.append(name)
    return played


def impact_sounds(match: Match) -> list[float]:
    """Play a clack for the hardest impacts since the last call, as loud as physics says they were; returns
    the loudness of each clack played."""
    impacts = sorted(match.drain_impacts(), key=lambda i: i.speed, reverse=True)[:CLACKS_PER_FRAME]
    played = []
    for impact in impacts:
        volume = impact_volume(impact.speed)
        if volume > 0.02 and play("clack", volume):
            played.append(volume)
    return played
