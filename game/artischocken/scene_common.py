"""What the Artischocken scenes share: seats, bots (through the engine's registry), sentences for the log.

The engine helper owns the bots (``game.artischocken.bots``) and the event sentences
(``game.artischocken.describe``). This module only adapts to them, with small fallbacks so the table keeps
working while a piece is missing.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Protocol

from game import i18n
from game.artischocken import Action
from game.artischocken.cards import card_name
from game.i18n import t

HUMAN = "human"


@dataclass
class Seat:
    """One place at the table: a name and who plays it (``human`` or a bot kind)."""

    name: str
    kind: str = HUMAN

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}

    @classmethod
    def from_dict(cls, d: Any) -> Seat:
        if not isinstance(d, dict) or not isinstance(d.get("name"), str) or not isinstance(d.get("kind"), str):
            raise ValueError("a seat must be an object with a name and a kind")
        return cls(d["name"], d["kind"])


class Bot(Protocol):
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class _RandomBot:
    """Fallback while the engine's bots are missing: a uniformly random legal action."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        plays = [a for a in legal if a.kind != "end_play"]
        return self.rng.choice(plays or legal)


def _bots_module() -> Any | None:
    try:
        return importlib.import_module("game.artischocken.bots")
    except ModuleNotFoundError:
        return None


def bot_kinds() -> list[str]:
    """The bot kinds to offer, weakest first (the engine's registry, else a random fallback)."""
    module = _bots_module()
    registry = getattr(module, "BOTS", None) if module else None
    if isinstance(registry, dict) and registry:
        kinds = [str(k) for k in registry]
        order = {"random": 0, "greedy": 1}
        return sorted(kinds, key=lambda k: (order.get(k, 2), kinds.index(k)))
    return ["random", "greedy"]


def make_bot(kind: str, seed: int) -> Bot:
    module = _bots_module()
    maker = getattr(module, "make_bot", None) if module else None
    if maker is not None:
        try:
            bot: Bot = maker(kind, seed)
            return bot
        except (KeyError, ValueError):
            pass
    return _RandomBot(seed)


def kind_label(kind: str) -> str:
    if kind == HUMAN:
        return t("table.kind.human")
    key = f"table.kind.{kind}"
    if key in i18n.catalogue("en"):
        return t(key)
    return t("table.kind.other", kind=kind)


def default_bot_name(index: int) -> str:
    names = t("table.bot_names").split("|")
    return names[index % len(names)]


# -- log sentences ------------------------------------------------------------------------------------------
def cards_text(cards: list[str] | None, count: int) -> str:
    """Card names as a list ('2× Artichoke, Corn'), or only their count when hidden from the viewer."""
    if cards is None:
        return t("artischocken.hidden_cards", count=count)
    if not cards:
        return t("artischocken.no_cards")
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(card_name(c) if n == 1 else t("artischocken.card_times", count=n, card=card_name(c))
                     for c, n in counts.items())


def visible_event(event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """The event as ``viewer`` may see it: hidden card names replaced by None (like ``Game.view``).

    ``viewer`` None is the spectator between two hot-seat players: it sees public cards only.
    """
    vis = event.get("visible_to")
    cards = event.get("cards") or []
    shown = vis is None or (viewer is not None and viewer in vis)
    out = dict(event)
    out["cards"] = list(cards) if shown else None
    out["count"] = len(cards)
    out["public"] = vis is None
    return out


def sentence(event: dict[str, Any], viewer: int | None, names: list[str]) -> str | None:
    """One log line for ``event`` as ``viewer`` may see it, with the seats' names; None for no line.

    The templates are the engine's (``artischocken.event.*``, the same keys ``describe`` uses); the table
    formats them itself because ``describe`` names seats only as "Player n".
    """
    what = str(event.get("what"))
    if what in ("pass_choice",) and viewer != event.get("seat"):
        return None
    seen = visible_event(event, viewer)
    seat, target = seen.get("seat"), seen.get("target")
    key = what
    if what == "play" and target is not None:
        key = "play_target"
    elif what == "reveal" and seen.get("from") == "garden_stack":
        key = "reveal_stack"
    full = f"artischocken.event.{key}"
    if full not in i18n.catalogue("en"):
        full = "artischocken.event.unknown"
    return t(full,
             seat=names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "-",
             target=names[target] if isinstance(target, int) and 0 <= target < len(names) else "-",
             cards=cards_text(seen["cards"], seen["count"]), what=what)
