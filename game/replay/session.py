"""A replay as a session (pure): the same window on a game as the live table's, moved along a recorded stream.

:class:`ReplaySession` implements what a table scene reads of a session (``view``, ``log``, ``log_size``,
``current_player``, ``is_over``...) for the position ``index`` of a replay, as seat ``seat`` saw it; with
``open=True`` every card is face up (``view`` then carries ``open_hands``: every seat's hand, and the log names
every card). It never acts: ``legal_actions`` is empty and ``apply`` refuses. Moving is ``seek``, ``step``,
``turn_start``.
"""

from __future__ import annotations

from typing import Any

from game.artischocken.engine import Action, Game, IllegalAction
from game.replay.cards import CardRecord, positions


class ReplaySession:
    """Seat ``seat``'s view (``open``: with every card face up) of a recorded game at position ``index``."""

    def __init__(self, record: CardRecord, seat: int = 0, open: bool = False) -> None:
        self.record = record
        self.games: list[Game] = list(positions(record))  # position k: after the first k actions
        #: Where each turn starts: the first position of the k-th turn (a seat's refill and harvest).
        games = self.games
        # (the position where the game ended is the end of the last turn, not a turn of its own)
        self.turn_starts = [k for k, g in enumerate(games)
                            if k == 0 or (g.turn_number != games[k - 1].turn_number and not g.is_over)]
        self.index = 0
        self.seat = seat
        self.open = open

    # -- moving --------------------------------------------------------------------------------------------
    @property
    def length(self) -> int:
        """How many actions the stream holds (positions 0..length)."""
        return len(self.games) - 1

    def seek(self, index: int) -> None:
        self.index = max(0, min(self.length, index))

    def step(self, n: int = 1) -> bool:
        """Move ``n`` actions (negative: back); False when already at that end."""
        before = self.index
        self.seek(self.index + n)
        return self.index != before

    @property
    def turn(self) -> int:
        """The turn (0-based, in the order they were played) the position lies in."""
        return max(i for i, k in enumerate(self.turn_starts) if k <= self.index)

    def turn_start(self, turn: int) -> None:
        """Seek to the first position of turn ``turn`` (clamped)."""
        self.seek(self.turn_starts[max(0, min(len(self.turn_starts) - 1, turn))])

    @property
    def game(self) -> Game:
        return self.games[self.index]

    # -- the session surface --------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def current_player(self) -> int | None:
        return self.game.current_player

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def winner(self) -> int | None:
        return self.game.winner

    @property
    def log_size(self) -> int:
        return self.game.log_size

    def view(self) -> dict[str, Any]:
        return self.table_view() | {"log": self.log()}

    def table_view(self) -> dict[str, Any]:
        out = self.game.view(self.seat, log=False)
        if self.open:
            out["open_hands"] = [list(h) for h in self.game.hands]  # every card face up: a replay shows all
        return out

    def log(self, since: int = 0) -> list[dict[str, Any]]:
        game = self.game
        if not self.open:
            return game.log_view(self.seat, since)
        return [{k: v for k, v in entry.items() if k != "visible_to"} | {"public": True, "count": len(entry["cards"])}
                for entry in game.events(since)]

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, action: Action) -> None:
        raise IllegalAction("a replay is watched, not played")

    def why_unplayable(self, card: str) -> str | None:
        return self.game.why_unplayable(card, self.seat)

    def can_undo(self) -> bool:
        return False

    def undo(self) -> None:
        raise IllegalAction("a replay is watched, not played")
