"""The Cactus screens: the setup, play, remote, replay and end scenes and what they draw (pygame)."""
