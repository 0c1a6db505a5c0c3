"""Saving and loading an ``artischocken/1`` position (pure; part of the engine).

:func:`to_dict` writes the whole state of a game; :func:`load` reads it back into a new game. The loader
accepts the documented keys alone (everything else defaulted) so that any scenario can be set up, and the
full ``to_dict`` output so that a saved game resumes exactly. Anything malformed raises ValueError with a
message that names the offending field. The generator is saved in the shared form of
:mod:`game.rngstate` (``{"version", "state", "gauss"}``); the older list form still loads.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NoReturn

from game.artischocken.engine.cards import (
    CANON,
    CARDS,
    EVENT_KEYS,
    FORMAT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASES,
    RHUBARB,
    ROW_SIZE,
    Event,
)
from game.artischocken.engine.decisions import (
    Decision,
    EggplantDecision,
    LeekDecision,
    PeasDecision,
    RhubarbDecision,
)
from game.artischocken.engine.observer import event_dict
from game.rngstate import rng_from_json, rng_to_json

if TYPE_CHECKING:
    from game.artischocken.engine.game import Game

_TOP_KEYS = {"format", "options", "players", "garden_stack", "garden_row", "compost", "turn", "seed",
             "start_player", "pending", "result", "rng", "log"}
_PLAYER_KEYS = {"hand", "deck", "discard", "known_top"}
_TURN_KEYS = {"player", "phase", "played", "number"}
_OPTION_KEYS = {"players", "rhubarb", "round_limit", "open_artichokes"}


def pending_to_json(pending: Decision | None) -> dict[str, Any] | None:
    """The pending decision as saved (``None`` when there is none)."""
    if pending is None:
        return None
    out: dict[str, Any] = {"kind": pending.kind, "seat": pending.seat}
    if isinstance(pending, LeekDecision | PeasDecision):
        out["revealed"] = list(pending.revealed)
        if isinstance(pending, LeekDecision):
            out["target"] = pending.target
        out["in_play"] = pending.in_play
    elif isinstance(pending, EggplantDecision):
        out["queue"] = list(pending.queue)
        out["chosen"] = [[s, list(c)] for s, c in pending.chosen]
    return out


def to_dict(game: Game) -> dict[str, Any]:
    """The whole state as JSON-safe data (format ``artischocken/1``); :func:`load` resumes it exactly."""
    return {
        "format": FORMAT,
        "options": {"players": game.players, "rhubarb": game.rhubarb, "round_limit": game.round_limit,
                    "open_artichokes": game.open_artichokes},
        "players": [
            {"hand": list(game.hands[s]), "deck": game.decks[s][::-1], "discard": list(game.discards[s]),
             "known_top": game.known[s]}
            for s in range(game.players)
        ],
        "garden_stack": game.stack[::-1],
        "garden_row": list(game.row),
        "compost": list(game.compost),
        "turn": {"player": game.player, "phase": game.phase, "played": list(game.played),
                 "number": game.turn_number},
        "seed": game.seed,
        "start_player": game.start_player,
        "pending": pending_to_json(game.pending),
        "result": {"over": game.is_over, "winner": game.won_by},
        "rng": rng_to_json(game.rng),
        "log": [event_dict(e) for e in game.log],
    }


def _fail(where: str, msg: str) -> NoReturn:
    raise ValueError(f"artischocken position: {where}: {msg}")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _int(x: object, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if not _is_int(x):
        _fail(where, f"expected an integer, got {type(x).__name__} {x!r}")
    assert isinstance(x, int)
    if lo is not None and x < lo:
        _fail(where, f"must be at least {lo}, got {x}")
    if hi is not None and x > hi:
        _fail(where, f"must be at most {hi}, got {x}")
    return x


def _dict(x: object, where: str, allowed: set[str] | None = None) -> dict[str, Any]:
    if not isinstance(x, dict):
        _fail(where, f"expected an object, got {type(x).__name__}")
    assert isinstance(x, dict)
    if allowed is not None:
        extra = sorted(str(k) for k in x if k not in allowed)
        if extra:
            _fail(where, f"unknown key(s) {', '.join(extra)} (allowed: {', '.join(sorted(allowed))})")
    return x


def _cards(x: object, where: str, rhubarb: bool) -> list[str]:
    if not isinstance(x, list):
        _fail(where, f"expected a list of card ids, got {type(x).__name__}")
    assert isinstance(x, list)
    out: list[str] = []
    for i, c in enumerate(x):
        if not isinstance(c, str):
            _fail(f"{where}[{i}]", f"expected a card id string, got {type(c).__name__} {c!r}")
        canon = CANON.get(c)
        if canon is None:
            _fail(f"{where}[{i}]", f"unknown card {c!r} (known cards: {', '.join(CARDS)})")
        assert canon is not None
        if canon is RHUBARB and not rhubarb:
            _fail(f"{where}[{i}]", "a rhubarb card, but options.rhubarb is false (the variant is off)")
        out.append(canon)
    return out


def _card(x: object, where: str, rhubarb: bool) -> str:
    return _cards([x], where, rhubarb)[0]


def load(cls: type[Game], d: Any) -> Game:
    """A new ``cls`` game from a saved or hand-written position; malformed data raises ValueError."""
    data = _dict(d, "top level", _TOP_KEYS)
    if data.get("format") != FORMAT:
        _fail("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    players_raw = data.get("players")
    if not isinstance(players_raw, list):
        _fail("players", "expected a list with one object per seat")
    assert isinstance(players_raw, list)
    options = _dict(data.get("options", {}), "options", _OPTION_KEYS)
    n = _int(options.get("players", len(players_raw)), "options.players", MIN_PLAYERS, MAX_PLAYERS)
    if len(players_raw) != n:
        _fail("players", f"options.players says {n} seats but {len(players_raw)} player objects are given")
    rhubarb = options.get("rhubarb", False)
    if not isinstance(rhubarb, bool):
        _fail("options.rhubarb", f"expected true or false, got {rhubarb!r}")
    open_artichokes = options.get("open_artichokes", False)
    if not isinstance(open_artichokes, bool):
        _fail("options.open_artichokes", f"expected true or false, got {open_artichokes!r}")
    round_limit = options.get("round_limit")
    if round_limit is not None:
        round_limit = _int(round_limit, "options.round_limit", 1)

    g = cls.__new__(cls)
    g.players = n
    g.rhubarb = rhubarb
    g.open_artichokes = open_artichokes
    g.round_limit = round_limit
    g.hands, g.decks, g.discards, g.known = [], [], [], []
    for s, raw in enumerate(players_raw):
        pd = _dict(raw, f"players[{s}]", _PLAYER_KEYS)
        g.hands.append(_cards(pd.get("hand", []), f"players[{s}].hand", rhubarb))
        deck = _cards(pd.get("deck", []), f"players[{s}].deck", rhubarb)
        deck.reverse()  # saves list the top card first; the engine keeps it at the end
        g.decks.append(deck)
        g.discards.append(_cards(pd.get("discard", []), f"players[{s}].discard", rhubarb))
        g.known.append(_int(pd.get("known_top", 0), f"players[{s}].known_top", 0, len(deck)))
    stack = _cards(data.get("garden_stack", []), "garden_stack", rhubarb)
    stack.reverse()
    g.stack = stack
    g.row = _cards(data.get("garden_row", []), "garden_row", rhubarb)
    if len(g.row) > ROW_SIZE:
        _fail("garden_row", f"the row has {ROW_SIZE} slots, got {len(g.row)} cards")
    g.compost = _cards(data.get("compost", []), "compost", rhubarb)

    seed = _int(data.get("seed", 0), "seed")
    g.seed = seed
    turn = _dict(data.get("turn", {}), "turn", _TURN_KEYS)
    g.player = _int(turn.get("player", 0), "turn.player", 0, n - 1)
    phase = turn.get("phase", "refill")
    if phase not in PHASES:
        _fail("turn.phase", f"unknown phase {phase!r} (one of {', '.join(PHASES)})")
    g.phase = phase
    g.played = _cards(turn.get("played", []), "turn.played", rhubarb)
    g.turn_number = _int(turn.get("number", 0), "turn.number", 0)
    g.start_player = _int(data.get("start_player", g.player), "start_player", 0, n - 1)

    g.rng = rng_from_json(data["rng"], "artischocken position: rng") if "rng" in data else random.Random(seed)
    g.log = _log(data.get("log", []), n)
    g.legal_cache = None
    g.undo_stack = []

    result = _dict(data.get("result", {}), "result", {"over", "winner"})
    over = result.get("over", phase == "over")
    if not isinstance(over, bool):
        _fail("result.over", f"expected true or false, got {over!r}")
    winner = result.get("winner")
    if winner is not None:
        winner = _int(winner, "result.winner", 0, n - 1)
    if over != (phase == "over"):
        _fail("result.over", f"is {over} but turn.phase is {phase!r}")
    if winner is not None and not over:
        _fail("result.winner", "a winner is given but the game is not over")
    g.is_over = over
    g.won_by = winner

    g.pending = None
    pending = data.get("pending")
    if pending is not None:
        if phase != "play":
            _fail("pending", f"a pending decision needs turn.phase 'play', got {phase!r}")
        _load_pending(g, _dict(pending, "pending"))

    if phase == "refill":
        g.refill(g.player)
        g.phase = "harvest" if g.row else "play"
    elif phase == "harvest" and not g.row:
        g.phase = "play"  # nothing to harvest: straight to play (A-T3)
    return g


def _log(raw: object, n: int) -> list[Event]:
    if not isinstance(raw, list):
        _fail("log", "expected a list of events")
    assert isinstance(raw, list)
    out: list[Event] = []
    for i, ev in enumerate(raw):
        e = _dict(ev, f"log[{i}]", set(EVENT_KEYS))
        what = e.get("what")
        if not isinstance(what, str):
            _fail(f"log[{i}].what", "expected a string")
        seat = e.get("seat")
        if seat is not None:
            seat = _int(seat, f"log[{i}].seat", 0, n - 1)
        cards = tuple(_cards(e.get("cards", []), f"log[{i}].cards", True))
        src, dst, by = e.get("from"), e.get("to"), e.get("by")
        for key, val in (("from", src), ("to", dst), ("by", by)):
            if val is not None and not isinstance(val, str):
                _fail(f"log[{i}].{key}", "expected a string or null")
        target = e.get("target")
        if target is not None:
            target = _int(target, f"log[{i}].target", 0, n - 1)
        vis_raw = e.get("visible_to")
        vis: tuple[int, ...] | None = None
        if vis_raw is not None:
            if not isinstance(vis_raw, list):
                _fail(f"log[{i}].visible_to", "expected a list of seats or null")
            vis = tuple(_int(v, f"log[{i}].visible_to", 0, n - 1) for v in vis_raw)
        out.append((str(what), seat, cards, src, dst, target, by, vis))
    return out


def _load_pending(g: Game, p: dict[str, Any]) -> None:
    kind = p.get("kind")
    rh = g.rhubarb
    n = g.players
    seat = _int(p.get("seat", g.player), "pending.seat", 0, n - 1)
    if seat != g.player:
        _fail("pending.seat", f"the decision belongs to the seat whose turn it is ({g.player}), got {seat}")
    if kind == "leek":
        target = _int(p.get("target"), "pending.target", 0, n - 1)
        if target == seat:
            _fail("pending.target", "the leek's target must be an opponent")
        revealed = _cards(p.get("revealed"), "pending.revealed", rh)
        if len(revealed) != 1:
            _fail("pending.revealed", "a leek reveals exactly 1 card")
        g.pending = LeekDecision(seat=seat, target=target, revealed=tuple(revealed),
                                 in_play=_card(p.get("in_play", "leek"), "pending.in_play", rh))
    elif kind == "peas":
        revealed = _cards(p.get("revealed"), "pending.revealed", rh)
        if len(revealed) != 2:
            _fail("pending.revealed", "peas reveal exactly 2 cards")
        g.pending = PeasDecision(seat=seat, revealed=tuple(revealed),
                                 in_play=_card(p.get("in_play", "peas"), "pending.in_play", rh))
    elif kind == "rhubarb":
        if not g.row:
            _fail("pending", "a rhubarb decision needs a card in the garden row")
        g.pending = RhubarbDecision(seat=seat)
    elif kind == "eggplant":
        queue_raw = p.get("queue")
        if not isinstance(queue_raw, list) or not queue_raw:
            _fail("pending.queue", "expected a non-empty list of seats still to choose")
        assert isinstance(queue_raw, list)
        queue = [_int(s, "pending.queue", 0, n - 1) for s in queue_raw]
        chosen: dict[int, tuple[str, ...]] = {}
        chosen_raw = p.get("chosen", [])
        if not isinstance(chosen_raw, list):
            _fail("pending.chosen", "expected a list of [seat, [cards]] pairs")
        for i, item in enumerate(chosen_raw):
            if not isinstance(item, list) or len(item) != 2:
                _fail(f"pending.chosen[{i}]", "expected [seat, [cards]]")
            s = _int(item[0], f"pending.chosen[{i}][0]", 0, n - 1)
            chosen[s] = tuple(_cards(item[1], f"pending.chosen[{i}][1]", rh))
        for s in queue:
            if not g.hands[s]:
                _fail("pending.queue", f"seat {s} holds no card to pass")
            if s in chosen:
                _fail("pending.queue", f"seat {s} is queued but has already chosen")
        if len(set(queue)) != len(queue):
            _fail("pending.queue", "a seat is queued twice")
        g.pending = EggplantDecision(seat=seat, queue=tuple(queue), chosen=tuple(chosen.items()))
    else:
        _fail("pending.kind", f"unknown decision {kind!r} (one of leek, peas, rhubarb, eggplant)")
