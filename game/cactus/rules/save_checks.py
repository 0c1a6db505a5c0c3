"""The save field checks of the Cactus rules (pure): every field of a save is checked for its shape, so a
malformed save is a :class:`SaveError` (a ValueError) naming the field.

One family of checks for every rules module (pieces, die, bank, events, the turn, the game); the
generator's state is read by :mod:`game.rngstate` with ``error=SaveError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The largest whole number a save may hold in a counter (turns, touches, seeds are checked against it).
SAVE_INT_LIMIT = 2**63


class SaveError(ValueError):
    """A save (or part of one) has the wrong shape; the message names the field."""


def need_map(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SaveError(f"{where} must be an object, got {kind_of(value)}")
    return value


def need_list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise SaveError(f"{where} must be a list, got {kind_of(value)}")
    return list(value)


def need_str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SaveError(f"{where} must be text, got {kind_of(value)}")
    return value


def opt_str(value: Any, where: str) -> str | None:
    return None if value is None else need_str(value, where)


def need_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise SaveError(f"{where} must be true or false, got {kind_of(value)}")
    return value


def need_int(value: Any, where: str, lo: int = -SAVE_INT_LIMIT, hi: int = SAVE_INT_LIMIT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"{where} must be a whole number, got {kind_of(value)}")
    if not lo <= value <= hi:
        raise SaveError(f"{where} must be between {lo} and {hi}, got {short(value)}")
    return value


def need_number(value: Any, where: str, lo: float, hi: float) -> float:
    """A number (whole or not, never true/false) within ``lo..hi``, as a float (angles, times in a save)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SaveError(f"{where} must be a number, got {kind_of(value)}")
    if not lo <= value <= hi:
        raise SaveError(f"{where} must be between {lo:g} and {hi:g}, got {short(value)}")
    return float(value)


def opt_int(value: Any, where: str, lo: int = -SAVE_INT_LIMIT, hi: int = SAVE_INT_LIMIT) -> int | None:
    return None if value is None else need_int(value, where, lo, hi)


def short(value: Any) -> str:
    """``repr(value)``, cut to 40 characters (for messages)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def kind_of(value: Any) -> str:
    """What a value is, for a message: "a list ([1, 2])", "null (None)"."""
    names = {type(None): "null", bool: "true/false", int: "a number", float: "a number", str: "text",
             list: "a list", tuple: "a list", dict: "an object"}
    return f"{names.get(type(value), type(value).__name__)} ({short(value)})"


__all__ = ["SAVE_INT_LIMIT", "SaveError", "kind_of", "need_bool", "need_int", "need_list", "need_map", "need_number",
           "need_str", "opt_int", "opt_str", "short"]
