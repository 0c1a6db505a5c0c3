"""Artischocken replays: the first position and the action stream, rebuilt and verified exactly (pure).

The engine is deterministic (seed and actions: A-G3 conservation and the generator travel in its saves), so a
replay is ``start`` (``Game.to_dict()`` of the position recording began with: a new game, a scenario, or the
position an autosave resumed) and ``stream``: one compact action per decision, ``[kind, card, target, cards,
option]`` with trailing defaults left out. Replaying applies the stream to ``Game.from_dict(start)``; it is
exact when the final state's checksum equals the recorded one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.artischocken.engine import Action, Game, IllegalAction
from game.replay.format import FORMAT, ReplayError, check, checksum

ROOM = "artischocken"
_DEFAULTS: tuple[Any, ...] = (None, None, None, [], None)


def encode(action: Action) -> list[Any]:
    """An action in the stream's compact form."""
    row = [action.kind, action.card, action.target, list(action.cards), action.option]
    while len(row) > 1 and row[-1] == _DEFAULTS[len(row) - 1]:
        row.pop()
    return row


def decode(raw: object, where: str) -> Action:
    """An action from the stream's compact form; ReplayError naming ``where`` when it is not one."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= 5:
        raise ReplayError(f"{where}: expected [kind, card, target, cards, option], got {raw!r:.60}")
    kind, card, target, cards, option = [*raw, *_DEFAULTS[len(raw):]]
    if not isinstance(kind, str) or not (card is None or isinstance(card, str)) \
            or not (target is None or (isinstance(target, int) and not isinstance(target, bool))) \
            or not isinstance(cards, list) or not all(isinstance(c, str) for c in cards) \
            or not (option is None or isinstance(option, str)):
        raise ReplayError(f"{where}: not an action: {raw!r:.60}")
    return Action(kind, card, target, tuple(cards), option)


@dataclass
class CardRecord:
    """What a table records while it is played: the first position and every action since."""

    start: dict[str, Any]
    actions: list[Action] = field(default_factory=list)

    def push(self, action: Action) -> None:
        self.actions.append(action)

    def pop(self) -> None:
        """The last action was taken back (undo)."""
        self.actions.pop()

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "stream": [encode(a) for a in self.actions]}

    @classmethod
    def from_json(cls, d: object) -> CardRecord:
        if not isinstance(d, Mapping) or not isinstance(d.get("start"), Mapping) \
                or not isinstance(d.get("stream"), list):
            raise ReplayError("the recording: expected {start, stream}")
        return cls(dict(d["start"]), [decode(a, f"stream[{i}]") for i, a in enumerate(d["stream"])])

    def replay(self, seats: Sequence[Mapping[str, str]], seed: int, final: Game, created: str = "",
               options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The replay file of a table that ended (or was left) in position ``final``."""
        return {"format": FORMAT, "room": ROOM, "created": created,
                "seats": [{"name": s["name"], "kind": s["kind"]} for s in seats], "seed": seed,
                "options": dict(options or {}), **self.to_json(),
                "result": {"turns": final.turn_number, "winner": final.winner, "checksum": checksum(final.to_dict()),
                           **turns_begun(final)}}


def turns_begun(final: Game) -> dict[str, Any]:
    """What the replays list shows: ``begun``, the turns begun (the viewer's count: a finished game's end is part
    of its last turn, a game left mid-turn counts the turn it was left in), and whether the game is ``over``."""
    return {"begun": final.turn_number + (0 if final.is_over else 1), "over": final.is_over}


def load(d: object) -> tuple[dict[str, Any], CardRecord]:
    """A checked Artischocken replay and its recording; ReplayError naming the field otherwise."""
    data = check(d, ROOM)
    record = CardRecord.from_json(data)
    try:
        Game.from_dict(record.start)
    except ValueError as exc:
        raise ReplayError(f"start: {exc}") from None
    return data, record


def positions(record: CardRecord) -> Iterator[Game]:
    """The game after each action of the stream (the first position first); ReplayError at an illegal one."""
    game = Game.from_dict(record.start)
    yield game
    for i, action in enumerate(record.actions):
        game = game.clone()
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise ReplayError(f"stream[{i}]: {exc}") from None
        yield game


def final(record: CardRecord) -> Game:
    """The position the stream ends in."""
    game = Game.from_dict(record.start)
    for i, action in enumerate(record.actions):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise ReplayError(f"stream[{i}]: {exc}") from None
    return game


def verify(d: object) -> dict[str, Any]:
    """Replay ``d`` with no window: ``{"exact": ..., "room": "artischocken", "turns": N}``."""
    data, record = load(d)
    game = final(record)
    exact = checksum(game.to_dict()) == data["result"]["checksum"] and game.turn_number == data["result"]["turns"]
    return {"exact": exact, "room": ROOM, "turns": game.turn_number}
