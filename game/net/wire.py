"""The wire format of remote play (docs/design.md, "Remote play"): checking what comes in, shaping what goes out.

Every message is one JSON object in a text frame with a str ``type``, at most :data:`MAX_MESSAGE` bytes.
Nothing here touches a game: a message is checked completely before the server hands it to a table, and a bad
one raises :class:`~game.net.server.room_table.TableError` (``bad_message``) whose text names the field and what it must
be, never a value the client could not know (the texts are built from the field names and the public card
ids only).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from game.artischocken.engine.cards import ACTION_KINDS, CANON, MAX_PLAYERS, Action
from game.net.server.room_table import TableError

#: The most a client may send in one message (bytes of the UTF-8 text).
MAX_MESSAGE = 64 * 1024
#: Table codes and seat tokens are URL-safe base64 text (``secrets.token_urlsafe``).
CODE_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: The fields of an ``act`` message's ``action`` (Action's fields; an absent one takes its default).
ACTION_FIELDS = ("kind", "card", "target", "cards", "option")
#: The options a ``choose`` may name (leek: take or leave the revealed card).
OPTIONS = ("take", "leave")
#: No decision names more cards than a hand can hold.
MAX_ACTION_CARDS = 40
#: The longest player name a seat may carry (``create``, ``claim``, ``join``: ``name``).
MAX_NAME = 24
#: The deepest nesting of lists and objects in a message (the wire's deepest, a Cactus ``create``'s die options or a
#: confirm's claims, is 4): a message handed to another thread or process must never be deeper than its pickling
#: (and every walk of it) can follow.
MAX_DEPTH = 16


def bad(message: str) -> TableError:
    return TableError("bad_message", message)


def size_of(raw: str | bytes) -> int:
    """The size in bytes of a received message (its UTF-8 text)."""
    if isinstance(raw, bytes | bytearray | memoryview):
        return len(raw)
    if len(raw) * 4 <= MAX_MESSAGE:  # cheap upper bound: no need to encode
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))


class _NotFinite(ValueError):
    pass


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400 reads as infinity
        raise _NotFinite(text)
    return value


def _constant(text: str) -> Any:
    raise _NotFinite(text)  # NaN, Infinity, -Infinity: Python's extension, not JSON


def parse(raw: str | bytes) -> dict[str, Any]:
    """A received frame as a message: a JSON object with a str ``type``, plain bounded data (JSON's own types, at
    most :data:`MAX_DEPTH` levels deep, finite numbers), else TableError bad_message."""
    if not isinstance(raw, str):
        raise bad("messages are JSON text frames, not binary frames")
    try:
        message = json.loads(raw, parse_float=_finite, parse_constant=_constant)
    except _NotFinite:
        raise bad("numbers must be finite (no NaN, no infinity)") from None
    except (ValueError, RecursionError):  # JSONDecodeError, and a number of more than 4300 digits
        raise bad("the message is not valid JSON") from None
    if not isinstance(message, dict):
        raise bad("a message must be a JSON object")
    if too_deep(message, MAX_DEPTH):
        raise bad(f"a message nests lists and objects at most {MAX_DEPTH} deep")
    if _SURROGATE.search(raw) and not _encodable(message):
        raise bad("text must be valid Unicode (no lone surrogate, such as \\ud800)")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise bad("a message needs a \"type\" that is a string")
    return message


#: A JSON escape of a UTF-16 surrogate: the only way a lone one (text no UTF-8 can hold: a token hashed, a name
#: logged would fail on it) gets into a parsed message; a frame's own text is valid UTF-8 already.
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _encodable(message: dict[str, Any]) -> bool:
    try:
        json.dumps(message, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def too_deep(value: object, most: int) -> bool:
    """Whether ``value`` (parsed JSON) nests lists and objects more than ``most`` levels deep (walked without
    recursion: the walk itself must not fail on what it guards against)."""
    if type(value) is not dict and type(value) is not list:
        return False
    level: list[Any] = [value]
    for _ in range(most):
        inner: list[Any] = []
        add = inner.append
        for item in level:
            for v in item.values() if type(item) is dict else item:
                if type(v) is list or type(v) is dict:  # parsed JSON: exactly these types, no subclasses
                    add(v)
        if not inner:
            return False
        level = inner
    return True


_ENCODER = json.JSONEncoder(separators=(",", ":"))


def encode(message: Mapping[str, Any]) -> str:
    """One outgoing message as the text of a frame (compact JSON)."""
    return _ENCODER.encode(message)


# -- fields ---------------------------------------------------------------------------------------------------

def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def get_int(message: Mapping[str, Any], key: str, default: int | None = None, *, required: bool = False,
            low: int | None = None, high: int | None = None) -> int | None:
    """``message[key]`` as a whole number (absent: ``default``; null counts as absent)."""
    value = message.get(key)
    if value is None:
        if required:
            raise bad(f"\"{key}\" is required (a whole number)")
        return default
    if not is_int(value):
        raise bad(f"\"{key}\" must be a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low}..{high}" if low is not None and high is not None else f"at least {low}" if low is not None \
            else f"at most {high}"
        raise bad(f"\"{key}\" must be {span}")
    return int(value)


def get_bool(message: Mapping[str, Any], key: str, default: bool) -> bool:
    value = message.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise bad(f"\"{key}\" must be true or false")
    return value


def get_code(message: Mapping[str, Any], key: str) -> str:
    """A table code or a seat token: URL-safe text of 1..64 characters."""
    value = message.get(key)
    if not isinstance(value, str) or not CODE_PATTERN.fullmatch(value):
        raise bad(f"\"{key}\" must be the text the server gave (letters, digits, - and _)")
    return value


def get_request(message: Mapping[str, Any]) -> str | None:
    """A create's or claim's optional ``request`` id (the client's own random text, URL-safe, 1..64 characters)."""
    value = message.get("request")
    if value is None:
        return None
    if not isinstance(value, str) or not CODE_PATTERN.fullmatch(value):
        raise bad("\"request\" must be a request id: 1 to 64 letters, digits, - and _")
    return value


def get_name(message: Mapping[str, Any]) -> str | None:
    """A ``create``'s, ``claim``'s or ``join``'s optional ``name``: the player's name, trimmed, 1 to
    :data:`MAX_NAME` characters with no control characters (None when the message has none)."""
    value = message.get("name")
    if value is None:
        return None
    name = value.strip() if isinstance(value, str) else ""
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise bad(f"\"name\" must be a player's name: 1 to {MAX_NAME} characters, no control characters")
    return name


def get_player(message: Mapping[str, Any]) -> str | None:
    """A ``create``'s, ``claim``'s or ``join``'s optional ``player``: the player's id (made once by the program,
    1 to 64 letters, digits, - and _); None when the message has none."""
    value = message.get("player")
    if value is None:
        return None
    if not isinstance(value, str) or not CODE_PATTERN.fullmatch(value):
        raise bad("\"player\" must be a player id: 1 to 64 letters, digits, - and _")
    return value


def get_seats(message: Mapping[str, Any], known: tuple[str, ...] | frozenset[str], *, low: int = 2,
              high: int = MAX_PLAYERS) -> list[str]:
    """``seats``: a list of ``low..high`` strings, each "remote" or one of the ``known`` bot kinds."""
    seats = message.get("seats")
    if not isinstance(seats, list) or not low <= len(seats) <= high:
        raise bad(f"\"seats\" must be a list of {low} to {high} seats")
    for s in seats:
        if not isinstance(s, str) or (s != "remote" and s not in known):
            raise bad(f"each seat must be \"remote\" or a bot kind ({', '.join(sorted(known))})")
    return list(seats)


# -- actions --------------------------------------------------------------------------------------------------

def card_id(value: object, what: str) -> str:
    if not isinstance(value, str) or value not in CANON:
        raise bad(f"\"{what}\" must be a card id ({', '.join(CANON)})")
    return CANON[value]


def action_from_json(value: object) -> Action:
    """The ``action`` of an ``act`` message as an :class:`Action` (absent fields: defaults), else bad_message.

    Only the form is checked here; whether the action is legal now is the engine's question."""
    if not isinstance(value, dict):
        raise bad("\"action\" must be a JSON object with a \"kind\"")
    unknown = [k for k in value if k not in ACTION_FIELDS]
    if unknown:
        raise bad(f"an action has only the fields {', '.join(ACTION_FIELDS)}")
    kind = value.get("kind")
    if kind not in ACTION_KINDS:
        raise bad(f"\"action.kind\" must be one of {', '.join(ACTION_KINDS)}")
    card = value.get("card")
    if card is not None:
        card = card_id(card, "action.card")
    target = value.get("target")
    if target is not None and (not is_int(target) or not 0 <= target < MAX_PLAYERS):
        raise bad(f"\"action.target\" must be a seat number 0..{MAX_PLAYERS - 1} or null")
    cards = value.get("cards")
    if cards is None:
        cards = []
    if not isinstance(cards, list) or len(cards) > MAX_ACTION_CARDS:
        raise bad("\"action.cards\" must be a list of card ids")
    chosen = tuple(card_id(c, "action.cards[]") for c in cards)
    option = value.get("option")
    if option is not None and option not in OPTIONS:
        raise bad(f"\"action.option\" must be one of {', '.join(OPTIONS)} or null")
    return Action(str(kind), card, target, chosen, option)


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as the wire shows it (every field, so that a client can rebuild the Action as it is)."""
    return {"kind": action.kind, "card": action.card, "target": action.target, "cards": list(action.cards),
            "option": action.option}


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


__all__ = ["ACTION_FIELDS", "MAX_DEPTH", "MAX_MESSAGE", "action_from_json", "action_to_json", "encode", "error",
           "get_bool", "get_code", "get_int", "get_name", "get_player", "get_request", "get_seats", "parse",
           "size_of", "too_deep"]
