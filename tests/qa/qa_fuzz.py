"""A seeded random-input driver for any scene stack (QA): mouse, wheel, keys, text, resizes."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pygame

from game.app import App, BaseScene

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE, pygame.K_u, pygame.K_q,
        pygame.K_e, pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS,
        pygame.K_SPACE, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_0,
        pygame.K_HOME, pygame.K_DELETE, pygame.K_l, pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_r,
        *[getattr(pygame, f"K_{i}") for i in range(1, 10)]]
MODS = [0, 0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_CTRL | pygame.KMOD_SHIFT]


def targets(scene: BaseScene | None, depth: int = 0) -> list[pygame.Rect]:
    """Rects of things a player would aim at: every attribute (or list item) of the scene with a rect."""
    found: list[pygame.Rect] = []
    if scene is None:
        return found

    def visit(obj: object, d: int) -> None:
        if d > 2 or len(found) > 400:
            return
        rect = getattr(obj, "rect", None)
        if isinstance(rect, pygame.Rect) and rect.w > 0 and rect.h > 0:
            found.append(rect)
        if isinstance(obj, list | tuple):
            for item in obj[:60]:
                visit(item, d + 1)
        elif d == 0 and hasattr(obj, "__dict__"):
            for value in vars(obj).values():
                visit(value, d + 1)

    visit(scene, 0)
    return found


class Fuzzer:
    """Posts a seeded stream of plausible input and runs frames on a virtual clock."""

    def __init__(self, app: App, seed: int, *, esc_weight: float = 0.01, resize_weight: float = 0.004,
                 keep_alive: Callable[[App], None] | None = None) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.now = 0
        self.pos = (app.size[0] // 2, app.size[1] // 2)
        self.held: set[int] = set()
        self.esc_weight = esc_weight
        self.resize_weight = resize_weight
        self.keep_alive = keep_alive
        self.log: list[str] = []

    def _post(self, event: pygame.event.Event) -> None:
        self.log.append(f"{pygame.event.event_name(event.type)} {event.dict}")
        del self.log[:-40]
        pygame.event.post(event)

    def _aim(self) -> tuple[int, int]:
        w, h = self.app.size
        rng = self.rng
        if rng.random() < 0.55:
            rects = targets(self.app.scene)
            if rects:
                r = rng.choice(rects)
                return (rng.randint(r.left, max(r.left, r.right - 1)), rng.randint(r.top, max(r.top, r.bottom - 1)))
        return (rng.randrange(w), rng.randrange(h))

    def events(self) -> Iterator[pygame.event.Event]:
        rng = self.rng
        r = rng.random()
        buttons = (int(1 in self.held), int(2 in self.held), int(3 in self.held))
        if r < self.esc_weight:
            yield pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41)
        elif r < self.esc_weight + self.resize_weight:
            w, h = rng.choice([(800, 600), (1024, 700), (1280, 800), (1920, 1080), (800, 1000)])
            yield pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
        elif r < 0.40:
            new = self._aim() if rng.random() < 0.5 else (
                min(max(self.pos[0] + rng.randint(-40, 40), 0), self.app.size[0] - 1),
                min(max(self.pos[1] + rng.randint(-40, 40), 0), self.app.size[1] - 1))
            rel = (new[0] - self.pos[0], new[1] - self.pos[1])
            self.pos = new
            yield pygame.event.Event(pygame.MOUSEMOTION, pos=new, rel=rel, buttons=buttons)
        elif r < 0.60:
            self.pos = self._aim()
            yield pygame.event.Event(pygame.MOUSEMOTION, pos=self.pos, rel=(0, 0), buttons=buttons)
            button = rng.choice([1, 1, 1, 1, 1, 2, 3])
            if button in self.held:
                self.held.discard(button)
                yield pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.pos, button=button)
            else:
                yield pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=button)
                if rng.random() < 0.6:
                    yield pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.pos, button=button)
                else:
                    self.held.add(button)
        elif r < 0.68:
            dy = rng.choice([-3, -1, -1, 1, 1, 3])
            yield pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                     precise_y=float(dy), which=0)
        elif r < 0.74:
            text = rng.choice(["a", "Z", "ä", "ß", "7", " ", "🌵", "x" * 40])
            yield pygame.event.Event(pygame.TEXTINPUT, text=text)
        elif r < 0.95:
            key = rng.choice(KEYS[1:])
            mod = rng.choice(MODS)
            uni = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
            yield pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0)
            yield pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=uni, scancode=0)
        # else: an idle frame

    def run(self, frames: int, frame_ms: int = 16) -> None:
        for _ in range(frames):
            for event in self.events():
                self._post(event)
            self.now += frame_ms if self.rng.random() < 0.97 else self.rng.choice([0, 300, 2000])
            try:
                self.app.frame(self.now)
            except Exception as exc:
                exc.add_note("last input:\n" + "\n".join(self.log[-15:]))
                raise
            if self.keep_alive is not None:
                self.keep_alive(self.app)
            if not self.app.running:
                self.app.running = True
                self.log.append("(app asked to quit; kept running)")
