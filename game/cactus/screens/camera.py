"""The play scene's camera: :class:`Camera` glides a :class:`~game.cactus.screens.view.TableView` from shot to shot,
and :class:`CameraDirector` decides the shots (the close view of the target cactus while a piece is taken
or a broken placement is shown, the whole table otherwise, never moving under the hand) and turns the
zoom keys, Ctrl+wheel and the middle button into shots.

Driven by ``update(dt)`` only (never a clock), so headless runs are exact.
"""

from __future__ import annotations

import pygame

from game import settings
from game.cactus.match import Match, Stage
from game.cactus.screens.view import GLIDE_TIME, MAX_ZOOM, ZOOM_STEP, TableView


class Camera:
    """Glides a :class:`TableView` from shot to shot (zoom, centre x), eased over ``GLIDE_TIME`` seconds.

    Driven by :meth:`update` with the frame's ``dt`` only (never a clock), so headless runs are exact.
    """

    def __init__(self, view: TableView) -> None:
        self.view = view
        self.start = (view.zoom, view.cx)
        self.goal = (view.zoom, view.cx)
        self.progress = 1.0

    @property
    def moving(self) -> bool:
        return self.progress < 1.0

    def aim(self, zoom: float, cx: float, *, instant: bool = False) -> None:
        goal = self.view.clamp_shot(zoom, cx)
        if instant or settings.reduced_motion():  # reduced motion: the camera cuts, never glides
            self.view.look(*goal)
            self.start = self.goal = goal
            self.progress = 1.0
            return
        if abs(goal[0] - self.goal[0]) < 1e-3 and abs(goal[1] - self.goal[1]) < 0.5:
            return
        self.start = (self.view.zoom, self.view.cx)
        self.goal = goal
        self.progress = 0.0

    def stop(self) -> None:
        """End a glide where it stands now (the view stays as it is)."""
        if self.progress < 1.0:
            self.start = self.goal = (self.view.zoom, self.view.cx)
            self.progress = 1.0

    def overview(self, *, instant: bool = False) -> None:
        self.aim(1.0, self.view.world_w / 2, instant=instant)

    def update(self, dt: float) -> None:
        if self.progress >= 1.0:
            self.view.look(*self.goal)
            return
        self.progress = min(1.0, self.progress + max(0.0, dt) / GLIDE_TIME)
        k = self.progress
        ease = k * k * (3 - 2 * k)  # smoothstep: gentle start and landing
        (z0, x0), (z1, x1) = self.start, self.goal
        zoom = z0 * (z1 / z0) ** ease  # even zoom speed (log space)
        self.view.look(zoom, x0 + (x1 - x0) * ease)


class CameraDirector:
    """Chooses what the camera shows for one match (see the module doc)."""

    def __init__(self, view: TableView, match: Match) -> None:
        self.view = view
        self.match = match
        self.camera = Camera(view)
        self.key: tuple[str, int | None, int] | None = None

    def handle_event(self, event: pygame.event.Event, table: pygame.Rect, pointer: tuple[int, int]) -> bool:
        """+ / - (and Ctrl+wheel) zoom, 0 or Home shows the whole table, the middle button toggles. While a piece is
        held they do nothing (the view never moves under the hand) and are taken, so they do not turn the piece."""
        if self.held() and self._zoom_event(event, table):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom_by(ZOOM_STEP, table, pointer)
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom_by(1 / ZOOM_STEP, table, pointer)
            elif event.key in (pygame.K_0, pygame.K_KP0, pygame.K_HOME):
                self.camera.overview()
            else:
                return False
            return True
        if event.type == pygame.MOUSEWHEEL and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.zoom_by(ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP, table, pointer)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 2 and table.collidepoint(event.pos):
            if self.camera.goal[0] > 1.05:
                self.camera.overview()
            else:
                shot = self.focus_shot()
                if shot is None:
                    self.zoom_by(ZOOM_STEP * ZOOM_STEP, table, pointer)
                else:
                    self.camera.aim(*shot)
            return True
        return False

    @staticmethod
    def _zoom_event(event: pygame.event.Event, table: pygame.Rect) -> bool:
        """Whether ``event`` is one of the camera's keys or buttons."""
        if event.type == pygame.KEYDOWN:
            return event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS,
                                 pygame.K_0, pygame.K_KP0, pygame.K_HOME)
        if event.type == pygame.MOUSEWHEEL:
            return bool(pygame.key.get_mods() & pygame.KMOD_CTRL)
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 2 and table.collidepoint(event.pos)

    def held(self) -> bool:
        """A piece is in the hand on the table, or let go and still settling: the view stays still under it."""
        return self.match.stage in (Stage.HOLDING, Stage.SETTLING)

    def zoom_by(self, factor: float, table: pygame.Rect, pointer: tuple[int, int]) -> None:
        """Zoom from the camera's goal; the table x under the pointer stays put (else the centre)."""
        zoom, cx = self.camera.goal
        new = zoom * factor
        if table.collidepoint(pointer):
            view = self.view
            wx = view.to_world(pointer)[0]
            new_scale = view.base_scale * min(max(new, 1.0), MAX_ZOOM)
            cx = wx - (pointer[0] - view.rect.centerx) / new_scale
        self.camera.aim(new, cx)

    def focus_cactus(self) -> int | None:
        """The cactus the close view shows: the target, or on the first turn the one nearest the piece."""
        m = self.match
        target = m.rules.target_cactus()
        if target is not None or m.piece is None or not m.world.has_piece(m.piece):
            return target
        x, _, _ = m.world.pose(m.piece)
        return min(range(len(m.world.cacti.cacti)), key=lambda i: abs(m.world.cactus(i).x - x))

    def focus_shot(self) -> tuple[float, float] | None:
        cactus = self.focus_cactus()
        if cactus is None:
            return None
        return self.view.focus_shot(self.match.world, cactus)

    def mode(self) -> str | None:
        """What the camera shows by itself: "focus" while a piece is taken or a broken placement is shown,
        "overview" otherwise; None while a piece is held or settles (the view never moves under the hand)."""
        m = self.match
        if m.stage == Stage.IN_HAND:
            return "focus"
        if m.stage == Stage.JUDGED:
            return "focus" if m.violations else "overview"
        if m.stage in (Stage.HOLDING, Stage.SETTLING):
            return None
        return "overview"

    def update(self, dt: float) -> None:
        if self.held():  # a glide begun before the hand took the piece ends where it is: the piece stays put
            self.camera.stop()
        mode = self.mode()
        if mode is not None:
            cactus = self.focus_cactus() if mode == "focus" else None
            key = ("focus" if cactus is not None else "overview", cactus, self.match.turn_key)
            if key != self.key:
                self.key = key
                shot = self.focus_shot() if cactus is not None else None  # only when the aim changes
                if shot is None:
                    self.camera.overview()
                else:
                    self.camera.aim(*shot)
        self.camera.update(dt)


__all__ = ["Camera", "CameraDirector"]
