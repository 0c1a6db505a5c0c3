"""The guided first game of Cactus: a short tutorial on the real table (take, turn, the ring, hang, let go, confirm).

:mod:`~game.cactus.guide.steps` is the pure model (what each step waits for, and what went wrong when it fails);
:mod:`~game.cactus.guide.seen` remembers that the guide was offered; :mod:`~game.cactus.guide.coach` runs it
beside a play scene (the room opens that scene).
"""
