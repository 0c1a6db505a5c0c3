"""What a seat's message to its table may hold: reduced to its fields, each of the shape its room uses, before it
leaves the server's event loop for the thread or process where the table lives.

:func:`~game.net.wire.parse` has made every message plain, bounded data already (JSON's types, at most
:data:`~game.net.wire.MAX_DEPTH` deep, finite numbers, at most 64 KiB); here the fields a room reads are kept and
their shapes checked (a bad one: TableError ``bad_message`` with the text the table itself would give), everything
else is left behind. Whether a message is legal now stays the table's question. Imports no room (the server's loop
loads neither the rules nor the physics).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.net import wire

#: Entries in one Cactus input message (a frame's worth is a handful), values in one entry (``["d", x, y, a]``),
#: the length of its texts (a piece id, a claim) and the claims of one confirm.
MAX_ITEMS = 256
MAX_ENTRY_VALUES = 4
MAX_TEXT = 40
MAX_CLAIMS = 8
#: The longest ``type`` passed on (a table names a type it does not take; no more of it is needed).
MAX_TYPE = 40


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _short_text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _entry_value(value: object) -> bool:
    """A value of a stream entry: a number, a short text (a code, a piece id, a face) or a confirm's claims."""
    if _number(value) or _short_text(value):
        return True
    return isinstance(value, list) and len(value) <= MAX_CLAIMS and all(_short_text(c) for c in value)


def cactus_entry(entry: object) -> bool:
    """Whether ``entry`` has a shape of the replay stream: a step count, or a list of 1 to
    :data:`MAX_ENTRY_VALUES` values (:func:`_entry_value`)."""
    if _whole(entry):
        return True
    return isinstance(entry, list) and 0 < len(entry) <= MAX_ENTRY_VALUES and all(_entry_value(v) for v in entry)


def cactus_claim(claim: object) -> dict[str, Any] | None:
    """A confirm's claim ``{"checksum": 16 characters, "flowers": [whole numbers, one per seat]}`` (both
    optional), or None."""
    if claim is None:
        return None
    if not isinstance(claim, dict) or set(claim) - {"checksum", "flowers"}:
        raise wire.bad("\"claim\" must be an object {checksum, flowers}")
    value = claim.get("checksum")
    if value is not None and (not isinstance(value, str) or len(value) != 16):
        raise wire.bad("claim.checksum must be 16 hex digits")
    flowers = claim.get("flowers")
    if flowers is not None and (not isinstance(flowers, list) or len(flowers) > 5
                                or not all(_whole(f) and abs(f) < 10_000 for f in flowers)):
        raise wire.bad("claim.flowers must be a list of whole numbers, one per seat")
    return dict(claim)


def cactus_act(message: Mapping[str, Any]) -> dict[str, Any]:
    """A Cactus seat's message: ``sync``, or ``input`` with ``turn``, ``seq``, ``items`` and ``claim``."""
    kind = message.get("type")
    if kind != "input":
        return {"type": str(kind)[:MAX_TYPE]}
    out: dict[str, Any] = {"type": "input"}
    for key in ("turn", "seq"):
        value = message.get(key)
        if not _whole(value):
            raise wire.bad(f"\"{key}\" is required (a whole number)")
        out[key] = value
    items = message.get("items")
    if not isinstance(items, list) or not items:
        raise wire.bad("\"items\" must be a non-empty list of stream entries")
    if len(items) > MAX_ITEMS:
        raise wire.bad(f"\"items\" holds at most {MAX_ITEMS} entries, got {len(items)}")
    for i, entry in enumerate(items):
        if not cactus_entry(entry):
            raise wire.bad(f"items[{i}]: expected a step count or an action list of at most {MAX_ENTRY_VALUES} "
                           "numbers and short texts")
    out["items"] = items
    claim = cactus_claim(message.get("claim"))
    if claim is not None:
        out["claim"] = claim
    return out


def cards_act(message: Mapping[str, Any]) -> dict[str, Any]:
    """An Artischocken seat's message: ``act`` with its ``action`` (every field, checked for form)."""
    kind = message.get("type")
    if kind != "act":
        return {"type": str(kind)[:MAX_TYPE]}
    return {"type": "act", "action": wire.action_to_json(wire.action_from_json(message.get("action")))}


#: Room -> its seats' message form (a room not named here gets the message as parsed).
FORMS = {"artischocken": cards_act, "cactus": cactus_act}


def seat_message(room: str, message: Mapping[str, Any]) -> Mapping[str, Any]:
    """``message`` of a seat of a ``room`` table reduced to what that room reads (TableError bad_message when a
    field it reads has no shape of its own)."""
    form = FORMS.get(room)
    return message if form is None else form(message)


__all__ = ["FORMS", "MAX_CLAIMS", "MAX_ENTRY_VALUES", "MAX_ITEMS", "MAX_TEXT", "cactus_act", "cactus_claim",
           "cactus_entry", "cards_act", "seat_message"]
