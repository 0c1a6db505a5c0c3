"""Sentences for the engine's events, card names and rule texts (de/en) from the i18n catalogues.

The engine is pure and touches no files, so its texts live in ``assets/i18n/<lang>/artischocken.json``
and are formatted here. ``describe`` hides card names from a viewer who may not see them (A-G2): a
viewer of None sees public cards only, and only an explicit ``reveal_all=True`` shows everything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.i18n import plural, t


def card_name(card: str, lang: str | None = None) -> str:
    return t(f"artischocken.card.{card}.name", lang)


def card_rule(card: str, lang: str | None = None) -> str:
    return t(f"artischocken.card.{card}.rule", lang)


def card_short(card: str, lang: str | None = None) -> str:
    """The short rule printed on a card face (the full rule is :func:`card_rule`, shown in the table's detail)."""
    return t(f"artischocken.card.{card}.short", lang)


def seat_name(seat: int, lang: str | None = None) -> str:
    return t("artischocken.seat", lang, n=seat + 1)


def unplayable_text(reason: str, lang: str | None = None) -> str:
    """The text for a reason id of ``Game.why_unplayable``."""
    return t(f"artischocken.unplayable.{reason}", lang)


def cards_text(cards: Sequence[str], lang: str | None = None) -> str:
    """'Artichoke, 2× Corn' style list, in first-seen order."""
    if not cards:
        return t("artischocken.no_cards", lang)
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    parts = []
    for c, n in counts.items():
        name = card_name(c, lang)
        parts.append(name if n == 1 else t("artischocken.card_times", lang, count=n, card=name))
    return ", ".join(parts)


def may_see(event: Mapping[str, Any], viewer: int | None, *, reveal_all: bool = False) -> bool:
    """Whether ``viewer`` may read the card names of ``event`` (A-G2).

    A full event (from ``Game.events()``) says who may see it in ``visible_to``; a view's event (from
    ``Game.view(p)["log"]``) carries the names only where seat p may see them, and ``public`` says whether
    everybody may. ``viewer`` None is nobody in particular (a spectator, the screen between two hot-seat
    players): it sees public cards only. ``reveal_all`` shows every card there is (replays, tests).
    """
    if event.get("cards") is None:  # already redacted by Game.view
        return False
    if reveal_all:
        return True
    if "visible_to" in event:
        vis = event["visible_to"]
        return vis is None or (viewer is not None and viewer in vis)
    if event.get("public"):
        return True
    # a view's private event: only the seat whose view it is may read it; no visibility at all: hidden
    return viewer is not None and "public" in event


def describe(event: Mapping[str, Any], lang: str | None = None, viewer: int | None = None,
             names: Sequence[str] | None = None, *, reveal_all: bool = False) -> str:
    """One sentence for an event dict (from ``Game.events()`` or ``Game.view(p)["log"]``).

    ``viewer``: the seat reading it; cards it may not see are told only as a count. None hides every private
    card (the safe default); ``reveal_all=True`` shows all of them (replays, tests). ``names``: the seats'
    names, indexed by seat (default "Player n").
    """
    what = str(event.get("what", "unknown"))
    seat = event.get("seat")
    target = event.get("target")
    cards = event.get("cards")
    count = int(event.get("count", len(cards) if cards is not None else 0))
    if may_see(event, viewer, reveal_all=reveal_all):
        cards_str = cards_text(list(cards or ()), lang)
    else:
        cards_str = plural("artischocken.hidden_cards", count, lang, count=count)
    key = what
    if what == "play" and target is not None:
        key = "play_target"
    elif what == "reveal" and event.get("from") == "garden_stack":
        key = "reveal_stack"
    elif what == "reveal" and target == seat:  # a potato: one's own deck ("their deck", not "the deck of Ann")
        key = "reveal_own"
    full_key = f"artischocken.event.{key}"
    if t(full_key, "en") == full_key:
        full_key = "artischocken.event.unknown"
    return t(full_key, lang, seat=_who(seat, names, lang), target=_who(target, names, lang), cards=cards_str,
             what=what)


def _who(seat: object, names: Sequence[str] | None, lang: str | None) -> str:
    if isinstance(seat, bool) or not isinstance(seat, int):
        return "-"
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return seat_name(seat, lang)
