"""The event that wakes an idle window when a connection brings news (the window sleeps while nothing moves, but
a remote table's news must show at once): a connection's thread calls :func:`post_wake`; the app's idle wait
ends at once and the scene reads the news in its next update. Scenes ignore the event itself (:data:`NET_EVENT`).
"""

from __future__ import annotations

import contextlib

import pygame

#: Posted from a connection's thread when a message arrives.
NET_EVENT = pygame.event.custom_type()


def post_wake() -> None:
    """Wake the window (safe from any thread; a closed display is ignored)."""
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(NET_EVENT))


__all__ = ["NET_EVENT", "post_wake"]
