"""Sound. Headless bot games of both rooms write their sound with SDL's disk driver (non-silent,
and silent with --mute); a mixer that cannot open leaves the table silent with no message; the effects are
mixed so nothing clips; M mutes anywhere and is remembered."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pygame
import pytest

from game import settings
from game.ui import synth
from game.ui.sound import CHANNELS, QUIET_WAIT, impact_volume, sounds

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "cactus": ["cactus", "--players", "2", "--bots", "2", "--fast", "--frames", "150"],
    "artischocken": ["artischocken", "--seats", "greedy,random", "--fast", "--frames", "90"],
}


def record(tmp_path: Path, room: str, *extra: str,
           driver: str = "disk") -> tuple[np.ndarray, subprocess.CompletedProcess[str]]:
    """Run a headless bot game of ``room`` with SDL's disk audio driver; the samples it wrote (16-bit)."""
    raw = tmp_path / f"{room}.raw"
    env = {**os.environ, "SDL_AUDIODRIVER": driver, "SDL_DISKAUDIOFILE": str(raw), "SDL_VIDEODRIVER": "dummy",
           "GARDEN_TABLE_HOME": str(tmp_path / "home"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-m", "game", *GAMES[room], "--headless", *extra], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    samples = np.fromfile(raw, dtype=np.int16) if raw.exists() else np.zeros(0, np.int16)
    return samples, done


@pytest.mark.parametrize("room", sorted(GAMES))
def test_headless_bot_game_writes_sound_with_the_disk_driver(tmp_path: Path, room: str) -> None:
    # --headless keeps the SDL_AUDIODRIVER set in the environment; the game's effects reach the file
    samples, _ = record(tmp_path, room)
    assert samples.size > 10_000
    loud = np.abs(samples.astype(np.int32))
    assert loud.max() > 2000, "the game made no sound"
    assert loud.max() < 32767, "the mix clipped"


@pytest.mark.parametrize("room", ["artischocken", pytest.param("cactus", marks=pytest.mark.slow)])
def test_mute_flag_writes_silence(tmp_path: Path, room: str) -> None:
    samples, _ = record(tmp_path, room, "--mute")
    assert samples.size > 10_000  # the mixer ran ...
    assert not samples.any()  # ... and played nothing
    assert not settings.Settings().muted  # and --mute saved nothing (a fresh default)
    assert not (tmp_path / "home" / "settings.json").exists()


def test_a_sound_driver_that_fails_plays_silently_without_a_message(tmp_path: Path) -> None:
    _, done = record(tmp_path, "artischocken", driver="no-such-driver")
    assert "Traceback" not in done.stderr
    assert "sound" not in done.stderr.lower() and "audio" not in done.stderr.lower()


def test_mixer_failing_to_open_leaves_the_app_silent(make_app, monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    app = make_app()
    assert not sounds.available
    assert sounds.problem is not None and "no audio device" in sounds.problem
    assert sounds.play("chime") is False  # and no exception
    app.frame()


def test_effects_are_short_soft_edged_and_peak_alike() -> None:
    for name in synth.EFFECTS:
        wave = synth.effect(name, 44100)
        assert 0.02 < len(wave) / 44100 <= 1.0, name
        assert np.max(np.abs(wave)) == pytest.approx(synth.PEAK, rel=1e-3), name
        assert abs(wave[0]) < 0.02 and abs(wave[-1]) < 0.02, f"{name} clicks at an end"


def test_the_most_effects_that_can_sound_at_once_never_clip(make_app) -> None:
    # the mixer adds up the channels that play: at most CHANNELS effects sound together, and even the loudest of
    # them, started on the same sample at full volume, stay within 16-bit full scale
    make_app()
    assert sounds.available
    peaks = sorted((int(np.abs(pygame.sndarray.array(s).astype(np.int32)).max()) for s in sounds.sounds.values()),
                   reverse=True)
    assert len(peaks) == len(synth.EFFECTS) > CHANNELS
    assert sum(peaks[:CHANNELS]) <= 32767
    started = [sounds.play(name) for name in list(synth.EFFECTS)[:CHANNELS + 1]]
    assert started == [True] * CHANNELS + [False]  # one effect more waits its turn: it is skipped


def test_clack_loudness_follows_the_impact() -> None:
    assert impact_volume(10.0) == 0.0
    assert 0 < impact_volume(200.0) < impact_volume(800.0) < impact_volume(3000.0) == 1.0


def test_a_bot_game_plays_the_rooms_effects(make_app) -> None:
    from game.cactus.match import Match
    from game.cactus.screens.scene_play import PlayScene

    app = make_app()
    assert sounds.available
    scene = PlayScene(Match.new(players=2, bots=[True, True], seed=1), autosave=False, record_replay=False)
    app.push(scene)
    for _ in range(900):
        app.frame()
        if {"roll", "grab", "clack", "chime"} <= {n for n, _ in sounds.played}:
            break
    names = {n for n, _ in sounds.played}
    assert {"roll", "grab", "clack"} <= names
    clacks = [v for n, v in sounds.played if n == "clack"]
    assert len(set(clacks)) > 1  # each as loud as its impact, not one fixed level


def test_m_mutes_anywhere_and_is_remembered(make_app) -> None:
    app = make_app()
    from game.screens.launcher import LauncherScene

    app.push(LauncherScene())
    assert not sounds.muted
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0))
    app.frame()
    assert sounds.muted and settings.load_settings().muted
    assert app.scene.message.text == "Sound off (M)"  # it says so at once
    assert sounds.play("click") is False
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0))
    app.frame()
    assert not sounds.muted and not settings.load_settings().muted


def test_the_mixer_closes_only_once_its_effects_ended(make_app) -> None:
    # the mixer's audio thread takes the interpreter's lock as an effect ends; closing the mixer just then, the lock
    # held, would hang: stop lets the effects end first (the lock given up meanwhile), then closes
    make_app()
    for _ in range(5):
        sounds.start()
        assert sounds.available
        name = next(iter(synth.EFFECTS))
        length = sounds.sounds[name].get_length()
        started = time.monotonic()
        assert sounds.play(name)
        assert pygame.mixer.get_busy()
        sounds.stop()
        assert time.monotonic() - started >= min(length, QUIET_WAIT)  # it waited for the effect to end
        assert pygame.mixer.get_init() is None and not sounds.available
