"""One game of Cactus over the physics world: the turn as a state machine (C-T1..C-T3, C-X1..C-X5).

The pure rules (:mod:`game.cactus.rules`) decide; the world (:mod:`physics`) reports facts; a
:class:`Match` joins them for one turn after another::

    ROLL --roll()--> CHOOSE --take(id)--> IN_HAND --grab_new(point)--> HOLDING --release()--> SETTLING
      ^                 (one fitting piece: taken at once)          ^                           |
      |                                                             +----- grab(point) -------- JUDGED
      +------------------------------- confirm() (no violation) --------------------------------+

* ``IN_HAND``: the piece was taken (out of the supply or off the row) and is not in the world yet; the
  player puts it into free space with :meth:`grab_new` (it appears there, held) or a bot drops it with
  :meth:`drop`. A piece that fell (C-R5) or was taken back (:meth:`take_back`) is in the hand again.
* ``HOLDING``: the hand drags it (C-X1): :meth:`move_hand`, :meth:`rotate`, :meth:`release`.
* ``SETTLING``: let go; the world steps until everything rests or ``settle_cap`` seconds pass (C-X4).
* ``JUDGED``: :attr:`violations` lists what must be done (C-R2..C-R5, C-X5); only the placed piece may
  be grabbed again (:meth:`grab`). With no violation, :meth:`confirm` ends the turn: awards (C-P*,
  C-T3), the end checks (C-E1, C-E3) and the next seat.

A turn is a function of its start and its input: every turn starts from its snapshot. When a turn ends
(:meth:`confirm`; the first turn as the match is made) the match is rebuilt in place from its own dict
(:meth:`rebuild`), so the live match, ``Match.from_dict`` of that dict (a bot's trial, a hint), a replay and a
remote client all run one future under the same calls. A placement that starts again within the turn (the piece
taken back, or fallen back into the hand) starts from its snapshot too. (A stepped physics space is not an exact
continuation of its copy; two builds of one dict are exact copies of each other.)

The world steps only in :meth:`step` (from the scene's ``fixed_update``), so everything is driven by
``dt`` and headless runs are deterministic; while the match is :attr:`resting` (nothing held or settling,
every piece asleep) it is not stepped at all, so idle time never changes the world. After every step the
match charges hand touches at once (C-R1) and records pieces that vanished from the world as fallen (C-X3,
C-R5, C-R6), also between turns.

Saves: :meth:`to_dict` holds the rules (``CactusGame.to_dict``), the world (``World.to_dict``) and the
stage; a piece held at save time is saved as let go (it resumes in ``SETTLING``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any

import numpy as np

from game.cactus.rules import (
    CactusGame,
    Event,
    Face,
    IllegalMove,
    Options,
    Phase,
    Piece,
    Violation,
)
from game.cactus.rules.save_checks import need_bool, need_int, need_list, need_map, need_number, need_str
from physics import CLEARANCE, Facts, PieceSpec, World
from physics.impacts import Impact
from physics.scenes import drop_position, hang_points

SAVE_FORMAT = "cactus-match/1"
#: The kinds of bot a seat may be played by (:mod:`game.cactus.bots.kinds` makes them).
BOT_KINDS = ("simple", "planner", "planner-easy", "planner-hard")
#: Simulated seconds after letting go before the placement is judged even if something still moves.
SETTLE_CAP = 6.0
#: Simulated seconds the hand's ring rests on a cactus or a piece before the touch costs a flower (C-R1): the ring
#: shows the touch first, and a hand pulled away (or a piece let go) within this moment pays nothing.
TOUCH_GRACE = 0.3


class Stage(StrEnum):
    ROLL = "roll"
    CHOOSE = "choose"
    IN_HAND = "in_hand"
    HOLDING = "holding"
    SETTLING = "settling"
    JUDGED = "judged"
    OVER = "over"


class MatchError(ValueError):
    """An action the match cannot take now (the message says why, for the player)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason  # an i18n key suffix: cactus.refuse.<reason>

    def __reduce__(self) -> tuple[type[MatchError], tuple[str, str]]:
        return MatchError, (self.reason, str(self))  # picklable: it may cross a process boundary (simulate)


