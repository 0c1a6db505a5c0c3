"""The table's sound effects, synthesised with numpy (no sound files, nothing to license).

Every effect is a short mono float array in -1..1 at the given rate, shaped by an envelope with a soft attack
and release (no clicks at its ends) and normalised to the same peak (:data:`PEAK`), so that the few effects
the mixer plays at once (:data:`game.ui.sound.CHANNELS`) can never add up past full scale. The noise is
seeded: the same effect every start.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

#: The peak of every effect (full scale = 1): CHANNELS effects at once stay at or below 1.
PEAK = 0.24

Wave = np.ndarray


def _t(rate: int, seconds: float) -> Wave:
    return np.arange(round(rate * seconds), dtype=np.float64) / rate


def _env(n: int, rate: int, decay: float, attack: float = 0.004, release: float = 0.01) -> Wave:
    """An exponential decay (``decay`` s to 1/e) with a linear attack and a release to silence."""
    t = np.arange(n) / rate
    env = np.exp(-t / decay)
    a = max(1, round(attack * rate))
    env[:a] *= np.linspace(0.0, 1.0, a)
    r = min(n, max(1, round(release * rate)))
    env[n - r:] *= np.linspace(1.0, 0.0, r)
    return env


def _lowpass(x: Wave, width: int) -> Wave:
    """A moving average of ``width`` samples (a gentle low-pass)."""
    if width <= 1:
        return x
    return np.convolve(x, np.ones(width) / width, mode="same")


def _noise(rate: int, seconds: float, seed: int) -> Wave:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, round(rate * seconds))


def _tone(rate: int, seconds: float, freq: float | Wave, harmonics: tuple[float, ...] = (1.0,)) -> Wave:
    t = _t(rate, seconds)
    phase = 2 * np.pi * (np.cumsum(np.broadcast_to(freq, t.shape)) / rate)
    return sum((amp * np.sin(phase * (k + 1)) for k, amp in enumerate(harmonics)), np.zeros_like(t))


def _at(rate: int, total: float, parts: list[tuple[float, Wave]]) -> Wave:
    """Mix ``parts`` (start second, wave) into one wave ``total`` seconds long."""
    out = np.zeros(round(rate * total))
    for start, wave in parts:
        i = round(start * rate)
        n = min(len(wave), len(out) - i)
        if n > 0:
            out[i:i + n] += wave[:n]
    return out


# -- the effects -----------------------------------------------------------------------------------------

def click(rate: int) -> Wave:
    """A soft UI tick."""
    s = 0.035
    n = round(rate * s)
    return (_tone(rate, s, 1800.0) * 0.6 + _lowpass(_noise(rate, s, 1), 4) * 0.4) * _env(n, rate, 0.006)


def knock(rate: int, pitch: float = 900.0, seconds: float = 0.09, seed: int = 2) -> Wave:
    """A wooden knock: a short resonance over a burst of dull noise."""
    n = round(rate * seconds)
    body = _tone(rate, seconds, pitch, (1.0, 0.0, 0.35)) * _env(n, rate, 0.018)
    hit = _lowpass(_noise(rate, seconds, seed), 6) * _env(n, rate, 0.006, attack=0.001)
    return body * 0.7 + hit * 0.8


def clack(rate: int) -> Wave:
    """Laser-cut wood meeting a cactus or a piece."""
    return knock(rate, 1150.0, 0.08, 3)


def roll(rate: int) -> Wave:
    """The die tumbling: a rattle of knocks, slowing down."""
    parts, at = [], 0.0
    for k, gap in enumerate((0.045, 0.05, 0.06, 0.075, 0.095, 0.13)):
        parts.append((at, knock(rate, 700.0 + 90 * (k % 3), 0.07, 10 + k) * (1.0 - 0.08 * k)))
        at += gap
    return _at(rate, at + 0.08, parts)


def grab(rate: int) -> Wave:
    """A piece taken in the hand: a short rising pop."""
    s = 0.09
    n = round(rate * s)
    return _tone(rate, s, np.linspace(380.0, 760.0, n), (1.0, 0.3)) * _env(n, rate, 0.03)


def fall(rate: int) -> Wave:
    """A piece falling off: a falling whistle, then a thud on the sand."""
    s = 0.32
    n = round(rate * s)
    whistle = _tone(rate, s, np.linspace(900.0, 300.0, n), (1.0, 0.2)) * _env(n, rate, 0.2) * 0.5
    thud = knock(rate, 160.0, 0.18, 4)
    return _at(rate, 0.5, [(0.0, whistle), (0.3, thud)])


def chime(rate: int) -> Wave:
    """An award: two bell notes (E6, then A6)."""
    def bell(freq: float) -> Wave:
        s = 0.55
        return _tone(rate, s, freq, (1.0, 0.0, 0.25, 0.0, 0.1)) * _env(round(rate * s), rate, 0.18)
    return _at(rate, 0.75, [(0.0, bell(1318.5)), (0.11, bell(1760.0))])


def buzz(rate: int) -> Wave:
    """A penalty: a low, soft buzz with a wobble (never harsh)."""
    s = 0.34
    n = round(rate * s)
    wobble = 1.0 + 0.25 * np.sin(2 * np.pi * 18 * _t(rate, s))
    wave = _tone(rate, s, np.linspace(150.0, 120.0, n), (1.0, 0.5, 0.33, 0.25)) * wobble
    return _lowpass(wave, 3) * _env(n, rate, 0.25, attack=0.01, release=0.05)


def _arpeggio(rate: int, notes: tuple[float, ...], step: float, last: float) -> Wave:
    parts = []
    for k, freq in enumerate(notes):
        s = last if k == len(notes) - 1 else step * 2.2
        wave = _tone(rate, s, freq, (1.0, 0.4, 0.2)) * _env(round(rate * s), rate, s * 0.45, attack=0.006)
        parts.append((k * step, wave))
    return _at(rate, step * (len(notes) - 1) + last, parts)


def fanfare(rate: int) -> Wave:
    """The end of a Cactus game: C, E, G, then a long high C."""
    return _arpeggio(rate, (523.3, 659.3, 784.0, 1046.5), 0.12, 0.6)


def win(rate: int) -> Wave:
    """Artischocken won: a brighter run, G, B, D, G."""
    return _arpeggio(rate, (784.0, 987.8, 1174.7, 1568.0), 0.1, 0.6)


def slide(rate: int) -> Wave:
    """A card sliding over the felt: a soft swish."""
    s = 0.13
    n = round(rate * s)
    swish = _lowpass(_noise(rate, s, 5), 5) - _lowpass(_noise(rate, s, 5), 40)
    shape = np.sin(np.linspace(0.0, np.pi, n)) ** 2
    return swish * shape * _env(n, rate, 1.0, attack=0.002, release=0.02)


def flip(rate: int) -> Wave:
    """A card turned over: a snap."""
    s = 0.06
    n = round(rate * s)
    return (_lowpass(_noise(rate, s, 6), 2) * 0.8 + _tone(rate, s, 2400.0) * 0.3) * _env(n, rate, 0.008)


def shuffle(rate: int) -> Wave:
    """A riffle shuffle: quick snaps running together."""
    snap = flip(rate) * 0.8
    return _at(rate, 0.5, [(k * 0.034 + 0.004 * (k % 3), snap * (0.6 + 0.4 * (k % 2))) for k in range(12)])


def compost(rate: int) -> Wave:
    """A card onto the compost heap: a soft, low thump with a rustle."""
    s = 0.28
    n = round(rate * s)
    thump = _tone(rate, s, np.linspace(140.0, 80.0, n)) * _env(n, rate, 0.07)
    rustle = _lowpass(_noise(rate, s, 7), 8) * _env(n, rate, 0.06) * 0.5
    return thump + rustle


def steal(rate: int) -> Wave:
    """A beet's steal: a quick sly swoop up and down."""
    s = 0.26
    n = round(rate * s)
    freq = 500.0 + 500.0 * np.sin(np.linspace(0.0, np.pi, n))
    return _tone(rate, s, freq, (1.0, 0.25)) * _env(n, rate, 0.15)


EFFECTS: dict[str, Callable[[int], Wave]] = {
    "click": click, "roll": roll, "grab": grab, "clack": clack, "fall": fall, "chime": chime, "buzz": buzz,
    "fanfare": fanfare, "slide": slide, "flip": flip, "shuffle": shuffle, "compost": compost, "steal": steal,
    "win": win,
}


@cache
def effect(name: str, rate: int) -> Wave:
    """Effect ``name`` at ``rate`` Hz, peak :data:`PEAK` (made once per process)."""
    wave = EFFECTS[name](rate)
    top = float(np.max(np.abs(wave))) or 1.0
    return (wave * (PEAK / top)).astype(np.float32)


def pcm16(wave: Wave, channels: int) -> np.ndarray:
    """A wave as 16-bit samples, one column per channel (C-contiguous, for ``pygame.sndarray``)."""
    samples = np.round(np.clip(wave, -1.0, 1.0) * 32767).astype(np.int16)
    return np.ascontiguousarray(np.repeat(samples[:, None], channels, axis=1)) if channels > 1 else samples
