"""What every Cactus table on screen shares, local or remote: the table, the hand, the die, the supply heap, the
specials row, scores and log, and the player's input on them.

Input becomes match actions (the match and the rules decide); every animation runs on ``dt``; ``update`` computes
what the frame shows (the camera, the banner, the callout) and ``draw`` only draws it. Mouse: the left button grabs
(the piece from the hand into free space, or your placed piece again), dragging moves it, letting go drops it;
the wheel or Q/E turns it. Keys: Space rolls, Enter confirms, Backspace takes the piece back into the hand, H asks
for a hint and T turns the piece to the hint's angle.

:class:`MatchScene` is not a screen of its own: a scene derives from it and says who moves the match between
inputs (``fixed_update``: the local table steps the world and lets its bots act, a remote one plays what the
server relays) and where a finished game goes (``finish``). Its helpers: :mod:`~game.cactus.screens.panels`
(layout and the panels around the table), :mod:`~game.cactus.screens.callouts` (banner, speech bubble, violation
marks), :mod:`~game.cactus.screens.effects` (floating texts, flying flowers, the die's roll),
:mod:`~game.cactus.screens.camera` (what the camera shows).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.app import INPUT_EVENTS, BaseScene
from game.cactus.bots.kinds import SeatBots
from game.cactus.match import Match, MatchError, Stage
from game.cactus.rules import Event
from game.cactus.screens import callouts, layers, panels, placing, sounds
from game.cactus.screens.camera import CameraDirector
from game.cactus.screens.effects import ROLL_TIME, Effects, FloatText, Spot
from game.cactus.screens.hint_view import HintControl
from game.cactus.screens.layers import Layer
from game.cactus.screens.panels import PlayButtons, PlayLayout
from game.cactus.screens.thinking import think_and_show
from game.cactus.screens.view import (
    HandCue,
    PieceShapes,
    TableView,
    draw_hand_zone,
    draw_note,
    draw_preview,
    hand_cue,
    note_size,
)
from game.i18n import get_language, t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, shade
from game.ui.widgets import Button, MessageLine, Tooltip, first_taker, message_layer
from physics.geometry import Point

ROTATE_STEP = math.radians(12)
END_DELAY = 1.6
#: The glows (the die waiting for its roll, the target cactus, broken rules) pulse this many seconds after the
#: last input or change of the turn, then fade to a steady light in ``PULSE_FADE`` s: a waiting table is still
#: (the window then waits for input instead of drawing), and the pulse comes back with the next touch.
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


class MatchScene(BaseScene):
    """One match on screen and the input of the seat that plays it. ``fast``: bots act at once and settle
    instantly, the end screen comes without a pause.

    A scene deriving from it defines ``fixed_update`` (who moves the match; it hands what happened to
    :meth:`take_events`) and :meth:`finish`; it may extend :meth:`after_turn` (a turn confirmed here) and
    :attr:`human_turn` (whether this screen's player acts now)."""

    def __init__(self, match: Match, *, fast: bool = False) -> None:
        self.match = match
        self.fast = fast
        # each seat's kind; a bot's hand steps the world as in its trials (the scene paces it). Every table shows a
        # bot thinking (``update``), searching across frames unless fast
        self.bot = SeatBots.of(match, incremental=not fast)
        self.view = TableView((match.world.bounds[2], match.world.bounds[3]))
        self.director = CameraDirector(self.view, match)
        self.camera = self.director.camera
        self.message = MessageLine()
        self.tooltip = Tooltip()  # what the die's faces, the flower tokens and the supply mean (on hover)
        self.time = 0.0
        self.roll_anim = 0.0
        self.end_wait = 0.0
        self.pulse_age = 0.0  # seconds since the last input or change of the turn (see PULSE_SECONDS)
        self.woken = False  # an event came to a resting world this frame (see the subclasses' fixed_update)
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
        self.laid: list[placing.Laid] = []  # what explains or acts this frame (see ``overlays``)
        self.message_rect: pygame.Rect | None = None  # where the message line's pill stands this frame
        self.badge_shown = True  # the zoom badge is drawn (it steps aside for a message with no other place)
        self.hand_note: tuple[str, pygame.Rect] | None = None  # the line explaining the hand's cue, and where
        self.hand: HandCue | None = None  # the held piece's cue this frame (worked out as the frame is laid out)
        self.refused: str | None = None  # why the last press on the table took nothing (a cactus.refuse.* suffix)
        self.presses = 0  # presses on the table so far (a guide tells a new refusal from an old one)
        self.roll_button = Button(lambda: t("cactus.button.roll"), self._roll, style="primary")
        self.confirm_button = Button(lambda: t("cactus.button.confirm"), self._confirm, style="green")
        self.back_button = Button(lambda: t("cactus.button.take_back"), self._take_back, style="secondary")
        self.leave_button = Button(lambda: t("cactus.button.leave"), self.leave, style="ghost",
                                   text_size=SIZES.text_small)
        self.controls = PlayButtons(self.roll_button, self.confirm_button, self.back_button, self.leave_button)
        self.hints = HintControl(match.rules.players, lambda: self.hints.ask(self.match, self.human_turn, self.message))
        self.buttons = [*self.controls.all(), self.hints.button]  # H / the hint button: a ghost placement
        self.finished = False
        match.drain_events()

    # ------------------------------------------------------------------ layout
    @property
    def rects(self) -> dict[str, pygame.Rect]:
        return self.lay.rects

    @property
    def heap_cells(self) -> dict[str, pygame.Rect]:
        return self.lay.heap_cells

    @property
    def row_cells(self) -> list[pygame.Rect]:
        return self.lay.row_cells

    @property
    def floats(self) -> list[FloatText]:
        return self.effects.floats

    def layout(self, size: tuple[int, int]) -> None:
        self.lay = panels.lay_out(size, self.view, self.match.rules.players, self.controls)
        self.layers.clear()
        self._compose()

    def _compose(self) -> None:
        """What the frame shows over the table: the banner, the callout, the message line and the floating texts
        (drawn as computed here, each off what it explains: :mod:`~game.cactus.screens.placing`), and the list of
        it all (``overlays``)."""
        if "prompt" not in self.rects:
            return
        self.shown_banner = self.banner()
        self.badge_shown = True
        laid = self._fixed_overlays()
        self._place_cues(laid)
        self.shown_callout = self._callout([item.rect for item in laid])
        if self.shown_callout is not None:
            laid.append(placing.Laid("bubble", self.shown_callout.rect,
                                     tuple(callouts.subjects(self.match, self.view))))
        ghost = self.hints.ghost_box(self.view)
        hint = [*([] if ghost is None else [ghost]), *self.hints.way_boxes(self.view)]  # the ghost and its way
        self.message_rect = self._place_message(laid, hint)
        if self.message_rect is not None:
            laid.append(placing.Laid("message", self.message_rect, tuple(hint)))
        if self.effects.floats:
            self._place_floats(laid)
        self.laid = laid

    def _place_cues(self, laid: list[placing.Laid]) -> None:
        """The hint's turn cue and the short line explaining the hand's cue (blocked, or the ring a few mm from a
        cactus or a piece), each beside what it explains and off what was laid out before it."""
        m, view = self.match, self.view
        area = self.rects["table"].inflate(-8, -8)
        pointer = view.to_world(self.pointer) if self.on_table(self.pointer) else None
        cue = self.hints.place_cue(view, m, pointer if self.human_turn else None, [i.rect for i in laid], area)
        if cue is not None:
            laid.append(cue)
        self.hand_note = None
        self.hand = hand = hand_cue(m.world) if m.stage == Stage.HOLDING else None  # drawn as worked out here
        if hand is None or hand.note is None or not self.human_turn:
            return
        text = t(hand.note)
        x, y = view.to_screen(hand.grip)
        subjects = [pygame.Rect(round(x) - 16, round(y) - 16, 32, 32)]  # the ring, the piece, where it would be
        held = placing.piece_box(view, m.world, str(m.held))
        subjects += [] if held is None else [held]
        subjects += [placing.box_of(view.pts(hand.free_outline))] if hand.free_outline else []
        group = subjects[0].unionall(subjects[1:])
        tries = [*placing.around(group, 10), *(("midbottom", (group.centerx, group.top - 10 - 36 * k))
                                               for k in range(1, 4))]
        placed = placing.first_free(note_size(text), tries, [*subjects, *(i.rect for i in laid)],
                                    placing.scenery(view, m.world), area)
        if placed is not None:
            self.hand_note = (text, placed.rect)
            laid.append(placing.Laid("hand", placed.rect, tuple(subjects)))

    def _place_message(self, laid: list[placing.Laid], about: list[pygame.Rect]) -> pygame.Rect | None:
        """The message line's pill: at the bottom of the table if that leaves the cacti, their pots and numbers and
        the pieces visible, else at the top, else in a corner or the middle; off the prompt, the buttons, the callout
        and the hint's ghost it may be talking about (where none is free: over as little of them as can be)."""
        if not self.message.visible:
            return None
        table = self.rects["table"]
        size = message_layer(self.message.text, MessageLine.COLORS.get(self.message.kind, PALETTE.ink)).get_size()
        area = table.inflate(-16, -16)
        if size[0] > area.width:  # a long message in a narrow window: it reaches past the table's sides
            area = area.inflate(size[0] - area.width, 0).clamp(self.app.surface.get_rect())
        tries: list[tuple[str, Point]] = [
            ("midbottom", area.midbottom), ("midtop", area.midtop), ("topleft", area.topleft),
            ("topright", area.topright), ("bottomleft", area.bottomleft), ("bottomright", area.bottomright),
            ("midtop", (area.centerx, area.top + 48)), ("center", area.center)]
        keep = [*about, *(item.rect for item in laid)]
        arc = self.hints.arc_box()  # the hint's turn cue: left visible where a place allows
        rather = [*([] if arc is None else [arc]), *placing.scenery(self.view, self.match.world)]
        placed = placing.first_free(size, tries, keep, rather, area)
        badge = next((item for item in laid if item.kind == "badge"), None)
        if placed is None and badge is not None:  # the zoom badge steps aside (for this frame) before what it says
            placed = placing.first_free(size, tries, [r for r in keep if r is not badge.rect], rather, area)
            if placed is not None and placed.rect.colliderect(badge.rect):
                laid.remove(badge)
                self.badge_shown = False
        return (placed or placing.least_covering(size, tries, keep, area)).rect

    def _place_floats(self, laid: list[placing.Laid]) -> None:
        """Each floating text rises from above the pieces it is about (else beside or under them), off them and off
        everything laid out before it; one with no free place waits unshown."""
        view, world = self.view, self.match.world
        scenery = placing.scenery(view, world)
        area = self.rects["table"].inflate(-8, -8)
        for f in self.effects.floats:
            boxes = [box for pid in f.pieces if (box := placing.piece_box(view, world, pid)) is not None]
            if boxes:
                group = boxes[0].unionall(boxes[1:])
            else:
                x, y = view.to_screen(f.world) if f.world is not None else f.pos
                group = pygame.Rect(round(x) - 12, round(y) - 12, 24, 24)
            tries = placing.around(group, 8)
            tries[0] = ("midbottom", (group.centerx, group.top - 8 - f.rise))
            placed = placing.first_free(f.size, tries, [*boxes, *(item.rect for item in laid)], scenery, area)
            f.rect = None if placed is None else placed.rect
            if f.rect is not None:
                laid.append(placing.Laid("float", f.rect, tuple(boxes)))

    def _fixed_overlays(self) -> list[placing.Laid]:
        """The prompt, the buttons shown, the tooltip and the zoom badge: what every callout leaves visible."""
        laid = [placing.Laid("prompt", self.shown_banner.rect)]
        hidden = [b for b, drawn in ((self.roll_button, self.roll_shown), (self.hints.button, self.hints.shown))
                  if not drawn]
        laid.extend(placing.Laid("button", b.rect) for b in [*self.buttons, *(b for _kind, b in self.claim_buttons)]
                    if not any(b is h for h in hidden))
        tip = self.tooltip.box(self.app.surface.get_rect())
        if tip is not None:
            about = self.tooltip.subject
            laid.append(placing.Laid("tooltip", tip, () if about is None else (about,)))
        badge = panels.zoom_badge(self.view, self.rects["table"])
        if badge is not None:
            laid.append(placing.Laid("badge", badge))
        return laid

    @property
    def roll_shown(self) -> bool:
        """The roll button is drawn (this screen's player rolls now)."""
        return self.human_turn and self.match.stage == Stage.ROLL

    @property
    def overlays(self) -> tuple[placing.Laid, ...]:
        """What explains or acts on screen this frame, laid out in ``update``: the prompt, the buttons, the
        tooltip, the zoom badge, the speech bubble, the message line and the floating texts, each with the boxes
        of what it talks about."""
        return tuple(self.laid)

    # ------------------------------------------------------------------ what the table shows
    def banner(self) -> callouts.Banner:
        """The banner: (text, rect, shortened, size); see :func:`game.cactus.screens.callouts.banner`."""
        return callouts.banner(self.match, {**self.rects, "log": self.log_area()})

    def violation_spot(self) -> pygame.Rect | None:
        return callouts.violation_spot(self.match, self.view, self.rects["table"])

    def placed_callout(self) -> callouts.Callout | None:
        """The callout at the placed piece: (text, colour, rect, side, tip), or None (as this frame shows it)."""
        return self.shown_callout

    def _callout(self, keep: list[pygame.Rect]) -> callouts.Callout | None:
        return callouts.placed_callout(self.match, self.view, self.rects["table"], keep)

    def explain_room(self) -> bool:
        return callouts.explain_room(self.log_area())

    # ------------------------------------------------------------------ actions
    @property
    def human_turn(self) -> bool:
        """This screen's player acts now (here: the seat on turn is no bot)."""
        return not self.match.is_over and not self.match.is_bot_turn

    def _roll(self) -> None:
        if not self.human_turn or self.match.stage != Stage.ROLL:
            return
        self.match.roll()
        self.roll_anim = ROLL_TIME

    def _confirm(self) -> None:
        if not self.human_turn or self.match.stage != Stage.JUDGED:
            return
        claims = sorted(self.claims) if self.match.rules.options.strict_claim else None
        try:
            self.match.confirm(claims=claims)
        except MatchError:
            self.message.show(t("cactus.refuse.violations"), "error")
            return
        self.after_turn()

    def _take_back(self) -> None:
        if not self.human_turn or self.match.stage not in (Stage.JUDGED, Stage.SETTLING):
            return
        self.match.take_back()

    def leave(self) -> None:
        """Back to the screen below (what a local game keeps is saved as its scene goes: ``on_exit``)."""
        self.app.pop()

    def after_turn(self) -> None:
        """A turn was confirmed on this screen: its claims are done."""
        self.claims = set()
        self.claim_buttons = []

    def finish(self) -> None:
        """The game is over and its last effects are shown: where the screen goes now (the subclass says)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in INPUT_EVENTS:
            self.pulse_age = 0.0  # a touch brings the pulse back
        self.woken = self.woken or self.match.resting
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            here = panels.help_at(self.lay, self.match.rules, event.pos)
            self.tooltip.hover(None if here is None else here.text, event.pos, None if here is None else here.subject)
        if first_taker([*self.buttons, *(b for _kind, b in self.claim_buttons)], event):
            return
        if self.director.handle_event(event, self.rects["table"], self.pointer):
            return
        m = self.match
        if not self.human_turn:
            if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.on_table(event.pos)
                    and not m.is_over):  # a press answers even while another seat plays
                self.message.show(t("cactus.refuse.wait", player=self.seat_names()[m.current]), "warn")
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE, pygame.K_r):
                self._roll()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._confirm()
            elif event.key == pygame.K_BACKSPACE:
                self._take_back()
            elif event.key == pygame.K_h:
                self.hints.ask(m, self.human_turn, self.message)
            elif event.key == pygame.K_t:
                self.hints.turn_to_hint(m, self.human_turn, self.message)
            elif event.key == pygame.K_q:
                m.rotate(ROTATE_STEP)
            elif event.key == pygame.K_e:
                m.rotate(-ROTATE_STEP)
            return
        if event.type == pygame.MOUSEWHEEL:
            m.rotate(ROTATE_STEP * (1 if event.y > 0 else -1))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION and m.stage == Stage.HOLDING:
            m.move_hand(self._clamp_world(event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and m.stage == Stage.HOLDING:
            m.move_hand(self._clamp_world(event.pos))
            m.release()

    def on_table(self, pos: tuple[int, int]) -> bool:
        """Whether a screen point shows the table (picking uses the camera's transform, as drawing does)."""
        return self.view.visible.collidepoint(pos)

    def _clamp_world(self, pos: tuple[int, int]) -> Point:
        x, y = self.view.to_world(pos)
        left, bottom, right, top = self.match.world.bounds
        return min(max(x, left), right), min(max(y, bottom), top)

    def _press(self, pos: tuple[int, int]) -> None:
        m = self.match
        if self.rects["die"].collidepoint(pos):
            self._roll()
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
        reason: str | None = None  # every press on the table answers: it takes the piece, or says why not
        if m.stage == Stage.IN_HAND:
            try:
                m.grab_new(point)
            except MatchError as exc:
                reason = exc.reason
        elif m.stage in (Stage.JUDGED, Stage.SETTLING):
            try:
                m.grab(point)
            except MatchError as exc:
                reason = exc.reason
        elif m.stage == Stage.ROLL:
            reason = "roll_first"
        elif m.stage == Stage.CHOOSE:
            reason = "choose_first"
        self.presses += 1
        if self.refused is not None and reason is None:  # the press took it: the word why not is no longer true
            self.message.withdraw(t(f"cactus.refuse.{self.refused}"))
        self.refused = reason
        if reason is not None:
            self.message.show(t(f"cactus.refuse.{reason}"), "warn")

    def choose(self, pid: str) -> None:
        """Take piece ``pid`` after the roll (a refusal is said on the message line)."""
        if pid not in self.match.allowed():
            self.message.show(t("cactus.refuse.not_allowed"), "warn")
            return
        self.match.take(pid)

    # ------------------------------------------------------------------ time
    def take_events(self, events: list[Event]) -> None:
        """Show what the rules said happened: sounds, floating texts, flying flowers, notices."""
        sounds.event_sounds(events)
        for e in events:
            notice = self.effects.event(e, self.match.rules, self._event_spot(e), self._seat_anchor,
                                        self.rects["supply"].center, self.rects["table"].center, self.seat_names())
            if notice is not None:
                self.message.show(notice.text, notice.level, notice.seconds)

    def _seat_anchor(self, seat: int | None) -> Point:
        seat_rects = self.lay.seat_rects
        if seat is None or not 0 <= seat < len(seat_rects):
            return self.rects["supply"].center
        r = seat_rects[seat]
        return r.right - 40, r.centery

    def _subject_pieces(self, e: Event) -> tuple[str, ...]:
        """The pieces a rule event is about: its own, or for an award the piece just placed that earned it."""
        last = self.match.rules.last_placed
        return e.pieces if e.pieces or e.kind != "award" or last is None else (last,)

    def _piece_world(self, e: Event) -> Point | None:
        """Where on the table a rule event happened (world mm), if anywhere."""
        world = self.match.world
        for pid in self._subject_pieces(e):
            if world.has_piece(pid):
                x, y, _ = world.pose(pid)
                return x, y
            if pid in self.last_poses:
                return self.last_poses[pid]
        return world.hand.grip_world()

    def _event_spot(self, e: Event) -> Spot:
        at = self._piece_world(e)
        return Spot(self.view.to_screen(at) if at is not None else self.rects["table"].center, at,
                    self._subject_pieces(e))

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
        self.tooltip.update(dt)
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
        self._update_claims()
        self._compose()
        if m.is_over:
            self.end_wait += dt
            if self.end_wait >= (0.0 if self.fast else END_DELAY) and not self._floats_busy():
                self.finish()

    def _floats_busy(self) -> bool:
        return not self.fast and self.effects.flying

    def _update_claims(self) -> None:
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
            button = Button(label, lambda k=kind: self._toggle_claim(k), style="secondary",  # type: ignore[misc]
                            text_size=SIZES.text_small)
            button.rect = pygame.Rect(x, prompt.bottom + 8, width, 34)
            x += width + 8
            self.claim_buttons.append((kind, button))

    def _toggle_claim(self, kind: str) -> None:
        self.claims ^= {kind}

    # ------------------------------------------------------------------ drawing
    def pulse(self) -> float:
        """How strongly the glows pulse now: 1 for ``PULSE_SECONDS`` after the last input or change, then down
        to 0 (a steady light) over ``PULSE_FADE`` s."""
        late = self.pulse_age - PULSE_SECONDS
        return 1.0 if late <= 0 else max(0.0, 1.0 - late / PULSE_FADE)

    def _flash(self) -> float:
        return 0.5 + 0.5 * math.sin(self.time * 9.0) * self.pulse()

    def still(self) -> bool:
        """Nothing moves until the next input: no drag, the world at rest and not settling, no roll, float text,
        flyer, camera glide, message, tooltip about to open, button flash, bot pause or pulse running."""
        m = self.match
        return (self.dialog is None and not m.is_bot_turn and not m.is_over and m.resting
                and self.roll_anim <= 0 and not self.effects.floats and not self.effects.flyers
                and not self.camera.moving and not self.message.visible and self.pulse() <= 0
                and self.tooltip.still() and all(b.flash <= 0 for b in self.buttons))

    def _die_moving(self) -> bool:
        """The die tumbles or its glow pulses: it is drawn every frame, not with the panels' picture."""
        return self.roll_anim > 0 or (self.human_turn and self.match.stage == Stage.ROLL and self.pulse() > 0)

    def _chrome_key(self, die_moving: bool) -> tuple[object, ...]:
        """Everything the panels around the table show (see :meth:`_paint_chrome`): their picture is painted
        again only when this changes."""
        m = self.match
        r = m.rules
        human = self.human_turn
        hover = None
        if m.stage == Stage.CHOOSE and human:
            hover = next((pid for pid, cell in self.heap_cells.items() if cell.collidepoint(self.pointer)), None)
        buttons = tuple((b.enabled, b.hovered, b.pressed, b.flash > 0, b.focused, b.style, tuple(b.rect))
                        for b in self.buttons)
        die = None if die_moving else (self._flash() if human and m.stage == Stage.ROLL else 0.0)
        return (get_language(), id(self.lay), m.stage, r.turn_number, r.current, human, r.turn.roll, m.piece,
                len(r.log), tuple(r.supply), tuple(r.row), tuple(r.out), r.bank.supply, r.bank.box,
                tuple(r.bank.tokens(p) for p in range(r.players)), tuple(m.bots), tuple(self.seat_names()),
                self.seat_marks(), tuple(str(v) for v in m.violations), self.shown_banner.short,
                self.shown_banner.text if self.shown_banner.short else "", buttons, hover, die, tuple(self.log_area()),
                self.aside_key())

    @staticmethod
    def _paint_backdrop(surface: pygame.Surface) -> None:
        draw.backdrop(surface, PALETTE.sand_light, PALETTE.sand)

    def _paint_chrome(self, die_moving: bool) -> Callable[[pygame.Surface], None]:
        """The painter of everything around the table: the backdrop, the top bar, the die (while it rests), the
        scores, the log (or the explanation of a broken rule), the heap, the specials row and the actions."""
        m = self.match
        lay = self.lay
        human = self.human_turn
        names = self.seat_names()

        def paint(surface: pygame.Surface) -> None:
            self._paint_backdrop(surface)
            panels.draw_top(surface, m.rules, lay, self.leave_button, self.controls.rules, names)
            if not die_moving:
                panels.draw_die_panel(surface, m, lay, self.roll_button, self.roll_anim, human, self._flash())
            panels.draw_scores(surface, m, lay, names, self.seat_marks())
            log = self.log_area()
            if log.height >= 60:
                if self.shown_banner.short:
                    callouts.draw_explanation(surface, m, log)
                else:
                    panels.draw_log(surface, m.rules, log, names)
            panels.draw_heap(surface, m, lay, self.pointer, human)
            panels.draw_row(surface, m, lay)
            panels.draw_actions(surface, m, lay, self.controls, human)
            self.paint_aside(surface)

        return paint

    def log_area(self) -> pygame.Rect:
        """Where the turn log (or the long explanation of a broken rule) stands: the side panel under the flowers
        (a local table with a guide: what its card leaves of it)."""
        return self.rects["log"]

    def aside_key(self) -> tuple[object, ...]:
        """What :meth:`paint_aside` shows: the panels are painted again when it changes."""
        return ()

    def paint_aside(self, surface: pygame.Surface) -> None:
        """What a table shows beside the game, with the panels (a local table: nothing; a remote one: who is at
        it)."""

    def seat_names(self) -> list[str]:
        """The seats' names as the panels show them: the match's (a remote table may know better ones)."""
        return list(self.match.rules.names)

    def seat_marks(self) -> tuple[str, ...] | None:
        """The word beside each seat's name in the flowers panel; None: "(bot)" for the match's bots (a remote
        table says what presence says instead)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The panels' picture (painted again only when what they show changed, see :meth:`_chrome_key`), then
        the table, the banner, the die while it moves, the effects and the message. The panels, the table
        and the banner never overlap, so this is the picture drawing all of it in the old order gave."""
        m = self.match
        moving = self._die_moving()
        chrome = self.layers.chrome.get(surface, self._chrome_key(moving), self._paint_chrome(moving))
        for part in layers.around(surface.get_rect(), self.rects["table"]):  # the table covers the rest
            surface.blit(chrome, part, part)
        self._draw_table(surface)
        callouts.draw_banner(surface, m, self.shown_banner, (b for _, b in self.claim_buttons))
        if moving:
            panels.draw_die_panel(surface, m, self.lay, self.roll_button, self.roll_anim, self.human_turn,
                                  self._flash())
        self.draw_beside(surface)
        self.effects.draw(surface)
        if self.message_rect is not None:
            self.message.draw(surface, self.message_rect.midbottom)
        self.tooltip.draw(surface)  # last: a hint stands over everything, a guide's card too

    def draw_beside(self, surface: pygame.Surface) -> None:
        """What a table draws over its panels, under the effects, the message and the tooltip (a local table with a
        guide: its card)."""

    def _draw_table(self, surface: pygame.Surface) -> None:
        m = self.match
        view = self.view
        area = self.rects["table"]
        clip = surface.get_clip()
        surface.set_clip(area)
        target = m.rules.target_cactus() if m.stage not in (Stage.OVER,) else None
        view.draw_scenery(surface, area, m.world, target, self.layers.table, beneath=self._paint_backdrop)
        if target is not None:
            view.draw_cacti(surface, m.world, target, self.time, pulse=self.pulse(), only=(target,))
        callouts.draw_marks_under(surface, m, view, self._flash())
        view.draw_pieces(surface, m, self.layers.shapes)
        callouts.draw_marks_over(surface, m, view, self._flash(), self.shown_callout)
        self.hints.draw_ghost(surface, view, m, self.time)
        if m.stage == Stage.HOLDING:
            draw_hand_zone(surface, view, m.world, self.hand, self._flash())
            if self.hand_note is not None:
                draw_note(surface, self.hand_note[1], self.hand_note[0], PALETTE.terracotta_dark)
        elif m.stage == Stage.IN_HAND and self.human_turn and self.on_table(self.pointer):
            pid = str(m.piece)
            outline = [(float(p[0]), float(p[1])) for p in m.outline_at(pid, view.to_world(self.pointer),
                                                                        m.hand_angle)]
            draw_preview(surface, view, m.world.pieces[pid], outline, self.preview_free)
        if self.badge_shown:
            panels.draw_zoom_badge(surface, view, area)
        self.hints.draw_button(surface)
        surface.set_clip(clip)
        pygame.draw.rect(surface, shade(PALETTE.sand_dark, -0.1), area, 2, border_radius=6)

    def screen_of(self, point: Point) -> tuple[int, int]:
        """The screen pixel of a world point (for scripts and tests that drive the mouse)."""
        x, y = self.view.to_screen(point)
        return round(x), round(y)


__all__ = ["END_DELAY", "PULSE_FADE", "PULSE_SECONDS", "ROTATE_STEP", "MatchScene", "PlayLayers"]
