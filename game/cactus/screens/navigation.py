"""How the Cactus screens reach each other without importing each other (docs/design.md, layer 4).

Setup -> play -> end -> setup is a loop of screens, but never a loop of imports: each scene module
registers its own factory here when it is imported (``register("play", PlayScene)``), and a scene asks
for the next screen by name through the typed helpers below. This module imports no scene;
:mod:`game.cactus.room` imports the scene modules, so every screen is registered whenever the room is opened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.app import BaseScene

if TYPE_CHECKING:
    from game.cactus.match import Match
    from game.cactus.rules import Options

#: The screens of the Cactus room.
SCREENS = ("setup", "play", "end", "rules", "guide")

_factories: dict[str, Callable[..., BaseScene]] = {}


def register(name: str, factory: Callable[..., BaseScene]) -> None:
    """Make ``factory`` the screen called ``name`` (one of :data:`SCREENS`)."""
    if name not in SCREENS:
        raise ValueError(f"unknown Cactus screen {name!r}; known: {', '.join(SCREENS)}")
    _factories[name] = factory


def build(name: str, *args: Any, **kwargs: Any) -> BaseScene:
    """A new screen ``name``; LookupError while no scene module has registered it."""
    factory = _factories.get(name)
    if factory is None:
        raise LookupError(f"the Cactus screen {name!r} is not registered (importing game.cactus.room registers all)")
    return factory(*args, **kwargs)


def setup_screen(*, names: Sequence[str] | None = None, bots: Sequence[bool] | None = None,
                 options: Options | None = None, kinds: Sequence[str] | None = None) -> BaseScene:
    """The setup screen, filled in with these seats (``kinds``: each seat's kind of bot) and variants."""
    return build("setup", names=names, bots=bots, options=options, kinds=kinds)


def play_screen(match: Match, **flags: Any) -> BaseScene:
    """The play screen of ``match`` (``flags``: the play scene's keyword options)."""
    return build("play", match, **flags)


def end_screen(match: Match, *, quit_after: int | None = None, remote: bool = False) -> BaseScene:
    """The end screen of a finished ``match`` (``remote``: of a remote table: back to the lobby, no new game)."""
    return build("end", match, quit_after=quit_after, remote=remote)


def guide_screen() -> BaseScene:
    """The guided first game (a short tutorial on a real table)."""
    return build("guide")


def rules_screen() -> BaseScene:
    """The rules, shown over the screen that opens them (Esc returns to it)."""
    return build("rules")


__all__ = ["SCREENS", "build", "end_screen", "play_screen", "register", "rules_screen", "setup_screen"]
