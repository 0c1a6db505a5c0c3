"""Sentences for the Cactus scenes: piece names, die asks, rule events and violations (from the catalogue)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.cactus.match import Match, Stage
from game.cactus.rules import CactusGame, Event, Face, Violation
from game.i18n import t

#: The grammatical genders a piece's name may have (the catalogue's ``.gender`` entries).
GENDERS = ("m", "f", "n")


def piece_name(rules: CactusGame, pid: str) -> str:
    p = rules.pieces.get(pid)
    if p is None:
        return pid
    colour = t(f"cactus.colour.{p.colour}")
    if p.kind == "special":
        return t("cactus.piece.special", name=t(f"cactus.special.{p.id}"), colour=colour)
    return t("cactus.piece.basic", colour=colour, form=t(f"cactus.form.{p.form}"))


def piece_pronoun(rules: CactusGame, pid: str | None) -> str:
    """The pronoun that stands for the piece as an object ("lege sie erneut"): it agrees with the grammatical
    gender of the name the piece goes by (its form's, or its special's); no piece: the word for "piece"'s."""
    p = rules.pieces.get(pid) if pid else None
    gender = "n"
    if p is not None:
        named = f"cactus.special.{p.id}" if p.kind == "special" else f"cactus.form.{p.form}"
        gender = t(f"{named}.gender")
    return t(f"cactus.pronoun.{gender if gender in GENDERS else 'n'}")


def in_sentence(name: str) -> str:
    """A colour or form name inside a sentence: English writes it small, German keeps its capital (a noun)."""
    return name.lower() if t("cactus.names.in_sentence") == "lower" else name


def player_name(rules: CactusGame, seat: int | None, names: Sequence[str] | None = None) -> str:
    """The seat's name: by ``names`` where given (a remote table knows its people's names before its match does),
    else the match's."""
    if seat is None or not 0 <= seat < rules.players:
        return "?"
    return names[seat] if names and seat < len(names) and names[seat] else rules.names[seat]


def award_name(kind: str | None) -> str:
    return t(f"cactus.award.{kind}") if kind else ""


def face_name(face: str | None) -> str:
    return t(f"cactus.die.{face}") if face else ""


def ask(match: Match) -> str:
    """What the die (or the first turn) asks for."""
    rules = match.rules
    if rules.first_turn:
        return t("cactus.die.first.ask")
    what, value = rules.wanted()
    if what == "colour":
        return t("cactus.die.colour.ask", colour=in_sentence(t(f"cactus.colour.{value}")))
    if what == "form":
        return t("cactus.die.form.ask", form=in_sentence(t(f"cactus.form.{value}")))
    return t("cactus.die.special.ask")


def target_text(match: Match) -> str:
    target = match.rules.target_cactus()
    it = piece_pronoun(match.rules, match.piece)
    return t("cactus.target.any", it=it) if target is None else t("cactus.target", cactus=target + 1, it=it)


def violation_text(match: Match, v: Violation) -> str:
    target = match.rules.target_cactus()
    return t(v.text_key, cactus="?" if target is None else target + 1)


def violation_explained(match: Match, v: Violation) -> str:
    """The long explanation of a broken rule for the banner: which pieces, why, and how to fix it."""
    rules = match.rules
    target = rules.target_cactus()
    where = t("cactus.where.any") if target is None else t("cactus.where.one", cactus=target + 1)
    piece = piece_name(rules, str(match.piece)) if match.piece else ""
    others = [p for p in v.pieces if p != match.piece]
    other = piece_name(rules, others[0]) if others else ""
    return t(f"cactus.explain.{v.kind}", piece=piece, other=other, where=where)


