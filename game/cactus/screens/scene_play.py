"""The Cactus play scene: the table, the hand, the die, the supply heap, the specials row, scores and log.

Input becomes match actions (the match and the rules decide); the physics steps in ``fixed_update``; every
animation runs on ``dt``; ``update`` computes what the frame shows (the camera, the banner, the callout) and
``draw`` only draws it. Mouse: the left button grabs (the piece from the hand into free space, or your
placed piece again), dragging moves it, letting go drops it; the wheel or Q/E turns it. Keys: Space rolls,
Enter confirms, Backspace takes the piece back into the hand.

The helpers: :mod:`~game.cactus.screens.panels` (layout and the panels around the table),
:mod:`~game.cactus.screens.callouts` (banner, speech bubble, violation marks),
:mod:`~game.cactus.screens.effects` (floating texts, flying flowers, the die's roll), :mod:`~game.cactus.screens.camera` (what the camera shows),
:mod:`~game.cactus.saves` (the autosave), :mod:`~game.lab.cactus.autopilot` (demo play for screenshots).
The end screen is reached through :mod:`~game.cactus.screens.navigation`, never by importing it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.app import INPUT_EVENTS, BaseScene
from game.cactus.bots.kinds import SeatBots
from game.cactus.match import Match, MatchError, Stage
from game.cactus.record import Recorder
from game.cactus.rules import Event
from game.cactus.saves import Autosave, autosave_path
from game.cactus.screens import callouts, layers, navigation, panels, sounds
from game.cactus.screens.camera import CameraDirector
from game.cactus.screens.effects import ROLL_TIME, Effects, FloatText, Flyer, Spot
from game.cactus.screens.hint_view import HintControl
from game.cactus.screens.layers import Layer
from game.cactus.screens.panels import MIN_ROW_CELL, PlayButtons, PlayLayout
from game.cactus.screens.thinking import think_and_show
from game.cactus.screens.view import PieceShapes, TableView, draw_hand_zone, draw_preview
from game.i18n import get_language, t
from game.lab.cactus.autopilot import Autopilot
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, MessageLine, first_taker
from physics.geometry import Point

ROTATE_STEP = math.radians(12)
BOT_PAUSE = 0.45
END_DELAY = 1.6
#: The glows (the die waiting for its roll, the target cactus, broken rules) pulse this many seconds after the
#: last input or change of the turn, then fade to a steady light in ``PULSE_FADE`` s: a waiting table is still
#: (issue 12), and the pulse comes back with the next touch.
PULSE_SECONDS = 4.0
PULSE_FADE = 0.5


class PlayLayers:
    """The play screen's cached pictures: the panels around the table, the table's scenery (backdrop and
    cacti per camera shot) and the pieces' screen outlines."""

    def __init__(self) -> None:
        self.chrome = Layer()
        self.table = Layer()
        self.shapes = PieceShapes()

    def clear(self) -> None:
        self.chrome.clear()
        self.table.clear()
        self.shapes = PieceShapes()


