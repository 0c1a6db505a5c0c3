"""garden-table: the program (CLI, app loop, launcher, the two games)."""

import os

# pygame prints a banner on import unless told not to; nobody playing wants it on the console.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