def describe(rules: CactusGame, e: Event, names: Sequence[str] | None = None) -> str:
    """One turn-log sentence for a rule event (the seats by ``names`` where given, as the panels name them)."""
    player = player_name(rules, e.player, names)
    piece = piece_name(rules, e.pieces[0]) if e.pieces else ""
    values: dict[str, Any] = {"player": player, "piece": piece, "flowers": abs(e.flowers), "nominal": e.nominal,
                              "cactus": "" if e.cactus is None else e.cactus + 1,
                              "it": piece_pronoun(rules, e.pieces[0] if e.pieces else None)}
    if e.kind == "roll":
        if e.detail == "special":  # "!!" alone says nothing to a newcomer: what it asks for
            return t("cactus.event.roll_special", player=player)
        values["face"] = face_name(e.detail)
    elif e.kind in ("award", "award_lost", "claim_rejected"):
        values["award"] = award_name(e.detail)
        if e.kind == "award" and e.flowers < e.nominal:
            return t("cactus.event.award_short", **values)
    elif e.kind == "piece_returned":
        values["place"] = t(f"cactus.place.{e.detail}")
    elif e.kind == "game_over":
        values["reason"] = t(f"cactus.end.{e.detail}")
    elif e.kind in ("hand_touch", "knocked") and e.flowers == 0:
        return t("cactus.event.nothing_to_pay", player=player)
    if e.kind == "hand_touch" and e.detail == "piece":
        return t("cactus.event.hand_touch_piece", **values)
    return t(e.text_key, **values)


def fold(events: Iterable[Event]) -> list[tuple[Event, int]]:
    """Each run of identical events once, with how many times it came in a row (the turn log says "×5" rather
    than five equal lines when a piece fell five times)."""
    runs: list[tuple[Event, int]] = []
    for e in events:
        if runs and runs[-1][0] == e:
            runs[-1] = (e, runs[-1][1] + 1)
        else:
            runs.append((e, 1))
    return runs


def describe_times(rules: CactusGame, e: Event, count: int, names: Sequence[str] | None = None) -> str:
    """:func:`describe` for an event that came ``count`` times in a row (one line for all of them)."""
    if count <= 1:
        return describe(rules, e, names)
    if e.kind == "placed_fell" and e.pieces:
        return t("cactus.event.placed_fell_times", piece=piece_name(rules, e.pieces[0]), count=count,
                 it=piece_pronoun(rules, e.pieces[0]))
    return t("cactus.repeated", text=describe(rules, e, names), count=count)


def stage_prompt(match: Match) -> str:
    """The instruction for the seat whose turn it is."""
    rules = match.rules
    name = player_name(rules, rules.current)
    stage = match.stage
    if stage == Stage.OVER:
        return t("cactus.phase.over")
    if match.is_bot_turn:
        return t("cactus.prompt.bot", player=name)
    if stage == Stage.ROLL:
        return t("cactus.prompt.roll", player=name)
    if stage == Stage.CHOOSE:
        return f"{ask(match)} {t('cactus.prompt.choose')}"
    if stage == Stage.IN_HAND:
        piece = piece_name(rules, str(match.piece))
        it = piece_pronoun(rules, match.piece)
        return t("cactus.prompt.in_hand", piece=piece, target=target_text(match), it=it)
    if stage == Stage.HOLDING:
        return t("cactus.prompt.holding", target=target_text(match), it=piece_pronoun(rules, match.piece))
    if stage == Stage.SETTLING:
        return t("cactus.prompt.settling")
    if match.violations:
        first, *rest = match.violations
        text = violation_explained(match, first)
        if rest:
            also = " ".join(dict.fromkeys(violation_text(match, v) for v in rest))
            text = f"{text} {t('cactus.explain.more', rules=also)}"
        return text
    return t("cactus.prompt.confirm")


def die_label(face: Face | None) -> str:
    return face_name(face.value) if face is not None else t("cactus.die.none")


__all__ = ["GENDERS", "ask", "award_name", "describe", "describe_times", "die_label", "face_name", "fold",
           "in_sentence", "piece_name",
           "piece_pronoun", "player_name",
           "stage_prompt", "target_text", "violation_explained",
           "violation_text"]
