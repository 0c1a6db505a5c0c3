"""Replays (docs/design.md "Replays"): one versioned file format for both rooms, recording, and exact verification.

- :mod:`game.replay.format`: the ``garden-table-replay/1`` format, its validation and the state checksum (pure);
- :mod:`game.replay.cards`: Artischocken: record a game as its first position and its action stream, rebuild it,
  verify it (pure);
- :mod:`game.replay.cactus`: Cactus: the match's actions, steps and the hand's input from a rebuilt start,
  played back exactly, verified, and a viewer session;
- :mod:`game.replay.session`: the card game's viewer session; :mod:`game.replay.gif`: one turn as a GIF;
  :mod:`game.replay.main`: ``replay PATH --verify``;
- :mod:`game.replay.store`: where replays are written (the user data dir's ``replays/``, the last 200 kept, or
  ``--record PATH``).
"""
