"""Test set-up: headless SDL before anything imports pygame; hypothesis repeatable on CI."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import HealthCheck, settings  # noqa: E402

# On CI every run draws the same examples (a red CI is then reproducible, never a coin toss); locally each run
# explores new ones and hypothesis keeps the failures it finds in .hypothesis/.
settings.register_profile("ci", derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
if os.environ.get("CI"):
    settings.load_profile("ci")
