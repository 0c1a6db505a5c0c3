"""The Cactus play scene: a match played on this computer, every seat at this screen or a bot.

The table, its input and its drawing are :class:`~game.cactus.screens.match_scene.MatchScene`'s; this scene owns
what only a local game has: the physics steps in ``fixed_update``, the bots act (at their pace, or at once when
``fast``), every confirmed turn is autosaved (:mod:`~game.cactus.saves`) and the game is recorded for its replay
(:mod:`~game.cactus.record`). The end screen is reached through :mod:`~game.cactus.screens.navigation`, never by
importing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pygame

from game.cactus.bots.pace import BOT_PAUSE, DRAG_FRAME  # the bench's clock of a bot turn paces the same way
from game.cactus.match import Match, MatchError, Stage
from game.cactus.record import Recorder
from game.cactus.saves import Autosave, save_id_of
from game.cactus.screens import navigation, sounds
from game.cactus.screens.effects import ROLL_TIME
from game.cactus.screens.match_scene import MatchScene
from game.i18n import t
from game.saves import replay_name
from game.ui.rules_book import RULES_KEY
from game.ui.theme import SIZES
from game.ui.widgets import Button

#: The turn log under a guide's card is shown when it has room for a line or two (px), else left out.
MIN_LOG = 80


class Coach(Protocol):
    """Something that runs beside a local table (the guided first game): it sees the scene each frame, may take an
    event first, and draws over the panels after the table."""

    def update(self, scene: MatchScene, dt: float) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def covers(self) -> pygame.Rect:
        """Where it stands over the turn log's place (the log goes on under it)."""
        ...