class Match:
    """Rules + world for one game. Build with :meth:`new` or :meth:`from_dict`."""

    def __init__(self, rules: CactusGame, world: World, *, bots: Sequence[bool] | None = None,
                 bot_kinds: Sequence[str] | None = None) -> None:
        self.rules = rules
        self.world = world
        self.bots: list[bool] = list(bots) if bots is not None else [False] * rules.players
        if len(self.bots) != rules.players:
            raise ValueError(f"need one bot flag per seat ({rules.players}), got {len(self.bots)}")
        #: The kind of bot of each seat (used where ``bots`` says the seat is a bot), one of BOT_KINDS.
        self.bot_kinds: list[str] = list(bot_kinds) if bot_kinds is not None else ["simple"] * rules.players
        if len(self.bot_kinds) != rules.players or any(k not in BOT_KINDS for k in self.bot_kinds):
            raise ValueError(f"need one bot kind per seat ({rules.players}) out of {', '.join(BOT_KINDS)}, "
                             f"got {self.bot_kinds!r:.80}")
        self.stage = Stage.ROLL
        self.violations: list[Violation] = []
        self.settle_time = 0.0
        self.settle_cap = SETTLE_CAP
        self.hand_angle = 0.0  # the angle of a piece in the hand (not yet in the world)
        self.drops = 0  # times the piece was let go this turn
        self._expected: set[str] = set(world.pieces_in_world())
        self._touches_seen = world.hand.touch_count
        self._log_seen = len(rules.log)
        self._impacts_before: list[Impact] = []  # impacts of a world replaced by :meth:`rebuild`, not yet drained
        self._sync_stage()

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        players: int = 2,
        *,
        names: Sequence[str] | None = None,
        seed: int = 0,
        options: Options | None = None,
        bots: Sequence[bool] | None = None,
        start_player: int | None = None,
        world: World | None = None,
        bot_kinds: Sequence[str] | None = None,
    ) -> Match:
        w = world if world is not None else World.standard(seed=seed)
        rules = CactusGame.new(players, names=names, seed=seed, options=options,
                               pieces=list(w.pieces.values()), start_player=start_player)
        match = cls(rules, w, bots=bots, bot_kinds=bot_kinds)
        match.rebuild()  # the first turn starts from its snapshot too
        return match

    @classmethod
    def with_position(
        cls,
        hanging: Mapping[int, Sequence[str]],
        *,
        last: str,
        players: int = 2,
        names: Sequence[str] | None = None,
        seed: int = 0,
        options: Options | None = None,
        bots: Sequence[bool] | None = None,
        start_player: int = 0,
        settle: float = 4.0,
    ) -> Match:
        """A match whose table already carries pieces (for tests, demos and screenshots).

        ``hanging`` maps a cactus to the pieces dropped on it in order (on its hang points);
        ``last`` is the piece counted as placed last (the next turn rolls, C-T2). Pieces that do not
        end up hanging raise ValueError.
        """
        world = World.standard(seed=seed)
        order: list[str] = []
        for cactus in sorted(hanging):
            points = hang_points(world, cactus)
            for k, pid in enumerate(hanging[cactus]):
                world.spawn(pid, drop_position(world, pid, points[k % len(points)], 0.0), 0.0)
                world.settle(settle)
                order.append(pid)
        facts = world.facts()
        where = {pid: facts.carried_by.get(pid) for pid in order}
        lost = [pid for pid, c in where.items() if c is None]
        if lost:
            raise ValueError(f"pieces do not hang after the set-up: {', '.join(lost)}")
        if last not in where:
            raise ValueError(f"the last piece {last!r} must be one of the hanging pieces")
        rules = CactusGame.new(players, names=names, seed=seed, options=options,
                               pieces=list(world.pieces.values()), start_player=start_player)
        d = rules.to_dict()
        order.remove(last)
        order.append(last)
        d["supply"] = [p for p in d["supply"] if p not in order]
        d["row"] = [p for p in d["row"] if p not in order]
        d["in_world"] = list(order)
        d["placed_log"] = list(order)
        d["last_placed"] = last
        basics = [p for p in order if rules.pieces[p].kind == "basic"]
        d["last_basic"] = basics[-1] if basics else None
        d["last_cactus"] = where[last]
        d["phase"] = Phase.ROLL.value
        d["turn_number"] = len(order) + 1
        match = cls(CactusGame.from_dict(d), world, bots=bots)
        match.rebuild()  # the set-up stepped the world: the first turn starts from its snapshot
        return match

    # ------------------------------------------------------------------ reading
    @property
    def current(self) -> int:
        return self.rules.current

    @property
    def is_over(self) -> bool:
        return self.stage == Stage.OVER

    @property
    def turn_key(self) -> int:
        """Changes with every new turn (the rules' turn number)."""
        return self.rules.turn_number

    @property
    def is_bot_turn(self) -> bool:
        return not self.is_over and self.bots[self.rules.current]

    @property
    def piece(self) -> str | None:
        """The piece this turn places (taken, in the hand or in the world)."""
        return self.rules.turn.piece

    @property
    def spec(self) -> dict[str, PieceSpec]:
        return self.world.pieces

    def piece_info(self, pid: str) -> Piece:
        return self.rules.pieces[pid]

    @property
    def held(self) -> str | None:
        return self.world.hand.held

    @property
    def can_confirm(self) -> bool:
        return self.stage == Stage.JUDGED and not self.violations

    def allowed(self) -> list[str]:
        if self.rules.phase != Phase.CHOOSE:
            return []
        return self.rules.allowed_pieces()

    def facts(self) -> Facts:
        return self.world.facts()

    def drain_events(self) -> list[Event]:
        """Rule events since the last call (for animations)."""
        new = self.rules.log[self._log_seen:]
        self._log_seen = len(self.rules.log)
        return list(new)

    def drain_impacts(self) -> list[Impact]:
        """The world's impacts since the last call (physics' fact; the table's sound reads them)."""
        before, self._impacts_before = self._impacts_before, []
        return before + self.world.impacts()

    def preview_awards(self) -> list[Any]:
        if self.stage != Stage.JUDGED or self.violations:
            return []
        return self.rules.preview_awards(self.world.facts())

    # ------------------------------------------------------------------ actions
    def _require(self, *stages: Stage) -> None:
        if self.stage not in stages:
            raise MatchError("stage", f"not possible now (stage {self.stage.value})")

    def roll(self, told: Face | None = None) -> Face:
        """C-T2: roll (``told``: the face rolled elsewhere, see :meth:`CactusGame.roll`); one fitting piece is
        taken at once, several wait for :meth:`take`."""
        self._require(Stage.ROLL)
        face = self.rules.roll(told)
        self._sync_stage()
        if self.stage == Stage.CHOOSE:
            allowed = self.rules.allowed_pieces()
            if len(allowed) == 1:
                self.take(allowed[0])
        return face

    def take(self, piece_id: str) -> None:
        self._require(Stage.CHOOSE)
        try:
            self.rules.take(piece_id)
        except IllegalMove as exc:
            raise MatchError("not_allowed", str(exc)) from None
        self.hand_angle = 0.0
        self.drops = 0
        self._sync_stage()

    def outline_at(self, piece_id: str, pos: tuple[float, float], angle: float) -> np.ndarray:
        """The piece's outline at ``pos`` / ``angle`` (the world's placement geometry)."""
        return self.world.outline_at(piece_id, pos, angle)

    def is_free(self, piece_id: str, pos: tuple[float, float], angle: float, clearance: float = CLEARANCE) -> bool:
        """Whether the piece fits at ``pos`` without touching anything (inside the table, above the ground)."""
        return self.world.is_free(piece_id, pos, angle, clearance)

    def grab_new(self, point: tuple[float, float]) -> None:
        """Put the piece from the hand into the world at ``point`` (its centre) and hold it there (C-X1)."""
        self._require(Stage.IN_HAND)
        pid = str(self.piece)
        if not self.is_free(pid, point, self.hand_angle):
            raise MatchError(self.why_no_room(point), f"no room for {pid} at {point}")
        self.world.spawn(pid, point, self.hand_angle)
        self._expected.add(pid)
        self.world.hand.grab(pid, point)
        self.stage = Stage.HOLDING
        self.violations = []

    def why_no_room(self, point: tuple[float, float]) -> str:
        """Why the piece in the hand cannot be put at ``point`` (a ``cactus.refuse.<reason>`` suffix): the press is
        on a placed piece, on a cactus, on a pot, in the hollow of a piece, or too near one of them."""
        what = self.world.what_is_at(point)
        return {"piece": "placed", "cactus": "on_cactus", "base": "on_base", "hollow": "hollow"}.get(
            what[0] if what is not None else "", "no_room")

    def drop(self, point: tuple[float, float], angle: float = 0.0) -> None:
        """Put the piece from the hand into the world at ``point`` and let it go at once (bots)."""
        self._require(Stage.IN_HAND)
        pid = str(self.piece)
        if not self.is_free(pid, point, angle, clearance=0.2):
            raise MatchError("no_room", f"no room for {pid} at {point}")
        self.world.spawn(pid, point, angle)
        self.world.watch(pid)  # stepped finely as it falls, like a piece the hand lets go
        self._expected.add(pid)
        self.hand_angle = angle
        self._let_go()

    def grab(self, point: tuple[float, float]) -> None:
        """Take hold of the placed piece again (only it may be grabbed, C-X4)."""
        self._require(Stage.JUDGED, Stage.SETTLING)
        pid = self.world.piece_at(point)
        if pid is None:
            raise MatchError("nothing", "there is no piece here")
        if pid != self.piece:
            raise MatchError("placed", f"only your own piece may be grabbed again, not {pid}")
        self.world.hand.grab(pid, point)
        self.stage = Stage.HOLDING
        self.violations = []

    def move_hand(self, point: tuple[float, float]) -> None:
        if self.stage == Stage.HOLDING:
            self.world.hand.move_to(point)

    def rotate(self, delta: float) -> None:
        if self.stage == Stage.HOLDING:
            self.world.hand.rotate(delta)
        elif self.stage == Stage.IN_HAND:
            self.hand_angle = math.remainder(self.hand_angle + delta, math.tau)

    def release(self) -> None:
        self._require(Stage.HOLDING)
        self.world.hand.release()
        self._let_go()

    def _let_go(self) -> None:
        self.drops += 1
        self.stage = Stage.SETTLING
        self.settle_time = 0.0
        self.violations = []
        self._poll()

    def take_back(self) -> None:
        """Take the placed piece out of the world into the hand again (to place it anew)."""
        self._require(Stage.JUDGED, Stage.SETTLING, Stage.HOLDING)
        pid = str(self.piece)
        if self.world.has_piece(pid):
            self.world.remove(pid)
        self._expected.discard(pid)
        self.stage = Stage.IN_HAND
        self.violations = []
        self._poll()
        if not self.is_over:
            self.rebuild()  # the placement starts again from its snapshot

    def confirm(self, claims: Iterable[str] | None = None) -> list[Event]:
        """End the turn (C-X4); refused while a rule is broken. Returns the rule events."""
        self._require(Stage.JUDGED)
        self._poll()
        if self.stage != Stage.JUDGED:
            raise MatchError("stage", "the placement changed")
        facts = self.world.facts()
        self.violations = self.rules.judge(facts)
        if self.violations:
            raise MatchError("violations", "the placement breaks a rule: " +
                             "; ".join(f"{v.rule} {v.kind}" for v in self.violations))
        events = self.rules.end_turn(facts, claims=claims)
        self._expected = set(self.world.pieces_in_world())
        self._sync_stage()
        if not self.is_over:
            self.rebuild()  # the next turn starts from its snapshot
        return events

    # ------------------------------------------------------------------ time
    def step(self, dt: float) -> None:
        """Advance the world by ``dt`` seconds and apply what happened (C-R1, C-X3, C-X4)."""
        if self.stage == Stage.OVER or self.resting:
            return
        self.world.step(dt)
        self._poll()
        if self.stage == Stage.SETTLING:
            self.settle_time += dt
            if self.world.all_at_rest() or self.settle_time >= self.settle_cap:
                self._judge()

    @property
    def resting(self) -> bool:
        """Nothing is held or settling and every piece sleeps: the world is not stepped then (a step would
        change nothing but its clock), so time spent idle, however long, never changes the world."""
        return (self.stage not in (Stage.HOLDING, Stage.SETTLING) and self.world.hand.held is None
                and self.world.all_at_rest())

    def settle_now(self, cap: float | None = None) -> None:
        """Let the world settle at once (headless, bots in a hurry), then judge."""
        if self.stage != Stage.SETTLING:
            return
        left = max(0.0, (self.settle_cap if cap is None else cap) - self.settle_time)
        while self.stage == Stage.SETTLING and left > 0:
            chunk = min(0.25, left)
            self.world.settle(chunk)
            self.settle_time += chunk
            left -= chunk
            self._poll()
            if self.stage == Stage.SETTLING and self.world.all_at_rest():
                break
        if self.stage == Stage.SETTLING:
            self._judge()

    def _judge(self) -> None:
        self.violations = self.rules.judge(self.world.facts())
        self.stage = Stage.JUDGED

    def _poll(self) -> None:
        """Charge the hand touches that lasted ``TOUCH_GRACE`` (C-R1) and record pieces that left the world
        (C-X3)."""
        events = self.world.hand.touch_events
        now = self.world.time
        while self._touches_seen < len(events):
            touch = events[self._touches_seen]
            if touch.lasted(now) >= TOUCH_GRACE - 1e-9:
                if self.rules.phase == Phase.PLACE:
                    self.rules.touch_hand(1, "piece" if touch.kind == "piece" else "cactus")
            elif touch.until is None:
                break  # still touching, still within the moment the ring warns
            self._touches_seen += 1
        present = set(self.world.pieces_in_world())
        gone = sorted(self._expected - present)
        if not gone:
            return
        self._expected &= present
        self.rules.record_fallen(gone)
        fell = self.piece in gone and self.rules.phase == Phase.PLACE
        if fell:
            self.stage = Stage.IN_HAND  # C-R5: place it again
            self.violations = []
        elif self.stage == Stage.JUDGED:
            self._judge()
        if self.rules.phase == Phase.OVER:
            self.stage = Stage.OVER
        elif fell:
            self.rebuild()  # the placement starts again from its snapshot

    def _sync_stage(self) -> None:
        phase = self.rules.phase
        if phase == Phase.OVER:
            self.stage = Stage.OVER
        elif phase == Phase.ROLL:
            self.stage = Stage.ROLL
        elif phase == Phase.CHOOSE:
            self.stage = Stage.CHOOSE
        elif phase == Phase.PLACE:
            pid = self.rules.turn.piece
            if pid is not None and self.world.has_piece(pid):
                if self.stage not in (Stage.SETTLING, Stage.JUDGED, Stage.HOLDING):
                    self.stage = Stage.SETTLING
            else:
                self.stage = Stage.IN_HAND
        self.violations = [] if self.stage != Stage.JUDGED else self.violations

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        stage = Stage.SETTLING if self.stage == Stage.HOLDING else self.stage
        return {
            "format": SAVE_FORMAT,
            "rules": self.rules.to_dict(),
            "world": self.world.to_dict(),
            "stage": stage.value,
            "bots": list(self.bots),
            "bot_kinds": list(self.bot_kinds),
            "hand_angle": self.hand_angle,
            "settle_time": self.settle_time,
            "drops": self.drops,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Match:
        """Resume a match from :meth:`to_dict`. Every malformed save raises ValueError with a message
        naming what is wrong (the rules and the world check their own fields; anything that still slips
        through is converted here, at the load boundary): nothing else escapes."""
        if not isinstance(d, Mapping) or d.get("format") != SAVE_FORMAT:
            raise ValueError(f"not a Cactus save (expected format {SAVE_FORMAT!r})")
        try:
            return cls._read(d)
        except ValueError as exc:
            if str(exc).startswith(("broken", "not a Cactus")):
                raise
            raise ValueError(f"broken Cactus save: {exc}") from None
        except Exception as exc:  # the load boundary: a bad save is a message, never a crash
            raise ValueError(f"broken Cactus save: {type(exc).__name__}: {exc}") from None

    @classmethod
    def _read(cls, d: Mapping[str, Any]) -> Match:
        if "rules" not in d or "world" not in d:
            raise ValueError("broken Cactus save: 'rules' and 'world' are both needed")
        rules = CactusGame.from_dict(d["rules"])
        world = World.from_dict(dict(need_map(d["world"], "world")))
        unknown = sorted(set(rules.pieces) - set(world.pieces))
        if unknown:
            raise ValueError(f"broken Cactus save: pieces of the rules are missing in the world: {unknown[:5]}")
        bots = [need_bool(b, "bots") for b in need_list(d.get("bots", [False] * rules.players), "bots")]
        kinds = None
        if "bot_kinds" in d:
            kinds = [need_str(k, "bot_kinds") for k in need_list(d["bot_kinds"], "bot_kinds")]
        m = cls(rules, world, bots=bots, bot_kinds=kinds)
        m.hand_angle = need_number(d.get("hand_angle", 0.0), "hand_angle", -1e6, 1e6)
        m.settle_time = need_number(d.get("settle_time", 0.0), "settle_time", 0.0, 1e9)
        m.drops = need_int(d.get("drops", 0), "drops", 0, 1_000_000)
        stage_name = d.get("stage", m.stage.value)
        if stage_name not in {s.value for s in Stage}:
            raise ValueError(f"broken Cactus save: unknown stage {stage_name!r:.40}")
        stage = Stage(stage_name)
        missing = [p for p in rules.in_world if not world.has_piece(p)]
        if missing:
            raise ValueError(f"broken Cactus save: pieces of the rules are not on the table: {missing[:5]}")
        placed = set(rules.in_world) | ({rules.turn.piece} if rules.turn.piece else set())
        stray = sorted(set(world.pieces_in_world()) - placed)
        if stray:
            raise ValueError(f"broken Cactus save: the table holds pieces the rules do not place: {stray[:5]}")
        if stage in (Stage.SETTLING, Stage.JUDGED) and m.stage in (Stage.SETTLING, Stage.JUDGED):
            m.stage = stage
            if stage == Stage.JUDGED:
                m._judge()
        return m

    def clone(self) -> Match:
        return Match.from_dict(self.to_dict())

    def rebuild(self, snapshot: Mapping[str, Any] | None = None) -> None:
        """Become ``Match.from_dict(snapshot)`` (default: this match's own :meth:`to_dict`) in place, so whoever
        holds this match (a scene, its camera, a recorder) holds the rebuilt one. Its future is then exactly that
        of every other ``Match.from_dict`` of the same dict. What is not the game's state stays: the events and
        impacts not drained yet, the settle cap, and whatever the holder attached to this instance."""
        fresh = Match.from_dict(self.to_dict() if snapshot is None else snapshot)
        impacts = self._impacts_before + self.world.impacts()
        state = dict(vars(fresh))
        for kept in ("_log_seen", "settle_cap", "_impacts_before"):
            del state[kept]
        vars(self).update(state)
        self._impacts_before = impacts
        self._log_seen = min(self._log_seen, len(self.rules.log))


def seeded_rng(match: Match, salt: int = 0) -> random.Random:
    """A generator for presentation or bot choices that never touches the rules' own generator."""
    return random.Random(match.rules.seed * 1_000_003 + match.rules.turn_number * 101 + salt)


__all__ = ["BOT_KINDS", "SAVE_FORMAT", "SETTLE_CAP", "TOUCH_GRACE", "Match", "MatchError", "Stage", "seeded_rng"]
