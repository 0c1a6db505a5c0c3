"""Turn driving at a local table (pure: no pygame, no clock): who may look, bots, hand-over, automatic moves.

A :class:`LocalTable` owns the in-process game and one :class:`SeatSession` per seat (human seats may take
their decisions back). The scene asks it what happens next and only ever acts through a session:

- :meth:`LocalTable.bot_move`: a bot seat's action, chosen from its own session (view and legal actions), with
  a seed derived from the position so that a resumed game plays on exactly the same; :meth:`LocalTable.bot_job`
  is the same decision as a :class:`BotJob` that may run anywhere (the table scene thinks off the frame, in
  :mod:`game.artischocken.bots.thinker`), since it holds its own copy of the view and the legal actions;
- :meth:`LocalTable.auto_move`: a human seat's move that needs no thought: an eggplant pass with one possible
  choice (A-C-EGGPLANT), and, with the table option ``auto_end``, ending a play phase in which nothing is
  playable any more (no card, or after a carrot: A-C-CARROT);
- the hot-seat hand-over (A-G2): ``viewer`` is the one human seat allowed to look; between two human seats a
  hand-over screen stands (``handover``) until the next one accepts it.

:func:`bot_decision` is the one way a bot decides, shared with ``simulate``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.artischocken.bots import Bot, make_bot, wants_log
from game.artischocken.engine import Action, Game, IllegalAction, new_game
from game.artischocken.session import SeatSession
from game.replay.cards import CardRecord

END_PLAY = Action("end_play")


@dataclass
class Options:
    """How a table is played: pace, autosave, the new game's options, and the table options."""

    fast: bool = False
    until_over: bool = False
    autosave: bool = True
    seed: int = 0
    rhubarb: bool = False
    start_player: int | None = None
    #: End the play phase by itself when nothing can be played any more (no card, or after a carrot).
    auto_end: bool = False
    #: Table rule: every seat's artichokes left are shown (hidden information otherwise: eggplant passes).
    open_artichokes: bool = False
    #: Write the game's replay when it ends or is left: to ``record_path``, else into the user data dir.
    record_replays: bool = True
    record_path: Path | None = None
    #: The save the game is kept in (a resumed game's; None: a new one when it is first saved).
    save_id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class SeatLike(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def human(self) -> bool: ...


def new_table_game(players: int, options: Options) -> Game:
    """A new game for a table with ``options`` (the contract's ``new_game`` plus the table rules)."""
    game = new_game(players, seed=options.seed, rhubarb=options.rhubarb, start_player=options.start_player)
    game.open_artichokes = options.open_artichokes
    return game


def bot_decision(bot: Bot, session: SeatSession) -> Action:
    """The action ``bot`` takes for its seat now (no thought when only one action is legal)."""
    legal = session.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return bot.choose(bot_view(bot, session), legal)


def bot_view(bot: Bot, session: SeatSession) -> dict[str, Any]:
    """The view ``bot`` decides on: with the seat's event log for a bot that asks for it (``wants_log``, its
    memory of the game), else the bare view (cheaper)."""
    return session.view() if wants_log(bot) else session.table_view()


@dataclass(frozen=True)
class BotJob:
    """One bot decision, ready to run: ``key`` names the position (the deciding seat and the log's length: a new
    key means a new decision), ``run`` chooses. The bot, its view and the legal actions are fixed when the job is
    made and are its own (the view is a fresh JSON-safe dict), so running it needs nothing of the table."""

    key: tuple[int, int]
    bot: Bot
    view: dict[str, Any]
    legal: list[Action]

    def run(self) -> Action:
        if len(self.legal) == 1:
            return self.legal[0]
        return self.bot.choose(self.view, self.legal)


def bot_seed(table_seed: int, log_size: int, seat: int) -> int:
    """A bot's seed from the table seed and the position (the log's length): resuming plays on the same."""
    return (table_seed * 1_000_003 + log_size * 7919 + seat * 104_729) & 0x7FFFFFFF


class LocalTable:
    """The game of a table on this machine, its seats' sessions and who may look at the screen."""

    def __init__(self, game: Game, seats: Sequence[SeatLike], seed: int = 0, record: CardRecord | None = None) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
        self.game = game
        #: The replay being recorded: the first position and every action since (undone ones taken out).
        self.record = record if record is not None else CardRecord(game.to_dict())
        self.seats = list(seats)
        self.seed = seed
        self.humans = [i for i, s in enumerate(seats) if s.human]
        self.sessions = [SeatSession(game, s, undoable=s in self.humans) for s in range(game.players)]
        #: The human seat allowed to look at the screen now (None: nobody, e.g. between two human seats).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: The seat the screen is handed to (its hand-over screen shows) or None.
        self.handover: int | None = None
        #: The seat drawn at the bottom of the table (the last human who looked).
        self.bottom = self.humans[0] if self.humans else 0

    # -- who looks -------------------------------------------------------------------------------------------
    @property
    def looking(self) -> int | None:
        """The seat whose secrets may be drawn now (None while a hand-over screen stands)."""
        return None if self.handover is not None else self.viewer

    @property
    def session(self) -> SeatSession:
        """The session the screen shows: the looking seat's, else the bottom seat's (public parts only)."""
        looking = self.looking
        return self.sessions[self.bottom if looking is None else looking]

    @property
    def actor(self) -> int | None:
        return self.game.current_player

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].human

    def my_decision(self) -> bool:
        """The seat that decides now is the looking human."""
        actor = self.actor
        return actor is not None and actor == self.looking and self.is_human(actor)

    def after_action(self, actor: int) -> None:
        """A human done for now hides their hand until the next hand-over (more than one human at the table)."""
        if len(self.humans) > 1 and self.is_human(actor) and self.actor != actor:
            self.viewer = None

    def wants_handover(self) -> bool:
        """A human seat decides that may not look yet: with several humans it needs a hand-over screen; the one
        human of a table simply looks (returns False)."""
        actor = self.actor
        if actor is None or not self.is_human(actor) or self.viewer == actor:
            return False
        if len(self.humans) > 1:
            return self.handover != actor
        self.viewer = actor
        return False

    def begin_handover(self) -> None:
        self.handover = self.actor

    def accept_handover(self) -> bool:
        """The hand-over screen's seat looks now; True when the bottom seat changed (the layout turns)."""
        if self.handover is None:
            return False
        self.viewer = self.handover
        self.handover = None
        if self.bottom != self.viewer:
            self.bottom = self.viewer
            return True
        return False

    # -- moves -------------------------------------------------------------------------------------------------
    def bot_move(self) -> Action | None:
        """The action of the bot that decides now (None when a human decides or the game is over)."""
        job = self.bot_job()
        return None if job is None else job.run()

    def bot_key(self) -> tuple[int, int] | None:
        """The key of :meth:`bot_job` (cheap: no view is made), or None when no bot decides now."""
        actor = self.actor
        return None if actor is None or self.is_human(actor) else (actor, self.sessions[actor].log_size)

    def bot_job(self) -> BotJob | None:
        """The decision of the bot that decides now, not yet taken (None when a human decides or the game is
        over): the same choice as :meth:`bot_move`, wherever and whenever it runs."""
        actor = self.actor
        if actor is None or self.is_human(actor):
            return None
        session = self.sessions[actor]
        log_size = session.log_size
        bot = make_bot(self.seats[actor].kind, bot_seed(self.seed, log_size, actor))
        return BotJob((actor, log_size), bot, bot_view(bot, session), session.legal_actions())

    def auto_move(self, auto_end: bool = False) -> Action | None:
        """A human's move that needs no choice (see the module text), or None."""
        actor = self.actor
        if actor is None or not self.is_human(actor):
            return None
        session = self.sessions[actor]
        legal = session.legal_actions()
        view = session.table_view()
        pending = view["pending"]
        if pending and pending["kind"] == "eggplant" and len(legal) == 1:
            return legal[0]
        if auto_end and not pending and view["phase"] == "play" and legal and all(a == END_PLAY for a in legal):
            return legal[0]
        return None

    def apply(self, action: Action) -> int:
        """Apply ``action`` through the deciding seat's session; returns that seat (IllegalAction if refused)."""
        actor = self.actor
        if actor is None:
            raise IllegalAction("the game is over")
        self.sessions[actor].apply(action)
        self.record.push(action)
        self.after_action(actor)
        return actor

    def undo(self) -> None:
        """Take the looking seat's last decision back (IllegalAction when it cannot be)."""
        self.session.undo()
        self.record.pop()

    def replay(self, created: str = "", options: dict[str, Any] | None = None) -> dict[str, Any]:
        """The replay of this table as far as it was played (``garden-table-replay/1``)."""
        seats = [{"name": s.name, "kind": s.kind} for s in self.seats]
        return self.record.replay(seats, self.seed, self.game, created, options)
