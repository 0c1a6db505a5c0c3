"""The Cactus saves: each unfinished game in its own file of :mod:`game.saves` (written atomically after every
turn, removed once the game is over), and reading one back for a resume (a file that cannot be resumed is kept
aside, never overwritten by the next save). The room's older single ``cactus/autosave.json`` is moved in there
when the saves are first read."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import saves
from game.cactus.match import Match
from game.cactus.record import adopt, saved_form
from game.i18n import t
from game.paths import user_data_dir
from game.userdata import move_aside

ROOM = "cactus"
#: A save problem's reason is cut to this many characters in the dialog.
REASON_LIMIT = 180
#: The save each match on screen is kept in (a resumed match keeps the id it was read from).
_ids: weakref.WeakKeyDictionary[Match, str] = weakref.WeakKeyDictionary()


def legacy_path() -> Path:
    """Where the room kept its one autosave before every game had its own."""
    return user_data_dir() / "cactus" / "autosave.json"


def autosave_path() -> Path:
    """The newest Cactus save (the old single autosave's place when there is none)."""
    found = list_saves()[0]
    return saves.path_of(found[0].id) if found else legacy_path()


def _summary(data: Any) -> tuple[list[str], int]:
    match = Match.from_dict(data)
    return list(match.rules.names), match.rules.turn_number


def list_saves() -> tuple[list[saves.SaveInfo], list[str]]:
    """The unfinished Cactus games, newest first (the old autosave moved in first), and the files that could not
    be read (each kept aside, said in a sentence)."""
    moved = saves.migrate(ROOM, legacy_path(), _summary)
    found, problems = saves.listing(ROOM)
    return found, ([moved] if moved else []) + problems


def save_id_of(match: Match) -> str:
    """The id of the save ``match`` is kept in (a new one for a match not saved yet)."""
    if match not in _ids:
        _ids[match] = saves.new_id(ROOM)
    return _ids[match]


def keep_aside(path: Path) -> Path | None:
    """Rename a save that cannot be resumed to ``<stem>.corrupt-N<suffix>`` (None when that fails)."""
    try:
        return move_aside(path)
    except OSError:
        return None


class Autosave:
    """Saves one match after every turn and when the scene is left; ``enabled=False`` writes nothing."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled

    def save(self, match: Match) -> str | None:
        """Write the match (a finished one removes the save); returns the failure's message, or None."""
        if not self.enabled:
            return None
        save_id = save_id_of(match)
        if match.is_over:
            saves.remove(save_id)
            return None
        try:
            # the recording so far travels with it, so a resumed game records one replay of the whole game
            saves.write(save_id, ROOM, list(match.rules.names), match.rules.turn_number, saved_form(match))
        except OSError as exc:
            return t("cactus.save.failed", reason=str(exc))
        return None


@dataclass(frozen=True)
class Resumed:
    """What reading the autosave gave: the match, or ``problem`` (a sentence for the player), or neither (no save)."""

    match: Match | None = None
    problem: str | None = None


def load_autosave() -> Resumed:
    """Read the newest Cactus save (nothing when there is none)."""
    found, problems = list_saves()
    if found:
        return load_save(found[0].id)
    return Resumed(problem=problems[0]) if problems else Resumed()


def load_save(save_id: str) -> Resumed:
    """Read the save ``save_id``. A file that does not parse, or parses to the wrong shape, is kept aside."""
    try:
        _info, data = saves.read(save_id, ROOM)
    except saves.SaveProblem as exc:
        return Resumed(problem=str(exc))
    try:
        match = Match.from_dict(data)
        adopt(match, data)  # the replay recorded before the save goes on
    except (ValueError, RecursionError, TypeError, KeyError, AttributeError) as exc:
        # well-formed JSON of the wrong shape: keep it aside too, so the next autosave cannot destroy it
        kept = keep_aside(saves.path_of(save_id))
        reason = str(exc) if len(str(exc)) <= REASON_LIMIT else str(exc)[: REASON_LIMIT - 1] + "…"
        return Resumed(problem=t("cactus.save.broken_kept", reason=reason, kept=kept.name if kept else "-"))
    _ids[match] = save_id
    return Resumed(match=match)


__all__ = ["REASON_LIMIT", "ROOM", "Autosave", "Resumed", "autosave_path", "keep_aside", "legacy_path", "list_saves",
           "load_autosave", "load_save", "save_id_of"]
