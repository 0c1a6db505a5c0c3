"""Where a new game's seed comes from: the one ``--seed`` gave, else a fresh one from the operating system.

Only the program draws fresh seeds (setup screens, the rooms' command lines); the engines keep
their fixed defaults, and simulations and benchmarks keep theirs, so that a measurement repeats. A game keeps
its seed in its save and its replay, so a fresh seed costs neither resuming nor replaying. The table server draws
its own, far wider and never sent (``secrets``: see "Fair dealing" in docs/design.md), since a player there
must not be able to search the seed from what is shown.
"""

from __future__ import annotations

import random

#: Fresh seeds are below this: a whole number every save, replay and wire format carries.
SEED_LIMIT = 2**31


def fresh_seed() -> int:
    """A seed no run has been told: every new game a different one."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def game_seed(given: int | None) -> int:
    """The seed of a new game: ``given`` (``--seed N``) when there is one, else a fresh seed."""
    return fresh_seed() if given is None else int(given)


__all__ = ["SEED_LIMIT", "fresh_seed", "game_seed"]
