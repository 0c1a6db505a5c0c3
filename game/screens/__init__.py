"""The program's own screens around the rooms: the launcher, the lobby of remote play, the replays list and the
settings (pygame)."""
