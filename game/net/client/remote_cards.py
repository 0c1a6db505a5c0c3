"""One seat at an Artischocken table on a server: the remote implementation of the session seam.

:class:`RemoteSeatSession` is :class:`~game.artischocken.session.Session` built from the server's latest
``state`` message (docs/design.md, "Remote play"): its view, its legal actions (as :class:`Action` objects) and the
log, appended from each state's ``log_from``. Nothing can be taken back (``can_undo`` is False). Applying an
action checks it against the legal ones (IllegalAction, nothing sent, when it is not one of them), sends
``act`` and waits (:attr:`RemoteSeatSession.waiting`, no legal actions) until the next state; an ``error`` from
the server ends the wait with the game unchanged and is kept in :attr:`RemoteSeatSession.problem`.
While the link is not live the seat offers no action and sends none (:attr:`RemoteSeatSession.live`): a dropped
connection makes its state stale until the server's next ``state`` (sent after the seat is joined again), and a
screen holds it (:attr:`RemoteSeatSession.held`) while the server is silent.

:class:`RemoteTable` is what the card table scene drives instead of a local table (the analogue of
:class:`~game.artischocken.turns.LocalTable` for one seat): the seat always looks, there is no hot-seat
hand-over, and the bots play on the server. :meth:`RemoteTable.pump` takes the connection's messages in.
The session keeps the table's last ``presence`` (who is at it); :meth:`RemoteTable.resign` gives the seat up
(``resigned``, or the server's refusal in :attr:`RemoteTable.resign_error`); :meth:`RemoteTable.leave` steps away
on purpose (the server's ``left`` in :attr:`RemoteTable.left`). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Protocol

from game.artischocken.engine.cards import Action, IllegalAction
from game.i18n import t
from game.net.client.presence import PresenceBoard


class Link(Protocol):
    """What a remote table needs of a connection (:class:`game.net.client.connection.Connection`)."""

    status: str
    error: str | None

    def send(self, message: dict[str, Any]) -> None: ...
    def poll(self) -> list[dict[str, Any]]: ...
    @property
    def reconnect_in(self) -> float: ...
    def close(self) -> None: ...


_DEFAULTS = {f.name: f.default for f in fields(Action)}


def action_to_dict(action: Action) -> dict[str, Any]:
    """The wire form of ``action``: its fields, those at their default left out."""
    out: dict[str, Any] = {"kind": action.kind}
    for name in ("card", "target", "cards", "option"):
        value = getattr(action, name)
        if value != _DEFAULTS[name]:
            out[name] = list(value) if name == "cards" else value
    return out


def action_from_dict(data: object) -> Action:
    """An :class:`Action` from its wire form (ValueError for anything else)."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError("an action is an object with a 'kind'")
    cards = data.get("cards", ())
    if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
        raise ValueError("an action's 'cards' is a list of card names")
    target = data.get("target")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)):
        raise ValueError("an action's 'target' is a seat number")
    card, option = data.get("card"), data.get("option")
    if card is not None and not isinstance(card, str) or option is not None and not isinstance(option, str):
        raise ValueError("an action's 'card' and 'option' are texts")
    return Action(data["kind"], card, target, tuple(cards), option)


@dataclass
class Problem:
    """An error message from the server (the game unchanged): its code and its text."""

    code: str
    message: str


