"""One JSON form for a seeded ``random.Random`` (pure: used by both rules engines' saves).

``rng_to_json`` writes ``{"version": V, "state": [625 integers], "gauss": float-or-null}``;
``rng_from_json`` reads that form (and the older list form ``[V, [625 integers], gauss]`` that
Artischocken saves used) and raises ValueError naming ``where`` for anything else.
"""

from __future__ import annotations

import math
import random
from typing import Any

#: random.Random's state: 624 words of 32 bits and a position 0..624.
RNG_WORDS = 624


def rng_to_json(rng: random.Random) -> dict[str, Any]:
    """The generator's whole state as JSON-safe data."""
    version, internal, gauss = rng.getstate()
    return {"version": version, "state": list(internal), "gauss": gauss}


def _kind(x: object) -> str:
    return "null" if x is None else type(x).__name__


def rng_from_json(raw: object, where: str = "rng", error: type[ValueError] = ValueError) -> random.Random:
    """A generator in exactly the saved state; malformed data raises ``error`` (a ValueError) naming ``where``."""
    if isinstance(raw, list) and len(raw) == 3:  # the older Artischocken form
        raw = {"version": raw[0], "state": raw[1], "gauss": raw[2]}
    if not isinstance(raw, dict):
        raise error(f"{where}: expected an object {{version, state, gauss}}, got {_kind(raw)}")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise error(f"{where}.version: expected an integer, got {_kind(version)}")
    state = raw.get("state")
    if not isinstance(state, list):
        raise error(f"{where}.state: expected a list of {RNG_WORDS + 1} integers, got {_kind(state)}")
    if len(state) != RNG_WORDS + 1:
        raise error(f"{where}.state must hold {RNG_WORDS + 1} numbers, got {len(state)}")
    for i, x in enumerate(state):
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < 2**32:
            raise error(f"{where}.state[{i}]: expected an integer 0..2**32-1, got {_kind(x)} {x!r:.40}")
    if state[-1] > RNG_WORDS:
        raise error(f"{where}.state position must be 0..{RNG_WORDS}, got {state[-1]}")
    gauss = raw.get("gauss")
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, int | float)):
        raise error(f"{where}.gauss must be a number or null, got {_kind(gauss)}")
    if gauss is not None and not math.isfinite(gauss):  # NaN never equals itself: the state could not round-trip
        raise error(f"{where}.gauss must be a finite number, got {gauss!r}")
    rng = random.Random()
    try:
        rng.setstate((version, tuple(state), None if gauss is None else float(gauss)))
    except (ValueError, TypeError, OverflowError) as exc:
        raise error(f"{where}: not a generator state ({exc})") from None
    return rng
