"""The window, the fixed-timestep loop and the scene stack.

One :class:`App` owns the pygame window and a stack of scenes. Every frame it feeds events to the top scene,
runs ``fixed_update`` at a fixed rate from an integer-millisecond accumulator (with a clamp, so a stall never
causes a spiral of catch-up steps), then ``update`` and ``draw``. The clock is injectable: tests and headless
runs pass frame times explicitly and need no real time.

The app imports no scene. The few scenes it shows on its own behalf (the message that replaces a failing
scene, the stand-in for a room not built yet, the home screen a lone room leaves to) are handed in through
:class:`AppOptions` by whoever builds the app (``game.cli``); :mod:`game.rooms` moves between rooms.
"""

from __future__ import annotations

import ctypes
import math
import os
import re
import sys
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from game import settings
from game.i18n import t
from game.ui import draw
from game.ui.sound import sounds
from game.ui.widgets import Dialog, MessageLine, TextSource

#: Fixed update step in whole milliseconds (100 Hz); scenes sub-step further where they need to.
FIXED_STEP_MS = 10
#: At most this much time is caught up in one frame; the rest is dropped (the game slows down instead).
MAX_FRAME_MS = 250
#: The frame time a headless run pretends to take (60 frames per second).
HEADLESS_FRAME_MS = 1000 / 60
#: The smallest window every room lays out cleanly in.
MIN_WINDOW = (800, 600)
#: Frames per second while something moves.
ACTIVE_FPS = 60
#: While the scene is still, the app waits for input at most this long before it draws a frame anyway
#: (so an idle window draws at most 2 frames a second).
IDLE_WAIT_MS = 500
#: After an input event the app keeps drawing at ``ACTIVE_FPS`` this long before it may idle (button
#: flashes, hover fades and the like finish without every scene having to report them).
INPUT_GRACE_MS = 400
#: The events a player makes (they keep the app awake for ``INPUT_GRACE_MS``). The window's own events (resized,
#: exposed, focus gained or lost, shown...) are not play: like any event they end an idle wait, so the next
#: frame is drawn at once, but they leave a still scene idle.
#: The keys of every room (see :meth:`App.global_key`).
MUTE_KEY = pygame.K_m
FULLSCREEN_KEY = pygame.K_F11
SETTINGS_KEY = pygame.K_F2
INPUT_EVENTS = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                          pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL})


class BaseScene:
    """A scene with no-op hooks. Subclasses override what they need.

    ``layout(size)`` is called when the scene becomes active and whenever the window changes size;
    ``on_back()`` is asked on Esc: return True when the scene handled it (left a mode of its own, say), False
    to let the app pop the scene; Esc never reaches ``handle_event``. ``on_quit_request()`` is asked of every
    scene when the window is closed: any False keeps the app running (the scene then asks the player itself).

    A scene's modal dialog is hosted by the app: ``open_dialog(...)`` puts it in ``dialog``; while it is open
    the top scene's dialog gets every event first (Esc cancels it), is updated, drawn over the scene and laid
    out again on resize; once closed the app clears ``dialog``.
    """

    app: App
    dialog: Dialog | None = None

    def attach(self, app: App) -> None:
        self.app = app

    def layout(self, size: tuple[int, int]) -> None:
        pass

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass

    def on_back(self) -> bool:
        return False

    def typing(self) -> bool:
        """True while a text field of this scene has the keyboard (M then types an m instead of muting)."""
        return False

    def open_dialog(self, title: str, body: str, buttons: list[tuple[TextSource, Callable[[], None]]],
                    width: int = 520, focus: int = -1) -> Dialog:
        """Open a modal dialog over this scene (it replaces one already open); the app runs it from now on.
        ``focus``: the button Enter presses at first (by default the last, the cancel action)."""
        self.dialog = Dialog(title, body, buttons, width=width, focus=focus)
        self.dialog.layout(self.app.size)
        return self.dialog

    def on_quit_request(self) -> bool:
        """The window is being closed: return False to keep it open (e.g. to ask about unsaved work)."""
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def fixed_update(self, dt: float) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def still(self) -> bool:
        """True when nothing on this scene's screen changes until the next input event: no drag, no physics
        in motion, no animation, message, timer or visible bot thinking. The app then waits for input instead
        of drawing frames. Must be cheap and change nothing; the default (False) keeps the scene at 60 fps."""
        return False


