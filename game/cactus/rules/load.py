"""Reading a saved Cactus rules state (pure): every field checked (:mod:`game.cactus.rules.save_checks`), every
piece known and in one place only, the phase fitting the turn; a malformed save raises ValueError naming
the field. :meth:`game.cactus.rules.CactusGame.from_dict` is the entry point."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.cactus.rules.bank import FlowerBank
from game.cactus.rules.events import END_REASONS, Event
from game.cactus.rules.pieces import BASIC, MAX_PLAYERS, MIN_PLAYERS, N_CACTI, SPECIAL, Piece, validate_pieces
from game.cactus.rules.save_checks import SaveError, need_int, need_list, need_str, opt_int, opt_str, short
from game.cactus.rules.turn import Options, Phase, TurnRecord
from game.rngstate import rng_from_json

if TYPE_CHECKING:
    from game.cactus.rules.game import CactusGame


def read_game(g: CactusGame, d: Mapping[str, Any]) -> CactusGame:
    """Fill the fresh state ``g`` from the save ``d`` (raises SaveError or ValueError naming the field)."""
    def ids(key: str, default: Any = None) -> list[str]:
        value = d.get(key, default)
        if value is None and default is None:
            raise SaveError(f"{key} is missing")
        return [need_str(x, key) for x in need_list(value, key)]

    def known(pid: str | None, where: str, kind: str | None = None) -> str | None:
        if pid is not None and pid not in g.pieces:
            raise ValueError(f"broken Cactus rules save: unknown pieces [{short(pid)}] in {where}")
        if pid is not None and kind is not None and g.pieces[pid].kind != kind:
            raise SaveError(f"{where}: {pid!r} is not a {kind} piece")
        return pid

    names = d.get("names")
    g.names = [need_str(n, "names") for n in need_list(names, "names")] if names is not None else []
    if not MIN_PLAYERS <= len(g.names) <= MAX_PLAYERS:
        raise SaveError(f"names: Cactus is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(g.names)}")
    players = len(g.names)
    g.options = Options.from_dict(d.get("options", {}))
    g.pieces = {p.id: p for p in validate_pieces(
        Piece.from_dict(x, f"pieces[{i}]") for i, x in enumerate(need_list(d.get("pieces"), "pieces")))}
    g.seed = need_int(d.get("seed", 0), "seed")
    if "rng" not in d:
        raise SaveError("rng is missing")
    g.rng = rng_from_json(d["rng"], "rng", error=SaveError)
    g.supply, g.row = ids("supply"), ids("row")
    g.out, g.in_world, g.placed_log = ids("out", []), ids("in_world", []), ids("placed_log", [])
    if "bank" not in d:
        raise SaveError("bank is missing")
    g.bank = FlowerBank.from_dict(d["bank"])
    g.start_player = need_int(d.get("start_player", 0), "start_player", 0, players - 1)
    g.current = need_int(d.get("current"), "current", 0, players - 1)
    g.turn_number = need_int(d.get("turn_number", 1), "turn_number", 1)
    phase = need_str(d.get("phase"), "phase")
    if phase not in {p.value for p in Phase}:
        raise SaveError(f"phase: unknown phase {short(phase)}")
    g.phase = Phase(phase)
    g.turn = TurnRecord.from_dict(d.get("turn", {}))
    end_reason = opt_str(d.get("end_reason"), "end_reason")
    if end_reason is not None and end_reason not in END_REASONS:
        raise SaveError(f"end_reason: unknown reason {short(end_reason)}")
    g.end_reason = end_reason
    g.winners = [need_int(x, "winners", 0, players - 1) for x in need_list(d.get("winners", []), "winners")]
    g.log = [Event.from_dict(e, f"log[{i}]") for i, e in enumerate(need_list(d.get("log", []), "log"))]
    if g.bank.players != players:
        raise ValueError("broken Cactus rules save: bank and names disagree on the number of players")
    unknown = [x for x in [*g.supply, *g.row, *g.out, *g.in_world, *g.placed_log] if x not in g.pieces]
    if unknown:
        raise ValueError(f"broken Cactus rules save: unknown pieces {unknown[:5]}")
    for pid in g.supply:
        known(pid, "supply", BASIC)
    for pid in g.row:
        known(pid, "row", SPECIAL)
    places = [*g.supply, *g.row, *g.out, *g.in_world]
    g.turn.piece = known(opt_str(g.turn.piece, "turn.piece"), "turn.piece")
    if g.turn.piece is not None:
        places.append(g.turn.piece)
    twice = sorted({x for x in places if places.count(x) > 1})
    if twice:
        raise SaveError(f"pieces lie in two places at once: {twice[:5]}")
    for pid in g.turn.knocked:
        known(pid, "turn.knocked")
    g.last_placed = known(opt_str(d.get("last_placed"), "last_placed"), "last_placed")
    g.last_basic = known(opt_str(d.get("last_basic"), "last_basic"), "last_basic", BASIC)
    g.last_cactus = opt_int(d.get("last_cactus"), "last_cactus", 0, N_CACTI - 1)
    if g.last_placed is not None and g.last_cactus is None:
        raise SaveError("last_cactus is missing although a piece was placed")
    if g.phase == Phase.PLACE and g.turn.piece is None:
        raise SaveError("phase 'place' without a piece in turn.piece")
    if g.phase in (Phase.ROLL, Phase.CHOOSE) and g.turn.piece is not None:
        raise SaveError(f"phase {g.phase.value!r} with a piece already taken ({g.turn.piece!r})")
    if g.phase in (Phase.CHOOSE, Phase.PLACE) and not g.first_turn and g.turn.roll is None:
        raise SaveError(f"phase {g.phase.value!r} after the first turn without a roll")
    if g.phase == Phase.OVER and g.end_reason is None:
        raise SaveError("phase 'over' without an end_reason")
    return g


__all__ = ["read_game"]