class PlayScene(BaseScene):
    """One match on screen. ``fast``: bots act at once and settle instantly (demos, screenshots);
    ``until_turn`` / ``stage_violation``: the demo autopilot (:mod:`~game.lab.cactus.autopilot`)."""

    def __init__(self, match: Match, *, fast: bool = False, autosave: bool = True, until_turn: int | None = None,
                 stage_violation: bool = False, quit_when_over: bool = False, record_replay: bool = True,
                 replay_to: Path | None = None) -> None:
        # issue 13: recorded for its replay (rebuilt in place first), written to ``replay_to`` or the user data dir
        self.recorder = Recorder.begin(match) if record_replay else None
        self.replay_to = replay_to
        self.match = match
        self.fast = fast
        self.autosave = Autosave(autosave)
        self.autopilot = None if until_turn is None else Autopilot(until_turn, stage_violation=stage_violation)
        self.quit_when_over = quit_when_over
        self.bot = SeatBots.of(match, steps_world=fast)  # each seat's kind; the scene steps the world unless fast
        self.view = TableView((match.world.bounds[2], match.world.bounds[3]))
        self.director = CameraDirector(self.view, match)
        self.camera = self.director.camera
        self.message = MessageLine()
        self.time = 0.0
        self.bot_wait = 0.0
        self.roll_anim = 0.0
        self.end_wait = 0.0
        self.pulse_age = 0.0  # seconds since the last input or change of the turn (see PULSE_SECONDS)
        self.woken = False  # an event came to a resting world this frame (see fixed_update)
        self.pulse_key: tuple[str, int, int] | None = None
        self.effects = Effects()
        self.layers = PlayLayers()
        self.pointer: tuple[int, int] = (0, 0)
        self.preview_free = False
        self.last_poses: dict[str, Point] = {}
        self.claims: set[str] = set()
        self.claim_buttons: list[tuple[str, Button]] = []
        self.lay = PlayLayout()
        self.shown_banner = callouts.Banner("", pygame.Rect(0, 0, 0, 0), False)
        self.shown_callout: callouts.Callout | None = None
        self.roll_button = Button(lambda: t("cactus.button.roll"), self.do_roll, style="primary")
        self.confirm_button = Button(lambda: t("cactus.button.confirm"), self.do_confirm, style="green")
        self.back_button = Button(lambda: t("cactus.button.take_back"), self.do_take_back, style="secondary")
        self.leave_button = Button(lambda: t("cactus.button.leave"), self.do_leave, style="ghost",
                                   text_size=SIZES.text_small)
        self.controls = PlayButtons(self.roll_button, self.confirm_button, self.back_button, self.leave_button)
        self.hints = HintControl(match.rules.players, lambda: self.hints.ask(self.match, self.human_turn, self.message))
        self.buttons = [*self.controls.all(), self.hints.button]  # issue 16: H / the hint button: a ghost
        self.finished = False
        match.drain_events()

    # ------------------------------------------------------------------ layout
    @property
    def rects(self) -> dict[str, pygame.Rect]:
        return self.lay.rects

    @property
    def seat_rects(self) -> list[pygame.Rect]:
        return self.lay.seat_rects

    @property
    def heap_cells(self) -> dict[str, pygame.Rect]:
        return self.lay.heap_cells

    @property
    def row_cells(self) -> list[pygame.Rect]:
        return self.lay.row_cells

    @property
    def compact(self) -> bool:
        return self.lay.compact

    @property
    def floats(self) -> list[FloatText]:
        return self.effects.floats

    @property
    def flyers(self) -> list[Flyer]:
        return self.effects.flyers

    @property
    def saved_to(self) -> Path | None:
        return self.autosave.saved_to

    def layout(self, size: tuple[int, int]) -> None:
        self.lay = panels.lay_out(size, self.view, self.match.rules.players, self.controls)
        self.layers.clear()
        self.compose()

    def compose(self) -> None:
        """What the frame shows over the table: the banner and the callout (drawn as computed here)."""
        if "prompt" not in self.rects:
            return
        self.shown_banner = self.banner()
        self.shown_callout = self.placed_callout()

    # ------------------------------------------------------------------ what the table shows
    def banner(self) -> callouts.Banner:
        """The banner: (text, rect, shortened); see :func:`game.cactus.screens.callouts.banner`."""
        return callouts.banner(self.match, self.view, self.rects)

    def violation_spot(self) -> pygame.Rect | None:
        return callouts.violation_spot(self.match, self.view, self.rects["table"])

    def placed_callout(self) -> callouts.Callout | None:
        """The callout at the placed piece: (text, colour, rect, side, anchor), or None."""
        return callouts.placed_callout(self.match, self.view, self.rects, self.banner().rect)

    def explain_room(self) -> bool:
        return callouts.explain_room(self.rects["log"])

    # ------------------------------------------------------------------ actions
    @property
    def human_turn(self) -> bool:
        return not self.match.is_over and not self.match.is_bot_turn

    def do_roll(self) -> None:
        if not self.human_turn or self.match.stage != Stage.ROLL:
            return
        self.match.roll()
        self.roll_anim = ROLL_TIME

    def do_confirm(self) -> None:
        if not self.human_turn or self.match.stage != Stage.JUDGED:
            return
        claims = sorted(self.claims) if self.match.rules.options.strict_claim else None
        try:
            self.match.confirm(claims=claims)
        except MatchError:
            self.message.show(t("cactus.refuse.violations"), "error")
            return
        self.after_turn()

    def do_take_back(self) -> None:
        if not self.human_turn or self.match.stage not in (Stage.JUDGED, Stage.SETTLING):
            return
        self.match.take_back()

    def do_leave(self) -> None:
        self.app.pop()

    def after_turn(self) -> None:
        self.claims = set()
        self.claim_buttons = []
        self.save()

    def save(self) -> None:
        problem = self.autosave.save(self.match)
        if problem is not None:
            self.message.show(problem, "error")

    def on_quit_request(self) -> bool:
        """Closing the window keeps the game: save it (mid-turn too), then let the app close."""
        if not self.finished:
            self.save()
        self.write_replay()
        return True

    def on_exit(self) -> None:
        if not self.finished:
            self.save()
        self.write_replay()

    def write_replay(self) -> None:
        """Write the game's replay when it ends or is left (once; issue 13)."""
        try:
            if self.recorder is not None:
                self.recorder.write(self.replay_to)
        except OSError as exc:
            self.message.show(t("table.replay_failed", error=str(exc)), "error")

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in INPUT_EVENTS:
            self.pulse_age = 0.0  # a touch brings the pulse back
        self.woken = self.woken or self.match.resting
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if first_taker([*self.buttons, *(b for _kind, b in self.claim_buttons)], event):
            return
        if self.director.handle_event(event, self.rects["table"], self.pointer):
            return
        m = self.match
        if not self.human_turn:
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE, pygame.K_r):
                self.do_roll()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.do_confirm()
            elif event.key == pygame.K_BACKSPACE:
                self.do_take_back()
            elif event.key == pygame.K_h:
                self.hints.ask(m, self.human_turn, self.message)
            elif event.key == pygame.K_q:
                m.rotate(ROTATE_STEP)
            elif event.key == pygame.K_e:
                m.rotate(-ROTATE_STEP)
            return
        if event.type == pygame.MOUSEWHEEL:
            m.rotate(ROTATE_STEP * (1 if event.y > 0 else -1))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEMOTION and m.stage == Stage.HOLDING:
            m.move_hand(self.clamp_world(event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and m.stage == Stage.HOLDING:
            m.move_hand(self.clamp_world(event.pos))
            m.release()

    def on_table(self, pos: tuple[int, int]) -> bool:
        """Whether a screen point shows the table (picking uses the camera's transform, as drawing does)."""
        return self.view.visible.collidepoint(pos)

    def clamp_world(self, pos: tuple[int, int]) -> Point:
        x, y = self.view.to_world(pos)
        left, bottom, right, top = self.match.world.bounds
        return min(max(x, left), right), min(max(y, bottom), top)

    def press(self, pos: tuple[int, int]) -> None:
        m = self.match
        if self.rects["die"].collidepoint(pos):
            self.do_roll()
            return
        if m.stage == Stage.CHOOSE:
            for pid, rect in self.heap_cells.items():
                if rect.collidepoint(pos):
                    self.choose(pid)
                    return
            if self.row_cells and self.row_cells[0].collidepoint(pos) and m.rules.row:
                self.choose(m.rules.row[0])
            return
        if not self.on_table(pos):
            return
        point = self.view.to_world(pos)
        if m.stage == Stage.IN_HAND:
            try:
                m.grab_new(point)
            except MatchError:
                self.message.show(t("cactus.refuse.no_room"), "warn")
        elif m.stage in (Stage.JUDGED, Stage.SETTLING):
            try:
                m.grab(point)
            except MatchError as exc:
                if exc.reason == "not_yours":
                    self.message.show(t("cactus.refuse.not_yours"), "warn")

    def choose(self, pid: str) -> None:
        if pid not in self.match.allowed():
            self.message.show(t("cactus.refuse.not_allowed"), "warn")
            return
        self.match.take(pid)

    # ------------------------------------------------------------------ time
    def fixed_update(self, dt: float) -> None:
        m = self.match
        if not self.woken:
            # a frame's fixed steps stand for the time before its events: while the world rested (after an idle
            # wait, up to 250 ms of them) they must not move what the event just woke (issue 12)
            m.step(dt)
            sounds.impact_sounds(m)
        if self.fast:
            self.run_bots_fast()
        elif m.is_bot_turn and self.roll_anim <= 0:
            self.bot_wait += dt
            if m.stage == Stage.HOLDING:  # the bot's hand drags: one pointer move per frame (issue 16)
                self.bot_wait = 0.0
                self.bot_step()
            elif m.stage == Stage.SETTLING:
                self.bot_wait = 0.0
            elif self.bot_wait >= BOT_PAUSE:
                self.bot_wait = 0.0
                self.bot_step()
        self.take_events(m.drain_events())

    def bot_step(self) -> None:
        try:
            done = self.bot.act(self.match)
        except MatchError:
            return
        self.bot_wait = BOT_PAUSE if done == "think" else 0.0  # searching (update runs it): ask next step
        if done == "roll":
            self.roll_anim = ROLL_TIME
        if done == "confirm":
            self.after_turn()

    def run_bots_fast(self) -> None:
        m = self.match
        for _ in range(400):
            if m.is_over:
                break
            if self.autopilot is not None:
                staged = self.autopilot.staged
                if self.autopilot.halts(m, self.bot):
                    if self.autopilot.staged and not staged:  # a demo violation was just staged
                        self.roll_anim = 0.0
                        self.effects.clear()
                    break
            elif not m.is_bot_turn:
                break
            try:
                done = self.bot.act(m)
            except MatchError:
                break
            if done == "confirm":
                self.after_turn()
            self.take_events(m.drain_events())

    def take_events(self, events: list[Event]) -> None:
        sounds.event_sounds(events)
        for e in events:
            notice = self.effects.event(e, self.match.rules, self.event_spot(e), self.seat_anchor,
                                        self.rects["supply"].center, self.rects["table"].center)
            if notice is not None:
                self.message.show(notice.text, notice.level, notice.seconds)

    def seat_anchor(self, seat: int | None) -> Point:
        if seat is None or not 0 <= seat < len(self.seat_rects):
            return self.rects["supply"].center
        r = self.seat_rects[seat]
        return r.right - 40, r.centery

    def piece_world(self, e: Event) -> Point | None:
        """Where on the table a rule event happened (world mm), if anywhere."""
        world = self.match.world
        for pid in e.pieces:
            if world.has_piece(pid):
                x, y, _ = world.pose(pid)
                return x, y
            if pid in self.last_poses:
                return self.last_poses[pid]
        return world.hand.grip_world()

    def event_spot(self, e: Event) -> Spot:
        at = self.piece_world(e)
        return Spot(self.view.to_screen(at) if at is not None else self.rects["table"].center, at)

    def update(self, dt: float) -> None:
        self.time += dt
        self.woken = False
        key = (self.match.stage.value, self.match.rules.turn_number, len(self.match.violations))
        self.pulse_age = 0.0 if key != self.pulse_key else self.pulse_age + dt
        self.pulse_key = key
        self.director.update(dt)
        self.roll_anim = max(0.0, self.roll_anim - dt)
        for b in self.buttons:
            b.update(dt)
        self.message.update(dt)
        self.effects.update(dt)
        m = self.match
        world = m.world
        for pid in world.pieces_in_world():
            x, y, _ = world.pose(pid)
            self.last_poses[pid] = (x, y)
        human = self.human_turn
        self.roll_button.enabled = human and m.stage == Stage.ROLL
        self.confirm_button.enabled = human and m.can_confirm
        self.hints.update(m, human, self.message, self.rects["table"], self.shown_banner.rect)
        think_and_show(self.bot, m, self.message)  # the planner's search: a frame's budget, a cue meanwhile
        self.back_button.enabled = human and m.stage in (Stage.JUDGED, Stage.SETTLING)
        if m.stage == Stage.IN_HAND and human and self.on_table(self.pointer):
            self.preview_free = m.is_free(str(m.piece), self.view.to_world(self.pointer), m.hand_angle)
        self.update_claims()
        self.compose()
        if m.is_over:
            self.end_wait += dt
            if self.end_wait >= (0.0 if self.fast else END_DELAY) and not self.floats_busy():
                self.finish()

    def floats_busy(self) -> bool:
        return not self.fast and self.effects.flying

    def update_claims(self) -> None:
        m = self.match
        if not (m.rules.options.strict_claim and self.human_turn and m.can_confirm):
            self.claim_buttons = []
            return
        kinds = [a.kind for a in m.preview_awards()]
        if [k for k, _ in self.claim_buttons] == kinds:
            for k, b in self.claim_buttons:
                b.style = "green" if k in self.claims else "secondary"
            return
        self.claims &= set(kinds)
        prompt = self.rects["prompt"]
        self.claim_buttons = []
        x = prompt.x
        for kind in kinds:
            label = t("cactus.claim.button", award=t(f"cactus.award.{kind}"))
            width = draw.font_width(label, SIZES.text_small, bold=True) + 28
            button = Button(label, lambda k=kind: self.toggle_claim(k), style="secondary",  # type: ignore[misc]
                            text_size=SIZES.text_small)
            button.rect = pygame.Rect(x, prompt.bottom + 8, width, 34)
            x += width + 8
            self.claim_buttons.append((kind, button))

    def toggle_claim(self, kind: str) -> None:
        self.claims ^= {kind}

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.save()
        self.write_replay()
        self.app.replace(navigation.end_screen(self.match, quit_after=30 if self.quit_when_over else None))

    # ------------------------------------------------------------------ drawing
    def pulse(self) -> float:
        """How strongly the glows pulse now: 1 for ``PULSE_SECONDS`` after the last input or change, then down
        to 0 (a steady light) over ``PULSE_FADE`` s."""
        late = self.pulse_age - PULSE_SECONDS
        return 1.0 if late <= 0 else max(0.0, 1.0 - late / PULSE_FADE)

    def flash(self) -> float:
        return 0.5 + 0.5 * math.sin(self.time * 9.0) * self.pulse()

    def still(self) -> bool:
        """Nothing moves until the next input (issue 12): no drag, the world at rest and not settling, no roll,
        float text, flyer, camera glide, message, button flash, bot pause or pulse running."""
        m = self.match
        return (self.dialog is None and not m.is_bot_turn and not m.is_over and m.resting
                and self.roll_anim <= 0 and not self.effects.floats and not self.effects.flyers
                and not self.camera.moving and not self.message.visible and self.pulse() <= 0
                and all(b.flash <= 0 for b in self.buttons))

    def die_moving(self) -> bool:
        """The die tumbles or its glow pulses: it is drawn every frame, not with the panels' picture."""
        return self.roll_anim > 0 or (self.human_turn and self.match.stage == Stage.ROLL and self.pulse() > 0)

    def chrome_key(self, die_moving: bool) -> tuple[object, ...]:
        """Everything the panels around the table show (see :meth:`paint_chrome`): their picture is painted
        again only when this changes."""
        m = self.match
        r = m.rules
        human = self.human_turn
        hover = None
        if m.stage == Stage.CHOOSE and human:
            hover = next((pid for pid, cell in self.heap_cells.items() if cell.collidepoint(self.pointer)), None)
        buttons = tuple((b.enabled, b.hovered, b.pressed, b.flash > 0, b.focused, b.style, tuple(b.rect))
                        for b in self.buttons)
        die = None if die_moving else (self.flash() if human and m.stage == Stage.ROLL else 0.0)
        return (get_language(), id(self.lay), m.stage, r.turn_number, r.current, human, r.turn.roll, m.piece,
                len(r.log), tuple(r.supply), tuple(r.row), tuple(r.out), r.bank.supply, r.bank.box,
                tuple(r.bank.tokens(p) for p in range(r.players)), tuple(m.bots), tuple(r.names),
                tuple(str(v) for v in m.violations), self.shown_banner.short,
                self.shown_banner.text if self.shown_banner.short else "", buttons, hover, die)

    @staticmethod
    def paint_backdrop(surface: pygame.Surface) -> None:
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)

    def paint_chrome(self, die_moving: bool) -> Callable[[pygame.Surface], None]:
        """The painter of everything around the table: the backdrop, the top bar, the die (while it rests), the
        scores, the log (or the explanation of a broken rule), the heap, the specials row and the actions."""
        m = self.match
        lay = self.lay
        human = self.human_turn

        def paint(surface: pygame.Surface) -> None:
            self.paint_backdrop(surface)
            panels.draw_top(surface, m.rules, lay, self.leave_button)
            if not die_moving:
                panels.draw_die_panel(surface, m, lay, self.roll_button, self.roll_anim, human, self.flash())
            panels.draw_scores(surface, m, lay)
            log = self.rects["log"]
            if log.height >= 60:
                if self.shown_banner.short:
                    callouts.draw_explanation(surface, m, log)
                else:
                    panels.draw_log(surface, m.rules, log)
            panels.draw_heap(surface, m, lay, self.pointer, human)
            panels.draw_row(surface, m, lay)
            panels.draw_actions(surface, m, lay, self.controls, human)

        return paint

    def draw(self, surface: pygame.Surface) -> None:
        """The panels' picture (painted again only when what they show changed, see :meth:`chrome_key`), then
        the table, the banner, the die while it moves, the effects and the message. The panels, the table
        and the banner never overlap, so this is the picture drawing all of it in the old order gave."""
        m = self.match
        moving = self.die_moving()
        chrome = self.layers.chrome.get(surface, self.chrome_key(moving), self.paint_chrome(moving))
        for part in layers.around(surface.get_rect(), self.rects["table"]):  # the table covers the rest
            surface.blit(chrome, part, part)
        self.draw_table(surface)
        callouts.draw_banner(surface, m, self.shown_banner, self.shown_callout, (b for _, b in self.claim_buttons))
        if moving:
            panels.draw_die_panel(surface, m, self.lay, self.roll_button, self.roll_anim, self.human_turn,
                                  self.flash())
        self.effects.draw(surface, self.view)
        self.message.draw(surface, (self.rects["table"].centerx, self.rects["table"].bottom - 12))

    def draw_table(self, surface: pygame.Surface) -> None:
        m = self.match
        view = self.view
        area = self.rects["table"]
        clip = surface.get_clip()
        surface.set_clip(area)
        target = m.rules.target_cactus() if m.stage not in (Stage.OVER,) else None
        view.draw_scenery(surface, area, m.world, target, self.layers.table, beneath=self.paint_backdrop)
        if target is not None:
            view.draw_cacti(surface, m.world, target, self.time, pulse=self.pulse(), only=(target,))
        callouts.draw_marks_under(surface, m, view, self.flash())
        view.draw_pieces(surface, m, self.layers.shapes)
        callouts.draw_marks_over(surface, m, view, self.flash(), self.shown_callout)
        self.hints.draw_ghost(surface, view, m, self.time)
        if m.stage == Stage.HOLDING:
            draw_hand_zone(surface, view, m.world, self.flash())
        elif m.stage == Stage.IN_HAND and self.human_turn and self.on_table(self.pointer):
            pid = str(m.piece)
            outline = [(float(p[0]), float(p[1])) for p in m.outline_at(pid, view.to_world(self.pointer),
                                                                        m.hand_angle)]
            draw_preview(surface, view, m.world.pieces[pid], outline, self.preview_free)
        panels.draw_zoom_badge(surface, view, area)
        self.hints.draw_button(surface)
        surface.set_clip(clip)
        pygame.draw.rect(surface, shade(PALETTE.sand_dark, -0.1), area, 2, border_radius=6)

    # ------------------------------------------------------------------ testing helpers
    def screen_of(self, point: Point) -> tuple[int, int]:
        """The screen pixel of a world point (for tests that drive the mouse)."""
        x, y = self.view.to_screen(point)
        return round(x), round(y)

    def state(self) -> dict[str, Any]:
        return {"stage": self.match.stage.value, "turn": self.match.rules.turn_number}


navigation.register("play", PlayScene)

__all__ = ["MIN_ROW_CELL", "PlayScene", "autosave_path"]
