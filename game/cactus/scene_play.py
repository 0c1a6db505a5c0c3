"""The Cactus play scene: the table, the hand, the die, the supply heap, the specials row, scores and log.

Input becomes match actions (the match and the rules decide); the physics steps in ``fixed_update``; every
animation runs on ``dt``; drawing reads the state only. Mouse: the left button grabs (the piece from the
hand into free space, or your placed piece again), dragging moves it, letting go drops it; the wheel or
Q/E turns it. Keys: Space rolls, Enter confirms, Backspace takes the piece back into the hand.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.app import BaseScene
from game.cactus import scene_text as txt
from game.cactus.bot import Bot
from game.cactus.match import Match, MatchError, Stage
from game.cactus.rules import COLOURS, FORMS, Event, Face
from game.cactus.scene_view import (
    MAX_ZOOM,
    ZOOM_STEP,
    Camera,
    TableView,
    draw_die,
    draw_icon,
    flower_icon,
    piece_colour,
)
from game.i18n import t
from game.paths import user_data_dir
from game.ui import draw
from game.ui.fonts import font
from game.ui.theme import PALETTE, SIZES, Color, lerp, shade
from game.ui.widgets import Button, MessageLine
from game.userdata import write_json_atomic

ROTATE_STEP = math.radians(12)
ROLL_TIME = 0.7
BOT_PAUSE = 0.45
END_DELAY = 1.6
ZONE_RADIUS = 6.0  # mm, as physics.hand draws the hand zone (C-X1)


def autosave_path() -> Path:
    return user_data_dir() / "cactus" / "autosave.json"


#: The specials row's cells are never smaller than this (px), nor larger than that.
MIN_ROW_CELL = 34
MAX_ROW_CELL = 64
#: Over a broken rule the banner says only the short sentence when its long text would take more than this
#: share of the table's height (a short view); the long explanation then goes to the side panel.
SHORT_BANNER_SHARE = 0.25


def fit_text(surface: pygame.Surface, content: str, pos: tuple[float, float], width: int, *, size: int,
             bold: bool = False, color: Color = PALETTE.ink, anchor: str = "midleft") -> pygame.Rect:
    """One line of text no wider than ``width``: a little smaller first, then cut with an ellipsis."""
    smallest = size - 3
    while size > smallest and draw.font_width(content, size, bold) > width:
        size -= 1
    while len(content) > 2 and draw.font_width(content, size, bold) > width:
        content = content[:-2].rstrip() + "…"
    return draw.text(surface, content, pos, size=size, bold=bold, color=color, anchor=anchor)


@dataclass
class FloatText:
    text: str
    pos: tuple[float, float]
    colour: Color
    age: float = 0.0
    life: float = 2.2
    world: tuple[float, float] | None = None  # follows the camera when set (world mm)


@dataclass
class Flyer:
    start: tuple[float, float]
    end: tuple[float, float]
    three: bool = False
    delay: float = 0.0
    age: float = 0.0
    life: float = 0.9


class PlayScene(BaseScene):
    """One match on screen. ``fast``: bots act at once and settle instantly (demos, screenshots)."""

    def __init__(self, match: Match, *, fast: bool = False, autosave: bool = True, until_turn: int | None = None,
                 stage_violation: bool = False, quit_when_over: bool = False) -> None:
        self.match = match
        self.fast = fast
        self.autosave_enabled = autosave
        self.until_turn = until_turn
        self.stage_violation = stage_violation
        self.quit_when_over = quit_when_over
        self.bot = Bot()
        self.view = TableView((match.world.bounds[2], match.world.bounds[3]))
        self.camera = Camera(self.view)
        self.camera_key: tuple[str, int | None, int] | None = None
        self.message = MessageLine()
        self.time = 0.0
        self.bot_wait = 0.0
        self.roll_anim = 0.0
        self.end_wait = 0.0
        self.floats: list[FloatText] = []
        self.flyers: list[Flyer] = []
        self.pointer: tuple[int, int] = (0, 0)
        self.preview_free = False
        self.last_poses: dict[str, tuple[float, float]] = {}
        self.claims: set[str] = set()
        self.claim_buttons: list[tuple[str, Button]] = []
        self.saved_to: Path | None = None
        self.rects: dict[str, pygame.Rect] = {}
        self.seat_rects: list[pygame.Rect] = []
        self.heap_cells: dict[str, pygame.Rect] = {}
        self.row_cells: list[pygame.Rect] = []
        self.compact = False
        self.roll_button = Button(lambda: t("cactus.button.roll"), self.do_roll, style="primary")
        self.confirm_button = Button(lambda: t("cactus.button.confirm"), self.do_confirm, style="green")
        self.back_button = Button(lambda: t("cactus.button.take_back"), self.do_take_back, style="secondary")
        self.leave_button = Button(lambda: t("cactus.button.leave"), self.do_leave, style="ghost",
                                   text_size=SIZES.text_small)
        self.buttons = [self.roll_button, self.confirm_button, self.back_button, self.leave_button]
        self.finished = False
        self._staged = False
        match.drain_events()

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        pad = 14 if w >= 1100 else 10
        top_h = 56
        right_w = max(230, min(300, round(w * 0.22)))
        table_w = w - right_w - 3 * pad
        world_w, world_h = self.view.world_w, self.view.world_h
        needed = round(world_h * table_w / world_w) + TableView.GROUND_BAND + 70
        bottom_h = max(128, min(230, h - top_h - needed - 2 * pad))
        table = pygame.Rect(pad, top_h, table_w, h - top_h - bottom_h - 2 * pad)
        self.rects["top"] = pygame.Rect(0, 0, w, top_h)
        self.rects["table"] = table
        self.view.fit(table)
        right = pygame.Rect(table.right + pad, top_h, right_w, h - top_h - pad)
        die_h = 112
        self.rects["die_panel"] = pygame.Rect(right.x, right.y, right.width, die_h)
        die_size = 70
        self.rects["die"] = pygame.Rect(right.x + 18, right.y + (die_h - die_size) // 2, die_size, die_size)
        self.roll_button.rect = pygame.Rect(self.rects["die"].right + 16, right.y + die_h - 18 - 40,
                                            right.right - self.rects["die"].right - 32, 40)
        seat_h = 54
        n = self.match.rules.players
        score = pygame.Rect(right.x, self.rects["die_panel"].bottom + pad, right.width, 34 + n * seat_h + 40)
        self.rects["score"] = score
        self.seat_rects = [pygame.Rect(score.x + 8, score.y + 32 + i * seat_h, score.width - 16, seat_h - 4)
                           for i in range(n)]
        self.rects["supply"] = pygame.Rect(score.x + 12, score.bottom - 36, score.width - 24, 28)
        self.rects["log"] = pygame.Rect(right.x, score.bottom + pad, right.width, right.bottom - score.bottom - pad)
        bottom = pygame.Rect(pad, table.bottom + pad, table.width, bottom_h)
        self.rects["bottom"] = bottom
        cell = (bottom_h - 40) // 5
        heap = pygame.Rect(bottom.x, bottom.y, cell * 5 + 24, bottom_h)
        self.rects["heap"] = heap
        self.heap_cells = {}
        for ci, colour in enumerate(COLOURS):
            for fi, form in enumerate(FORMS):
                self.heap_cells[f"{colour}_{form}"] = pygame.Rect(heap.x + 12 + ci * cell, heap.y + 30 + fi * cell,
                                                                  cell, cell)
        bh = SIZES.button_height
        buttons_w = max(150, min(210, round(bottom.width * 0.2)))
        # compact (a narrow window, 800x600): no room for the specials row beside a column of buttons, so the
        # buttons go side by side under the row and the key hint moves to the top bar
        self.compact = bottom.width - heap.width - buttons_w - 2 * pad < 10 * MIN_ROW_CELL + 24
        if self.compact:
            rest = pygame.Rect(heap.right + pad, bottom.y, bottom.right - heap.right - pad, bottom_h)
            row = pygame.Rect(rest.x, rest.y, rest.width, rest.height - bh - pad)
            actions = pygame.Rect(rest.x, row.bottom + pad, rest.width, bh)
            half = (actions.width - pad) // 2
            self.confirm_button.rect = pygame.Rect(actions.x, actions.y, half, bh)
            self.back_button.rect = pygame.Rect(actions.right - half, actions.y, half, bh)
        else:
            row = pygame.Rect(heap.right + pad, bottom.y, bottom.width - heap.width - buttons_w - 2 * pad, bottom_h)
            actions = pygame.Rect(row.right + pad, bottom.y, buttons_w, bottom_h)
            self.confirm_button.rect = pygame.Rect(actions.x, actions.y + 8, actions.width, bh)
            self.back_button.rect = pygame.Rect(actions.x, actions.y + 16 + bh, actions.width, bh)
        self.rects["row"] = row
        self.rects["actions"] = actions
        # the specials row keeps readable cells: fewer of them then, the last one saying "+N"
        rc = max(MIN_ROW_CELL, min((row.width - 24) // 10, row.height - 52, MAX_ROW_CELL))
        visible = max(1, min(10, (row.width - 24) // rc))
        self.row_cells = [pygame.Rect(row.x + 12 + k * rc, row.y + 34, rc, rc) for k in range(visible)]
        self.leave_button.rect = pygame.Rect(w - pad - 150, 10, 150, 36)
        self.rects["prompt"] = pygame.Rect(table.x + 12, table.y + 10, min(table.width - 24, 620), 64)

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
        if not self.autosave_enabled:
            return
        path = autosave_path()
        if self.match.is_over:
            with contextlib.suppress(OSError):
                path.unlink()
            return
        try:
            write_json_atomic(path, self.match.to_dict())
            self.saved_to = path
        except OSError as exc:
            self.message.show(t("cactus.save.failed", reason=str(exc)), "error")

    def on_quit_request(self) -> bool:
        """Closing the window keeps the game: save it (mid-turn too), then let the app close."""
        if not self.finished:
            self.save()
        return True

    def on_exit(self) -> None:
        if not self.finished:
            self.save()

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        for button in self.buttons:
            if button.handle_event(event):
                return
        for _kind, button in self.claim_buttons:
            if button.handle_event(event):
                return
        if self.camera_event(event):
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

    # ------------------------------------------------------------------ camera
    def camera_event(self, event: pygame.event.Event) -> bool:
        """+ / - (and Ctrl+wheel) zoom, 0 or Home shows the whole table, the middle button toggles."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom_by(ZOOM_STEP)
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom_by(1 / ZOOM_STEP)
            elif event.key in (pygame.K_0, pygame.K_KP0, pygame.K_HOME):
                self.camera.overview()
            else:
                return False
            return True
        if event.type == pygame.MOUSEWHEEL and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.zoom_by(ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 2 and self.rects["table"].collidepoint(event.pos):
            if self.camera.goal[0] > 1.05:
                self.camera.overview()
            else:
                shot = self.focus_shot()
                if shot is None:
                    self.zoom_by(ZOOM_STEP * ZOOM_STEP)
                else:
                    self.camera.aim(*shot)
            return True
        return False

    def zoom_by(self, factor: float) -> None:
        """Zoom from the camera's goal; the table x under the pointer stays put (else the centre)."""
        zoom, cx = self.camera.goal
        new = zoom * factor
        if self.rects["table"].collidepoint(self.pointer):
            view = self.view
            wx = view.to_world(self.pointer)[0]
            new_scale = view.base_scale * min(max(new, 1.0), MAX_ZOOM)
            cx = wx - (self.pointer[0] - view.rect.centerx) / new_scale
        self.camera.aim(new, cx)

    def focus_cactus(self) -> int | None:
        """The cactus the close view shows: the target, or on the first turn the one nearest the piece."""
        m = self.match
        target = m.rules.target_cactus()
        if target is not None or m.piece is None or not m.world.has_piece(m.piece):
            return target
        x, _, _ = m.world.pose(m.piece)
        return min(range(len(m.world.cacti.cacti)), key=lambda i: abs(m.world.cactus(i).x - x))

    def focus_shot(self) -> tuple[float, float] | None:
        cactus = self.focus_cactus()
        if cactus is None:
            return None
        return self.view.focus_shot(self.match.world, cactus)

    def camera_mode(self) -> str | None:
        """What the camera shows by itself: "focus" while a piece is taken or a broken placement is shown,
        "overview" otherwise; None while a piece is held or settles (the view never moves under the hand)."""
        m = self.match
        if m.stage == Stage.IN_HAND:
            return "focus"
        if m.stage == Stage.JUDGED:
            return "focus" if m.violations else "overview"
        if m.stage in (Stage.HOLDING, Stage.SETTLING):
            return None
        return "overview"

    def update_camera(self, dt: float) -> None:
        mode = self.camera_mode()
        if mode is not None:
            shot = self.focus_shot() if mode == "focus" else None
            key = ("focus" if shot else "overview", self.focus_cactus() if shot else None, self.match.turn_key)
            if key != self.camera_key:
                self.camera_key = key
                if shot is None:
                    self.camera.overview()
                else:
                    self.camera.aim(*shot)
        self.camera.update(dt)

    def on_table(self, pos: tuple[int, int]) -> bool:
        """Whether a screen point shows the table (picking uses the camera's transform, as drawing does)."""
        return self.view.visible.collidepoint(pos)

    def clamp_world(self, pos: tuple[int, int]) -> tuple[float, float]:
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
        m.step(dt)
        if self.fast:
            self.run_bots_fast()
        elif m.is_bot_turn and self.roll_anim <= 0:
            self.bot_wait += dt
            if m.stage == Stage.SETTLING:
                self.bot_wait = 0.0
            elif self.bot_wait >= BOT_PAUSE:
                self.bot_wait = 0.0
                self.bot_step()
        self.take_events(m.drain_events())

    def bot_step(self) -> None:
        m = self.match
        before = m.stage
        try:
            done = self.bot.act(m)
        except MatchError:
            return
        if done == "roll":
            self.roll_anim = ROLL_TIME
        if done == "confirm":
            self.after_turn()
        elif before == Stage.SETTLING:
            pass

    def run_bots_fast(self) -> None:
        m = self.match
        for _ in range(400):
            if m.is_over:
                break
            if self.until_turn is not None:
                if m.rules.turn_number >= self.until_turn and m.stage == Stage.ROLL:
                    if self.stage_violation and not self._staged:
                        self.stage_a_violation()
                    break
                if self._staged:
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

    def stage_a_violation(self) -> None:
        """Demo: the current seat turns human and drops its piece where a rule breaks (screenshots)."""
        from game.cactus.bot import find_violation_drop

        m = self.match
        self._staged = True
        m.bots[m.rules.current] = False
        if m.stage == Stage.ROLL:
            m.roll()
            self.roll_anim = 0.0
        if m.stage == Stage.CHOOSE:
            m.take(self.bot.choose(m))
        if m.stage != Stage.IN_HAND:
            return
        self.floats.clear()
        self.flyers.clear()
        spot = find_violation_drop(m)
        if spot is not None:
            m.drop((spot[0], spot[1]), spot[2])
            m.settle_now()

    def take_events(self, events: list[Event]) -> None:
        for e in events:
            self.animate(e)

    def seat_anchor(self, seat: int | None) -> tuple[float, float]:
        if seat is None or not 0 <= seat < len(self.seat_rects):
            return self.rects["supply"].center
        r = self.seat_rects[seat]
        return r.right - 40, r.centery

    def piece_world(self, e: Event) -> tuple[float, float] | None:
        """Where on the table a rule event happened (world mm), if anywhere."""
        world = self.match.world
        for pid in e.pieces:
            if world.has_piece(pid):
                x, y, _ = world.pose(pid)
                return x, y
            if pid in self.last_poses:
                return self.last_poses[pid]
        return world.hand.grip_world()

    def piece_anchor(self, e: Event) -> tuple[float, float]:
        at = self.piece_world(e)
        return self.view.to_screen(at) if at is not None else self.rects["table"].center

    def animate(self, e: Event) -> None:
        """Feedback for a rule event: floating text where it happened and flowers flying."""
        supply = self.rects["supply"].center
        if e.kind == "award" and e.flowers > 0:
            at = self.piece_anchor(e)
            label = t("cactus.float.award", flowers=e.flowers, award=txt.award_name(e.detail), rule=e.rule)
            self.floats.append(FloatText(label, at, PALETTE.ok, world=self.piece_world(e)))
            for k in range(e.flowers):
                self.flyers.append(Flyer(at, self.seat_anchor(e.player), delay=0.15 * k))
        elif e.kind in ("hand_touch", "knocked"):
            at = self.piece_anchor(e)
            label = t(f"cactus.float.{e.kind}", flowers=abs(e.flowers), rule=e.rule)
            self.floats.append(FloatText(label, at, PALETTE.error, world=self.piece_world(e)))
            for k in range(abs(e.flowers)):
                self.flyers.append(Flyer(self.seat_anchor(e.player), supply, delay=0.15 * k))
            self.message.show(txt.describe(self.match.rules, e), "error", 4.0)
        elif e.kind == "placed_fell":
            self.floats.append(FloatText(t("cactus.float.fell", rule=e.rule), self.piece_anchor(e), PALETTE.warn,
                                         world=self.piece_world(e)))
            self.message.show(txt.describe(self.match.rules, e), "warn", 4.0)
        elif e.kind == "awards_void":
            self.floats.append(FloatText(t("cactus.float.void", rule=e.rule), self.rects["table"].center,
                                         PALETTE.error))
        elif e.kind in ("piece_out", "piece_returned"):
            self.floats.append(FloatText(txt.describe(self.match.rules, e), self.piece_anchor(e), PALETTE.ink_soft,
                                         life=1.6))
        elif e.kind == "award_lost":
            self.floats.append(FloatText(txt.describe(self.match.rules, e), self.rects["table"].center,
                                         PALETTE.warn))

    def update(self, dt: float) -> None:
        self.time += dt
        self.update_camera(dt)
        self.roll_anim = max(0.0, self.roll_anim - dt)
        for b in self.buttons:
            b.update(dt)
        self.message.update(dt)
        for f in self.floats:
            f.age += dt
        self.floats = [f for f in self.floats if f.age < f.life]
        for fl in self.flyers:
            fl.age += dt
        self.flyers = [fl for fl in self.flyers if fl.age < fl.delay + fl.life]
        m = self.match
        world = m.world
        for pid in world.pieces_in_world():
            x, y, _ = world.pose(pid)
            self.last_poses[pid] = (x, y)
        human = self.human_turn
        self.roll_button.enabled = human and m.stage == Stage.ROLL
        self.confirm_button.enabled = human and m.can_confirm
        self.back_button.enabled = human and m.stage in (Stage.JUDGED, Stage.SETTLING)
        if m.stage == Stage.IN_HAND and human and self.on_table(self.pointer):
            self.preview_free = m.is_free(str(m.piece), self.view.to_world(self.pointer), m.hand_angle)
        self.update_claims()
        if m.is_over:
            self.end_wait += dt
            if self.end_wait >= (0.0 if self.fast else END_DELAY) and not self.floats_busy():
                self.finish()

    def floats_busy(self) -> bool:
        return not self.fast and bool(self.flyers)

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
        from game.cactus.scene_end import EndScene

        self.app.replace(EndScene(self.match, quit_after=30 if self.quit_when_over else None))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)
        self.draw_top(surface)
        self.draw_table(surface)
        self.draw_prompt(surface)
        self.draw_die_panel(surface)
        self.draw_scores(surface)
        self.draw_log(surface)
        self.draw_heap(surface)
        self.draw_row(surface)
        self.draw_actions(surface)
        self.draw_animations(surface)
        self.message.draw(surface, (self.rects["table"].centerx, self.rects["table"].bottom - 12))

    def draw_top(self, surface: pygame.Surface) -> None:
        top = self.rects["top"]
        rules = self.match.rules
        draw.text(surface, t("cactus.title"), (20, top.centery), size=30, display=True, color=PALETTE.terracotta,
                  anchor="midleft")
        turn = t("cactus.turn", turn=rules.turn_number, player=txt.player_name(rules, rules.current_player))
        used = draw.text(surface, turn, (170, top.centery), size=SIZES.text, color=PALETTE.ink_soft,
                         anchor="midleft")
        variants = []
        if rules.options.long_game:
            variants.append(t("cactus.variant.long_game.short"))
        if rules.options.strict_claim:
            variants.append(t("cactus.variant.strict_claim.short"))
        right = self.leave_button.rect.x - 16
        if variants:
            right = draw.text(surface, " · ".join(variants), (right, top.centery), size=SIZES.text_small,
                              color=PALETTE.ink_faint, anchor="midright").x - 16
        if self.compact:  # the key hint, in two lines between the turn and the buttons (left out if it can't fit)
            box = pygame.Rect(used.right + 24, top.y + 6, right - used.right - 24, top.height - 12)
            fnt = font(SIZES.text_small - 3)
            lines = draw.wrap_text(t("cactus.hint.keys"), fnt, box.width) if box.width > 120 else []
            if lines and len(lines) * fnt.get_linesize() <= box.height:
                y = box.centery - len(lines) * fnt.get_linesize() // 2
                for k, line in enumerate(lines):
                    draw.text(surface, line, (box.x, y + k * fnt.get_linesize()), size=SIZES.text_small - 3,
                              color=PALETTE.ink_faint)
        self.leave_button.draw(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        m = self.match
        view = self.view
        area = self.rects["table"]
        clip = surface.get_clip()
        surface.set_clip(area)
        view.draw_backdrop(surface, area)
        target = m.rules.target_cactus() if m.stage not in (Stage.OVER,) else None
        view.draw_cacti(surface, m.world, target, self.time)
        self.draw_violations_under(surface)
        view.draw_pieces(surface, m)
        self.draw_violations_over(surface)
        self.draw_hand(surface)
        self.draw_zoom_badge(surface)
        surface.set_clip(clip)
        pygame.draw.rect(surface, shade(PALETTE.sand_dark, -0.1), area, 2, border_radius=6)

    def draw_zoom_badge(self, surface: pygame.Surface) -> None:
        """While zoomed: how much, and the key back to the whole table (bottom right of the table)."""
        zoom = self.view.zoom
        if zoom < 1.05:
            return
        label = t("cactus.zoom.badge", zoom=f"{zoom:.1f}")
        width = draw.font_width(label, SIZES.text_small - 2, bold=True) + 20
        area = self.rects["table"]
        box = pygame.Rect(area.right - width - 10, area.bottom - TableView.GROUND_BAND - 34, width, 26)
        draw.rounded_rect(surface, box, lerp(PALETTE.paper, PALETTE.sand_light, 0.5), 13, PALETTE.sand_dark, 1)
        draw.text(surface, label, box.center, size=SIZES.text_small - 2, bold=True, color=PALETTE.ink_soft,
                  anchor="center")

    def flash(self) -> float:
        return 0.5 + 0.5 * math.sin(self.time * 9.0)

    def draw_violations_under(self, surface: pygame.Surface) -> None:
        m = self.match
        world = m.world
        if m.stage != Stage.JUDGED:
            return
        for v in m.violations:
            if v.kind in ("on_base", "wrong_cactus", "not_hanging"):
                for pid in v.pieces:
                    if world.has_piece(pid):
                        glow = lerp(PALETTE.warn, PALETTE.sun, self.flash())
                        pts = self.view.pts(world.outline_world(pid))
                        pygame.draw.polygon(surface, glow, pts, 9)
                        pygame.draw.aalines(surface, glow, True, pts)

    def draw_violations_over(self, surface: pygame.Surface) -> None:
        m = self.match
        world = m.world
        if m.stage == Stage.HOLDING or m.stage == Stage.SETTLING:
            pid = m.piece
            if pid and world.has_piece(pid):
                pts = self.view.pts(world.outline_world(pid))
                pygame.draw.aalines(surface, PALETTE.paper, True, pts)
        if m.stage != Stage.JUDGED:
            return
        pulse = self.flash()
        for v in m.violations:
            if v.kind in ("same_colour", "same_form"):
                colour = lerp(PALETTE.error, PALETTE.paper, pulse * 0.6)
                centres = []
                for pid in v.pieces:
                    if world.has_piece(pid):
                        pts = self.view.pts(world.outline_world(pid))
                        pygame.draw.lines(surface, colour, True, pts, 3)
                        x, y, _ = world.pose(pid)
                        centres.append(self.view.to_screen((x, y)))
                if len(centres) == 2:
                    mid = ((centres[0][0] + centres[1][0]) / 2, (centres[0][1] + centres[1][1]) / 2)
                    pygame.draw.circle(surface, colour, mid, 5 + 3 * pulse, 2)
        placed = self.placed_callout()
        if placed is not None:
            content, colour, rect, where, anchor = placed
            self.callout(surface, content, rect, where, anchor, colour)

    def contact_point(self) -> tuple[float, float] | None:
        """The screen point between the two touching pieces of the first broken rule (if it is a touch)."""
        m = self.match
        world = m.world
        v = m.violations[0] if m.violations else None
        if v is None or v.kind not in ("same_colour", "same_form"):
            return None
        centres = [self.view.to_screen(world.pose(pid)[:2]) for pid in v.pieces if world.has_piece(pid)]
        if len(centres) != 2:
            return None
        return (centres[0][0] + centres[1][0]) / 2, (centres[0][1] + centres[1][1]) / 2

    def violation_spot(self) -> pygame.Rect | None:
        """Where the broken rule is on screen: the box of the pieces it is about (the touching pair, the piece
        on the base) on the table. The banner and the callout never cover it (C-R2..C-R4, C-X5)."""
        m = self.match
        world = m.world
        if m.stage != Stage.JUDGED or not m.violations:
            return None
        pids = [pid for pid in m.violations[0].pieces if world.has_piece(pid)]
        if not pids and m.piece and world.has_piece(m.piece):
            pids = [m.piece]
        boxes: list[pygame.Rect] = []
        for pid in pids:
            pts = self.view.pts(world.outline_world(pid))
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            boxes.append(pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                                     math.ceil(max(ys) - min(ys)) + 1))
        if not boxes:
            return None
        spot = boxes[0].unionall(boxes[1:]).inflate(6, 6)
        spot = spot.clip(self.rects["table"])
        return spot if spot.width and spot.height else None

    def placed_callout(self) -> tuple[str, Color, pygame.Rect, str, tuple[float, float]] | None:
        """The callout at the placed piece: (text, colour, rect, side, anchor), or None when there is none
        (no piece judged, or no place beside the violation that leaves it and the banner clear)."""
        m = self.match
        world = m.world
        pid = m.piece
        if m.stage != Stage.JUDGED or not (pid and world.has_piece(pid)):
            return None
        x, y, _ = world.pose(pid)
        sx, sy = self.view.to_screen((x, y))
        lift = world.pieces[pid].radius * self.view.scale + 12
        if m.violations:
            # short, at the place: rule ID and what to do; the banner explains it at length
            content = txt.violation_text(m, m.violations[0])
            spot = self.violation_spot()
            at = self.contact_point() or (sx, sy)
            if spot is None:
                above, below = (at[0], min(at[1], sy) - lift), (at[0], max(at[1], sy) + lift)
            else:
                ax = min(max(at[0], spot.left), spot.right)
                above, below = (ax, spot.top - 12), (ax, spot.bottom + 12)
            placed = self.place_callout(content, above, below, spot)
            return None if placed is None else (content, PALETTE.error, *placed)
        awards = m.preview_awards()
        content = t("cactus.callout.valid")
        if awards:
            content = " + ".join(t("cactus.float.award", flowers=a.flowers, award=txt.award_name(a.kind),
                                   rule=a.rule) for a in awards)
        placed = self.place_callout(content, (sx, sy - lift), (sx, sy + lift), None)
        return None if placed is None else (content, PALETTE.ok, *placed)

    def place_callout(self, content: str, above: tuple[float, float], below: tuple[float, float],
                      spot: pygame.Rect | None) -> tuple[pygame.Rect, str, tuple[float, float]] | None:
        """Where a speech bubble goes: over the spot (at ``above``), else beside it, else under it (at
        ``below``), wherever it stays on the table, off the banner and off ``spot`` (the violation). Without a
        spot the heart of the piece is kept clear, and the bubble falls back to under it."""
        fnt = font(SIZES.text_small, bold=True)
        area = self.rects["table"].inflate(-12, -12)
        width = min(fnt.size(content)[0] + 24, area.width - 20)
        lines = draw.wrap_text(content, fnt, width - 24)
        height = len(lines) * fnt.get_linesize() + 14
        banner = self.banner()[1].inflate(8, 8)
        mid_y = (above[1] + below[1]) / 2
        if spot is None:
            side = (below[1] - above[1]) / 2  # half the gap between the two anchors: the piece's reach
            keep = pygame.Rect(0, 0, round(side), round(2 * side))  # the heart of the spot pointed at
            keep.center = (round(above[0]), round(mid_y))
            right_x, left_x = above[0] + side + 4, above[0] - side - 4
        else:
            keep = spot
            right_x, left_x = spot.right + 12, spot.left - 12
        tries: list[tuple[str, tuple[float, float]]] = [
            ("midbottom", above), ("midleft", (right_x, mid_y)), ("midright", (left_x, mid_y)), ("midtop", below)]
        for where, (ax, ay) in tries:
            rect = pygame.Rect(0, 0, width, height)
            setattr(rect, where, (round(ax), round(ay)))
            rect.clamp_ip(area)
            if not rect.colliderect(banner) and not rect.colliderect(keep):
                return rect, where, (ax, ay)
        if spot is not None:
            return None  # the banner says it already; never cover the violation
        where, (ax, ay) = tries[-1]
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (round(ax), round(ay))
        rect.clamp_ip(area)
        return rect, where, (ax, ay)

    def callout(self, surface: pygame.Surface, content: str, rect: pygame.Rect, where: str,
                anchor: tuple[float, float], colour: Color) -> None:
        """A speech bubble in ``rect`` whose tip points from its ``where`` side at ``anchor``."""
        fnt = font(SIZES.text_small, bold=True)
        lines = draw.wrap_text(content, fnt, rect.width - 24)
        ax, ay = anchor
        tip: tuple[float, float]
        if where == "midbottom":
            tip, base = (ax, ay + 10), [(rect.centerx - 7, rect.bottom - 1), (rect.centerx + 7, rect.bottom - 1)]
        elif where == "midtop":
            tip, base = (ax, ay - 10), [(rect.centerx - 7, rect.top + 1), (rect.centerx + 7, rect.top + 1)]
        elif where == "midleft":
            tip, base = (ax - 10, ay), [(rect.left + 1, rect.centery - 7), (rect.left + 1, rect.centery + 7)]
        else:
            tip, base = (ax + 10, ay), [(rect.right - 1, rect.centery - 7), (rect.right - 1, rect.centery + 7)]
        pygame.draw.polygon(surface, colour, [*base, tip])
        draw.rounded_rect(surface, rect, PALETTE.paper, 10, colour, 2)
        for i, line in enumerate(lines):
            draw.text(surface, line, (rect.x + 12, rect.y + 7 + i * fnt.get_linesize()), size=SIZES.text_small,
                      bold=True, color=shade(colour, -0.25))

    def prompt_box(self) -> pygame.Rect:
        """The banner's rectangle over the table (it grows with its text)."""
        return self.banner()[1]

    def banner(self) -> tuple[str, pygame.Rect, bool]:
        """The banner: (text, rect, shortened). Over a broken rule it goes to the top or the bottom of the view,
        whichever is farther from the violation, and never covers it; when the view is short (or the long text
        would cover it) it says only the short sentence with the rule ID, and the side panel explains."""
        m = self.match
        base = self.rects["prompt"]
        long_text = txt.stage_prompt(m)
        size = SIZES.text_small + 1

        def box(content: str, bottom: bool) -> pygame.Rect:
            height = max(40, draw.text_height(content, base.width - 28, size=size) + 18)
            rect = pygame.Rect(base.x, base.y, base.width, height)
            if bottom:
                floor = self.rects["table"].bottom - TableView.GROUND_BAND - 8
                if self.view.zoom >= 1.05:  # over the zoom badge
                    floor -= 32
                rect.bottom = floor
            return rect

        spot = self.violation_spot()
        if spot is None:
            return long_text, box(long_text, False), False
        short_text = txt.violation_text(m, m.violations[0])
        table = self.rects["table"]
        texts = [long_text, short_text]
        if self.explain_room() and box(long_text, False).height > table.height * SHORT_BANNER_SHARE:
            texts = [short_text]
        first: pygame.Rect | None = None
        for content in texts:
            spots = sorted((box(content, bottom) for bottom in (False, True)),
                           key=lambda r: -abs(r.centery - spot.centery))
            first = first or spots[0]
            for rect in spots:
                if not rect.colliderect(spot) and table.contains(rect):
                    return content, rect, content is not long_text
        shortest = sorted((box(short_text, bottom) for bottom in (False, True)),
                          key=lambda r: -abs(r.centery - spot.centery))
        return short_text, shortest[0], True

    def explain_room(self) -> bool:
        """Whether the side panel under the die has room for the long explanation (it takes the log's place)."""
        return self.rects["log"].height >= 100

    def draw_hand(self, surface: pygame.Surface) -> None:
        m = self.match
        world = m.world
        if m.stage == Stage.HOLDING:
            grip = world.hand.grip_world()
            if grip is not None:
                centre = self.view.to_screen(grip)
                radius = max(7.0, ZONE_RADIUS * self.view.scale)
                colour = PALETTE.error if world.hand.touching else PALETTE.paper
                edge = PALETTE.error if world.hand.touching else PALETTE.ink
                halo = radius + 5 + 2 * self.flash()
                zone = pygame.Surface((int(halo * 2 + 8), int(halo * 2 + 8)), pygame.SRCALPHA)
                c = zone.get_width() / 2
                pygame.draw.circle(zone, (*edge, 70), (c, c), halo, 2)  # a soft pulse: the hand is here
                pygame.draw.circle(zone, (*colour, 130), (c, c), radius)
                pygame.draw.circle(zone, (*edge, 230), (c, c), radius, 2)
                surface.blit(zone, (centre[0] - c, centre[1] - c))
                pointer = self.view.to_screen(world.hand.pointer)
                pygame.draw.aaline(surface, PALETTE.ink_soft, centre, pointer)
        elif m.stage == Stage.IN_HAND and self.human_turn and self.on_table(self.pointer):
            pid = str(m.piece)
            spec = world.pieces[pid]
            outline = [tuple(p) for p in m.outline_at(pid, self.view.to_world(self.pointer), m.hand_angle)]
            ring = PALETTE.ok if self.preview_free else PALETTE.error
            self.view.draw_piece(surface, spec, outline, alpha=170)  # type: ignore[arg-type]
            pts = self.view.pts(outline)  # type: ignore[arg-type]
            pygame.draw.aalines(surface, ring, True, pts)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        m = self.match
        content, box, short = self.banner()
        colour = PALETTE.error if (m.stage == Stage.JUDGED and m.violations) else PALETTE.ink
        if short and colour == PALETTE.error and self.placed_callout() is not None:
            # the callout at the violation already says the short sentence; the side panel explains it at length
            for _, b in self.claim_buttons:
                b.draw(surface)
            return
        draw.panel(surface, box, PALETTE.paper, PALETTE.dune if colour == PALETTE.ink else PALETTE.error, 12,
                   alpha=235)
        draw.text_block(surface, content, box.inflate(-28, -18), size=SIZES.text_small + 1, color=colour)
        for _, b in self.claim_buttons:
            b.draw(surface)

    def draw_explanation(self, surface: pygame.Surface) -> None:
        """The long explanation of the broken rule in the side panel (while the banner is shortened)."""
        rect = self.rects["log"]
        draw.panel(surface, rect, PALETTE.paper, PALETTE.error, 14)
        draw.text(surface, t("cactus.explain.title"), (rect.x + 14, rect.y + 16), size=SIZES.text_small,
                  bold=True, color=PALETTE.error, anchor="midleft")
        inner = pygame.Rect(rect.x + 14, rect.y + 32, rect.width - 28, rect.height - 40)
        content = txt.stage_prompt(self.match)
        size = SIZES.text_small
        while size > SIZES.text_small - 4 and draw.text_height(content, inner.width, size=size) > inner.height:
            size -= 1
        draw.text_block(surface, content, inner, size=size, color=PALETTE.ink)

    def draw_die_panel(self, surface: pygame.Surface) -> None:
        m = self.match
        rect = self.rects["die_panel"]
        draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 14)
        face = m.rules.turn.roll
        colour = None
        form = None
        if face is not None and self.roll_anim <= 0:
            what, value = m.rules.wanted()
            if what == "colour" and value:
                colour = piece_colour(next(s for s in m.world.pieces.values() if s.colour == value))
            elif what == "form" and value:
                form = next(s for s in m.world.pieces.values() if s.form == value)
        shown = face
        wobble = 0.0
        if self.roll_anim > 0:
            faces = list(Face)
            shown = faces[int(self.roll_anim * 14) % len(faces)]
            wobble = self.roll_anim
        glow = self.flash() if (self.human_turn and m.stage == Stage.ROLL) else 0.0
        draw_die(surface, self.rects["die"], shown, wobble=wobble, glow=glow, colour=colour, form=form,
                 any_piece=m.rules.first_turn and shown is None)
        x = self.rects["die"].right + 16
        label = txt.die_label(face) if m.rules.turn_number > 1 or face else t("cactus.die.first")
        if self.roll_anim > 0:
            label = t("cactus.die.rolling")
        draw.text(surface, label, (x, rect.y + 22), size=SIZES.text, bold=True, color=PALETTE.ink, anchor="midleft")
        if m.stage == Stage.ROLL and self.human_turn:
            self.roll_button.draw(surface)
        else:
            sub = txt.target_text(m) if m.stage not in (Stage.ROLL, Stage.OVER) else ""
            draw.text_block(surface, sub, pygame.Rect(x, rect.y + 40, rect.right - x - 10, 60),
                            size=SIZES.text_small, color=PALETTE.ink_soft)

    def draw_scores(self, surface: pygame.Surface) -> None:
        m = self.match
        rules = m.rules
        rect = self.rects["score"]
        draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 14)
        draw.text(surface, t("cactus.scores"), (rect.x + 14, rect.y + 16), size=SIZES.text_small, bold=True,
                  color=PALETTE.ink_soft, anchor="midleft")
        for seat, row in enumerate(self.seat_rects):
            current = seat == rules.current and not m.is_over
            if current:
                draw.rounded_rect(surface, row, lerp(PALETTE.paper, PALETTE.sun, 0.22), 10, PALETTE.focus, 2)
            name = rules.names[seat]
            fnt = font(SIZES.text_small + 1, bold=True)
            while fnt.size(name)[0] > row.width - 90 and len(name) > 3:
                name = name[:-2] + "…"
            draw.text(surface, name, (row.x + 10, row.y + 15), size=SIZES.text_small + 1, bold=True,
                      color=PALETTE.ink, anchor="midleft")
            if m.bots[seat]:
                tag_x = row.x + 16 + fnt.size(name)[0]
                draw.text(surface, t("cactus.bot"), (tag_x, row.y + 15), size=SIZES.text_small - 2,
                          color=PALETTE.ink_faint, anchor="midleft")
            ones, threes = rules.bank.tokens(seat)
            x = row.x + 10
            y = row.y + 30
            size = 18
            for _k in range(threes):
                surface.blit(flower_icon(size, True), (x, y))
                x += size + 2
            for _k in range(ones):
                surface.blit(flower_icon(size, False), (x, y))
                x += size + 2
            draw.text(surface, str(rules.bank.value(seat)), (row.right - 12, row.centery), size=26, bold=True,
                      color=PALETTE.terracotta if current else PALETTE.ink, anchor="midright")
        supply = self.rects["supply"]
        surface.blit(flower_icon(18, False), (supply.x, supply.y + 4))
        draw.text(surface, t("cactus.bank.supply", tokens=rules.bank.supply), (supply.x + 24, supply.centery),
                  size=SIZES.text_small, color=PALETTE.ink_soft, anchor="midleft")
        draw.text(surface, t("cactus.bank.box", tokens=rules.bank.box), (supply.right, supply.centery),
                  size=SIZES.text_small, color=PALETTE.ink_faint, anchor="midright")

    def draw_log(self, surface: pygame.Surface) -> None:
        rect = self.rects["log"]
        if rect.height < 60:
            return
        if self.banner()[2]:
            self.draw_explanation(surface)
            return
        draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 14)
        draw.text(surface, t("cactus.log"), (rect.x + 14, rect.y + 16), size=SIZES.text_small, bold=True,
                  color=PALETTE.ink_soft, anchor="midleft")
        rules = self.match.rules
        inner = pygame.Rect(rect.x + 14, rect.y + 32, rect.width - 28, rect.height - 40)
        fnt = font(SIZES.text_small - 1)
        line_h = fnt.get_linesize()
        lines: list[tuple[str, Color]] = []
        for e in reversed(rules.log[-40:]):
            if e.kind == "take":
                continue
            colour = PALETTE.ok if e.kind == "award" else PALETTE.error if e.kind in (
                "hand_touch", "knocked", "awards_void") else PALETTE.ink_soft
            wrapped = draw.wrap_text(txt.describe(rules, e), fnt, inner.width)
            block = [(wrapped[0], colour)] + [("  " + w, colour) for w in wrapped[1:]]
            if (len(lines) + len(block)) * line_h > inner.height:
                break
            lines.extend(block)
        for i, (line, colour) in enumerate(lines):
            draw.text(surface, line, (inner.x, inner.y + i * line_h), size=SIZES.text_small - 1, color=colour)

    def draw_heap(self, surface: pygame.Surface) -> None:
        m = self.match
        rect = self.rects["heap"]
        draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 12)
        draw.text(surface, t("cactus.heap", count=len(m.rules.supply)), (rect.x + 12, rect.y + 16),
                  size=SIZES.text_small - 1, bold=True, color=PALETTE.ink_soft, anchor="midleft")
        allowed = set(m.allowed()) if (m.stage == Stage.CHOOSE) else set()
        choosing = m.stage == Stage.CHOOSE and self.human_turn
        for pid, cell in self.heap_cells.items():
            if pid not in m.rules.supply:
                pygame.draw.circle(surface, PALETTE.sand, cell.center, 2)
                continue
            hot = pid in allowed
            if hot and choosing:
                hover = cell.collidepoint(self.pointer)
                tint = lerp(PALETTE.paper, PALETTE.sun, 0.5 if hover else 0.25)
                draw.rounded_rect(surface, cell.inflate(-1, -1), tint, 6, PALETTE.focus, 2)
            draw_icon(surface, m.world.pieces[pid], cell.center, cell.width - 6, dim=bool(allowed) and not hot)

    def draw_row(self, surface: pygame.Surface) -> None:
        m = self.match
        rect = self.rects["row"]
        draw.panel(surface, rect, PALETTE.paper, PALETTE.sand_dark, 12)
        draw.text(surface, t("cactus.row", count=len(m.rules.row)), (rect.x + 12, rect.y + 16),
                  size=SIZES.text_small - 1, bold=True, color=PALETTE.ink_soft, anchor="midleft")
        wanted_special = m.stage == Stage.CHOOSE and m.rules.turn.roll == Face.SPECIAL
        row = m.rules.row
        hidden = len(row) - len(self.row_cells) + 1 if len(row) > len(self.row_cells) else 0
        for k, cell in enumerate(self.row_cells):
            draw.rounded_rect(surface, cell.inflate(-4, -4), PALETTE.sand_light, 8, PALETTE.sand, 1)
            if k >= len(row):
                continue
            if hidden and k == len(self.row_cells) - 1:
                draw.text(surface, t("cactus.row.more", count=hidden), cell.center, size=SIZES.text_small - 1,
                          bold=True, color=PALETTE.ink_soft, anchor="center")
                continue
            pid = row[k]
            if k == 0:
                colour = PALETTE.focus if wanted_special else PALETTE.dune
                draw.rounded_ring(surface, cell.inflate(-2, -2), colour, 8, 2)
            draw_icon(surface, m.world.pieces[pid], cell.center, cell.width - 12)
        if self.row_cells:
            label = t("cactus.row.next")
            draw.text(surface, label, (self.row_cells[0].x + 4, self.row_cells[0].bottom + 4),
                      size=SIZES.text_small - 3, color=PALETTE.ink_faint, anchor="topleft")
            y = self.row_cells[0].bottom + 26
            if rect.bottom - y >= 34:
                key = "cactus.out.long" if m.rules.options.long_game else "cactus.out"
                fit_text(surface, t(key, count=len(m.rules.out)), (rect.x + 12, y + 8), rect.width - 24,
                         size=SIZES.text_small - 1, bold=True, color=PALETTE.ink_soft)
                size = min(30, rect.bottom - y - 24)
                x = rect.x + 12 + size // 2
                for pid in m.rules.out[-((rect.width - 24) // (size + 4)):]:
                    draw_icon(surface, m.world.pieces[pid], (x, y + 22 + size / 2), size, dim=True)
                    x += size + 4

    def draw_actions(self, surface: pygame.Surface) -> None:
        m = self.match
        rect = self.rects["actions"]
        self.confirm_button.draw(surface)
        self.back_button.draw(surface)
        if self.compact:
            return  # the key hint is in the top bar; the prompt names the piece in the hand
        hint = t("cactus.hint.keys")
        draw.text_block(surface, hint, pygame.Rect(rect.x, self.back_button.rect.bottom + 10, rect.width, 60),
                        size=SIZES.text_small - 3, color=PALETTE.ink_faint)
        if m.stage == Stage.IN_HAND and self.human_turn:
            pid = str(m.piece)
            name = txt.piece_name(m.rules, pid)
            fit_text(surface, name, (rect.centerx, rect.bottom - 4), rect.width, size=SIZES.text_small - 2,
                     color=PALETTE.ink_soft, anchor="midbottom")

    def draw_animations(self, surface: pygame.Surface) -> None:
        for f in self.floats:
            k = f.age / f.life
            alpha = round(255 * (1.0 if k < 0.6 else max(0.0, (1 - k) / 0.4)))
            x, y = self.view.to_screen(f.world) if f.world is not None else f.pos
            pos = (x, y - 30 - 50 * k)
            fnt = font(SIZES.text_small + 1, bold=True)
            w = fnt.size(f.text)[0] + 20
            box = pygame.Rect(0, 0, w, 28)
            box.center = (round(pos[0]), round(pos[1]))
            box.clamp_ip(surface.get_rect().inflate(-8, -8))
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            draw.rounded_rect(layer, layer.get_rect(), PALETTE.paper, 12, f.colour, 2)
            draw.text(layer, f.text, layer.get_rect().center, size=SIZES.text_small + 1, bold=True, color=f.colour,
                      anchor="center")
            layer.set_alpha(alpha)
            surface.blit(layer, box)
        for fl in self.flyers:
            k = (fl.age - fl.delay) / fl.life
            if k < 0:
                continue
            k = min(1.0, k)
            ease = 1 - (1 - k) ** 3
            x = fl.start[0] + (fl.end[0] - fl.start[0]) * ease
            y = fl.start[1] + (fl.end[1] - fl.start[1]) * ease - math.sin(math.pi * k) * 80
            icon = flower_icon(24, fl.three)
            surface.blit(icon, icon.get_rect(center=(round(x), round(y))))

    # ------------------------------------------------------------------ testing helpers
    def screen_of(self, point: tuple[float, float]) -> tuple[int, int]:
        """The screen pixel of a world point (for tests that drive the mouse)."""
        x, y = self.view.to_screen(point)
        return round(x), round(y)

    def state(self) -> dict[str, Any]:
        return {"stage": self.match.stage.value, "turn": self.match.rules.turn_number}


__all__ = ["PlayScene", "autosave_path"]
