"""What the player is told when something fails, and where the details go (``crash.log``)."""

from __future__ import annotations

import datetime
import traceback
from pathlib import Path

from game.i18n import t
from game.userdata import CorruptFileError


def write_crash_log(exc: BaseException) -> Path | None:
    """Append the traceback to ``crash.log`` in the user data directory; None if even that fails."""
    try:
        from game.paths import user_data_dir

        path = user_data_dir() / "crash.log"
        stamp = datetime.datetime.now().isoformat(timespec="seconds")
        with path.open("a", encoding="utf-8") as fh:
            fh.write(f"--- {stamp}\n")
            fh.write("".join(traceback.format_exception(exc)))
        return path
    except OSError:
        return None


def describe_error(exc: BaseException, log: Path | None) -> str:
    """A message for the player: data problems in their own words, anything else with the log's place."""
    from physics import AssetError

    if isinstance(exc, AssetError | CorruptFileError):
        return t("error.data", message=str(exc))
    where = str(log) if log is not None else "-"
    return t("error.unexpected", kind=type(exc).__name__, message=str(exc), log=where)
