"""What the Artischocken scenes share: seats, the bot kinds on offer and the log's sentences.

The bots live in ``game.artischocken.bots`` (their registry ``BOTS`` is what the setup screen offers) and
the event sentences in ``game.artischocken.describe``; this module only adapts them to the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game import i18n
from game.artischocken.bots import BOTS, Bot, make_bot
from game.artischocken.describe import describe
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


def bot_kinds() -> list[str]:
    """The bot kinds to offer, weakest first (the order of the registry)."""
    return list(BOTS)


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
def sentence(event: Mapping[str, Any], viewer: int | None, names: Sequence[str]) -> str | None:
    """One log line for ``event`` as ``viewer`` may see it (``describe`` with the seats' names); None: no line.

    A seat's choice of cards to pass on (A-C-EGGPLANT) is shown only to that seat; the others see the pass.
    """
    if event.get("what") == "pass_choice" and viewer != event.get("seat"):
        return None
    return describe(event, viewer=viewer, names=names)


__all__ = ["HUMAN", "Bot", "Seat", "bot_kinds", "default_bot_name", "kind_label", "make_bot", "sentence"]
