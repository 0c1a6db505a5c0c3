"""The table's sound: pygame's mixer playing the effects of :mod:`game.ui.synth`.

:data:`sounds` is the one player every scene uses: ``sounds.play("clack", 0.4)``. The app starts it once
(:meth:`Sounds.start`); it opens the mixer and makes every effect then, so playing one later is a call into
SDL that returns at once (the mixing runs in SDL's audio thread) and never holds up a frame. A machine
without a sound card, or a mixer that will not open, leaves the table silent: ``play`` does nothing, and the
reason is kept in ``problem`` (shown nowhere in the player's face). Mute and volume come from the settings
(:mod:`game.settings`) and change at once.

Nothing clips: every effect peaks at ``synth.PEAK`` and at most :data:`CHANNELS` play at once (a further one
waits its turn, i.e. is skipped), so their sum stays within full scale; the same effect started again within
:data:`REPEAT_GAP` seconds is skipped too (a heap of pieces landing at once is one clack, not twenty).
"""

from __future__ import annotations

import time

import pygame

from game.ui import synth

FREQUENCY = 44100
BUFFER = 512
#: Effects that may sound at once (CHANNELS x synth.PEAK <= 1: their sum never clips).
CHANNELS = 4
#: The same effect is not started again sooner than this (s).
REPEAT_GAP = 0.045
#: The longest :meth:`Sounds.stop` waits for the effects to end before it closes the mixer (s).
QUIET_WAIT = 1.0


class Sounds:
    """The mixer and the effects (see the module docstring)."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.problem: str | None = None
        self.volume = 0.8
        self.muted = False
        self.played: list[tuple[str, float]] = []  # (name, volume) of every effect started, for tests
        self._last: dict[str, float] = {}

    @property
    def available(self) -> bool:
        """The mixer is open and the effects are made."""
        return bool(self.sounds) and pygame.mixer.get_init() is not None

    def start(self, *, volume: int = 80, muted: bool = False) -> bool:
        """Open the mixer and make the effects; False (silently, the reason in ``problem``) when there is no
        sound to be had."""
        self.set_volume(volume)
        self.muted = muted
        self.sounds = {}
        self.played = []
        self._last = {}
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(FREQUENCY, -16, 2, BUFFER, allowedchanges=0)
            pygame.mixer.set_num_channels(CHANNELS)
            opened = pygame.mixer.get_init()
            if opened is None:
                raise pygame.error("the mixer did not open")
            rate, _size, channels = opened
            for name in synth.EFFECTS:
                samples = synth.pcm16(synth.effect(name, rate), channels)
                self.sounds[name] = pygame.sndarray.make_sound(samples)
        except (pygame.error, NotImplementedError, ValueError, TypeError) as exc:
            self.problem = f"no sound: {exc}"
            self.sounds = {}
            return False
        self.problem = None
        return True

    def stop(self) -> None:
        """Close the mixer once no effect plays. pygame's mixer takes the interpreter's lock in its audio thread
        when an effect ends, and closing the mixer waits for that thread while holding the lock: closing it just
        as an effect ends would hang the program. So the effects are let end first, the lock given up meanwhile
        (a sleep), for at most :data:`QUIET_WAIT` seconds; then nothing ends while the mixer closes."""
        self.sounds = {}
        if pygame.mixer.get_init() is None:
            return
        waited = 0.0
        while pygame.mixer.get_busy() and waited < QUIET_WAIT:
            time.sleep(0.01)
            waited += 0.01
        time.sleep(0.02)  # an effect that ended just now: its audio thread is done with the lock
        pygame.mixer.quit()

    def set_volume(self, percent: int) -> None:
        self.volume = min(100, max(0, int(percent))) / 100

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Start effect ``name`` at ``volume`` (0..1, times the master volume); True when it sounds."""
        if self.muted or self.volume <= 0 or volume <= 0:
            return False
        sound = self.sounds.get(name)
        if sound is None or pygame.mixer.get_init() is None:
            return False
        now = time.monotonic()
        if now - self._last.get(name, -1.0) < REPEAT_GAP:
            return False
        channel = pygame.mixer.find_channel()
        if channel is None:
            return False
        self._last[name] = now
        channel.set_volume(min(1.0, volume) * self.volume)
        channel.play(sound)
        self.played.append((name, volume))
        del self.played[:-200]
        return True


#: The table's one sound player.
sounds = Sounds()


def quit_pygame() -> None:
    """``pygame.quit()``, the mixer closed first as :meth:`Sounds.stop` closes it (never while an effect ends)."""
    sounds.stop()
    pygame.quit()


def play(name: str, volume: float = 1.0) -> bool:
    """``sounds.play``: start effect ``name`` (see :meth:`Sounds.play`)."""
    return sounds.play(name, volume)


def impact_volume(speed: float) -> float:
    """How loud a clack is for an impact closing at ``speed`` mm/s (physics' fact): 0 below a touch, 1 for a
    hard knock."""
    return max(0.0, min(1.0, (speed - 40.0) / 1200.0)) ** 0.6