class PlayScene(MatchScene):
    """One local match on screen. ``fast``: bots act at once and settle instantly; ``autosave``: save after every
    turn and when left; ``quit_when_over``: the end screen quits the program after a while (``--until-over``);
    ``record_replay``: write the game's replay when it ends or is left, to ``replay_to`` or the user data dir;
    ``coach``: a guide beside the table (:class:`Coach`)."""

    def __init__(self, match: Match, *, fast: bool = False, autosave: bool = True, quit_when_over: bool = False,
                 record_replay: bool = True, replay_to: Path | None = None, coach: Coach | None = None) -> None:
        self.coach = coach
        # begun before anything else touches the match (the recorder rebuilds it in place first)
        self.recorder = Recorder.begin(match) if record_replay else None
        self.replay_to = replay_to
        self.autosave = Autosave(autosave)
        self.quit_when_over = quit_when_over
        self.bot_wait = 0.0
        self.drag_time = 0.0  # seconds of a bot's drag not yet walked (a point per ``DRAG_FRAME``)
        super().__init__(match, fast=fast)
        self.controls.rules = Button(lambda: t("rules.button"), self.show_rules, style="ghost",
                                     text_size=SIZES.text_small)
        self.buttons.append(self.controls.rules)

    # ------------------------------------------------------------------ the rules
    def show_rules(self) -> None:
        """The rules over the table (F1, the top bar's button): this scene is then neither updated nor drawn, so
        the game waits (no bot moves, no physics step) until Esc returns to it."""
        self.app.push(navigation.rules_screen())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == RULES_KEY:
            self.show_rules()
            return
        if self.coach is not None and self.coach.handle_event(event):
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.coach is not None:
            self.coach.update(self, dt)

    def log_area(self) -> pygame.Rect:
        log = self.rects["log"]
        card = self.coach.covers() if self.coach is not None else None
        if not card or not card.colliderect(log):
            return log
        top = card.bottom + 12  # the same gap as between the panels
        rest = log.bottom - top
        return pygame.Rect(log.x, top, log.width, rest if rest >= MIN_LOG else 0)  # a log with no line: none

    def draw_beside(self, surface: pygame.Surface) -> None:
        if self.coach is not None:
            self.coach.draw(surface)

    # ------------------------------------------------------------------ what a local game keeps
    def on_enter(self) -> None:
        """A game is kept from the moment it starts (a resumed one: the same save, written again)."""
        if not self.finished and not self.match.is_over:
            self._save()

    def after_turn(self) -> None:
        super().after_turn()
        self._save()

    def _save(self) -> None:
        problem = self.autosave.save(self.match)
        if problem is not None:
            self.message.show(problem, "error")

    def on_quit_request(self) -> bool:
        """Closing the window keeps the game: save it (mid-turn too), then let the app close."""
        if not self.finished:
            self._save()
        self._write_replay()
        return True

    def on_exit(self) -> None:
        if not self.finished:
            self._save()
        self._write_replay()

    def on_back(self) -> bool:
        """Esc asks first, as the card table does (the top bar's "Save & leave" leaves at once: it says so)."""
        if self.finished or self.match.is_over:
            return False
        body = t("cactus.leave.body") if self.autosave.enabled else t("cactus.leave.body_unsaved")
        self.tooltip.hover(None, (0, 0))  # a hint shown a moment ago would stand under the dialog
        self.open_dialog(t("cactus.leave.title"), body,
                         [(t("cactus.leave.go"), self.leave), (t("cactus.leave.stay"), lambda: None)])
        return True

    def _write_replay(self) -> None:
        """Write the game's replay when it ends or is left (the recorder writes it once)."""
        try:
            if self.recorder is not None:
                # a saved game's replay is its one file, written over at the end of every sitting
                name = replay_name(save_id_of(self.match)) if self.autosave.enabled else ""
                self.recorder.write(self.replay_to, name)
        except OSError as exc:
            self.message.show(t("table.replay_failed", error=str(exc)), "error")

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self._save()
        self._write_replay()
        self.app.replace(navigation.end_screen(self.match, quit_after=30 if self.quit_when_over else None))

    # ------------------------------------------------------------------ time
    def fixed_update(self, dt: float) -> None:
        if self.dialog is not None and self.dialog.open:
            return  # the game waits while its leave dialog asks: no fall goes on, no bot plays
        m = self.match
        drags = not self.fast and m.is_bot_turn and m.stage == Stage.HOLDING
        if not self.woken and not drags:
            # a frame's fixed steps stand for the time before its events: while the world rested (after an idle
            # wait, up to 250 ms of them) they must not move what the event just woke
            m.step(dt)
            sounds.impact_sounds(m)
        if self.fast:
            self._run_bots_fast()
        elif m.is_bot_turn and self.roll_anim <= 0:
            self.bot_wait += dt
            if m.stage == Stage.HOLDING:  # the bot's hand drags: a pointer move and a world step per drive frame,
                self.bot_wait = 0.0  # as in the bot's trials, so it does what its trial did
                self.drag_time += dt
                while self.drag_time >= DRAG_FRAME and m.stage == Stage.HOLDING:
                    self.drag_time -= DRAG_FRAME
                    self._bot_step()
                sounds.impact_sounds(m)
            elif m.stage == Stage.SETTLING:
                self.bot_wait = 0.0
            elif self.bot_wait >= BOT_PAUSE:
                self.bot_wait = 0.0
                self._bot_step()
        self.take_events(m.drain_events())

    def _bot_step(self) -> None:
        try:
            done = self.bot.act(self.match)
        except MatchError:
            return
        self.bot_wait = BOT_PAUSE if done == "think" else 0.0  # searching (update runs it): ask next step
        if done == "roll":
            self.roll_anim = ROLL_TIME
        if done == "confirm":
            self.after_turn()

    def _run_bots_fast(self) -> None:
        m = self.match
        for _ in range(400):
            if m.is_over or not m.is_bot_turn:
                break
            try:
                done = self.bot.act(m)
            except MatchError:
                break
            if done == "confirm":
                self.after_turn()
            self.take_events(m.drain_events())


navigation.register("play", PlayScene)

__all__ = ["BOT_PAUSE", "Coach", "PlayScene"]
