"""``python -m game replay PATH --gif OUT.gif --turn N``: one turn of a replay as an animated GIF (Pillow, the
optional ``gif`` extra), to share a great game.

The replay's viewer scene is played headless from the start of turn N (1-based) to the start of the next turn
and a picture is taken every few frames.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import pygame

#: Pictures per second in the GIF, and the longest GIF made (frames): a turn is a few seconds.
GIF_FPS = 10
MAX_PICTURES = 600
FRAME_MS = 1000 / 60


class TurnViewer(Protocol):
    """What a replay viewer scene offers for this (the card game's and Cactus's viewers both do)."""

    playing: bool

    def gif_turn(self, turn: int) -> None: ...  # seek to the start of turn ``turn`` (0-based) and play it

    def gif_done(self, turn: int) -> bool: ...  # the turn is over (or the replay ended)


class GifError(RuntimeError):
    """The GIF cannot be made (no Pillow, no such turn); the message says why in one line."""


def record_turn(app: Any, scene: TurnViewer, turn: int, out: Path) -> int:
    """Play turn ``turn`` (1-based) of the viewer ``scene`` (already on ``app``) and write it to ``out``; returns
    the number of pictures."""
    try:
        from PIL import Image
    except ImportError:
        raise GifError("GIFs need Pillow: pip install 'garden-table[gif]'") from None
    if turn < 1:
        raise GifError(f"--turn must be 1 or more, got {turn}")
    scene.gif_turn(turn - 1)
    pictures: list[Any] = []
    every = max(1, round(60 / GIF_FPS))
    now = 0.0
    frame = 0
    while len(pictures) < MAX_PICTURES:
        app.frame(round(now))
        now += FRAME_MS
        if frame % every == 0:
            w, h = app.surface.get_size()
            picture = Image.frombytes("RGB", (w, h), pygame.image.tobytes(app.surface, "RGB"))
            pictures.append(picture.quantize(colors=128, method=Image.Quantize.FASTOCTREE))
        frame += 1
        if scene.gif_done(turn - 1):
            break
    if not pictures:
        raise GifError("nothing to show")
    out.parent.mkdir(parents=True, exist_ok=True)
    pictures[0].save(out, save_all=True, append_images=pictures[1:], duration=round(1000 / GIF_FPS), loop=0,
                     optimize=True)
    return len(pictures)