class FixedStepAccumulator:
    """Turns frame times (integer ms) into a whole number of fixed steps."""

    def __init__(self, step_ms: int = FIXED_STEP_MS, max_frame_ms: int = MAX_FRAME_MS) -> None:
        if step_ms <= 0:
            raise ValueError("step_ms must be positive")
        self.step_ms = step_ms
        self.max_frame_ms = max_frame_ms
        self.pending_ms = 0
        self.total_steps = 0
        self.dropped_ms = 0

    def add(self, frame_ms: int) -> int:
        """Add one frame's elapsed time; return how many fixed steps to run now."""
        frame_ms = max(0, int(frame_ms))
        if frame_ms > self.max_frame_ms:
            # drop whole steps only, so that the steps stay on the clock's grid (an idle wait of any length
            # never shifts when later steps run relative to later input)
            drop = -(-(frame_ms - self.max_frame_ms) // self.step_ms) * self.step_ms
            self.dropped_ms += drop
            frame_ms -= drop
        self.pending_ms += frame_ms
        steps, self.pending_ms = divmod(self.pending_ms, self.step_ms)
        self.total_steps += steps
        return steps

    @property
    def alpha(self) -> float:
        """How far (0..1) the time is between the last fixed step and the next, for interpolation."""
        return self.pending_ms / self.step_ms


@dataclass
class AppOptions:
    size: tuple[int, int] = (1280, 800)
    headless: bool = False
    frames: int | None = None
    screenshot: Path | None = None
    lang: str = "en"
    #: ``--seed``: the seed of every new game; None draws a fresh one for each (``game.seeds.game_seed``).
    seed: int | None = None
    title: str = "garden-table"
    #: Turn an exception in a scene into an on-screen message (and a crash log) instead of a traceback.
    #: The CLI sets it; tests leave it off so that failures show.
    catch_errors: bool = False
    #: The scene that replaces a failing one: ``error_scene(message)``. Without it a caught error is logged to
    #: ``crash.log`` and raised again.
    error_scene: Callable[[str], BaseScene] | None = None
    #: The stand-in for a room that is not built yet: ``placeholder_scene(room_name)`` (see :mod:`game.rooms`).
    placeholder_scene: Callable[[str], BaseScene] | None = None
    #: The home screen (the launcher) that takes the place of a room left while it is the only scene.
    home_scene: Callable[[], BaseScene] | None = None
    #: The settings screen (F2 anywhere, see ``SETTINGS_KEY``).
    settings_scene: Callable[[], BaseScene] | None = None
    #: ``--mute`` / ``--colour-blind``: on for this run, whatever the settings say (never saved).
    mute: bool = False
    colour_blind: bool = False


SDL_INIT_VIDEO = 0x20


@cache
def sdl_wait_event_timeout() -> Callable[[Any, int], int] | None:
    """``SDL_WaitEventTimeout`` of the SDL library pygame runs on (found on Linux; None elsewhere or when it
    cannot be found). SDL sleeps in the operating system until the window system has an event; pygame-ce's
    ``event.wait`` polls every millisecond instead, which costs an idle window 3-4 % of a core under X11."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            paths = sorted({line.split()[-1] for line in maps if re.search(r"/libSDL2(-[^/_]*)?\.so", line)})
    except OSError:
        return None
    for path in paths:
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_WasInit.argtypes, lib.SDL_WasInit.restype = [ctypes.c_uint32], ctypes.c_uint32
            if not lib.SDL_WasInit(SDL_INIT_VIDEO):
                continue  # not the instance pygame initialised
            wait = lib.SDL_WaitEventTimeout
            wait.argtypes, wait.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int
            return wait  # type: ignore[no-any-return]
        except (OSError, AttributeError):
            continue
    return None


def wait_for_event(timeout_ms: int) -> pygame.event.Event:
    """The next event, or a NOEVENT event once ``timeout_ms`` passed: ``pygame.event.wait`` without its
    millisecond polling where SDL's own wait is at hand (the app's default ``wait_event``)."""
    sdl_wait = sdl_wait_event_timeout()
    if sdl_wait is None or not pygame.display.get_init():
        return pygame.event.wait(timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000

    def left_ms() -> int:
        return max(0, math.ceil((deadline - time.monotonic()) * 1000))

    while True:
        event = pygame.event.poll()
        if event.type != pygame.NOEVENT or left_ms() <= 0:
            return event
        if sdl_wait(None, left_ms()):  # something is queued: pygame takes it next time round
            event = pygame.event.poll()
            left = left_ms()
            if event.type != pygame.NOEVENT or left <= 0:
                return event
            return pygame.event.wait(left)  # queued, but nothing pygame shows: pygame's own wait (0 = forever)


class VirtualClock:
    """A clock for headless runs: every call advances a fixed frame time (kept exact in integer ms)."""

    def __init__(self, frame_ms: float = HEADLESS_FRAME_MS) -> None:
        self.frame_ms = frame_ms
        self._time = 0.0

    def __call__(self) -> int:
        self._time += self.frame_ms
        return int(self._time)


class App:
    """One window, one scene stack, one loop."""

    def __init__(self, options: AppOptions | None = None, clock: Callable[[], int] | None = None) -> None:
        self.options = options or AppOptions()
        if self.options.headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            # an audio driver set in the environment is kept (a test records the sound with SDL's "disk")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        prefs = settings.begin_run(mute=self.options.mute, colour_blind=self.options.colour_blind)
        pygame.display.init()
        pygame.font.init()
        draw.clear_caches()  # fonts made before an earlier pygame.quit() are dead, and the texts they rendered
        pygame.key.set_repeat(350, 40)
        flags = pygame.RESIZABLE
        self.surface = pygame.display.set_mode(self.options.size, flags)
        pygame.display.set_caption(self.options.title)
        self.fullscreen = False
        self._windowed = self.surface.get_size()
        # the mixer and the effects: a machine without a sound card plays silently (sounds.problem says why)
        sounds.start(volume=prefs.volume, muted=prefs.muted)
        if clock is None:
            clock = VirtualClock() if self.options.headless else pygame.time.get_ticks
        self.clock = clock
        self._last_ms: int | None = None
        self.accumulator = FixedStepAccumulator()
        self.stack: list[BaseScene] = []
        self.running = True
        self.frame_count = 0
        self.exit_code = 0
        self._pacer = pygame.time.Clock()
        #: How the idle loop waits for input: ``wait_event(timeout_ms)`` returns the next event or a NOEVENT
        #: event once the timeout passes (:func:`wait_for_event`; tests inject their own).
        self.wait_event: Callable[[int], pygame.event.Event] = wait_for_event
        self._held: list[pygame.event.Event] = []  # events the idle wait took, handled in the next frame
        self._last_input_ms: int | None = None
        self.idle_waits = 0
        self._waited_in_vain = False  # the last idle wait ended by its timeout, with no event
        self.flips = 0
        self._error_scenes: weakref.WeakSet[BaseScene] = weakref.WeakSet()  # the messages this app put up
        #: Asked, after the scenes, when the player quits: one returning False holds the program (it asks the
        #: player itself first, as the program's own table server does while a hosted table is in play).
        self.quit_checks: list[Callable[[], bool]] = []
        if prefs.fullscreen and not self.options.headless:
            self.set_fullscreen(True)

    # -- the scene stack ---------------------------------------------------------------------------
    @property
    def scene(self) -> BaseScene | None:
        return self.stack[-1] if self.stack else None

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def push(self, scene: BaseScene) -> None:
        scene.attach(self)
        self.stack.append(scene)
        scene.layout(self.size)
        scene.on_enter()

    def pop(self) -> BaseScene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.on_exit()
        if self.stack:
            self.stack[-1].layout(self.size)
            self.stack[-1].on_enter()
        else:
            self.running = False
        return scene

    def replace(self, scene: BaseScene) -> None:
        if self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def quit_held(self) -> bool:
        """Whether a quit check holds the program up (and asks the player); see :attr:`quit_checks`."""
        return not all(check() for check in list(self.quit_checks))

    def request_quit(self) -> None:
        """The player quits (the window closed, the launcher's Quit): every scene, then every check, may hold it."""
        if all(scene.on_quit_request() for scene in reversed(self.stack)) and not self.quit_held():
            self.quit()

    # -- the loop ----------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        width, height = max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])
        if self.fullscreen:
            width, height = self.surface.get_size()
        elif (width, height) != self.surface.get_size():
            self.surface = pygame.display.set_mode((width, height), pygame.RESIZABLE)
            self._windowed = (width, height)
        self.relayout()

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen (the desktop's size) or back to the window it was (F11; the settings screen)."""
        if on == self.fullscreen:
            return
        try:
            if on:
                desktop = pygame.display.get_desktop_sizes()[0]
                self.surface = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
            else:
                self.surface = pygame.display.set_mode(self._windowed, pygame.RESIZABLE)
        except (pygame.error, IndexError):
            return  # no fullscreen to be had: the window stays as it is
        self.fullscreen = on
        self.relayout()

    def relayout(self) -> None:
        """Lay every scene (and its dialog) out again at the window's size (after a resize, or a setting that
        changes what the scenes show)."""
        width, height = self.surface.get_size()
        for scene in self.stack:
            scene.layout((width, height))
            if scene.dialog is not None:
                scene.dialog.layout((width, height))

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        scene = self.scene
        if scene is None:
            return
        dialog = scene.dialog
        if dialog is not None and dialog.open:
            dialog.handle_event(event)  # modal: every event is the dialog's, Esc cancels it
            if not dialog.open and scene.dialog is dialog:
                scene.dialog = None
            return
        if event.type == pygame.KEYDOWN and self.global_key(event, scene):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc is the app's: the scene may use it to close something of its own, else it goes back
            if not scene.on_back():
                self.pop()
            return
        scene.handle_event(event)

    def global_key(self, event: pygame.event.Event, scene: BaseScene) -> bool:
        """The keys of every room: M mutes (unless the scene takes typed text), F11 fullscreen, F2 the settings
        screen. True when the key was one of them."""
        plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        if event.key == MUTE_KEY and plain and not scene.typing():
            muted = self.toggle_mute()
            line = getattr(scene, "message", None)  # the scene's message line says so, where it has one
            if isinstance(line, MessageLine):
                line.show(t("settings.toast.muted" if muted else "settings.toast.unmuted"), "info", 1.5)
        elif event.key == FULLSCREEN_KEY:
            self.set_fullscreen(not self.fullscreen)
            settings.change("fullscreen", self.fullscreen)
        elif event.key == SETTINGS_KEY and self.options.settings_scene is not None:
            if not getattr(scene, "is_settings", False):
                self.push(self.options.settings_scene())
        else:
            return False
        return True

    def toggle_mute(self) -> bool:
        """Sound off (or on again), remembered; returns whether it is muted now."""
        muted = not settings.current().muted
        settings.change("muted", muted)
        sounds.muted = muted
        if not muted:
            sounds.play("click")
        return muted

    def frame(self, now_ms: int | None = None) -> bool:
        """Run one frame: events, fixed steps, update, draw. True when the frame was drawn (on the app's
        surface: only then is there anything new to show)."""
        if not self.options.catch_errors:
            return self._frame(now_ms)
        try:
            return self._frame(now_ms)
        except Exception as exc:  # a player never sees a traceback: the scene is replaced by a message
            if self.options.error_scene is None:
                from game.crash import write_crash_log

                write_crash_log(exc)
                raise
            self.recover(exc)
            return False

    def recover(self, exc: Exception) -> None:
        """Replace the failing scene by an error message; a failure of the message itself ends the app."""
        from game.crash import write_crash_log

        log = write_crash_log(exc)
        failing = self.scene
        if self.options.error_scene is None or failing in self._error_scenes or len(self.stack) > 20:
            self.quit(1)
            return
        if failing is not None:
            self.stack.pop()
        self._show_error(exc, log)

    def show_error(self, exc: Exception) -> None:
        """Log ``exc`` to ``crash.log`` and put the error scene on top, saying what failed (e.g. a room that
        could not open). Without an ``error_scene`` in the options the exception is raised again."""
        from game.crash import write_crash_log

        log = write_crash_log(exc)
        if self.options.error_scene is None:
            raise exc
        self._show_error(exc, log)

    def _show_error(self, exc: Exception, log: Path | None) -> None:
        from game.crash import describe_error

        factory = self.options.error_scene
        assert factory is not None
        scene = factory(describe_error(exc, log))
        self._error_scenes.add(scene)
        self.push(scene)

    def _frame(self, now_ms: int | None) -> bool:
        now = self.clock() if now_ms is None else now_ms
        elapsed = 0 if self._last_ms is None else now - self._last_ms
        self._last_ms = now
        events = self._held + pygame.event.get()
        self._held = []
        if any(e.type in INPUT_EVENTS for e in events):
            self._last_input_ms = now
        for event in events:
            self.dispatch(event)
            if not self.running:
                return False
        scene = self.scene
        if scene is None:
            return False
        steps = self.accumulator.add(elapsed)
        dt = self.accumulator.step_ms / 1000.0
        for _ in range(steps):
            scene.fixed_update(dt)
        scene.update(elapsed / 1000.0 * settings.motion_factor())
        dialog = scene.dialog
        if dialog is not None:
            dialog.update(elapsed / 1000.0)
            if not dialog.open and scene.dialog is dialog:
                scene.dialog = None
        drawn = self.scene is scene
        if drawn:
            scene.draw(self.surface)
            if scene.dialog is not None:
                scene.dialog.draw(self.surface)
        self.frame_count += 1
        return drawn

    @property
    def last_frame_ms(self) -> int | None:
        """The clock's time at the last frame (None before the first)."""
        return self._last_ms

    def is_still(self) -> bool:
        """The top scene (and its dialog) shows nothing that moves, and no input came in just now."""
        scene = self.scene
        if scene is None or not scene.still():
            return False
        dialog = scene.dialog
        if dialog is not None and dialog.open and not dialog.still():
            return False
        last, now = self._last_input_ms, self._last_ms
        return last is None or now is None or now - last >= INPUT_GRACE_MS

    def pace(self) -> None:
        """Between two frames of a windowed run: 60 fps while something moves; while the scene is still,
        wait for input (at most ``IDLE_WAIT_MS``), so that an idle window uses next to no CPU. An event that
        ends the wait is handled in the very next frame."""
        if self.is_still():
            self.idle_waits += 1
            event = self.wait_event(IDLE_WAIT_MS)
            self._waited_in_vain = event.type == pygame.NOEVENT
            if not self._waited_in_vain:
                self._held.append(event)
            self._pacer.tick()  # the wait is not counted as a frame's own time by the pacer
            return
        self._waited_in_vain = False
        self._pacer.tick(ACTIVE_FPS)

    def present(self, drawn: bool) -> None:
        """Show the frame just drawn (``pygame.display.flip``), unless nothing was drawn, or it is the frame
        after an idle wait that no event ended and the scene is still: the window shows that picture already."""
        if drawn and not (self._waited_in_vain and self.is_still()):
            pygame.display.flip()
            self.flips += 1

    def run(self) -> int:
        """Loop until the stack empties, a scene quits, or ``--frames`` frames were drawn. Headless runs (tests,
        benchmarks, ``--headless --frames N``) never wait."""
        limit = self.options.frames
        while self.running and self.stack:
            drawn = self.frame()
            if not self.options.headless:
                self.present(drawn)
                self.pace()
            if limit is not None and self.frame_count >= limit:
                break
        self.save_screenshot()
        return self.exit_code

    def save_screenshot(self) -> Path | None:
        path = self.options.screenshot
        if path is None:
            return None
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(path))
        return path
