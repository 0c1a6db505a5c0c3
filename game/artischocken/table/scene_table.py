"""The Artischocken table on this machine: 2-4 seats, humans (hot seat) and bots, every decision by mouse or keyboard.

The card table itself (the looking seat's session drawn and played, automatic moves, hand-over screens, reveals
and card flights) is :class:`~game.artischocken.table.table_base.TableBase`. This scene plays it at a
:class:`~game.artischocken.turns.LocalTable` and adds what only a game run here has: the bots, which think off the
frame (:class:`~game.artischocken.bots.thinker.Thinker`) and pause after each move so it can be followed; the
autosave after every change (resumed from the setup screen); the replay written when the game ends or is left;
taking a decision back; and "again" on the end screen.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from game import saves
from game.artischocken import Action, Game
from game.artischocken import save as savemod
from game.artischocken.bots.thinker import Thinker
from game.artischocken.seats import Seat
from game.artischocken.table.table_base import TableBase
from game.artischocken.turns import LocalTable, Options, new_table_game
from game.i18n import t
from game.replay import store as replay_store
from game.replay.cards import CardRecord

#: After a bot's move the table waits this long, so that the move can be followed.
BOT_PAUSE = 0.8


class TableScene(TableBase):
    """One game at the table on this machine."""

    table: LocalTable

    def __init__(self, game: Game, seats: list[Seat], options: Options | None = None,
                 record: CardRecord | None = None) -> None:
        """``record``: the replay recorded so far when a saved game is resumed (its stream leads to ``game``)."""
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
        options = options or Options()
        # set before the base's own, which ends a game that is over already (its replay is written then)
        self.replay_written: Path | None = None
        self.thinker = Thinker(wait=True)  # frame-exact until a windowed app is known (on_enter)
        self.save_problem: str | None = None
        self.save_id = options.save_id  # given on the first save of a new game
        super().__init__(seats, options, LocalTable(game, seats, options.seed, record))

    @classmethod
    def new(cls, seats: list[Seat], options: Options) -> TableScene:
        return cls(new_table_game(len(seats), options), seats, options)

    # -- scene hooks ------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.thinker.configure(window=not (self.fast or self.app.options.headless),
                               bots=not all(s.human for s in self.seats))
        if self.options.autosave and not self.table.session.is_over:
            self._autosave()

    def on_exit(self) -> None:
        """Leaving a game that was played: its replay is written as far as it went."""
        self.thinker.close()
        if self.table.record.actions and self.replay_written is None:
            self._write_replay()

    # -- the bots -----------------------------------------------------------------------------------------
    def _step(self, dt: float) -> bool:
        """Let a bot act, or (a human decides) what the base does; True when an action was applied."""
        table = self.table
        actor = table.actor
        if actor is None or table.is_human(actor):
            return super()._step(dt)
        self.thinker.prepare(table)  # the bot thinks off the frame, while cards fly and the pause runs
        if self._blocked():
            return False
        action = self.thinker.take(table)
        if action is None and self.thinker.thinking:
            return False
        if action is None or not self.apply(action):
            self.apply(table.sessions[actor].legal_actions()[0])
        self.wait = 0.0 if self.fast else BOT_PAUSE
        return True

    # -- keeping the game: autosave and replay ----------------------------------------------------------------
    def apply(self, action: Action) -> bool:
        """Apply ``action`` for the seat to act (see the base); a game that goes on is saved."""
        if not super().apply(action):
            return False
        if not self.table.session.is_over and self.options.autosave:
            self._autosave()
        return True

    def undo(self) -> bool:
        if not super().undo():
            return False
        if self.options.autosave:
            self._autosave()
        return True

    def _autosave(self) -> None:
        try:
            if self.save_id is None:
                self.save_id = saves.new_id(savemod.ROOM)
            savemod.save_table(self.table, self.options.seed, save_id=self.save_id)
            self.save_problem = None
        except OSError as exc:
            if self.save_problem is None:
                self.message.show(t("table.save_failed", error=str(exc)), "error", 5)
            self.save_problem = str(exc)

    def _write_replay(self) -> None:
        if not self.options.record_replays:
            return
        now = datetime.now(UTC)
        # a saved game's replay is its one file, written over at the end of every sitting
        name = saves.replay_name(self.save_id) if self.save_id else ""
        try:
            self.replay_written = replay_store.write(
                self.table.replay(now.isoformat(timespec="seconds"), {"auto_end": self.options.auto_end}),
                self.options.record_path, now.strftime("%Y%m%d-%H%M%S"), name)
        except OSError as exc:
            self.message.show(t("table.replay_failed", error=str(exc)), "error", 5)

    def _on_over(self) -> None:
        self._write_replay()
        if self.save_id is not None:
            saves.remove(self.save_id)
        super()._on_over()

    # -- the end ----------------------------------------------------------------------------------------------
    def _after_game(self) -> tuple[str, Callable[[], None]]:
        return t("table.end.again"), self._again

    def _again(self) -> None:
        opts = Options(fast=self.options.fast, until_over=False, autosave=self.options.autosave,
                       seed=self.options.seed + 1, rhubarb=self.table.session.table_view()["rhubarb"],
                       start_player=None,
                       auto_end=self.options.auto_end, open_artichokes=self.options.open_artichokes)
        again = TableScene.new(self.seats, opts)
        again.open_rules = self.open_rules
        self.app.replace(again)


__all__ = ["BOT_PAUSE", "Options", "TableScene"]
