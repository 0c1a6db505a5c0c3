"""A scripted run (``--frames N``, ``--until-over``) leaves the player's lists as they were.

Such a run is a script's or a test's, not a player's game: it writes no save (nothing new in a room's Continue
list) and no replay into the replays folder (nothing new in the Replays list) unless ``--save`` asks for both.
A replay asked for by path (``--record PATH``) is written all the same: the script named where it wants it.
The CLI decides once, before the first scene opens; the writers of saves and replays ask :func:`lists_kept`.
"""

from __future__ import annotations

_kept = True


def keep_lists(on: bool) -> None:
    """Whether this run's games go into the player's lists (True for every run the player starts)."""
    global _kept
    _kept = on


def lists_kept() -> bool:
    """True unless this is a scripted run that was not asked to ``--save``."""
    return _kept


__all__ = ["keep_lists", "lists_kept"]
