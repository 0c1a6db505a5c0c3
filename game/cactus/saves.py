"""The Cactus autosave: where it lives, writing it (atomic), removing it once the game is over, and reading
it back for a resume (a file that cannot be resumed is kept aside, never overwritten by the next save)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from game.cactus.match import Match
from game.cactus.record import adopt, saved_form
from game.i18n import t
from game.paths import user_data_dir
from game.userdata import CorruptFileError, move_aside, read_json, write_json_atomic

#: A save problem's reason is cut to this many characters in the dialog.
REASON_LIMIT = 180


def autosave_path() -> Path:
    return user_data_dir() / "cactus" / "autosave.json"


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
        path = autosave_path()
        if match.is_over:
            with contextlib.suppress(OSError):
                path.unlink()
            return None
        try:
            # the recording so far travels with it, so a resumed game records one replay of the whole game
            write_json_atomic(path, saved_form(match))
        except OSError as exc:
            return t("cactus.save.failed", reason=str(exc))
        return None


@dataclass(frozen=True)
class Resumed:
    """What reading the autosave gave: the match, or ``problem`` (a sentence for the player), or neither (no save)."""

    match: Match | None = None
    problem: str | None = None


def load_autosave() -> Resumed:
    """Read the autosave. A file that does not parse, or parses to the wrong shape, is kept aside."""
    try:
        data = read_json(autosave_path())
        if data is None:
            return Resumed()
        match = Match.from_dict(data)
        adopt(match, data)  # the replay recorded before the save goes on
        return Resumed(match=match)
    except CorruptFileError as exc:
        return Resumed(problem=t("cactus.save.corrupt", name=exc.path.name,
                                 kept=exc.kept_as.name if exc.kept_as else "-"))
    except (ValueError, RecursionError) as exc:
        # well-formed JSON of the wrong shape: keep it aside too, so the next autosave cannot destroy it
        kept = keep_aside(autosave_path())
        reason = str(exc) if len(str(exc)) <= REASON_LIMIT else str(exc)[: REASON_LIMIT - 1] + "…"
        return Resumed(problem=t("cactus.save.broken_kept", reason=reason, kept=kept.name if kept else "-"))


__all__ = ["REASON_LIMIT", "Autosave", "Resumed", "autosave_path", "keep_aside", "load_autosave"]