class RemoteSeatSession:
    """Seat ``seat``'s window on a game that runs on a server (see the module text)."""

    def __init__(self, link: Link, table: str, seat: int) -> None:
        self.link = link
        self.table = table
        self._seat = seat
        self._view: dict[str, Any] | None = None
        self._log: list[dict[str, Any]] = []
        self._legal: list[Action] = []
        self._sent: list[Action] = []  # the legal actions when the last act was sent (back on an error)
        #: An ``act`` was sent and its state has not come back yet.
        self.waiting = False
        #: The last error from the server (None once a state came after it).
        self.problem: Problem | None = None
        #: The connection dropped since the last state: that state may be stale until the next one comes.
        self.stale = False
        #: A screen holds the seat (its link is not live: e.g. the server is silent): no actions meanwhile.
        self.held = False
        #: How many states arrived (a scene compares it to notice news).
        self.states = 0
        #: Who is at the table: the last ``presence`` the server sent (taken here, so whoever passes the messages
        #: on, the lobby too, keeps it).
        self.presence = PresenceBoard(table)

    # -- taking the server's messages in ---------------------------------------------------------------------
    def receive(self, message: dict[str, Any]) -> bool:
        """Take one server message; True when the seat's state changed (a ``state`` or an ``error``)."""
        kind = message.get("type")
        if kind == "presence":
            self.presence.receive(message)
            return False
        if kind == "state":
            view = message.get("view")
            if not isinstance(view, dict):
                return False
            log = view.get("log") or []
            start = message.get("log_from", 0)
            start = start if isinstance(start, int) and not isinstance(start, bool) and start >= 0 else 0
            if start == 0:
                self._log = list(log)
            else:
                del self._log[start:]  # a state sent again (after a reconnect) replaces what came after
                if len(self._log) < start:  # entries missed (should not happen): pad so the marks stay true
                    self._log.extend({"what": "missing", "seat": None, "public": True}
                                     for _ in range(start - len(self._log)))
                self._log.extend(log)
            self._view = {k: v for k, v in view.items() if k != "log"}
            legal = []
            for item in message.get("legal") or []:
                try:
                    legal.append(action_from_dict(item))
                except ValueError:
                    continue
            self._legal = legal
            self.waiting = False
            self.stale = False
            self.problem = None
            self.states += 1
            return True
        if kind == "error":
            self.problem = Problem(str(message.get("code", "")), str(message.get("message", "")))
            if self.waiting:
                self.waiting = False
                self._legal = self._sent
            return True
        return False

    @property
    def ready(self) -> bool:
        """A first state arrived."""
        return self._view is not None

    # -- the Session seam ------------------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self._seat

    def table_view(self) -> dict[str, Any]:
        """The latest view without the log."""
        if self._view is None:
            raise IllegalAction("no state from the server yet")
        return self._view

    def view(self) -> dict[str, Any]:
        return {**self.table_view(), "log": list(self._log), "log_size": len(self._log)}

    @property
    def live(self) -> bool:
        """The seat may act: the link is open, its state is not stale and no screen holds it."""
        return getattr(self.link, "status", "open") == "open" and not self.stale and not self.held

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions ([] while another seat decides, while an action is on its way, or while the
        link is not :attr:`live`: a move for a server that cannot hear it is not offered)."""
        return [] if self.waiting or not self.live else list(self._legal)

    def apply(self, action: Action) -> None:
        """Send ``action`` to the server; IllegalAction (nothing sent) when it is not legal for this seat now, or
        the link is not :attr:`live` (the player's words for it in the exception)."""
        if not self.live:
            raise IllegalAction(t("presence.link.no_act"))
        if self.waiting:
            raise IllegalAction("waiting for the server to answer the last move")
        if action not in self._legal:
            view = self._view or {}
            actor = view.get("current_player")
            if view.get("is_over"):
                raise IllegalAction("the game is over")
            if actor != self._seat:
                raise IllegalAction(f"seat {self._seat} cannot act: seat {actor} decides now")
            raise IllegalAction(f"{action_to_dict(action)} is not legal now")
        self._sent = self._legal
        self.link.send({"type": "act", "action": action_to_dict(action)})
        self.waiting = True
        self._legal = []

    def log(self, since: int = 0) -> list[dict[str, Any]]:
        return self._log[since:]

    @property
    def players(self) -> int:
        return int(self.table_view()["players"])

    @property
    def current_player(self) -> int | None:
        current = self.table_view().get("current_player")
        return current if isinstance(current, int) else None

    @property
    def is_over(self) -> bool:
        return bool(self._view and self._view.get("is_over"))

    @property
    def winner(self) -> int | None:
        winner = (self._view or {}).get("winner")
        return winner if isinstance(winner, int) else None

    @property
    def log_size(self) -> int:
        return len(self._log)

    def why_unplayable(self, card: str) -> str | None:
        """None when this seat may play ``card`` now, else a reason id worked out from the view and the legal
        actions (the first checks of the engine's; None too when the reason needs what the seat cannot see)."""
        view = self._view
        if view is None or view.get("is_over"):
            return "game_over"
        if any(a.kind == "play" and a.card == card for a in self._legal):
            return None
        if view.get("current_player") != self._seat:
            return "not_your_turn"
        if view.get("pending"):
            return "decision_pending"
        if view.get("phase") != "play":
            return "not_play_phase"
        if card not in view.get("hand", ()):
            return "not_in_hand"
        if "carrot" in (view.get("turn") or {}).get("played", ()):
            return "after_carrot"
        if card == "artichoke":
            return "artichoke"
        return None

    def can_undo(self) -> bool:
        return False

    def undo(self) -> None:
        raise IllegalAction("a move at a remote table cannot be taken back")


@dataclass
class RemoteSeat:
    """A seat's name and kind as the table scene shows them."""

    name: str
    kind: str = "human"

    @property
    def human(self) -> bool:
        return self.kind in ("human", "remote")


class RemoteTable:
    """The table scene's table for one seat of a remote game (see the module text)."""

    def __init__(self, link: Link, table: str, seat: int, seats: list[RemoteSeat] | None = None) -> None:
        self.link = link
        self.table_id = table
        self.session = RemoteSeatSession(link, table, seat)
        self.seats = seats or []
        #: The server ended the table (it is gone, or over and closed): the code of the error that said so.
        self.ended: str | None = None
        self.joined = False
        #: A ``resign`` was sent and not answered yet; :attr:`resigned` once the server confirmed it.
        self.resigning = False
        self.resigned = False
        #: Why the server refused the last ``resign`` (its words), None when it did not.
        self.resign_error: str | None = None
        #: The server confirmed a ``leave``: a bot plays the seat now, its token takes it back later.
        self.left = False
        #: A ``leave`` was sent and not answered yet; why the server refused it (its words), None when it did not.
        self.leaving = False
        self.leave_error: str | None = None
        self.reconnects_seen = getattr(link, "reconnects", None)

    @classmethod
    def join(cls, link: Link, table: str, seat: int, token: str,
             seats: list[RemoteSeat] | None = None) -> RemoteTable:
        """Join ``table`` as ``seat`` with its token (the connection sends the join again after a drop)."""
        remote = cls(link, table, seat, seats)
        link.send({"type": "join", "table": table, "seat": seat, "token": token})
        return remote

    # -- what the table scene asks -------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.session.seat

    @property
    def sessions(self) -> dict[int, RemoteSeatSession]:
        return {self.seat: self.session}

    @property
    def looking(self) -> int:
        return self.seat

    viewer = looking

    @property
    def bottom(self) -> int:
        return self.seat

    handover: int | None = None

    @property
    def actor(self) -> int | None:
        return self.session.current_player if self.session.ready else None

    def is_human(self, seat: int | None) -> bool:
        """Every seat is played elsewhere (people or the server's bots): the scene drives none of them."""
        return seat is not None

    def my_decision(self) -> bool:
        return (self.session.ready and self.actor == self.seat and not self.session.waiting
                and bool(self.session.legal_actions()))

    def wants_handover(self) -> bool:
        return False

    def begin_handover(self) -> None:
        pass

    def accept_handover(self) -> bool:
        return False

    def bot_move(self) -> Action | None:
        return None

    def bot_key(self) -> tuple[int, int] | None:
        return None  # the server's bots decide there

    def auto_move(self, auto_end: bool = False) -> Action | None:
        """This seat's move that needs no choice: an eggplant pass with one possible choice (A-C-EGGPLANT), and
        with ``auto_end`` the end of a play phase where only ending is left."""
        if not self.my_decision():
            return None
        legal = self.session.legal_actions()
        view = self.session.table_view()
        pending = view.get("pending")
        if pending and pending.get("kind") == "eggplant" and len(legal) == 1:
            return legal[0]
        if auto_end and not pending and view.get("phase") == "play" and all(a.kind == "end_play" for a in legal):
            return legal[0]
        return None

    def apply(self, action: Action) -> int:
        self.session.apply(action)
        return self.seat

    def undo(self) -> None:
        self.session.undo()

    # -- the wire --------------------------------------------------------------------------------------------
    def pump(self) -> list[dict[str, Any]]:
        """Take in what the server sent since the last call; returns those messages (``state`` and ``error``
        ones already applied to the session). A drop seen here (the link not open, or made again since the last
        call) makes the seat's state stale until the server's next ``state``."""
        reconnects = getattr(self.link, "reconnects", None)
        if getattr(self.link, "status", "open") != "open" or reconnects != self.reconnects_seen:
            self.session.stale = True
        self.reconnects_seen = reconnects
        messages = self.link.poll()
        for message in messages:
            kind = message.get("type")
            if kind == "joined":
                self.joined = True
            elif kind == "resigned":
                self.resigning = False
                self.resigned = True
            elif kind == "left":
                self.left = True
                self.leaving = False
            elif kind == "error" and message.get("code") in ("no_table", "table_over") and not self.session.waiting:
                self.ended = str(message.get("code"))
                self.session.receive(message)
            else:
                self.session.receive(message)
            if kind == "table_ended":
                self.ended = "table_over"
            if kind == "error" and self.leaving:  # a server that does not know leave: the seat is a dropped one
                self.leaving = False
                self.leave_error = str(message.get("message") or message.get("code") or "")[:200]
            if kind == "error" and self.resigning:  # the answer to the resign: the seat stays this player's
                self.resigning = False
                self.resign_error = str(message.get("message") or message.get("code") or "")[:200]
        return messages

    def leave(self) -> None:
        """Step away from the seat on purpose (a bot plays it at once; its token takes it back later):
        ``leave`` is sent; the answer is :attr:`left` (or an error in :attr:`leave_error`)."""
        self.link.send({"type": "leave"})
        self.leaving = True
        self.leave_error = None

    def resign(self) -> None:
        """Give this seat up for good (a bot plays it from now on): ``resign`` is sent; the answer is
        :attr:`resigned`, or an error (the seat unchanged) that ends :attr:`resigning`."""
        self.link.send({"type": "resign"})
        self.resigning = True
        self.resign_error = None

    @property
    def presence(self) -> PresenceBoard:
        return self.session.presence

    def close(self) -> None:
        self.link.close()


__all__ = ["Link", "Problem", "RemoteSeat", "RemoteSeatSession", "RemoteTable", "action_from_dict",
           "action_to_dict"]
